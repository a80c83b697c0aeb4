// The page of a game that has no page of its own: its view as text and its legal moves as buttons.
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";

export default {
  mount(root, ctx) {
    const view = h("pre", { class: "generic-view" });
    const moves = h("div", { class: "generic-moves" });
    root.append(view, moves);
    return {
      update(state) {
        view.textContent = JSON.stringify(state.view, null, 2);
        clear(moves);
        if (!state.legal) return;
        moves.append(h("p", {}, t("Votre coup :", "Your move:")));
        for (const move of state.legal) {
          moves.append(h("button", { type: "button", class: "move", on: { click: () => ctx.play(move) } },
            JSON.stringify(move)));
        }
      },
      destroy() {},
    };
  },
};
