// The Hive table as Hive players know it (hivegame.com, Mzinga's viewer): the hex board that pans,
// zooms (wheel, pinch, buttons), rotates by sixths of a turn and keeps the hive in the middle, and the two
// reserves. A piece is played by click-click (the piece, then a cell) or by drag and drop (mouse or
// finger) from the reserve or on the board. Used by the room's page (hive.js) and the analysis board.
import { activatable, clear, h, s, tip } from "../dom.js";
import { t } from "../i18n.js";
import { boardView } from "../zoom.js";
import { bugName, insect, insectTile } from "./hive-insects.js";

export const SIZE = 30;
const SQRT3 = Math.sqrt(3);
export const BUGS = ["Q", "S", "B", "G", "A", "M", "L", "P", "C"];
const DRAG_THRESHOLD_PX = 6; // a press that moves less is a click

/** "blanc" / "white". */
export function colourName(letter) {
  return letter === "w" ? t("blanc", "white") : t("noir", "black");
}

/** Bugs whose French name is feminine: their colour agrees ("Reine blanche", "Scarabée blanc"). */
const FEMININE = new Set(["Q", "S", "G", "A", "L"]);

/** A piece's name in words: "Fourmi blanche 1", "white Ant 1". */
export function pieceLabel(name) {
  const number = name.length > 2 ? ` ${name.slice(2)}` : "";
  const colour = colourName(name[0]);
  if (FEMININE.has(name[1])) return t(`${bugName(name[1])} ${name[0] === "w" ? "blanche" : "noire"}${number}`, `${colour} ${bugName(name[1])}${number}`);
  return t(`${bugName(name[1])} ${colour}${number}`, `${colour} ${bugName(name[1])}${number}`);
}

