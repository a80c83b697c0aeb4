// The browser app's shell: the lobby, the new-game page, the room page, and the routes between them.
// Each game's page is its own module, games/<name>.js, behind the interface described in
// games/README.md; a game without a module is shown by games/generic.js.
import { clear, focusKey, h, restoreFocus } from "./dom.js";
import { lang, onLang, setLang, t, tr } from "./i18n.js";
import { forget, keep, keptRooms, tokenFor } from "./keep.js";
import { api, ApiError, RoomSocket, statusText } from "./net.js";
import { coachPanel } from "./coach.js";
import { historyPanel } from "./history.js";
import { rulesButton } from "./rules.js";
import { changedOptions, optionsSummary } from "./options.js";

const app = document.getElementById("app");
const codeBadge = document.getElementById("room-code");
let games = [];
let leaveCurrentPage = () => {};
let routeNumber = 0; // grows with each route: a page still loading after the player moved on is dropped

// --- small shared pieces -------------------------------------------------------------------------

let toastTimer = null;

/** Show a short message for a few seconds (errors stay longer). One at a time: a new message replaces the
 * one shown, so that repeated clicks never stack messages over the controls. */
export function toast(text, kind = "info") {
  const box = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : "status" }, text);
  clear(document.getElementById("toasts")).append(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.remove(), kind === "error" ? 6000 : 3000);
}

function errorText(error) {
  return error instanceof ApiError ? tr(error.bilingual) : String(error?.message || error);
}

function gameEntry(name) {
  return games.find((game) => game.name === name);
}

function gameTitle(name) {
  const entry = gameEntry(name);
  return entry ? tr(entry.title) : name;
}

const moduleCache = new Map();

/** The page module of a game (games/<name>.js), or the generic one. */
async function gameModule(name) {
  if (!moduleCache.has(name)) {
    const known = ["stealth", "ilyos", "skirmish", "hive", "murder"];
    const path = known.includes(name) ? `./games/${name}.js` : "./games/generic.js";
    moduleCache.set(name, import(path).then((module) => module.default).catch((error) => {
      console.warn(`no page module for ${name}`, error);
      return import("./games/generic.js").then((module) => module.default);
    }));
  }
  return moduleCache.get(name);
}

function playerName(player) {
  if (player.name) return player.name;
  if (player.kind === "ai") return t("Ordinateur", "Computer");
  if (player.kind === "open") return t("Place libre", "Open seat");
  return t(`Joueur ${player.seat + 1}`, `Player ${player.seat + 1}`);
}

/** The seat's display name, as game pages may show it. */
export { playerName };

/**
 * A room code as typed (any case, dashes, spaces) in its one written form, as the server reads it:
 * "abcd efgh jk" → "ABCD-EFGH-JK"; a code of another length (the six letters of older rooms) stays whole.
 */
export function roomCode(text) {
  const letters = String(text).toUpperCase().replace(/[^A-Z0-9]/g, "");
  return letters.length === 10 ? `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}` : letters;
}

// --- routes --------------------------------------------------------------------------------------

function route() {
  leaveCurrentPage();
  leaveCurrentPage = () => {};
  routeNumber += 1;
  clear(codeBadge).hidden = true;
  const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
  const [page, arg] = hash.split("/");
  if (page === "new" && arg) return showSetup(arg);
  if (page === "room" && arg) return showRoom(roomCode(arg));
  if (page === "edit" && arg) return showEditor(arg);
  if (page === "shared" && arg) return showShared(arg, hash.split("/").slice(2).join("/"));
  return showLobby();
}

// --- the lobby -----------------------------------------------------------------------------------

function showLobby() {
  clear(app);
  document.title = "meeple";
  const resumeList = h("div", { class: "resume-list" }, t("Recherche des parties…", "Looking for games…"));
  app.append(
    h("section", { class: "lobby" },
      h("h1", {}, t("Choisissez un jeu", "Choose a game")),
      h("ul", { class: "game-cards" }, games.map((game) => h("li", { class: "game-card" },
        h("h2", {}, tr(game.title)),
        h("p", {}, tr(game.summary)),
        h("a", { class: "button primary", href: `#/new/${game.name}`, dataset: { game: game.name } },
          t("Jouer", "Play"))))),
      h("section", { class: "panel", "aria-labelledby": "resume-title" },
        h("h2", { id: "resume-title" }, t("Reprendre", "Resume")),
        resumeList),
      joinForm()));
  fillResumeList(resumeList);
}

