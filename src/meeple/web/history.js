// The « Historique » / "History" panel of a room: every move in words in the player's language (the
// game's "history" query), the last one highlighted on the board, and a replay bar that steps from the
// start to now (the "replay" query: the player's own view after n moves, other seats' secrets still
// hidden). While replaying, the board is read-only; "Now" (or a step past the last move) goes back live.
import { clear, h, s } from "./dom.js";
import { t, tr } from "./i18n.js";

/** The replay bar's icons (drawn here: the ⏮ ⏭ characters are missing from common fonts). */
const ICONS = {
  start: "M4 4h2.5v12H4z M16 4v12L7 10z",
  back: "M14 4v12L5 10z",
  forward: "M6 4v12l9-6z",
  now: "M13.5 4H16v12h-2.5z M4 4v12l9-6z",
};

const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

/** A short "here it is" pulse on a board shape (nothing when the player asked for reduced motion). */
function pop(node) {
  if (calm.matches || typeof node.animate !== "function") return;
  // the glow only (a page may slide the same shape into place with a transform meanwhile)
  node.animate([{ filter: "drop-shadow(0 0 12px #f0a202) drop-shadow(0 0 12px #f0a202)" },
    { filter: "drop-shadow(0 0 3px #f0a202) drop-shadow(0 0 3px #f0a202)" }], { duration: 900, easing: "ease-out" });
}

const NOTATION_KEY = "meeple.notation"; // "off" once the player hid the notation column

/** Whether a key press belongs to a control that uses the arrows itself (a field, a menu, a stepper). */
function ownsArrows(target) {
  return Boolean(target?.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role=slider], [role=spinbutton], dialog[open]"));
}

/**
 * The panel. ``ctx``: ``query(name, params)``, ``playerName(player)``, ``show(state)`` (draw a state on
 * the board: the live one or a replayed one), ``lastMove(move)`` (the board selectors of a move, from the
 * game's page module), ``board`` (the element the page draws into), ``notation(state)`` (optional: the
 * moves so far in the game's notation, one text per move — Hive's UHP MoveStrings — shown beside the
 * sentences, with a button to hide them). The arrow keys step the replay (← →, Home, End).
 */
