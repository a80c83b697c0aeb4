// The analysis board's engine panel: in a Hive room where this browser plays both sides (set up a
// position by playing it, or import a game), ask the engine (the room query "analyse": the Hive AI's
// search in a server worker, 5 s at most) for its best move and evaluation, and step through the line it
// expects (its principal variation) on the board; « Jouer ce coup » plays the best move.
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";
import { colourName } from "./hive-board.js";

const BUDGETS = [0.5, 1, 3, 5]; // seconds of search offered (the server allows 5 at most)

/** Who the evaluation favours, in words: the score is for the side to move (``colour``). */
function evaluationText(answer) {
  const mover = answer.colour;
  const other = mover === "w" ? "b" : "w";
  if (answer.forced_in !== null && answer.forced_in !== undefined) {
    const winner = answer.score > 0 ? mover : other;
    return t(`les ${colourName(winner)}s gagnent de force en ${answer.forced_in} demi-coup${answer.forced_in > 1 ? "s" : ""}`,
      `${winner === "w" ? "White" : "Black"} wins by force in ${answer.forced_in} ${answer.forced_in > 1 ? "plies" : "ply"}`);
  }
  const white = mover === "w" ? answer.score : -answer.score;
  const sign = white > 0 ? "+" : white < 0 ? "−" : "±";
  return t(`${sign}${Math.abs(white)} pour les blancs`, `${sign}${Math.abs(white)} for White`);
}

/**
 * The panel. ``ctx``: the room context (``query``, ``play``); ``board``: ``show(view | null)`` (draw a
 * position of the line on the board, or the room's own again). Returns ``{element, draw(state)}``.
 */
export function analysisPanel(ctx, board) {
  let state = null;
  let answer = null; // the engine's last answer, for the position of ``askedAt``
  let askedAt = null;
  let step = 0; // 0: the room's position; k: after the k-th move of the line
  let asking = false;
  const title = h("h3", {});
  const budget = h("select", { id: "hive-analysis-time" });
  const budgetLabel = h("label", { for: "hive-analysis-time" });
  const ask = h("button", { type: "button", class: "primary", id: "hive-analyse", on: { click: () => run() } });
  const result = h("div", { class: "hive-analysis-result", id: "hive-analysis-result", "aria-live": "polite" });
  const element = h("section", { class: "hive-analysis panel", id: "hive-analysis", "aria-labelledby": "hive-analysis-title" },
    h("div", { class: "hive-analysis-head" }, title, budgetLabel, budget, ask), result);
  title.id = "hive-analysis-title";

  async function run() {
    if (asking || !state) return;
    asking = true;
    const version = state.version;
    drawNow();
    const found = await ctx.query("analyse", { seconds: Number(budget.value) });
    asking = false;
    if (state && state.version === version && found) {
      answer = found;
      askedAt = version;
      step = 0;
    }
    drawNow();
  }

  function go(next) {
    if (!answer) return;
    step = Math.max(0, Math.min(next, answer.pv.length));
    board.show(step ? answer.pv[step - 1].view : null);
    drawNow();
  }

  function drawNow() {
    title.textContent = t("Moteur", "Engine");
    budgetLabel.textContent = t("Temps", "Time");
    const chosen = budget.value || "1";
    clear(budget).append(...BUDGETS.map((seconds) => h("option", { value: String(seconds) }, t(`${String(seconds).replace(".", ",")} s`, `${seconds} s`))));
    budget.value = chosen;
    ask.textContent = asking ? t("Le moteur cherche…", "The engine is searching…") : t("Meilleur coup", "Best move");
    ask.disabled = asking;
    clear(result);
    if (!answer) {
      result.append(h("p", { class: "muted" }, t("Demandez au moteur son meilleur coup et la suite qu'il prévoit.",
        "Ask the engine for its best move and the line it expects.")));
      return;
    }
    result.append(
      h("p", {}, t("Meilleur coup : ", "Best move: "), h("code", { id: "hive-best" }, answer.best), " · ",
        h("span", { id: "hive-evaluation" }, evaluationText(answer)),
        h("span", { class: "muted" }, ` · ${t("profondeur", "depth")} ${answer.depth}`)),
      h("ol", { class: "hive-pv", id: "hive-pv" }, answer.pv.map((entry, index) => h("li", {},
        h("button", { type: "button", class: ["quiet", "pv-move", step === index + 1 && "current"], dataset: { step: index + 1 },
          "aria-pressed": String(step === index + 1), on: { click: () => go(index + 1) } }, entry.uhp)))),
      h("div", { class: "hive-pv-steps" },
        h("button", { type: "button", id: "pv-back", disabled: step === 0, on: { click: () => go(step - 1) } }, t("◀ Coup précédent", "◀ Previous")),
        h("button", { type: "button", id: "pv-forward", disabled: step >= answer.pv.length, on: { click: () => go(step + 1) } }, t("Coup suivant ▶", "Next ▶")),
        h("button", { type: "button", id: "pv-now", disabled: step === 0, on: { click: () => go(0) } }, t("Position actuelle", "Current position")),
        h("button", { type: "button", id: "pv-play", on: { click: () => ctx.play(answer.move) } }, t("Jouer ce coup", "Play this move"))),
      step ? h("p", { class: "replay-notice", id: "pv-notice" }, t(`Suite du moteur, coup ${step} / ${answer.pv.length} : le plateau la montre.`,
        `The engine's line, move ${step} / ${answer.pv.length}: the board shows it.`)) : null);
  }

  return {
    element,
    /** A new room state: the panel shows itself where the browser plays both sides, and an answer for an
     * older position goes (its line too). */
    draw(next) {
      state = next;
      const open = state.seats.length === state.players.length && !state.replay && !state.outcome && state.to_move !== null;
      element.hidden = !open;
      if (answer && (askedAt !== state.version || !open)) {
        answer = null;
        if (step) board.show(null);
        step = 0;
      }
      drawNow();
    },
    /** True while the board shows a position of the engine's line. */
    showingLine: () => step > 0,
  };
}