async function fillResumeList(container) {
  const kept = keptRooms();
  if (!kept.length) {
    clear(container).append(h("p", { class: "muted" }, t("Aucune partie sauvegardée.", "No saved game.")));
    return;
  }
  let rooms;
  try {
    rooms = (await api("/api/resume", { tokens: kept.map((room) => room.token) })).rooms;
  } catch (error) {
    clear(container).append(h("p", { class: "error" }, errorText(error)));
    return;
  }
  clear(container);
  if (!rooms.length) {
    container.append(h("p", { class: "muted" }, t("Aucune partie sauvegardée.", "No saved game.")));
    return;
  }
  const modes = { local: t("locale", "local"), online: t("en ligne", "online") };
  container.append(h("ul", { class: "resume-rooms" }, rooms.map((room) => h("li", { dataset: { code: room.code } },
    h("span", { class: "resume-title" }, `${gameTitle(room.game)} · ${room.code}`),
    h("span", { class: "muted" }, `${modes[room.mode] || room.mode} · ${t("coups", "moves")} ${room.moves}`
      + (room.over ? ` · ${t("terminée", "finished")}` : "")
      + (room.waiting?.length ? ` · ${t("en attente des joueurs", "waiting for the players")}` : "")),
    h("a", { class: "button primary", href: `#/room/${room.code}` }, t("Reprendre", "Resume")),
    h("button", {
      type: "button", class: "quiet",
      on: { click: () => { forget(room.code); fillResumeList(container); } },
    }, t("Oublier", "Forget"))))));
}

function joinForm() {
  const code = h("input", {
    id: "join-code", name: "code", autocomplete: "off", maxLength: 24, required: true,
    pattern: "[A-Za-z0-9 \\-]{4,24}", placeholder: "ABCD-EFGH-JK",
  });
  const name = h("input", { id: "join-name", name: "name", maxLength: 32, autocomplete: "nickname" });
  const form = h("form", { class: "panel join", on: { submit: async (event) => {
    event.preventDefault();
    await joinRoom(roomCode(code.value), name.value.trim());
  } } },
  h("h2", {}, t("Rejoindre une salle", "Join a room")),
  h("label", { for: "join-code" }, t("Code de la salle", "Room code")), code,
  h("label", { for: "join-name" }, t("Votre nom (facultatif)", "Your name (optional)")), name,
  h("button", { type: "submit", class: "primary" }, t("Rejoindre", "Join")));
  return form;
}

async function joinRoom(code, name) {
  if (tokenFor(code)) {
    location.hash = `#/room/${code}`;
    return;
  }
  try {
    const joined = await api(`/api/rooms/${encodeURIComponent(code)}/join`, { name });
    keep(joined.code, joined.token, joined.state.game);
    location.hash = `#/room/${joined.code}`;
  } catch (error) {
    if (error.code === "room_full") {
      toast(errorText(error));
      location.hash = `#/room/${code}`;
    } else {
      toast(errorText(error), "error");
    }
  }
}

// --- a new game ----------------------------------------------------------------------------------

async function showSetup(name) {
  const game = gameEntry(name);
  clear(app);
  if (!game) {
    app.append(h("p", { class: "error" }, t(`Jeu inconnu : ${name}`, `Unknown game: ${name}`)),
      h("a", { href: "#/" }, t("Retour", "Back")));
    return;
  }
  document.title = `${tr(game.title)} · meeple`;
  const shown = routeNumber;
  const module = await gameModule(name);
  const gameOptions = h("div", { class: "game-options" });
  const ctx = { game, catalog: (query, params) => catalog(name, query, params), toast, start: (choice) => create(choice) };
  let collect;
  try {
    collect = module.setup ? await module.setup(gameOptions, ctx) : () => ({ options: {} });
  } catch (error) {
    if (shown !== routeNumber) return;
    app.append(h("p", { class: "error", role: "alert" }, errorText(error)), h("a", { href: "#/" }, t("Retour", "Back")));
    return;
  }
  if (shown !== routeNumber) return; // the player went elsewhere (or switched language) meanwhile
  const solo = module.players === "solo";
  const modeChoice = solo || module.seatsChoice ? null : modeFields(game);
  const form = h("form", { class: "setup panel", on: { submit: async (event) => {
    event.preventDefault();
    const choice = await collect();
    if (choice) await create(choice);
  } } },
  h("div", { class: "setup-head" }, h("h1", {}, tr(game.title)), rulesButton(name, () => gameTitle(name))),
  h("p", { class: "muted" }, tr(game.summary)),
  gameOptions,
  modeChoice?.element,
  module.hideStart ? null : h("button", { type: "submit", class: "primary", id: "start" }, t("Commencer", "Start")),
  h("a", { href: "#/", class: "back" }, t("← Retour au salon", "← Back to the lobby")));
  app.append(form);

  async function create(choice) {
    const mode = modeChoice ? modeChoice.value() : { mode: choice.mode || "local", seats: () => [] };
    const seatCount = choice.seatCount ?? 2;
    const body = { game: name, options: choice.options || {}, mode: mode.mode, seats: choice.seats };
    if (!body.seats) body.seats = solo ? [{ kind: "human" }] : mode.seats(seatCount);
    if (choice.seed !== undefined && mode.mode === "local") body.seed = choice.seed;
    const button = form.querySelector("#start");
    if (button) button.disabled = true;
    try {
      const room = await api("/api/rooms", body);
      keep(room.code, room.token, name);
      location.hash = `#/room/${room.code}`;
    } catch (error) {
      toast(errorText(error), "error");
    } finally {
      if (button) button.disabled = false;
    }
  }
}

