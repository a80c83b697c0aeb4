// Sudoku Murder: the case editor's draft and the case document (games/murder/caseio.py's format) — pure
// functions without a page: a blank draft, a draft read from any file, the document sent to the server, a draft
// resized to another board, and a case packed into a link. The editor (murder-editor.js) draws and edits it.
import { t, tr } from "../i18n.js";

export const DRAFT_KEY = "meeple.murder.draft";
export const CASE_FORMAT = "meeple-murder-case";
export const MIN_SIZE = 4; // the case format's sizes (games/murder/model.py MIN_SIZE, MAX_SIZE)
export const MAX_SIZE = 9;
export const MAX_ROOMS = 16; // room ids are the letters A…P: more rooms than any published 9×9 case has (7)
export const MAX_CLUES = 100; // the case format's limit (caseio CASE_LIMITS counts: clues)
export const MAX_NAME = 40; // a person's or a room's name (the case format refuses texts over 200 characters)
export const MAX_OWN_KINDS = 16; // the case format's own object kinds (caseio MAX_OWN_KINDS)
export const MAX_KIND_TEXT = 40; // an own kind's id and names (caseio MAX_KIND_TEXT)
/** Where Letter is the usual paper (games/murder/render.py LETTER_TERRITORIES, the CLI's locale default). */
export const LETTER_TERRITORIES = ["US", "CA", "MX", "PH", "CL", "CO", "VE"];

/** The paper of the browser's language, as the command line decides from the locale: Letter for a Letter
 * country (en-US, fr-CA…), A4 everywhere else (fr, en-GB, de…). */
export function defaultPaper(language = navigator.language) {
  const region = String(language || "").split(/[-_]/)[1]?.toUpperCase();
  return LETTER_TERRITORIES.includes(region) ? "letter" : "a4";
}

/** The floors of the case format (games/murder/model.py FLOORS): key, French, English. */
export const FLOORS = [
  ["parquet", "parquet", "wooden floor"], ["carrelage", "carrelage", "tiles"], ["moquette", "moquette", "carpet"],
  ["pierre", "pierre", "stone"], ["marbre", "marbre", "marble"], ["herbe", "herbe", "grass"], ["sable", "sable", "sand"],
  ["béton", "béton", "concrete"], ["lino", "lino", "linoleum"],
];

/** The rules page's object kinds (games/murder/model.py): key (the French name), English, one may stand on it. */
export const KINDS = [
  ["chaise", "chair", true], ["fauteuil", "armchair", true], ["canapé", "sofa", true], ["lit", "bed", true],
  ["banc", "bench", true], ["tabouret", "stool", true], ["tapis", "rug", true], ["carpette", "mat", true],
  ["plante", "plant", false], ["table", "table", false], ["arbre", "tree", false], ["buisson", "bush", false],
  ["rocher", "rock", false], ["caisse", "crate", false], ["étagère", "shelf", false], ["fontaine", "fountain", false],
  ["statue", "statue", false], ["poubelle", "bin", false],
];

/** Names offered to a new room, with the article the clues need (rule 4) and their preposition. */
export const ROOM_NAMES = [
  ["la Cuisine", "the Kitchen"], ["le Salon", "the Living room"], ["la Chambre", "the Bedroom"], ["le Bureau", "the Study"],
  ["la Bibliothèque", "the Library"], ["la Salle de bain", "the Bathroom"], ["l'Entrée", "the Hall"], ["la Cave", "the Cellar"],
  ["le Grenier", "the Attic"], ["la Salle à manger", "the Dining room"], ["la Terrasse", "the Terrace", "sur"],
  ["le Jardin", "the Garden"], ["le Garage", "the Garage"], ["la Véranda", "the Conservatory"], ["la Buanderie", "the Laundry"],
  ["la Scène", "the Stage", "sur"],
];

/** Names offered to a new person: a different initial each, women and men in turn (as generated cases). */
export const FIRST_NAMES = [["Alice", "f"], ["Bruno", "m"], ["Céline", "f"], ["Damien", "m"], ["Élise", "f"], ["Fabien", "m"],
  ["Gaëlle", "f"], ["Hugo", "m"], ["Inès", "f"], ["Jules", "m"], ["Karine", "f"], ["Louis", "m"]];

