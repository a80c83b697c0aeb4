// The lobby's entry for Sudoku Murder's daily case: the same case for everyone today (size and difficulty by
// weekday), opened by the new-case page at #/new/murder/daily. A small piece the lobby places among its entries.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** A link to today's case, for the lobby. */
export function dailyEntry() {
  return h("p", { class: "daily-entry" },
    h("a", { class: "button", href: "#/new/murder/daily", id: "lobby-daily-murder" }, t("Enquête du jour", "Daily case")),
    " ", h("span", { class: "muted" }, t("Sudoku Murder : la même enquête pour tous aujourd'hui, plus dure au fil de la semaine.",
      "Sudoku Murder: the same case for everyone today, harder as the week goes on.")));
}
