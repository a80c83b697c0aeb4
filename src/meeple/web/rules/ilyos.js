// ILYOS's rules for players (the seed ilyos-rules and docs/rules/ilyos.md R1–R52). The pictures use the
// board's own classes (ilyos-board).
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { picture, piece, pieces, section } from "../rules.js";

const C = 40;

function cell(kind, x = 0, y = 0, extra = null) {
  return s("g", { class: ["cell", kind] }, s("rect", { x: x * C + 1, y: y * C + 1, width: C - 2, height: C - 2, rx: 5, class: "cell-ground", ...(extra || {}) }));
}

function cellPicture(kind, label, ...more) {
  return picture(label, `0 0 ${C} ${C}`, "ilyos-board", cell(kind), ...more);
}

function guardian(x, y, seat, number, crown = false) {
  return s("g", { class: "guardian" },
    s("circle", { cx: x, cy: y, r: 13, class: ["guardian-body", `seat-fill-${seat}`] }),
    s("text", { x, y: y + 5, class: "guardian-label" }, String(number)),
    crown ? s("text", { x: x + 11, y: y - 7, class: "crown carried" }, "♛") : null);
}

/** An L island of three cells around its pivot, turned a quarter turn by magic. */
function islandPicture() {
  return picture(t("Une île en L et sa rotation", "An L island and its rotation"), `0 0 ${5 * C} ${2 * C}`, "ilyos-board",
    [[0, 0], [1, 0], [0, 1]].map(([x, y]) => cell("island", x, y)),
    s("circle", { cx: C / 2, cy: C / 2, r: 4, class: "pivot-dot" }),
    s("text", { x: 2.5 * C, y: C + 6, class: "rules-arrow-glyph" }, "↻"),
    [[4, 0], [4, 1], [3, 0]].map(([x, y]) => cell("island", x, y)),
    s("circle", { cx: 4.5 * C, cy: C / 2, r: 4, class: "pivot-dot" }));
}

