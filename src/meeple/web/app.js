// The browser app's shell: the routes between the lobby (lobby.js), the new-game page, a game's editor
// and a room (room.js). Each game's page is its own module, games/<name>.js, behind the interface
// described in games/README.md; a game without a module is shown by games/generic.js.
import { clear, h } from "./dom.js";
import { lang, onLang, setLang, t, tr } from "./i18n.js";
import { keep } from "./keep.js";
import { api } from "./net.js";
import { rulesButton } from "./rules.js";
import { loadAccount, onAccount, showAccountPage } from "./account.js";
import { showLobby } from "./lobby.js";
import { showRoom } from "./room.js";
import { catalog, errorText, gameEntry, gameTitle, roomCode, roomLink, setGames, toast } from "./shell.js";

const app = document.getElementById("app");
const codeBadge = document.getElementById("room-code");
let leaveCurrentPage = () => {};
let routeNumber = 0; // grows with each route: a page still loading after the player moved on is dropped

const moduleCache = new Map();

/** The page module of a game (games/<name>.js), or the generic one. */
async function gameModule(name) {
  if (!moduleCache.has(name)) {
    const path = gameEntry(name)?.page || "./games/generic.js"; // the page module /api/games names for it
    moduleCache.set(name, import(path).then((module) => module.default).catch((error) => {
      console.warn(`no page module for ${name}`, error);
      return import("./games/generic.js").then((module) => module.default);
    }));
  }
  return moduleCache.get(name);
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
  if (page === "room" && arg) {
    const shown = routeNumber;
    leaveCurrentPage = showRoom(app, roomCode(arg), {
      gameModule, route, startNewGame, stillHere: () => shown === routeNumber,
    });
    return undefined;
  }
  if (page === "edit" && arg) return showEditor(arg);
  if (page === "account") return showAccountPage(app);
  if (page === "shared" && arg) return showShared(arg, hash.split("/").slice(2).join("/"));
  return showLobby(app);
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
    // a choice that names its own mode (an imported game opened for review) is not the form's
    const mode = modeChoice && !choice.mode ? modeChoice.value() : { mode: choice.mode || "local", seats: () => [] };
    const seatCount = choice.seatCount ?? 2;
    const body = { game: name, options: choice.options || {}, mode: mode.mode, seats: choice.seats };
    if (!body.seats) body.seats = solo ? [{ kind: "human" }] : mode.seats(seatCount);
    if (choice.seed !== undefined && mode.mode === "local") body.seed = choice.seed;
    if (choice.moves?.length) body.moves = choice.moves; // the moves the game starts from (an imported game)
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
      seats: choice.seats || [{ kind: "human" }], ...(choice.moves?.length ? { moves: choice.moves } : {}) });
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

// --- a game's editor (games/<name>-editor.js: openEditor(root, ctx) → {destroy}) ------------------

const EDITORS = { murder: "./games/murder-editor.js", stealth: "./games/stealth-editor.js" };

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
  if (!openShared) return showEditor(name); // an editor without shared links
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
  // back(): an editor's « Retour » goes to the game's new-game page (stealth's editor offers one)
  const page = openEditor(app, editorContext(name, game), () => { location.hash = `#/new/${name}`; });
  leaveCurrentPage = () => page?.destroy?.();
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
    setGames((await api("/api/games")).games);
  } catch (error) {
    app.append(h("p", { class: "error" }, errorText(error)));
    return;
  }
  await loadAccount();
  // signing in or out redraws the page it happened on (the lobby gains « Mes parties »), not a room
  onAccount(() => { if (!location.hash.startsWith("#/room/")) route(); });
  window.addEventListener("hashchange", route);
  route();
}

start();