export function historyPanel(ctx) {
  const list = h("ol", { class: "history-list", id: "history-list", tabindex: 0 }); // scrollable: reachable by keyboard
  // the log region holds the list (a list item must stay inside a list for assistive technologies)
  const log = h("div", { class: "history-log", role: "log", "aria-labelledby": "history-title" }, list);
  const where = h("span", { class: "replay-where", id: "replay-where", "aria-live": "polite" });
  const button = (id, icon, fr, en, step) => {
    const element = h("button", { type: "button", class: "quiet replay-step", id, on: { click: () => go(step()) } },
      s("svg", { viewBox: "0 0 20 20", class: "replay-icon", "aria-hidden": "true" }, s("path", { d: ICONS[icon] })));
    element.relabel = () => {
      element.setAttribute("aria-label", t(fr, en));
      element.title = t(fr, en);
    };
    return element;
  };
  const steps = [
    button("replay-start", "start", "Revoir depuis le début", "Replay from the start", () => 0),
    button("replay-back", "back", "Coup précédent", "Previous move", () => (shown() ?? total()) - 1),
    button("replay-forward", "forward", "Coup suivant", "Next move", () => (shown() ?? total()) + 1),
    button("replay-now", "now", "Revenir à maintenant", "Back to now", () => null),
  ];
  const title = h("h2", { id: "history-title" });
  let showNotation = localStorage.getItem(NOTATION_KEY) !== "off";
  const notationToggle = ctx.notation ? h("button", { type: "button", class: "quiet notation-toggle", id: "notation-toggle",
    on: { click: () => {
      showNotation = !showNotation;
      localStorage.setItem(NOTATION_KEY, showNotation ? "on" : "off");
      draw();
    } } }) : null;
  const notice = h("p", { class: "replay-notice", id: "replay-notice", hidden: true });
  const element = h("section", { class: "history panel", id: "history" },
    h("div", { class: "history-head" }, title, notationToggle, h("div", { class: "replay-bar" }, steps[0], steps[1], where, steps[2], steps[3])),
    notice, log);

  let entries = [];
  let live = null; // the last live state
  let replay = null; // null (live) or {ply, state}
  let highlighted = [];
  let shownPly = null; // the move whose highlight is drawn (its pop plays once)
  const total = () => live?.moves ?? 0;
  const shown = () => (replay ? replay.ply : null);

  async function refresh() {
    if (!live) return;
    const known = Math.min(entries.length, live.moves);
    entries = entries.slice(0, known);
    if (known === live.moves) {
      draw();
      return;
    }
    const asked = live.version;
    const answer = await ctx.query("history", { after: known });
    if (!answer || !live || live.version !== asked) return; // a newer state asks again
    entries = [...entries.slice(0, known), ...answer.moves.filter((entry) => entry.ply > known)];
    draw();
  }

  async function go(ply) {
    if (ply === null || ply >= total()) {
      replay = null;
      ctx.show(live);
      draw();
      return;
    }
    const target = Math.max(0, ply);
    const answer = await ctx.query("replay", { ply: target });
    if (!answer) return;
    replay = {
      ply: answer.ply,
      state: { ...live, view: answer.view, to_move: answer.to_move, legal: null, seats: [], outcome: null,
        can_undo: false, moves: answer.ply, replay: true },
    };
    ctx.show(replay.state);
    draw();
  }

  function lineText(entry) {
    const players = live?.players || [];
    const player = entry.seat !== null && entry.seat !== undefined && players.length > 1 ? players[entry.seat] : null;
    return `${player ? `${ctx.playerName(player)} — ` : ""}${tr(entry.text)}`;
  }

  function draw() {
    title.textContent = t("Historique", "History");
    steps.forEach((step) => step.relabel());
    const at = shown() ?? total();
    steps[0].disabled = at === 0;
    steps[1].disabled = at === 0;
    steps[2].disabled = replay === null;
    steps[3].disabled = replay === null;
    where.textContent = replay ? t(`Coup ${at} / ${total()}`, `Move ${at} / ${total()}`) : (total() === 1 ? t("1 coup", "1 move") : t(`${total()} coups`, `${total()} moves`));
    notice.hidden = !replay;
    notice.textContent = replay ? t("Vous revoyez la partie : le plateau est en lecture seule.", "You are replaying the game: the board is read-only.") : "";
    element.classList.toggle("replaying", Boolean(replay));
    if (notationToggle) {
      notationToggle.textContent = t("Notation", "Notation");
      notationToggle.setAttribute("aria-pressed", String(showNotation));
      notationToggle.title = t("Montrer la notation des coups à côté des phrases", "Show the moves' notation beside the sentences");
    }
    const notation = notationToggle && showNotation ? ctx.notation(live) || [] : [];
    clear(list);
    list.classList.toggle("with-notation", notation.length > 0);
    if (!entries.length) list.append(h("li", { class: "muted empty" }, t("Aucun coup pour l'instant.", "No move yet.")));
    for (const entry of entries) {
      const written = notation[entry.ply - 1];
      list.append(h("li", { class: ["history-move", entry.ply === at && "current"], dataset: { ply: entry.ply },
        "aria-current": entry.ply === at ? "step" : null }, h("span", { class: "ply" }, `${entry.ply}.`), " ",
      written ? h("code", { class: "notation" }, written) : null, written ? " " : null, h("span", { class: "sentence" }, lineText(entry))));
    }
    const current = list.querySelector(".current");
    if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    markBoard();
  }

  /** Highlight the move that led to the position on the board (the last one, or the replayed one). */
  function markBoard() {
    for (const node of highlighted) node.classList.remove("last-move");
    highlighted = [];
    const at = shown() ?? total();
    const entry = entries.find((e) => e.ply === at);
    if (!entry) return;
    // a move seen for the first time (played now, or stepped to in the replay) shows itself: its shapes
    // pop once; a redraw of the same position only puts the highlight back
    const fresh = entry.ply !== shownPly;
    shownPly = entry.ply;
    for (const selector of ctx.lastMove(entry.move)) {
      for (const node of ctx.board.querySelectorAll(selector)) {
        node.classList.add("last-move");
        highlighted.push(node);
        if (fresh) pop(node);
      }
    }
  }

  /** ← → step the replay, Home goes to the start, End back to now (not while a field has the keys). */
  function onKey(event) {
    if (!element.isConnected || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || ownsArrows(event.target)) return;
    const at = shown() ?? total();
    const step = { ArrowLeft: at - 1, ArrowRight: replay ? at + 1 : undefined, Home: 0, End: null }[event.key];
    if (step === undefined || (step !== null && (step < 0 || (step === 0 && at === 0)))) return;
    event.preventDefault();
    go(step);
  }
  document.addEventListener("keydown", onKey);

  // a page redraws its board on its own (hover, selection): the highlight goes back on the new shapes
  const observer = new MutationObserver(() => {
    if (highlighted.some((node) => !node.isConnected)) markBoard();
  });
  observer.observe(ctx.board, { childList: true, subtree: true });

  return {
    element,
    /** A new live state: the list grows; a replay stays where it is, the live board waits. */
    update(state, reconnected = false) {
      if (reconnected) entries = [];
      live = state;
      if (replay && replay.ply > total()) replay = null;
      refresh(); // an answer for an older state is dropped: the newest state's call draws the list
      return replay ? replay.state : state;
    },
    /** True while the player looks at an earlier position. */
    replaying() {
      return replay !== null;
    },
    /** The state the board should show now (a replayed one while replaying). */
    shownState() {
      return replay ? replay.state : live;
    },
    relabel: draw,
    destroy() {
      observer.disconnect();
      document.removeEventListener("keydown", onKey);
    },
  };
}
