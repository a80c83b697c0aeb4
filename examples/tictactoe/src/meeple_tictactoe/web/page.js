// Tic-tac-toe's page in meeple's browser app: the template of a game page (docs/adding-a-game.md).
// The interface every page follows is src/meeple/web/games/README.md; the shell (lobby, room bar, undo,
// outcome) is the app's own. A plug-in's files are served at /plugins/<game>/, the app's at /static/.
import { activatable, clear, h, s } from "/static/dom.js";
import { t } from "/static/i18n.js";

const NAMES = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];

/** The page's own style sheet, once (a strict Content-Security-Policy allows no inline style). */
function addStyle() {
  if (document.querySelector("link[data-game=tictactoe]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/plugins/tictactoe/page.css", dataset: { game: "tictactoe" } }));
}

/** One cell: a square, and its mark (a cross or a ring) if it holds one. */
function cell(index, mark, onPlay) {
  const x = (index % 3) * 100;
  const y = Math.floor(index / 3) * 100;
  const group = s("g", { class: ["ttt-cell", mark ? `mark-${mark}` : "empty"], dataset: { cell: String(index) } },
    s("rect", { x: x + 4, y: y + 4, width: 92, height: 92, rx: 8 }));
  if (mark === "X") {
    group.append(s("path", { d: `M${x + 26},${y + 26} L${x + 74},${y + 74} M${x + 74},${y + 26} L${x + 26},${y + 74}` }));
  } else if (mark === "O") {
    group.append(s("circle", { cx: x + 50, cy: y + 50, r: 26 }));
  }
  const label = mark ? t(`${NAMES[index]} : ${mark}`, `${NAMES[index]}: ${mark}`) : t(`Jouer en ${NAMES[index]}`, `Play ${NAMES[index]}`);
  if (onPlay) activatable(group, label, onPlay);
  else group.setAttribute("aria-label", label);
  return group;
}

export default {
  players: "multi",

  mount(root, ctx) {
    addStyle();
    const status = h("p", { class: "ttt-status", role: "status" });
    const board = s("svg", { viewBox: "0 0 300 300", class: "ttt-board", role: "group" });
    root.append(status, board);
    return {
      update(state) {
        const marks = state.view.board;
        const legal = new Set(state.legal ?? []);
        board.setAttribute("aria-label", t("Grille de morpion", "Tic-tac-toe board"));
        clear(board);
        for (let index = 0; index < 9; index += 1) {
          const mark = marks[index] === "." ? null : marks[index];
          board.append(cell(index, mark, legal.has(index) ? () => ctx.play(index) : null));
        }
        const mover = state.view.to_move;
        status.textContent = state.outcome ? "" : mover === null ? "" : legal.size
          ? t(`À vous (${"XO"[mover]}) : choisissez une case.`, `Your turn (${"XO"[mover]}): pick a cell.`)
          : t(`${"XO"[mover]} réfléchit…`, `${"XO"[mover]} is thinking…`);
      },
      destroy() {},
    };
  },

  /** The History panel highlights the cell a move marked. */
  lastMove(move) {
    return [`.ttt-cell[data-cell="${move}"]`];
  },
};
