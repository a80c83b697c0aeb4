// Stealth's rules for players (the seed stealth-neutralisation and docs/rules/stealth.md R1–R22).
// The pictures use the board's own classes (stealth-board), so they look like the level map.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { picture, piece, pieces, section } from "../rules.js";
import {
  doorPiece, enemyPiece, exitPiece, hidePiece, keyColour, keyPiece, leaderPiece as leader, memberPiece, onewayArrows,
  postMark, routePath, viewCone,
} from "../games/stealth-pieces.js";

const node = (x, y, extra = "") => s("circle", { cx: x, cy: y, r: 15, class: ["node-shape", extra] });
const edge = (x1, y1, x2, y2, extra = "") => s("line", { x1, y1, x2, y2, class: ["edge", extra] });

/** A small map: an enemy on a node facing its right-hand neighbour, its view cone painted. */
function enemyPicture(kind, label, options = {}) {
  return picture(label, "0 0 160 80", "stealth-board",
    kind === "patrol" ? routePath([[40, 45], [120, 45]], false) : null,
    edge(40, 45, 120, 45), viewCone(40, 45, 120, 45), node(40, 45), node(120, 45),
    kind === "tracker" ? postMark(40, 45) : null,
    enemyPiece(kind, 40, 45, 0, options));
}