function modeFields(game) {
  const levels = game.levels || [];
  const level = h("select", { id: "ai-level", name: "level" },
    levels.map((entry) => h("option", { value: entry.key }, tr(entry.title))));
  if (game.default_level) level.value = game.default_level;
  const name = h("input", { id: "player-name", maxLength: 32, autocomplete: "nickname" });
  const choices = [
    ["ai", t("Contre l'ordinateur", "Against the computer")],
    ["local", t("À plusieurs sur cet appareil", "Several players on this device")],
    ["online", t("En ligne : créer une salle", "Online: create a room")],
  ];
  const radios = choices.map(([value, label], index) => h("label", { class: "choice" },
    h("input", { type: "radio", name: "mode", value, checked: index === 0 }), label));
  const element = h("fieldset", { class: "mode" },
    h("legend", {}, t("Adversaires", "Opponents")), radios,
    h("label", { for: "ai-level" }, t("Niveau de l'ordinateur", "Computer level")), level,
    h("label", { for: "player-name" }, t("Votre nom (facultatif)", "Your name (optional)")), name);
  const value = () => {
    const mode = element.querySelector("input[name=mode]:checked").value;
    const me = { kind: "human", name: name.value.trim() };
    return {
      mode: mode === "online" ? "online" : "local",
      seats: (count) => Array.from({ length: count }, (_, seat) => {
        if (seat === 0) return me;
        if (mode === "ai") return { kind: "ai", level: level.value };
        return { kind: mode === "online" ? "open" : "human" };
      }),
    };
  };
  return { element, value };
}

/** Create a local room of ``game`` for this browser alone (seats: the choice's, else one person); kept for
 * « Reprendre ». Resolves to the room, or null after an error (shown). */
async function localRoom(game, choice) {
  try {
    const room = await api("/api/rooms", { game, options: choice.options || {}, mode: "local",
      seats: choice.seats || [{ kind: "human" }] });
    keep(room.code, room.token, game);
    return room;
  } catch (error) {
    toast(errorText(error), "error");
    return null;
  }
}

/** Create a local room of ``game`` and go there. */
async function startNewGame(game, choice) {
  const room = await localRoom(game, choice);
  if (room) location.hash = `#/room/${room.code}`;
}

/** The address that opens a room. */
function roomLink(code) {
  return `${location.origin}${location.pathname}#/room/${code}`;
}

// --- a game's editor (games/<name>-editor.js: openEditor(root, ctx) → {destroy}) ------------------

const EDITORS = { murder: "./games/murder-editor.js" };

/** The editor's context: its game's catalogue questions, new rooms (shown, or kept aside for their link). */
function editorContext(name, game) {
  return {
    game, toast,
    catalog: (query, params) => catalog(name, query, params),
    start: (choice) => startNewGame(name, choice),
    share: async (options) => {
      const room = await localRoom(name, { options });
      return room ? { code: room.code, link: roomLink(room.code) } : null;
    },
  };
}

/** A content shared by link (#/shared/<game>/<data>): the game's editor module shows it (openShared). */
async function showShared(name, data) {
  clear(app);
  const game = gameEntry(name);
  if (!game || !EDITORS[name]) return showEditor(name);
  const shown = routeNumber;
  const { openShared } = await import(EDITORS[name]);
  if (shown !== routeNumber) return;
  document.title = `${tr(game.title)} · meeple`;
  await openShared(app, editorContext(name, game), data);
}

