// Skirmish: a scenario sandbox. Select a fighter to see its zone of control and every cell it can reach,
// each marked with its outcome (free, stopped in a ZOC, engaged); hover a cell for the path; click to move.
import { activatable, add, clear, h, keepFocus, s, saveJson, slider, tip } from "../dom.js";
import { t, tr } from "../i18n.js";
import { optionFields, optionsSummary } from "../options.js";
import { stageOf } from "../layout.js";
import { boardView } from "../zoom.js";

const CELL = 40;
const AXIS = 18; // the margin of the column letters and row numbers

/** The letters of column ``x`` (a … z, then aa, ab …: maps go to 32 columns), as describe.py names them. */
function columnName(x) {
  let letters = "";
  for (let n = x + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A cell as the board's labels name it: [5, 3] → "f4". */
function cellName([x, y]) {
  return `${columnName(x)}${y + 1}`;
}

/** A move in short words with cell names: "R1 → f4", "R1 ✕ B2", "R1 ·". */
function lastMoveText(move) {
  if (!move) return "";
  if (move.kind === "attack") return `${move.fighter} ⚔ ${move.target}`;
  if (move.kind === "hold") return `${move.fighter} ${t("ne bouge pas", "holds")}`;
  const end = move.path?.length ? move.path[move.path.length - 1] : move.to;
  return end ? `${move.fighter} → ${cellName(end)}` : move.fighter;
}
const SIDE_CLASS = ["side-0", "side-1"];

const FILE_CHOICE = "file"; // the scenario select's entry for a scenario loaded from a file

/**
 * The sandbox's new-game form: a shipped scenario or one loaded from a file, the two readings of the
 * rules a scenario chooses (R6 ZOC by walking or by sight, R10 shortest path in cells or in points; their
 * words come from the adapter, server/adapters/skirmish.py), and the scenario exported as JSON with them.
 */
async function setup(root, ctx) {
  const [scenarios, ruleSpecs] = await Promise.all([ctx.catalog("scenarios"), ctx.catalog("scenario_rules")]);
  let loaded = null; // a scenario read from a file
  const select = h("select", { id: "scenario", name: "scenario" });
  const drawChoices = () => {
    const chosen = select.value;
    clear(select).append(...scenarios.map((scenario) => h("option", { value: scenario.name }, tr(scenario.title))),
      loaded ? h("option", { value: FILE_CHOICE }, t(`Fichier : ${tr(loaded.title) || loaded.name}`, `File: ${tr(loaded.title) || loaded.name}`)) : null);
    if (chosen) select.value = chosen;
  };
  drawChoices();
  const about = h("p", { class: "muted", id: "scenario-about" });
  const rules = optionFields(ruleSpecs, { prefix: "rule" });
  const shipped = () => scenarios.find((scenario) => scenario.name === select.value) || null;
  const describe = () => {
    const chosen = shipped() || loaded;
    const rounds = chosen?.rounds ?? 6;
    about.textContent = chosen ? `${tr(chosen.description)} (${t(`manches : ${rounds}`, `rounds: ${rounds}`)})` : "";
  };
  select.addEventListener("change", () => {
    describe();
    rules.set(shipped()?.rules || loaded?.rules || Object.fromEntries(ruleSpecs.map((spec) => [spec.key, spec.default])));
  });
  describe();
  rules.set(shipped()?.rules || {});

  /** The chosen scenario as JSON with the rules of the form. */
  async function scenarioJson() {
    const base = select.value === FILE_CHOICE ? loaded : await ctx.catalog("scenario", { name: select.value });
    return { ...base, rules: rules.values() };
  }

  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "scenario-file", hidden: true,
    on: { change: async () => {
      const file = fileInput.files && fileInput.files[0];
      fileInput.value = "";
      if (!file) return;
      try {
        const data = JSON.parse(await file.text());
        if (!data || data.format !== "meeple-skirmish-scenario") throw new Error("format");
        loaded = data;
      } catch {
        ctx.toast(t("Ce fichier n'est pas un scénario d'escarmouche.", "This file is not a skirmish scenario."), "error");
        return;
      }
      drawChoices();
      select.value = FILE_CHOICE;
      select.dispatchEvent(new Event("change"));
    } } });
  const exportButton = h("button", { type: "button", id: "scenario-export", on: { click: async () => {
    const data = await scenarioJson().catch((error) => ctx.toast(String(error.message || error), "error"));
    if (data) saveJson(`${data.name || "scenario"}.json`, data);
  } } }, t("Exporter le scénario (JSON)", "Export the scenario (JSON)"));
  const importButton = h("button", { type: "button", id: "scenario-import", on: { click: () => fileInput.click() } },
    t("Importer un scénario…", "Import a scenario…"));
  root.append(h("label", { for: "scenario" }, t("Scénario", "Scenario")), select, about,
    h("fieldset", { class: "scenario-rules" }, h("legend", {}, t("Règles du scénario", "Scenario rules")), rules.element),
    h("div", { class: "scenario-files" }, exportButton, importButton, fileInput));
  return async () => {
    const chosen = shipped();
    const same = chosen && Object.entries(rules.values()).every(([key, value]) => chosen.rules?.[key] === value);
    // a shipped scenario with its own rules goes by name; changed rules or a file go whole (the server checks it)
    return { options: { scenario: same ? chosen.name : await scenarioJson() }, seatCount: 2 };
  };
}

