// A board that pans and zooms: drag it to pan (mouse or one finger), pinch or ctrl + wheel to zoom (the
// wheel alone too when the page asks), and three buttons: zoom in, zoom out, « Centrer ». The page draws
// into its SVG in board units as before and tells the view what its drawing spans (setContent); the view
// owns the viewBox. Until the player pans or zooms, the view follows the drawing (centred, as large as
// fits); « Centrer » goes back to that.
//
// On a phone a cell is drawn at least 44 CSS px wide (a finger's width) at first: a big board is then
// larger than the screen and the player pans it, or pinches it smaller.
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { PHONE } from "./layout.js";

const FINGER_PX = 44;
const PAN_THRESHOLD_PX = 6; // a press that moves less than this is a click, not a pan
const WHEEL_SPEED = 0.0015;

/** The tools' icons (drawn: a crosshair character is missing from common fonts). */
const ICONS = {
  in: "M9 4h2v5h5v2h-5v5H9v-5H4V9h5z",
  out: "M4 9h12v2H4z",
  centre: "M9 1h2v3.1A6 6 0 0 1 15.9 9H19v2h-3.1A6 6 0 0 1 11 15.9V19H9v-3.1A6 6 0 0 1 4.1 11H1V9h3.1A6 6 0 0 1 9 4.1z"
    + "M10 6a4 4 0 1 0 0 8a4 4 0 1 0 0-8z M10 8.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3z",
};

function icon(name) {
  return s("svg", { viewBox: "0 0 20 20", class: "tool-icon", "aria-hidden": "true" }, s("path", { d: ICONS[name], "fill-rule": "evenodd" }));
}

/**
 * Wrap ``svg`` (an svg.board) in a pannable, zoomable view. ``options``:
 * ``cell`` (board units of one cell: on a phone the first view shows it FINGER_PX wide at least),
 * ``fill`` (true: the view takes the whole fitted height, for a board that grows; false: the view's
 * height follows the drawing's shape), ``wheel`` (true: the wheel zooms without ctrl), ``maxScale``
 * (the largest automatic scale, CSS px per board unit), ``grab(event)`` (true for a press the page
 * handles itself, e.g. a piece being dragged: no pan), ``tools`` (more buttons for the tool bar).
 * Returns ``{element, setContent(box), centre(), zoomBy(factor), manual(), relabel(), destroy()}``.
 */
