// Sudoku Murder's rules for players (the seed murder-sudoku-rules, French original, and docs/rules/murder.md).
// The pictures use the board's own classes (murder-board).
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { picture, piece, pieces, section } from "../rules.js";

const C = 40;

function token(kind, label) {
  return picture(label, `0 0 ${C} ${C}`, "murder-board",
    s("circle", { cx: C / 2, cy: C / 2, r: 17, class: ["token", kind] }),
    s("text", { x: C / 2, y: C / 2 + 5, class: "token-label" }, kind === "victim" ? "✝" : kind === "woman" ? "♀" : "♂"));
}

/** Two rooms of different floors, a thick wall between them, and a blocked cell (a plant). */
function roomsPicture() {
  return picture(t("Deux pièces séparées par un mur épais ; une plante bloque sa case", "Two rooms split by a thick wall; a plant blocks its cell"),
    `-3 -3 ${4 * C + 6} ${2 * C + 6}`, "murder-board",
    [0, 1].map((y) => [0, 1, 2, 3].map((x) => s("rect", { x: x * C, y: y * C, width: C, height: C, class: ["cell-floor", x < 2 ? "rules-floor-a" : "rules-floor-b"] }))),
    s("text", { x: 3.5 * C, y: 2 * C - 8, class: "object blocking" }, t("plante", "plant")),
    s("path", { d: `M${3 * C + 6},${C + 6} L${4 * C - 6},${2 * C - 6} M${4 * C - 6},${C + 6} L${3 * C + 6},${2 * C - 6}`, class: "blocked-cross" }),
    s("text", { x: 0.5 * C, y: C - 8, class: "object" }, t("chaise", "chair")),
    s("path", { d: `M${2 * C},0 V${2 * C}`, class: "walls" }),
    s("rect", { x: 0, y: 0, width: 4 * C, height: 2 * C, class: "outer-wall" }));
}