/** The core rule: arriving from the side neutralises, arriving from the front is a capture. */
function approachPicture() {
  return picture(t("Arriver de côté neutralise ; arriver de face, c'est la capture", "Arriving from the side neutralises; arriving from the front is a capture"),
    "0 0 220 130", "stealth-board",
    edge(30, 40, 110, 40), edge(110, 40, 190, 40), edge(110, 40, 110, 115), viewCone(110, 40, 190, 40),
    node(30, 40), node(110, 40), node(190, 40), node(110, 115),
    enemyPiece("sentry", 110, 40, 0), leader(110, 115),
    s("text", { x: 130, y: 85, class: "rules-ok" }, "✓"), s("text", { x: 150, y: 25, class: "rules-bad" }, "✗"),
    s("text", { x: 65, y: 25, class: "rules-ok" }, "✓"));
}

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Menez votre personnage (le pion bleu) jusqu'à la sortie (le drapeau) sans vous faire capturer. Chaque niveau propose aussi des étoiles : finir, finir en peu de coups (le « par »), ne neutraliser personne, ou neutraliser tout le monde.",
        "Lead your character (the blue meeple) to the exit (the flag) without being captured. Each level also offers stars: finishing, finishing in few moves (the \"par\"), neutralising nobody, or neutralising everyone."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("Cliquez un nœud voisin (bordé de bleu) pour y aller, ou lancez une pierre sonore. Ensuite chaque ennemi agit une fois : les patrouilles avancent, les sentinelles pivotantes tournent, les traqueurs vous poursuivent. Vous ne pouvez pas attendre sur place.",
        "Click a neighbouring node (outlined in blue) to go there, or throw a noise stone. Then every enemy acts once: patrols step on, pivoting sentries turn, trackers hunt you. You cannot wait where you are.")),
      h("p", {}, t("Un ennemi voit le nœud qu'il regarde (au bout de son cône rouge) : si vous y êtes à la fin du tour (hors cachette, et pas derrière une porte fermée), ou s'il marche sur vous, vous êtes capturé. « Annuler le coup » revient en arrière à tout moment.",
        "An enemy sees the node it faces (at the end of its red cone): if you stand there at the end of the turn (outside a hide node, and not behind a closed door), or it walks onto you, you are captured. \"Undo\" steps back at any time."))),
    section("neutralise", t("Neutraliser : la direction compte", "Neutralising: direction matters"),
      approachPicture(),
      h("p", {}, t("Marchez sur le nœud d'un ennemi par n'importe quelle direction autre que celle qu'il regarde : il est neutralisé et s'assoit dans le bac « Neutralisés ». Arriver par son avant (du côté de son cône rouge), c'est être capturé. Cliquez simplement le nœud de l'ennemi : tout le nœud, pion compris, est cliquable.",
        "Walk onto an enemy's node from any direction other than the one it faces: it is neutralised and sits down in the \"Neutralised\" tray. Arriving from its front (the side of its red cone) means capture. Just click the enemy's node: the whole node, meeple included, is clickable.")),
      h("p", {}, t("Avec l'aperçu activé, survoler un nœud montre le résultat : une main sur l'ennemi qui sera neutralisé, un triangle ⚠ si une capture vous attend.",
        "With the preview on, hovering a node shows the result: a hand on the enemy about to be neutralised, a ⚠ triangle if a capture awaits."))),
    section("enemies", t("Les ennemis", "The enemies"),
      pieces(
        piece(enemyPicture("sentry", t("Sentinelle", "Sentry")), t("Sentinelle", "Sentry"),
          t("debout sur son socle, elle ne bouge jamais et regarde toujours le même voisin (son cône rouge).",
            "standing on its plinth, it never moves and always faces the same neighbour (its red cone).")),
        piece(enemyPicture("pivot", t("Sentinelle pivotante", "Pivoting sentry"), { nextAngle: 90 }), t("Sentinelle pivotante", "Pivoting sentry"),
          t("tourne d'un voisin à l'autre à chaque tour. L'anneau interrompu de son socle et sa flèche montrent sa prochaine orientation, mais seule l'orientation actuelle compte quand vous jouez.",
            "turns from one neighbour to the next each turn. The broken ring on its base and its arrow show its next facing, but only its current facing counts when you move.")),
        piece(enemyPicture("patrol", t("Patrouille", "Patrol")), t("Patrouille", "Patrol"),
          t("porte une lanterne, suit son parcours (les pointillés orange) et regarde le nœud où elle va : la prendre de dos ou de côté la neutralise.",
            "carries a lantern, walks its route (the orange dots) and faces the node it is heading to: take it from behind or from the side.")),
        piece(enemyPicture("tracker", t("Traqueur en alerte", "Alert tracker"), { alert: true }), t("Traqueur", "Tracker"),
          t("attend à son poste (la petite tour) ; si vous passez à deux pas (hors cachette), il passe en alerte (« ! » et cadre rouge pointillé) et vous poursuit. En alerte, impossible de le neutraliser. Une cachette le fait renoncer et rentrer à son poste.",
            "waits at its post (the small tower); if you come within two steps (outside a hide node) it turns alert (\"!\" and a dashed red frame) and hunts you. Alert, it cannot be neutralised. A hide node makes it give up and go back to its post.")))),
    section("map", t("Le plan", "The map"),
      pieces(
        piece(picture(t("Cachette", "Hide node"), "0 0 70 60", "stealth-board", s("g", { class: "node hide" }, hidePiece(35, 30), node(35, 30))),
          t("Cachette", "Hide node"), t("un buisson : aucun ennemi n'y marche ni n'y voit ; un traqueur vous y perd de vue.", "a bush: no enemy walks or sees into it; a tracker loses sight of you.")),
        piece(picture(t("Sortie", "Exit"), "0 0 80 60", "stealth-board", s("g", { class: "node exit" }, node(30, 35), exitPiece(30, 35))),
          t("Sortie", "Exit"), t("le drapeau : l'atteindre gagne le niveau aussitôt.", "the flag: reaching it wins the level at once.")),
        piece(picture(t("Porte fermée et sa clé", "A closed door and its key"), "0 0 120 60", "stealth-board",
          edge(20, 35, 100, 35), doorPiece(20, 35, 100, 35, keyColour("red"), false, t("Porte fermée", "Closed door")),
          node(20, 35), node(100, 35), keyPiece(100, 12, keyColour("red"), t("Clé", "Key"))),
        t("Porte et clé", "Door and key"), t("une porte fermée s'ouvre quand vous ramassez la clé de sa couleur ; personne ne voit à travers une porte fermée.", "a closed door opens once you pick up the key of its colour; nobody sees through a closed door.")),
        piece(picture(t("Arête à sens unique", "One-way edge"), "0 0 100 50", "stealth-board",
          edge(20, 25, 80, 25, "oneway"), onewayArrows(20, 25, 80, 25), node(20, 25), node(80, 25)),
        t("Sens unique", "One way"), t("ne se parcourt que dans le sens des flèches.", "can only be walked the way the arrows point.")),
        piece(picture(t("Caravane", "Caravan"), "0 0 100 50", "stealth-board", edge(20, 28, 80, 28), memberPiece(20, 28, 1), leader(80, 28)),
          t("Caravane", "Caravan"), t("les membres vous suivent pas à pas ; seul le chef neutralise, un membre qui marche sur un ennemi est capturé.", "members follow in your footsteps; only the leader neutralises, a member stepping onto an enemy is captured.")))),
    section("stars", t("Étoiles, indice et niveau du jour", "Stars, hints and the daily level"),
      h("ul", {},
        h("li", {}, t("Sortie : atteindre la sortie. Par : y arriver en autant de coups que la plus courte solution, ou moins. Fantôme : sans neutraliser personne. Rafle : en neutralisant tous les ennemis.",
          "Exit: reach the exit. Par: get there in as many moves as the shortest solution, or fewer. Ghost: without neutralising anyone. Sweep: neutralising every enemy.")),
        h("li", {}, t("Dans bien des niveaux, le chemin du par ne rapporte pas aussi le fantôme ou la rafle : il faut rejouer le niveau autrement.",
          "In many levels the par route does not earn the ghost or the sweep too: play the level again another way.")),
        h("li", {}, t("« Indice » entoure le prochain coup d'une plus courte solution depuis la position. Il coûte l'étoile par de la partie.",
          "\"Hint\" rings the next move of a shortest solution from the position. It costs the game's par star.")),
        h("li", {}, t("Le niveau du jour est créé pour la date : chacun joue le même ce jour-là.",
          "The daily level is made for the date: everyone plays the same one that day.")))),
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
