// ILYOS: the board, your hand and stock, every player's deck and stock counts, and the click flow of
// rules 3, 8, 10 and 15: click a guardian, then a target (the second click decides between a move and a
// push); − / + or the mouse wheel on the Push card; click an island cell for magic and pick a rotation;
// click the guardian again (or Escape) to cancel. The room code and the turn timer are in the room bar.
import { activatable, add, clear, h, keepFocus, s, slider, tip } from "../dom.js";
import { t, tr } from "../i18n.js";
import { optionFields, optionsSummary, problemLine } from "../options.js";

const CELL = 48;
const LEVEL_KEYS = ["easy", "medium", "hard", "expert"];

/** A stock of cards in words ("Déplacement 2 · Poussée 0 · Magie 1"): one letter each was ambiguous in English. */
function stockText(stock) {
  return ["move", "push", "magic"].map((kind) => `${kindName(kind)} ${stock[kind]}`).join(" · ");
}

function kindName(kind) {
  return { move: t("Déplacement", "Move"), push: t("Poussée", "Push"), magic: t("Magie", "Magic") }[kind] || kind;
}

function seatOptions(levels) {
  return [
    ["me", t("Vous", "You")],
    ["local", t("Joueur sur cet appareil", "Player on this device")],
    ["open", t("Place libre (en ligne)", "Open seat (online)")],
    ...levels.map((level) => [`ai:${level.key}`, `${t("Ordinateur", "Computer")} — ${tr(level.title)}`]),
  ];
}

/** The ids the form's controls have always had (tests and players' habits); the others: ilyos-<key>. */
const OPTION_IDS = { team_diagonal: "team-diagonal", sacrificed_guardian: "sacrificed", time_per_turn: "time-per-turn" };

/** The seats' problem, in words, or null: one seat for the player, and online means no shared device. */
function seatsProblem(values) {
  if (!values.includes("me")) return t("Gardez une place pour vous.", "Keep one seat for yourself.");
  if (values.includes("open") && values.includes("local")) {
    return t("En ligne, chaque joueur rejoint depuis son appareil.", "Online, each player joins from their own device.");
  }
  return null;
}

/** The new-game form: the options from the adapter's description (server/adapters/ilyos.py), then the seats. */
async function setup(root, ctx) {
  const levels = ctx.game.levels || [];
  const specs = await ctx.catalog("options");
  const seatsBox = h("div", { class: "ilyos-seats" });
  const problem = problemLine("ilyos-problem");
  let checked = 0; // the answer of the latest check wins (an older one may arrive last)
  let engineAnswer = null;
  const seatValues = () => [...seatsBox.querySelectorAll("select")].map((select) => select.value);
  const showProblem = () => {
    const seats = seatsProblem(seatValues());
    problem.show(specs, seats ? { ok: false, field: null, reason: seats } : engineAnswer);
  };
  const check = async (options) => {
    const mine = ++checked;
    const answer = await ctx.catalog("check_options", { options }).catch(() => null);
    if (mine !== checked) return;
    engineAnswer = answer;
    showProblem();
  };
  const fields = optionFields(specs, { prefix: "ilyos", ids: OPTION_IDS, onChange: (options) => { drawSeats(); check(options); } });
  const drawSeats = () => {
    const count = fields.values().mode === "2v2" ? 4 : 2;
    const previous = seatValues();
    if (previous.length === count) return;
    clear(seatsBox);
    for (let seat = 0; seat < count; seat += 1) {
      const select = h("select", { id: `seat-${seat}`, on: { change: showProblem } },
        seatOptions(levels).map(([value, label]) => h("option", { value }, label)));
      select.value = previous[seat] || (seat === 0 ? "me" : "ai:medium");
      seatsBox.append(h("label", { for: `seat-${seat}` }, t(`Joueur ${seat + 1}`, `Player ${seat + 1}`)), select);
    }
    showProblem();
  };
  drawSeats();
  root.append(fields.element, h("fieldset", {}, h("legend", {}, t("Places", "Seats")), seatsBox), problem.element);
  return () => {
    const values = seatValues();
    const wrong = seatsProblem(values);
    if (wrong) {
      ctx.toast(wrong, "error");
      return null;
    }
    const seats = values.map((value) => {
      if (value === "me" || value === "local") return { kind: "human" };
      if (value === "open") return { kind: "open" };
      return { kind: "ai", level: value.slice(3) };
    });
    return { mode: values.includes("open") ? "online" : "local", seats, options: fields.values() };
  };
}

