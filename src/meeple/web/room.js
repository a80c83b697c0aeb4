// A room: the room bar (players, connection, clock, rules), the outcome, the waiting panel of an online
// room, the game's page and the History panel, the undo and end-of-game buttons; the room's websocket,
// the paced drawing of a computer's consecutive actions, the turn clock.
import { add, clear, focusKey, h, restoreFocus } from "./dom.js";
import { onLang, t, tr } from "./i18n.js";
import { tokenFor } from "./keep.js";
import { RoomSocket, statusText } from "./net.js";
import { coachPanel } from "./coach.js";
import { gameActions } from "./actions.js";
import { historyPanel } from "./history.js";
import { joinRoom } from "./lobby.js";
import { playStage } from "./layout.js";
import { rulesButton } from "./rules.js";
import { changedOptions, optionsSummary } from "./options.js";
import { catalog, errorText, gameEntry, gameTitle, levelTitle, playerName, roomLink, toast } from "./shell.js";

const codeBadge = document.getElementById("room-code");

/**
 * Open the room ``code`` in ``app``; returns the function that leaves it (closes its socket). ``pages``:
 * ``gameModule(name)`` (a game's page module), ``stillHere()`` (false once the player went to another
 * page: a page still loading is then dropped), ``route()`` (draw the current address again),
 * ``startNewGame(game, choice)``.
 */
