// Stealth's rules for players (the seed stealth-neutralisation and docs/rules/stealth.md R1–R22).
// The pictures use the board's own classes (stealth-board), so they look like the level map.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { picture, piece, pieces, section } from "../rules.js";

const LETTERS = { sentry: "S", pivot: "P", patrol: "R", tracker: "T" };

/** An enemy of ``kind`` at (x, y) facing the angle ``angle`` (degrees), as the board draws it. */
function enemy(kind, x, y, angle, state = "") {
  return s("g", { class: ["enemy", `kind-${kind}`, state && `state-${state}`] },
    state === "alert" ? s("rect", { x: x - 22, y: y - 22, width: 44, height: 44, class: "alert-frame" }) : null,
    s("g", { transform: `translate(${x},${y}) rotate(${angle})` }, s("path", { d: "M-12,-12 L14,0 L-12,12 z", class: "enemy-body" })),
    s("text", { x, y: y + 4, class: "enemy-letter" }, LETTERS[kind]));
}

const node = (x, y, extra = "") => s("circle", { cx: x, cy: y, r: 15, class: ["node-shape", extra] });
const edge = (x1, y1, x2, y2, extra = "") => s("line", { x1, y1, x2, y2, class: ["edge", extra] });

/** A small map: an enemy on a node facing its right-hand neighbour, with its front painted. */
function enemyPicture(kind, label, state = "") {
  return picture(label, "0 0 150 70", "stealth-board",
    s("line", { x1: 40, y1: 35, x2: 115, y2: 35, class: "front" }),
    edge(40, 35, 115, 35), s("circle", { cx: 115, cy: 35, r: 26, class: "watched" }),
    node(40, 35), node(115, 35), enemy(kind, 40, 35, 0, state),
    kind === "pivot" ? s("line", { x1: 40, y1: 53, x2: 40, y2: 68, class: "next-facing" }) : null);
}

function leader(x, y) {
  return s("g", { class: "leader", transform: `translate(${x},${y})` }, s("circle", { r: 13 }), s("circle", { r: 5, cy: -4, class: "head" }));
}

