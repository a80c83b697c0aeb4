// Stealth's pieces, drawn the same way on the level map, in the level editor and in the rules: the leader
// and the caravan (blue meeples), each kind of enemy (red meeples: a sentry on its plinth, a pivoting sentry
// with the broken ring that shows its next orientation, a patrol with its lantern and its route, a tracker
// with its post and its alert mark), its view cone, doors, keys, hideouts, one-way arrows and the exit.
// Every function returns an SVG element in the board's units (nodes are 100 apart, a node's disc has r 15).
import { s, tip } from "../dom.js";
import { t } from "../i18n.js";

/** A meeple silhouette centred on (0, 0), about 26 wide and 30 high. */
const MEEPLE = "M-4,-6 L4,-6 L12,-2 L12,3 L5,3 L9,14 L2,14 L0,9 L-2,14 L-9,14 L-5,3 L-12,3 L-12,-2 Z";

function meeple(className, scale = 1) {
  return s("g", { class: className, transform: scale === 1 ? null : `scale(${scale})` },
    s("path", { d: MEEPLE, class: "meeple-body" }), s("circle", { cx: 0, cy: -11, r: 5.5, class: "meeple-head" }));
}

/** The angle in degrees from (x1, y1) toward (x2, y2), 0 pointing right, as SVG rotates. */
export function angleTo(x1, y1, x2, y2) {
  return Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI;
}

export function kindTitle(kind) {
  return {
    sentry: t("sentinelle", "sentry"),
    pivot: t("sentinelle pivotante", "pivoting sentry"),
    patrol: t("patrouille", "patrol"),
    tracker: t("traqueur", "tracker"),
  }[kind] || kind;
}

/** The leader (you) at (x, y). */
export function leaderPiece(x, y) {
  return tip(s("g", { class: "leader", transform: `translate(${x},${y})` }, meeple("piece")), t("Vous", "You"));
}

/** Caravan member ``number`` at (x, y): a smaller meeple that follows in your footsteps. */
export function memberPiece(x, y, number) {
  return tip(s("g", { class: "member", transform: `translate(${x},${y})` }, meeple("piece", 0.75),
    s("text", { x: 0, y: 4, class: "member-number" }, String(number))),
  t(`Membre ${number} de la caravane`, `Caravan member ${number}`));
}

/** The view cone of an enemy at (x, y) looking at the node at (fx, fy): its front, painted in the threat colour. */
export function viewCone(x, y, fx, fy, diverted = false) {
  const length = Math.hypot(fx - x, fy - y) || 1;
  const [nx, ny] = [-(fy - y) / length, (fx - x) / length];
  const spread = 16;
  const points = `${x},${y} ${fx + nx * spread},${fy + ny * spread} ${fx - nx * spread},${fy - ny * spread}`;
  return s("g", { class: ["view", diverted && "diverted"] },
    s("polygon", { points, class: "view-cone" }), s("circle", { cx: fx, cy: fy, r: 24, class: "watched" }));
}

/** The broken ring on a pivoting sentry's base: the gap and its arrow point to the orientation it takes next. */
function nextRing(nextAngle) {
  const r = 21;
  const gap = 28; // degrees left open around the next orientation
  const from = (nextAngle + gap) * Math.PI / 180, to = (nextAngle - gap + 360) * Math.PI / 180;
  const arc = `M${r * Math.cos(from)},${r * Math.sin(from)} A${r},${r} 0 1 1 ${r * Math.cos(to)},${r * Math.sin(to)}`;
  return s("g", { class: "next-ring" }, s("path", { d: arc, class: "ring" }),
    s("path", { d: "M19,-6 L30,0 L19,6 z", class: "ring-arrow", transform: `rotate(${nextAngle})` }));
}

/**
 * An enemy of ``kind`` at (x, y) looking toward ``angle`` degrees. ``options``: ``nextAngle`` (a pivot's next
 * orientation, the broken ring), ``alert`` (a tracker hunting you: the « ! » mark and the frame that says it
 * cannot be neutralised), ``diverted`` (listening to a stone), ``label`` (its tooltip).
 */
export function enemyPiece(kind, x, y, angle, options = {}) {
  const { nextAngle = null, alert = false, diverted = false, label = kindTitle(kind) } = options;
  const group = s("g", { class: ["enemy", `kind-${kind}`, alert && "state-alert", diverted && "state-diverted"],
    transform: `translate(${x},${y})` });
  if (alert) group.append(s("rect", { x: -24, y: -24, width: 48, height: 48, rx: 4, class: "alert-frame" }));
  if (kind === "sentry") group.append(s("rect", { x: -14, y: 10, width: 28, height: 7, rx: 2, class: "plinth" }));
  if (kind === "pivot") {
    group.append(s("ellipse", { cx: 0, cy: 13, rx: 14, ry: 4.5, class: "plinth" }));
    if (nextAngle !== null) group.append(nextRing(nextAngle));
  }
  // the nose points where it looks (also drawn by the cone, but readable without colour)
  group.append(s("g", { class: "facing", transform: `rotate(${angle})` }, s("path", { d: "M13,-5 L21,0 L13,5 z", class: "nose" })));
  group.append(meeple("piece"));
  if (kind === "patrol") group.append(s("g", { class: "lantern" }, s("line", { x1: 11, y1: 2, x2: 11, y2: 7 }), s("circle", { cx: 11, cy: 9, r: 3 })));
  if (kind === "tracker") group.append(s("path", { d: "M-6,-15 L-3,-21 L0,-16 L3,-21 L6,-15 z", class: "tracker-ears" }));
  if (alert) group.append(s("g", { class: "alert-mark", transform: "translate(14,-24)" },
    s("circle", { r: 8 }), s("text", { x: 0, y: 4.5 }, "!")));
  if (diverted) group.append(s("text", { x: -16, y: -18, class: "diverted-mark" }, "♪"));
  return tip(group, label);
}

