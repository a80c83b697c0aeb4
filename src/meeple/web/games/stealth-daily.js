// The lobby's entry for stealth's daily level: the same generated level for everyone today, opened by the
// level select at #/new/stealth/daily (docs/rules/stealth.md, R27). A small piece the lobby places among its
// entries.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** A link to today's level, for the lobby. */
export function dailyEntry() {
  return h("p", { class: "daily-entry" },
    h("a", { class: "button", href: "#/new/stealth/daily", id: "lobby-daily-stealth", dataset: { daily: "stealth" } },
      t("Niveau du jour", "Daily level")),
    " ", h("span", { class: "muted" }, t("Infiltration : le même niveau pour tous aujourd'hui, plus dur au fil de la semaine.",
      "Stealth: the same level for everyone today, harder as the week goes on.")));
}
