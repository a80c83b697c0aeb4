// A Hive game as UHP text, the way Hive players exchange games (Mzinga, BoardSpace's UHP viewers): the room
// exports its GameString (copy or download), and a GameString is imported on the new-game page (pasted or
// read from a file) to replay and analyse it, or to continue it against the computer. The server reads the
// text (catalogue question read_game) into the moves the new room starts from.
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";

/** Offer ``text`` as a file (the browser's download; nothing leaves the machine). */
function saveText(filename, text) {
  const blob = new Blob([text], { type: "text/plain" });
  const link = h("a", { href: URL.createObjectURL(blob), download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The seats of a new room from an imported game: "review" (both yours), or "computer" (you play the
 * side to move next, the computer the other, at ``level``). */
function seatsFor(how, moves, level) {
  if (how === "review") return [{ kind: "human" }, { kind: "human" }];
  const whiteToMove = moves.length % 2 === 0;
  const computer = { kind: "ai", level };
  return whiteToMove ? [{ kind: "human" }, computer] : [computer, { kind: "human" }];
}

/**
 * The import section of Hive's new-game page. ``ctx``: the setup context (``catalog``, ``start``,
 * ``toast``). Returns its element.
 */
export function importForm(ctx) {
  const text = h("textarea", { id: "hive-import-text", rows: 3, spellcheck: false, autocomplete: "off",
    placeholder: "Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ \\wS1;bQ bG1-" });
  const problem = h("p", { class: "error", id: "hive-import-problem", role: "alert" });
  const file = h("input", { type: "file", accept: ".txt,.uhp,text/plain", id: "hive-import-file", hidden: true,
    on: { change: async () => {
      const chosen = file.files && file.files[0];
      file.value = "";
      if (!chosen) return;
      if (chosen.size > 64 * 1024) {
        problem.textContent = t("Ce fichier est trop gros pour une partie (64 ko au plus).", "This file is too big for a game (64 kB at most).");
        return;
      }
      text.value = (await chosen.text()).trim();
    } } });

  async function open(how) {
    problem.textContent = "";
    let game;
    try {
      game = await ctx.catalog("read_game", { game_string: text.value.trim() });
    } catch (error) {
      problem.textContent = tr(error.bilingual) || String(error.message || error);
      return;
    }
    const level = document.getElementById("ai-level")?.value || ctx.game.default_level;
    await ctx.start({ options: { game_type: game.game_type }, mode: "local", seats: seatsFor(how, game.moves, level),
      moves: game.moves, seatCount: 2 });
  }

  const button = (id, label, how, primary = false) => h("button", { type: "button", id, class: primary ? "primary" : "",
    on: { click: () => open(how) } }, label);
  return h("details", { class: "hive-import", id: "hive-import" },
    h("summary", {}, t("Importer une partie (UHP)", "Import a game (UHP)")),
    h("p", { class: "muted" }, t("Collez une GameString UHP (Mzinga, BoardSpace…) ou ouvrez un fichier texte.",
      "Paste a UHP GameString (Mzinga, BoardSpace…) or open a text file.")),
    h("label", { for: "hive-import-text" }, t("GameString", "GameString")), text,
    h("div", { class: "hive-import-buttons" },
      h("button", { type: "button", id: "hive-import-open-file", on: { click: () => file.click() } }, t("Ouvrir un fichier…", "Open a file…")),
      button("hive-import-review", t("Revoir et analyser", "Replay and analyse"), "review", true),
      button("hive-import-continue", t("Continuer contre l'ordinateur", "Continue against the computer"), "computer"),
      file),
    problem);
}

/**
 * The room's « Partie en UHP » panel: the GameString of the position shown (the live one, or the one
 * replayed), to copy or download, and a new analysis room from there. ``ctx``: the room context;
 * ``shown()``: the state drawn (its view's game_string is the game up to that position).
 */
export function exportPanel(ctx, shown) {
  const field = h("textarea", { id: "hive-export-text", rows: 2, readOnly: true, spellcheck: false,
    "aria-label": "GameString" });
  const title = h("h3", {});
  const copy = h("button", { type: "button", id: "hive-export-copy", on: { click: async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      ctx.toast(t("GameString copiée", "GameString copied"));
    } catch {
      ctx.toast(t("Copiez le texte sélectionné", "Copy the selected text"));
    }
  } } });
  const download = h("button", { type: "button", id: "hive-export-download", on: { click: () => {
    saveText(`hive-${ctx.code}-${shown().moves}.txt`, `${field.value}\n`);
  } } });
  const analyse = h("button", { type: "button", id: "hive-export-analyse", on: { click: async () => {
    let game;
    try {
      game = await ctx.catalog("read_game", { game_string: field.value });
    } catch (error) {
      ctx.toast(tr(error.bilingual) || String(error.message || error), "error");
      return;
    }
    await ctx.newGame({ options: { game_type: game.game_type }, seats: [{ kind: "human" }, { kind: "human" }], moves: game.moves });
  } } });
  const element = h("details", { class: "hive-export", id: "hive-export" },
    h("summary", {}, title), field, h("div", { class: "hive-export-buttons" }, copy, download, analyse));
  return {
    element,
    draw() {
      const state = shown();
      title.textContent = t("Partie en notation UHP", "The game in UHP notation");
      field.value = state?.view?.game_string || "";
      copy.textContent = t("Copier", "Copy");
      download.textContent = t("Télécharger (.txt)", "Download (.txt)");
      analyse.textContent = t("Analyser depuis cette position", "Analyse from this position");
      // a room where this browser already plays both sides is an analysis board: no need for another
      analyse.hidden = Boolean(state && state.seats.length === state.players.length && !state.replay && !state.outcome);
    },
  };
}
