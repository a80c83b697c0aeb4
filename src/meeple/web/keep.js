// The seats this browser holds, kept in localStorage so that "Reprendre" finds them after a close,
// a refresh or a server restart: [{code, token, game, at}], newest first.
const KEY = "meeple.rooms";
const LIMIT = 60;

/** Every kept seat, newest first. */
export function keptRooms() {
  try {
    const rooms = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(rooms) ? rooms.filter((room) => room && room.code && room.token) : [];
  } catch {
    return [];
  }
}

function save(rooms) {
  localStorage.setItem(KEY, JSON.stringify(rooms.slice(0, LIMIT)));
}

/** Remember the token of a room (replaces what was kept for that code). */
export function keep(code, token, game) {
  const others = keptRooms().filter((room) => room.code !== code);
  save([{ code, token, game, at: Date.now() }, ...others]);
}

/** The token kept for a room code, or null (a spectator). */
export function tokenFor(code) {
  return keptRooms().find((room) => room.code === code)?.token ?? null;
}

/** Forget a room (the "Forget" button of the Reprendre list). */
export function forget(code) {
  save(keptRooms().filter((room) => room.code !== code));
}
