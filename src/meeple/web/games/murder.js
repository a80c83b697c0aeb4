// Sudoku Murder: the case board with its rooms, floors and objects; the people's cards with their clues;
// place and remove people, pencil marks, check, hint (the next logical step, explained), print, new case;
// a clock (hideable), automatic notes, errors shown (off in « défi »), the daily case and its result line.
import { activatable, add, clear, h, keepFocus, s, tip } from "../dom.js";
import { t, tr } from "../i18n.js";
import { stageOf } from "../layout.js";
import { autoNotes, clockText, effective, loadPrefs, roomClock, savePrefs, shareLine, wrongPeople } from "./murder-comforts.js";

const CELL = 64;
const LABEL = 30; // the margin of the row and column labels

async function setup(root, ctx) {
  const choices = await ctx.catalog("difficulties");
  const size = h("select", { id: "case-size" }, choices.sizes.map((n) => h("option", { value: n }, `${n} × ${n}`)));
  size.value = "6";
  const difficulty = h("select", { id: "case-difficulty" },
    choices.difficulties.map((d) => h("option", { value: d.key }, capitalised(tr(d.title)))));
  root.append(h("p", {}, t("Une nouvelle enquête, prouvée unique et soluble sans deviner.",
    "A new case, proven unique and solvable without guessing.")),
  h("label", { for: "case-size" }, t("Taille du plateau", "Board size")), size,
  h("label", { for: "case-difficulty" }, t("Difficulté", "Difficulty")), difficulty,
  h("p", { class: "create-case" }, h("a", { class: "button", href: "#/edit/murder", id: "create-case" }, t("Créer une enquête", "Create a case")),
    " ", h("span", { class: "muted" }, t("Dessinez les pièces, écrivez les indices : l'éditeur vérifie à chaque pas.",
      "Draw the rooms, write the clues: the editor checks at every step."))));
  const daily = h("div", { class: "daily-case", id: "daily-case" });
  root.append(daily);
  ctx.catalog("daily").then((today) => {
    daily.append(h("button", { type: "button", id: "daily-start", on: { click: () => ctx.start({ options: today.options }) } },
      t("Enquête du jour", "Daily case")), " ", h("span", { class: "muted" }, `${today.date} — ${today.size} × ${today.size}, ${tr(today.level)}`));
    if (location.hash.endsWith("/daily")) ctx.start({ options: today.options }); // the lobby's link
  }).catch(() => {});
  return () => ({ options: { size: Number(size.value), difficulty: Number(difficulty.value) } });
}

/** « 1 place », « 3 places » / "1 place", "3 places". */
function places(count) {
  return t(`${count} place${count > 1 ? "s" : ""}`, `${count} place${count === 1 ? "" : "s"}`);
}

/** "la Bibliothèque" → "La Bibliothèque": a legend line starts with a capital. */
function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function cellKey(cell) {
  return `${cell[0]},${cell[1]}`;
}

/** Well-separated floor colours: neighbouring rooms always get two different ones (see roomColours). */
export const PALETTE = ["#f2d49b", "#bcd7f0", "#c8e6b8", "#f1c3cf", "#d9c8ef", "#f6e8a6", "#bfe3df", "#e6d3bf"];

/**
 * A colour per room such that no two neighbouring rooms (sharing a cell edge) share one: a greedy graph
 * colouring of the room adjacency, most-connected rooms first (a map of rooms needs at most a handful;
 * the palette has eight, so that rooms far apart also differ while it lasts).
 */
export function roomColours(grid) {
  const neighbours = new Map();
  const link = (a, b) => {
    if (a === b) return;
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a).add(b);
    neighbours.get(b).add(a);
  };
  grid.forEach((row, r) => row.forEach((room, c) => {
    if (!neighbours.has(room)) neighbours.set(room, new Set());
    if (c + 1 < row.length) link(room, row[c + 1]);
    if (r + 1 < grid.length) link(room, grid[r + 1][c]);
  }));
  const order = [...neighbours.keys()].sort((a, b) => neighbours.get(b).size - neighbours.get(a).size || String(a).localeCompare(String(b)));
  const colours = new Map();
  const uses = new Map(PALETTE.map((colour) => [colour, 0]));
  for (const room of order) {
    const used = new Set([...neighbours.get(room)].map((other) => colours.get(other)));
    // among the colours no neighbour has, the least used: every room its own colour while the palette lasts
    const free = PALETTE.filter((colour) => !used.has(colour));
    const colour = free.length ? free.reduce((best, c) => (uses.get(c) < uses.get(best) ? c : best)) : PALETTE[colours.size % PALETTE.length];
    colours.set(room, colour);
    uses.set(colour, uses.get(colour) + 1);
  }
  return colours;
}