async function showEditor(name) {
  clear(app);
  const game = gameEntry(name);
  if (!game || !EDITORS[name]) {
    app.append(h("p", { class: "error" }, t(`Pas d'éditeur pour : ${name}`, `No editor for: ${name}`)),
      h("a", { href: "#/" }, t("Retour", "Back")));
    return;
  }
  document.title = `${t("Éditeur", "Editor")} · ${tr(game.title)} · meeple`;
  const shown = routeNumber;
  const { openEditor } = await import(EDITORS[name]);
  if (shown !== routeNumber) return; // the player went elsewhere meanwhile
  const page = openEditor(app, editorContext(name, game));
  leaveCurrentPage = () => page?.destroy?.();
}

async function catalog(game, name, params) {
  return (await api(`/api/games/${game}/catalog/${name}`, { params: params ?? null })).result;
}

// --- a room --------------------------------------------------------------------------------------

async function showRoom(code) {
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
  const board = h("div", { class: "game-area", id: "game-area" });
  const rulesSlot = h("span", { class: "rules-slot" });
  const variants = h("p", { class: "room-variants", id: "room-variants", hidden: true });
  const shell = h("section", { class: "room" },
    h("div", { class: "room-bar" }, players, clock, h("span", { class: "spacer" }), statusLine, reconnect, rulesSlot),
    variants, banner, waiting, board, actions);
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
    newGame: (choice) => startNewGame(room.state?.game, choice),
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
      const shown = routeNumber;
      document.title = `${gameTitle(state.game)} · ${code} · meeple`;
      const module = await gameModule(state.game);
      if (shown !== routeNumber) return; // left the room while its page was loading
      rulesSlot.append(rulesButton(state.game, () => gameTitle(state.game)));
      room.module = module;
      room.page = module.mount(board, ctx);
      if (gameEntry(state.game)?.queries?.includes("history")) {
        history = historyPanel({
          query: ctx.query, playerName, board,
          show: (shownState) => { showOnBoard(shownState); drawActions(); },
          lastMove: (move) => (module.lastMove ? module.lastMove(move) : []),
        });
        actions.before(history.element);
      }
      coach = coachPanel(state.game, state.moves); // a player's first game of it: the first steps
      if (coach) board.before(coach.element);
    }
    drawAll();
  }

  function drawStatus() {
    statusLine.textContent = statusText(room.status);
    statusLine.dataset.status = room.status;
    statusLine.dataset.opened = String(socket.opened);
    const online = room.state?.mode === "online";
    reconnect.hidden = !(online || room.status === "closed");
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
      mine ? h("span", { class: "muted" }, t(" (vous)", " (you)")) : null,
      player.kind === "ai" && player.level ? h("span", { class: "muted" }, ` · ${levelTitle(state.game, player.level)}`) : null,
      // said in words, not only by the dot's colour: an online player whose connection dropped
      player.kind === "human" && !player.connected ? h("span", { class: "muted away" }, t(" · absent", " · away")) : null));
    }
  }

  function drawOutcome() {
    const outcome = room.state?.outcome;
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
    clear(waiting).append(
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
    if (state.can_undo && !history?.replaying()) { // no undo from a replayed position
      actions.append(h("button", { type: "button", id: "undo", on: { click: () => ctx.undo() } },
        t("Annuler le coup", "Undo")));
    }
    const open = state.players.some((player) => player.kind === "open");
    if (!state.seats.length && open) {
      actions.append(h("button", { type: "button", class: "primary", id: "join-here",
        on: { click: () => joinRoom(code, "").then(() => route()) } }, t("Rejoindre cette partie", "Join this game")));
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
    actions.append(h("a", { class: "button quiet", href: "#/" }, t("Salon", "Lobby")));
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
    const focus = focusKey(board);
    room.page.update(shownState);
    restoreFocus(board, focus);
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
  leaveCurrentPage = () => {
    clearInterval(ticker);
    stopLang();
    socket.close();
    paced.length = 0; // states still waiting to be drawn belong to the page being left
    room.page?.destroy?.();
    history?.destroy();
  };
}

const optionSpecs = new Map(); // game name → its options' description (catalogue "options"), once fetched

const AI_PACE_MS = 700; // the least time between two drawn actions of a computer
const calmMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

function levelTitle(game, key) {
  const level = gameEntry(game)?.levels?.find((entry) => entry.key === key);
  return level ? tr(level.title) : key;
}

// --- start ---------------------------------------------------------------------------------------

function drawLanguageButtons() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang()));
  }
}

async function start() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  drawLanguageButtons();
  onLang(() => {
    drawLanguageButtons();
    if (!location.hash.startsWith("#/room/")) route();
  });
  try {
    games = (await api("/api/games")).games;
  } catch (error) {
    app.append(h("p", { class: "error" }, errorText(error)));
    return;
  }
  window.addEventListener("hashchange", route);
  route();
}

start();
