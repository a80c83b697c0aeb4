// French or English, one switch away (the first visit follows the browser). Every text the user reads goes
// through t() or tr().
const KEY = "meeple.lang";

/** The first visit follows the browser's language (French for fr-*, English otherwise); after that, the
 * player's own choice (the FR / EN buttons) is kept. */
function firstLanguage() {
  const kept = localStorage.getItem(KEY);
  if (kept === "fr" || kept === "en") return kept;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "fr";
  return /^fr\b/i.test(wanted) ? "fr" : "en";
}

let current = firstLanguage();
const listeners = new Set();

/** The current language, "fr" or "en". */
export function lang() {
  return current;
}

/** The sentence in the current language: t("Bonjour", "Hello"). */
export function t(fr, en) {
  return current === "en" ? en : fr;
}

/** A {fr, en} message from the server in the current language (a plain string is returned as is). */
export function tr(message) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message;
  return message[current] ?? message.fr ?? "";
}

/** Switch the language and tell every listener (pages redraw themselves). */
export function setLang(next) {
  current = next === "en" ? "en" : "fr";
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
  for (const listener of [...listeners]) listener(current);
}

/** Call fn after each language switch; returns the function that stops listening. */
export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

document.documentElement.lang = current;
