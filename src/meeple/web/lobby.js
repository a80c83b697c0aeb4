// The lobby, the app's front door: the games (a card each), the games this browser can resume, and the
// form that joins a room by its code. Other entries (accounts, seeks, a daily puzzle) go beside these.
import { clear, h } from "./dom.js";
import { t, tr } from "./i18n.js";
import { forget, keep, keptRooms, tokenFor } from "./keep.js";
import { api } from "./net.js";
import { allGames, errorText, gameTitle, roomCode, toast } from "./shell.js";
import { dailyEntry } from "./games/murder-daily.js";

/** Draw the lobby into ``app``. */
export function showLobby(app) {
  clear(app);
  document.title = "meeple";
  const resumeList = h("div", { class: "resume-list" }, t("Recherche des parties…", "Looking for games…"));
  app.append(
    h("section", { class: "lobby" },
      h("h1", {}, t("Choisissez un jeu", "Choose a game")),
      h("ul", { class: "game-cards" }, allGames().map((game) => h("li", { class: "game-card" },
        h("h2", {}, tr(game.title)),
        h("p", {}, tr(game.summary)),
        h("a", { class: "button primary", href: `#/new/${game.name}`, dataset: { game: game.name } },
          t("Jouer", "Play"))))),
      allGames().some((game) => game.name === "murder") ? dailyEntry() : null,
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