/** The clue kinds (caseio docstring) in menu order: kind, French, English, the fields it needs. */
export const CLUE_KINDS = [
  ["room", "dans la pièce…", "in the room…", ["room"]], ["not_room", "pas dans la pièce…", "not in the room…", ["room"]],
  ["row", "dans la rangée…", "in the row…", ["row"]], ["not_row", "pas dans la rangée…", "not in the row…", ["row"]],
  ["column", "dans la colonne…", "in the column…", ["column"]], ["not_column", "pas dans la colonne…", "not in the column…", ["column"]],
  ["on", "sur un objet…", "on an object…", ["standable"]], ["not_on", "pas sur un objet…", "not on an object…", ["standable"]],
  ["beside", "à côté d'un objet…", "beside an object…", ["object"]], ["not_beside", "à côté d'aucun objet…", "beside no object…", ["object"]],
  ["corner", "dans un coin de la pièce", "in a corner of the room", []],
  ["not_corner", "pas dans un coin de la pièce", "not in a corner of the room", []],
  ["alone", "seul(e) dans la pièce", "alone in the room", []],
  ["with_one_other", "dans la pièce… avec un(e) autre…", "in the room… with one other…", ["room", "gender"]],
];


export function roomName(index) {
  const [fr, en, preposition] = ROOM_NAMES[index % ROOM_NAMES.length];
  return { name: { fr, en }, preposition: preposition || "dans" };
}

/** An empty case of ``size``: one room covering the board, nobody, no clue. */
export function blankDraft(size) {
  return {
    format: CASE_FORMAT, version: 1, title: { fr: "", en: "" }, size,
    grid: Array.from({ length: size }, () => Array(size).fill("A")),
    rooms: [{ id: "A", ...roomName(0), floor: FLOORS[0][0] }],
    object_kinds: [], objects: [], people: [], clues: [], placed: {},
  };
}

/**
 * The draft on a board of another ``size`` (the size menu): the rooms' plan is cut or widened (a new cell
 * takes the room of the nearest old one), objects and intended places off the new board go, and so do clues
 * that name a row or column it no longer has or a room that vanished; people, their names and the other clues
 * stay (the check then says what the new size still needs: N people on an N×N board).
 */
export function resizedDraft(draft, size) {
  if (!validSize(size) || size === draft.size) return draft;
  const old = draft.size;
  const grid = Array.from({ length: size }, (_, r) => Array.from({ length: size },
    (__, c) => draft.grid[Math.min(r, old - 1)][Math.min(c, old - 1)]));
  const present = new Set(grid.flat());
  const rooms = draft.rooms.filter((room) => present.has(room.id));
  const inside = (cell) => cell[0] < size && cell[1] < size;
  const placed = Object.fromEntries(Object.entries(draft.placed).filter(([, cell]) => inside(cell)));
  const clues = draft.clues.filter((clue) => !(Number.isInteger(clue.index) && clue.index >= size)
    && !(clue.room !== undefined && !present.has(clue.room)));
  return { ...draft, size, grid, rooms, objects: draft.objects.filter((o) => inside(o.cell)), placed, clues };
}

export function validSize(size) {
  return Number.isInteger(size) && size >= MIN_SIZE && size <= MAX_SIZE;
}

export const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
export const text = (value, otherwise = "") => (typeof value === "string" ? value : value === undefined || value === null ? otherwise : String(value));
export const isCell = (value, size) => Array.isArray(value) && value.length === 2
  && value.every((v) => Number.isInteger(v) && v >= 0 && v < size);

/**
 * A draft read from a case document (a file, the kept draft): its solution becomes the placed answer. The
 * shapes the editor draws from are made sound (texts are texts, cells are cells, lists are lists) so that no
 * file can break the page; the values themselves are kept as they are and the server's check names the bad
 * ones (an unknown floor, a clue naming a room that does not exist…).
 */
