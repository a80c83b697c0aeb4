// Stealth: act and level select with earned stars; the node graph as SVG; click a node to move there;
// the engine's preview on hover (hand on the enemy about to be neutralised, capture warning); undo;
// the Neutralised tray; enemy fronts in the threat colour; the alert tracker's frame.
import { activatable, add, clear, h, keepFocus, s, slider, tip } from "../dom.js";
import { t, tr } from "../i18n.js";
import { openEditor } from "./stealth-editor.js";

const STARS_KEY = "meeple.stealth.stars";
const PREVIEW_KEY = "meeple.stealth.preview";
const SCALE = 100;
const MARGIN = 60;

/** Stars earned so far, by level id (kept in this browser). */
function earnedStars() {
  try {
    return JSON.parse(localStorage.getItem(STARS_KEY) || "{}");
  } catch {
    return {};
  }
}

function rememberStars(levelId, stars) {
  const all = earnedStars();
  all[levelId] = [...new Set([...(all[levelId] || []), ...stars])];
  localStorage.setItem(STARS_KEY, JSON.stringify(all));
}

function starTitle(star, par) {
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

function kindTitle(kind) {
  return {
    sentry: t("sentinelle", "sentry"),
    pivot: t("sentinelle pivotante", "pivoting sentry"),
    patrol: t("patrouille", "patrol"),
    tracker: t("traqueur", "tracker"),
  }[kind] || kind;
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
    case "throw": return t(`Pierre sonore lancée sur ${event.node}`, `Noise stone thrown onto ${event.node}`);
    case "capture": return t(`Capture ! (${event.by.map(enemyName).join(", ")})`, `Captured! (${event.by.map(enemyName).join(", ")})`);
    case "neutralise": return t(`Hors de combat : ${enemyName(event.enemy)}`, `${capitalisedEnemyName(event.enemy)} neutralised`);
    case "divert": return t(`${capitalisedEnemyName(event.enemy)} part vers le bruit (${event.toward})`, `${capitalisedEnemyName(event.enemy)} heads for the noise (${event.toward})`);
    case "alert": return t(`${capitalisedEnemyName(event.enemy)} donne l'alerte`, `${capitalisedEnemyName(event.enemy)} raises the alarm`);
    default: return null;
  }
}

/** The hand drawn on the enemy a move would neutralise. */
function handIcon(x, y) {
  return s("g", { class: "hand-icon", transform: `translate(${x},${y})` },
    s("rect", { x: -7, y: -2, width: 14, height: 12, rx: 4 }),
    [-6, -2, 2, 6].map((dx, i) => s("rect", { x: dx - 1.6, y: -11 + (i === 0 || i === 3 ? 3 : 0), width: 3.2, height: 12, rx: 1.6 })),
    s("rect", { x: -11, y: 0, width: 7, height: 3.2, rx: 1.6, transform: "rotate(-35 -7 2)" }));
}

/** The capture warning: a red triangle with an exclamation mark. */
function warningIcon(x, y) {
  return s("g", { class: "warning-icon", transform: `translate(${x},${y})` },
    s("path", { d: "M0,-11 L11,9 L-11,9 z" }),
    s("text", { x: 0, y: 7, "text-anchor": "middle" }, "!"));
}

function keyIcon(x, y, colour) {
  return s("g", { class: "key-icon", transform: `translate(${x},${y})`, fill: "none", stroke: colour, "stroke-width": 3 },
    s("circle", { cx: -5, cy: 0, r: 4 }), s("path", { d: "M-1,0 H9 M6,0 V4 M9,0 V4" }));
}

/** A seated silhouette for the Neutralised tray. */
function silhouette(label) {
  return s("svg", { viewBox: "0 0 40 48", class: "seated", role: "img", "aria-label": label },
    s("circle", { cx: 20, cy: 9, r: 7 }),
    s("path", { d: "M12 18 h14 a4 4 0 0 1 4 4 v10 h6 v14 h-6 v-8 h-18 a4 4 0 0 1 -4 -4 v-12 a4 4 0 0 1 4 -4z" }),
    s("rect", { x: 4, y: 30, width: 4, height: 16, rx: 1 }));
}

