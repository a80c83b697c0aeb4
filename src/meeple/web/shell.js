// What the shell's pages share (the lobby, the new-game page, the room, the editors): the games the
// server offers, the short messages (toasts), errors in words, seat names, room codes and links.
import { clear, h } from "./dom.js";
import { t, tr } from "./i18n.js";
import { api, ApiError } from "./net.js";

let games = [];

/** Keep the server's list of games (/api/games), in lobby order. */
export function setGames(list) {
  games = list;
}

/** Every game the server offers, in lobby order. */
export function allGames() {
  return games;
}

/** A game's lobby entry (name, title, summary, levels, queries, catalog), or undefined. */
export function gameEntry(name) {
  return games.find((game) => game.name === name);
}

/** A game's title in the player's language (its name when the server does not know it). */
export function gameTitle(name) {
  const entry = gameEntry(name);
  return entry ? tr(entry.title) : name;
}

/** A computer level's title in the player's language. */
export function levelTitle(game, key) {
  const level = gameEntry(game)?.levels?.find((entry) => entry.key === key);
  return level ? tr(level.title) : key;
}

let toastTimer = null;

/** Show a short message for a few seconds (errors stay longer). One at a time: a new message replaces the
 * one shown, so that repeated clicks never stack messages over the controls. */
export function toast(text, kind = "info") {
  const box = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : "status" }, text);
  clear(document.getElementById("toasts")).append(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.remove(), kind === "error" ? 6000 : 3000);
}

/** An error in the player's language. */
export function errorText(error) {
  return error instanceof ApiError ? tr(error.bilingual) : String(error?.message || error);
}

/** The seat's display name, as game pages may show it. */
export function playerName(player) {
  if (player.deleted) return t("joueur supprimé", "deleted player");
  if (player.name) return player.name;
  if (player.kind === "ai") return t("Ordinateur", "Computer");
  if (player.kind === "open") return t("Place libre", "Open seat");
  return t(`Joueur ${player.seat + 1}`, `Player ${player.seat + 1}`);
}

/**
 * A room code as typed (any case, dashes, spaces) in its one written form, as the server reads it:
 * "abcd efgh jk" → "ABCD-EFGH-JK"; a code of another length (the six letters of older rooms) stays whole.
 */
export function roomCode(text) {
  const letters = String(text).toUpperCase().replace(/[^A-Z0-9]/g, "");
  return letters.length === 10 ? `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}` : letters;
}

/** The address that opens a room. */
export function roomLink(code) {
  return `${location.origin}${location.pathname}#/room/${code}`;
}

/** A game's question that needs no room (catalogue), its answer. */
export async function catalog(game, name, params) {
  return (await api(`/api/games/${game}/catalog/${name}`, { params: params ?? null })).result;
}
