// One layout rule for every game's room: the board and the controls of the current action on one screen.
//
//   .play-stage
//     .play-board   (#game-area: the game page's root, its board)
//     .play-side    (beside the board on a wide screen; on a phone its children follow the board)
//       .play-bar      (#action-bar: .bar-controls, the game page's controls of the current action —
//                       reserve, hand, orientation, person cards, end turn —, then the shell's undo,
//                       new game and lobby buttons)
//       .play-details  (#play-details: what a player reads rather than clicks — legend, rules, scores)
//       the History panel
//
// On a phone (≤ 720 px) the bar sticks to the bottom of the screen and the board's height is fitted so
// that the board and the bar fit one screen; on a wide screen the board's height is fitted to the window
// and the bar is the first thing beside it. The fitted height is the CSS variable --board-max, which
// svg.board (and a pan-zoom board, zoom.js) use as their max-height.
import { h } from "./dom.js";

/** Where the layout switches to the phone's arrangement (the same width as app.css's media queries). */
export const PHONE = window.matchMedia("(max-width: 720px)");

const MIN_BOARD_PX = 180; // a board never shrinks below this, however tall the bar: the bar then scrolls
const GAP_PX = 8;

/** The lowest point of what is laid out below ``element`` inside ``root`` (its own column only). */
function heightBelow(element, root) {
  const bottom = element.getBoundingClientRect().bottom;
  let extra = 0;
  for (let node = element; node && node !== root; node = node.parentElement) {
    for (let next = node.nextElementSibling; next; next = next.nextElementSibling) {
      const box = next.getBoundingClientRect();
      // a sibling beside the board (a side column of the page's own grid) does not count: only below it
      if (box.height && box.top >= bottom - 1) extra = Math.max(extra, box.bottom - bottom);
    }
  }
  return extra;
}

/** The stage a page's root belongs to (for keepFocus over the board and the bar), or the root itself. */
export function stageOf(root) {
  return root.closest(".play-stage") || root;
}

/** The room's stage (see the top of this file); ``fit()`` measures again, ``destroy()`` stops watching. */
export function playStage() {
  const board = h("div", { class: "play-board game-area", id: "game-area" });
  const controls = h("div", { class: "bar-controls", id: "bar-controls" }); // the game page's
  const bar = h("div", { class: "play-bar", id: "action-bar" }, controls); // then the shell's buttons
  const details = h("div", { class: "play-details", id: "play-details" });
  const side = h("div", { class: "play-side" }, bar, details);
  const element = h("div", { class: "play-stage" }, board, side);
  let fitted = null;
  let pending = 0;

  /** The board's height so that it (and, on a phone, the bar under it) fits the window. */
  function fit() {
    pending = 0;
    if (!element.isConnected) return;
    const main = board.querySelector(".board-view, svg.board") || board.firstElementChild;
    if (!main) return;
    const top = main.getBoundingClientRect().top + window.scrollY;
    const phone = PHONE.matches;
    const barHeight = phone ? bar.getBoundingClientRect().height : 0;
    const room = window.innerHeight - top - heightBelow(main, element) - barHeight - GAP_PX * (phone ? 2 : 1);
    const px = Math.max(MIN_BOARD_PX, Math.floor(room));
    if (px !== fitted) {
      fitted = px;
      element.style.setProperty("--board-max", `${px}px`);
      document.dispatchEvent(new CustomEvent("board-fit", { detail: px })); // zoom.js boards re-measure
    }
  }

  /** Measure again at the next frame (once however many changes came in between). */
  function later() {
    if (!pending) pending = requestAnimationFrame(fit);
  }

  // the bar grows or shrinks (a reserve emptied, a hand drawn, buttons shown): the board makes room
  const observer = new ResizeObserver(later);
  observer.observe(bar);
  observer.observe(board);
  window.addEventListener("resize", later);
  PHONE.addEventListener("change", later);
  return {
    element, board, bar, controls, details, side, fit, later,
    destroy() {
      observer.disconnect();
      window.removeEventListener("resize", later);
      PHONE.removeEventListener("change", later);
      cancelAnimationFrame(pending);
    },
  };
}