async function setup(root, ctx) {
  const levels = await ctx.catalog("levels");
  const stars = earnedStars();
  const acts = [...new Set(levels.map((level) => level.act))];
  root.append(h("button", { type: "button", id: "create-level", class: "create-level", on: { click: () =>
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
  return () => null;
}

function mount(root, ctx) {
  let state = null;
  let info = null;
  let throwing = false;
  let hovered = null;
  let redrawing = false;
  const motion = slider();
  let labelSize = 12; // the node names' size in the board's units (see drawNow)
  const board = s("svg", { class: "board stealth-board", role: "group" });
  const previewBox = h("p", { class: "stealth-preview", id: "stealth-preview", "aria-live": "polite" });
  const side = h("aside", { class: "stealth-side" });
  root.append(h("div", { class: "game-layout" }, h("div", {}, board, previewBox), side));

  ctx.query("level").then((answer) => {
    info = answer;
    if (state) draw();
  });

  const previewOn = () => localStorage.getItem(PREVIEW_KEY) !== "off";

  function legalFor(node) {
    const kind = throwing ? "throw" : "to";
    return (state.legal || []).find((move) => move[kind] === node) || null;
  }

  function previewOf(move) {
    if (!move) return null;
    return (state.view.previews || []).find((p) => JSON.stringify(p.move) === JSON.stringify(move)) || null;
  }

  /** Redraw everything; a keyboard player keeps the focus on the same node (the level's title, say, may
   * arrive after the board was first drawn). */
  function draw() {
    redrawing = true; // the focus and blur of a redraw are not the player's: they change no preview
    try {
      keepFocus(root, drawNow);
    } finally {
      redrawing = false;
    }
  }

  function drawNow() {
    motion.track(`${state.version}:${state.moves}`);
    const view = state.view;
    const nodes = new Map(view.nodes.map((node) => [node.id, node]));
    const xs = view.nodes.map((n) => n.x);
    const ys = view.nodes.map((n) => n.y);
    const minX = Math.min(...xs), minY = Math.min(...ys);
    const width = (Math.max(...xs) - minX) * SCALE + 2 * MARGIN;
    const height = (Math.max(...ys) - minY) * SCALE + 2 * MARGIN;
    const px = (node) => (node.x - minX) * SCALE + MARGIN;
    const py = (node) => (node.y - minY) * SCALE + MARGIN;
    clear(board);
    board.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // a wide level shrinks on a phone: its node names grow in the board's units to stay readable (≈ 12 px)
    const scale = board.clientWidth ? board.clientWidth / width : 1;
    labelSize = Math.min(26, 12 / Math.min(1, scale));
    board.style.setProperty("--label-size", `${labelSize}px`);
    board.setAttribute("aria-label", t("Plan du niveau", "Level map"));
    board.append(s("defs", {},
      s("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
        s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" })),
      s("marker", { id: "arrow-threat", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" },
        s("path", { d: "M0,0 L10,5 L0,10 z", fill: "var(--threat)" }))));
    const active = view.enemies.filter((enemy) => enemy.state !== "out" && enemy.node);
    const preview = previewOn() && hovered ? previewOf(legalFor(hovered)) : null;

    // enemy fronts: the facing edge and the node they watch, in the threat colour
    for (const enemy of active) {
      const at = nodes.get(enemy.node), facing = nodes.get(enemy.facing);
      if (at && facing) {
        board.append(s("line", { x1: px(at), y1: py(at), x2: px(facing), y2: py(facing), class: "front" }));
        board.append(s("circle", { cx: px(facing), cy: py(facing), r: 26, class: "watched" }));
      }
    }
    for (const edge of view.edges) {
      const a = nodes.get(edge.a), b = nodes.get(edge.b);
      const props = { x1: px(a), y1: py(a), x2: px(b), y2: py(b), class: ["edge", edge.oneway && "oneway", edge.door && "door", edge.door && !edge.open && "closed"] };
      if (edge.oneway) {
        const dx = px(b) - px(a), dy = py(b) - py(a), length = Math.hypot(dx, dy) || 1;
        props.x2 = px(b) - (dx / length) * 22;
        props.y2 = py(b) - (dy / length) * 22;
        props["marker-end"] = "url(#arrow)";
      }
      const line = s("line", props);
      if (edge.door) {
        tip(line, edge.open ? t(`Porte ${edge.door} ouverte`, `${edge.door} door, open`) : t(`Porte ${edge.door} fermée : il faut la clé`, `${edge.door} door, closed: the key is needed`));
        line.style.setProperty("--door", keyColour(edge.door));
      }
      board.append(line);
    }
    // the enemies are drawn over their nodes but let clicks through: the whole node, triangle included, is
    // the target (walking onto an enemy is the game's core move); the node names who stands there
    const standing = new Map();
    for (const enemy of active) standing.set(enemy.node, [...(standing.get(enemy.node) || []), enemyLabel(enemy)]);
    for (const node of view.nodes) board.append(drawNode(node, px(node), py(node), preview, standing.get(node.id) || []));
    for (const enemy of active) {
      const drawn = drawEnemy(enemy, nodes, px, py, preview);
      board.append(drawn);
      motion.piece(`enemy:${enemy.id}`, drawn, px(nodes.get(enemy.node)), py(nodes.get(enemy.node)));
    }
    const leader = nodes.get(view.leader);
    view.members.forEach((id, index) => {
      const node = nodes.get(id);
      board.append(tip(s("circle", { cx: px(node), cy: py(node), r: 9, class: "member" }), t(`Membre ${index + 1} de la caravane`, `Caravan member ${index + 1}`)));
    });
    // the leader and the enemies that moved since the last state slide to their nodes (a wrapper: the
    // leader's own transform attribute places it)
    const you = s("g", {}, tip(s("g", { class: "leader", transform: `translate(${px(leader)},${py(leader)})` },
      s("circle", { r: 13 }), s("circle", { r: 5, cy: -4, class: "head" })), t("Vous", "You")));
    board.append(you);
    motion.piece("leader", you, px(leader), py(leader));
    drawPreviewText(preview);
    drawSide();
  }

  function keyColour(name) {
    return { red: "#c8372d", blue: "#2e5d8a", green: "#2f8a4b", yellow: "#c98a12", gold: "#c98a12" }[name] || "#8a4fb3";
  }

  function drawNode(node, x, y, preview, enemies) {
    const move = state.legal ? legalFor(node.id) : null;
    const group = s("g", { class: ["node", move && "target", node.exit && "exit", node.hide && "hide", hovered === node.id && "hovered"], dataset: { node: node.id } });
    // an invisible disc around the node: a finger-sized target (nodes are 100 units apart)
    group.append(s("circle", { cx: x, cy: y, r: 44, class: "hit-area" }));
    if (node.hide) group.append(s("rect", { x: x - 17, y: y - 17, width: 34, height: 34, rx: 8, class: "node-shape" }));
    else group.append(s("circle", { cx: x, cy: y, r: 15, class: "node-shape" }));
    if (node.exit) group.append(s("text", { x, y: y + 5, class: "node-glyph" }, "⚑"));
    if (node.key) group.append(keyIcon(x + 18, y - 18, keyColour(node.key)));
    group.append(s("text", { x, y: y + 18 + labelSize * 0.85, class: "node-label" }, node.id));
    if (preview && hovered === node.id && preview.capture) {
      group.append(warningIcon(x + 20, y - 20));
    }
    let label = node.id;
    if (node.exit) label += ` — ${t("sortie", "exit")}`;
    if (node.hide) label += ` — ${t("cachette", "hide node")}`;
    for (const enemy of enemies) label += ` — ${enemy}`;
    if (move) {
      const action = throwing ? t("lancer la pierre sur", "throw the stone onto") : t("aller à", "go to");
      activatable(group, `${action} ${label}`, () => play(move));
      group.addEventListener("mouseenter", () => hover(node.id));
      group.addEventListener("mouseleave", () => hover(null));
      // a keyboard player's focus previews the move; a mouse click's focus does not (the mouse hovers)
      group.addEventListener("focus", () => { if (!redrawing && group.matches(":focus-visible")) hover(node.id); });
      // leaving the board's nodes clears the preview; a redraw now, between the press and the release of a
      // click on another node, would swallow that click
      group.addEventListener("blur", (event) => {
        if (!redrawing && !event.relatedTarget?.closest?.("[data-node]")) hover(null);
      });
    } else {
      tip(group, label);
    }
    return group;
  }

  function drawEnemy(enemy, nodes, px, py, preview) {
    const at = nodes.get(enemy.node);
    const x = px(at), y = py(at);
    const facing = nodes.get(enemy.facing);
    const angle = facing ? Math.atan2(py(facing) - y, px(facing) - x) * 180 / Math.PI : 0;
    const group = s("g", { class: ["enemy", `kind-${enemy.kind}`, `state-${enemy.state}`], dataset: { enemy: enemy.id } });
    if (!enemy.neutralisable) {
      group.append(s("rect", { x: x - 22, y: y - 22, width: 44, height: 44, class: "alert-frame" }));
    }
    group.append(s("g", { transform: `translate(${x},${y}) rotate(${angle})` },
      s("path", { d: "M-12,-12 L14,0 L-12,12 z", class: "enemy-body" })));
    group.append(s("text", { x, y: y + 4, class: "enemy-letter" }, { sentry: "S", pivot: "P", patrol: "R", tracker: "T" }[enemy.kind] || "?"));
    if (enemy.kind === "pivot" && enemy.next_facing && enemy.next_facing !== enemy.facing) {
      const next = nodes.get(enemy.next_facing);
      if (next) {
        const dx = px(next) - x, dy = py(next) - y, length = Math.hypot(dx, dy) || 1;
        group.append(tip(s("line", { x1: x + dx / length * 18, y1: y + dy / length * 18, x2: x + dx / length * 45, y2: y + dy / length * 45, class: "next-facing", "marker-end": "url(#arrow-threat)" }),
          t(`Prochaine orientation : ${enemy.next_facing}`, `Next facing: ${enemy.next_facing}`)));
      }
    }
    if (preview && preview.neutralises.includes(enemy.id)) {
      group.append(handIcon(x + 20, y - 22));
    }
    return group;
  }

  /** An enemy in words: its name and kind, what it faces, whether it is alert or diverted. */
  function enemyLabel(enemy) {
    const name = enemyName(enemy.id) === kindTitle(enemy.kind) ? kindTitle(enemy.kind) : `${enemyName(enemy.id)} (${kindTitle(enemy.kind)})`;
    let label = `${name}, ${t("regarde", "facing")} ${enemy.facing ?? "—"}`;
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
    previewBox.append(h("strong", {}, t(`Aperçu (${preview.text}) : `, `Preview (${preview.text}): `)), parts.join(" · "));
    previewBox.classList.toggle("danger", Boolean(preview.capture));
  }

  function drawSide() {
    const view = state.view;
    const total = view.enemies.length;
    const earned = view.stars?.earned || [];
    const declared = view.stars?.declared || info?.stars || [];
    const canThrow = (state.legal || []).some((move) => move.throw);
    clear(side);
    add(side,
      h("h2", {}, info ? `${info.id} · ${tr(info.title)}` : (typeof view.level === "string" ? view.level : view.level?.id)),
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
      h("p", {}, t("Étoiles : ", "Stars: "), starRow(declared, earned, info?.par)),
      canThrow || throwing ? h("button", { type: "button", id: "throw", "aria-pressed": String(throwing),
        on: { click: () => { throwing = !throwing; hovered = null; draw(); } } },
      throwing ? t("Annuler le lancer", "Cancel the throw") : t("Lancer une pierre sonore", "Throw a noise stone")) : null,
      h("label", { class: "choice" }, h("input", { type: "checkbox", id: "preview-setting", checked: previewOn(),
        on: { change: (event) => { localStorage.setItem(PREVIEW_KEY, event.target.checked ? "on" : "off"); draw(); } } }),
      t("Aperçu du coup", "Move preview")),
      h("ul", { class: "events" }, (view.events || []).map(eventText).filter(Boolean).map((text) => h("li", {}, text))));
    if (state.outcome && state.outcome.winners.length && info) {
      rememberStars(info.id, earned);
    }
    if (state.outcome) {
      add(side, h("div", { class: "after-level" },
        h("a", { class: "button", href: "#/new/stealth" }, t("Choix du niveau", "Level select")),
        info ? h("button", { type: "button", class: "primary", id: "next-level", on: { click: () => nextLevel(false) } },
          state.outcome.winners.length ? t("Niveau suivant", "Next level") : t("Recommencer", "Try again")) : null));
    }
  }

  async function nextLevel() {
    const levels = await ctx.catalog("levels");
    const index = levels.findIndex((level) => level.id === info.id);
    const target = state.outcome.winners.length ? levels[index + 1] : levels[index];
    if (target) ctx.newGame({ options: { level: target.id } });
    else location.hash = "#/new/stealth";
  }

  function hover(node) {
    if (hovered === node) return;
    hovered = node;
    draw();
  }

  async function play(move) {
    hovered = null;
    const wasThrowing = throwing;
    throwing = false;
    if (!(await ctx.play(move)) && wasThrowing) throwing = true;
  }

  return {
    ownEndButtons: true, // the level select and next level / a new case: the shell adds no "New game"
    update(next) {
      state = next;
      if (!(state.legal || []).some((move) => move.throw)) throwing = false;
      draw();
    },
    destroy() {},
  };
}

/** The board shapes of a move, for the history's highlight: the node walked to or the stone's node. */
function lastMove(move) {
  const node = move?.to ?? move?.throw;
  return node ? [`[data-node="${CSS.escape(node)}"]`] : [];
}

export default { players: "solo", hideStart: true, setup, mount, lastMove };
