// Hive's rules for players (docs/rules/hive.md is the reference: B1–B16, C1–C16).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { bugName, insectTile } from "../games/hive-insects.js";
import { piece, pieces, section } from "../rules.js";

const bug = (letter, ...text) => piece(insectTile(letter, "w"), bugName(letter), ...text);

export default function rules() {
  return [
    section("goal", t("But du jeu", "Goal"),
      h("p", {}, t("Encerclez la Reine adverse : dès que ses six cases voisines sont occupées (par des pièces des deux couleurs), vous gagnez. Si les deux Reines sont encerclées par le même coup, la partie est nulle.",
        "Surround your opponent's Queen: as soon as her six neighbouring cells are occupied (by pieces of either colour), you win. If one move surrounds both Queens, the game is a draw."))),
    section("turn", t("Un tour", "A turn"),
      h("p", {}, t("Les blancs commencent. À votre tour, faites une seule chose : poser une pièce de votre réserve, ou déplacer une de vos pièces déjà posées. Cliquez la pièce, puis une des cases proposées.",
        "White starts. On your turn do one thing: place a piece from your reserve, or move one of your pieces already in play. Click the piece, then one of the cells offered.")),
      h("ul", {},
        h("li", {}, t("Une pièce posée doit toucher une de vos pièces et aucune pièce adverse (sauf la toute première pièce de chaque joueur).",
          "A piece you place must touch one of your pieces and none of your opponent's (except each player's very first piece).")),
        h("li", {}, t("Pas de Reine au premier tour ; elle doit être posée au plus tard à votre quatrième tour.",
          "No Queen on your first turn; she must be placed by your fourth turn at the latest.")),
        h("li", {}, t("Aucune de vos pièces ne bouge tant que votre Reine n'est pas posée.",
          "None of your pieces may move until your Queen is placed.")),
        h("li", {}, t("Vous passez seulement si vous n'avez aucun coup possible.", "You pass only when you have no possible move.")))),
    section("pieces", t("Les pièces", "The pieces"),
      pieces(
        bug("Q", t("une case en glissant. La perdre encerclée, c'est perdre.", "one cell, sliding. Surrounded, she loses the game.")),
        bug("S", t("exactement trois cases en glissant autour de la ruche, sans revenir en arrière.", "exactly three cells, sliding around the hive, never doubling back.")),
        bug("B", t("une case, mais peut monter sur la ruche et s'y promener. Une pièce recouverte ne bouge plus, et la pile prend la couleur du Scarabée.", "one cell, but may climb onto the hive and walk on it. A covered piece cannot move, and the stack takes the Beetle's colour.")),
        bug("G", t("saute en ligne droite par-dessus au moins une pièce, jusqu'à la première case vide.", "jumps in a straight line over at least one piece, to the first empty cell.")),
        bug("A", t("glisse d'autant de cases qu'elle veut autour de la ruche.", "slides any number of cells around the hive.")),
        bug("M", t("(extension) copie le déplacement d'une pièce qu'il touche ; sur la ruche, il bouge comme un Scarabée.", "(expansion) copies the movement of a piece it touches; on top of the hive it moves as a Beetle.")),
        bug("L", t("(extension) deux pas sur la ruche puis un pas pour en descendre.", "(expansion) two steps on top of the hive, then one step down.")),
        bug("P", t("(extension) une case en glissant, ou bien soulève une pièce voisine isolée (de n'importe quelle couleur) par-dessus lui et la repose sur une case vide à côté de lui.", "(expansion) one cell, sliding, or lifts a neighbouring single piece (of either colour) over itself and sets it down on an empty cell next to it.")),
        bug("C", t("(variante) échange sa place avec une pièce voisine seule (non empilée), de n'importe quelle couleur. Il doit échanger tant qu'il en touche une ; sinon il glisse d'une case le long de la ruche. Il ne monte jamais.", "(variant) swaps places with a neighbouring single (unstacked) piece of either colour. It must swap as long as it touches one; otherwise it slides one cell along the hive. It never climbs.")))),
    section("subtle", t("Les règles fines", "The subtle rules"),
      h("ul", {},
        h("li", {}, h("strong", {}, t("Une seule ruche. ", "One hive. ")),
          t("Une pièce ne peut pas bouger si son départ coupe la ruche en deux, même un instant.", "A piece may not move if leaving would split the hive in two, even for a moment.")),
        h("li", {}, h("strong", {}, t("Liberté de mouvement. ", "Freedom to move. ")),
          t("Une pièce qui glisse ne passe pas entre deux pièces qui se touchent (une « porte » fermée) ; le Scarabée, la Sauterelle et la Coccinelle passent au-dessus.", "A sliding piece cannot squeeze between two touching pieces (a closed \"gate\"); the Beetle, Grasshopper and Ladybug go over instead.")),
        h("li", {}, h("strong", {}, t("Le Cloporte. ", "The Pillbug. ")),
          t("Il ne peut pas soulever la pièce qui vient d'être jouée, ni une pièce dans une pile ; la pièce qu'il a soulevée ne peut pas bouger au tour suivant de son propriétaire.", "It cannot lift the piece just played, nor a piece in a stack; a piece it lifted cannot move on its owner's next turn.")),
        h("li", {}, h("strong", {}, t("L'échange du Mille-pattes. ", "The Centipede's swap. ")),
          t("L'échange est instantané : il est permis même si le Mille-pattes semble coincé. Après avoir échangé avec le Mille-pattes adverse, celui-ci ne peut pas revenir aussitôt à sa place au coup suivant. Sur le plateau, la case d'un échange est marquée ⇄.",
            "A swap is instantaneous: it is allowed even when the Centipede looks stuck. After a swap with the opponent's Centipede, that Centipede may not swap straight back on its next move. On the board, a swap's cell is marked ⇄.")),
        h("li", {}, h("strong", {}, t("Piles. ", "Stacks. ")),
          t("Le chiffre rouge sur une case donne la hauteur de la pile. Seule la pièce du dessus bouge.", "The red number on a cell is the stack's height. Only the top piece moves."))))];
}

/** The game's lobby card: players, typical length (the game box says 20 minutes), picture. */
export function lobby() {
  return { players: t("2 joueurs", "2 players"), length: t("≈ 20 min", "≈ 20 min"), picture: "/static/img/hive.jpg" };
}
