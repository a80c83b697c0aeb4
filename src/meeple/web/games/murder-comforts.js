// Sudoku Murder play comforts (issue 29): the player's choices (timer shown, automatic notes, errors shown,
// « défi »), the case's clock kept per room, the automatic notes (who may still stand on each cell), the count
// of hints asked, and the result line of a daily case to share.
import { t, tr } from "../i18n.js";

const PREFS_KEY = "meeple.murder.prefs";
const DEFAULT_PREFS = { timer: true, notes: false, errors: true, challenge: false };

/** The player's choices, kept in this browser. */
export function loadPrefs() {
  try {
    return { ...DEFAULT_PREFS, ...JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function savePrefs(prefs) {
  localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
}

/** What « défi » leaves on: no automatic notes, no errors shown, no hint (the clock runs). */
export function effective(prefs) {
  return prefs.challenge ? { ...prefs, notes: false, errors: false } : prefs;
}

/** A room's clock: started the first time the case is shown in this browser, stopped when it is solved. */
export function roomClock(code) {
  const key = `meeple.murder.clock.${code}`;
  let data;
  try {
    data = JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    data = null;
  }
  if (!data || typeof data.start !== "number") data = { start: Date.now(), stopped: null, hints: 0 };
  const save = () => localStorage.setItem(key, JSON.stringify(data));
  save();
  return {
    seconds: () => Math.max(0, Math.floor(((data.stopped ?? Date.now()) - data.start) / 1000)),
    stop() {
      if (data.stopped === null) {
        data.stopped = Date.now();
        save();
      }
    },
    stopped: () => data.stopped !== null,
    hint() {
      data.hints = (data.hints || 0) + 1;
      save();
    },
    hints: () => data.hints || 0,
  };
}

/** 75 → "01:15", 3700 → "1:01:40". */
export function clockText(seconds) {
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * The automatic notes: for each free cell, the people who may still stand there — their clues allow it
 * (the view's ``allowed``) and nobody holds its row or column — and for each person off the board, how many
 * such cells are left. Crossed as rows and columns fill: a placed person's row and column leave everyone.
 */
export function autoNotes(view) {
  const placed = view.people.filter((p) => p.cell);
  const rows = new Set(placed.map((p) => p.cell[0]));
  const cols = new Set(placed.map((p) => p.cell[1]));
  const cells = new Map();
  const counts = new Map();
  for (const p of view.people) {
    if (p.cell) continue;
    const free = (p.allowed || []).filter(([r, c]) => !rows.has(r) && !cols.has(c));
    counts.set(p.id, free.length);
    for (const [r, c] of free) {
      const key = `${r},${c}`;
      if (!cells.has(key)) cells.set(key, []);
      cells.get(key).push(p.name.slice(0, 2));
    }
  }
  return { cells, counts };
}

/** The people whose placement breaks a rule for sure (the view's violations): their tokens are marked. */
export function wrongPeople(view) {
  return new Set(view.violations.map((v) => v.person).filter(Boolean));
}

/** The line a daily case's solver shares: the date, size and level, the time, the hints asked, « défi ». */
export function shareLine(view, seconds, hints, challenge) {
  const daily = view.daily;
  const level = tr(daily.level);
  const parts = [t(`Sudoku Murder — enquête du ${daily.date} (${view.size}×${view.size}, ${level})`,
    `Sudoku Murder — daily case ${daily.date} (${view.size}×${view.size}, ${level})`),
  t(`résolue en ${clockText(seconds)}`, `solved in ${clockText(seconds)}`),
  hints ? t(`${hints} indice${hints > 1 ? "s" : ""}`, `${hints} hint${hints > 1 ? "s" : ""}`) : t("sans indice", "no hint")];
  if (challenge) parts.push(t("en défi", "challenge mode"));
  return `${parts.join(" · ")} 🔍`;
}