const clue = (sentence, meaning) => h("tr", {}, h("td", {}, h("q", {}, sentence)), h("td", {}, meaning));

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Placez chaque personne sur sa case en suivant les indices de sa fiche, puis trouvez l'assassin : c'est la seule personne qui se trouvait dans la même pièce que la victime. Chaque enquête a une seule solution, que l'on atteint pas à pas sans deviner.",
        "Place every person on their cell following the clues of their card, then find the murderer: the only person who was in the same room as the victim. Every case has exactly one solution, reachable step by step without guessing."))),
    section("turn", t("Comment jouer", "How to play"),
      h("p", {}, t("Choisissez une personne (sa fiche ou son jeton), puis cliquez une case pour l'y placer ; recliquez pour la retirer. Le crayon note des possibilités dans les cases. « Vérifier » dit si une règle est enfreinte ; « Indice » donne la prochaine déduction logique et montre ses cases.",
        "Choose a person (their card or token), then click a cell to place them; click again to take them off. The pencil notes possibilities in cells. \"Check\" tells whether a rule is broken; \"Hint\" gives the next logical deduction and shows its cells.")),
      h("p", {}, t("Les aides se règlent sous le plateau : le chrono (que l'on peut masquer), les notes automatiques (qui peut encore être sur chaque case d'après sa fiche), les erreurs signalées ; « Défi » les coupe, indice compris. L'« Enquête du jour » est la même pour tous, plus dure au fil de la semaine.",
        "The helpers are set under the board: the clock (which can be hidden), automatic notes (who may still be on each cell by their card), mistakes shown; \"Challenge\" turns them off, the hint too. The \"Daily case\" is the same for everyone, harder as the week goes on.")),
      h("p", {}, t("Les rangées R1, R2… sont numérotées de haut en bas et les colonnes C1, C2… de gauche à droite, le long du plateau : « R2C3 » dans un indice, c'est la rangée 2, colonne 3.",
        "Rows R1, R2… are numbered from top to bottom and columns C1, C2… from left to right, along the board: \"R2C3\" in a hint is row 2, column 3."))),
    section("placing", t("Placement", "Placement"),
      h("ul", {},
        h("li", {}, t("Une personne par case ; jamais deux personnes dans la même rangée ni dans la même colonne (comme au sudoku).", "One person per cell; never two people in the same row or the same column (as in sudoku).")),
        h("li", {}, t("On peut se tenir sur le sol nu ou sur un objet où l'on s'assoit, s'allonge ou se tient : chaise, fauteuil, canapé, lit, banc, tabouret, tapis, carpette.", "You may stand on bare floor or on something to sit, lie or stand on: chair, armchair, sofa, bed, bench, stool, rug, mat.")),
        h("li", {}, t("Le décor bloque sa case (croix) : plante, table, arbre, buisson, rocher, caisse, étagère, fontaine, statue, poubelle. Il peut quand même servir dans les indices.", "Decor blocks its cell (a cross): plant, table, tree, bush, rock, crate, shelf, fountain, statue, bin. It may still appear in clues.")))),
    section("pieces", t("Le plan et les personnes", "The map and the people"),
      roomsPicture(),
      pieces(
        piece(token("man", t("Homme", "Man")), t("Homme", "Man"), t("jeton bleu, avec ses initiales sur le plateau.", "blue token, with his initials on the board.")),
        piece(token("woman", t("Femme", "Woman")), t("Femme", "Woman"), t("jeton violet.", "purple token.")),
        piece(token("victim", t("Victime", "Victim")), t("Victime", "Victim"), t("jeton noir. Sa pièce contient exactement une autre personne : l'assassin.", "black token. Her room holds exactly one other person: the murderer.")),
        piece(roomsPictureSmall(), t("Pièces", "Rooms"), t("séparées par des murs épais ; deux pièces voisines n'ont jamais la même couleur. La légende sous le plateau nomme chaque pièce et son sol.", "split by thick walls; two neighbouring rooms never share a colour. The legend under the board names every room and its floor.")))),
    section("clues", t("Le sens des indices", "What the clues mean"),
      h("table", { class: "rules-clues" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Indice", "Clue")), h("th", { scope: "col" }, t("Ce qu'il veut dire", "What it means")))),
        h("tbody", {},
          clue(t("Elle était dans la rangée du haut.", "She was in the top row."), t("Cette rangée-là ; « la deuxième rangée » est juste sous celle du haut.", "That row; \"the second row\" is just below the top one.")),
          clue(t("Il était dans la colonne de gauche.", "He was in the left column."), t("Cette colonne-là ; les colonnes du milieu se comptent depuis la gauche.", "That column; middle columns count from the left.")),
          clue(t("Elle était dans la Bibliothèque.", "She was in the Library."), t("Quelque part dans cette pièce.", "Somewhere in that room.")),
          clue(t("Il n'était pas dans la Cave.", "He was not in the Cellar."), t("N'importe où hors de cette pièce.", "Anywhere outside that room.")),
          clue(t("Elle était sur un fauteuil.", "She was on an armchair."), t("Sa case contient ce type d'objet.", "Her cell holds that kind of object.")),
          clue(t("Il n'était pas sur un canapé.", "He was not on a sofa."), t("Sa case ne contient pas cet objet (elle peut en contenir un autre).", "His cell does not hold it (it may hold another).")),
          clue(t("Elle était à côté d'une plante.", "She was beside a plant."), t("Une case juste au-dessus, en dessous, à gauche ou à droite contient une plante, dans sa pièce. Jamais en diagonale.", "A cell just above, below, left or right holds a plant, in her room. Never diagonally.")),
          clue(t("Il n'était à côté d'aucune chaise.", "He was beside no chair."), t("Aucune chaise juste autour de lui dans sa pièce.", "No chair right around him in his room.")),
          clue(t("Elle était dans un coin de la pièce.", "She was in a corner of the room."), t("Sa case touche les murs de sa pièce sur deux côtés qui se rejoignent ; le bord du plateau compte comme un mur.", "Her cell touches her room's walls on two sides that meet; the board's edge counts as a wall.")),
          clue(t("Il était dans le Bureau avec un autre homme.", "He was in the Study with another man."), t("Dans cette pièce, avec exactement un autre homme (des femmes peuvent y être aussi).", "In that room, with exactly one other man (women may be there too).")),
          clue(t("Elle était seule dans la pièce.", "She was alone in the room."), t("Personne d'autre dans sa pièce.", "Nobody else in her room."))))),
    section("subtle", t("Les règles fines", "The subtle rules"),
      h("ul", {},
        h("li", {}, t("Une pièce peut contenir autant de personnes qu'on veut, sauf celle de la victime (exactement deux).", "A room may hold any number of people, except the victim's (exactly two).")),
        h("li", {}, t("« À côté » ne compte que dans la même pièce : une plante de l'autre côté d'un mur ne compte pas.", "\"Beside\" counts only inside the same room: a plant on the other side of a wall does not count.")),
        h("li", {}, t("Un coin de pièce peut être au milieu du plateau, si les murs de la pièce s'y rejoignent.", "A room's corner may lie in the middle of the board, where the room's walls meet."))))];
}

function roomsPictureSmall() {
  return picture(t("Deux pièces voisines, deux sols", "Two neighbouring rooms, two floors"), `-3 -3 ${2 * C + 6} ${C + 6}`, "murder-board",
    s("rect", { x: 0, y: 0, width: C, height: C, class: ["cell-floor", "rules-floor-a"] }),
    s("rect", { x: C, y: 0, width: C, height: C, class: ["cell-floor", "rules-floor-b"] }),
    s("path", { d: `M${C},0 V${C}`, class: "walls" }), s("rect", { x: 0, y: 0, width: 2 * C, height: C, class: "outer-wall" }));
}

/** The game's lobby card: one player, a case's length, picture, the case editor. */
export function lobby() {
  return { players: t("1 joueur", "1 player"), length: t("une enquête : 5 à 30 min", "a case: 5 to 30 min"), picture: "/static/img/murder.jpg",
    editor: { href: "#/edit/murder", label: t("Éditeur d'enquêtes", "Case editor") } };
}
