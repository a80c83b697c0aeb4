// Stealth level editor (issue 14): place and drag nodes, draw edges (one-way, doors), place enemies with their
// facing and routes, the stone, hide nodes, the key, the start and the exit. After each edit the server's
// "analyse" question (the solver and the mechanic analysis, in a worker, within the level format's limits)
// says whether the level is solvable, its par, the mechanics it needs and the validator's reasons; an error
// points at the node or enemy concerned. A draft is kept in this browser even when it does not validate;
// play-testing (a new room with the level inline, whose link can be shared) needs a level that validates; it
// plays the level completed by the server with its par and the stars it can offer. The map uses the pieces of
// the game's own map (stealth-pieces.js), with the node names the level file uses under each node.
import { activatable, clear, h, s, saveJson } from "../dom.js";
import { t, tr } from "../i18n.js";
import {
  angleTo, doorPiece, enemyPiece, exitPiece, hidePiece, keyColour, keyPiece, leaderPiece, memberPiece, onewayArrows,
  routePath, viewCone,
} from "./stealth-pieces.js";

const DRAFT_KEY = "meeple.stealth.draft";
const SCALE = 100;
const MARGIN = 50;
const WIDTH = 8;
const HEIGHT = 5;

const TOOLS = [
  ["node", "Nœud", "Node"], ["edge", "Arête", "Edge"], ["oneway", "Sens unique", "One-way"],
  ["door", "Porte", "Door"], ["key", "Clé", "Key"], ["hide", "Cachette", "Hide"], ["start", "Départ", "Start"],
  ["exit", "Sortie", "Exit"], ["caravan", "Caravane", "Caravan"], ["sentry", "Sentinelle", "Sentry"], ["pivot", "Pivotante", "Pivoting"],
  ["patrol", "Patrouille", "Patrol"], ["tracker", "Traqueur", "Tracker"], ["erase", "Effacer", "Erase"],
];

const TOOL_HELP = {
  node: ["Cliquez une case vide pour poser un nœud ; faites glisser un nœud pour le déplacer.",
    "Click an empty spot to place a node; drag a node to move it."],
  edge: ["Cliquez deux nœuds pour les relier (ou retirer leur arête).", "Click two nodes to join them (or remove their edge)."],
  oneway: ["Cliquez le nœud de départ puis celui d'arrivée de l'arête à sens unique.",
    "Click the node the one-way edge leaves from, then the one it leads to."],
  door: ["Cliquez deux nœuds : une porte rouge sur leur arête (posez aussi la clé).",
    "Click two nodes: a red door on their edge (place the key too)."],
  key: ["Cliquez le nœud où poser la clé rouge.", "Click the node where the red key lies."],
  hide: ["Cliquez un nœud pour en faire une cachette (ou le défaire).", "Click a node to make it a hideout (or undo it)."],
  start: ["Cliquez le nœud de départ.", "Click the start node."],
  exit: ["Cliquez le nœud de sortie.", "Click the exit node."],
  caravan: ["Cliquez les membres dans l'ordre, le premier à côté du départ.", "Click the members in order, the first next to the start."],
  sentry: ["Cliquez le nœud de la sentinelle, puis le voisin qu'elle regarde.", "Click the sentry's node, then the neighbour it faces."],
  pivot: ["Cliquez son nœud, puis ses orientations dans l'ordre, puis « Terminer ».",
    "Click its node, then its orientations in order, then « Done »."],
  patrol: ["Cliquez les nœuds de son parcours dans l'ordre, puis « Terminer ».", "Click the nodes of its route in order, then « Done »."],
  tracker: ["Cliquez le nœud du traqueur, puis le voisin qu'il regarde.", "Click the tracker's node, then the neighbour it faces."],
  erase: ["Cliquez un nœud pour l'effacer avec ses arêtes et ses ennemis.", "Click a node to erase it with its edges and enemies."],
};

function emptyLevel() {
  return {
    format: "meeple-stealth-level", version: 1, id: "custom",
    title: { fr: "Mon niveau", en: "My level" }, hint: { fr: "", en: "" },
    stones: 0, stone_range: 2, noise_radius: 2, nodes: [], edges: [], start: null, exit: null, caravan: [],
    enemies: [],
  };
}