function mount(root, ctx) {
  let state = null;
  let selected = null;
  let pencil = false;
  let hintCells = [];
  const marksKey = `meeple.murder.marks.${ctx.code}`;
  let marks = JSON.parse(localStorage.getItem(marksKey) || "{}");
  let prefs = loadPrefs();
  const clock = roomClock(ctx.code);
  const board = s("svg", { class: "board murder-board", role: "group" });
  const report = h("div", { class: "murder-report", id: "murder-report", "aria-live": "polite" });
  const tools = h("div", { class: "murder-tools no-print" });
  const cards = h("ul", { class: "murder-cards", id: "murder-cards" });
  const legend = h("ul", { class: "room-legend" });
  const timer = h("span", { class: "murder-timer", id: "murder-timer", role: "timer" });
  const comforts = h("fieldset", { class: "murder-comforts no-print", id: "murder-comforts" });
  const share = h("div", { class: "murder-share", id: "murder-share" });
  // the board alone in the stage's board area; what the player acts with beside it (under it on a phone,
  // in the bar stuck to the bottom of the screen): the clock and tools, the hint, the cards
  root.append(board);
  ctx.bar.append(h("div", { class: "murder-status" }, timer), tools, report, share, cards);
  // another case: with the details (under the board on a phone: not needed to act on this one)
  ctx.details.append(legend, comforts, h("p", {}, h("a", { class: "button quiet", href: "#/new/murder", id: "new-case" },
    t("Nouvelle enquête", "New case"))));
  const ticking = setInterval(drawTimer, 1000);

  const person = (id) => state.view.people.find((p) => p.id === id);
  const initials = (p) => p.name.slice(0, 2);
  const solvedOrOver = () => Boolean(state.outcome);

  function saveMarks() {
    localStorage.setItem(marksKey, JSON.stringify(marks));
  }

  function drawLegend() {
    clear(legend);
    const colours = roomColours(state.view.grid);
    for (const room of state.view.rooms) {
      legend.append(h("li", {}, h("span", { class: "swatch", style: { background: colours.get(room.id) } }),
        `${capitalised(tr(room.name))} — ${tr(room.floor_name)}`));
    }
  }

  /** Redraw everything; a keyboard player keeps the focus on the same cell, card or button. */
  function draw() {
    keepFocus(stageOf(root), () => {
      drawLegend();
      drawBoard();
      drawTools();
      drawCards();
      drawComforts();
      drawTimer();
    });
  }

  function drawTimer() {
    if (!state) return;
    timer.hidden = !prefs.timer;
    timer.textContent = `${t("Chrono", "Clock")} ${clockText(clock.seconds())}`;
  }

  /** The player's choices: show the clock, automatic notes, errors, « défi » (no notes, errors or hints). */
  function drawComforts() {
    clear(comforts);
    const toggle = (key, fr, en, disabled = false) => h("label", { class: "choice" },
      h("input", { type: "checkbox", id: `murder-show-${key}`, checked: Boolean(prefs[key]), disabled,
        on: { change: (event) => { prefs = { ...prefs, [key]: event.target.checked }; savePrefs(prefs); draw(); } } }),
      t(fr, en));
    comforts.append(h("legend", {}, t("Aides", "Helpers")),
      toggle("timer", "Afficher le chrono", "Show the clock"),
      toggle("notes", "Notes automatiques", "Automatic notes", prefs.challenge),
      toggle("errors", "Signaler les erreurs", "Show mistakes", prefs.challenge),
      toggle("challenge", "Défi : sans notes, erreurs ni indice", "Challenge: no notes, mistakes or hints"));
  }

  function drawBoard() {
    const view = state.view;
    const n = view.size;
    const rooms = new Map(view.rooms.map((room) => [room.id, room]));
    const objects = new Map(view.objects.map((o) => [cellKey(o.cell), o]));
    const occupant = new Map(view.people.filter((p) => p.cell).map((p) => [cellKey(p.cell), p]));
    const placedRows = new Set(view.people.filter((p) => p.cell).map((p) => p.cell[0]));
    const placedCols = new Set(view.people.filter((p) => p.cell).map((p) => p.cell[1]));
    const shown = effective(prefs);
    const notes = shown.notes && !solvedOrOver() ? autoNotes(view).cells : new Map();
    const wrong = shown.errors ? wrongPeople(view) : new Set();
    clear(board);
    // room for the row and column labels: R1… down the left, C1… along the top, as hints name cells (R3C4)
    board.setAttribute("viewBox", `${-LABEL} ${-LABEL} ${n * CELL + LABEL + 4} ${n * CELL + LABEL + 4}`);
    board.setAttribute("aria-label", t("Plan de la maison", "Map of the house"));
    const colours = roomColours(view.grid);
    for (let i = 0; i < n; i += 1) {
      board.append(s("text", { x: i * CELL + CELL / 2, y: -10, class: "axis-label" }, `C${i + 1}`),
        s("text", { x: -LABEL / 2, y: i * CELL + CELL / 2 + 5, class: "axis-label" }, `R${i + 1}`));
    }
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        const room = rooms.get(view.grid[r][c]);
        const object = objects.get(`${r},${c}`);
        const who = occupant.get(`${r},${c}`);
        const x = c * CELL, y = r * CELL;
        const group = s("g", { class: ["cell", object?.blocking && "blocked", hintCells.includes(`${r},${c}`) && "hinted",
          selected && !who && !object?.blocking && !placedRows.has(r) && !placedCols.has(c) && "free"], dataset: { cell: `${r},${c}` } },
        s("rect", { x, y, width: CELL, height: CELL, fill: colours.get(room.id), class: "cell-floor" }));
        if (object) {
          group.append(s("text", { x: x + CELL / 2, y: y + CELL - 8, class: ["object", object.blocking && "blocking"] }, tr(object.name)));
          if (object.blocking) group.append(s("path", { d: `M${x + 6},${y + 6} L${x + CELL - 6},${y + CELL - 6} M${x + CELL - 6},${y + 6} L${x + 6},${y + CELL - 6}`, class: "blocked-cross" }));
        }
        const penciled = solvedOrOver() ? [] : marks[`${r},${c}`] || [];
        if (penciled.length && !who) {
          group.append(s("text", { x: x + 4, y: y + 14, class: "pencil" }, penciled.join(" ")));
        }
        const noted = notes.get(`${r},${c}`);
        if (noted && !who) {
          group.append(s("text", { x: x + CELL - 4, y: y + 26, class: "auto-note" }, noted.join(" ")));
        }
        if (who) {
          group.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2 - 4, r: 19, class: ["token", who.victim && "victim", selected === who.id && "selected", who.gender === "f" ? "woman" : "man", wrong.has(who.id) && "wrong"] }),
            s("text", { x: x + CELL / 2, y: y + CELL / 2 + 1, class: "token-label" }, initials(who)));
        }
        const where = `R${r + 1}C${c + 1} (${t("rangée", "row")} ${r + 1}, ${t("colonne", "column")} ${c + 1}), ${tr(room.located)}${object ? `, ${tr(object.name)}` : ""}`;
        const label = who ? `${who.name} — ${where}` : where;
        if (solvedOrOver()) tip(group, label);
        else activatable(group, label, () => clickCell([r, c], who));
        board.append(group);
      }
    }
    // walls: a thick line wherever two neighbouring cells belong to different rooms, and round the house
    const walls = [];
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        if (c + 1 < n && view.grid[r][c] !== view.grid[r][c + 1]) walls.push(`M${(c + 1) * CELL},${r * CELL} v${CELL}`);
        if (r + 1 < n && view.grid[r][c] !== view.grid[r + 1][c]) walls.push(`M${c * CELL},${(r + 1) * CELL} h${CELL}`);
      }
    }
    board.append(s("path", { d: walls.join(" "), class: "walls" }), s("rect", { x: 0, y: 0, width: n * CELL, height: n * CELL, class: "outer-wall" }));
  }

  async function clickCell(cell, who) {
    const key = cellKey(cell);
    if (pencil) {
      if (!selected) {
        ctx.toast(t("Choisissez d'abord une personne.", "Choose a person first."));
        return;
      }
      const mark = initials(person(selected));
      const list = new Set(marks[key] || []);
      if (list.has(mark)) list.delete(mark); else list.add(mark);
      marks[key] = [...list];
      saveMarks();
      keepFocus(stageOf(root), drawBoard);
      return;
    }
    if (who) {
      selected = selected === who.id ? null : who.id;
      draw();
      return;
    }
    if (!selected) {
      ctx.toast(t("Choisissez d'abord une personne (sa carte ou son jeton).", "Choose a person first (their card or token)."));
      return;
    }
    const moving = person(selected);
    if (moving.cell && !(await ctx.play({ person: moving.id, cell: null }))) return;
    await ctx.play({ person: moving.id, cell });
  }

  function drawTools() {
    clear(tools);
    if (solvedOrOver()) {
      add(tools, h("button", { type: "button", id: "print", on: { click: printCase } }, t("Imprimer", "Print")),
        h("a", { class: "button primary", href: "#/new/murder" }, t("Nouvelle enquête", "New case")));
      return;
    }
    const chosen = selected ? person(selected) : null;
    add(tools,
      h("button", { type: "button", id: "pencil", "aria-pressed": String(pencil), on: { click: () => { pencil = !pencil; draw(); } } },
        t("Crayon", "Pencil")),
      chosen?.cell ? h("button", { type: "button", id: "remove", on: { click: () => ctx.play({ person: chosen.id, cell: null }) } },
        t(`Retirer ${chosen.name}`, `Remove ${chosen.name}`)) : null,
      h("button", { type: "button", id: "check", on: { click: check } }, t("Vérifier", "Check")),
      prefs.challenge ? null : h("button", { type: "button", id: "hint", on: { click: hint } }, t("Indice", "Hint")),
      h("button", { type: "button", id: "print", on: { click: printCase } }, t("Imprimer", "Print")),
      h("p", { class: "muted tool-help" }, pencil
        ? t("Crayon : choisissez une personne puis cliquez des cases pour y noter ses initiales.", "Pencil: choose a person, then click cells to note their initials.")
        : chosen ? t(`Cliquez une case pour y placer ${chosen.name}.`, `Click a cell to place ${chosen.name}.`)
          : t("Choisissez une personne, puis une case.", "Choose a person, then a cell.")));
  }

  function drawCards() {
    clear(cards);
    const shown = effective(prefs);
    const counts = shown.notes && !solvedOrOver() ? autoNotes(state.view).counts : new Map();
    const wrong = shown.errors ? wrongPeople(state.view) : new Set();
    for (const p of state.view.people) {
      const card = h("li", { class: ["murder-card", p.victim && "victim", selected === p.id && "selected", p.cell && "placed"], dataset: { person: p.id } },
        h("button", { type: "button", class: "card-name", "aria-pressed": String(selected === p.id), disabled: solvedOrOver(),
          on: { click: () => { selected = selected === p.id ? null : p.id; draw(); } } },
        `${p.gender === "f" ? "♀" : "♂"} ${p.name}`, p.cell ? h("span", { class: "muted" }, ` · ${t("placé", "placed")}`) : null,
        counts.has(p.id) ? h("span", { class: "muted candidates" }, ` · ${places(counts.get(p.id))}`) : null,
        wrong.has(p.id) ? h("span", { class: "error wrong-mark" }, ` · ${t("erreur", "mistake")}`) : null),
        h("ul", { class: "clues" }, p.card.map((line) => h("li", {}, tr(line)))));
      cards.append(card);
    }
  }

  async function check() {
    const result = await ctx.query("check", {});
    if (!result) return;
    clear(report);
    if (result.solved) {
      report.append(h("p", { class: "good" }, t("Tout est juste.", "All correct.")));
    } else if (!result.violations.length) {
      report.append(h("p", {}, result.complete ? t("Aucune règle enfreinte.", "No rule broken.")
        : t("Aucune erreur certaine pour l'instant.", "No certain mistake so far.")));
    } else {
      report.append(h("p", { class: "error" }, t("Règles enfreintes :", "Rules broken:")),
        h("ul", {}, result.violations.map((v) => h("li", {}, tr(v.message)))));
    }
  }

  async function hint() {
    const result = await ctx.query("hint", {});
    if (!result) return;
    clock.hint();
    clear(report);
    hintCells = result.placement ? [cellKey(result.placement.cell)] : [];
    // the explanation open beside the board; folded under the message on a phone, where the bar is short
    add(report, h("p", { class: "hint-message" }, h("strong", {}, t("Indice : ", "Hint: ")), tr(result.message)),
      result.steps.length ? h("details", { class: "hint-explained", open: window.innerWidth > 720 },
        h("summary", {}, t(`L'explication (${result.steps.length} étape${result.steps.length > 1 ? "s" : ""})`,
          `Why (${result.steps.length} step${result.steps.length > 1 ? "s" : ""})`)),
        h("ol", { class: "hint-steps" }, result.steps.map((step) => h("li", {}, tr(step.text))))) : null);
    drawBoard();
  }

  async function printCase() {
    const result = await ctx.query("print", { lang: document.documentElement.lang });
    if (!result) return;
    const sheet = window.open("", "_blank");
    if (!sheet) {
      window.print();
      return;
    }
    sheet.document.write(`<!doctype html><title>meeple — ${t("enquête", "case")}</title><body>${result.svg}</body>`);
    sheet.document.close();
    sheet.document.body.style.margin = "0"; // through the DOM: the page's CSP refuses style attributes in markup
    sheet.focus();
    sheet.print();
  }

  function drawOutcomeNote() {
    clear(share);
    if (state.view.solved && state.view.murderer) {
      clock.stop();
      if (Object.keys(marks).length) { // the pencil notes were for the search: the case is solved
        marks = {};
        localStorage.removeItem(marksKey);
        drawBoard();
      }
      clear(report).append(h("p", { class: "good", id: "murderer" }, t(`Résolu : l'assassin est ${person(state.view.murderer).name}.`,
        `Solved: the murderer is ${person(state.view.murderer).name}.`)));
      if (state.view.daily) {
        const line = shareLine(state.view, clock.seconds(), clock.hints(), prefs.challenge);
        share.append(h("p", { id: "share-line" }, line),
          h("button", { type: "button", id: "share-copy", on: { click: async () => {
            try {
              await navigator.clipboard.writeText(line);
              ctx.toast(t("Copié : à coller où vous voulez.", "Copied: paste it wherever you like."));
            } catch {
              ctx.toast(t("Copie impossible : sélectionnez la ligne.", "Could not copy: select the line."), "error");
            }
          } } }, t("Copier le résultat", "Copy the result")));
      }
    }
  }

  return {
    ownEndButtons: true, // the level select and next level / a new case: the shell adds no "New game"
    update(next) {
      // A hint or check report describes the board it was asked on: any move or undo makes it stale, and
      // the selection ends with it (here, not when the move is acknowledged: the state comes first, and
      // the player may already have chosen the next person when the acknowledgement follows).
      if (state && next.version !== state.version) {
        clear(report);
        hintCells = [];
        selected = null;
      }
      state = next;
      if (selected && !person(selected)) selected = null;
      draw();
      drawOutcomeNote();
    },
    destroy() {
      clearInterval(ticking);
    },
  };
}

/** The board shapes of a move, for the history's highlight: the cell a person was placed on. */
function lastMove(move) {
  return move?.cell ? [`[data-cell="${move.cell[0]},${move.cell[1]}"]`] : [];
}

export default { players: "solo", setup, mount, lastMove, actionBar: true };