function outcomeClass(outcome) {
  return `outcome-${outcome.kind}`;
}

function mount(root, ctx) {
  let state = null;
  let selected = null;
  let reach = null;
  let hoveredCell = null;
  let notice = ""; // why a clicked cell did nothing (an enemy's reach)
  const motion = slider();
  const board = s("svg", { class: "board skirmish-board", role: "group" });
  const info = h("div", { class: "skirmish-info", id: "skirmish-info", "aria-live": "polite" });
  // the battlefield pans and zooms; on a phone a cell is a finger wide and the player pans the rest
  const zoomView = boardView(board, { cell: CELL });
  const turn = h("p", { class: "skirmish-turn", id: "skirmish-turn" });
  const panel = h("div", { class: "skirmish-actions" }); // the selected fighter and its buttons
  const side = h("div", { class: "skirmish-side" });
  root.append(zoomView.element);
  ctx.bar.append(turn, info, panel);
  ctx.details.append(side);
  // the scenario played, rules included: its rules are shown beside the board and it can be exported
  let played = null;
  let ruleSpecs = null;
  Promise.all([ctx.query("scenario"), ctx.catalog("scenario_rules")]).then(([scenario, specs]) => {
    played = scenario;
    ruleSpecs = specs;
    if (state) draw();
  }).catch(() => {});

  const key = (cell) => `${cell[0]},${cell[1]}`;
  const mine = () => state.to_move !== null && state.to_move === state.seat && state.seats.includes(state.to_move);
  const canMove = (id) => mine() && state.view.can_act.includes(id);

  async function select(id) {
    if (selected === id) {
      selected = null;
      reach = null;
      draw();
      return;
    }
    selected = id;
    reach = null;
    hoveredCell = null;
    notice = "";
    draw();
    const answer = await ctx.query("reach", { fighter: id });
    if (selected === id && answer) {
      reach = answer;
      draw();
    }
  }

  function destinationAt(cell) {
    return reach?.destinations.find((d) => d.cell[0] === cell[0] && d.cell[1] === cell[1]) || null;
  }

  /** Redraw everything; a keyboard player keeps the focus on the same fighter, cell or button. */
  function draw() {
    keepFocus(stageOf(root), drawNow);
  }

  function drawNow() {
    motion.track(`${state.version}:${state.moves}`);
    const view = state.view;
    clear(board);
    board.setAttribute("aria-label", t("Champ de bataille", "Battlefield"));
    view.map.forEach((row, y) => [...row].forEach((ground, x) => {
      board.append(s("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL,
        class: ["ground", { ".": "open", "~": "difficult", "#": "blocking" }[ground] || "open"] }));
    }));
    for (const [x, y] of view.objectives) {
      board.append(tip(s("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 7, class: "objective" }, "★"),
        t("Objectif", "Objective")));
    }
    drawZones(view);
    drawAxes(view);
    for (const [a, b] of view.engagements) {
      const fa = view.fighters.find((f) => f.id === a), fb = view.fighters.find((f) => f.id === b);
      board.append(s("line", { x1: fa.at[0] * CELL + CELL / 2, y1: fa.at[1] * CELL + CELL / 2,
        x2: fb.at[0] * CELL + CELL / 2, y2: fb.at[1] * CELL + CELL / 2, class: "engagement" }));
    }
    if (reach) drawReach();
    for (const fighter of view.fighters) {
      const drawn = drawFighter(fighter);
      board.append(drawn);
      motion.piece(fighter.id, drawn, fighter.at[0] * CELL, fighter.at[1] * CELL); // a move slides into place
    }
    board.append(overlay);
    zoomView.setContent({ x: -AXIS, y: -AXIS, width: view.width * CELL + AXIS, height: view.height * CELL + AXIS }, focusBox());
    showHover(hoveredCell);
    drawSide();
  }

  const overlay = s("g", { class: "overlay" });

  /** Zones of control as outlines (a tint over every cell washed the map out): each side's zones as one
   * dashed border in that side's colour, the selected fighter's own zone as a bold one. */
  function drawZones(view) {
    const bySide = [new Set(), new Set()];
    for (const [id, cells] of Object.entries(view.zocs)) {
      const fighter = view.fighters.find((f) => f.id === id);
      for (const cell of cells) bySide[fighter.side].add(key(cell));
    }
    bySide.forEach((cells, side) => {
      if (cells.size) {
        board.append(s("path", { d: outline(cells), class: ["zoc", "zoc-edge", SIDE_CLASS[side]], dataset: { cells: cells.size } }));
      }
    });
    const chosen = selected && view.zocs[selected];
    if (chosen?.length) {
      const fighter = view.fighters.find((f) => f.id === selected);
      board.append(s("path", { d: outline(new Set(chosen.map(key))), class: ["zoc", "selected-zoc", SIDE_CLASS[fighter.side]] }));
    }
  }

  /** The border of a set of cells ("x,y" keys): the sides of its cells that no other of its cells shares. */
  function outline(cells) {
    const parts = [];
    for (const cell of cells) {
      const [x, y] = cell.split(",").map(Number);
      const [left, top] = [x * CELL, y * CELL];
      if (!cells.has(`${x},${y - 1}`)) parts.push(`M${left},${top}h${CELL}`);
      if (!cells.has(`${x},${y + 1}`)) parts.push(`M${left},${top + CELL}h${CELL}`);
      if (!cells.has(`${x - 1},${y}`)) parts.push(`M${left},${top}v${CELL}`);
      if (!cells.has(`${x + 1},${y}`)) parts.push(`M${left + CELL},${top}v${CELL}`);
    }
    return parts.join("");
  }

  /** Column letters along the top and row numbers down the left: the history names cells this way (f4). */
  function drawAxes(view) {
    for (let x = 0; x < view.width; x += 1) {
      board.append(s("text", { x: x * CELL + CELL / 2, y: -AXIS / 2 + 4, class: "axis-label" }, columnName(x)));
    }
    for (let y = 0; y < view.height; y += 1) {
      board.append(s("text", { x: -AXIS / 2, y: y * CELL + CELL / 2 + 4, class: "axis-label" }, String(y + 1)));
    }
  }

  /** What a phone shows first of a field larger than its screen: the selected fighter, else the fighters
   * that may act (the player's own), else every fighter. */
  function focusBox() {
    const fighters = state.view.fighters;
    const chosen = fighters.filter((f) => f.id === selected);
    const acting = fighters.filter((f) => state.view.can_act.includes(f.id));
    const shown = chosen.length ? chosen : acting.length ? acting : fighters;
    if (!shown.length) return null;
    const xs = shown.map((f) => f.at[0]), ys = shown.map((f) => f.at[1]);
    const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
    return { x: x0 * CELL, y: y0 * CELL, width: (Math.max(...xs) - x0 + 1) * CELL, height: (Math.max(...ys) - y0 + 1) * CELL };
  }

  /** Show the path to the hovered cell and its outcome, without redrawing the board. */
  function showHover(cell) {
    hoveredCell = cell;
    clear(overlay);
    const destination = cell && reach ? destinationAt(cell) : null;
    if (destination) {
      const points = [reach.start, ...destination.path].map(([x, y]) => `${x * CELL + CELL / 2},${y * CELL + CELL / 2}`);
      overlay.append(s("polyline", { points: points.join(" "), class: "path" }));
    }
    drawInfo();
  }

  function drawReach() {
    for (const destination of reach.destinations) {
      const [x, y] = destination.cell;
      const movable = canMove(reach.fighter);
      const mark = s("g", { class: ["reach", outcomeClass(destination.outcome), movable && "movable"], dataset: { cell: key(destination.cell) } },
        s("rect", { x: x * CELL + 3, y: y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "reach-cell" }),
        s("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 5, class: "reach-glyph" },
          { free: "•", stopped: "■", engaged: "⚔" }[destination.outcome.kind]));
      const label = `${cellName(destination.cell)} — ${tr(destination.outcome.text)} — ${t("coût", "cost")} ${destination.cost}`;
      const enter = () => showHover(destination.cell);
      if (movable) {
        activatable(mark, `${t("Aller en", "Move to")} ${label}`, () => play({ kind: "move", fighter: reach.fighter, to: destination.cell, path: destination.path }));
        mark.addEventListener("focus", enter);
      } else {
        // another side's fighter (or one that has acted): where it could go, drawn apart, said when clicked
        mark.classList.add("foreign");
        tip(mark, label);
        mark.addEventListener("click", () => {
          notice = whyNot(reach.fighter);
          drawInfo();
        });
      }
      mark.addEventListener("mouseenter", enter);
      mark.addEventListener("mouseleave", () => showHover(null));
      board.append(mark);
    }
  }

  function drawFighter(fighter) {
    const [x, y] = fighter.at;
    const cx = x * CELL + CELL / 2, cy = y * CELL + CELL / 2;
    const group = s("g", { class: ["fighter", SIDE_CLASS[fighter.side], fighter.activated && "activated",
      fighter.harmless && "harmless", selected === fighter.id && "selected", state.view.can_act.includes(fighter.id) && "can-act"],
    dataset: { fighter: fighter.id } },
    s("circle", { cx, cy, r: fighter.harmless ? 12 : 16, class: "fighter-body" }),
    s("text", { x: cx, y: cy + 4, class: "fighter-label" }, fighter.id),
    Array.from({ length: fighter.max_hits }, (_, i) => s("circle", {
      cx: cx - (fighter.max_hits - 1) * 4 + i * 8, cy: cy + 15, r: 2.5, class: i < fighter.hits ? "hit-on" : "hit-off" })));
    const status = [
      tr(state.view.sides[fighter.side]),
      `${t("mouvement", "move")} ${fighter.move}`, `${t("ZdC", "ZOC")} ${fighter.zoc}`,
      fighter.harmless ? t("inoffensif", "harmless") : null,
      fighter.engaged_with.length ? `${t("engagé avec", "engaged with")} ${fighter.engaged_with.join(", ")}` : null,
      fighter.activated ? t("a déjà agi", "has acted") : null,
    ].filter(Boolean).join(", ");
    return activatable(group, t(`${fighter.id} : ${status}`, `${fighter.id}: ${status}`), () => select(fighter.id));
  }

  /** Why the selected fighter's cells cannot be clicked to move (an enemy's, or one that has acted). */
  function whyNot(id) {
    const fighter = state.view.fighters.find((f) => f.id === id);
    if (!fighter) return "";
    if (state.replay) return t("Vous revoyez la partie : le plateau est en lecture seule.", "You are replaying the game: the board is read-only.");
    if (state.to_move !== null && fighter.side !== state.to_move) {
      return t(`${id} est un ennemi : ses cases montrent où il pourra aller à son tour.`,
        `${id} is an enemy: its cells show where it may go on its turn.`);
    }
    if (fighter.activated) return t(`${id} a déjà agi pendant cette manche.`, `${id} has already acted this round.`);
    if (!mine()) return t("Ce n'est pas à vous de jouer.", "It is not your turn.");
    return t(`${id} ne peut pas agir maintenant.`, `${id} cannot act now.`);
  }

  function drawInfo() {
    clear(info);
    if (!reach || !hoveredCell) {
      if (selected && !reach) info.textContent = t("Calcul des cases atteignables…", "Finding reachable cells…");
      else if (selected && !canMove(selected)) info.textContent = notice || whyNot(selected);
      else if (selected) info.textContent = t(`${reach.destinations.length} cases atteignables.`, `${reach.destinations.length} reachable cells.`);
      else info.textContent = t("Choisissez un combattant.", "Select a fighter.");
      return;
    }
    const destination = destinationAt(hoveredCell);
    if (destination) {
      const name = cellName(hoveredCell);
      add(info, h("strong", {}, t(`${name} : `, `${name}: `)), tr(destination.outcome.text),
        ` · ${t("coût", "cost")} ${destination.cost}`);
      if (!canMove(reach.fighter)) add(info, h("br"), h("span", { class: "muted" }, whyNot(reach.fighter)));
    }
  }

  function drawSide() {
    const view = state.view;
    const fighter = view.fighters.find((f) => f.id === selected);
    // the bar: the round, the score and who moves, then the selected fighter and its buttons
    add(clear(turn),
      view.round <= view.rounds ? t(`Manche ${view.round} / ${view.rounds}`, `Round ${view.round} / ${view.rounds}`) : t("Fin", "End"),
      " · ", h("span", { class: "score" }, view.sides.map((name, i) => h("span", { class: ["side-name", SIDE_CLASS[i]] }, `${tr(name)} ${view.score[i]}`)).reduce((acc, el) => acc.length ? [...acc, " – ", el] : [el], [])),
      state.to_move !== null ? [" · ", t("À jouer : ", "To move: "), h("strong", {}, tr(view.sides[state.to_move]))] : "");
    clear(panel);
    if (fighter) panel.append(fighterPanel(fighter));
    clear(side);
    add(side,
      h("h2", {}, tr(view.title)),
      h("p", { class: "objective-text" }, t(`But : à la fin de la manche ${view.rounds}, 1 point par ennemi hors de combat et par objectif ★ occupé.`,
        `Goal: at the end of round ${view.rounds}, 1 point per enemy out of action and per objective ★ held.`)),
      view.last_move ? h("p", { class: "muted" }, t("Dernier coup : ", "Last move: "), lastMoveText(view.last_move.move),
        view.last_move.outcome ? ` (${tr(view.last_move.outcome.text)})` : "",
        view.last_move.removed ? ` — ${view.last_move.removed} ${t("hors de combat", "out of action")}` : "") : null,
      played && ruleSpecs ? h("div", { class: "scenario-played" }, h("h3", {}, t("Règles du scénario", "Scenario rules")),
        optionsSummary(ruleSpecs, played.rules || {}, { id: "scenario-rules", explain: "all" }),
        h("button", { type: "button", class: "quiet", id: "played-export", on: { click: () => saveJson(`${played.name || "scenario"}.json`, played) } },
          t("Exporter le scénario (JSON)", "Export the scenario (JSON)"))) : null,
      h("p", { class: "legend" },
        h("span", { class: "legend-free" }, "• ", t("libre", "free")), " ",
        h("span", { class: "legend-stopped" }, "■ ", t("arrêté en ZdC", "stopped in a ZOC")), " ",
        h("span", { class: "legend-engaged" }, "⚔ ", t("engagé", "engaged"))));
  }

  function fighterPanel(fighter) {
    const actions = [];
    if (canMove(fighter.id)) {
      actions.push(h("button", { type: "button", id: "hold", on: { click: () => play({ kind: "hold", fighter: fighter.id }) } },
        t("Ne pas bouger", "Hold")));
      if (!fighter.harmless && fighter.strike > 0) {
        for (const target of fighter.engaged_with) {
          actions.push(h("button", { type: "button", class: "attack", dataset: { target },
            on: { click: () => play({ kind: "attack", fighter: fighter.id, target }) } }, t(`Frapper ${target}`, `Strike ${target}`)));
        }
      }
    }
    return h("div", { class: "fighter-panel", id: "fighter-panel" },
      h("p", { class: "fighter-line" }, h("strong", {}, fighter.id), ` · ${tr(state.view.sides[fighter.side])} · `,
        `${t("Mouvement", "Move")} ${fighter.move} · ${t("ZdC", "ZOC")} ${fighter.zoc} · ${t("points de vie", "hits")} ${fighter.hits}/${fighter.max_hits}`,
        fighter.harmless ? ` · ${t("inoffensif", "harmless")}` : ""),
      reach?.held_by?.length ? h("p", {}, t("Retenu par : ", "Held by: "), reach.held_by.join(", ")) : null,
      reach?.ignoring?.length ? h("p", {}, t("Quitte l'engagement, ignore : ", "Leaving the engagement, ignores: "), reach.ignoring.join(", ")) : null,
      h("div", { class: "actions" }, actions));
  }

  const play = (move) => ctx.play(move);

  return {
    update(next) {
      const moved = state && next.version !== state.version;
      state = next;
      if (moved && selected) {
        // A new position: the selected fighter's reach is recomputed if it may still act, else the
        // selection ends (here, not when the move is acknowledged: the state comes first).
        const id = selected;
        selected = null;
        reach = null;
        hoveredCell = null;
        if (canMove(id)) {
          select(id);
          return;
        }
      }
      draw();
    },
    destroy() {
      zoomView.destroy();
    },
  };
}

/** The board shapes of a move, for the history's highlight: the fighter that acted (and its target). */
function lastMove(move) {
  if (!move?.fighter) return [];
  const fighters = [move.fighter, move.target].filter(Boolean);
  return fighters.map((id) => `[data-fighter="${CSS.escape(id)}"]`);
}

export default { setup, mount, lastMove, actionBar: true };