/** The core rule: arriving from the side neutralises, arriving from the front is a capture. */
function approachPicture() {
  return picture(t("Arriver de côté neutralise ; arriver de face, c'est la capture", "Arriving from the side neutralises; arriving from the front is a capture"),
    "0 0 220 130", "stealth-board",
    s("line", { x1: 110, y1: 40, x2: 190, y2: 40, class: "front" }),
    edge(30, 40, 110, 40), edge(110, 40, 190, 40), edge(110, 40, 110, 115),
    s("circle", { cx: 190, cy: 40, r: 26, class: "watched" }),
    node(30, 40), node(110, 40), node(190, 40), node(110, 115),
    enemy("sentry", 110, 40, 0), leader(110, 115),
    s("text", { x: 130, y: 85, class: "rules-ok" }, "✓"), s("text", { x: 150, y: 25, class: "rules-bad" }, "✗"),
    s("text", { x: 65, y: 25, class: "rules-ok" }, "✓"));
}

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Menez votre personnage (le rond bleu) jusqu'à la sortie ⚑ sans vous faire capturer. Chaque niveau propose aussi des étoiles : finir, finir en peu de coups (le « par »), ne neutraliser personne, ou neutraliser tout le monde.",
        "Lead your character (the blue disc) to the exit ⚑ without being captured. Each level also offers stars: finishing, finishing in few moves (the \"par\"), neutralising nobody, or neutralising everyone."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("Cliquez un nœud voisin (bordé de bleu) pour y aller, ou lancez une pierre sonore. Ensuite chaque ennemi agit une fois : les patrouilles avancent, les sentinelles pivotantes tournent, les traqueurs vous poursuivent. Vous ne pouvez pas attendre sur place.",
        "Click a neighbouring node (outlined in blue) to go there, or throw a noise stone. Then every enemy acts once: patrols step on, pivoting sentries turn, trackers hunt you. You cannot wait where you are.")),
      h("p", {}, t("Un ennemi voit le nœud qu'il regarde (le cercle rouge) : si vous y êtes à la fin du tour (hors cachette, et pas derrière une porte fermée), ou s'il marche sur vous, vous êtes capturé. « Annuler le coup » revient en arrière à tout moment.",
        "An enemy sees the node it faces (the red circle): if you stand there at the end of the turn (outside a hide node, and not behind a closed door), or it walks onto you, you are captured. \"Undo\" steps back at any time."))),
    section("neutralise", t("Neutraliser : la direction compte", "Neutralising: direction matters"),
      approachPicture(),
      h("p", {}, t("Marchez sur le nœud d'un ennemi par n'importe quelle direction autre que celle qu'il regarde : il est neutralisé et s'assoit dans le bac « Neutralisés ». Arriver par son avant (le trait rouge), c'est être capturé. Cliquez simplement le nœud de l'ennemi : tout le nœud, triangle compris, est cliquable.",
        "Walk onto an enemy's node from any direction other than the one it faces: it is neutralised and sits down in the \"Neutralised\" tray. Arriving from its front (the red stroke) means capture. Just click the enemy's node: the whole node, triangle included, is clickable.")),
      h("p", {}, t("Avec l'aperçu activé, survoler un nœud montre le résultat : une main sur l'ennemi qui sera neutralisé, un triangle ⚠ si une capture vous attend.",
        "With the preview on, hovering a node shows the result: a hand on the enemy about to be neutralised, a ⚠ triangle if a capture awaits."))),
    section("enemies", t("Les ennemis", "The enemies"),
      pieces(
        piece(enemyPicture("sentry", t("Sentinelle", "Sentry")), t("Sentinelle (S)", "Sentry (S)"),
          t("ne bouge jamais et regarde toujours le même voisin.", "never moves and always faces the same neighbour.")),
        piece(enemyPicture("pivot", t("Sentinelle pivotante", "Pivoting sentry")), t("Sentinelle pivotante (P)", "Pivoting sentry (P)"),
          t("tourne d'un voisin à l'autre à chaque tour. La flèche pointillée montre sa prochaine orientation, mais seule l'orientation actuelle compte quand vous jouez.",
            "turns from one neighbour to the next each turn. The dotted arrow shows its next facing, but only its current facing counts when you move.")),
        piece(enemyPicture("patrol", t("Patrouille", "Patrol")), t("Patrouille (R)", "Patrol (R)"),
          t("suit son parcours et regarde le nœud où elle va : la prendre de dos ou de côté la neutralise.", "walks its route and faces the node it is heading to: take it from behind or from the side.")),
        piece(enemyPicture("tracker", t("Traqueur en alerte", "Alert tracker"), "alert"), t("Traqueur (T)", "Tracker (T)"),
          t("attend à son poste ; si vous passez à deux pas (hors cachette), il passe en alerte (cadre rouge pointillé) et vous poursuit. En alerte, impossible de le neutraliser. Une cachette le fait renoncer.",
            "waits at its post; if you come within two steps (outside a hide node) it turns alert (dashed red frame) and hunts you. Alert, it cannot be neutralised. A hide node makes it give up.")))),
    section("map", t("Le plan", "The map"),
      pieces(
        piece(picture(t("Cachette", "Hide node"), "0 0 60 50", "stealth-board", s("g", { class: "node hide" }, s("rect", { x: 13, y: 8, width: 34, height: 34, rx: 8, class: "node-shape" }))),
          t("Cachette", "Hide node"), t("aucun ennemi n'y marche ; un traqueur vous y perd de vue.", "no enemy walks there; a tracker loses sight of you.")),
        piece(picture(t("Sortie", "Exit"), "0 0 60 50", "stealth-board", s("g", { class: "node exit" }, node(30, 25), s("text", { x: 30, y: 30, class: "node-glyph" }, "⚑"))),
          t("Sortie", "Exit"), t("l'atteindre gagne le niveau aussitôt.", "reaching it wins the level at once.")),
        piece(picture(t("Porte fermée", "Closed door"), "0 0 100 50", "stealth-board door-red", edge(20, 25, 80, 25, "door closed"), node(20, 25), node(80, 25)),
          t("Porte et clé", "Door and key"), t("une porte fermée s'ouvre quand vous ramassez la clé de sa couleur.", "a closed door opens once you pick up the key of its colour.")),
        piece(picture(t("Arête à sens unique", "One-way edge"), "0 0 100 50", "stealth-board",
          s("defs", {}, s("marker", { id: "rules-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" }))),
          s("line", { x1: 20, y1: 25, x2: 58, y2: 25, class: "edge oneway", "marker-end": "url(#rules-arrow)" }), node(20, 25), node(80, 25)),
        t("Sens unique", "One way"), t("ne se parcourt que dans le sens de la flèche.", "can only be walked the way the arrow points.")),
        piece(picture(t("Caravane", "Caravan"), "0 0 100 50", "stealth-board", edge(20, 25, 80, 25), s("circle", { cx: 20, cy: 25, r: 9, class: "member" }), leader(80, 25)),
          t("Caravane", "Caravan"), t("les membres vous suivent pas à pas ; seul le chef neutralise, un membre qui marche sur un ennemi est capturé.", "members follow in your footsteps; only the leader neutralises, a member stepping onto an enemy is captured.")))),
    section("subtle", t("Les règles fines", "The subtle rules"),
      h("ul", {},
        h("li", {}, t("Deux ennemis sur le même nœud : y entrer est une capture.", "Two enemies on one node: walking in is a capture.")),
        h("li", {}, t("Pierre sonore : lancée à quelques nœuds (deux en général), elle détourne les ennemis proches vers le bruit. Un ennemi détourné se neutralise de n'importe quel côté. La pierre ne neutralise personne.",
          "Noise stone: thrown a few nodes away (usually up to two), it turns nearby enemies toward the sound. A diverted enemy can be neutralised from any side. The stone itself neutralises nobody.")),
        h("li", {}, t("Neutraliser un ennemi n'alerte pas les autres. Seule l'annulation le ramène.", "Neutralising an enemy alerts nobody else. Only undo brings it back.")),
        h("li", {}, t("Atteindre la sortie termine le niveau avant que les ennemis ne jouent.", "Reaching the exit ends the level before the enemies act."))))];
}

/** The game's lobby card: one player, a level's length, picture, the level editor. */
export function lobby() {
  return { players: t("1 joueur", "1 player"), length: t("un niveau : 2 à 5 min", "a level: 2 to 5 min"), picture: "/static/img/stealth.jpg",
    editor: { href: "#/edit/stealth", label: t("Éditeur de niveaux", "Level editor") } };
}
