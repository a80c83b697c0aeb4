// Guided first moves: on a player's first game of ILYOS, Hive, skirmish or murder (stealth's level 1-1
// already teaches), a short list of steps above the board, the current one marked as the game goes on.
// "Compris" / "Got it" (or finishing the steps) puts it away for good in this browser.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "meeple.coached";

/** Each game's first steps: the words, and the number of moves at which the step is done. */
const STEPS = {
  hive: () => [
    [t("Choisissez une pièce dans votre réserve, puis une des cases bleues pour la poser.", "Pick a piece from your reserve, then one of the blue cells to place it."), 1],
    [t("Votre adversaire répond. Posez d'autres pièces : chacune doit toucher les vôtres, pas les siennes.", "Your opponent answers. Place more pieces: each must touch yours, not theirs."), 3],
    [t("Posez votre Reine avant votre quatrième tour ; ensuite vos pièces peuvent bouger. Encerclez la Reine adverse pour gagner.", "Place your Queen by your fourth turn; then your pieces may move. Surround the opponent's Queen to win."), 8],
  ],
  ilyos: () => [
    [t("Cliquez « Placer une île », puis un coin vert sur le plateau (et une orientation si on vous la demande).", "Click \"Place an island\", then a green corner on the board (and an orientation if asked)."), 1],
    [t("Cliquez un de vos gardiens, puis une case marquée → pour le déplacer (chaque pas coûte une carte Déplacement).", "Click one of your guardians, then a cell marked → to move it (each step costs a Move card)."), 2],
    [t("Cliquez « Fin du tour ». Ramenez une couronne ♛ du centre dans un de vos villages : trois couronnes gagnent.", "Click \"End turn\". Bring a crown ♛ from the centre to one of your villages: three crowns win."), 3],
  ],
  skirmish: () => [
    [t("Cliquez un de vos combattants (rouges) : ses cases atteignables s'affichent, avec ce qui s'y passera.", "Click one of your fighters (red): its reachable cells show up, with what will happen there."), 1],
    [t("Cliquez une case pour y aller. Entrer dans la zone d'un ennemi vous arrête, ou vous fait l'engager.", "Click a cell to go there. Entering an enemy's zone stops you, or makes you engage it."), 2],
    [t("Au contact, frappez. Tenez les objectifs ★ et mettez des ennemis hors de combat pour marquer.", "In contact, strike. Hold the objectives ★ and put enemies out of action to score."), 6],
  ],
  murder: () => [
    [t("Lisez les fiches à droite. Cliquez une personne (sa fiche), puis une case du plan pour l'y placer.", "Read the cards on the right. Click a person (their card), then a cell of the map to place them."), 1],
    [t("Une personne par rangée et par colonne. Bloqué ? « Indice » donne la prochaine déduction.", "One person per row and per column. Stuck? \"Hint\" gives the next deduction."), 3],
    [t("Placez tout le monde : l'assassin est la seule personne dans la pièce de la victime.", "Place everyone: the murderer is the only person in the victim's room."), 99],
  ],
};

function coached() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

function putAway(game) {
  localStorage.setItem(KEY, JSON.stringify([...new Set([...coached(), game])]));
}

/** The guide of ``game`` for a new room (``moves`` so far), or null when there is none to show. */
export function coachPanel(game, moves) {
  if (!STEPS[game] || coached().includes(game) || moves > 0) return null;
  const list = h("ol", { class: "coach-steps" });
  const title = h("h2", { id: "coach-title" });
  const done = h("button", { type: "button", class: "quiet", id: "coach-done" });
  const element = h("aside", { class: "coach panel", id: "coach", "aria-labelledby": "coach-title" },
    h("div", { class: "coach-head" }, title, done), list);
  done.addEventListener("click", () => {
    putAway(game);
    element.remove();
  });
  let lastMoves = 0;
  return {
    element,
    /** Mark the step the game is at; after the last step the guide goes away for good. */
    update(state) {
      lastMoves = state.replay ? lastMoves : state.moves;
      const steps = STEPS[game]();
      title.textContent = t("Premiers pas", "First steps");
      done.textContent = t("Compris", "Got it");
      clear(list);
      const current = steps.findIndex(([, until]) => lastMoves < until);
      steps.forEach(([text], index) => list.append(h("li", {
        class: [index < current || current === -1 ? "done" : null, index === current && "current"],
        "aria-current": index === current ? "step" : null,
      }, text)));
      if (current === -1) {
        putAway(game);
        setTimeout(() => element.remove(), 4000);
      }
    },
  };
}
