// Stealth: the level select (acts, earned stars, the daily level, the editor); the level map drawn as a game
// (stealth-pieces.js); click a node to move there; the engine's preview on hover (hand on the enemy about to
// be neutralised, capture warning); the enemies' moves animated after yours; « Indice » (the next move of a
// shortest way out, at the cost of the par star); the win screen with each star and what it means; the
// Neutralised tray; a replayed step shown as it was.
import { activatable, add, clear, h, keepFocus, s, tip } from "../dom.js";
import { t, tr } from "../i18n.js";
import { PHONE, stageOf } from "../layout.js";
import { boardView } from "../zoom.js";
import { openEditor } from "./stealth-editor.js";
import {
  angleTo, directionWords, doorPiece, enemyPiece, exitPiece, handIcon, hidePiece, keyColour, keyPiece, kindTitle,
  leaderPiece, memberPiece, onewayArrows, postMark, routePath, viewCone, warningIcon,
} from "./stealth-pieces.js";

const STARS_KEY = "meeple.stealth.stars";
const PREVIEW_KEY = "meeple.stealth.preview";
const HINTED_KEY = "meeple.stealth.hinted";
const SCALE = 100;
const MARGIN = 60;
const NODE_TARGET = 80; // board units a finger needs around a node (its hit disc is 88 across)
const TOOLS_ROOM = 70; // board units above the map where the zoom buttons sit
const LEADER_MS = 280;
const ENEMY_MS = 320;
const calmMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch {
    return fallback;
  }
}

/** Stars earned so far, by level id (kept in this browser). */
function earnedStars() {
  return stored(STARS_KEY, {});
}

function rememberStars(levelId, stars) {
  const all = earnedStars();
  all[levelId] = [...new Set([...(all[levelId] || []), ...stars])];
  localStorage.setItem(STARS_KEY, JSON.stringify(all));
}

/** The rooms (codes) where the player asked for a hint: their par star is lost. */
function hintedRooms() {
  return stored(HINTED_KEY, []);
}

function rememberHint(code) {
  const rooms = hintedRooms().filter((room) => room !== code).slice(-49); // the last 50 rooms are enough
  localStorage.setItem(HINTED_KEY, JSON.stringify([...rooms, code]));
}

export function starName(star) {
  return { finish: t("Sortie", "Exit"), par: t("Par", "Par"), ghost: t("Fantôme", "Ghost"), sweep: t("Rafle", "Sweep") }[star] || star;
}

export function starTitle(star, par) {
  return {
    finish: t("Atteindre la sortie", "Reach the exit"),
    par: t(`En ${par ?? "?"} coups ou moins`, `In ${par ?? "?"} moves or fewer`),
    ghost: t("Sans neutraliser personne", "Without neutralising anyone"),
    sweep: t("Neutraliser tous les ennemis", "Neutralise every enemy"),
  }[star] || star;
}

function starRow(declared, earned, par) {
  return h("span", { class: "stars" }, declared.map((star) => h("span", {
    class: ["star", earned.includes(star) && "earned"],
    title: starTitle(star, par),
    "aria-label": `${starTitle(star, par)} : ${earned.includes(star) ? t("obtenue", "earned") : t("pas encore", "not yet")}`,
  }, earned.includes(star) ? "★" : "☆")));
}

/** An enemy as the player reads it: the levels name enemies after their kind ("sentry", "patrol2"), in English. */
function enemyName(id) {
  const match = /^(sentry|pivot|patrol|tracker)(\d*)$/.exec(id);
  return match ? `${kindTitle(match[1])}${match[2] ? ` ${match[2]}` : ""}` : id;
}

