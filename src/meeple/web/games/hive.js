// Hive with the Centipede: the hex board with both reserves; click a piece (on the board or in your
// reserve) to see its legal targets, click a target to play; play against the AI at a chosen strength.
import { activatable, add, clear, h, keepFocus, s, tip } from "../dom.js";
import { t } from "../i18n.js";
import { bugName, insect, insectTile } from "./hive-insects.js";

const SIZE = 30;
const SQRT3 = Math.sqrt(3);
const BUGS = ["Q", "S", "B", "G", "A", "M", "L", "P", "C"];
const EXPANSIONS = [["M", "Moustique", "Mosquito"], ["L", "Coccinelle", "Ladybug"], ["P", "Cloporte", "Pillbug"], ["C", "Mille-pattes", "Centipede"]];


/** A label at the start of a sentence: "White Ant 1: choose a cell." */
function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function colourName(letter) {
  return letter === "w" ? t("blanc", "white") : t("noir", "black");
}

/** Bugs whose French name is feminine: their colour agrees ("Reine blanche", "Scarabée blanc"). */
const FEMININE = new Set(["Q", "S", "G", "A", "L"]);

function pieceLabel(name) {
  const number = name.length > 2 ? ` ${name.slice(2)}` : "";
  const colour = colourName(name[0]);
  if (FEMININE.has(name[1])) return t(`${bugName(name[1])} ${name[0] === "w" ? "blanche" : "noire"}${number}`, `${colour} ${bugName(name[1])}${number}`);
  return t(`${bugName(name[1])} ${colour}${number}`, `${colour} ${bugName(name[1])}${number}`);
}

function setup(root) {
  const boxes = EXPANSIONS.map(([letter, fr, en]) => h("label", { class: "choice" },
    h("input", { type: "checkbox", name: "expansion", value: letter, checked: true }), t(fr, en)));
  root.append(h("fieldset", {}, h("legend", {}, t("Pièces en plus de la base", "Pieces besides the base game")), boxes));
  return () => {
    const letters = [...root.querySelectorAll("input[name=expansion]:checked")].map((box) => box.value).join("");
    return { options: { game_type: letters ? `Base+${letters}` : "Base" }, seatCount: 2 };
  };
}