const AXIS = 22; // the margin of the coordinates around the board

/** A guardian's body: a disc for the first team, a rounded square for the second (not colour alone). */
function guardianBody(cx, cy, team, fill, r = 15) {
  return team % 2 === 0
    ? s("circle", { cx, cy, r, fill, class: "guardian-body" })
    : s("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: r / 3, fill, class: "guardian-body" });
}

const ROTATE = [[1, 0], [0, 1]];

/** The three cells of an L island with its pivot at (x, y) and orientation o (quarter turns clockwise). */
function islandCells([x, y], orientation) {
  let dirs = ROTATE;
  for (let i = 0; i < orientation; i += 1) dirs = dirs.map(([dx, dy]) => [-dy, dx]);
  return [[x, y], ...dirs.map(([dx, dy]) => [x + dx, y + dy])];
}

function mount(root, ctx) {
  let state = null;
  let mode = null; // null | {type: "guardian"|"push"|"magic"|"place"|"orient", ...}
  let previewCells = [];
  const board = s("svg", { class: "board ilyos-board", role: "group" });
  const panel = h("div", { class: "ilyos-panel", id: "ilyos-panel", "aria-live": "polite" });
  const hand = h("div", { class: "ilyos-hand", id: "ilyos-hand" });
  const table = h("aside", { class: "ilyos-table", id: "ilyos-table" });
  const legend = h("ul", { class: "ilyos-legend", id: "ilyos-legend" });
  // a large board on a phone: cells under a finger's width; the player may enlarge it (then it scrolls
  // sideways) as well as pinch-zoom the page
  let zoomed = false;
  const boardBox = h("div", { class: "board-scroll ilyos-scroll" }, board);
  const zoom = h("button", { type: "button", id: "board-zoom", class: "quiet board-zoom", hidden: true,
    on: { click: () => { zoomed = !zoomed; drawZoom(); } } });
  root.append(h("div", { class: "game-layout" }, h("div", {}, zoom, boardBox, legend, panel, hand), table));
  // the rules this room plays under (its options, in words), in the table panel: nobody plays blind
  let specs = null;
  const rulesBox = h("details", { class: "room-options", id: "room-options" });
  ctx.catalog("options").then((answer) => {
    specs = answer;
    if (state) {
      rulesBox.open = Object.entries(state.view.options).some(([key, value]) => specs.find((spec) => spec.key === key)?.default !== value);
      drawTable();
    }
  }).catch(() => {});
  const onKey = (event) => {
    if (event.key === "Escape" && mode) cancel();
  };
  document.addEventListener("keydown", onKey);

  const view = () => state.view;
  const myTurn = () => state.to_move !== null && state.seats.includes(state.to_move) && state.seat === state.to_move;
  const key = (cell) => `${cell[0]},${cell[1]}`;
  const seatColour = (seat) => `var(--seat-${seat})`;

  function cancel() {
    mode = null;
    previewCells = [];
    draw();
  }

  function cellKinds() {
    const kinds = new Map();
    for (const village of view().villages) for (const cell of village.cells) kinds.set(key(cell), { kind: "village", village });
    for (const cell of view().sanctuary) kinds.set(key(cell), { kind: "sanctuary" });
    for (const island of view().islands) for (const cell of island.cells) kinds.set(key(cell), { kind: "island", island });
    return kinds;
  }

  /** Redraw everything; a keyboard player keeps the focus on the same cell or button. */
  function draw() {
    keepFocus(root, () => {
      drawBoard();
      drawLegend();
      drawPanel();
      drawHand();
      drawTable();
    });
  }

  const SMALL_CELL_PX = 34; // below this a cell is hard to tap: the Enlarge button is offered

  /** The Enlarge button, shown when the cells are small on this screen (or the board is enlarged). */
  function drawZoom() {
    const n = view().size;
    boardBox.style.setProperty("--cells", String(n));
    boardBox.classList.toggle("zoomed", zoomed);
    zoom.setAttribute("aria-pressed", String(zoomed));
    zoom.textContent = zoomed ? t("Plateau à la largeur de l'écran", "Fit the board to the screen") : t("Agrandir le plateau", "Enlarge the board");
    const cellPx = (boardBox.clientWidth * CELL) / (n * CELL + AXIS);
    zoom.hidden = !zoomed && !(cellPx > 0 && cellPx < SMALL_CELL_PX);
  }

  function drawBoard() {
    motion.track(`${state.version}:${state.moves}`);
    drawZoom();
    clear(motionLayer);
    const v = view();
    const n = v.size;
    const kinds = cellKinds();
    const guardianAt = new Map(v.guardians.map((g) => [key(g.cell), g]));
    const crownAt = new Map(v.crowns.filter((c) => c.carried_by === null).map((c) => [key(c.cell), c]));
    const targets = new Map((mode?.type === "guardian" ? mode.selection.targets : []).map((target) => [key(target.cell), target]));
    const pivots = new Map((mode?.type === "place" ? mode.spots : []).map((spot) => [key(spot.pivot), spot]));
    clear(board);
    // column letters along the top and row numbers down the left: the history names cells this way (d4)
    board.setAttribute("viewBox", `${-AXIS} ${-AXIS} ${n * CELL + AXIS} ${n * CELL + AXIS}`);
    board.setAttribute("aria-label", t("Plateau d'ILYOS", "ILYOS board"));
    for (let i = 0; i < n; i += 1) {
      board.append(s("text", { x: i * CELL + CELL / 2, y: -7, class: "axis-label" }, String.fromCharCode(97 + i)),
        s("text", { x: -AXIS / 2, y: i * CELL + CELL / 2 + 5, class: "axis-label" }, String(i + 1)));
    }
    for (let y = 0; y < n; y += 1) {
      for (let x = 0; x < n; x += 1) {
        const here = kinds.get(`${x},${y}`);
        const target = targets.get(`${x},${y}`);
        const pivot = pivots.get(`${x},${y}`);
        const group = s("g", { class: ["cell", here ? here.kind : "void", target && `target primary-${target.primary}`, pivot && "pivot",
          mode?.type === "magic" && mode.cells?.some((c) => c[0] === x && c[1] === y) && "magic-island"], dataset: { cell: `${x},${y}` } },
        s("rect", { x: x * CELL + 1, y: y * CELL + 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "cell-ground",
          style: here?.kind === "village" ? { fill: `color-mix(in srgb, ${seatColour(here.village.seats[0])} 35%, #f4efdf)` } : null }));
        if (here?.kind === "sanctuary" && x === v.heart[0] && y === v.heart[1]) group.append(s("circle", { cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2, r: 6, class: "heart" }));
        if (target) group.append(s("text", { x: x * CELL + CELL - 6, y: y * CELL + 14, class: "target-glyph" }, targetGlyph(target)));
        const crown = crownAt.get(`${x},${y}`);
        if (crown) group.append(tip(s("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 9, class: "crown" }, "♛"), t("Couronne au sol", "Crown on the ground")));
        const guardian = guardianAt.get(`${x},${y}`);
        if (guardian) group.append(drawGuardian(guardian, x, y));
        const label = cellLabel(x, y, here, guardian, target);
        const action = clickAction(x, y, here, guardian, target, pivot);
        if (action) activatable(group, label, action);
        else tip(group, label);
        if (pivot) {
          const show = () => showPreview(islandCells([x, y], pivot.orientations[0]));
          group.addEventListener("mouseenter", show);
          group.addEventListener("focus", show);
        }
        board.append(group);
      }
    }
    board.append(previewLayer, motionLayer);
    showPreview(previewCells);
  }

  const previewLayer = s("g", { class: "preview-layer" });
  const motionLayer = s("g", { class: "motion-layer", "aria-hidden": "true" }); // sliding copies, on top
  const motion = slider();

  /** Outline where an island would go, without redrawing the board (the cells under the mouse stay). */
  function showPreview(cells) {
    previewCells = cells;
    clear(previewLayer);
    for (const [x, y] of cells) {
      previewLayer.append(s("rect", { x: x * CELL + 4, y: y * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 5, class: "island-preview" }));
    }
  }

  function targetGlyph(target) {
    return { move: "→", push: "⇒", take: "♛", give: "♛" }[target.primary] || "•";
  }

  /** With the no_retake option (R51): "now" if nobody may take this crown this turn, "next" if it was
   * taken this turn and is safe during the next one, else null. */
  function truceOf(crown) {
    const truce = view().truce;
    if (crown === null || !truce) return null;
    if (truce.now.includes(crown)) return "now";
    return truce.next_turn.includes(crown) ? "next" : null;
  }

  function truceText(crown) {
    const when = truceOf(crown);
    if (!when) return "";
    return when === "now" ? t(", couronne protégée : personne ne peut la prendre ce tour-ci", ", crown protected: nobody may take it this turn")
      : t(", couronne protégée pendant le prochain tour", ", crown protected during the next turn");
  }

  function drawGuardian(guardian, x, y) {
    const selected = mode?.type === "guardian" && mode.id === guardian.id || mode?.type === "push" && mode.guardian === guardian.id;
    const drawn = s("g", { class: ["guardian", selected && "selected"], dataset: { guardian: guardian.id } },
      guardianBody(x * CELL + CELL / 2, y * CELL + CELL / 2, guardian.team, seatColour(guardian.seat)),
      s("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 5, class: "guardian-label" }, String(guardian.number ?? guardian.id)),
      truceOf(guardian.crown) ? s("circle", { cx: x * CELL + CELL / 2 + 12, cy: y * CELL + 9, r: 10, class: "truce-ring" }) : null,
      guardian.crown !== null ? s("text", { x: x * CELL + CELL / 2 + 12, y: y * CELL + 14, class: "crown carried" }, "♛") : null);
    // moved, pushed or turned with its island since the last state: it slides there
    motion.piece(guardian.id, drawn, x * CELL, y * CELL, motionLayer);
    return drawn;
  }

  function cellLabel(x, y, here, guardian, target) {
    const parts = [`${String.fromCharCode(97 + x)}${y + 1}`];
    if (here?.kind === "island") parts.push(t("île", "island"));
    else if (here?.kind === "sanctuary") parts.push(t("sanctuaire", "sanctuary"));
    else if (here?.kind === "village") parts.push(t(`village ${here.village.corner}`, `${here.village.corner} village`));
    else parts.push(t("vide", "void"));
    if (guardian) parts.push(t(`gardien ${guardian.number} (joueur ${guardian.seat + 1})`, `guardian ${guardian.number} (player ${guardian.seat + 1})`) + (guardian.crown !== null ? t(", porte une couronne", ", carries a crown") : "") + truceText(guardian.crown));
    if (target) parts.push(target.actions.map(actionText).join(" / "));
    return parts.join(" — ");
  }

  function actionText(action) {
    if (action.action === "move") return t(`déplacer (coût ${action.cost})`, `move (cost ${action.cost})`);
    if (action.action === "push") return t(`pousser (force ${action.forces.join(", ")})`, `push (force ${action.forces.join(", ")})`);
    if (action.action === "take") return t("prendre la couronne", "take the crown");
    if (action.action === "give") return t("passer la couronne", "pass the crown");
    return action.action;
  }

  /** What a click on this cell does now, or null when it does nothing. */
  function clickAction(x, y, here, guardian, target, pivot) {
    if (!myTurn()) return null;
    if (mode?.type === "place") return pivot ? () => choosePivot(pivot) : null;
    if (mode?.type === "guardian" && guardian?.id === mode.id) return () => cancel();
    if (target) return () => choose(target);
    if (guardian && guardian.crown !== null && guardian.team !== view().teams[state.seat]) return () => takeFrom(guardian);
    if (guardian) return () => selectGuardian(guardian.id);
    if (here?.kind === "island") return () => startMagic([x, y], here.island);
    return null;
  }

  async function selectGuardian(id) {
    const selection = await ctx.query("select", { guardian: id });
    if (!selection) return;
    if (!selection.targets.length && !selection.drop) {
      ctx.toast(t("Ce gardien ne peut rien faire maintenant.", "This guardian can do nothing now."));
      return;
    }
    mode = { type: "guardian", id, selection };
    previewCells = [];
    draw();
  }

  async function takeFrom(carrier) {
    const own = view().guardians.filter((g) => g.team === view().teams[state.seat] && Math.abs(g.cell[0] - carrier.cell[0]) + Math.abs(g.cell[1] - carrier.cell[1]) === 1);
    for (const guardian of own) {
      const selection = await ctx.query("select", { guardian: guardian.id });
      const target = selection?.targets.find((tg) => tg.cell[0] === carrier.cell[0] && tg.cell[1] === carrier.cell[1]);
      const take = target?.actions.find((action) => action.action === "take");
      if (take) {
        await send(take.move);
        return;
      }
    }
    ctx.toast(t("Aucun de vos gardiens ne peut prendre cette couronne.", "None of your guardians can take this crown."));
  }

  function choose(target) {
    const primary = target.actions[0];
    if (primary.action === "push") {
      mode = { type: "push", guardian: mode.id, selection: mode.selection, target, push: primary, force: primary.forces[0] };
      draw();
      document.getElementById("push-card")?.focus();
      return;
    }
    send(primary.move);
  }

  async function startMagic(cell, island) {
    const rotations = await ctx.query("magic", { cell });
    if (!rotations) return;
    if (!rotations.length) {
      ctx.toast(t("Pas de magie possible sur cette île maintenant.", "No magic possible on this island now."));
      return;
    }
    mode = { type: "magic", cell, cells: island.cells, rotations };
    draw();
  }

  async function startPlacing() {
    const spots = await ctx.query("placements", {});
    if (!spots) return;
    mode = { type: "place", spots };
    previewCells = [];
    draw();
  }

  function choosePivot(spot) {
    if (spot.orientations.length === 1) {
      send({ kind: "place", at: spot.pivot, orientation: spot.orientations[0] });
      return;
    }
    mode = { type: "orient", spot, spots: mode.spots };
    previewCells = islandCells(spot.pivot, spot.orientations[0]);
    draw();
  }

  /** Play a move; the selection ends when the next state arrives (see update). */
  function send(move) {
    return ctx.play(move);
  }

  function drawPanel() {
    clear(panel);
    const v = view();
    if (state.outcome) return;
    if (!myTurn()) {
      panel.append(h("p", {}, state.to_move === null ? "" : t(`Au tour de ${ctx.playerName(state.players[state.to_move])}…`, `${ctx.playerName(state.players[state.to_move])} to play…`)));
      return;
    }
    const buttons = [];
    if (!v.placed) buttons.push(h("button", { type: "button", id: "place-island", "aria-pressed": String(mode?.type === "place" || mode?.type === "orient"), on: { click: () => (mode?.type === "place" ? cancel() : startPlacing()) } }, t("Placer une île", "Place an island")));
    if (v.can_end_turn) buttons.push(h("button", { type: "button", id: "end-turn", class: "primary", on: { click: () => send({ kind: "end" }) } }, t("Fin du tour", "End turn")));
    if (mode) buttons.push(h("button", { type: "button", id: "cancel", on: { click: cancel } }, t("Annuler la sélection", "Cancel selection")));
    let help;
    if (!mode) help = v.placed ? t("Cliquez un gardien, ou une île pour la magie.", "Click a guardian, or an island for magic.")
      : t("Placez une île avant la fin du tour (avant ou après vos actions).", "Place an island before ending your turn (before or after your actions).");
    else if (mode.type === "guardian") {
      const number = view().guardians.find((g) => g.id === mode.id)?.number ?? mode.id;
      help = t(`Gardien ${number} : cliquez une case cible (→ déplacer, ⇒ pousser, ♛ couronne), ou le gardien pour annuler.`, `Guardian ${number}: click a target (→ move, ⇒ push, ♛ crown), or the guardian to cancel.`);
      if (mode.selection.drop) buttons.push(h("button", { type: "button", id: "drop-crown", on: { click: () => send(mode.selection.drop) } }, t("Poser la couronne", "Put the crown down")));
      const alternatives = mode.selection.targets.filter((target) => target.actions.length > 1);
      for (const target of alternatives) {
        for (const action of target.actions.slice(1)) {
          buttons.push(h("button", { type: "button", class: "alt-action", on: { click: () => (action.action === "push" ? choose({ ...target, actions: [action] }) : send(action.move)) } },
            t(`${target.cell.join(",")} : ${actionText(action)}`, `${target.cell.join(",")}: ${actionText(action)}`)));
        }
      }
    } else if (mode.type === "push") help = t("Choisissez la force sur la carte Poussée (− / + ou molette), puis poussez.", "Choose the force on the Push card (− / + or the wheel), then push.");
    else if (mode.type === "magic") {
      help = t("Magie : choisissez la rotation de l'île.", "Magic: choose the island's rotation.");
      for (const rotation of mode.rotations) {
        buttons.push(h("button", { type: "button", class: "rotation", dataset: { degrees: rotation.degrees }, on: { click: () => send(rotation.move) } }, `${rotation.degrees}°`));
      }
    } else if (mode.type === "place") help = t("Cliquez une case pivot en surbrillance.", "Click a highlighted pivot cell.");
    else if (mode.type === "orient") {
      help = t("Choisissez l'orientation de l'île.", "Choose the island's orientation.");
      for (const orientation of mode.spot.orientations) {
        const button = h("button", { type: "button", class: "orientation", on: { click: () => send({ kind: "place", at: mode.spot.pivot, orientation }) } }, `${orientation * 90}°`);
        button.addEventListener("mouseenter", () => showPreview(islandCells(mode.spot.pivot, orientation)));
        button.addEventListener("focus", () => showPreview(islandCells(mode.spot.pivot, orientation)));
        buttons.push(button);
      }
    }
    add(panel, h("p", { class: "help" }, help), h("div", { class: "ilyos-buttons" }, buttons));
  }

  function drawHand() {
    clear(hand);
    const v = view();
    if (!v.hand) {
      hand.append(h("p", { class: "muted" }, state.seat === null ? t("Vous regardez : les mains restent cachées.", "Watching: hands stay hidden.") : ""));
      return;
    }
    const cards = h("div", { class: "cards" });
    const left = { ...v.hand.left };
    let pushShown = false; // while a push is being set, one Push card (the first unspent) is its dial
    for (const kind of v.hand.cards) {
      const available = left[kind] > 0;
      if (available) left[kind] -= 1;
      if (kind === "push" && mode?.type === "push" && available && !pushShown) {
        cards.append(pushCard());
        pushShown = true;
        continue;
      }
      cards.append(h("div", { class: ["card", `card-${kind}`, !available && "spent"], title: kindName(kind) }, kindName(kind)));
    }
    if (mode?.type === "push" && !pushShown) cards.append(pushCard());
    const me = v.players[state.seat];
    add(hand, h("h3", {}, t("Votre main", "Your hand")), cards,
      h("p", { class: "points" }, t("Disponible : ", "Available: "),
        ["move", "push", "magic"].map((kind) => `${kindName(kind)} ${v.points?.[kind] ?? 0}`).join(" · "),
        me ? ` — ${t("réserve\u00a0: ", "stock: ")}${stockText(me.stock)}` : ""));
  }

  function pushCard() {
    const force = h("span", { class: "force", id: "push-force" }, String(mode.force));
    const forces = mode.push.forces;
    const step = (delta) => {
      const index = Math.min(forces.length - 1, Math.max(0, forces.indexOf(mode.force) + delta));
      mode.force = forces[index];
      force.textContent = String(mode.force);
    };
    const card = h("div", { class: "card card-push active", id: "push-card", tabindex: "0", "aria-label": t("Carte Poussée : force", "Push card: force"),
      on: {
        wheel: (event) => { event.preventDefault(); step(event.deltaY < 0 ? 1 : -1); },
        keydown: (event) => {
          if (event.key === "+" || event.key === "ArrowUp") { event.preventDefault(); step(1); }
          if (event.key === "-" || event.key === "ArrowDown") { event.preventDefault(); step(-1); }
          if (event.key === "Enter") send(mode.push.moves[String(mode.force)]);
        },
      } },
    h("div", {}, kindName("push")),
    h("div", { class: "force-row" },
      h("button", { type: "button", id: "force-minus", "aria-label": t("Moins de force", "Less force"), on: { click: () => step(-1) } }, "−"),
      force,
      h("button", { type: "button", id: "force-plus", "aria-label": t("Plus de force", "More force"), on: { click: () => step(1) } }, "+")),
    h("button", { type: "button", id: "push-go", class: "primary", on: { click: () => send(mode.push.moves[String(mode.force)]) } }, t("Pousser", "Push")));
    return card;
  }

  /** What each colour and shape of the board means, in words (colour is never the only cue). */
  function drawLegend() {
    const swatch = (kind, extra) => s("svg", { viewBox: "0 0 20 20", class: ["legend-swatch", "ilyos-board"], "aria-hidden": "true" },
      s("g", { class: ["cell", kind] }, s("rect", { x: 1, y: 1, width: 18, height: 18, rx: 3, class: "cell-ground", ...(extra || {}) })));
    const teams = [...new Set(view().guardians.map((g) => g.team).concat([0, 1]))].sort();
    clear(legend);
    add(legend,
      h("li", {}, swatch("void"), t("vide", "void")),
      h("li", {}, swatch("island"), t("île", "island")),
      h("li", {}, swatch("sanctuary"), t("sanctuaire (cœur : ○)", "sanctuary (heart: ○)")),
      h("li", {}, swatch("village"), t("village (coin, teinté du joueur)", "village (corner, player's tint)")),
      teams.map((team) => h("li", {}, s("svg", { viewBox: "-10 -10 20 20", class: "legend-swatch", "aria-hidden": "true" },
        guardianBody(0, 0, team, seatColour(team), 8)),
      team === 0 ? t("gardiens de l'équipe 1 (ronds)", "team 1 guardians (round)") : t("gardiens de l'équipe 2 (carrés)", "team 2 guardians (square)"))),
      h("li", {}, h("span", { class: "legend-crown", "aria-hidden": "true" }, "♛"), t("couronne", "crown")),
      view().truce ? h("li", {}, s("svg", { viewBox: "-10 -10 20 20", class: "legend-swatch ilyos-board", "aria-hidden": "true" },
        s("circle", { cx: 0, cy: 0, r: 8, class: "truce-ring" })),
      t("couronne protégée (pas de reprise immédiate)", "protected crown (no immediate retake)")) : null);
  }

  function drawTable() {
    const v = view();
    clear(table);
    add(table, h("h3", {}, t(`Tour ${v.turn}`, `Turn ${v.turn}`)),
      h("ul", { class: "ilyos-players" }, v.players.map((player) => h("li", { class: [`seat-${player.seat}`, state.to_move === player.seat && "to-move"] },
        h("strong", {}, ctx.playerName(state.players[player.seat])),
        ` — ${t("couronnes", "crowns")} ${v.scores[player.seat]}`,
        h("br"),
        h("span", { class: "muted" }, `${t("pioche", "deck")} ${player.deck_size} · ${t("main", "hand")} ${player.hand_left}/${player.hand_size}`, h("br"),
          `${t("réserve\u00a0: ", "stock: ")}${stockText(player.stock)}`)))),
      v.options.team_diagonal ? h("p", {}, t("Équipes : ", "Teams: "), v.team_scores.join(" – ")) : null,
      v.time_per_turn ? h("p", { class: "muted" }, t(`${v.time_per_turn} min par tour`, `${v.time_per_turn} min per turn`)) : null,
      specs ? drawRules() : null);
  }

  function drawRules() {
    clear(rulesBox).append(h("summary", {}, t("Règles de cette partie", "This game's rules")),
      optionsSummary(specs, view().options, { id: "room-options-list" }));
    return rulesBox;
  }

  return {
    update(next) {
      const changed = !state || next.version !== state.version;
      state = next;
      if (changed) {
        mode = null;
        previewCells = [];
      }
      draw();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
    },
  };
}

/** The board shapes of an action, for the history's highlight: its guardian and the cell it aimed at. */
function lastMove(move) {
  const selectors = [];
  if (move?.guardian !== undefined) selectors.push(`[data-guardian="${move.guardian}"]`);
  const cell = move?.to ?? move?.at;
  if (cell) selectors.push(`[data-cell="${cell[0]},${cell[1]}"]`);
  return selectors;
}

/** The room's options (the shell lists them for the players joining an online room). */
function roomOptions(state) {
  return state.view?.options ?? null;
}

export default { seatsChoice: true, setup, mount, lastMove, roomOptions };