export function draftFrom(data) {
  if (!isObject(data) || !validSize(data.size)) return null;
  const size = data.size;
  const list = (value) => (Array.isArray(value) ? value.filter(isObject) : []);
  const rooms = list(data.rooms).map((room) => ({ ...room, id: text(room.id), floor: text(room.floor),
    preposition: text(room.preposition, "dans"),
    name: { fr: text(isObject(room.name) ? room.name.fr : room.name), en: text(isObject(room.name) ? room.name.en : "") } }));
  const firstRoom = rooms[0]?.id ?? "A";
  const grid = Array.from({ length: size }, (_, r) => Array.from({ length: size },
    (__, c) => text(Array.isArray(data.grid?.[r]) ? data.grid[r][c] : undefined, firstRoom)));
  const people = list(data.people).map((p) => ({ ...p, id: text(p.id), name: text(p.name, text(p.id)),
    gender: text(p.gender), victim: p.victim === true }));
  const placed = {};
  for (const source of [data.placed, data.solution]) {
    if (!isObject(source)) continue;
    for (const [pid, cell] of Object.entries(source)) if (isCell(cell, size)) placed[pid] = [cell[0], cell[1]];
  }
  const title = isObject(data.title) ? data.title : {};
  return {
    format: CASE_FORMAT, version: 1, title: { fr: text(title.fr), en: text(title.en) }, size, grid,
    rooms: rooms.length ? rooms : blankDraft(size).rooms,
    object_kinds: list(data.object_kinds).map((kind) => ({ ...kind, id: text(kind.id),
      name: { fr: text(isObject(kind.name) ? kind.name.fr : kind.name), en: text(isObject(kind.name) ? kind.name.en : "") } })),
    objects: list(data.objects).filter((o) => isCell(o.cell, size)).map((o) => ({ cell: [o.cell[0], o.cell[1]], kind: text(o.kind) })),
    people,
    clues: list(data.clues).map((clue) => ({ ...clue, person: text(clue.person), kind: text(clue.kind) })),
    placed,
  };
}

export function loadDraft() {
  try {
    return draftFrom(JSON.parse(localStorage.getItem(DRAFT_KEY) || "null"));
  } catch {
    return null;
  }
}

/**
 * The case document of a draft, in the format caseio reads. Nothing is filtered out, so a field the server
 * names (clues[3].room) is the draft's own clues[3]. The intended answer goes in as the solution once
 * everybody is placed (the server then checks it against every rule and clue).
 */
export function caseDocument(draft, withSolution = true) {
  const doc = { format: CASE_FORMAT, version: 1 };
  const fr = draft.title.fr.trim(), en = draft.title.en.trim();
  if (fr || en) doc.title = { fr: fr || en, en: en || fr };
  Object.assign(doc, { size: draft.size, grid: draft.grid, rooms: draft.rooms });
  if (draft.object_kinds.length) doc.object_kinds = draft.object_kinds;
  Object.assign(doc, { objects: draft.objects, people: draft.people, clues: draft.clues });
  const placed = draft.people.map((p) => draft.placed[p.id]);
  if (withSolution && placed.length && placed.every(Boolean)) {
    doc.solution = Object.fromEntries(draft.people.map((p) => [p.id, draft.placed[p.id]]));
  }
  return JSON.parse(JSON.stringify(doc));
}

export function kindName(draft, key) {
  const own = draft.object_kinds.find((kind) => kind.id === key);
  if (own) return tr(own.name);
  const built = KINDS.find((kind) => kind[0] === key);
  return built ? t(built[0], built[1]) : String(key);
}

export function kindStandable(draft, key) {
  const own = draft.object_kinds.find((kind) => kind.id === key);
  if (own) return Boolean(own.standable);
  return Boolean(KINDS.find((kind) => kind[0] === key)?.[2]);
}

export function allKinds(draft) {
  return [...KINDS.map((kind) => kind[0]), ...draft.object_kinds.map((kind) => kind.id)];
}

/** "la Bibliothèque" → "La Bibliothèque": a legend line starts with a capital. */
export const capitalised = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
export const cellText = (cell) => `R${cell[0] + 1}C${cell[1] + 1}`;
export const sameCell = (a, b) => Boolean(a && b) && a[0] === b[0] && a[1] === b[1];

// --- a case in a link: #/shared/murder/<the case document, deflated, base64url> -------------------------------
export const MAX_LINK_TEXT = 24_000; // characters of a case link's data (a generated 9×9 case takes about 2 000)
export const MAX_CASE_BYTES = 32_768; // the case format's own limit (caseio CASE_LIMITS max_bytes): inflating stops there

/** The case document, deflated and written in the characters of an address (base64url). */
export async function packCase(doc) {
  const stream = new Blob([JSON.stringify(doc)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The case document of a link's data, or null when it is not one (too long, not base64url, not deflated
 * JSON, or inflating past the case format's size: a link is hostile input). */
export async function unpackCase(text) {
  if (typeof text !== "string" || !text || text.length > MAX_LINK_TEXT || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_CASE_BYTES) {
        reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const doc = JSON.parse(await new Blob(chunks).text());
    return doc && doc.format === CASE_FORMAT && validSize(doc.size) ? doc : null;
  } catch {
    return null;
  }
}