function loadDraft() {
  try {
    const kept = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
    return kept && Array.isArray(kept.nodes) ? kept : emptyLevel();
  } catch {
    return emptyLevel();
  }
}

function edgeEnds(edge) {
  return Array.isArray(edge) ? edge : [edge.a, edge.b];
}

/** Replace the level list in root with the editor; back() returns to the list. */
export function openEditor(root, ctx, back) {
  let level = loadDraft();
  let tool = "node";
  let pending = [];          // the clicks of an edge, or an enemy's node then its facing / route / cycle
  let dragging = null;
  let report = null;
  let timer = null;
  let asked = 0;

  const board = s("svg", { viewBox: `0 0 ${2 * MARGIN + (WIDTH - 1) * SCALE} ${2 * MARGIN + (HEIGHT - 1) * SCALE}`,
    class: "stealth-board editor-board", role: "group", "aria-label": t("plan du niveau", "level map") });
  const status = h("div", { id: "editor-status", class: "editor-status", role: "status" });
  const help = h("p", { id: "editor-help", class: "editor-help" });
  const toolbar = h("div", { class: "editor-tools", role: "radiogroup", "aria-label": t("outil", "tool") });
  const finish = h("button", { type: "button", id: "editor-finish", hidden: true,
    on: { click: () => finishPending() } }, t("Terminer", "Done"));
  const loop = h("input", { type: "checkbox", id: "editor-loop" });
  const loopLabel = h("label", { hidden: true }, loop, " ", t("ronde en boucle", "looping round"));
  const play = h("button", { type: "button", id: "editor-play", class: "primary", disabled: true,
    on: { click: () => ctx.start({ options: { level_data: report?.level || levelDocument() } }) } }, t("Jouer ce niveau", "Play this level"));
  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "editor-import-file", hidden: true,
    on: { change: importFile } });
  const numbers = ["stones", "stone_range", "noise_radius"].map((key) => h("label", {},
    { stones: t("Pierres", "Stones"), stone_range: t("Portée", "Range"), noise_radius: t("Bruit", "Noise") }[key], " ",
    // the level format's limits (MAX_STONES, MAX_RANGE in games/stealth/level.py): the server refuses more
    h("input", { type: "number", min: key === "stones" ? 0 : 1, max: key === "stones" ? 5 : 4, value: level[key], id: `editor-${key}`,
      on: { change: (event) => { level[key] = Number(event.target.value); changed(); } } })));

  for (const [name, fr, en] of TOOLS) {
    toolbar.append(h("button", { type: "button", role: "radio", dataset: { tool: name },
      "aria-checked": String(name === tool), on: { click: () => { tool = name; pending = []; draw(); } } }, t(fr, en)));
  }
  clear(root).append(h("section", { class: "stealth-editor" },
    h("div", { class: "editor-head" },
      h("h2", {}, t("Créer un niveau", "Create a level")),
      h("button", { type: "button", on: { click: back } }, t("← Niveaux", "← Levels"))),
    toolbar, help, board, h("div", { class: "editor-numbers" }, finish, loopLabel), h("div", { class: "editor-numbers" }, numbers), status,
    h("div", { class: "editor-actions" }, play,
      h("button", { type: "button", id: "editor-export", on: { click: exportFile } }, t("Exporter", "Export")),
      h("button", { type: "button", id: "editor-import", on: { click: () => fileInput.click() } }, t("Importer", "Import")),
      h("button", { type: "button", id: "editor-clear", on: { click: () => { level = emptyLevel(); changed(); } } },
        t("Tout effacer", "Clear all")), fileInput)));
  board.addEventListener("click", onBoardClick);
  board.addEventListener("pointermove", onDrag);
  board.addEventListener("pointerup", endDrag);

  // --- editing -------------------------------------------------------------------------------------
  function nodeAt(name) {
    return level.nodes.find((node) => node.id === name);
  }

  function freeName() {
    let number = level.nodes.length + 1;
    while (nodeAt(`n${number}`)) number += 1;
    return `n${number}`;
  }

  function gridPoint(event) {
    const box = board.getBoundingClientRect();
    const scale = board.viewBox.baseVal.width / box.width;
    const x = Math.round(((event.clientX - box.left) * scale - MARGIN) / SCALE);
    const y = Math.round(((event.clientY - box.top) * scale - MARGIN) / SCALE);
    return [Math.min(Math.max(x, 0), WIDTH - 1), Math.min(Math.max(y, 0), HEIGHT - 1)];
  }

  function onBoardClick(event) {
    if (event.target !== board || tool !== "node") return;
    const [x, y] = gridPoint(event);
    if (level.nodes.some((node) => node.x === x && node.y === y)) return;
    level.nodes.push({ id: freeName(), x, y });
    changed();
  }

  function onDrag(event) {
    if (!dragging) return;
    const [x, y] = gridPoint(event);
    if (!level.nodes.some((node) => node !== dragging && node.x === x && node.y === y)) {
      dragging.x = x;
      dragging.y = y;
      draw();
    }
  }

  function endDrag() {
    if (dragging) {
      dragging = null;
      changed();
    }
  }

  function edgeIndex(a, b) {
    return level.edges.findIndex((edge) => { const [x, y] = edgeEnds(edge); return (x === a && y === b) || (x === b && y === a); });
  }

  function onNode(name) {
    const node = nodeAt(name);
    if (tool === "hide") node.hide = !node.hide || undefined;
    else if (tool === "key") {
      for (const other of level.nodes) delete other.key;
      node.key = "red";
    } else if (tool === "start") level.start = name;
    else if (tool === "exit") level.exit = name;
    else if (tool === "caravan") {
      // members in trail order: the first right behind the start; clicking a member again takes it off
      level.caravan = level.caravan || [];
      level.caravan = level.caravan.includes(name) ? level.caravan.filter((m) => m !== name) : [...level.caravan, name];
    }
    else if (tool === "erase") erase(name);
    else if (["edge", "oneway", "door"].includes(tool)) return edgeClick(name);
    else if (["sentry", "tracker", "pivot", "patrol"].includes(tool)) return enemyClick(name);
    else return;
    changed();
  }

  function erase(name) {
    level.nodes = level.nodes.filter((node) => node.id !== name);
    level.edges = level.edges.filter((edge) => !edgeEnds(edge).includes(name));
    level.enemies = level.enemies.filter((enemy) => ![enemy.node, ...(enemy.route || []), ...(enemy.cycle || []), enemy.facing].includes(name));
    if (level.start === name) level.start = null;
    if (level.exit === name) level.exit = null;
    level.caravan = (level.caravan || []).filter((member) => member !== name);
  }

  function edgeClick(name) {
    pending.push(name);
    if (pending.length < 2) return draw();
    const [a, b] = pending;
    pending = [];
    if (a === b) return draw();
    const index = edgeIndex(a, b);
    if (index >= 0) level.edges.splice(index, 1);
    if (tool === "edge") level.edges.push([a, b]);
    else if (tool === "oneway") level.edges.push({ a, b, oneway: true });
    else {
      level.edges.push({ a, b, door: "red" });
      if (!level.nodes.some((node) => node.key)) ctx.toast(t("Posez aussi la clé rouge (outil Clé).", "Place the red key too (Key tool)."));
    }
    changed();
  }

  function enemyClick(name) {
    pending.push(name);
    const needed = tool === "sentry" || tool === "tracker" ? 2 : 0;
    if (needed && pending.length === needed) finishPending();
    else draw();
  }

  function finishPending() {
    const [node, ...rest] = pending;
    pending = [];
    if (node !== undefined) {
      level.enemies = level.enemies.filter((enemy) => enemy.node !== node && !(enemy.route || []).includes(node));
      const id = `${tool}${level.enemies.length + 1}`;
      if (tool === "sentry" || tool === "tracker") level.enemies.push({ id, kind: tool, node, facing: rest[0] });
      else if (tool === "pivot") level.enemies.push({ id, kind: "pivot", node, cycle: rest });
      else if (tool === "patrol") level.enemies.push({ id, kind: "patrol", route: [node, ...rest], loop: loop.checked });
    }
    changed();
  }

  // --- the live check -----------------------------------------------------------------------------------
  function levelDocument() {
    const doc = { ...level };
    for (const key of ["start", "exit"]) if (doc[key] === null) delete doc[key];
    if (!doc.caravan || !doc.caravan.length) delete doc.caravan;
    return doc;
  }

  function changed() {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(level));
    for (const key of ["stones", "stone_range", "noise_radius"]) root.querySelector(`#editor-${key}`).value = level[key];
    report = null;
    draw();
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  async function check() {
    const number = ++asked;
    let answer = null;
    try {
      answer = await ctx.catalog("analyse", { level_data: levelDocument() });
    } catch (error) {
      answer = { ok: false, format_error: null, problems: [{ fr: String(error.message || error), en: String(error.message || error) }] };
    }
    if (number !== asked) return;  // an older answer, overtaken by a newer edit
    report = answer;
    draw();
  }

  /** The node (or nodes) a validator field points at: nodes[3], edges[2], enemies[1]…, start, exit. */
  function pointed(field) {
    const member = /^caravan\[(\d+)\]/.exec(field || "");
    if (member) return [(level.caravan || [])[Number(member[1])]];
    const found = /^(nodes|edges|enemies)\[(\d+)\]/.exec(field || "");
    if (!found) return field === "start" || field === "exit" ? [level[field]] : [];
    const item = level[found[1]][Number(found[2])];
    if (!item) return [];
    if (found[1] === "nodes") return [item.id];
    if (found[1] === "edges") return edgeEnds(item);
    return [item.node || (item.route || [])[0]];
  }

  function drawStatus() {
    clear(status);
    play.disabled = !(report && report.ok);
    if (!report) return status.append(t("Vérification…", "Checking…"));
    if (report.format_error) {
      const where = report.format_error.field;
      status.append(h("p", { class: "editor-error" }, `${where} : ${tr(report.format_error.reason)}`));
      return;
    }
    if (report.par !== null) {
      status.append(h("p", { class: "editor-ok", id: "editor-solvable" },
        t(`Soluble, par ${report.par} (${report.figures.reachable} états)`,
          `Solvable, par ${report.par} (${report.figures.reachable} states)`)));
      const needed = report.mechanics.filter((row) => row.needed).map((row) => tr(row.name));
      status.append(h("p", { id: "editor-needed" }, t("Mécaniques nécessaires : ", "Needed mechanics: "), needed.join(", ") || "—"));
      if (report.stars?.length) {
        const names = { finish: t("sortie", "exit"), par: t(`par (${report.par} coups)`, `par (${report.par} moves)`),
          ghost: t("fantôme", "ghost"), sweep: t("rafle", "sweep") };
        status.append(h("p", { id: "editor-stars" }, t("Étoiles offertes : ", "Stars offered: "),
          report.stars.map((star) => names[star] || star).join(", ")));
      }
    }
    for (const problem of report.problems) status.append(h("p", { class: "editor-error" }, tr(problem)));
  }

  // --- drawing ---------------------------------------------------------------------------------------
  function draw() {
    clear(board);
    for (const button of toolbar.children) button.setAttribute("aria-checked", String(button.dataset.tool === tool));
    finish.hidden = !(["pivot", "patrol"].includes(tool) && pending.length > 1);
    loopLabel.hidden = tool !== "patrol";
    help.textContent = t(...TOOL_HELP[tool]);
    const px = (node) => MARGIN + node.x * SCALE;
    const py = (node) => MARGIN + node.y * SCALE;
    const marked = new Set(report && report.format_error ? pointed(report.format_error.field) : []);
    // a validator reason that names enemies (too many neutralisable ones) rings their nodes too
    for (const problem of (report && report.problems) || []) {
      for (const enemy of level.enemies) {
        const id = String(enemy.id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        if (new RegExp(`(^|[ ,:])${id}(,|$)`).test(problem.en || "")) marked.add(enemy.node || (enemy.route || [])[0]);
      }
    }
    for (const enemy of level.enemies.filter((e) => e.kind === "patrol")) {
      const points = (enemy.route || []).map(nodeAt).filter(Boolean).map((node) => [px(node), py(node)]);
      if (points.length > 1) board.append(routePath(points, enemy.loop));
    }
    for (const edge of level.edges) {
      const [a, b] = edgeEnds(edge).map(nodeAt);
      if (!a || !b) continue;
      board.append(s("line", { x1: px(a), y1: py(a), x2: px(b), y2: py(b), class: ["edge", edge.oneway && "oneway"] }));
      if (edge.oneway) board.append(onewayArrows(px(a), py(a), px(b), py(b)));
      if (edge.door) board.append(doorPiece(px(a), py(a), px(b), py(b), keyColour(edge.door), false, t("porte", "door")));
    }
    for (const enemy of level.enemies) {
      const at = nodeAt(enemy.node || (enemy.route || [])[0]);
      const facing = nodeAt(enemy.facing || (enemy.cycle || [])[0] || (enemy.route || [])[1]);
      if (at && facing) board.append(viewCone(px(at), py(at), px(facing), py(facing)));
    }
    for (const node of level.nodes) {
      const classes = ["node", node.hide && "hide", node.id === level.exit && "exit", marked.has(node.id) && "editor-marked",
        pending.includes(node.id) && "editor-pending"];
      const group = s("g", { class: classes, dataset: { node: node.id } });
      if (node.hide) group.append(hidePiece(px(node), py(node)));
      group.append(s("circle", { cx: px(node), cy: py(node), r: 22, class: "node-shape" }));
      if (node.id === level.exit) group.append(exitPiece(px(node), py(node)));
      if (node.key) group.append(keyPiece(px(node) + 22, py(node) - 22, keyColour(node.key), t("clé", "key")));
      group.append(s("text", { x: px(node), y: py(node) + 40, class: "node-label" }, node.id));
      group.addEventListener("pointerdown", () => { if (tool === "node") dragging = node; });
      board.append(activatable(group, nodeLabel(node), () => onNode(node.id)));
    }
    for (const enemy of level.enemies) {
      const at = nodeAt(enemy.node || (enemy.route || [])[0]);
      if (!at) continue;
      const facing = nodeAt(enemy.facing || (enemy.cycle || [])[0] || (enemy.route || [])[1]);
      const next = enemy.kind === "pivot" ? nodeAt((enemy.cycle || [])[1]) : null;
      board.append(enemyPiece(enemy.kind, px(at), py(at), facing ? angleTo(px(at), py(at), px(facing), py(facing)) : 0,
        { nextAngle: next ? angleTo(px(at), py(at), px(next), py(next)) : null }));
    }
    (level.caravan || []).forEach((name, index) => {
      const node = nodeAt(name);
      if (node) board.append(memberPiece(px(node), py(node), index + 1));
    });
    const start = nodeAt(level.start);
    if (start) board.append(leaderPiece(px(start), py(start)));
    drawStatus();
  }

  /** A node in words for a keyboard player: its name and what it holds. */
  function nodeLabel(node) {
    const parts = [node.id];
    if (node.id === level.start) parts.push(t("départ", "start"));
    if (node.id === level.exit) parts.push(t("sortie", "exit"));
    if (node.hide) parts.push(t("cachette", "hide node"));
    if (node.key) parts.push(t("clé", "key"));
    if ((level.caravan || []).includes(node.id)) parts.push(t("caravane", "caravan"));
    const enemy = level.enemies.find((e) => e.node === node.id || (e.route || [])[0] === node.id);
    if (enemy) parts.push({ sentry: t("sentinelle", "sentry"), pivot: t("sentinelle pivotante", "pivoting sentry"),
      patrol: t("patrouille", "patrol"), tracker: t("traqueur", "tracker") }[enemy.kind]);
    return parts.join(" — ");
  }

  // --- files ----------------------------------------------------------------------------------------
  function exportFile() {
    saveJson(`${level.id || "level"}.json`, levelDocument());
  }

  async function importFile() {
    const file = fileInput.files && fileInput.files[0];
    if (!file) return;
    try {
      const data = JSON.parse(await file.text());
      if (!data || !Array.isArray(data.nodes)) throw new Error("nodes");
      level = { ...emptyLevel(), ...data };
      changed();
    } catch {
      ctx.toast(t("Ce fichier n'est pas un niveau d'infiltration.", "This file is not a stealth level."), "error");
    }
    fileInput.value = "";
  }

  changed();
}
