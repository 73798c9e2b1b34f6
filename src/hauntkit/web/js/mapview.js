// Zoom and pan for a map drawn as one <svg> inside a scrolling box: + / − / fit buttons,
// ctrl+wheel to zoom, dragging the background to pan. The zoom survives redraws.
import { el } from "./dom.js";

const STEPS = [0.5, 0.65, 0.8, 1, 1.25, 1.5, 2, 2.5, 3];
let zoom = 1;
let chosen = false; // the player zoomed: a phone's fit-to-width no longer applies
const PHONE = 600; // at most this wide (CSS pixels), a map starts fitted to the screen's width
const PHONE_MAP_MIN = 200; // a phone's map is never shorter than this (CSS pixels)
// What a player can click on a map: the arrow keys move between these, Enter or Space clicks
const TARGETS = ".clickable, .can-move, .can-aim, .can-attack";
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
let mapHadFocus = false; // the keyboard was on the map: a redrawn map takes the focus back

function centre(node) {
  const r = node.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}

// The target nearest to `from` in direction [dx, dy] (off-axis distance counts double).
function nearest(targets, from, [dx, dy]) {
  let best = null, bestScore = Infinity;
  for (const t of targets) {
    const [x, y] = centre(t);
    const along = (x - from[0]) * dx + (y - from[1]) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - from[0]) * dy) + Math.abs((y - from[1]) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { best = t; bestScore = score; }
  }
  return best;
}