export function boardView(svg, options = {}) {
  const cell = options.cell ?? 40;
  const fill = Boolean(options.fill);
  const grab = options.grab || (() => false);
  const maxScale = options.maxScale ?? 3;
  const button = (name, action) => h("button", { type: "button", class: "quiet board-tool", dataset: { tool: name },
    on: { click: action } }, icon(name));
  const zoomIn = button("in", () => zoomBy(1.25));
  const zoomOut = button("out", () => zoomBy(0.8));
  const centreButton = button("centre", () => centre());
  const centreLabel = h("span", { class: "tool-label" });
  centreButton.append(centreLabel);
  const tools = h("div", { class: "board-tools" }, zoomIn, zoomOut, centreButton, ...(options.tools || []));
  // the tools after the board in the page's order: a redraw that loses the focus gives it to the board
  const element = h("div", { class: ["board-view", fill && "fill"] }, svg, tools);
  svg.classList.add("zoomable");

  let content = { x: 0, y: 0, width: 100, height: 100 };
  let focus = null; // the part of the drawing the automatic view shows first when it cannot show it all
  let auto = true; // the view follows the drawing until the player pans or zooms
  let scale = 1; // CSS px per board unit
  let cx = 50, cy = 50; // the board point at the middle of the view

  function maxHeight() {
    const css = parseFloat(getComputedStyle(svg).maxHeight);
    return Number.isFinite(css) && css > 0 ? css : window.innerHeight * 0.75;
  }

  /** The automatic scale: the whole drawing, as large as fits (a finger-wide cell at least on a phone). */
  function autoScale(width, height) {
    let best = Math.min(width / content.width, height / content.height, maxScale);
    if (PHONE.matches) best = Math.max(best, FINGER_PX / cell);
    return best;
  }

  /** Size the SVG element and set its viewBox from the scale and the middle point. */
  function layout() {
    const width = element.clientWidth;
    if (!width) return;
    const limit = maxHeight();
    if (!fill) {
      // as tall as the drawing at its automatic scale, within the fitted height
      const first = autoScale(width, limit);
      svg.style.height = `${Math.round(Math.min(limit, content.height * first))}px`;
    }
    const height = svg.clientHeight || limit;
    if (auto) {
      scale = autoScale(width, height);
      const [vw, vh] = [width / scale, height / scale];
      const middle = focus || content;
      cx = fitAxis(middle.x + middle.width / 2, vw, content.x, content.width);
      cy = fitAxis(middle.y + middle.height / 2, vh, content.y, content.height);
    }
    // the drawing never goes wholly out of sight: the middle of the view stays over it
    cx = Math.min(Math.max(cx, content.x), content.x + content.width);
    cy = Math.min(Math.max(cy, content.y), content.y + content.height);
    layoutBox(width, height);
  }

  /** The middle of an automatic view of ``size`` on one axis: over ``wanted``, the view inside the drawing. */
  function fitAxis(wanted, size, start, length) {
    if (size >= length) return start + length / 2;
    return Math.min(Math.max(wanted, start + size / 2), start + length - size / 2);
  }

  function layoutBox(width, height) {
    const w = width / scale, hgt = height / scale;
    svg.setAttribute("viewBox", `${(cx - w / 2).toFixed(2)} ${(cy - hgt / 2).toFixed(2)} ${w.toFixed(2)} ${hgt.toFixed(2)}`);
    element.classList.toggle("manual", !auto);
    element.dataset.scale = scale.toFixed(3);
  }

  function limits() {
    const width = element.clientWidth || 1, height = svg.clientHeight || 1;
    const fitted = Math.min(width / content.width, height / content.height);
    return [Math.min(fitted, FINGER_PX / cell) * 0.5, Math.max(fitted, FINGER_PX / cell) * 4];
  }

  /** The board point under a point of the screen. */
  function boardPoint(clientX, clientY) {
    const box = svg.getBoundingClientRect();
    return [cx + (clientX - box.left - box.width / 2) / scale, cy + (clientY - box.top - box.height / 2) / scale];
  }

  /** Zoom by ``factor`` keeping the board point under (clientX, clientY) in place (the middle by default). */
  function zoomAt(factor, clientX, clientY) {
    const [low, high] = limits();
    const next = Math.min(high, Math.max(low, scale * factor));
    if (clientX !== undefined) {
      const [px, py] = boardPoint(clientX, clientY);
      cx = px - (px - cx) * (scale / next);
      cy = py - (py - cy) * (scale / next);
    }
    scale = next;
    auto = false;
    layout();
  }

  function zoomBy(factor) {
    zoomAt(factor);
  }

  function centre() {
    auto = true;
    layout();
  }

  // --- pointers: one pans, two pinch ---------------------------------------------------------------
  const pointers = new Map();
  let gesture = null; // {kind: "pan"|"pinch", ...}
  let swallowClick = false;

  function onDown(event) {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    if (grab(event)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 1) {
      gesture = { kind: "press", x: event.clientX, y: event.clientY, cx, cy, id: event.pointerId };
    } else if (pointers.size === 2) {
      const [[x1, y1], [x2, y2]] = [...pointers.values()];
      gesture = { kind: "pinch", distance: Math.hypot(x2 - x1, y2 - y1) || 1, scale, mid: boardPoint((x1 + x2) / 2, (y1 + y2) / 2) };
      auto = false;
    }
  }

  function onMove(event) {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (gesture.kind === "press" || gesture.kind === "pan") {
      const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
      if (gesture.kind === "press") {
        if (Math.hypot(dx, dy) < PAN_THRESHOLD_PX) return;
        gesture.kind = "pan";
        auto = false;
        element.classList.add("panning");
        svg.setPointerCapture?.(event.pointerId);
      }
      cx = gesture.cx - dx / scale;
      cy = gesture.cy - dy / scale;
      layout();
      event.preventDefault();
    } else if (gesture.kind === "pinch" && pointers.size >= 2) {
      const [[x1, y1], [x2, y2]] = [...pointers.values()];
      const [low, high] = limits();
      scale = Math.min(high, Math.max(low, gesture.scale * (Math.hypot(x2 - x1, y2 - y1) / gesture.distance)));
      // the board point first between the fingers stays between them
      const box = svg.getBoundingClientRect();
      const midX = (x1 + x2) / 2 - box.left - box.width / 2, midY = (y1 + y2) / 2 - box.top - box.height / 2;
      cx = gesture.mid[0] - midX / scale;
      cy = gesture.mid[1] - midY / scale;
      layout();
      event.preventDefault();
    }
  }

  function onUp(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (gesture && gesture.kind !== "press") swallowClick = true; // the end of a pan or pinch is not a click
    if (!pointers.size) {
      gesture = null;
      element.classList.remove("panning");
      setTimeout(() => { swallowClick = false; }, 0);
    } else if (gesture?.kind === "pinch") {
      const [[x, y]] = [...pointers.values()];
      gesture = { kind: "pan", x, y, cx, cy };
    }
  }

  function onClick(event) {
    if (!swallowClick) return;
    swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  }

  function onWheel(event) {
    if (!options.wheel && !event.ctrlKey) return;
    event.preventDefault();
    zoomAt(Math.exp(-event.deltaY * WHEEL_SPEED), event.clientX, event.clientY);
  }

  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerup", onUp);
  svg.addEventListener("pointercancel", onUp);
  svg.addEventListener("click", onClick, true);
  svg.addEventListener("wheel", onWheel, { passive: false });
  const observer = new ResizeObserver(() => layout());
  observer.observe(element);
  const onFit = () => layout();
  document.addEventListener("board-fit", onFit);

  function relabel() {
    const label = (el, fr, en) => { el.setAttribute("aria-label", t(fr, en)); el.title = t(fr, en); };
    label(zoomIn, "Zoomer", "Zoom in");
    label(zoomOut, "Dézoomer", "Zoom out");
    label(centreButton, "Centrer", "Centre");
    centreLabel.textContent = t("Centrer", "Centre");
  }
  relabel();

  return {
    element,
    /** What the drawing spans, in board units ({x, y, width, height}); call it after each drawing.
     * ``show`` (a box too, optional): what the automatic view shows first when the drawing does not fit
     * (on a phone, the pieces of the player to move). */
    setContent(box, show = null) {
      content = { x: box.x, y: box.y, width: Math.max(1, box.width), height: Math.max(1, box.height) };
      focus = show;
      relabel();
      layout();
    },
    centre,
    zoomBy,
    /** True once the player panned or zoomed (the view no longer follows the drawing). */
    manual: () => !auto,
    /** The board point under a point of the screen. */
    boardPoint,
    relabel,
    destroy() {
      observer.disconnect();
      document.removeEventListener("board-fit", onFit);
    },
  };
}
