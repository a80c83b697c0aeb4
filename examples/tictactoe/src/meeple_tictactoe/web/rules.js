// Tic-tac-toe's rules for players: the « Règles » / "Rules" dialog (a list of sections, see /static/rules.js).
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { section } from "/static/rules.js";

export default function rules() {
  return [
    section("goal", t("But", "Goal"),
      h("p", {}, t("Alignez trois de vos marques sur une ligne, une colonne ou une diagonale.",
        "Line up three of your marks in a row, a column or a diagonal."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("X commence. Chacun à son tour marque une case vide.", "X starts. In turn, each player marks an empty cell."))),
    section("end", t("Fin de partie", "End of the game"),
      h("p", {}, t("Trois à la suite gagnent ; une grille pleine sans alignement est une partie nulle.",
        "Three in a row wins; a full board without one is a draw."))),
  ];
}