// Keyboard play on a map: its targets become buttons the arrow keys move between; Enter or
// Space clicks the one in focus. Without targets the arrow keys scroll the map.
function keyboard(wrap) {
  const targets = wrap.querySelectorAll(TARGETS);
  for (const t of targets) t.setAttribute("tabindex", "-1"); // named by their own <title>
  // a map one plays on is a group of controls, not a picture
  const drawing = wrap.querySelector("svg");
  if (targets.length && drawing?.getAttribute("role") === "img") drawing.setAttribute("role", "group");
  wrap.addEventListener("focusin", () => { mapHadFocus = true; });
  // the focus left for another control (not for the page itself, as when the map is redrawn)
  wrap.addEventListener("focusout", (ev) => { if (ev.relatedTarget && !wrap.contains(ev.relatedTarget)) mapHadFocus = false; });
  wrap.addEventListener("keydown", (ev) => {
    const on = ev.target instanceof Element && ev.target.matches?.(TARGETS) ? ev.target : null;
    if ((ev.key === "Enter" || ev.key === " ") && on) {
      ev.preventDefault();
      on.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const dir = ARROWS[ev.key];
    const targets = [...wrap.querySelectorAll(TARGETS)];
    if (!dir || !targets.length || ev.shiftKey) return; // shift+arrows, or nothing to pick: scroll
    const from = on ? centre(on) : centre(wrap);
    const next = nearest(targets, from, dir) || (on ? null : targets[0]);
    if (!next) return;
    ev.preventDefault();
    next.focus();
    next.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  });
}
let saved = { left: 0, top: 0 }; // the scroll position, kept across redraws
let focusKey = null;

function apply(svgNode) {
  const w = Number(svgNode.dataset.width), h = Number(svgNode.dataset.height);
  svgNode.setAttribute("width", String(Math.round(w * zoom)));
  svgNode.setAttribute("height", String(Math.round(h * zoom)));
}

function step(svgNode, wrap, dir) {
  chosen = true;
  // from a fitted zoom (between two steps) the next step in that direction
  const next = dir > 0 ? (STEPS.find((s) => s > zoom + 1e-9) ?? STEPS[STEPS.length - 1])
    : ([...STEPS].reverse().find((s) => s < zoom - 1e-9) ?? STEPS[0]);
  if (next === zoom) return;
  const cx = (wrap.scrollLeft + wrap.clientWidth / 2) / zoom, cy = (wrap.scrollTop + wrap.clientHeight / 2) / zoom;
  zoom = next;
  apply(svgNode);
  wrap.scrollLeft = cx * zoom - wrap.clientWidth / 2;
  wrap.scrollTop = cy * zoom - wrap.clientHeight / 2;
  const label = wrap.parentNode?.querySelector(".zoom-level");
  if (label) label.textContent = `${Math.round(zoom * 100)}%`;
}

// Wrap `svgNode` (with its natural size in dataset.width/height) in a zoomable, pannable box.
// `focus` is an [x, y] point of the map (natural units) to centre when `key` (what is in
// focus: a floor and a room) changes; otherwise the box keeps the scroll it had.
export function zoomable(svgNode, focus = null, key = null) {
  // a scrollable region the keyboard can reach: focused, the arrow keys scroll it
  const wrap = el("div", { class: "map-wrap", tabindex: "0", role: "region", "aria-label": "Map: the arrow keys move between the places you can pick, Enter picks one; shift and the arrow keys scroll" });
  if (svgNode instanceof SVGElement) {
    apply(svgNode);
    wrap.append(svgNode);
  } else {
    wrap.append(svgNode);
    return el("div", { class: "map-view" }, wrap);
  }
  const tools = el("div", { class: "map-tools" },
    el("button", { type: "button", class: "zoom-out", title: "Zoom out", "aria-label": "Zoom out", onclick: () => step(svgNode, wrap, -1) }, "−"),
    el("span", { class: "zoom-level" }, `${Math.round(zoom * 100)}%`),
    el("button", { type: "button", class: "zoom-in", title: "Zoom in", "aria-label": "Zoom in", onclick: () => step(svgNode, wrap, 1) }, "+"),
    el("button", { type: "button", class: "zoom-reset", title: "Actual size", onclick: () => { zoom = 1.25; step(svgNode, wrap, -1); } }, "100%"));
  wrap.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return;
    ev.preventDefault();
    step(svgNode, wrap, ev.deltaY < 0 ? 1 : -1);
  }, { passive: false });
  // drag to pan; a drag never counts as a click on what it started on
  let drag = null;
  wrap.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || ev.pointerType === "touch") return; // touch scrolls natively
    drag = { x: ev.clientX, y: ev.clientY, left: wrap.scrollLeft, top: wrap.scrollTop, moved: false };
  });
  wrap.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 6) return;
    drag.moved = true;
    wrap.classList.add("panning");
    wrap.scrollLeft = drag.left - dx;
    wrap.scrollTop = drag.top - dy;
  });
  const end = () => { setTimeout(() => { drag = null; }, 0); wrap.classList.remove("panning"); };
  wrap.addEventListener("pointerup", end);
  wrap.addEventListener("pointerleave", end);
  wrap.addEventListener("click", (ev) => { if (drag?.moved) { ev.stopPropagation(); ev.preventDefault(); } }, true);
  keyboard(wrap);
  const refocus = focus && key !== focusKey;
  focusKey = key;
  requestAnimationFrame(() => {
    const natural = Number(svgNode.dataset.width);
    if (window.innerWidth <= PHONE) {
      // a phone: the map ends at the bottom of the first screen (the choices stand above
      // it), so the figure it centres on shows without scrolling the page
      const top = wrap.getBoundingClientRect().top + window.scrollY;
      wrap.style.maxHeight = `${Math.max(PHONE_MAP_MIN, window.innerHeight - top - 4)}px`;
    }
    if (!chosen && window.innerWidth <= PHONE && natural * zoom > wrap.clientWidth) {
      zoom = Math.max(0.35, (wrap.clientWidth - 2) / natural); // the whole width on the screen
      apply(svgNode);
      const label = wrap.parentNode?.querySelector(".zoom-level");
      if (label) label.textContent = `${Math.round(zoom * 100)}%`;
    }
    if (refocus) {
      wrap.scrollLeft = focus[0] * zoom - wrap.clientWidth / 2;
      wrap.scrollTop = focus[1] * zoom - wrap.clientHeight / 2;
    } else {
      wrap.scrollLeft = saved.left;
      wrap.scrollTop = saved.top;
    }
    wrap.addEventListener("scroll", () => { saved = { left: wrap.scrollLeft, top: wrap.scrollTop }; });
    if (mapHadFocus && wrap.isConnected && !wrap.contains(document.activeElement)) wrap.focus({ preventScroll: true });
  });
  return el("div", { class: "map-view" }, tools, wrap);
}
