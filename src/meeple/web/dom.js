// A few DOM helpers: h() builds HTML elements, s() SVG ones, activatable() makes a shape keyboard-usable.
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
      Object.assign(element.style, value);
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
