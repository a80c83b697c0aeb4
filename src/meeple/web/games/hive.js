// Hive with the Centipede: the hex board (pan, zoom, rotate, « Centrer ») with both reserves in the action
// bar; click a piece (on the board or in your reserve) and then a target, or drag it there; play against
// the AI at a chosen strength. The moves in UHP notation in the History panel (notation()), the game as a
// UHP GameString to export and import (hive-files.js), and the analysis board: a room where this browser
// plays both sides, with the engine's best move, evaluation and line (hive-analysis.js).
import { add, clear, h, keepFocus } from "../dom.js";
import { t } from "../i18n.js";
import { stageOf } from "../layout.js";
import { analysisPanel } from "./hive-analysis.js";
import { colourName, hiveTable, pieceLabel } from "./hive-board.js";
import { exportPanel, importForm } from "./hive-files.js";

const EXPANSIONS = [["M", "Moustique", "Mosquito"], ["L", "Coccinelle", "Ladybug"], ["P", "Cloporte", "Pillbug"], ["C", "Mille-pattes", "Centipede"]];

/** A label at the start of a sentence: "White Ant 1: choose a cell." */
function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function setup(root, ctx) {
  const boxes = EXPANSIONS.map(([letter, fr, en]) => h("label", { class: "choice" },
    h("input", { type: "checkbox", name: "expansion", value: letter, checked: true }), t(fr, en)));
  const gameType = () => {
    const letters = [...root.querySelectorAll("input[name=expansion]:checked")].map((box) => box.value).join("");
    return letters ? `Base+${letters}` : "Base";
  };
  // the analysis board: both sides played here, the engine's advice at hand
  const analysis = h("button", { type: "button", id: "hive-analysis-board", on: { click: () =>
    ctx.start({ options: { game_type: gameType() }, mode: "local", seats: [{ kind: "human" }, { kind: "human" }], seatCount: 2 }) } },
  t("Plateau d'analyse", "Analysis board"));
  root.append(h("fieldset", {}, h("legend", {}, t("Pièces en plus de la base", "Pieces besides the base game")), boxes),
    h("div", { class: "hive-setup-more" }, analysis, h("span", { class: "muted" },
      t("jouez les deux camps et demandez son avis au moteur", "play both sides and ask the engine"))),
    importForm(ctx));
  return () => ({ options: { game_type: gameType() }, seatCount: 2 });
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
  let line = null; // a position of the engine's line shown on the board (read-only), or null
  const engine = analysisPanel(ctx, { show: (view) => { line = view; draw(); } });
  const files = exportPanel(ctx, () => state);
  ctx.details.append(engine.element, files.element);

  const myTurn = () => !line && state.to_move !== null && state.seats.includes(state.to_move);
  const targetsOf = (name) => (myTurn() && state.view.targets[name]) || [];

  function choose(name) {
    selected = name;
    draw();
    if (selected) table.board.querySelector(".target")?.focus({ preventScroll: true });
  }

  /** Redraw everything; a keyboard player keeps the focus on the same piece or button. */
  function draw() {
    keepFocus(stageOf(root), () => {
      if (line) table.draw({ view: line, selected: null, targets: () => [], canAct: false, key: `line:${line.ply}` });
      else table.draw({ view: state.view, selected, targets: targetsOf, canAct: myTurn(), key: `${state.version}:${state.moves}` });
      drawInfo();
      files.draw();
    });
  }

  function drawInfo() {
    const view = state.view;
    clear(actions);
    if (line) {
      info.textContent = t("Suite du moteur (lecture seule)", "The engine's line (read-only)");
    } else if (state.outcome) {
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
    const shownLast = (line || view).last_move; // the move that led to the position on the board
    if (shownLast) add(actions, h("span", { class: "muted last-move-text" }, t("Dernier coup : ", "Last move: "), h("code", {}, shownLast.uhp)));
    actions.hidden = !actions.children.length;
  }

  return {
    update(next) {
      // The selection ends with the next state, not with the move's acknowledgement: the state comes
      // first, and the player may already have chosen the next piece when the acknowledgement follows.
      if (state && next.version !== state.version) selected = null;
      state = next;
      if (selected && !targetsOf(selected).length) selected = null;
      engine.draw(state); // an answer for an older position goes, and the line it showed
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
