// Sudoku Murder case editor (issue 15, item 5): paint rooms on the grid (name in French and English, « dans » or
// « sur », floor), place objects and the intended answer, write clues from menus. After each edit the server's
// "analyse" question (the exact and logical solvers, in a worker) says whether the case has exactly one
// solution, whether logic reaches it without guessing (else the first step where it gets stuck), its
// difficulty and the murderer; a field the case format refuses is named and its row ringed. The draft is kept
// in this browser on every edit (and an undo list while the page lives); export/import the case file; play or
// share it in a new room; declare the case's own object kinds; print it (the server's PDF on A4 or Letter, or
// this page's own print view when the server has no PDF part).
import { activatable, clear, h, keepFocus, s, tip } from "../dom.js";
import { lang, t, tr } from "../i18n.js";
import { PALETTE } from "./murder.js";
import {
  DRAFT_KEY, CASE_FORMAT, MIN_SIZE, MAX_SIZE, MAX_ROOMS, MAX_CLUES,
  MAX_NAME, MAX_OWN_KINDS, MAX_KIND_TEXT, defaultPaper, FLOORS, KINDS,
  ROOM_NAMES, FIRST_NAMES, CLUE_KINDS, roomName, blankDraft, text,
  draftFrom, loadDraft, caseDocument, kindName, kindStandable, allKinds,
  capitalised, cellText, sameCell, packCase, unpackCase, resizedDraft,
} from "./murder-draft.js";
export { blankDraft, caseDocument, defaultPaper, FLOORS, KINDS, LETTER_TERRITORIES, MAX_KIND_TEXT, MAX_OWN_KINDS, MAX_ROOMS, MAX_SIZE, MIN_SIZE, packCase, resizedDraft, unpackCase } from "./murder-draft.js";

const CELL = 64;
const LABEL = 30;
const CHECK_DELAY_MS = 350; // the analysis waits for a pause in the edits
const UNDO_DEPTH = 100;
const TOOLS = [["rooms", "Pièces", "Rooms"], ["objects", "Objets", "Objects"], ["people", "Réponse", "Answer"], ["erase", "Effacer", "Erase"]];

const TOOL_HELP = {
  rooms: ["Choisissez une pièce puis cliquez (ou glissez sur) les cases qui lui appartiennent.",
    "Choose a room, then click (or drag over) the cells that belong to it."],
  objects: ["Choisissez un objet puis cliquez une case pour l'y poser (recliquez pour l'enlever).",
    "Choose an object, then click a cell to put it there (click again to take it away)."],
  people: ["La réponse que vous visez (facultatif) : choisissez une personne puis sa case. Elle est vérifiée quand tout le monde est placé.",
    "The answer you intend (optional): choose a person, then their cell. It is checked once everyone is placed."],
  erase: ["Cliquez une case pour en retirer l'objet et la personne.", "Click a cell to take its object and person away."],
};
const KEYS_HELP = [" Au clavier : flèches entre les cases, Entrée pour agir, Ctrl+Z pour annuler.",
  " Keyboard: arrows between cells, Enter to act, Ctrl+Z to undo."];

// the undo list and the choices of the tools survive a redraw of the page (a language switch rebuilds it)
const undoList = [];
const ui = { tool: "rooms", paintRoom: "A", placeKind: "chaise", placePerson: null, cell: "0,0", paper: defaultPaper(),
  printAnswer: false };

/** The page of a shared case: what it is, and « Résoudre » (a room of one's own, the case checked by the server). */
export async function openShared(root, ctx, text) {
  const doc = await unpackCase(text);
  const back = h("a", { href: "#/", class: "back" }, t("← Retour au salon", "← Back to the lobby"));
  if (!doc) {
    clear(root).append(h("section", { class: "panel shared-case" },
      h("h1", {}, t("Enquête partagée", "Shared case")),
      h("p", { class: "error", role: "alert", id: "shared-error" }, t("Ce lien ne contient pas d'enquête lisible (coupé ou modifié ?).",
        "This link holds no readable case (cut short or changed?).")), back));
    return;
  }
  const people = Array.isArray(doc.people) ? doc.people : [];
  const title = doc.title && typeof doc.title === "object" ? tr(doc.title) : t("Une enquête", "A case");
  clear(root).append(h("section", { class: "panel shared-case" },
    h("h1", {}, t("Enquête partagée", "Shared case")),
    h("p", { id: "shared-title" }, h("strong", {}, String(title)), ` — ${doc.size} × ${doc.size}, `,
      t(`${people.length} personnes`, `${people.length} people`), " : ",
      people.map((p) => String(p?.name ?? "")).filter(Boolean).join(", ")),
    h("p", { class: "muted" }, t("Placez chacun, trouvez l'assassin : l'enquête a été vérifiée à sa création, le serveur la relit.",
      "Place everyone, find the murderer: the case was checked when it was made, the server reads it again.")),
    h("button", { type: "button", class: "primary", id: "shared-play", on: { click: () => ctx.start({ options: { case: doc } }) } },
      t("Résoudre cette enquête", "Solve this case")), " ", back));
}

/**
 * Open the editor in root. ctx: catalog(name, params), toast(text, kind), start(choice) (a new room, shown),
 * share(options) (a new room, not shown: resolves to {code, link} or null). Returns {destroy}.
 */