/** The enemy's name at the start of a sentence: "Sentinelle donne l'alerte". */
function capitalisedEnemyName(id) {
  const name = enemyName(id);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function eventText(event) {
  switch (event.type) {
    case "key": return t(`Clé ${event.key} ramassée`, `Picked up the ${event.key} key`);
    case "exit": return t("Sortie atteinte", "Exit reached");
    case "throw": return t("Pierre sonore lancée", "Noise stone thrown");
    case "capture": return t(`Capture ! (${event.by.map(enemyName).join(", ")})`, `Captured! (${event.by.map(enemyName).join(", ")})`);
    case "neutralise": return t(`Hors de combat : ${enemyName(event.enemy)}`, `${capitalisedEnemyName(event.enemy)} neutralised`);
    case "divert": return t(`${capitalisedEnemyName(event.enemy)} part vers le bruit`, `${capitalisedEnemyName(event.enemy)} heads for the noise`);
    case "alert": return t(`${capitalisedEnemyName(event.enemy)} donne l'alerte`, `${capitalisedEnemyName(event.enemy)} raises the alarm`);
    default: return null;
  }
}

/** A seated silhouette for the Neutralised tray. */
function silhouette(label) {
  return s("svg", { viewBox: "0 0 40 48", class: "seated", role: "img", "aria-label": label },
    s("circle", { cx: 20, cy: 9, r: 7 }),
    s("path", { d: "M12 18 h14 a4 4 0 0 1 4 4 v10 h6 v14 h-6 v-8 h-18 a4 4 0 0 1 -4 -4 v-12 a4 4 0 0 1 4 -4z" }),
    s("rect", { x: 4, y: 30, width: 4, height: 16, rx: 1 }));
}

/** The player's date (the daily level is the same for everyone on a date). */
function localDate() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

async function startDaily(ctx) {
  const answer = await ctx.catalog("daily", { date: localDate() });
  ctx.start({ options: { level_data: answer.level } });
}

async function setup(root, ctx) {
  const levels = await ctx.catalog("levels");
  const stars = earnedStars();
  const acts = [...new Set(levels.map((level) => level.act))];
  const daily = h("button", { type: "button", id: "daily-level", class: "primary", on: { click: async () => {
    daily.disabled = true;
    try {
      await startDaily(ctx);
    } catch (error) {
      ctx.toast(String(error.message || error), "error");
      daily.disabled = false;
    }
  } } }, t("Jouer le niveau du jour", "Play today's level"));
  root.append(h("section", { class: "stealth-daily panel", id: "stealth-daily" },
    h("h2", {}, t("Niveau du jour", "Today's level")),
    h("p", {}, t("Un niveau créé pour la date d'aujourd'hui, le même pour tout le monde.",
      "A level made for today's date, the same for everyone.")), daily),
  h("button", { type: "button", id: "create-level", class: "create-level", on: { click: () =>
    openEditor(root, ctx, () => { clear(root); setup(root, ctx); }) } }, t("Créer un niveau", "Create a level")));
  for (const act of acts) {
    root.append(h("section", { class: "stealth-act" },
      h("h2", {}, t(`Acte ${act}`, `Act ${act}`)),
      h("ol", { class: "level-grid" }, levels.filter((level) => level.act === act).map((level) => h("li", {},
        h("button", {
          type: "button", class: "level-button", dataset: { level: level.id },
          on: { click: () => ctx.start({ options: { level: level.id } }) },
        },
        h("span", { class: "level-id" }, level.id),
        h("span", { class: "level-title" }, tr(level.title)),
        starRow(level.stars, stars[level.id] || [], level.par)))))));
  }
  if (/\/daily$/.test(location.hash)) { // the lobby's « Niveau du jour » link: straight into it
    history.replaceState(null, "", "#/new/stealth"); // back from the room comes to the level select
    daily.click();
  }
  return () => null;
}

function mount(root, ctx) {
  let state = null;
  let info = null;
  let throwing = false;
  let hovered = null;
  let redrawing = false;
  let hint = null; // {version, move} of the hint asked for the position on the board
  let levelList = null; // the shipped levels, once asked (for « Niveau suivant »)
  let drawnKey = null; // the state whose pieces were drawn last (their places, for the animations)
  let placed = { key: null, moves: 0, pieces: new Map() };
  let animatedUntil = 0;
  const board = s("svg", { class: "board stealth-board", role: "group" });
  // on a phone a node's finger-sized disc (88 units across) is drawn 44 px wide at least: a wide level pans
  const zoom = boardView(board, { cell: NODE_TARGET });
  const previewBox = h("p", { class: "stealth-preview", id: "stealth-preview", "aria-live": "polite" });
  const controls = h("div", { class: "stealth-controls", id: "stealth-controls" }); // the current action's, in the bar
  const side = h("aside", { class: "stealth-side" }); // what the player reads: the level, the tray, the stars
  root.append(zoom.element);
  ctx.bar.append(previewBox, controls);
  ctx.details.append(side);

  ctx.query("level").then((answer) => {
    info = answer;
    if (state) draw();
  });

  const previewOn = () => localStorage.getItem(PREVIEW_KEY) !== "off";
  const hinted = () => hintedRooms().includes(ctx.code);

  function legalFor(node) {
    const kind = throwing ? "throw" : "to";
    return (state.legal || []).find((move) => move[kind] === node) || null;
  }

  function previewOf(move) {
    if (!move) return null;
    return (state.view.previews || []).find((p) => JSON.stringify(p.move) === JSON.stringify(move)) || null;
  }

  /** Redraw everything; a keyboard player keeps the focus on the same node. */
  function draw() {
    redrawing = true; // the focus and blur of a redraw are not the player's: they change no preview
    try {
      keepFocus(stageOf(root), drawNow); // the bar is outside root
    } finally {
      redrawing = false;
    }
  }

  function drawNow() {
    const view = state.view;
    const nodes = new Map(view.nodes.map((node) => [node.id, node]));
    const xs = view.nodes.map((n) => n.x), ys = view.nodes.map((n) => n.y);
    const minX = Math.min(...xs), minY = Math.min(...ys);
    const width = (Math.max(...xs) - minX) * SCALE + 2 * MARGIN;
    const height = (Math.max(...ys) - minY) * SCALE + 2 * MARGIN;
    const px = (node) => (node.x - minX) * SCALE + MARGIN;
    const py = (node) => (node.y - minY) * SCALE + MARGIN;
    const at = (id) => { const node = nodes.get(id); return [px(node), py(node)]; };
    clear(board);
    board.setAttribute("aria-label", t("Plan du niveau", "Level map"));
    const active = view.enemies.filter((enemy) => enemy.state !== "out" && enemy.node);
    const preview = previewOn() && hovered ? previewOf(legalFor(hovered)) : null;
    const [lx, ly] = at(view.leader);
    const pieces = new Map(); // id → {element, x, y, angle, nose, cone}: what the animations move

    for (const edge of view.edges) {
      const [x1, y1] = at(edge.a), [x2, y2] = at(edge.b);
      board.append(s("line", { x1, y1, x2, y2, class: ["edge", edge.oneway && "oneway"] }));
      if (edge.oneway) board.append(onewayArrows(x1, y1, x2, y2));
    }
    for (const enemy of active) { // a patrol's route, dotted along its edges
      const spec = (info?.patrols || []).find((patrol) => patrol.id === enemy.id);
      if (spec) board.append(routePath(spec.route.map(at), spec.loop));
    }
    const cones = new Map();
    for (const enemy of active) {
      if (!enemy.facing || !nodes.get(enemy.facing)) continue;
      const cone = viewCone(...at(enemy.node), ...at(enemy.facing), enemy.state === "diverted");
      cones.set(enemy.id, cone);
      board.append(cone);
    }
    for (const edge of view.edges.filter((e) => e.door)) {
      const label = edge.open ? t(`Porte ${edge.door} ouverte`, `${edge.door} door, open`)
        : t(`Porte ${edge.door} fermée : il faut la clé`, `${edge.door} door, closed: the key is needed`);
      board.append(doorPiece(...at(edge.a), ...at(edge.b), keyColour(edge.door), edge.open, label));
    }
    const standing = new Map();
    for (const enemy of active) standing.set(enemy.node, [...(standing.get(enemy.node) || []), enemyLabel(enemy)]);
    for (const node of view.nodes) board.append(drawNode(node, px(node), py(node), preview, standing.get(node.id) || [], lx, ly));
    for (const post of Object.values(info?.posts || {})) if (nodes.get(post)) board.append(postMark(...at(post)));
    for (const enemy of active) {
      const [x, y] = at(enemy.node);
      const angle = enemy.facing && nodes.get(enemy.facing) ? angleTo(x, y, ...at(enemy.facing)) : 0;
      const next = enemy.kind === "pivot" && enemy.next_facing && enemy.next_facing !== enemy.facing
        ? angleTo(x, y, ...at(enemy.next_facing)) : null;
      const piece = enemyPiece(enemy.kind, x, y, angle, { nextAngle: next, alert: enemy.state === "alert",
        diverted: enemy.state === "diverted", label: enemyLabel(enemy) });
      piece.dataset.enemy = enemy.id;
      const wrapper = s("g", {}, piece);
      if (preview && preview.neutralises.includes(enemy.id)) wrapper.append(handIcon(x + 20, y - 24));
      board.append(wrapper);
      pieces.set(`enemy:${enemy.id}`, { element: wrapper, x, y, angle, nose: piece.querySelector(".facing"), cone: cones.get(enemy.id) });
    }
    view.members.forEach((id, index) => {
      const wrapper = s("g", {}, memberPiece(...at(id), index + 1));
      board.append(wrapper);
      pieces.set(`member:${index}`, { element: wrapper, x: at(id)[0], y: at(id)[1] });
    });
    const you = s("g", {}, leaderPiece(lx, ly));
    board.append(you);
    pieces.set("leader", { element: you, x: lx, y: ly });
    // the view owns the viewBox; a wide level on a phone shows first where you stand
    // (on a phone, a strip above the map for the zoom buttons: on a level one or two nodes high they would
    // cover nodes)
    const room = PHONE.matches ? TOOLS_ROOM : 0; // beside a wide screen's board the buttons sit above it
    zoom.setContent({ x: 0, y: -room, width, height: height + room },
      { x: lx - 2 * SCALE, y: ly - 2 * SCALE, width: 4 * SCALE, height: 4 * SCALE });
    animate(pieces);
    drawPreviewText(preview);
    drawSide();
  }

  /** After a move, the leader walks first, then the enemies move and turn, then their view cones show. */
  function animate(pieces) {
    const key = `${state.version}:${state.moves}:${state.replay ? "r" : "l"}`;
    const fresh = key !== drawnKey;
    drawnKey = key;
    if (!fresh) return;
    const before = placed;
    placed = { key, moves: state.moves, pieces: new Map([...pieces].map(([id, p]) => [id, { x: p.x, y: p.y, angle: p.angle }])) };
    // only a move forward is animated (not an undo, nor a jump of the replay)
    if (calmMotion.matches || before.key === null || state.moves !== before.moves + 1) return;
    animatedUntil = performance.now() + LEADER_MS + ENEMY_MS + 200;
    for (const [id, piece] of pieces) {
      const old = before.pieces.get(id);
      if (!old || typeof piece.element.animate !== "function") continue;
      const enemy = id.startsWith("enemy:");
      const timing = { duration: enemy ? ENEMY_MS : LEADER_MS, delay: enemy ? LEADER_MS : 0, easing: "ease-in-out", fill: "backwards" };
      const [dx, dy] = [old.x - piece.x, old.y - piece.y];
      if (dx || dy) piece.element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], timing);
      if (enemy && piece.nose && old.angle !== undefined && old.angle !== piece.angle) {
        const turn = ((piece.angle - old.angle + 540) % 360) - 180; // the short way round
        piece.nose.animate([{ transform: `rotate(${piece.angle - turn}deg)` }, { transform: `rotate(${piece.angle}deg)` }], timing);
      }
      if (enemy && piece.cone) piece.cone.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay: LEADER_MS + ENEMY_MS, fill: "backwards" });
    }
  }

  /** Where a node lies from the leader, in words: a keyboard player moves by it (no names on the map). */
  function nodeWords(node, x, y, lx, ly) {
    const parts = [];
    if (node.id === state.view.leader) parts.push(t("votre nœud", "your node"));
    else parts.push(t(`nœud vers ${directionWords(lx, ly, x, y)}`, `node to the ${directionWords(lx, ly, x, y)}`));
    if (node.exit) parts.push(t("sortie", "exit"));
    if (node.hide) parts.push(t("cachette", "hide node"));
    if (node.key) parts.push(t(`clé ${node.key}`, `${node.key} key`));
    return parts;
  }

  function drawNode(node, x, y, preview, enemies, lx, ly) {
    const move = state.legal ? legalFor(node.id) : null;
    const hinted = hint && hint.version === state.version && (hint.move?.to ?? hint.move?.throw) === node.id;
    const group = s("g", { class: ["node", move && "target", node.exit && "exit", node.hide && "hide", hovered === node.id && "hovered", hinted && "hinted"], dataset: { node: node.id } });
    group.append(s("circle", { cx: x, cy: y, r: 44, class: "hit-area" }));
    if (node.hide) group.append(hidePiece(x, y));
    group.append(s("circle", { cx: x, cy: y, r: 15, class: "node-shape" }));
    if (node.exit) group.append(exitPiece(x, y));
    if (node.key) group.append(keyPiece(x + 20, y - 20, keyColour(node.key), t(`Clé ${node.key}`, `${node.key} key`)));
    if (hinted) group.append(s("circle", { cx: x, cy: y, r: 30, class: "hint-ring" }));
    if (preview && hovered === node.id && preview.capture) group.append(warningIcon(x + 20, y - 20));
    const label = [...nodeWords(node, x, y, lx, ly), ...enemies].join(" — ");
    if (move) {
      const action = throwing ? t("lancer la pierre sur le", "throw the stone onto the") : t("aller au", "go to the");
      activatable(group, `${action} ${label}`, () => play(move));
      group.addEventListener("mouseenter", () => hover(node.id));
      group.addEventListener("mouseleave", () => hover(null));
      group.addEventListener("focus", () => { if (!redrawing && group.matches(":focus-visible")) hover(node.id); });
      group.addEventListener("blur", (event) => {
        if (!redrawing && !event.relatedTarget?.closest?.("[data-node]")) hover(null);
      });
    } else {
      tip(group, label); // a tooltip: a group without a role may not carry an aria-label
    }
    return group;
  }

  /** An enemy in words: its kind, where it looks, whether it is alert or diverted. */
  function enemyLabel(enemy) {
    const nodes = new Map(state.view.nodes.map((node) => [node.id, node]));
    const here = nodes.get(enemy.node), facing = nodes.get(enemy.facing);
    const name = enemyName(enemy.id) === kindTitle(enemy.kind) ? kindTitle(enemy.kind) : `${enemyName(enemy.id)} (${kindTitle(enemy.kind)})`;
    let label = facing ? `${name}, ${t("regarde vers", "looking")} ${directionWords(here.x, here.y, facing.x, facing.y)}` : name;
    if (enemy.state === "alert") label += ` — ${t("en alerte : impossible à neutraliser", "alert: cannot be neutralised")}`;
    if (enemy.state === "diverted") label += ` — ${t("détourné par le bruit", "diverted by the noise")}`;
    return label;
  }

  function drawPreviewText(preview) {
    clear(previewBox);
    if (!preview) return;
    const parts = [];
    if (preview.neutralises.length) parts.push(`${t("neutralise", "neutralises")} ${preview.neutralises.map(enemyName).join(", ")}`);
    if (preview.capture) parts.push(`⚠ ${t("capture par", "captured by")} ${preview.capture.by.map(enemyName).join(", ")}`);
    if (preview.win) parts.push(`⚑ ${t("sortie !", "exit!")}`);
    if (!parts.length) parts.push(t("rien ne se passe", "nothing happens"));
    previewBox.append(h("strong", {}, t("Aperçu : ", "Preview: ")), parts.join(" · "));
    previewBox.classList.toggle("danger", Boolean(preview.capture));
  }

  function heading() {
    if (!info) return typeof state.view.level === "string" ? state.view.level : state.view.level?.id;
    return /^\d+-\d+$/.test(info.id) ? `${info.id} · ${tr(info.title)}` : tr(info.title);
  }

  function drawSide() {
    const view = state.view;
    const total = view.enemies.length;
    const declared = view.stars?.declared || info?.stars || [];
    const canThrow = (state.legal || []).some((move) => move.throw);
    clear(side);
    clear(controls);
    add(controls,
      state.replay ? replayNote(view) : null,
      !state.replay && state.outcome ? endScreen(view, declared) : null,
      state.legal && !state.outcome ? hintControls() : null,
      canThrow || throwing ? h("button", { type: "button", id: "throw", "aria-pressed": String(throwing),
        on: { click: () => { throwing = !throwing; hovered = null; draw(); } } },
      throwing ? t("Annuler le lancer", "Cancel the throw") : t("Lancer une pierre sonore", "Throw a noise stone")) : null);
    add(side,
      h("h2", {}, heading()),
      info ? h("p", { class: "hint" }, tr(info.hint)) : null,
      h("p", {}, t(`Tour ${view.turn}`, `Turn ${view.turn}`), info?.par ? ` · ${t("par", "par")} ${info.par}` : "",
        view.stones ? ` · ${t("pierres", "stones")} ${view.stones}` : "",
        view.keys.length ? ` · ${t("clés", "keys")} ${view.keys.join(", ")}` : ""),
      h("div", { class: "tray", id: "tray" },
        h("h3", {}, t("Neutralisés", "Neutralised"), " ", h("span", { class: "tray-count", id: "tray-count" }, `${view.tray} / ${total}`)),
        h("div", { class: "tray-seats" }, view.enemies.filter((e) => e.state === "out").map((e) => silhouette(t(`Hors de combat : ${enemyName(e.id)}`, `${capitalisedEnemyName(e.id)} neutralised`))))),
      view.enemies.filter((e) => e.state !== "out" && !e.neutralisable).map((e) => h("p", { class: "alert-note" },
        h("span", { class: "alert-swatch", "aria-hidden": "true" }),
        t(`${capitalisedEnemyName(e.id)} : en alerte, impossible à neutraliser`, `${capitalisedEnemyName(e.id)}: on alert, cannot be neutralised`))),
      state.outcome && !state.replay ? null : h("p", {}, t("Étoiles : ", "Stars: "), starRow(declared, [], info?.par)),
      h("label", { class: "choice" }, h("input", { type: "checkbox", id: "preview-setting", checked: previewOn(),
        on: { change: (event) => { localStorage.setItem(PREVIEW_KEY, event.target.checked ? "on" : "off"); draw(); } } }),
      t("Aperçu du coup", "Move preview")),
      h("ul", { class: "events" }, (view.events || []).map(eventText).filter(Boolean).map((text) => h("li", {}, text))));
  }

  /** What the replayed step was: its move number and, at the last one, how the level ended. */
  function replayNote(view) {
    const outcome = view.outcome;
    let text = t(`Revoir : position après ${view.turn} coup(s)`, `Replay: the position after ${view.turn} move(s)`);
    if (outcome) text += ` — ${outcome.winners.length ? t("gagné", "won") : t("perdu", "lost")} : ${tr(outcome.reason)}`;
    else text += ` — ${t("la partie continue", "still in play")}`;
    return h("p", { class: "replay-step-state", id: "replay-step-state" }, text);
  }

  function hintControls() {
    const lost = hinted() && info?.stars?.includes("par");
    const shown = hint && hint.version === state.version;
    let text = null;
    if (shown) {
      const move = hint.move;
      if (!move) text = t("Plus aucune sortie possible d'ici : annulez un coup.", "No way out from here any more: undo a move.");
      else if (move.throw) text = t("Indice : lancez la pierre sur le nœud entouré.", "Hint: throw the stone onto the ringed node.");
      else text = t("Indice : allez au nœud entouré.", "Hint: go to the ringed node.");
    }
    return h("div", { class: "stealth-hint" },
      h("button", { type: "button", id: "hint", on: { click: askHint } },
        info?.stars?.includes("par") && !hinted() ? t("Indice (coûte l'étoile par)", "Hint (costs the par star)") : t("Indice", "Hint")),
      text ? h("p", { id: "hint-text", class: "hint-text", role: "status" }, text) : null,
      lost ? h("p", { class: "muted", id: "hint-cost" }, t("Indice utilisé : l'étoile « par » est perdue pour cette partie.",
        "Hint used: the par star is lost for this game.")) : null);
  }

  async function askHint() {
    const asked = state.version;
    rememberHint(ctx.code);
    const answer = await ctx.query("hint");
    if (!answer || state.version !== asked) return;
    hint = { version: asked, move: answer.move };
    draw();
  }

  /** The stars this game earns: the engine's, less the par star after a hint. */
  function earnedNow(view) {
    const earned = view.stars?.earned || [];
    return hinted() ? earned.filter((star) => star !== "par") : earned;
  }

  /** The end of a level: won (each declared star, earned or not, and what it asks) or lost, and what next. */
  function endScreen(view, declared) {
    const won = state.outcome.winners.length > 0;
    const earned = earnedNow(view);
    if (won && info) rememberStars(info.id, earned);
    const moves = state.outcome.details?.moves ?? view.turn;
    const why = {
      finish: t("vous êtes sorti", "you got out"),
      par: hinted() ? t("un indice a été utilisé", "a hint was used") : t(`${moves} coups pour un par de ${info?.par}`, `${moves} moves for a par of ${info?.par}`),
      ghost: t(`${view.tray} ennemi(s) neutralisé(s)`, `${view.tray} enemy(ies) neutralised`),
      sweep: t(`${view.tray} sur ${view.enemies.length} neutralisé(s)`, `${view.tray} of ${view.enemies.length} neutralised`),
    };
    const list = won ? h("ul", { class: "win-stars" }, declared.map((star) => h("li", { class: ["win-star", earned.includes(star) && "earned"], dataset: { star } },
      h("span", { class: ["star", earned.includes(star) && "earned"], "aria-hidden": "true" }, earned.includes(star) ? "★" : "☆"),
      h("strong", {}, starName(star)), ` — ${starTitle(star, info?.par)} `,
      h("span", { class: "muted" }, `(${earned.includes(star) ? t("obtenue", "earned") : t("manquée", "missed")} : ${why[star]})`)))) : null;
    return h("section", { class: ["end-screen", won ? "won" : "lost"], id: won ? "win-screen" : "lose-screen", role: "status" },
      h("h3", {}, won ? t(`Niveau réussi en ${moves} coups`, `Level done in ${moves} moves`) : t("Capturé ou bloqué", "Caught or stuck")),
      won ? h("p", { class: "stars" }, t(`${earned.length} étoile(s) sur ${declared.length}`, `${earned.length} star(s) of ${declared.length}`)) : null,
      list, endButtons(won));
  }

  function endButtons(won) {
    const next = won ? nextLevel() : null;
    return h("div", { class: "after-level" },
      h("a", { class: "button", href: "#/new/stealth" }, t("Choix du niveau", "Level select")),
      h("button", { type: "button", id: "retry-level", on: { click: () => ctx.newGame({ options: sameLevel() }) } },
        won ? t("Rejouer", "Play again") : t("Recommencer", "Try again")),
      next ? h("button", { type: "button", class: "primary", id: "next-level", on: { click: () => ctx.newGame({ options: { level: next.id } }) } },
        t("Niveau suivant", "Next level")) : null);
  }

  /** The options of this level again: the shipped level by id, or the level sent inline (custom, daily). */
  function sameLevel() {
    return info?.options || { level: info?.id };
  }

  /** The next shipped level in the same act, or null (the act's last level, a custom or daily level). */
  function nextLevel() {
    if (!levelList) {
      ctx.catalog("levels").then((levels) => { levelList = levels; draw(); });
      return null;
    }
    const index = levelList.findIndex((level) => level.id === info?.id);
    const following = index >= 0 ? levelList[index + 1] : null;
    return following && following.act === levelList[index].act ? following : null;
  }

  let settling = null; // a hover's redraw waits for the turn's animation to end (a redraw would cut it short)
  function hover(node) {
    if (hovered === node) return;
    hovered = node;
    const wait = animatedUntil - performance.now();
    if (wait <= 0) return draw();
    clearTimeout(settling);
    settling = setTimeout(draw, wait);
    return undefined;
  }

  async function play(move) {
    hovered = null;
    const wasThrowing = throwing;
    throwing = false;
    if (!(await ctx.play(move)) && wasThrowing) throwing = true;
  }

  return {
    ownEndButtons: true, // the level select and next level: the shell adds no "New game"
    update(next) {
      state = next;
      if (!(state.legal || []).some((move) => move.throw)) throwing = false;
      draw();
    },
    destroy() {
      clearTimeout(settling);
      zoom.destroy();
    },
  };
}

/** The board shapes of a move, for the history's highlight: the node walked to or the stone's node. */
function lastMove(move) {
  const node = move?.to ?? move?.throw;
  return node ? [`[data-node="${CSS.escape(node)}"]`] : [];
}

export default { players: "solo", hideStart: true, setup, mount, lastMove, actionBar: true };
