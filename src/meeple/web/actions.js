// The game actions beside the moves, in the room page: « Abandonner » (with a confirmation), « Proposer la
// nulle », « Annuler la partie » (only while every side has not moved yet), « Demander à reprendre le coup »
// (online, unrated), « Revanche », and the answer to what the other side offers. The server says which
// actions a seat may take now (the state's `actions`); what is waiting, in its `offer`; the rematch's room,
// in its `rematch`, and each player's new seat comes in a message of its own ({type: "rematch"}).
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { keep } from "./keep.js";
import { PHONE } from "./layout.js";
import { errorText, playerName, toast } from "./shell.js";

/**
 * The room's game actions. ``request(type, fields)`` sends a message on the room's socket and resolves with
 * its reply. Returns ``{element, prompt, update(state), notice(message)}``: ``element`` the buttons (for the
 * action bar), ``prompt`` the offer waiting and its answer (in sight above the board), ``update`` after every
 * state, ``notice`` for a message that is not a reply (the rematch's seat).
 */
export function gameActions({ request }) {
  let state = null;
  let confirming = false; // the resignation asks « sure? » first
  let sending = false;
  let watchedBefore = false; // a state without a rematch was seen here: its rematch is followed at once
  let withdrawing = false;
  let lastOffer = null;
  let early = null; // a rematch message that came before the first state

  const prompt = h("div", { class: "offer-prompt", id: "offer-prompt", hidden: true, role: "status", "aria-live": "polite" });
  const buttons = h("div", { class: "game-action-buttons" });
  const menu = h("details", { class: "game-menu", id: "game-menu" },
    h("summary", {}, ""), buttons);
  const after = h("div", { class: "game-after" }); // the rematch, once the game is over
  const element = h("div", { class: "game-actions", id: "game-actions" }, menu, after);
  // beside the board on a wide screen the actions are in sight; on a phone they fold into « Partie »
  menu.open = !PHONE.matches;

  async function send(type, fields = {}) {
    if (!state || sending) return null;
    sending = true;
    try {
      return await request(type, { version: state.version, ...fields });
    } catch (error) {
      toast(error.code === "stale"
        ? t("La partie a changé entre-temps : rien n'a été fait, voici la position actuelle.",
          "The game changed meanwhile: nothing was done; here is the current position.")
        : errorText(error), "error");
      return null;
    } finally {
      sending = false;
    }
  }

  const button = (id, label, onClick, kind = "") =>
    h("button", { type: "button", id, class: kind || null, on: { click: onClick } }, label);

  function drawButtons() {
    clear(buttons);
    const can = new Set(state.actions || []);
    if (confirming && can.has("resign")) {
      buttons.append(h("span", { class: "confirm-text" }, t("Abandonner la partie ?", "Resign the game?")),
        button("resign-yes", t("Oui, abandonner", "Yes, resign"), async () => {
          confirming = false;
          await send("resign");
        }, "danger"),
        button("resign-no", t("Non, continuer", "No, play on"), () => {
          confirming = false;
          draw();
        }, "quiet"));
      return;
    }
    confirming = false;
    if (can.has("resign")) {
      buttons.append(button("resign", t("Abandonner", "Resign"), () => {
        confirming = true;
        draw();
        buttons.querySelector("#resign-no")?.focus();
      }));
    }
    if (can.has("draw")) buttons.append(button("offer-draw", t("Proposer la nulle", "Offer a draw"), () => send("offer", { offer: "draw" })));
    if (can.has("abort")) buttons.append(button("abort", t("Annuler la partie", "Abort the game"), () => send("abort")));
    if (can.has("takeback")) {
      buttons.append(button("takeback", t("Demander à reprendre le coup", "Ask to take back the move"),
        () => send("offer", { offer: "takeback" })));
    }
  }

  /** What the offer waiting says, and the answer this seat may give. */
  function drawPrompt() {
    const offer = state.offer && !state.offer.declined ? state.offer : null;
    prompt.hidden = !offer;
    clear(prompt);
    if (!offer) return;
    prompt.dataset.kind = offer.kind;
    const mine = state.seats.includes(offer.seat);
    const asked = (offer.waiting || []).some((seat) => state.seats.includes(seat));
    const who = playerName(state.players[offer.seat]);
    const words = {
      draw: mine ? t("Vous proposez la nulle : en attente de la réponse.", "You offer a draw: waiting for the answer.")
        : t(`${who} propose la nulle.`, `${who} offers a draw.`),
      takeback: mine ? t("Vous demandez à reprendre votre coup : en attente de la réponse.",
        "You ask to take back your move: waiting for the answer.")
        : t(`${who} demande à reprendre son dernier coup.`, `${who} asks to take back their last move.`),
      rematch: mine ? t("Revanche proposée : en attente de la réponse.", "Rematch offered: waiting for the answer.")
        : t(`${who} propose une revanche.`, `${who} offers a rematch.`),
    }[offer.kind];
    prompt.append(h("span", { class: "offer-text" }, words));
    const can = new Set(state.actions || []);
    if (asked && can.has("accept")) {
      prompt.append(button("offer-accept", t("Accepter", "Accept"), () => send("accept", { offer: offer.kind }), "primary"),
        button("offer-decline", t("Refuser", "Decline"), () => send("decline", { offer: offer.kind })));
    } else if (mine && can.has("decline")) {
      prompt.append(button("offer-withdraw", t("Retirer", "Withdraw"), () => {
        withdrawing = true;
        return send("decline", { offer: offer.kind });
      }, "quiet"));
    } else if (state.seats.length && !mine) {
      prompt.append(h("span", { class: "muted" }, t(" Vous avez accepté : on attend les autres.", " You agreed: waiting for the others.")));
    }
  }

  function drawAfter() {
    clear(after);
    const can = new Set(state.actions || []);
    if (can.has("rematch")) {
      after.append(button("rematch", t("Revanche", "Rematch"), () => send("offer", { offer: "rematch" }), "primary"));
    }
    if (state.rematch) {
      const label = state.seats.length ? t("Aller à la revanche", "Go to the rematch") : t("Regarder la revanche", "Watch the rematch");
      after.append(h("a", { class: "button primary", id: "to-rematch", href: `#/room/${state.rematch}` }, label));
    }
  }

  function draw() {
    if (!state) return;
    menu.querySelector("summary").textContent = t("Partie", "Game");
    drawPrompt();
    drawButtons();
    menu.hidden = !buttons.childElementCount;
    drawAfter();
  }

  /** A declined offer of mine: said once (not when I withdrew it myself). */
  function noticeDecline() {
    const offer = state.offer;
    const wasMine = lastOffer && !lastOffer.declined && state.seats.includes(lastOffer.seat);
    if (wasMine && offer?.declined && offer.seat === lastOffer.seat && !withdrawing) {
      toast(t("Proposition refusée.", "Offer declined."));
    }
    if (!offer || offer.declined) withdrawing = false;
    lastOffer = offer;
  }

  return {
    element,
    prompt,
    update(next) {
      state = next;
      if (!next.rematch) watchedBefore = true;
      noticeDecline();
      draw();
      if (early) this.notice(early);
      early = null;
    },
    /** A message that is not a reply: this seat's place in the rematch. */
    notice(message) {
      if (message.type !== "rematch") return;
      if (!state) {
        early = message;
        return;
      }
      keep(message.code, message.token, state.game);
      if (watchedBefore) { // agreed while this page was open: both players go there
        toast(t("Revanche : nouvelle partie, places échangées.", "Rematch: a new game, seats swapped."));
        location.hash = `#/room/${message.code}`;
      }
    },
  };
}