export function openEditor(root, ctx) {
  let draft = loadDraft() || blankDraft(6);
  if (!draft.rooms.some((room) => room.id === ui.paintRoom)) ui.paintRoom = draft.rooms[0]?.id;
  if (!draft.people.some((p) => p.id === ui.placePerson)) ui.placePerson = null;
  let report = null;
  let timer = null;
  let asked = 0;
  let painting = false;
  let levels = {};
  let sharedLink = null;
  const sentences = new Map(); // what the server last wrote for a clue, by what the sentence depends on
  const refusedNames = new WeakMap(); // an own kind → the French name typed that could not be its id (never sent)

  const board = s("svg", { class: "board murder-board editor-case-board", role: "group", id: "editor-board" });
  const status = h("div", { id: "editor-status", class: "editor-status", role: "status", "aria-live": "polite" });
  const other = h("div", { class: "editor-other", id: "editor-other" });
  const help = h("p", { class: "muted editor-help", id: "editor-help" });
  const toolbar = h("div", { class: "editor-tools", role: "radiogroup", "aria-label": t("outil", "tool") });
  const palette = h("div", { class: "editor-palette", id: "editor-palette", role: "group" });
  const roomsList = h("ol", { class: "editor-rows", id: "editor-rooms" });
  const peopleList = h("ol", { class: "editor-rows", id: "editor-people" });
  const cluesList = h("ol", { class: "editor-rows", id: "editor-clues" });
  const peopleCount = h("span", { class: "muted", id: "editor-people-count" });
  const shareBox = h("div", { class: "editor-share", id: "editor-share", hidden: true });
  const printView = h("div", { class: "murder-print", id: "editor-print" });
  const sizeSelect = h("select", { id: "editor-size", on: { change: resize } },
    Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => h("option", { value: MIN_SIZE + i }, `${MIN_SIZE + i} × ${MIN_SIZE + i}`)));
  sizeSelect.value = String(draft.size);
  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "editor-import-file", hidden: true,
    "aria-label": t("Fichier d'enquête à importer", "Case file to import"), on: { change: importFile } });
  const titleFr = h("input", { id: "editor-title-fr", maxLength: MAX_NAME * 2, value: draft.title.fr, "aria-label": t("Titre en français", "Title in French"),
    on: { input: (e) => { draft.title.fr = e.target.value; typed(); }, change: textDone } });
  const titleEn = h("input", { id: "editor-title-en", maxLength: MAX_NAME * 2, value: draft.title.en, "aria-label": t("Titre en anglais", "Title in English"),
    on: { input: (e) => { draft.title.en = e.target.value; typed(); }, change: textDone } });
  const button = (id, fr, en, click, extra = {}) => h("button", { type: "button", id, on: { click }, ...extra }, t(fr, en));
  const undoButton = button("editor-undo", "↶ Annuler", "↶ Undo", undo, { disabled: true });
  const play = button("editor-play", "Jouer", "Play", playCase, { class: "primary", disabled: true });
  const share = button("editor-share-button", "Partager", "Share", shareCase, { disabled: true });
  const printButton = button("editor-print-button", "Imprimer", "Print", printCase, { disabled: true });
  const paperSelect = h("select", { id: "editor-paper", "aria-label": t("Papier du PDF", "PDF paper"),
    on: { change: (e) => { ui.paper = e.target.value; } } },
  h("option", { value: "a4" }, "PDF (A4)"), h("option", { value: "letter" }, "PDF (Letter)"));
  paperSelect.value = ui.paper;
  const printAnswer = h("input", { type: "checkbox", id: "editor-print-answer", checked: ui.printAnswer,
    on: { change: (e) => { ui.printAnswer = e.target.checked; } } });
  const kindsList = h("ol", { class: "editor-rows", id: "editor-kinds" });

  for (const [name, fr, en] of TOOLS) {
    toolbar.append(h("button", { type: "button", role: "radio", dataset: { tool: name },
      on: { click: () => { ui.tool = name; drawTools(); drawBoard(); } } }, t(fr, en)));
  }

  const section = h("section", { class: "murder-editor", "aria-labelledby": "editor-title" },
    h("div", { class: "editor-head no-print" },
      h("h1", { id: "editor-title" }, t("Créer une enquête", "Create a case")),
      h("a", { href: "#/new/murder", class: "button quiet", id: "editor-back" }, t("← Enquêtes", "← Cases"))),
    h("div", { class: "editor-new no-print" },
      h("label", { for: "editor-size" }, t("Taille", "Size")), sizeSelect,
      button("editor-new-case", "Nouvelle enquête", "New case", newCase), undoButton),
    h("div", { class: "editor-layout no-print" },
      h("div", { class: "editor-main" }, toolbar, palette, help, board, status,
        h("div", { class: "editor-actions" }, play, share,
          button("editor-export", "Exporter", "Export", exportFile),
          button("editor-import", "Importer", "Import", () => fileInput.click()),
          h("span", { class: "editor-print" }, printButton, paperSelect,
            h("label", { class: "choice", for: "editor-print-answer" }, printAnswer, t("avec la réponse", "with the answer"))),
          fileInput),
        shareBox, other),
      h("div", { class: "editor-side" },
        h("section", { class: "editor-panel", "aria-labelledby": "editor-title-head" },
          h("h2", { id: "editor-title-head" }, t("Titre (facultatif)", "Title (optional)")),
          h("div", { class: "editor-pair" },
            h("label", {}, "FR ", titleFr), h("label", {}, "EN ", titleEn))),
        h("section", { class: "editor-panel", dataset: { field: "rooms" }, "aria-labelledby": "editor-rooms-head" },
          h("h2", { id: "editor-rooms-head" }, t("Pièces", "Rooms")), roomsList,
          button("editor-add-room", "+ Pièce", "+ Room", addRoom)),
        h("section", { class: "editor-panel", dataset: { field: "object_kinds" }, "aria-labelledby": "editor-kinds-head" },
          h("h2", { id: "editor-kinds-head" }, t("Objets de l'enquête", "The case's own objects")),
          h("p", { class: "muted" }, t("En plus des 18 objets de la règle : une télé, une fenêtre, une voiture…",
            "Besides the rules' 18 objects: a TV, a window, a car…")), kindsList,
          button("editor-add-kind", "+ Objet", "+ Object", addKind)),
        h("section", { class: "editor-panel", dataset: { field: "people" }, "aria-labelledby": "editor-people-head" },
          h("h2", { id: "editor-people-head" }, t("Personnes", "People"), " ", peopleCount), peopleList,
          button("editor-add-person", "+ Personne", "+ Person", addPerson)),
        h("section", { class: "editor-panel", dataset: { field: "clues" }, "aria-labelledby": "editor-clues-head" },
          h("h2", { id: "editor-clues-head" }, t("Indices", "Clues")), cluesList,
          button("editor-add-clue", "+ Indice", "+ Clue", addClue)))),
    printView);
  clear(root).append(section);

  // painting rooms by dragging: the cell under the pointer, wherever the pointer went (touch keeps its target)
  // (the cell is painted at once: the redraw replaces the cells before the click event would come)
  board.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (ui.tool !== "rooms" || !cell || event.button > 0) return;
    painting = true;
    event.target.releasePointerCapture?.(event.pointerId);
    paint(cell.dataset.cell.split(",").map(Number), false);
  });
  board.addEventListener("pointermove", (event) => {
    if (!painting) return;
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("[data-cell]");
    if (cell && board.contains(cell)) paint(cell.dataset.cell.split(",").map(Number), false);
  });
  const stopPainting = () => { if (painting) { painting = false; commit(); } };
  window.addEventListener("pointerup", stopPainting);
  board.addEventListener("keydown", moveFocus);
  // one Tab stop for the whole board (81 cells on a 9×9): the cell last visited; arrows move inside
  board.addEventListener("focusin", (event) => {
    const cell = event.target.closest?.("[data-cell]");
    if (!cell) return;
    ui.cell = cell.dataset.cell;
    rove();
  });
  section.addEventListener("keydown", (event) => {
    const typing = event.target.matches("input, textarea");
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing) {
      event.preventDefault();
      undo();
    }
  });
  ctx.catalog("difficulties").then((answer) => {
    levels = Object.fromEntries((answer.difficulties || []).map((d) => [String(d.key), d.title]));
    drawStatus();
  }).catch(() => {});

  // --- edits ------------------------------------------------------------------------------------------------
  let before = JSON.stringify(draft); // the draft as the last undo step left it

  /** An edit is done: one undo step, kept, redrawn, checked after a pause. */
  function commit() {
    undoStep();
    save();
    report = null; // the last answer is about the draft before this edit
    drawAll();
    schedule();
  }

  function undoStep() {
    const now = JSON.stringify(draft);
    if (now === before) return;
    undoList.push(before);
    if (undoList.length > UNDO_DEPTH) undoList.shift();
    before = now;
  }

  /** A keystroke in a text field: kept and checked; the lists holding text fields are not rebuilt (the
   * focus and the caret stay where they are), only what shows the names. */
  function typed() {
    save();
    keepFocus(section, () => {
      drawTools();
      drawBoard();
    });
    schedule();
  }

  /** A text field left (its change event): one undo step; the clue menus take the new names. */
  function textDone() {
    undoStep();
    keepFocus(section, () => {
      drawClues();
      markErrors();
    });
    undoButton.disabled = !undoList.length;
  }

  function save() {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      ctx.toast(t("Le brouillon n'a pas pu être gardé dans ce navigateur : exportez-le.",
        "The draft could not be kept in this browser: export it."), "error");
    }
  }

  function undo() {
    if (!undoList.length) return;
    draft = draftFrom(JSON.parse(undoList.pop()));
    before = JSON.stringify(draft);
    save();
    syncInputs();
    report = null;
    drawAll();
    schedule();
  }

  function syncInputs() {
    sizeSelect.value = String(draft.size);
    titleFr.value = draft.title.fr;
    titleEn.value = draft.title.en;
    if (!draft.rooms.some((room) => room.id === ui.paintRoom)) ui.paintRoom = draft.rooms[0]?.id;
  }

  /** The size menu changes the board at once (one undo step): a 4 × 4 chosen is a 4 × 4 drawn. */
  function resize() {
    draft = resizedDraft(draft, Number(sizeSelect.value));
    if (!draft.rooms.some((room) => room.id === ui.paintRoom)) ui.paintRoom = draft.rooms[0]?.id;
    commit();
  }

  function newCase() {
    draft = blankDraft(Number(sizeSelect.value));
    ui.paintRoom = "A";
    ui.placePerson = null;
    syncInputs();
    commit();
    ctx.toast(t("Nouvelle enquête : « Annuler » rend la précédente.", "New case: « Undo » brings the previous one back."));
  }

  function paint(cell, done = true) {
    const [r, c] = cell;
    if (!ui.paintRoom || draft.grid[r][c] === ui.paintRoom) return;
    draft.grid[r][c] = ui.paintRoom;
    if (done) commit();
    else drawBoard();
  }

  function onCell(cell) {
    const [r, c] = cell;
    if (ui.tool === "rooms") return paint(cell);
    const objectAt = draft.objects.findIndex((o) => sameCell(o.cell, cell));
    const personAt = draft.people.find((p) => sameCell(draft.placed[p.id], cell));
    if (ui.tool === "objects") {
      if (objectAt >= 0 && draft.objects[objectAt].kind === ui.placeKind) draft.objects.splice(objectAt, 1);
      else if (objectAt >= 0) draft.objects[objectAt].kind = ui.placeKind;
      else draft.objects.push({ cell: [r, c], kind: ui.placeKind });
    } else if (ui.tool === "people") {
      if (!ui.placePerson) {
        ctx.toast(t("Choisissez d'abord une personne.", "Choose a person first."));
        return;
      }
      if (personAt) delete draft.placed[personAt.id];
      if (personAt?.id !== ui.placePerson) draft.placed[ui.placePerson] = [r, c];
    } else {
      if (objectAt >= 0) draft.objects.splice(objectAt, 1);
      if (personAt) delete draft.placed[personAt.id];
    }
    commit();
  }

  function rove() {
    const current = board.querySelector(`[data-cell="${ui.cell}"]`) ? ui.cell : "0,0";
    for (const cell of board.querySelectorAll("[data-cell]")) cell.setAttribute("tabindex", cell.dataset.cell === current ? "0" : "-1");
  }

  function moveFocus(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const at = event.target.closest?.("[data-cell]");
    if (!moves[event.key] || !at) return;
    event.preventDefault();
    const [r, c] = at.dataset.cell.split(",").map(Number);
    const [dr, dc] = moves[event.key];
    board.querySelector(`[data-cell="${r + dr},${c + dc}"]`)?.focus();
  }

  function freeRoomId() {
    return "ABCDEFGHIJKLMNOP".split("").find((letter) => !draft.rooms.some((room) => room.id === letter));
  }

  function addRoom() {
    const id = freeRoomId();
    if (!id || draft.rooms.length >= MAX_ROOMS) return;
    const used = new Set(draft.rooms.map((room) => room.floor));
    const floor = (FLOORS.find((f) => !used.has(f[0])) || FLOORS[draft.rooms.length % FLOORS.length])[0];
    const names = new Set(draft.rooms.map((room) => room.name.fr));
    const index = ROOM_NAMES.findIndex((name) => !names.has(name[0]));
    draft.rooms.push({ id, ...roomName(Math.max(index, 0)), floor });
    ui.paintRoom = id;
    ui.tool = "rooms";
    commit();
  }

  function removeRoom(index) {
    if (draft.rooms.length < 2) return;
    const [gone] = draft.rooms.splice(index, 1);
    const heir = draft.rooms[Math.max(0, index - 1)].id;
    // its cells go to the room listed before it; clues that name it stay, and the check names them
    draft.grid = draft.grid.map((row) => row.map((room) => (room === gone.id ? heir : room)));
    if (ui.paintRoom === gone.id) ui.paintRoom = heir;
    commit();
  }

  function addPerson() {
    if (draft.people.length >= draft.size) return;
    const taken = new Set(draft.people.map((p) => p.id));
    const [name, gender] = FIRST_NAMES.find(([n]) => !taken.has(n)) || [`P${draft.people.length + 1}`, "f"];
    draft.people.push({ id: name, name, gender, victim: !draft.people.some((p) => p.victim) });
    ui.placePerson = name;
    commit();
  }

  function removePerson(index) {
    const [gone] = draft.people.splice(index, 1);
    delete draft.placed[gone.id];
    if (gone.victim && draft.people.length) draft.people[0].victim = true;
    if (ui.placePerson === gone.id) ui.placePerson = null;
    commit(); // clues about them stay, and the check names them
  }

  /** A new name; the id follows it (clues and the answer too) unless another person already has that id. */
  function rename(person, name) {
    person.name = name;
    const id = name.trim();
    if (!id || draft.people.some((p) => p !== person && p.id === id)) return;
    const old = person.id;
    person.id = id;
    for (const clue of draft.clues) if (clue.person === old) clue.person = id;
    if (draft.placed[old]) {
      draft.placed[id] = draft.placed[old];
      delete draft.placed[old];
    }
    if (ui.placePerson === old) ui.placePerson = id;
  }

  /** A new own kind, « objet 1 » (blocking, a shelf's picture): the designer names it; the palette has it. */
  function addKind() {
    if (draft.object_kinds.length >= MAX_OWN_KINDS) return;
    const taken = new Set(allKinds(draft));
    let n = 1;
    while (taken.has(`objet ${n}`)) n += 1;
    const id = `objet ${n}`;
    draft.object_kinds.push({ id, name: { fr: id, en: `object ${n}` }, feminine: false, standable: false, icon: "shelf" });
    ui.placeKind = id;
    commit();
    kindsList.querySelector(`#kind-${draft.object_kinds.length - 1}-fr`)?.focus();
  }

  /** An own kind goes: its objects leave the board; clues that name it stay, and the check names them. */
  function removeKind(index) {
    const [gone] = draft.object_kinds.splice(index, 1);
    draft.objects = draft.objects.filter((o) => o.kind !== gone.id);
    if (ui.placeKind === gone.id) ui.placeKind = KINDS[0][0];
    commit();
  }

  /** Why ``name`` cannot be an own kind's French name (and so its id), or null: empty, another kind's (built-in
   * or own), too long. */
  function kindNameProblem(kind, name) {
    const id = name.trim();
    if (!id) return t("Nom (FR) : à remplir", "Name (FR): to fill in");
    if (draft.object_kinds.some((other) => other !== kind && other.id === id) || KINDS.some((k) => k[0] === id)) {
      return t(`Nom (FR) : « ${id} » est déjà un objet, choisissez-en un autre`, `Name (FR): “${id}” is already an object, choose another`);
    }
    return id.length > MAX_KIND_TEXT ? t(`Nom (FR) : ${MAX_KIND_TEXT} caractères au plus`, `Name (FR): ${MAX_KIND_TEXT} characters at most`) : null;
  }

  /** A new French name; the id follows it (objects, clues and the palette too). A name that cannot be one
   * changes nothing in the case: it stays in the field with the reason under it. Returns the problem. */
  function renameKind(kind, name) {
    const problem = kindNameProblem(kind, name);
    if (problem) {
      refusedNames.set(kind, name);
      return problem;
    }
    refusedNames.delete(kind);
    kind.name.fr = name;
    const id = name.trim();
    const old = kind.id;
    kind.id = id;
    for (const o of draft.objects) if (o.kind === old) o.kind = id;
    for (const clue of draft.clues) if (clue.object === old) clue.object = id;
    if (ui.placeKind === old) ui.placeKind = id;
    return null;
  }

  function addClue() {
    if (draft.clues.length >= MAX_CLUES) return;
    if (!draft.people.length) {
      ctx.toast(t("Ajoutez d'abord des personnes.", "Add people first."));
      return;
    }
    const without = draft.people.find((p) => !p.victim && !draft.clues.some((c) => c.person === p.id));
    draft.clues.push(withFields({ person: (without || draft.people[0]).id, kind: "room" }));
    commit();
    cluesList.querySelector(`[data-field="clues[${draft.clues.length - 1}]"] select`)?.focus();
  }

  /** Clue ``i`` one place up (-1) or down (+1): the order of the cards' sentences. The focus follows the
   * clue (its same arrow, or the other one at an end), so the keys move it again. */
  function moveClue(i, step) {
    const j = i + step;
    if (j < 0 || j >= draft.clues.length) return;
    [draft.clues[i], draft.clues[j]] = [draft.clues[j], draft.clues[i]];
    commit();
    const arrow = cluesList.querySelector(`#clue-${j}-${step < 0 ? "up" : "down"}`);
    (arrow && !arrow.disabled ? arrow : cluesList.querySelector(`#clue-${j}-${step < 0 ? "down" : "up"}`))?.focus();
  }

  /** The clue with exactly the fields its kind needs (values kept when they still fit, else the first choice). */
  function withFields(clue) {
    const known = CLUE_KINDS.find((kind) => kind[0] === clue.kind);
    if (!known) return { ...clue }; // a kind from a file that does not exist: kept, the check names it
    const fields = known[3];
    const next = { person: clue.person, kind: clue.kind };
    for (const field of fields) {
      if (field === "room") next.room = clue.room ?? draft.rooms[0]?.id;
      else if (field === "row" || field === "column") next.index = clue.index ?? 0;
      else if (field === "gender") next.gender = clue.gender ?? (draft.people.find((p) => p.id === clue.person)?.gender || "m");
      else {
        const fits = field === "standable" ? allKinds(draft).filter((k) => kindStandable(draft, k)) : allKinds(draft);
        next.object = fits.includes(clue.object) ? clue.object : fits[0];
      }
    }
    return next;
  }

  // --- the live check ---------------------------------------------------------------------------------------
  function schedule() {
    report = null;
    drawStatus();
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_DELAY_MS);
  }

  async function check() {
    const number = ++asked;
    let answer;
    try {
      answer = await ctx.catalog("analyse", { case: caseDocument(draft), lang: lang() });
    } catch (error) {
      const text = error?.bilingual || { fr: String(error?.message || error), en: String(error?.message || error) };
      answer = { ok: false, format_error: null, problems: [text], solutions: null, failed: true };
    }
    if (number !== asked) return; // overtaken by a newer edit
    report = answer;
    // only what the answer changes: a text field being typed in is left alone
    keepFocus(section, () => {
      drawTools();
      drawBoard();
      drawStatus();
      drawOther();
      drawClueTexts(true);
      markErrors();
    });
  }

  /** The row (data-field) a format error's field points at: clues[3].room → clues[3]; solution → people. */
  function pointedRow(field) {
    const item = /^(clues|people|rooms|objects|object_kinds)\[\d+\]/.exec(field || "");
    if (item) return item[0];
    if (field === "solution" || field === "people") return "people";
    if (field === "rooms") return "rooms";
    return null;
  }

  /** The field in words: « Indice 4 », « Pièce B », « Personne 2 (Bruno) », « Réponse prévue »… */
  function fieldLabel(field) {
    const item = /^(\w+)\[(\d+)\]/.exec(field || "");
    if (item) {
      const i = Number(item[2]);
      if (item[1] === "clues") return t(`Indice ${i + 1}`, `Clue ${i + 1}`);
      if (item[1] === "people") return t(`Personne ${i + 1}`, `Person ${i + 1}`) + (draft.people[i] ? ` (${draft.people[i].name})` : "");
      if (item[1] === "rooms") return t(`Pièce ${draft.rooms[i]?.id ?? i + 1}`, `Room ${draft.rooms[i]?.id ?? i + 1}`);
      if (item[1] === "objects") return t("Objet", "Object") + (draft.objects[i] ? ` ${cellText(draft.objects[i].cell)}` : "");
      if (item[1] === "object_kinds") return t(`Objet ${i + 1} de l'enquête`, `The case's object ${i + 1}`);
      if (item[1] === "grid") return t("Plan des pièces", "Room plan");
    }
    const words = { solution: t("Réponse prévue", "Intended answer"), people: t("Personnes", "People"),
      rooms: t("Pièces", "Rooms"), grid: t("Plan des pièces", "Room plan"), title: t("Titre", "Title"), size: t("Taille", "Size"),
      objects: t("Objets", "Objects"), object_kinds: t("Objets de l'enquête", "The case's own objects"), clues: t("Indices", "Clues") };
    return words[field] || field;
  }

  const readable = () => Boolean(report && !report.failed && !report.format_error);

  function drawStatus() {
    clear(status);
    // a case with no solution cannot be solved: nothing to play (two solutions can be play-tested)
    play.disabled = !readable() || report.solutions === 0;
    play.title = readable() && report.solutions === 0 ? t("Aucune solution : rien à résoudre.", "No solution: nothing to solve.") : "";
    share.disabled = !(report && report.ok);
    printButton.disabled = !readable();
    status.dataset.state = !report ? "checking" : report.ok ? "ok" : "not-ok";
    if (!report) {
      status.append(h("p", { class: "muted" }, t("Vérification…", "Checking…")));
      return;
    }
    if (report.format_error) {
      const field = report.format_error.field;
      status.append(h("p", { class: "editor-error", id: "editor-format-error", dataset: { field } },
        h("strong", {}, fieldLabel(field)), ` — ${tr(report.format_error.reason)}`));
      return;
    }
    const n = report.solutions;
    if (report.failed || ![0, 1, 2].includes(n)) {
      // no count: the check failed, or the draft is too large for the solver's budget; the server says why
      for (const problem of report.problems || []) status.append(h("p", { class: "editor-error editor-problem" }, tr(problem)));
    } else {
      // the server's own words for « none » and « two or more » (they say what to do)
      const fallback = n === 0 ? t("Aucune solution", "No solution") : t("Au moins deux solutions", "Two solutions at least");
      const verdict = n === 1 ? t("Solution unique", "Unique solution") : tr(report.problems?.[0]) || fallback;
      status.append(h("p", { id: "editor-verdict", class: n === 1 ? "editor-ok" : "editor-error", dataset: { solutions: String(n) } },
        n === 1 ? "✔ " : "✘ ", verdict));
      if (report.unique && report.no_guess) {
        const level = levels[String(report.difficulty)];
        status.append(h("p", { id: "editor-no-guess", class: "editor-ok" }, "✔ ",
          t(`Sans deviner — niveau « ${level ? tr(level) : report.difficulty} », ${report.steps} étapes`,
            `No guessing — level “${level ? tr(level) : report.difficulty}”, ${report.steps} steps`)));
      } else if (report.unique && report.stuck) {
        status.append(h("p", { id: "editor-stuck", class: "editor-error" }, "✘ ",
          t("Il faut deviner. ", "A guess is needed. "), tr(report.stuck.message),
          Object.keys(report.stuck.placed || {}).length ? t(" Cases entourées : qui est déjà placé à ce moment.", " Ringed cells: who is placed by then.") : ""));
      }
      const killer = draft.people.find((p) => p.id === report.murderer);
      if (killer) status.append(h("p", { id: "editor-murderer" }, t(`L'assassin : ${killer.name}`, `The murderer: ${killer.name}`)));
    }
    if (report.ok) status.append(h("p", { class: "editor-ok", id: "editor-ready" }, t("Prête à partager.", "Ready to share.")));
  }

  /** The other boards: the solver's answer when unique (to compare with yours), a second one when not unique. */
  function drawOther() {
    clear(other);
    if (!readable()) return;
    let placement = null, caption = "", id = "";
    if (report.solutions === 2 && report.witness) {
      placement = report.witness;
      id = "editor-witness";
      caption = t("Une autre solution possible : ajoutez un indice qui l'exclut.", "Another possible solution: add a clue that rules it out.");
    } else if (report.unique && report.solution && !draft.people.every((p) => sameCell(draft.placed[p.id], report.solution[p.id]))) {
      placement = report.solution;
      id = "editor-solution";
      caption = t("La solution (vous pouvez la reprendre comme réponse prévue).", "The solution (you may take it as your intended answer).");
    }
    if (!placement) return;
    const mini = s("svg", { class: "board murder-board editor-mini", role: "img", "aria-label": caption, id });
    drawCase(mini, { tokens: placement, interactive: false });
    other.append(h("figure", {}, mini, h("figcaption", {}, caption,
      id === "editor-solution" ? h("button", { type: "button", id: "editor-take-solution", on: { click: () => {
        draft.placed = { ...placement };
        commit();
      } } }, t("Reprendre", "Take it")) : null)));
  }

  // --- drawing ----------------------------------------------------------------------------------------------
  function drawAll() {
    keepFocus(section, () => {
      drawTools();
      drawBoard();
      drawRooms();
      drawKinds();
      drawPeople();
      drawClues();
      drawStatus();
      if (report) drawOther(); // while checking, the last boards stay (no jump at every edit)
      markErrors();
    });
    undoButton.disabled = !undoList.length;
  }

  function drawTools() {
    for (const item of toolbar.children) item.setAttribute("aria-checked", String(item.dataset.tool === ui.tool));
    board.classList.toggle("painting", ui.tool === "rooms"); // a finger drags to paint; with other tools it scrolls
    help.textContent = t(...TOOL_HELP[ui.tool]) + t(...KEYS_HELP);
    clear(palette);
    palette.setAttribute("aria-label", t("choix de l'outil", "tool choice"));
    const chip = (selected, label, data, click, swatch = null) => h("button", { type: "button", class: ["chip", data.kind && "kind-chip"],
      "aria-pressed": String(selected), dataset: data, on: { click } }, swatch, label);
    if (ui.tool === "rooms") {
      draft.rooms.forEach((room, i) => palette.append(chip(room.id === ui.paintRoom, `${room.id} · ${tr(room.name)}`, { paint: room.id },
        () => { ui.paintRoom = room.id; drawTools(); }, h("span", { class: "swatch", style: { background: PALETTE[i % PALETTE.length] } }))));
    } else if (ui.tool === "objects") {
      // chips on a wide screen, one menu on a phone (18 chips would push the board out of sight)
      const menu = h("select", { id: "editor-kind-menu", class: "palette-menu", "aria-label": t("objet à poser", "object to put"),
        on: { change: (e) => { ui.placeKind = e.target.value; drawTools(); } } });
      for (const [standable, fr, en] of [[true, "On peut s'y tenir", "One may stand on"], [false, "Bloque sa case", "Blocks its cell"]]) {
        const kinds = allKinds(draft).filter((key) => kindStandable(draft, key) === standable);
        palette.append(h("span", { class: "palette-group" }, h("span", { class: "palette-label" }, t(`${fr} :`, `${en}:`)),
          kinds.map((key) => chip(key === ui.placeKind, kindName(draft, key), { kind: key }, () => { ui.placeKind = key; drawTools(); }))));
        menu.append(h("optgroup", { label: t(fr, en) }, kinds.map((key) => h("option", { value: key }, kindName(draft, key)))));
      }
      menu.value = ui.placeKind;
      palette.append(menu);
    } else if (ui.tool === "people") {
      if (!draft.people.length) palette.append(h("span", { class: "muted" }, t("Ajoutez des personnes (à droite).", "Add people (on the right).")));
      for (const p of draft.people) {
        palette.append(chip(p.id === ui.placePerson, `${p.gender === "f" ? "♀" : "♂"} ${p.name}${draft.placed[p.id] ? ` · ${cellText(draft.placed[p.id])}` : ""}`,
          { place: p.id }, () => { ui.placePerson = p.id; drawTools(); }));
      }
    }
  }

  /** Room colours in list order: a room keeps its colour while cells are painted. */
  function colourOf(roomId) {
    const index = draft.rooms.findIndex((room) => room.id === roomId);
    return index < 0 ? "#ddd" : PALETTE[index % PALETTE.length];
  }

  function drawBoard() {
    const stuck = report?.unique && report.stuck ? report.stuck.placed : null;
    const marked = new Set();
    const field = report?.format_error?.field || "";
    const object = /^objects\[(\d+)\]/.exec(field);
    if (object && draft.objects[Number(object[1])]) marked.add(String(draft.objects[Number(object[1])].cell));
    if (field === "solution") {
      // the people the reason names (« Bruno et Alice partagent une rangée »), else everyone placed
      const reason = `${report.format_error.reason?.fr ?? ""} ${report.format_error.reason?.en ?? ""}`;
      const named = draft.people.filter((p) => draft.placed[p.id] && p.name
        && new RegExp(`(^|[^\\p{L}])${p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(reason));
      (named.length ? named : draft.people).forEach((p) => { if (draft.placed[p.id]) marked.add(String(draft.placed[p.id])); });
    }
    drawCase(board, { tokens: draft.placed, interactive: true, stuck, marked });
    rove();
  }

  /** Draw the case on svg: rooms, walls, objects; tokens at their cells; stuck cells and marked cells ringed. */
  function drawCase(svg, { tokens, interactive, stuck = null, marked = new Set() }) {
    const n = draft.size;
    const objects = new Map(draft.objects.map((o) => [String(o.cell), o]));
    const who = new Map(draft.people.filter((p) => tokens[p.id]).map((p) => [String(tokens[p.id]), p]));
    const stuckAt = new Map(Object.entries(stuck || {}).map(([pid, cell]) => [String(cell), pid]));
    clear(svg);
    svg.setAttribute("viewBox", `${-LABEL} ${-LABEL} ${n * CELL + LABEL + 4} ${n * CELL + LABEL + 4}`);
    if (interactive) svg.setAttribute("aria-label", t("Plan de la maison : une case par bouton", "Map of the house: one button a cell"));
    for (let i = 0; i < n; i += 1) {
      svg.append(s("text", { x: i * CELL + CELL / 2, y: -10, class: "axis-label" }, `C${i + 1}`),
        s("text", { x: -LABEL / 2, y: i * CELL + CELL / 2 + 5, class: "axis-label" }, `R${i + 1}`));
    }
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        const key = `${r},${c}`;
        const roomId = draft.grid[r]?.[c];
        const room = draft.rooms.find((item) => item.id === roomId);
        const thing = objects.get(key);
        const person = who.get(key);
        const x = c * CELL, y = r * CELL;
        const group = s("g", { class: ["cell", marked.has(key) && "editor-marked", stuckAt.has(key) && "stuck"], dataset: { cell: key } },
          s("rect", { x, y, width: CELL, height: CELL, fill: colourOf(roomId), class: "cell-floor" }),
          s("text", { x: x + 4, y: y + 13, class: "room-letter" }, roomId));
        if (thing) {
          const blocking = !kindStandable(draft, thing.kind);
          group.append(s("text", { x: x + CELL / 2, y: y + CELL - 8, class: ["object", blocking && "blocking"] }, kindName(draft, thing.kind)));
          if (blocking) group.append(s("path", { d: `M${x + 6},${y + 6} L${x + CELL - 6},${y + CELL - 6} M${x + CELL - 6},${y + 6} L${x + 6},${y + CELL - 6}`, class: "blocked-cross" }));
        }
        if (person) {
          group.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2 - 4, r: 19, class: ["token", person.victim && "victim", person.gender === "f" ? "woman" : "man"] }),
            s("text", { x: x + CELL / 2, y: y + CELL / 2 + 1, class: "token-label" }, person.name.slice(0, 2)));
        } else if (stuckAt.has(key)) {
          const pid = stuckAt.get(key);
          const p = draft.people.find((item) => item.id === pid);
          group.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 1, class: "stuck-label" }, (p?.name || pid).slice(0, 2)));
        }
        const words = [cellText([r, c]), room ? `${room.preposition} ${tr(room.name)}` : roomId, thing && kindName(draft, thing.kind),
          person && person.name, stuckAt.has(key) && t(`placé(e) quand la logique bloque : ${stuckAt.get(key)}`, `placed when logic gets stuck: ${stuckAt.get(key)}`)];
        const label = words.filter(Boolean).join(", ");
        if (interactive) activatable(group, label, () => onCell([r, c]));
        else tip(group, label);
        svg.append(group);
      }
    }
    const walls = [];
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        if (c + 1 < n && draft.grid[r][c] !== draft.grid[r][c + 1]) walls.push(`M${(c + 1) * CELL},${r * CELL} v${CELL}`);
        if (r + 1 < n && draft.grid[r][c] !== draft.grid[r + 1][c]) walls.push(`M${c * CELL},${(r + 1) * CELL} h${CELL}`);
      }
    }
    svg.append(s("path", { d: walls.join(" "), class: "walls" }), s("rect", { x: 0, y: 0, width: n * CELL, height: n * CELL, class: "outer-wall" }));
    // rings on top of every cell and wall (a cell's own outline would hide under its neighbours)
    for (const [keys, ring] of [[marked, "marked-ring"], [new Set(stuckAt.keys()), "stuck-ring"]]) {
      for (const key of keys) {
        const [r, c] = key.split(",").map(Number);
        svg.append(s("rect", { x: c * CELL + 5, y: r * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 4, class: ["cell-ring", ring] }));
      }
    }
  }

  /** A labelled control of a row: the label is read by screen readers, shown only where there is room. */
  function control(labelText, element) {
    return h("label", { class: "editor-control" }, h("span", { class: "control-name" }, labelText), element);
  }

  function select(id, options, value, onChange) {
    const known = options.some(([v]) => v === value);
    const element = h("select", { id, on: { change: (e) => onChange(e.target.value) } },
      known ? null : h("option", { value: value ?? "" }, t(`(inconnu : ${value ?? "—"})`, `(unknown: ${value ?? "—"})`)),
      options.map(([v, text]) => h("option", { value: v }, text)));
    element.value = value ?? "";
    return element;
  }

  function drawRooms() {
    clear(roomsList);
    draft.rooms.forEach((room, i) => {
      const cells = draft.grid.flat().filter((id) => id === room.id).length;
      roomsList.append(h("li", { class: "editor-row room-row", dataset: { field: `rooms[${i}]`, room: room.id } },
        h("span", { class: "row-head" }, h("span", { class: "swatch", style: { background: PALETTE[i % PALETTE.length] } }),
          h("strong", {}, room.id), h("span", { class: "muted" }, ` ${t(`${cells} case${cells > 1 ? "s" : ""}`, `${cells} cell${cells === 1 ? "" : "s"}`)}`),
          h("button", { type: "button", class: "quiet remove", disabled: draft.rooms.length < 2, "aria-label": t(`Supprimer la pièce ${room.id}`, `Delete room ${room.id}`),
            on: { click: () => removeRoom(i) } }, "✕")),
        control(t("Nom (FR)", "Name (FR)"), h("input", { value: room.name.fr, maxLength: MAX_NAME, id: `room-${room.id}-fr`,
          on: { input: (e) => { room.name.fr = e.target.value; typed(); }, change: textDone } })),
        control(t("Nom (EN)", "Name (EN)"), h("input", { value: room.name.en, maxLength: MAX_NAME, id: `room-${room.id}-en`,
          on: { input: (e) => { room.name.en = e.target.value; typed(); }, change: textDone } })),
        control(t("Préposition", "Preposition"), select(`room-${room.id}-prep`, [["dans", t("dans", "dans (in)")], ["sur", t("sur", "sur (on)")]],
          room.preposition, (v) => { room.preposition = v; commit(); })),
        control(t("Sol", "Floor"), select(`room-${room.id}-floor`, FLOORS.map(([key, fr, en]) => [key, t(fr, en)]), room.floor,
          (v) => { room.floor = v; commit(); })),
        h("p", { class: "row-error" })));
    });
    section.querySelector("#editor-add-room").disabled = draft.rooms.length >= MAX_ROOMS;
  }

  function drawKinds() {
    clear(kindsList);
    const icons = KINDS.map(([fr, en]) => [en, t(fr, en)]); // the format's ICON_SHAPES: the built-in kinds' pictures
    draft.object_kinds.forEach((kind, i) => {
      const name = kind.name;
      const refused = refusedNames.get(kind);
      const reason = refused === undefined ? null : kindNameProblem(kind, refused); // null: the name has become free
      if (!reason) refusedNames.delete(kind);
      const problem = h("p", { class: "kind-problem", id: `kind-${i}-problem` }, reason || "");
      const french = h("input", { value: reason ? refused : text(name.fr), maxLength: MAX_KIND_TEXT, id: `kind-${i}-fr`,
        "aria-describedby": `kind-${i}-problem`, on: { input: (e) => {
          const reason = renameKind(kind, e.target.value);
          problem.textContent = reason || "";
          french.setAttribute("aria-invalid", String(Boolean(reason)));
          if (!reason) typed();
        }, change: textDone } });
      french.setAttribute("aria-invalid", String(Boolean(problem.textContent)));
      kindsList.append(h("li", { class: "editor-row kind-row", dataset: { field: `object_kinds[${i}]`, kind: kind.id } },
        h("span", { class: "row-head" }, h("strong", {}, t(`Objet ${i + 1}`, `Object ${i + 1}`)), " ", tr(name),
          h("span", { class: "muted" }, ` ${draft.objects.filter((o) => o.kind === kind.id).length} ${t("posé(s)", "placed")}`),
          h("button", { type: "button", class: "quiet remove", "aria-label": t(`Supprimer l'objet ${tr(name)}`, `Delete object ${tr(name)}`),
            on: { click: () => removeKind(i) } }, "✕")),
        control(t("Nom (FR)", "Name (FR)"), french),
        control(t("Nom (EN)", "Name (EN)"), h("input", { value: text(name.en), maxLength: MAX_KIND_TEXT, id: `kind-${i}-en`,
          on: { input: (e) => { name.en = e.target.value; typed(); }, change: textDone } })),
        control(t("Usage", "Use"), select(`kind-${i}-use`, [["stand", t("on s'y tient", "one stands on it")],
          ["block", t("bloque sa case", "blocks its cell")]], kind.standable === true ? "stand" : kind.standable === false ? "block" : undefined,
        (v) => { kind.standable = v === "stand"; commit(); })),
        control(t("Dessin", "Picture"), select(`kind-${i}-icon`, icons, kind.icon, (v) => { kind.icon = v; commit(); })),
        h("label", { class: "choice" }, h("input", { type: "checkbox", id: `kind-${i}-feminine`, checked: kind.feminine === true,
          on: { change: (e) => { kind.feminine = e.target.checked; commit(); } } }), t("féminin (« une »)", "feminine in French (« une »)")),
        problem, h("p", { class: "row-error" })));
    });
    section.querySelector("#editor-add-kind").disabled = draft.object_kinds.length >= MAX_OWN_KINDS;
  }

  function drawPeople() {
    clear(peopleList);
    peopleCount.textContent = `${draft.people.length} / ${draft.size}`;
    draft.people.forEach((p, i) => {
      peopleList.append(h("li", { class: "editor-row person-row", dataset: { field: `people[${i}]`, person: p.id } },
        control(t("Nom", "Name"), h("input", { value: p.name, maxLength: MAX_NAME, id: `person-${i}-name`,
          on: { input: (e) => { rename(p, e.target.value); typed(); }, change: textDone } })),
        control(t("Genre", "Gender"), select(`person-${i}-gender`, [["f", t("femme", "woman")], ["m", t("homme", "man")]], p.gender,
          (v) => { p.gender = v; commit(); })),
        h("label", { class: "choice victim-choice" }, h("input", { type: "radio", name: "editor-victim", checked: Boolean(p.victim), id: `person-${i}-victim`,
          on: { change: () => { draft.people.forEach((other) => { other.victim = other === p; }); commit(); } } }), t("victime", "victim")),
        h("span", { class: "muted placed" }, draft.placed[p.id] ? cellText(draft.placed[p.id]) : ""),
        h("button", { type: "button", class: "quiet remove", "aria-label": t(`Supprimer ${p.name}`, `Delete ${p.name}`),
          on: { click: () => removePerson(i) } }, "✕"),
        h("p", { class: "row-error" })));
    });
    section.querySelector("#editor-add-person").disabled = draft.people.length >= draft.size;
  }

  function drawClues() {
    clear(cluesList);
    const rooms = draft.rooms.map((room) => [room.id, `${room.id} · ${tr(room.name)}`]);
    const rows = Array.from({ length: draft.size }, (_, i) => [String(i), t(`rangée ${i + 1}`, `row ${i + 1}`)
      + (i === 0 ? t(" (haut)", " (top)") : i === draft.size - 1 ? t(" (bas)", " (bottom)") : "")]);
    const columns = Array.from({ length: draft.size }, (_, i) => [String(i), t(`colonne ${i + 1}`, `column ${i + 1}`)
      + (i === 0 ? t(" (gauche)", " (left)") : i === draft.size - 1 ? t(" (droite)", " (right)") : "")]);
    draft.clues.forEach((clue, i) => {
      const kind = CLUE_KINDS.find((k) => k[0] === clue.kind) || [clue.kind, "", "", []]; // an unknown kind: no menus
      const set = (change) => { draft.clues[i] = withFields({ ...clue, ...change }); commit(); };
      const fields = kind[3].map((field) => {
        if (field === "room") return control(t("Pièce", "Room"), select(`clue-${i}-room`, rooms, clue.room, (v) => set({ room: v })));
        if (field === "row") return control(t("Rangée", "Row"), select(`clue-${i}-index`, rows, String(clue.index), (v) => set({ index: Number(v) })));
        if (field === "column") return control(t("Colonne", "Column"), select(`clue-${i}-index`, columns, String(clue.index), (v) => set({ index: Number(v) })));
        if (field === "gender") {
          return control(t("Avec un(e) autre", "With one other"), select(`clue-${i}-gender`, [["m", t("homme", "man")], ["f", t("femme", "woman")]],
            clue.gender, (v) => set({ gender: v })));
        }
        const fits = allKinds(draft).filter((k) => field === "object" || kindStandable(draft, k));
        return control(t("Objet", "Object"), select(`clue-${i}-object`, fits.map((k) => [k, kindName(draft, k)]), clue.object, (v) => set({ object: v })));
      });
      cluesList.append(h("li", { class: "editor-row clue-row", dataset: { field: `clues[${i}]` } },
        h("span", { class: "row-head" }, h("strong", {}, t(`Indice ${i + 1}`, `Clue ${i + 1}`)),
          h("span", { class: "clue-order" },
            h("button", { type: "button", class: "quiet", id: `clue-${i}-up`, disabled: i === 0,
              "aria-label": t(`Monter l'indice ${i + 1}`, `Move clue ${i + 1} up`), on: { click: () => moveClue(i, -1) } }, "↑"),
            h("button", { type: "button", class: "quiet", id: `clue-${i}-down`, disabled: i === draft.clues.length - 1,
              "aria-label": t(`Descendre l'indice ${i + 1}`, `Move clue ${i + 1} down`), on: { click: () => moveClue(i, 1) } }, "↓")),
          h("button", { type: "button", class: "quiet remove", "aria-label": t(`Supprimer l'indice ${i + 1}`, `Delete clue ${i + 1}`),
            on: { click: () => { draft.clues.splice(i, 1); commit(); } } }, "✕")),
        control(t("Qui", "Who"), select(`clue-${i}-person`, draft.people.map((p) => [p.id, p.name]), clue.person, (v) => set({ person: v }))),
        control(t("Sorte", "Kind"), select(`clue-${i}-kind`, CLUE_KINDS.map(([k, fr, en]) => [k, t(fr, en)]), clue.kind, (v) => set({ kind: v }))),
        fields,
        h("p", { class: "clue-text", id: `clue-${i}-text` }),
        h("p", { class: "row-error" })));
    });
    section.querySelector("#editor-add-clue").disabled = !draft.people.length || draft.clues.length >= MAX_CLUES;
    drawClueTexts();
  }

  /** What a clue's sentence depends on: the clue, its person's gender, the room or object it names, the size. */
  function sentenceKey(clue) {
    return JSON.stringify([clue, draft.people.find((p) => p.id === clue.person)?.gender,
      draft.rooms.find((room) => room.id === clue.room) || null, draft.object_kinds.find((kind) => kind.id === clue.object) || null,
      draft.size]);
  }

  /** Each clue's sentence as the server writes it on the card. While the case cannot be read, a clue keeps
   * the sentence it had if nothing it depends on changed since. ``fresh``: the answer was just received
   * (only then is it known to be about the clues as they are now). */
  function drawClueTexts(fresh = false) {
    if (fresh && readable() && report.clue_texts) {
      draft.clues.forEach((clue, i) => { if (report.clue_texts[i]) sentences.set(sentenceKey(clue), report.clue_texts[i]); });
    }
    draft.clues.forEach((clue, i) => {
      const element = cluesList.querySelector(`#clue-${i}-text`);
      if (!element) return;
      const known = sentences.get(sentenceKey(clue));
      const sentence = known ? tr(known) : null;
      element.classList.toggle("muted", !sentence);
      element.textContent = sentence ? `« ${sentence} »` : report
        ? t("(la phrase s'affiche quand l'enquête est lisible)", "(the sentence shows once the case is readable)") : "…";
    });
  }

  /** An own kind's field the server names (object_kinds[2].icon) is marked on its control, as the client's own
   * checks mark the French name. */
  function markKindField(field) {
    const found = /^object_kinds\[(\d+)\]\.(\w+)/.exec(field || "");
    if (!found) return;
    const [i, name] = [found[1], found[2]];
    const kind = draft.object_kinds[Number(i)];
    const part = name === "name" ? (kind && !text(kind.name?.fr).trim() ? "fr" : "en")
      : { id: "fr", standable: "use", icon: "icon", feminine: "feminine" }[name];
    const element = part && section.querySelector(`#kind-${i}-${part}`);
    if (!element) return;
    element.classList.add("editor-kinds-invalid");
    element.setAttribute("aria-invalid", "true");
  }

  /** The format error's row gets the message and a ring (and the field the screen reader announces). */
  function markErrors() {
    for (const row of section.querySelectorAll(".editor-invalid")) row.classList.remove("editor-invalid");
    for (const input of section.querySelectorAll(".editor-kinds-invalid")) {
      input.classList.remove("editor-kinds-invalid");
      input.removeAttribute("aria-invalid");
    }
    markKindField(report?.format_error?.field);
    for (const slot of section.querySelectorAll(".row-error")) slot.textContent = "";
    const field = report?.format_error?.field;
    const target = pointedRow(field);
    if (!target) return;
    const row = section.querySelector(`[data-field="${target}"]`);
    if (!row) return;
    row.classList.add("editor-invalid");
    const slot = row.querySelector(":scope > .row-error");
    if (slot) slot.textContent = `${fieldLabel(field)} — ${tr(report.format_error.reason)}`;
  }

  // --- rooms, files, print -----------------------------------------------------------------------------------
  function roomOptions() {
    return { case: caseDocument(draft, false) }; // the answer stays out of the room: a spectator reads its options
  }

  function playCase() {
    ctx.start({ options: roomOptions() });
  }

  /** A room with the case (its link: the designer's own game, others watch it) and the case's own link
   * (whoever opens it solves the case in a room of their own). */
  async function shareCase() {
    const options = roomOptions();
    const [room, packed] = await Promise.all([ctx.share(options), packCase(options.case).catch(() => null)]);
    if (!room) return;
    const base = room.link.slice(0, room.link.indexOf("#"));
    sharedLink = { room: room.link, case: packed && `${base}#/shared/murder/${packed}` }; // no deflate in this browser: no case link
    drawShare();
  }

  function linkField(id, link, label) {
    const field = h("input", { id, readOnly: true, value: link, "aria-label": label });
    return h("div", { class: "share" }, field,
      h("button", { type: "button", id: `${id}-copy`, on: { click: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(link);
          ctx.toast(t("Lien copié", "Link copied"));
        } catch {
          ctx.toast(t("Copiez le lien sélectionné", "Copy the selected link"));
        }
      } } }, t("Copier", "Copy")));
  }

  function drawShare() {
    shareBox.hidden = !sharedLink;
    if (!sharedLink) return;
    clear(shareBox).append(
      sharedLink.case ? h("p", {}, h("strong", {}, t("Lien à envoyer", "Link to send")), " — ",
        t("chacun résout l'enquête dans sa propre salle :", "everyone solves the case in a room of their own:")) : null,
      sharedLink.case ? linkField("editor-case-link", sharedLink.case, t("Lien de l'enquête", "Link of the case")) : null,
      h("p", {}, h("strong", {}, t("Votre salle", "Your room")), " — ",
        t("vous la jouez (aussi depuis « Reprendre ») ; qui ouvre ce lien vous regarde :",
          "you play it (also from « Resume »); whoever opens this link watches you:"),
        " ", h("a", { href: sharedLink.room.slice(sharedLink.room.indexOf("#")) }, t("ouvrir", "open"))),
      linkField("editor-share-link", sharedLink.room, t("Lien de la salle", "Room link")));
  }

  /** The file name of an export: the title in plain letters, the size, ``ending`` (".murder.json", "-a4.pdf"). */
  function fileName(ending = ".murder.json") {
    const title = (draft.title.fr || draft.title.en || t("enquete", "case")).normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "case";
    return `${title}-${draft.size}x${draft.size}${ending}`;
  }

  function download(blob, name) {
    const link = h("a", { href: URL.createObjectURL(blob), download: name });
    section.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  function exportFile() {
    download(new Blob([`${JSON.stringify(caseDocument(draft), null, 1)}\n`], { type: "application/json" }), fileName());
  }

  async function importFile() {
    const file = fileInput.files && fileInput.files[0];
    fileInput.value = "";
    if (!file) return;
    let read = null;
    try {
      const data = JSON.parse(await file.text());
      read = data && data.format === CASE_FORMAT ? draftFrom(data) : null;
    } catch {
      read = null;
    }
    if (!read) {
      ctx.toast(t(`${file.name} : pas une enquête (« ${CASE_FORMAT} », taille de ${MIN_SIZE} à ${MAX_SIZE}).`,
        `${file.name}: not a case ('${CASE_FORMAT}', size ${MIN_SIZE} to ${MAX_SIZE}).`), "error");
      return;
    }
    draft = read;
    ui.placePerson = null;
    syncInputs();
    commit();
  }

  /** The sheet ``meeple murder render`` makes, from the server (its PDF on the chosen paper, downloaded); when
   * the server has no PDF part (« missing_part »), this page's own print view. */
  async function printCase() {
    if (!readable()) return;
    printButton.disabled = true;
    printButton.setAttribute("aria-busy", "true");
    try {
      const sheet = await ctx.catalog("print", { case: caseDocument(draft), format: "pdf", paper: ui.paper, lang: lang(),
        answer: ui.printAnswer });
      const bytes = Uint8Array.from(atob(sheet.pdf), (c) => c.charCodeAt(0));
      download(new Blob([bytes], { type: "application/pdf" }), fileName(`-${sheet.paper}.pdf`));
      ctx.toast(t(`PDF prêt (${sheet.paper === "a4" ? "A4" : "Letter"}) : ouvrez-le pour l'imprimer.`,
        `PDF ready (${sheet.paper === "a4" ? "A4" : "Letter"}): open it to print.`));
    } catch (error) {
      if (error?.code !== "missing_part") {
        ctx.toast(error?.bilingual ? tr(error.bilingual) : String(error?.message || error), "error");
        return;
      }
      ctx.toast(t("Pas de PDF sur ce serveur : impression de la page.", "No PDF on this server: printing the page."));
      printPage();
    } finally {
      printButton.removeAttribute("aria-busy");
      printButton.disabled = !readable();
    }
  }

  /** This page's print view: the board (the answer on it if asked), the rooms and objects, every card. */
  function printPage() {
    const sheet = s("svg", { class: "board murder-board print-board", role: "img", "aria-label": t("Plan de la maison", "Map of the house") });
    drawCase(sheet, { tokens: ui.printAnswer && report.solution ? report.solution : {}, interactive: false });
    const victimLine = (p) => (p.victim ? t("La victime. Elle était seule avec l'assassin.",
      `The victim. ${p.gender === "f" ? "She" : "He"} was alone with the murderer.`) : null);
    const kinds = [...new Set(draft.objects.map((o) => o.kind))];
    clear(printView).append(
      h("h1", {}, tr(draft.title.fr || draft.title.en ? caseDocument(draft).title : { fr: "Enquête", en: "Case" }),
        ` — ${draft.size}×${draft.size}`),
      sheet,
      h("ul", { class: "room-legend" }, draft.rooms.map((room, i) => h("li", {}, h("span", { class: "swatch", style: { background: PALETTE[i % PALETTE.length] } }),
        `${capitalised(tr(room.name))} — ${t(...(FLOORS.find((f) => f[0] === room.floor) || [0, room.floor, room.floor]).slice(1))}`))),
      [[true, "On peut s'y tenir : ", "One may stand on: "], [false, "Bloque sa case : ", "Blocks its cell: "]].map(([standable, fr, en]) => {
        const names = kinds.filter((k) => kindStandable(draft, k) === standable).map((k) => kindName(draft, k));
        return names.length ? h("p", { class: "print-objects" }, t(fr, en), names.join(", ")) : null;
      }),
      h("ul", { class: "murder-cards" }, draft.people.map((p) => h("li", { class: ["murder-card", p.victim && "victim"] },
        h("strong", {}, `${p.gender === "f" ? "♀" : "♂"} ${p.name}`),
        h("ul", { class: "clues" }, victimLine(p) ? h("li", {}, victimLine(p)) : null,
          draft.clues.map((clue, i) => (clue.person === p.id && report.clue_texts?.[i] ? h("li", {}, tr(report.clue_texts[i])) : null)))))));
    window.print();
  }

  drawAll();
  schedule();
  return {
    destroy() {
      clearTimeout(timer);
      asked += 1; // an answer still on its way is dropped
      window.removeEventListener("pointerup", stopPainting);
    },
  };
}
