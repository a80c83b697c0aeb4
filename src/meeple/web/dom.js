// A few DOM helpers: h() builds HTML elements, s() SVG ones, activatable() makes a shape keyboard-usable,
// keepFocus() redraws without losing a keyboard player's place.
const SVG_NS = "http://www.w3.org/2000/svg";

function apply(element, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") {
      for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    } else if (key === "text") {
      element.textContent = value;
    } else if (key === "class") {
      element.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "style" && typeof value === "object") {
      // element.style, never a style="" string (the Content-Security-Policy forbids inline style attributes)
      for (const [name, css] of Object.entries(value)) {
        if (name.startsWith("--")) element.style.setProperty(name, css);
        else element.style[name] = css;
      }
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else if (key in element && !(element instanceof SVGElement) && key !== "list") {
      element[key] = value;
    } else {
      element.setAttribute(key, value === true ? "" : value);
    }
  }
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "primary", on: {click}}, "Go"). */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  apply(element, props);
  append(element, children);
  return element;
}

/** An SVG element: s("circle", {cx: 1, cy: 2, r: 3}). */
export function s(tag, props = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  apply(element, props);
  append(element, children);
  return element;
}

/** Remove every child of element. */
export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

/** Make an SVG shape focusable and activated by Enter or Space like a button, with a label. */
export function activatable(element, label, onActivate) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.addEventListener("click", onActivate);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return element;
}

/** A <title> child, the tooltip of an SVG shape. */
export function tip(element, text) {
  element.append(s("title", { text }));
  return element;
}

/** Append children to element, skipping null, undefined and false (unlike Element.append). */
export function add(element, ...children) {
  append(element, children);
  return element;
}

const FOCUS_KEYS = ["id", "data-node", "data-cell", "data-piece", "data-fighter", "data-guardian", "data-to", "data-person", "data-level"];

/** What identifies the focused element inside root, so that a redrawn page can give the focus back. */
export function focusKey(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  for (const name of FOCUS_KEYS) {
    const value = active.getAttribute(name);
    if (value) return [name, value];
  }
  return null;
}

function focusable(element) {
  return Boolean(element) && (element.matches("button:not([disabled]), a[href], input, select") || element.getAttribute("tabindex") === "0");
}

/**
 * Focus the element that carries the same key again (keyboard players keep their place after a redraw);
 * if it is gone and ``fallback`` is true, the first focusable element of root.
 */
export function restoreFocus(root, key, fallback = true) {
  if (!key || root.contains(document.activeElement)) return;
  const same = root.querySelector(`[${key[0]}="${CSS.escape(key[1])}"]`);
  const target = focusable(same) ? same : fallback ? root.querySelector("[tabindex='0'], button:not([disabled])") : null;
  target?.focus({ preventScroll: true });
}

/** Run draw(), which rebuilds (part of) root, and give the focus back to the same element if it is still there. */
export function keepFocus(root, draw) {
  const key = focusKey(root);
  draw();
  restoreFocus(root, key, false);
}

const calmMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Slides the pieces of a board that moved since the last state into place: ``track(key)`` starts a
 * drawing (``key`` names the state: a redraw of the same state slides nothing), ``piece(id, element, x, y)``
 * registers a piece drawn at (x, y) in the board's units. Nothing moves for a player who asked for
 * reduced motion.
 */
export function slider() {
  let seen = new Map();
  let drawing = new Map();
  let key = null;
  let fresh = false;
  return {
    track(stateKey) {
      fresh = stateKey !== key;
      key = stateKey;
      if (fresh) {
        seen = drawing.size ? drawing : seen;
        drawing = new Map();
      }
    },
    piece(id, element, x, y, overlay = null) {
      if (!fresh) return;
      drawing.set(id, [x, y]);
      const before = seen.get(id);
      if (!before || calmMotion.matches || typeof element.animate !== "function") return;
      const [dx, dy] = [before[0] - x, before[1] - y];
      if (!dx && !dy) return;
      const frames = [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }];
      if (!overlay) {
        element.animate(frames, { duration: 360, easing: "ease-in-out" });
        return;
      }
      // a piece drawn inside its cell would pass under the cells drawn after it: a copy slides on top
      const ghost = element.cloneNode(true);
      ghost.removeAttribute("data-guardian");
      overlay.append(ghost);
      element.classList.add("sliding");
      ghost.animate(frames, { duration: 360, easing: "ease-in-out" }).finished.finally(() => {
        ghost.remove();
        element.classList.remove("sliding");
      });
    },
  };
}

/** Offer ``data`` as a JSON file called ``filename`` (the browser's download; nothing leaves the machine). */
export function saveJson(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