function hexCorners(x, y) {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = Math.PI / 180 * (60 * i - 30);
    return `${(x + SIZE * Math.cos(angle)).toFixed(1)},${(y + SIZE * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

/** Axial (q, r) turned ``sixths`` sixths of a turn clockwise about (0, 0). */
export function rotated(q, r, sixths) {
  let [a, b] = [q, r];
  for (let i = 0; i < ((sixths % 6) + 6) % 6; i += 1) [a, b] = [-b, a + b];
  return [a, b];
}

/**
 * The table. ``options``: ``choose(piece | null)`` (select or deselect a piece), ``play(move)`` (a move
 * as the engine's JSON), ``playerName(colour)``. Returns ``{board, reserves: [white, black], draw(model),
 * rotate(), destroy()}``; ``model``: ``{view, selected, targets(piece) → [[q, r, swap]], canAct, key}``
 * (``key`` names the position: the piece just moved slides once per key).
 */
export function hiveTable(options) {
  let model = null;
  let rotation = 0;
  const svg = s("svg", { class: "board hive-board", role: "group" });
  const rotate = h("button", { type: "button", class: "quiet board-tool", id: "hive-rotate", dataset: { tool: "rotate" },
    on: { click: () => { rotation = (rotation + 1) % 6; view.centre(); draw(model); } } }, "⟳");
  const view = boardView(svg, { cell: SIZE * SQRT3, fill: true, wheel: true, maxScale: 1.5, tools: [rotate],
    grab: (event) => Boolean(event.target.closest?.(".stack.movable")) });
  const reserves = [h("div", { class: "reserve", id: "reserve-w" }), h("div", { class: "reserve", id: "reserve-b" })];
  let slid = null;

  const pixel = (q, r) => {
    const [a, b] = rotated(q, r, rotation);
    return [SIZE * SQRT3 * (a + b / 2), SIZE * 1.5 * b];
  };

  /** The piece just moved slides from its old cell (once per position; not with reduced motion). */
  function slide(group, [fromX, fromY], [toX, toY]) {
    slid = model.key;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || typeof group.animate !== "function") return;
    group.animate([{ transform: `translate(${fromX - toX}px, ${fromY - toY}px)` }, { transform: "none" }],
      { duration: 380, easing: "ease-in-out" });
  }

  function moveOf(piece, [q, r, swap]) {
    return swap ? { piece, to: [q, r], swap: true } : { piece, to: [q, r] };
  }

  function drawBoard() {
    const { view: position, selected } = model;
    const targets = selected ? model.targets(selected) : [];
    const cells = [...position.stacks.map((stack) => [stack.q, stack.r]), ...targets.map(([q, r]) => [q, r])];
    clear(svg);
    svg.setAttribute("aria-label", t("La ruche", "The hive"));
    const points = (cells.length ? cells : [[0, 0]]).map(([q, r]) => pixel(q, r));
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const pad = SIZE * 1.2;
    // the hive in the middle: what is drawn, a hex's width around it, and never smaller than a few hexes
    const middle = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const width = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, SIZE * 8);
    const height = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, SIZE * 6);
    if (!position.stacks.length && !targets.length) {
      // an empty white box said nothing: tell where the game starts
      svg.append(s("text", { x: middle[0], y: middle[1], class: "empty-hint" },
        model.canAct ? t("Choisissez une pièce dans votre réserve.", "Pick a piece from your reserve.")
          : t("La ruche est encore vide.", "The hive is still empty.")));
    }
    const last = position.last_move;
    for (const stack of position.stacks) {
      const [x, y] = pixel(stack.q, stack.r);
      const top = stack.pieces[stack.pieces.length - 1];
      const movable = model.canAct && model.targets(top).length > 0;
      const wasMoved = last && last.to && last.to[0] === stack.q && last.to[1] === stack.r;
      const group = s("g", { class: ["stack", top[0] === "w" ? "white" : "black", selected === top && "selected", movable && "movable", wasMoved && "last"],
        dataset: { piece: top, cell: `${stack.q},${stack.r}` } },
      s("polygon", { points: hexCorners(x, y), class: "hex" }),
      insect(top[1], x, y, 40),
      stack.pieces.length > 1 ? s("text", { x: x + 14, y: y - 12, class: "height" }, String(stack.pieces.length)) : null);
      const label = `${pieceLabel(top)}${stack.pieces.length > 1 ? `, ${t("sur", "on")} ${stack.pieces.slice(0, -1).map(pieceLabel).join(", ")}` : ""}`;
      if (wasMoved && last.from && model.key !== slid) slide(group, pixel(last.from[0], last.from[1]), [x, y]);
      if (movable) {
        activatable(group, label, () => options.choose(selected === top ? null : top));
        draggable(group, top);
      }
      tip(group, label); // the piece's name on hover, movable or not
      svg.append(group);
    }
    for (const target of targets) {
      const [q, r, swap] = target;
      const [x, y] = pixel(q, r);
      const spot = s("g", { class: ["target", swap && "swap"], dataset: { to: `${q},${r}`, swap: swap ? "1" : "" } },
        s("polygon", { points: hexCorners(x, y), class: "hex" }),
        swap ? s("text", { x, y: y + 6, class: "swap-glyph" }, "⇄") : null);
      activatable(spot, `${pieceLabel(selected)} → ${q},${r}${swap ? ` (${t("échange", "swap")})` : ""}`,
        () => options.play(moveOf(selected, target)));
      svg.append(spot);
    }
    view.setContent({ x: middle[0] - width / 2, y: middle[1] - height / 2, width, height });
    rotate.setAttribute("aria-label", t("Tourner le plateau", "Rotate the board"));
    rotate.title = rotate.getAttribute("aria-label");
  }

  function drawReserves() {
    const { view: position, selected } = model;
    ["w", "b"].forEach((colour, index) => {
      const box = reserves[index];
      clear(box);
      const moving = position.colour_to_move === colour;
      box.classList.toggle("to-move", moving);
      box.append(h("h3", {}, `${colourName(colour)} — ${options.playerName(colour)}`));
      const list = h("ul", { class: "reserve-list" });
      for (const bug of BUGS) {
        const count = position.reserves[colour]?.[bug];
        if (!count) continue;
        const piece = moving ? position.placeable?.[bug] : null;
        const usable = model.canAct && piece && model.targets(piece).length > 0;
        const label = `${bugName(bug)} × ${count}`;
        const item = usable
          ? h("button", { type: "button", class: ["reserve-piece", colour, selected === piece && "selected"], dataset: { piece },
            "aria-pressed": String(selected === piece), "aria-label": label, title: label, on: { click: () => options.choose(selected === piece ? null : piece) } },
          insectTile(bug, colour, ""), h("span", { class: "reserve-name" }, bugName(bug)), h("span", { class: "reserve-count" }, `× ${count}`))
          : h("span", { class: ["reserve-piece", colour, "idle"], title: label },
            insectTile(bug, colour, ""), h("span", { class: "reserve-name" }, bugName(bug)), h("span", { class: "reserve-count" }, `× ${count}`));
        if (usable) draggable(item, piece);
        list.append(h("li", {}, item));
      }
      if (!list.children.length) list.append(h("li", { class: "muted" }, t("Réserve vide", "Reserve empty")));
      box.append(list);
    });
  }

  // --- drag and drop: a press on a piece that moves past the threshold carries it -------------------
  let drag = null; // {piece, x, y, ghost, over, started}

  function draggable(element, piece) {
    element.classList.add("draggable");
    element.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      drag = { piece, x: event.clientX, y: event.clientY, ghost: null, over: null, started: false, id: event.pointerId };
    });
  }

  function targetAt(x, y) {
    const under = document.elementFromPoint(x, y);
    return under?.closest?.(".hive-board .target") || null;
  }

  function onMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD_PX) return;
      drag.started = true;
      if (model.selected !== drag.piece) options.choose(drag.piece); // its targets appear
      const bug = drag.piece[1];
      drag.ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" }, insectTile(bug, drag.piece[0], ""));
      document.body.append(drag.ghost);
      document.body.classList.add("dragging-piece");
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
    const over = targetAt(event.clientX, event.clientY);
    if (over !== drag.over) {
      drag.over?.classList.remove("drop-hover");
      over?.classList.add("drop-hover");
      drag.over = over;
    }
  }

  function onUp(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const ended = drag;
    drag = null;
    if (!ended.started) return; // a click: the click handler chooses the piece
    ended.ghost?.remove();
    document.body.classList.remove("dragging-piece");
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const over = event.type === "pointerup" ? targetAt(event.clientX, event.clientY) : null;
    if (over && model.selected === ended.piece) {
      const [q, r] = over.dataset.to.split(",").map(Number);
      options.play(moveOf(ended.piece, [q, r, over.dataset.swap === "1"]));
    } else {
      options.choose(null); // dropped off the targets: nothing happens, the piece goes back
    }
  }

  let swallowClick = false;
  const onClick = (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  };
  window.addEventListener("pointermove", onMove, { passive: false });
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);
  window.addEventListener("click", onClick, true);

  function draw(next) {
    model = next;
    if (!model) return;
    drawBoard();
    drawReserves();
  }

  return {
    board: view.element,
    reserves,
    draw,
    view,
    destroy() {
      view.destroy();
      drag?.ghost?.remove();
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      window.removeEventListener("click", onClick, true);
    },
  };
}