/** A patrol's route: the path it walks, dotted, with its direction (a loop closes the path). */
export function routePath(points, loop) {
  const path = points.map(([x, y], i) => `${i ? "L" : "M"}${x},${y}`).join(" ") + (loop ? " Z" : "");
  return s("path", { d: path, class: ["route", loop && "loop"] });
}

/** A tracker's post, where it waits and goes back to: a small watchtower beside the node. */
export function postMark(x, y) {
  return tip(s("g", { class: "post-mark", transform: `translate(${x + 20},${y + 16})` },
    s("path", { d: "M-6,8 L-4,-4 L4,-4 L6,8 z" }), s("path", { d: "M-7,-4 L0,-10 L7,-4 z" })),
  t("Poste du traqueur", "The tracker's post"));
}

/** A key of ``colour`` (CSS colour) at (x, y). */
export function keyPiece(x, y, colour, label) {
  return tip(s("g", { class: "key-icon", transform: `translate(${x},${y})`, stroke: colour },
    s("circle", { cx: -5, cy: 0, r: 4.5 }), s("path", { d: "M-0.5,0 H10 M6.5,0 V4.5 M10,0 V4.5" })), label);
}

/** A door across the edge (x1, y1)–(x2, y2), at its middle: closed (a panel with a keyhole) or open (ajar). */
export function doorPiece(x1, y1, x2, y2, colour, open, label) {
  const angle = angleTo(x1, y1, x2, y2);
  const group = s("g", { class: ["door-piece", open ? "open" : "closed"], transform: `translate(${(x1 + x2) / 2},${(y1 + y2) / 2}) rotate(${angle})` });
  group.style.setProperty("--door", colour);
  if (open) {
    group.append(s("rect", { x: -2, y: -15, width: 4, height: 30, class: "door-frame" }),
      s("rect", { x: -2, y: -15, width: 16, height: 5, class: "door-leaf", transform: "rotate(-20 0 -15)" }));
  } else {
    group.append(s("rect", { x: -5, y: -15, width: 10, height: 30, rx: 2, class: "door-leaf" }),
      s("circle", { cx: 0, cy: -2, r: 2.2, class: "keyhole" }), s("path", { d: "M-1,-1 L1,-1 L1.6,5 L-1.6,5 z", class: "keyhole" }));
  }
  return tip(group, label);
}

/** The arrows of a one-way edge from (x1, y1) to (x2, y2): two chevrons pointing the way it may be walked. */
export function onewayArrows(x1, y1, x2, y2) {
  const angle = angleTo(x1, y1, x2, y2);
  return s("g", { class: "oneway-arrows" }, [0.38, 0.62].map((share) => s("path", {
    d: "M-6,-7 L4,0 L-6,7", transform: `translate(${x1 + (x2 - x1) * share},${y1 + (y2 - y1) * share}) rotate(${angle})`,
  })));
}

/** A hideout under the node at (x, y): a bush nobody walks into and nobody sees into. */
export function hidePiece(x, y) {
  return s("g", { class: "hide-bush", transform: `translate(${x},${y})` },
    [[-11, 4, 11], [11, 4, 11], [0, -7, 13], [0, 8, 11]].map(([cx, cy, r]) => s("circle", { cx, cy, r })));
}

/** The exit at (x, y): a flag beside the node. */
export function exitPiece(x, y) {
  return s("g", { class: "exit-flag", transform: `translate(${x},${y})` },
    s("line", { x1: 14, y1: 12, x2: 14, y2: -26, class: "pole" }), s("path", { d: "M14,-26 L32,-20 L14,-13 z", class: "flag" }));
}

/** The hand drawn on the enemy a move would neutralise. */
export function handIcon(x, y) {
  return s("g", { class: "hand-icon", transform: `translate(${x},${y})` },
    s("rect", { x: -7, y: -2, width: 14, height: 12, rx: 4 }),
    [-6, -2, 2, 6].map((dx, i) => s("rect", { x: dx - 1.6, y: -11 + (i === 0 || i === 3 ? 3 : 0), width: 3.2, height: 12, rx: 1.6 })),
    s("rect", { x: -11, y: 0, width: 7, height: 3.2, rx: 1.6, transform: "rotate(-35 -7 2)" }));
}

/** The capture warning: a red triangle with an exclamation mark. */
export function warningIcon(x, y) {
  return s("g", { class: "warning-icon", transform: `translate(${x},${y})` },
    s("path", { d: "M0,-11 L11,9 L-11,9 z" }),
    s("text", { x: 0, y: 7, "text-anchor": "middle" }, "!"));
}

/** The CSS colour of a key or door colour name. */
export function keyColour(name) {
  return { red: "#c8372d", blue: "#2e5d8a", green: "#2f8a4b", yellow: "#c98a12", gold: "#c98a12" }[name] || "#8a4fb3";
}

/** A compass direction, in words, from (x1, y1) to (x2, y2) on the map (y grows downward). */
export function directionWords(x1, y1, x2, y2) {
  const angle = (Math.atan2(y1 - y2, x2 - x1) * 180 / Math.PI + 360) % 360;
  const index = Math.round(angle / 45) % 8;
  return [t("l'est", "east"), t("le nord-est", "north-east"), t("le nord", "north"), t("le nord-ouest", "north-west"),
    t("l'ouest", "west"), t("le sud-ouest", "south-west"), t("le sud", "south"), t("le sud-est", "south-east")][index];
}
