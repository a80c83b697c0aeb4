// Skirmish's rules for players (the seed zones-of-control and docs/rules/skirmish.md R1–R22). The
// pictures use the board's own classes (skirmish-board).
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { picture, piece, pieces, section } from "../rules.js";

const C = 30;

function ground(kind, x = 0, y = 0) {
  return s("rect", { x: x * C, y: y * C, width: C, height: C, class: ["ground", kind] });
}

function fighter(x, y, side, label, harmless = false) {
  const cx = x * C + C / 2, cy = y * C + C / 2;
  return s("g", { class: ["fighter", `side-${side}`, harmless && "harmless"] },
    s("circle", { cx, cy, r: harmless ? 9 : 12, class: "fighter-body" }),
    s("text", { x: cx, y: cy + 4, class: "fighter-label" }, label));
}

/** A red fighter's zone of control (the 3 × 3 square around it) and a blue fighter entering it. */
function zocPicture() {
  const cells = [];
  for (let y = 0; y < 5; y += 1) for (let x = 0; x < 7; x += 1) cells.push(ground("open", x, y));
  return picture(t("Zone de contrôle d'un combattant rouge ; un bleu y entre et peut s'arrêter ou continuer droit vers lui",
    "A red fighter's zone of control; a blue one enters it and may stop or go straight on toward it"), `0 0 ${7 * C} ${5 * C}`, "skirmish-board",
  cells, s("rect", { x: 3 * C, y: 1 * C, width: 3 * C, height: 3 * C, class: "zoc side-0" }),
  s("polyline", { points: `${0.5 * C},${2.5 * C} ${3.5 * C},${2.5 * C}`, class: "path" }),
  fighter(4, 2, 0, "R"), fighter(0, 2, 1, "B"),
  s("text", { x: 3.5 * C, y: 2.5 * C + 5, class: "reach-glyph rules-stop" }, "■"));
}

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Deux camps s'affrontent sur la carte d'un scénario. À la fin de la dernière manche (ou dès qu'un camp n'a plus de combattant capable de se battre), chaque camp marque 1 point par ennemi mis hors de combat et 1 point par objectif ★ occupé par un des siens. Le plus haut score gagne ; à égalité, match nul.",
        "Two sides face each other on a scenario's map. At the end of the last round (or as soon as a side has no fighter left able to fight), each side scores 1 point per enemy put out of action and 1 point per objective ★ one of its fighters stands on. The higher score wins; equal scores draw."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("À chaque manche, chaque combattant agit une fois. Les camps alternent, un combattant à la fois. Cliquez un de vos combattants (bordé de noir), puis :",
        "Each round every fighter acts once. The sides alternate, one fighter at a time. Click one of your fighters (outlined in black), then:")),
      h("ul", {},
        h("li", {}, h("strong", {}, t("bouger : ", "move: ")), t("cliquez une des cases marquées. Un pas droit coûte 2 points de mouvement, un pas en diagonale 3 ; le terrain difficile (bleu) coûte plus, le rocher (brun foncé) bloque.", "click one of the marked cells. A straight step costs 2 movement points, a diagonal 3; difficult ground (blue) costs more, rock (dark brown) blocks.")),
        h("li", {}, h("strong", {}, t("ne pas bouger ", "hold ")), t("(bouton « Ne pas bouger ») ;", "(the \"Hold\" button);")),
        h("li", {}, h("strong", {}, t("frapper ", "strike ")), t("un adversaire au contact : il perd des points de vie (les petits ronds verts) et, à zéro, quitte le champ de bataille.", "an opponent in contact: it loses hits (the small green dots) and at zero leaves the battlefield.")))),
    section("zoc", t("Zones de contrôle", "Zones of control"),
      zocPicture(),
      h("p", {}, t("Chaque combattant contrôle les cases autour de lui (sa zone, teintée de sa couleur). Un combattant qui y entre n'a que trois choix :",
        "Each fighter controls the cells around it (its zone, tinted in its colour). A fighter that enters it has only three choices:")),
      h("ol", {},
        h("li", {}, t("s'arrêter aussitôt ;", "stop at once;")),
        h("li", {}, t("continuer par le plus court chemin vers cet adversaire et s'arrêter avant le contact ;", "go on by the shortest path toward that opponent and stop short of contact;")),
        h("li", {}, t("aller jusqu'au contact : les deux combattants sont alors engagés.", "go on into contact: the two fighters are then engaged."))),
      h("p", {}, t("Il ne peut pas ressortir de la zone ni s'y promener autrement que pour engager. Les cases atteignables le disent :",
        "It cannot leave the zone or wander inside it other than to engage. The reachable cells say which:")),
      pieces(
        piece(h("span", { class: "legend-free rules-glyph" }, "•"), t("libre", "free"), t("aucune zone ne vous retient à l'arrivée.", "no zone holds you on arrival.")),
        piece(h("span", { class: "legend-stopped rules-glyph" }, "■"), t("arrêté en ZdC", "stopped in a ZOC"), t("vous vous arrêtez dans une zone sans contact : pas d'engagement.", "you stop inside a zone without contact: no engagement.")),
        piece(h("span", { class: "legend-engaged rules-glyph" }, "⚔"), t("engagé", "engaged"), t("vous arrivez au contact d'un adversaire.", "you arrive in contact with an opponent.")))),
    section("pieces", t("Le terrain et les combattants", "Terrain and fighters"),
      pieces(
        piece(picture(t("Terrain ouvert", "Open ground"), `0 0 ${C} ${C}`, "skirmish-board", ground("open")), t("Terrain ouvert", "Open ground"), t("coût normal.", "normal cost.")),
        piece(picture(t("Terrain difficile", "Difficult ground"), `0 0 ${C} ${C}`, "skirmish-board", ground("difficult")), t("Terrain difficile", "Difficult ground"), t("ralentit (gué, marais…).", "slows you down (ford, marsh…).")),
        piece(picture(t("Rocher", "Rock"), `0 0 ${C} ${C}`, "skirmish-board", ground("blocking")), t("Rocher", "Rock"), t("infranchissable.", "impassable.")),
        piece(picture(t("Objectif", "Objective"), `0 0 ${C} ${C}`, "skirmish-board", ground("open"), s("text", { x: C / 2, y: C / 2 + 7, class: "objective" }, "★")), t("Objectif", "Objective"), t("1 point en fin de partie pour le camp qui l'occupe.", "1 point at the end for the side standing on it.")),
        piece(picture(t("Combattant inoffensif", "Harmless fighter"), `0 0 ${C} ${C}`, "skirmish-board", ground("open"), fighter(0, 0, 1, "b", true)), t("Inoffensif", "Harmless"), t("(porte-étendard, civil…) plus petit et pâle : il n'a pas de zone de contrôle et ne frappe pas.", "(standard bearer, civilian…) smaller and paler: it has no zone of control and cannot strike.")))),
    section("subtle", t("Les règles fines", "The subtle rules"),
      h("ul", {},
        h("li", {}, t("Entrer dans plusieurs zones à la fois : arrêtez-vous, ou choisissez un adversaire à engager par le plus court chemin (vous pouvez alors quitter les autres zones), ou engagez-en plusieurs d'un coup.",
          "Entering several zones at once: stop, or pick one opponent to engage by the shortest path (you may then leave the other zones), or engage several at once.")),
        h("li", {}, t("En route vers votre adversaire, les autres zones traversées ne vous arrêtent pas.", "On your way to your opponent, other zones you cross do not stop you.")),
        h("li", {}, t("Un combattant engagé par un adversaire dangereux perd sa propre zone de contrôle.", "A fighter engaged by a dangerous opponent loses its own zone of control.")),
        h("li", {}, t("Quitter un engagement : on ignore les zones des adversaires à son contact, mais on ne peut pas finir son mouvement au contact de l'un d'eux.",
          "Leaving an engagement: you ignore the zones of the opponents in contact with you, but may not end your move in contact with one of them.")),
        h("li", {}, t("Commencer son tour dans une zone sans être engagé : on ne peut que rester ou avancer pour engager.", "Starting your turn inside a zone without being engaged: you may only hold or advance to engage.")),
        h("li", {}, t("Survolez une case atteignable pour voir le chemin et ce qui s'y passera.", "Hover a reachable cell to see the path and what will happen there."))))];
}

/** The game's lobby card: players, typical length (a scenario's rounds), picture. */
export function lobby() {
  return { players: t("2 joueurs", "2 players"), length: t("6 manches, ≈ 15 min", "6 rounds, ≈ 15 min"), picture: "/static/img/skirmish.jpg" };
}
