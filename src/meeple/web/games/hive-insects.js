// The Hive insects as SVG, drawn here (no external asset): one shape per bug letter, in a box of about
// 36 × 36 units centred on (0, 0), in the bug's colour as real Hive tiles have them. Used by the board,
// the reserves and the rules dialog.
import { s } from "../dom.js";
import { t } from "../i18n.js";

/** Each bug's colour (the colours Hive players know: gold Queen, brown Spider, purple Beetle…). */
export const BUG_COLOURS = {
  Q: "#e0a800", S: "#8a5a2b", B: "#7a4fb3", G: "#3f9a3a", A: "#2e6fb8",
  M: "#7c8088", L: "#d23b2a", P: "#2a9a9a", C: "#c8641e",
};

/** The bug's name in the player's language. */
export function bugName(bug) {
  return {
    Q: t("Reine", "Queen"), S: t("Araignée", "Spider"), B: t("Scarabée", "Beetle"), G: t("Sauterelle", "Grasshopper"),
    A: t("Fourmi", "Ant"), M: t("Moustique", "Mosquito"), L: t("Coccinelle", "Ladybug"), P: t("Cloporte", "Pillbug"),
    C: t("Mille-pattes", "Centipede"),
  }[bug] || bug;
}

const line = (d) => s("path", { d, class: "insect-line" });
const body = (tag, props) => s(tag, { ...props, class: "insect-body" });

/** Six legs, three on each side, from a body of half-width w around y = 0. */
function legs(w, spread = 7) {
  return line([-spread, 0, spread].map((y) => `M${-w},${y} l-6,${y / 2 - 3} M${w},${y} l6,${y / 2 - 3}`).join(" "));
}