export function showRoom(app, code, pages) {
  clear(app);
  const token = tokenFor(code);
  const room = { code, token, state: null, page: null, status: "connecting", timerEnd: null, sending: false };
  const statusLine = h("span", { class: "connection", id: "connection" });
  const reconnect = h("button", { type: "button", id: "reconnect", class: "quiet",
    on: { click: () => socket.reconnect() } }, t("Reconnecter", "Reconnect"));
  const players = h("ul", { class: "players", id: "players" });
  const clock = h("span", { class: "clock", id: "clock", hidden: true, "aria-live": "off" });
  const banner = h("div", { class: "outcome", id: "outcome", hidden: true, role: "status" });
  const waiting = h("section", { class: "panel waiting", id: "waiting", hidden: true, "aria-live": "polite" });
  const actions = h("div", { class: "room-actions" });
  // the board, the controls of the current action and the rest, laid out by one rule for every game
  const stage = playStage();
  const board = stage.board;
  // resign, draw, abort, takeback, rematch (in the bar) and the answer to an offer (under the outcome: actions.js)
  const more = gameActions({ request: (type, fields) => socket.request(type, fields) });
  stage.bar.append(more.element, actions);
  const rulesSlot = h("span", { class: "rules-slot" });
  const variants = h("p", { class: "room-variants", id: "room-variants", hidden: true });
  const shell = h("section", { class: "room" },
    h("div", { class: "room-bar" }, players, clock, h("span", { class: "spacer" }), statusLine, reconnect, rulesSlot),
    variants, banner, more.prompt, waiting, stage.element);
  app.append(shell);
  let history = null; // the History panel, once the game's page is known
  let coach = null; // the first steps of a game new to this player
  codeBadge.hidden = false;

  const drawCode = () => {
    // the word goes on a narrow phone (the code keeps the top bar on one line); screen readers still hear it
    clear(codeBadge).append(h("span", { class: "room-word" }, t("Salle ", "Room ")), h("strong", { id: "code-value" }, code));
  };
  drawCode();

  const socket = new RoomSocket(code, token, {
    state: (state) => onState(state),
    status: (status) => { room.status = status; drawStatus(); },
    error: (message) => toast(tr(message.message), "error"),
    message: (message) => more.notice(message),
  });

  const ctx = {
    code,
    toast,
    playerName,
    get state() { return room.state; },
    play: async (move) => send("move", { move }),
    undo: async () => send("undo", {}),
    query: async (name, params) => {
      try {
        return (await socket.request("query", { name, params: params ?? null })).result;
      } catch (error) {
        toast(errorText(error), "error");
        return null;
      }
    },
    catalog: (name, params) => catalog(room.state?.game, name, params),
    newGame: (choice) => pages.startNewGame(room.state?.game, choice),
    /** The action bar: the page puts the controls of the current action here (before the shell's buttons). */
    bar: stage.controls,
    /** What the player reads beside the board (legend, rules, scores): below the bar. */
    details: stage.details,
    /** Measure the layout again (the shell does after each update; the bar's own size changes are seen). */
    fit: () => stage.later(),
  };

  /** Send a move or an undo; one at a time (a double click must not send a second, stale message). */
  async function send(type, fields) {
    if (!room.state || room.sending) return false;
    room.sending = true;
    try {
      await socket.request(type, { version: room.state.version, ...fields });
      return true;
    } catch (error) {
      toast(error.code === "stale"
        ? t("La partie a changé entre-temps : ce coup n'a pas été joué, voici la position actuelle.",
          "The game changed meanwhile: that move was not played; here is the current position.")
        : errorText(error), "error");
      return false;
    } finally {
      room.sending = false;
    }
  }

  // A computer's turn of several actions (ILYOS) arrives as quick successive states: they are drawn at a
  // readable pace, one action at a time, each with its history line (not with reduced motion).
  const paced = [];
  let pacing = false;
  let lastShown = 0;

  function onState(state) {
    paced.push(state);
    if (!pacing) drainStates();
  }

  async function drainStates() {
    pacing = true;
    try {
      while (paced.length) {
        const next = paced.shift();
        const previous = room.state;
        const byComputer = previous && next.version === previous.version + 1 && previous.to_move !== null
          && previous.players[previous.to_move]?.kind === "ai";
        const wait = lastShown + AI_PACE_MS - performance.now();
        if (byComputer && !calmMotion.matches && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await showState(next);
        lastShown = performance.now();
      }
    } finally {
      pacing = false;
    }
  }

  async function showState(state) {
    const first = !room.state;
    room.state = state;
    room.timerEnd = state.time_left === null ? null : performance.now() + state.time_left * 1000;
    if (first) {
      document.title = `${gameTitle(state.game)} · ${code} · meeple`;
      const module = await pages.gameModule(state.game);
      if (!pages.stillHere()) return; // left the room while its page was loading
      rulesSlot.append(rulesButton(state.game, () => gameTitle(state.game)));
      room.module = module;
      if (module.actionBar) stage.element.dataset.layout = "bar"; // the page's controls go in the bar
      room.page = module.mount(board, ctx);
      if (gameEntry(state.game)?.queries?.includes("history")) {
        history = historyPanel({
          query: ctx.query, playerName, board,
          show: (shownState) => { showOnBoard(shownState); drawActions(); drawOutcome(); },
          lastMove: (move) => (module.lastMove ? module.lastMove(move) : []),
          notation: module.notation,
        });
        stage.side.append(history.element);
      }
      coach = coachPanel(state.game, state.moves); // a player's first game of it: the first steps
      // the first steps say what to do now: beside the controls they are about (a page with an action bar)
      if (coach && module.actionBar) stage.bar.prepend(coach.element);
      else if (coach) stage.element.before(coach.element);
    }
    drawAll();
  }

  function drawStatus() {
    statusLine.textContent = statusText(room.status);
    statusLine.dataset.status = room.status;
    statusLine.dataset.opened = String(socket.opened);
    // offered only while the connection is down and retrying (never beside « connecté »; a room that is gone
    // or a refusal cannot be helped by trying again)
    reconnect.hidden = room.status !== "closed";
  }

  function drawPlayers() {
    const state = room.state;
    clear(players);
    if (!state) return;
    for (const player of state.players) {
      const mine = state.seats.includes(player.seat);
      const moving = state.to_move === player.seat;
      players.append(h("li", {
        class: ["player", `seat-${player.seat}`, moving && "to-move", mine && "mine"],
        dataset: { seat: player.seat },
        "aria-current": moving ? "true" : null,
      },
      h("span", { class: ["dot", player.connected ? "on" : "off"],
        title: player.connected ? t("connecté", "connected") : t("absent", "away") }),
      playerName(player),
      mine ? h("span", { class: "muted you" }, t(" (vous)", " (you)")) : null,
      player.kind === "ai" && player.level ? h("span", { class: "muted" }, ` · ${levelTitle(state.game, player.level)}`) : null,
      // said in words, not only by the dot's colour: an online player whose connection dropped
      player.kind === "human" && !player.connected ? h("span", { class: "muted away" }, t(" · absent", " · away")) : null));
    }
  }

  function drawOutcome() {
    // a replayed position is not the end of the game: its banner waits for « now » (the page tells the step)
    const outcome = history?.replaying() ? null : room.state?.outcome;
    banner.hidden = !outcome;
    if (!outcome) return;
    const names = outcome.winners.map((seat) => playerName(room.state.players[seat]));
    let headline;
    if (outcome.draw) headline = t("Partie nulle", "Draw");
    else if (room.state.players.length === 1) headline = outcome.winners.length ? t("Gagné !", "Won!") : t("Perdu", "Lost");
    else if (!names.length) headline = t("Partie terminée", "Game over");
    else headline = t(`Victoire : ${names.join(", ")}`, `Winner: ${names.join(", ")}`);
    clear(banner).append(h("strong", {}, headline), " — ", tr(outcome.reason));
  }

  /** Until every seat is taken, an online game waits: the code, a link to share and who is missing. */
  function drawWaiting() {
    const missing = room.state?.waiting || [];
    waiting.hidden = !missing.length;
    if (!missing.length) return;
    const link = roomLink(code);
    const linkField = h("input", { id: "share-link", readOnly: true, value: link, "aria-label": t("Lien de la salle", "Room link") });
    const copy = async () => {
      linkField.select();
      try {
        await navigator.clipboard.writeText(link);
        toast(t("Lien copié", "Link copied"));
      } catch {
        toast(t("Copiez le lien sélectionné", "Copy the selected link"));
      }
    };
    add(clear(waiting), // add(), not append(): a game without options has none to show (append wrote « null »)
      h("h2", {}, t("En attente des joueurs", "Waiting for the players")),
      h("p", {}, t("La partie commence quand toutes les places sont prises. Code de la salle : ",
        "The game starts once every seat is taken. Room code: "), h("strong", { id: "waiting-code" }, code)),
      h("div", { class: "share" }, linkField,
        h("button", { type: "button", id: "copy-link", on: { click: copy } }, t("Copier le lien", "Copy the link"))),
      h("p", { id: "missing" }, t("Places libres : ", "Open seats: "),
        missing.map((seat) => t(`place ${seat + 1}`, `seat ${seat + 1}`)).join(", ")),
      waitingOptions());
  }

  /** The room's options and their description, once known (null before; asked once per game). */
  function roomRules() {
    const options = room.state && room.module?.roomOptions?.(room.state);
    if (!options || !gameEntry(room.state.game)?.catalog?.includes("options")) return null;
    const game = room.state.game;
    const specs = optionSpecs.get(game);
    if (specs === undefined) { // null while the answer is on its way
      optionSpecs.set(game, null);
      catalog(game, "options").then((answer) => {
        optionSpecs.set(game, answer);
        drawWaiting();
        drawVariants();
      }).catch(() => optionSpecs.delete(game));
    }
    return specs ? { specs, options } : null;
  }

  /** The options of the room, in words, for the players about to join: nobody plays under unseen rules. */
  function waitingOptions() {
    const rules = roomRules();
    return rules && h("div", { class: "waiting-options" }, h("h3", {}, t("Règles de cette salle", "This room's rules")),
      optionsSummary(rules.specs, rules.options, { id: "waiting-options" }));
  }

  /** The options changed from their defaults, on one line under the room bar for the whole game. */
  function drawVariants() {
    const rules = roomRules();
    const changed = rules ? changedOptions(rules.specs, rules.options) : [];
    variants.hidden = !changed.length;
    clear(variants);
    if (changed.length) variants.append(h("strong", {}, t("Variantes : ", "Variants: ")), changed.join(" · "));
  }

  function drawActions() {
    clear(actions);
    const state = room.state;
    if (!state) return;
    more.update(state);
    if (state.can_undo && !history?.replaying()) { // no undo from a replayed position
      actions.append(h("button", { type: "button", id: "undo", on: { click: () => ctx.undo() } },
        t("Annuler le coup", "Undo")));
    }
    const open = state.players.some((player) => player.kind === "open");
    if (!state.seats.length && open) {
      actions.append(h("button", { type: "button", class: "primary", id: "join-here",
        on: { click: () => joinRoom(code, "").then(() => pages.route()) } }, t("Rejoindre cette partie", "Join this game")));
    }
    if (!state.seats.length) actions.append(h("span", { class: "muted" }, t("Vous regardez la partie.", "You are watching.")));
    // a page with its own end-of-game buttons (the next level, a new case) says so: one set of buttons
    if (state.outcome && !room.page?.ownEndButtons) {
      actions.append(h("a", { class: "button primary", id: "new-game", href: `#/new/${state.game}` }, t("Nouvelle partie", "New game")));
    }
    if (state.outcome) {
      // a finished game is shared by its link: whoever opens it watches (read-only) and may replay it
      actions.append(h("button", { type: "button", class: "quiet", id: "share-game", on: { click: async () => {
        const link = roomLink(code);
        try {
          await navigator.clipboard.writeText(link);
          toast(t("Lien de la partie copié : qui l'ouvre peut la revoir.", "Game link copied: whoever opens it can replay it."));
        } catch {
          toast(link);
        }
      } } }, t("Partager la partie", "Share the game")));
    }
    actions.append(h("a", { class: "button quiet lobby-link", href: "#/" }, t("Salon", "Lobby")));
  }

  function drawAll() {
    if (room.state) shell.dataset.version = String(room.state.version);
    drawCode();
    drawStatus();
    drawPlayers();
    drawOutcome();
    drawWaiting();
    drawVariants();
    drawActions();
    tickClock();
    reconnect.textContent = t("Reconnecter", "Reconnect");
    rulesSlot.querySelector(".rules-button")?.relabel();
    if (room.page && room.state) showOnBoard(history ? history.update(room.state, reconnected()) : room.state);
    history?.relabel();
    if (coach && room.state) coach.update(room.state);
  }

  /** Draw a state on the board (the live one, or a replayed one), the keyboard focus kept in place. */
  function showOnBoard(shownState) {
    if (!room.page || !shownState) return;
    const focus = focusKey(stage.element);
    room.page.update(shownState);
    restoreFocus(stage.element, focus);
    stage.later();
  }

  let openedSeen = 0;
  /** True once after each new connection: the history is fetched afresh (moves may have been undone meanwhile). */
  function reconnected() {
    const fresh = socket.opened !== openedSeen;
    openedSeen = socket.opened;
    return fresh;
  }

  function tickClock() {
    if (room.timerEnd === null || !room.state) {
      clock.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil((room.timerEnd - performance.now()) / 1000));
    clock.hidden = false;
    clock.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    clock.classList.toggle("urgent", left <= 10);
  }

  const ticker = setInterval(tickClock, 250);
  const stopLang = onLang(() => drawAll());
  socket.connect();
  return () => {
    clearInterval(ticker);
    stopLang();
    socket.close();
    paced.length = 0; // states still waiting to be drawn belong to the page being left
    room.page?.destroy?.();
    history?.destroy();
    stage.destroy();
  };
}

const optionSpecs = new Map(); // game name → its options' description (catalogue "options"), once fetched

const AI_PACE_MS = 700; // the least time between two drawn actions of a computer
const calmMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
