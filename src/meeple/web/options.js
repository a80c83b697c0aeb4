// A game's setup options, drawn from the description its adapter publishes (server/options.py: the
// catalogue question "options"): the new-game form's controls, and the same options in words for a
// room's players (the rules they play under). An option the engine gains appears here with no web work.
import { clear, h } from "./dom.js";
import { t, tr } from "./i18n.js";

/** Whether an option applies given the other values (its "when"; team_diagonal only in 2 vs 2). */
function applies(spec, values) {
  return Object.entries(spec.when || {}).every(([key, wanted]) => values[key] === wanted);
}

/** A value in words: the choice's label, yes / no for a box. */
export function valueText(spec, value) {
  if (spec.kind === "bool") return value ? t("oui", "yes") : t("non", "no");
  const choice = (spec.choices || []).find((entry) => entry.value === value);
  return choice ? tr(choice.label) : String(value);
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The controls of ``specs`` (the adapter's description), each with its one-line meaning, its rule and
 * its default. ``ids`` gives a control an id other than `${prefix}-${key}`; ``onChange(values)`` is called
 * after each change. Returns {element, values(), set(values), controls}: ``values()`` holds only the
 * options that apply (a hidden one is left to the engine's default).
 */
export function optionFields(specs, { prefix = "opt", ids = {}, onChange = () => {} } = {}) {
  const controls = new Map();
  const rows = new Map();
  const element = h("div", { class: "option-fields" });
  let frame = element; // consecutive options of one group share a frame with its heading
  let group = null;
  for (const spec of specs) {
    if (JSON.stringify(spec.group ?? null) !== JSON.stringify(group)) {
      group = spec.group ?? null;
      frame = group ? h("fieldset", { class: "option-group" }, h("legend", {}, tr(group))) : element;
      if (group) element.append(frame);
    }
    const id = ids[spec.key] || `${prefix}-${spec.key.replaceAll("_", "-")}`;
    const helpId = `${id}-help`;
    // the default: marked in a list of choices, said in words for a box or a number
    const help = h("p", { class: "option-help muted", id: helpId },
      spec.help ? `${tr(spec.help)} ` : "",
      spec.kind === "choice" ? null : [t("Par défaut : ", "Default: "), valueText(spec, spec.default), "."],
      spec.rule ? h("span", { class: "option-rule" }, ` (${t("règle", "rule")} ${spec.rule})`) : null);
    let control;
    let row;
    if (spec.kind === "bool") {
      control = h("input", { type: "checkbox", id, checked: spec.default === true, "aria-describedby": helpId });
      row = h("div", { class: "option", dataset: { option: spec.key } },
        h("label", { class: "choice" }, control, tr(spec.label)), help);
    } else {
      control = spec.kind === "number"
        ? h("input", { type: "number", id, value: spec.default, step: 1, "aria-describedby": helpId })
        : h("select", { id, "aria-describedby": helpId }, spec.choices.map((choice) => h("option", {
          value: String(choice.value), selected: sameValue(choice.value, spec.default) },
        tr(choice.label) + (sameValue(choice.value, spec.default) ? t(" (par défaut)", " (default)") : ""))));
      row = h("div", { class: "option", dataset: { option: spec.key } },
        h("label", { for: id }, tr(spec.label)), control, help);
    }
    control.addEventListener("change", () => { refresh(); onChange(values()); });
    controls.set(spec.key, control);
    rows.set(spec.key, row);
    frame.append(row);
  }

  function read(spec) {
    const control = controls.get(spec.key);
    if (spec.kind === "bool") return control.checked;
    if (spec.kind === "number") return Number(control.value);
    // the option's text value back to the choice's own (a number stays a number)
    return spec.choices.find((choice) => String(choice.value) === control.value)?.value ?? spec.default;
  }

  function all() {
    return Object.fromEntries(specs.map((spec) => [spec.key, read(spec)]));
  }

  function values() {
    const every = all();
    return Object.fromEntries(specs.filter((spec) => applies(spec, every)).map((spec) => [spec.key, every[spec.key]]));
  }

  /** Show only the options that apply to the other values. */
  function refresh() {
    const every = all();
    for (const spec of specs) rows.get(spec.key).hidden = !applies(spec, every);
  }

  /** Put values in the controls (an unknown key or value is ignored: the defaults stay). */
  function set(given) {
    for (const spec of specs) {
      if (!(spec.key in given)) continue;
      const control = controls.get(spec.key);
      const value = given[spec.key];
      if (spec.kind === "bool") control.checked = value === true;
      else if (spec.kind === "number") control.value = String(value);
      else {
        if (spec.choices.some((choice) => sameValue(choice.value, value))) control.value = String(value);
      }
    }
    refresh();
  }

  element.append(h("button", { type: "button", class: "quiet option-defaults", id: `${prefix}-defaults`, on: { click: () => {
    set(Object.fromEntries(specs.map((spec) => [spec.key, spec.default])));
    onChange(values());
  } } }, t("Valeurs par défaut", "Default values")));
  refresh();
  return { element, values, set, controls };
}

/**
 * The options a room plays under, in words ("Taille du plateau : 13 × 13"), as a definition list: every
 * option that applies, those changed from their default marked, so that whoever joins sees the rules.
 * ``explain``: the one-line meaning under "all" options, the "changed" ones (default), or "none".
 */
export function optionsSummary(specs, options, { id, explain = "changed" } = {}) {
  const every = Object.fromEntries(specs.map((spec) => [spec.key, spec.key in options ? options[spec.key] : spec.default]));
  const list = h("dl", { class: "options-summary", id });
  for (const spec of specs) {
    if (!applies(spec, every)) continue;
    const changed = !sameValue(every[spec.key], spec.default);
    list.append(h("div", { class: ["option-line", changed && "changed"], dataset: { option: spec.key } },
      h("dt", {}, tr(spec.label)),
      h("dd", {}, valueText(spec, every[spec.key]),
        changed ? h("span", { class: "muted" }, t(` (par défaut : ${valueText(spec, spec.default)})`,
          ` (default: ${valueText(spec, spec.default)})`)) : null,
        // inside the dd: a definition list's groups hold only dt and dd
        spec.help && (explain === "all" || (explain === "changed" && changed))
          ? h("span", { class: "option-help muted" }, tr(spec.help)) : null)));
    if (spec.help) list.lastChild.title = tr(spec.help);
  }
  return list;
}

/** The options that apply and differ from their default, each as "label value" in words. */
export function changedOptions(specs, options) {
  const every = Object.fromEntries(specs.map((spec) => [spec.key, spec.key in options ? options[spec.key] : spec.default]));
  return specs.filter((spec) => applies(spec, every) && !sameValue(every[spec.key], spec.default))
    .map((spec) => t(`${tr(spec.label)} : ${valueText(spec, every[spec.key])}`, `${tr(spec.label)}: ${valueText(spec, every[spec.key])}`));
}

/** A line under a form that explains why the chosen combination cannot be played (or nothing). */
export function problemLine(id) {
  const line = h("p", { class: "error option-problem", id, role: "status", hidden: true });
  return {
    element: line,
    show(specs, answer) {
      line.hidden = !answer || answer.ok;
      if (line.hidden) return clear(line);
      const spec = specs.find((entry) => entry.key === answer.field);
      clear(line).append(spec ? t(`${tr(spec.label)} : `, `${tr(spec.label)}: `) : "", tr(answer.reason));
      return line;
    },
  };
}