const SHAPES = {
  Q: () => [
    s("ellipse", { cx: -8, cy: -3, rx: 8, ry: 5, class: "insect-wing", transform: "rotate(-25 -8 -3)" }),
    s("ellipse", { cx: 8, cy: -3, rx: 8, ry: 5, class: "insect-wing", transform: "rotate(25 8 -3)" }),
    body("ellipse", { cx: 0, cy: 4, rx: 7, ry: 11 }),
    line("M-6.5,1 H6.5 M-6.8,6 H6.8 M-5,11 H5"),
    body("circle", { cx: 0, cy: -10, r: 4.5 }),
    line("M-2,-14 l-3,-4 M2,-14 l3,-4"),
  ],
  S: () => [
    line("M-5,-2 l-8,-8 l-3,6 M-5,1 l-10,-2 l-3,6 M-5,4 l-9,5 l0,7 M-4,7 l-6,8 l2,5 "
      + "M5,-2 l8,-8 l3,6 M5,1 l10,-2 l3,6 M5,4 l9,5 l0,7 M4,7 l6,8 l-2,5"),
    body("circle", { cx: 0, cy: -6, r: 4.5 }),
    body("ellipse", { cx: 0, cy: 5, rx: 7, ry: 8 }),
  ],
  B: () => [
    legs(8, 6),
    line("M-2,-14 l-3,-4 M2,-14 l3,-4"),
    body("circle", { cx: 0, cy: -11, r: 4.5 }),
    body("ellipse", { cx: 0, cy: 3, rx: 10, ry: 12 }),
    line("M0,-8 V15 M-10,-2 H10"),
  ],
  G: () => [
    line("M-3,-8 l-9,-6 M3,-8 l9,-6 M-3,-3 l-8,3 M3,-3 l8,3"),
    line("M-4,4 L-13,-4 L-11,16 M4,4 L13,-4 L11,16"),
    body("ellipse", { cx: 0, cy: 3, rx: 4.5, ry: 13 }),
    body("circle", { cx: 0, cy: -12, r: 4 }),
    line("M-1.5,-15 l-4,-4 M1.5,-15 l4,-4"),
  ],
  A: () => [
    legs(3, 5),
    line("M-2,-15 q-3,-4 -6,-3 M2,-15 q3,-4 6,-3"),
    body("circle", { cx: 0, cy: -12, r: 4 }),
    body("ellipse", { cx: 0, cy: -3, rx: 3.5, ry: 5 }),
    body("ellipse", { cx: 0, cy: 9, rx: 6, ry: 8 }),
  ],
  M: () => [
    s("ellipse", { cx: -7, cy: 0, rx: 8, ry: 3.5, class: "insect-wing", transform: "rotate(-20 -7 0)" }),
    s("ellipse", { cx: 7, cy: 0, rx: 8, ry: 3.5, class: "insect-wing", transform: "rotate(20 7 0)" }),
    line("M-2,-2 l-12,-6 M2,-2 l12,-6 M-2,2 l-14,4 M2,2 l14,4 M-2,5 l-10,12 M2,5 l10,12"),
    body("ellipse", { cx: 0, cy: 5, rx: 3, ry: 11 }),
    body("circle", { cx: 0, cy: -8, r: 3.5 }),
    line("M0,-11 V-19"),
  ],
  L: () => [
    legs(10, 5),
    body("circle", { cx: 0, cy: 2, r: 12 }),
    s("path", { d: "M-7,-9 A7,7 0 0 1 7,-9 Z", class: "insect-dark" }),
    line("M0,-9 V14"),
    [[-6, -1], [6, -1], [-7, 7], [7, 7], [-2, 10], [2, 10]].map(([cx, cy]) => s("circle", { cx, cy, r: 2.2, class: "insect-dark" })),
  ],
  P: () => [
    line("M-3,-13 q-4,-5 -8,-4 M3,-13 q4,-5 8,-4"),
    body("ellipse", { cx: 0, cy: 1, rx: 9, ry: 14 }),
    line("M-8,-7 Q0,-10 8,-7 M-9,-2 Q0,-5 9,-2 M-9,3 Q0,0 9,3 M-8.5,8 Q0,5 8.5,8 M-6,12 Q0,10 6,12"),
  ],
  C: () => [
    line([-10, -4, 2, 8, 14].map((y, i) => `M${i % 2 ? -2 : 2},${y} l-7,-2 M${i % 2 ? -2 : 2},${y} l7,-2`).join(" ")),
    [[2, -10], [-2, -4], [2, 2], [-2, 8], [2, 14]].map(([cx, cy]) => body("circle", { cx, cy, r: 4 })),
    body("circle", { cx: 0, cy: -15, r: 3.5 }),
    line("M-1.5,-18 q-3,-3 -6,-2 M1.5,-18 q3,-3 6,-2"),
  ],
};

/**
 * The insect of ``bug`` centred on (x, y), ``size`` units wide (36 by default). Its name is its tooltip
 * when ``named`` (a reserve piece or a rules picture names itself another way).
 */
export function insect(bug, x = 0, y = 0, size = 36, named = false) {
  const shape = SHAPES[bug];
  const group = s("g", {
    class: ["insect", `bug-${bug}`], transform: `translate(${x},${y}) scale(${size / 40})`,
    style: { "--bug": BUG_COLOURS[bug] || "#777" },
  }, shape ? shape() : s("text", { y: 7, class: "insect-letter" }, bug));
  if (named) group.append(s("title", { text: bugName(bug) }));
  return group;
}

/** A small standalone picture of a bug on its tile (reserve, rules), ``colour`` "w" or "b". */
export function insectTile(bug, colour, label = bugName(bug)) {
  // without a label the picture is decoration beside a text that names the bug
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { viewBox: "-22 -22 44 44", class: ["insect-tile", colour === "b" ? "black" : "white"], ...named },
    s("polygon", { points: "0,-21 18.2,-10.5 18.2,10.5 0,21 -18.2,10.5 -18.2,-10.5", class: "tile" }),
    insect(bug, 0, 0, 30));
}