function hexCorners(x, y) {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = Math.PI / 180 * (60 * i - 30);
    return `${(x + SIZE * Math.cos(angle)).toFixed(1)},${(y + SIZE * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

function pixel(q, r) {
  return [SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r];
}

function mount(root, ctx) {
  let state = null;
  let selected = null;
  const board = s("svg", { class: "board hive-board", role: "group" });
  const reserves = [h("div", { class: "reserve", id: "reserve-w" }), h("div", { class: "reserve", id: "reserve-b" })];
  const info = h("p", { class: "hive-info", id: "hive-info", "aria-live": "polite" });
  const actions = h("div", { class: "hive-actions" });
  root.append(h("div", { class: "game-layout hive-layout" },
    h("div", {}, board, info, actions),
    h("aside", {}, reserves[0], reserves[1])));

  let slid = null; // the state whose moved piece already slid into place

  /** The piece just moved slides from its old cell (once per state; not with reduced motion). */
  function slide(group, [fromX, fromY], [toX, toY]) {
    slid = `${state.version}:${state.moves}`; // a replayed position has its own number of moves
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || typeof group.animate !== "function") return;
    group.animate([{ transform: `translate(${fromX - toX}px, ${fromY - toY}px)` }, { transform: "none" }],
      { duration: 380, easing: "ease-in-out" });
  }

  const myTurn = () => state.to_move !== null && state.seats.includes(state.to_move);
  const targetsOf = (name) => (myTurn() && state.view.targets[name]) || [];

  function choose(name) {
    selected = selected === name ? null : name;
    draw();
    if (selected) board.querySelector(".target")?.focus({ preventScroll: true });
  }

  /** Redraw everything; a keyboard player keeps the focus on the same piece or button. */
  function draw() {
    keepFocus(root, () => {
      drawBoard();
      drawReserves();
      drawInfo();
    });
  }

  function drawBoard() {
    const view = state.view;
    const targets = selected ? targetsOf(selected) : [];
    const cells = [...view.stacks.map((stack) => [stack.q, stack.r]), ...targets.map(([q, r]) => [q, r])];
    if (!cells.length) cells.push([0, 0]);
    const points = cells.map(([q, r]) => pixel(q, r));
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const pad = SIZE * 2;
    const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
    const width = Math.max(Math.max(...xs) - minX + pad, SIZE * 10), height = Math.max(Math.max(...ys) - minY + pad, SIZE * 7);
    clear(board);
    board.setAttribute("viewBox", `${minX} ${minY} ${width} ${height}`);
    board.setAttribute("aria-label", t("La ruche", "The hive"));
    if (!view.stacks.length && !targets.length) {
      // an empty white box said nothing: tell where the game starts
      board.append(s("text", { x: minX + width / 2, y: minY + height / 2, class: "empty-hint" },
        myTurn() ? t("Choisissez une pièce dans votre réserve.", "Pick a piece from your reserve.")
          : t("La ruche est encore vide.", "The hive is still empty.")));
    }
    const last = view.last_move;
    for (const stack of view.stacks) {
      const [x, y] = pixel(stack.q, stack.r);
      const top = stack.pieces[stack.pieces.length - 1];
      const movable = targetsOf(top).length > 0;
      const wasMoved = last && last.to && last.to[0] === stack.q && last.to[1] === stack.r;
      const group = s("g", { class: ["stack", top[0] === "w" ? "white" : "black", selected === top && "selected", movable && "movable", wasMoved && "last"], dataset: { piece: top, cell: `${stack.q},${stack.r}` } },
        s("polygon", { points: hexCorners(x, y), class: "hex" }),
        insect(top[1], x, y, 40),
        stack.pieces.length > 1 ? s("text", { x: x + 14, y: y - 12, class: "height" }, String(stack.pieces.length)) : null);
      const label = `${pieceLabel(top)}${stack.pieces.length > 1 ? `, ${t("sur", "on")} ${stack.pieces.slice(0, -1).map(pieceLabel).join(", ")}` : ""}`;
      if (wasMoved && last.from && `${state.version}:${state.moves}` !== slid) slide(group, pixel(last.from[0], last.from[1]), [x, y]);
      if (movable) activatable(group, label, () => choose(top));
      tip(group, label); // the piece's name on hover, movable or not
      board.append(group);
    }
    for (const [q, r, swap] of targets) {
      const [x, y] = pixel(q, r);
      const move = swap ? { piece: selected, to: [q, r], swap: true } : { piece: selected, to: [q, r] };
      const spot = s("g", { class: ["target", swap && "swap"], dataset: { to: `${q},${r}` } },
        s("polygon", { points: hexCorners(x, y), class: "hex" }),
        swap ? s("text", { x, y: y + 6, class: "swap-glyph" }, "⇄") : null);
      activatable(spot, `${pieceLabel(selected)} → ${q},${r}${swap ? ` (${t("échange", "swap")})` : ""}`, () => ctx.play(move));
      board.append(spot);
    }
  }

  function drawReserves() {
    const view = state.view;
    ["w", "b"].forEach((colour, index) => {
      const box = reserves[index];
      const owner = state.players[index];
      clear(box);
      box.append(h("h3", {}, `${colourName(colour)} — ${ctx.playerName(owner)}`));
      const list = h("ul", { class: "reserve-list" });
      for (const bug of BUGS) {
        const count = view.reserves[colour]?.[bug];
        if (!count) continue;
        const piece = view.colour_to_move === colour ? view.placeable?.[bug] : null;
        const usable = piece && targetsOf(piece).length > 0;
        const label = `${bugName(bug)} × ${count}`;
        const item = usable
          ? h("button", { type: "button", class: ["reserve-piece", colour, selected === piece && "selected"], dataset: { piece },
            "aria-pressed": String(selected === piece), on: { click: () => choose(piece) } }, insectTile(bug, colour, ""), ` ${label}`)
          : h("span", { class: ["reserve-piece", colour, "idle"] }, insectTile(bug, colour, ""), ` ${label}`);
        list.append(h("li", {}, item));
      }
      box.append(list);
    });
  }

  function drawInfo() {
    const view = state.view;
    clear(actions);
    if (state.outcome) {
      info.textContent = "";
    } else if (myTurn()) {
      info.textContent = selected ? t(`${pieceLabel(selected)} : choisissez une case.`, `${capitalised(pieceLabel(selected))}: choose a cell.`)
        : t(`À vous (${colourName(view.colour_to_move)}) : choisissez une pièce.`, `Your move (${colourName(view.colour_to_move)}): choose a piece.`);
      if (!Object.keys(view.targets).length) {
        add(actions, h("button", { type: "button", id: "pass", on: { click: () => ctx.play({ pass: true }) } }, t("Passer", "Pass")));
      }
    } else {
      info.textContent = t(`Aux ${colourName(view.colour_to_move)}s de jouer…`, `${view.colour_to_move === "w" ? "White" : "Black"} to move…`);
    }
    if (view.last_move) add(actions, h("span", { class: "muted" }, t("Dernier coup : ", "Last move: "), h("code", {}, view.last_move.uhp)));
  }

  return {
    update(next) {
      // The selection ends with the next state, not with the move's acknowledgement: the state comes
      // first, and the player may already have chosen the next piece when the acknowledgement follows.
      if (state && next.version !== state.version) selected = null;
      state = next;
      if (selected && !targetsOf(selected).length) selected = null;
      draw();
    },
    destroy() {},
  };
}

/** The board shapes of a move, for the history's highlight: the cell the piece went to. */
function lastMove(move) {
  return move?.to ? [`[data-cell="${move.to[0]},${move.to[1]}"]`] : [];
}

export default { setup, mount, lastMove };
