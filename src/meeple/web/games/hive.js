// Hive with the Centipede: the hex board (pan, zoom, rotate, « Centrer ») with both reserves in the action
// bar; click a piece (on the board or in your reserve) and then a target, or drag it there; play against
// the AI at a chosen strength. The moves in UHP notation in the History panel (notation()).
import { add, clear, h, keepFocus } from "../dom.js";
import { t } from "../i18n.js";
import { stageOf } from "../layout.js";
import { colourName, hiveTable, pieceLabel } from "./hive-board.js";

const EXPANSIONS = [["M", "Moustique", "Mosquito"], ["L", "Coccinelle", "Ladybug"], ["P", "Cloporte", "Pillbug"], ["C", "Mille-pattes", "Centipede"]];

/** A label at the start of a sentence: "White Ant 1: choose a cell." */
function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
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

function mount(root, ctx) {
  let state = null;
  let selected = null;
  const info = h("p", { class: "hive-info", id: "hive-info", "aria-live": "polite" });
  const actions = h("div", { class: "hive-actions" });
  const table = hiveTable({
    choose: (piece) => choose(piece),
    play: (move) => ctx.play(move),
    playerName: (colour) => ctx.playerName(state.players[colour === "w" ? 0 : 1]),
  });
  root.append(table.board);
  ctx.bar.append(info, table.reserves[0], table.reserves[1], actions);

  const myTurn = () => state.to_move !== null && state.seats.includes(state.to_move);
  const targetsOf = (name) => (myTurn() && state.view.targets[name]) || [];

  function choose(name) {
    selected = name;
    draw();
    if (selected) table.board.querySelector(".target")?.focus({ preventScroll: true });
  }

  /** Redraw everything; a keyboard player keeps the focus on the same piece or button. */
  function draw() {
    keepFocus(stageOf(root), () => {
      table.draw({ view: state.view, selected, targets: targetsOf, canAct: myTurn(), key: `${state.version}:${state.moves}` });
      drawInfo();
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
    } else if (state.replay) {
      info.textContent = t(`Aux ${colourName(view.colour_to_move)}s de jouer.`, `${view.colour_to_move === "w" ? "White" : "Black"} to move.`);
    } else {
      info.textContent = t(`Aux ${colourName(view.colour_to_move)}s de jouer…`, `${view.colour_to_move === "w" ? "White" : "Black"} to move…`);
    }
    if (view.last_move) add(actions, h("span", { class: "muted last-move-text" }, t("Dernier coup : ", "Last move: "), h("code", {}, view.last_move.uhp)));
    actions.hidden = !actions.children.length;
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
    destroy() {
      table.destroy();
    },
  };
}

/** The board shapes of a move, for the history's highlight: the cell the piece went to. */
function lastMove(move) {
  return move?.to ? [`[data-cell="${move.to[0]},${move.to[1]}"]`] : [];
}

/** The moves so far as UHP MoveStrings (the History panel shows them beside the sentences). */
function notation(state) {
  const parts = String(state?.view?.game_string || "").split(";");
  return parts.slice(3);
}

export default { setup, mount, lastMove, notation, actionBar: true };