function card(kind, name) {
  return h("span", { class: ["card", `card-${kind}`, "rules-card"] }, name);
}

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Rapportez des couronnes dans vos villages (les coins du plateau). Le premier à valider trois couronnes gagne. En duel, chaque joueur a deux villages en diagonale ; à 2 contre 2, chacun a le sien et marque ses propres couronnes.",
        "Bring crowns home to your villages (the corners of the board). The first to validate three crowns wins. In a duel each player has two diagonal villages; in 2 versus 2 each has one and scores their own crowns.")),
      h("p", {}, t("Une couronne ne compte que si elle est encore dans votre village au début de votre tour suivant : l'y amener ne marque pas tout de suite, et l'adversaire peut encore vous la reprendre.",
        "A crown scores only if it is still in your village at the start of your next turn: bringing it home does not score at once, and your opponent may still take it back."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("Vous piochez 5 cartes. Jouez-les dans l'ordre que vous voulez, et posez exactement une île avant de cliquer « Fin du tour » (avant, entre ou après vos actions).",
        "You draw 5 cards. Play them in any order, and place exactly one island before you click \"End turn\" (before, between or after your actions).")),
      h("div", { class: "cards rules-cards" }, card("move", t("Déplacement", "Move")), card("push", t("Poussée", "Push")), card("magic", t("Magie", "Magic"))),
      h("ul", {},
        h("li", {}, h("strong", {}, t("Déplacement : ", "Move: ")), t("un pas orthogonal par carte ; un pas en diagonale coûte deux cartes. Cliquez votre gardien puis la case.", "one orthogonal step per card; a diagonal step costs two cards. Click your guardian, then the cell.")),
        h("li", {}, h("strong", {}, t("Poussée : ", "Push: ")), t("votre gardien pousse la case voisine (un gardien, de n'importe quelle équipe, ou une couronne au sol). Choisissez la force avec − / + : chaque point fait avancer toute la ligne d'une case. Un gardien poussé dans le vide tombe ; un gardien qui porte une couronne ne peut pas y être poussé (Porteurs ancrés, par défaut).", "your guardian pushes the neighbouring cell (a guardian of any team, or a crown on the ground). Choose the force with − / +: each point moves the whole line one cell. A guardian pushed into the void falls; a guardian carrying a crown cannot be pushed into it (Anchored carriers, on by default).")),
        h("li", {}, h("strong", {}, t("Magie : ", "Magic: ")), t("cliquez une case d'île et tournez toute l'île autour de son coin (90°, 180°, 270° ou 360°), avec ce qui est dessus.", "click an island cell and turn the whole island around its corner (90°, 180°, 270° or 360°), with everything on it."))),
      h("p", {}, t("Les cartes non jouées vont dans votre stock (au plus 5 de chaque sorte) et restent utilisables aux tours suivants.",
        "Cards you did not play go to your stock (at most 5 of each kind) and stay usable on later turns."))),
    section("board", t("Le plateau", "The board"),
      pieces(
        piece(cellPicture("void", t("Vide", "Void")), t("Vide (bleu nuit)", "Void (navy)"), t("on n'y marche pas ; un gardien poussé dedans tombe (jamais un porteur de couronne, par défaut).", "nobody stands there; a guardian pushed into it falls (never a crown carrier, by default).")),
        piece(cellPicture("island", t("Île", "Island")), t("Île (sable)", "Island (sand)"), t("terrain où l'on marche. Chaque île est un L de trois cases.", "land to walk on. Every island is an L of three cells.")),
        piece(cellPicture("sanctuary", t("Sanctuaire", "Sanctuary"), s("circle", { cx: C / 2, cy: C / 2, r: 5, class: "heart" })), t("Sanctuaire (gris)", "Sanctuary (grey)"),
          t("la croix fixe du centre : jamais déplacée ni tournée. Les couronnes apparaissent sur son cœur (le rond blanc).", "the fixed cross at the centre: never moved or turned. Crowns appear on its heart (the white dot).")),
        piece(cellPicture("village", t("Village", "Village"), s("text", { x: C / 2, y: C / 2 + 5, class: "village-letter" }, "V")), t("Village (coin teinté de la couleur du joueur)", "Village (corner tinted in the player's colour)"),
          t("trois cases par coin, où l'on valide les couronnes.", "three cells per corner, where crowns are validated.")),
        piece(picture(t("Gardien numéro 1 portant une couronne", "Guardian number 1 carrying a crown"), `0 0 ${C} ${C}`, "ilyos-board", cell("island"), guardian(C / 2, C / 2 + 2, 0, 1, true)),
          t("Gardien", "Guardian"), t("vos pions, numérotés de 1 à 6 par équipe, dans votre couleur : ronds pour la première équipe, carrés pour la seconde. Un gardien porte au plus une couronne (♛ en haut à droite).", "your pawns, numbered 1 to 6 per team, in your colour: round for the first team, square for the second. A guardian carries at most one crown (♛ at its top right).")),
        piece(cellPicture("island", t("Couronne au sol", "Crown on the ground"), s("text", { x: C / 2, y: C / 2 + 9, class: "crown" }, "♛")),
          t("Couronne", "Crown"), t("s'arrêter dessus les mains vides la ramasse.", "stopping on it with empty hands picks it up.")))),
    section("islands", t("Poser une île", "Placing an island"),
      islandPicture(),
      h("p", {}, t("Cliquez « Placer une île », puis un des coins proposés et une orientation. L'île se pose sur du vide, en touchant une terre. Un nouveau gardien apparaît sur son coin si votre équipe en a moins de 6. Si un joueur ne peut plus poser d'île au début de son tour, la partie s'arrête : le plus de couronnes validées l'emporte (à égalité, la couronne la plus proche de son village).",
        "Click \"Place an island\", then one of the corners offered and an orientation. The island goes on void, touching land. A new guardian appears on its corner if your team has fewer than 6. If a player can no longer place an island at the start of their turn, the game stops: most validated crowns wins (on a tie, the crown nearest its village)."))),
    section("subtle", t("Les règles fines", "The subtle rules"),
      h("ul", {},
        h("li", {}, t("Ce qui compte, c'est où est la couronne au début de votre tour : posée dans votre village ou portée là par n'importe quel gardien, même adverse, elle marque pour vous.",
          "What counts is where the crown is at the start of your turn: lying in your village or carried there by any guardian, even an opponent's, it scores for you.")),
        h("li", {}, t("Une couronne poussée vole par-dessus le vide mais doit atterrir exactement sur une case d'île libre.", "A pushed crown flies over the void but must land exactly on a free island cell.")),
        h("li", {}, t("Dès que la première couronne est prise, une seconde apparaît sur le cœur : deux couronnes circulent.", "As soon as the first crown is taken, a second appears on the heart: two crowns are in play.")),
        h("li", {}, t("Un gardien qui porte déjà une couronne peut traverser une couronne au sol, pas s'y arrêter.", "A guardian already carrying a crown may cross a crown on the ground, not stop on it.")),
        h("li", {}, t("Prendre la couronne d'un gardien adverse voisin coûte un déplacement ; la passer à un allié voisin ou la poser est gratuit. Variantes, désactivées par défaut : on ne peut pas la prendre à un porteur qui se tient dans l'un de ses villages (Village refuge) ni à un porteur qu'un allié escorte, juste à côté de lui (Escorte) ; une couronne que l'on vient de prendre ne peut pas être reprise avant que l'équipe qui l'a prise rejoue (Pas de reprise immédiate).", "Taking the crown of a neighbouring opponent costs one move; passing it to a neighbouring ally or putting it down is free. Variants, off by default: it cannot be taken from a carrier standing in one of its own villages (Village refuge), nor from a carrier with an ally right beside it (Escort); a crown just taken cannot be taken back before the taking team plays again (No immediate retake).")),
        h("li", {}, t("Cliquez de nouveau le gardien choisi (ou Échap) pour annuler une action en cours : la carte n'est pas dépensée.", "Click the chosen guardian again (or Escape) to cancel an action under way: the card is not spent.")),
        h("li", {}, t("Le second joueur commence avec 2 déplacements et 1 poussée dans son stock, pour compenser le trait (réglable à la création de la partie).", "The second player starts with 2 moves and 1 push in stock, to make up for moving second (set when the game is created)."))))];
}

/** The game's lobby card: players, typical length (median of the balance study: 23 rounds), picture. */
export function lobby() {
  return { players: t("2 à 4 joueurs", "2 to 4 players"), length: t("≈ 23 manches", "≈ 23 rounds"), picture: "/static/img/ilyos.jpg" };
}
