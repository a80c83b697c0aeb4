// The page of a game that has no page of its own: its view as text on the board's place and its legal
// moves as buttons in the action bar.
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";

export default {
  actionBar: true,
  mount(root, ctx) {
    const view = h("pre", { class: "generic-view", id: "generic-view", tabindex: 0 }); // scrollable: reachable by keyboard
    const moves = h("div", { class: "generic-moves", id: "generic-moves" });
    root.append(view);
    ctx.bar.append(moves);
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
