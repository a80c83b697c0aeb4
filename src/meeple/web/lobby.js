// The lobby, the app's front door: the games (a card each), the games this browser can resume, and the
// form that joins a room by its code. Other entries (accounts, seeks, a daily puzzle) go beside these.
import { clear, h } from "./dom.js";
import { t, tr } from "./i18n.js";
import { forget, keep, keptRooms, tokenFor } from "./keep.js";
import { api } from "./net.js";
import { openRules } from "./rules.js";
import { allGames, errorText, gameTitle, playerName, roomCode, toast } from "./shell.js";
import { myGamesPanel } from "./account.js";
import { dailyEntry } from "./games/murder-daily.js";
import { dailyEntry as stealthDaily } from "./games/stealth-daily.js";

/** Draw the lobby into ``app``. */
export function showLobby(app) {
  clear(app);
  document.title = "meeple";
  const resumeList = h("div", { class: "resume-list" }, t("Recherche des parties…", "Looking for games…"));
  const resume = h("section", { class: "panel resume", id: "resume", "aria-labelledby": "resume-title" },
    h("h2", { id: "resume-title" }, t("Reprendre", "Resume")),
    resumeList);
  // a returning player's games come first (« À vous » at their top); a new player starts with the games
  const returning = keptRooms().length > 0;
  app.append(
    h("section", { class: "lobby" },
      h("h1", {}, t("Choisissez un jeu", "Choose a game")),
      myGamesPanel(),
      returning ? resume : null,
      h("ul", { class: "game-cards" }, allGames().map(gameCard)),
      allGames().some((game) => game.name === "murder") ? dailyEntry() : null,
      allGames().some((game) => game.name === "stealth") ? stealthDaily() : null,
      returning ? null : resume,
      joinForm()));
  fillResumeList(resumeList);
}

const facts = new Map(); // game name → its rules module's lobby() (players, length, picture, editor), once loaded

/** The lobby facts of a game (its rules module's named export ``lobby``), or null. */
async function lobbyFacts(game) {
  if (!game.rules) return null;
  if (!facts.has(game.name)) {
    facts.set(game.name, import(game.rules).then((module) => module.lobby || null).catch(() => null));
  }
  return (await facts.get(game.name))?.() || null;
}

/** A game's card: its picture, name, summary, players and typical length, and the ways in: play, the
 * rules, the editor (stealth's levels, murder's cases). */
function gameCard(game) {
  const picture = h("div", { class: "card-picture", "aria-hidden": "true" });
  const line = h("p", { class: "card-facts" });
  const links = h("div", { class: "card-links" },
    h("button", { type: "button", class: "quiet card-rules", dataset: { rules: game.name },
      on: { click: (event) => openRules(game.name, () => tr(game.title), event.currentTarget) } }, t("Règles", "Rules")));
  const card = h("li", { class: "game-card", dataset: { card: game.name } },
    picture,
    h("h2", {}, tr(game.title)),
    h("p", { class: "card-summary" }, tr(game.summary)),
    line,
    h("a", { class: "button primary", href: `#/new/${game.name}`, dataset: { game: game.name } }, t("Jouer", "Play")),
    links);
  lobbyFacts(game).then((found) => {
    if (!found) return;
    if (found.picture) {
      // decoration: the card names the game; the picture shows a game under way
      picture.append(h("img", { src: found.picture, alt: "", width: 400, height: 250 }));
    }
    line.textContent = [found.players, found.length].filter(Boolean).join(" · ");
    if (found.editor) links.append(h("a", { class: "button quiet card-editor", href: found.editor.href }, found.editor.label));
  });
  return card;
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
  // the games waiting for this player first, then the others in their order (most recent first)
  const ordered = [...rooms.filter(yourTurn), ...rooms.filter((room) => !yourTurn(room))];
  container.append(h("ul", { class: "resume-rooms" }, ordered.map((room) => h("li", { dataset: { code: room.code }, class: yourTurn(room) ? "your-turn" : null },
    h("span", { class: "resume-title" }, `${gameTitle(room.game)} · ${room.code}`, " ", turnBadge(room)),
    h("span", { class: "muted" }, `${modes[room.mode] || room.mode} · ${t("coups", "moves")} ${room.moves}`
      + (room.waiting?.length ? ` · ${t("en attente des joueurs", "waiting for the players")}` : "")),
    h("a", { class: "button primary", href: `#/room/${room.code}` }, t("Reprendre", "Resume")),
    h("button", {
      type: "button", class: "quiet",
      on: { click: () => { forget(room.code); fillResumeList(container); } },
    }, t("Oublier", "Forget"))))));
}

/** True when the game waits for this browser's move. */
function yourTurn(room) {
  return !room.over && !room.waiting?.length && room.to_move !== null && Boolean(room.seats?.includes(room.to_move));
}

/** Whose turn it is, in words: « À vous », « Au tour de Bea », « Terminée ». */
function turnBadge(room) {
  if (room.over) return h("span", { class: "turn-badge over" }, t("Terminée", "Finished"));
  if (room.waiting?.length) return h("span", { class: "turn-badge waiting" }, t("En attente", "Waiting"));
  if (yourTurn(room)) return h("span", { class: "turn-badge mine" }, t("À vous", "Your turn"));
  const player = room.players?.find((entry) => entry.seat === room.to_move);
  return player ? h("span", { class: "turn-badge theirs" }, t(`Au tour de ${playerName(player)}`, `${playerName(player)} to play`)) : null;
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

/** Take a seat in the room ``code`` (or go back to the one this browser holds there) and open it. */
export async function joinRoom(code, name) {
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
