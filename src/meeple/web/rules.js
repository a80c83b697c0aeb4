// The « Règles » / "Rules" dialog: a game's rules written for players (goal, a turn, each piece with its
// picture, the subtle rules), from rules/<game>.js. A modal <dialog> (role=dialog): Escape or the Close
// button closes it, and the focus goes back to the button that opened it.
import { clear, h, s } from "./dom.js";
import { onLang, t } from "./i18n.js";
import { api } from "./net.js";

let listed = null; // the server's games (/api/games), asked once: each names its rules module, if any

/** The rules of a game as a list of sections ({id, title, body}), or null for a game without a page. */
async function rulesOf(game) {
  listed ??= api("/api/games").then((answer) => answer.games).catch(() => { listed = null; return []; });
  const url = (await listed).find((entry) => entry.name === game)?.rules;
  if (!url) return null;
  const module = await import(url);
  return module.default();
}

/** Open the rules of ``game`` (its title already in the player's language) over the page. */
export async function openRules(game, title, opener = document.activeElement) {
  document.querySelector("dialog.rules-dialog")?.close();
  const heading = h("h2", { id: "rules-title" });
  const body = h("div", { class: "rules-body" });
  const close = h("button", { type: "button", class: "quiet close", id: "rules-close" });
  const dialog = h("dialog", { class: "rules-dialog", "aria-labelledby": "rules-title", dataset: { game } },
    h("div", { class: "rules-head" }, heading, close), body);
  close.addEventListener("click", () => dialog.close());
  // a click on the backdrop (outside the dialog's box) closes it too, as players expect of a sheet
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });

  async function fill() {
    heading.textContent = t(`Règles : ${title()}`, `Rules: ${title()}`);
    close.textContent = t("Fermer", "Close");
    close.setAttribute("aria-label", t("Fermer les règles", "Close the rules"));
    const sections = await rulesOf(game);
    clear(body);
    if (!sections) {
      body.append(h("p", {}, t("Pas encore de règles pour ce jeu.", "No rules for this game yet.")));
      return;
    }
    body.append(h("nav", { class: "rules-toc", "aria-label": t("Sommaire", "Contents") },
      h("ul", {}, sections.map((section) => h("li", {}, h("a", { href: `#rules-${section.id}`,
        on: { click: (event) => { event.preventDefault(); body.querySelector(`#rules-${section.id}`)?.scrollIntoView(); } } },
      section.title))))));
    for (const section of sections) {
      body.append(h("section", { id: `rules-${section.id}`, class: "rules-section" }, h("h3", {}, section.title), section.body));
    }
  }

  const stopLang = onLang(() => fill());
  dialog.addEventListener("close", () => {
    stopLang();
    dialog.remove();
    if (opener && opener.isConnected) opener.focus();
  });
  document.body.append(dialog);
  await fill();
  dialog.showModal();
  close.focus();
  return dialog;
}

/** The « Règles » button of a page: opens the rules of ``game``; ``title()`` gives its title. */
export function rulesButton(game, title) {
  const button = h("button", { type: "button", class: "quiet rules-button", id: "rules-button", "aria-haspopup": "dialog" });
  const label = () => { button.textContent = t("Règles", "Rules"); };
  label();
  button.addEventListener("click", () => openRules(game, title, button));
  button.relabel = label;
  return button;
}

// --- helpers for the rules pages --------------------------------------------------------------------

/** A section of a rules page. */
export function section(id, title, ...body) {
  return { id, title, body };
}

/** A small picture: an SVG with a viewBox, named for screen readers. */
export function picture(label, viewBox, className, ...children) {
  return s("svg", { viewBox, class: ["rules-picture", className], role: "img", "aria-label": label }, ...children);
}

/** A row of the "pieces" list: its picture, its name and what it does. */
export function piece(pic, name, ...text) {
  return h("li", { class: "rules-piece" }, pic, h("div", {}, h("strong", {}, name), " — ", ...text));
}

/** A list of pieces. */
export function pieces(...rows) {
  return h("ul", { class: "rules-pieces" }, rows);
}
