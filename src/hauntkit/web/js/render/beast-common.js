// What the beast renderer's modules share: the public catalogue (/api/rulesets/beast/catalog),
// the seat colours, and names: spaces (A1, B1..., HR-90), statuses in words, units, abilities.
import { el } from "../dom.js";

export const SEAT_COLOURS = ["#e0b43c", "#5aa0d8", "#6fbf73", "#d77ad0"];

export let catalog = { hunters: {}, enemies: {}, cards: {}, statuses: {}, maps: {}, directions: [] };

try {
  const res = await fetch("/api/rulesets/beast/catalog");
  if (res.ok) catalog = await res.json();
} catch { /* names fall back to the view's */ }

(function linkCss() {
  if (document.querySelector("link[data-beast]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/js/render/beast.css", "data-beast": "1" }));
})();

export const spaceName = (x, y) => `${String.fromCharCode(65 + x)}${y + 1}`;
export const statusWord = (s) => catalog.statuses?.[s]?.name || String(s).toLowerCase().replace(/_/g, " ");

export const statusText = (s) => catalog.statuses?.[s]?.text || "";

// A content text for the page: the rule document's capitalised terms (statuses such as BLIND
// or MULTI-ATTACK, elements such as PHYSICAL) become plain words, as statuses are everywhere
// else on the page; a few abbreviations (AOE, DEF, HP, CP, SMG, LMG) stay as they are.
const KEEP_CAPS = new Set(["AOE", "DEF", "HP", "CP", "SMG", "LMG"]);
export function inWords(text) {
  return String(text || "").replace(/\b[A-Z]{3,}(?:[-_][A-Z]+)*\b/g, (w) => (KEEP_CAPS.has(w) ? w : w.toLowerCase().replace(/_/g, " ")));
}

export function abilityOf(view, unit, id) {
  if (!unit) return null;
  const book = unit.side === "hunters" ? catalog.hunters?.[unit.kind] : catalog.enemies?.[unit.kind];
  return book?.abilities?.[id] || book?.gained?.[id] || catalog.gear_abilities?.[id] || null;
}

export function hunterBook(unit) { return catalog.hunters?.[unit.kind] || null; }

export function unitName(view, uid) {
  const u = view.units?.[uid];
  if (u) return u.name;
  const light = (view.lights || []).find((l) => l.id === uid);
  if (light) return `the light at ${spaceName(light.x, light.y)}`;
  const bar = (view.barricades || []).find((b) => b.id === uid);
  if (bar) return `the barricade at ${spaceName(bar.x, bar.y)}`;
  return String(uid);
}

// Hunters a seat plays, in unit order.
export function seatHunters(view, seat) {
  return Object.values(view.units || {}).filter((u) => u.side === "hunters" && u.seat === seat);
}

export const joinNames = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

// "You control two hunters: Fei and Joe." (one person playing several hunters is told so).
const COUNT = { 2: "two", 3: "three", 4: "four" };
export const controlLine = (names) => `You control ${COUNT[names.length] || names.length} hunters: ${joinNames(names)}.`;
