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

// The glossary (content/beast/glossary.yaml, in the catalogue): every word the page writes for a
// term (the term, its abbreviations, its other forms) -> its entry; status words explain
// themselves too. Matched as written, longest first, never inside another word.
let glossaryMemo = null;
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const ATTACK_RANGE = "A(?:\\d+|\\*)/R\\d+"; // "A3/R4": attack dice and range (the A/R entry)

function glossaryIndex() {
  if (glossaryMemo && glossaryMemo.source === catalog) return glossaryMemo;
  const words = new Map();
  for (const [id, s] of Object.entries(catalog.statuses || {})) {
    if (s.name && s.text) words.set(s.name, { id: `status-${id}`, term: s.name, text: `${s.text[0].toUpperCase()}${s.text.slice(1)}.` });
  }
  for (const [id, g] of Object.entries(catalog.glossary || {})) {
    for (const w of [g.term, ...(g.abbreviations || []), ...(g.forms || [])]) words.set(w, { id, ...g });
  }
  const sorted = [...words.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  const attackRange = Object.values(catalog.glossary || {}).some((g) => (g.abbreviations || []).includes("A/R"));
  const alternatives = attackRange ? [ATTACK_RANGE, ...sorted] : sorted;
  const pattern = alternatives.length ? new RegExp(`(?<![\\w&-])(${alternatives.join("|")})(?![\\w-])`, "g") : null;
  glossaryMemo = { source: catalog, words, pattern };
  return glossaryMemo;
}

// The glossary entry of a word the page shows ("HP", "cool down", "A3/R4"), or null.
export function glossaryEntry(word) {
  const { words } = glossaryIndex();
  if (words.has(word)) return words.get(word);
  if (new RegExp(`^${ATTACK_RANGE}$`).test(word)) return words.get("A/R") || null;
  return null;
}

// A term with its meaning as a tooltip: <abbr class="term" title="...">. ``key`` names the entry
// (a term, abbreviation or form); ``shown`` the words on the page. ``focusable``: reachable with
// the keyboard (the page's fixed places; the log's lines are not, or Tab would crawl through them).
export function term(key, shown = key, focusable = true) {
  const entry = glossaryEntry(key);
  if (!entry) return shown;
  const title = entry.id.startsWith("status-") || entry.term === shown ? entry.text : `${entry.term}: ${entry.text}`;
  return el("abbr", { class: "term", title, tabindex: focusable ? "0" : null, dataset: { term: entry.id } }, shown);
}

// A line of text with every glossary word in it shown as a term (the log, the dice list).
export function withTerms(text) {
  const line = String(text ?? "");
  const { pattern } = glossaryIndex();
  const out = el("span", { class: "with-terms" });
  if (!pattern) { out.append(line); return out; }
  let at = 0;
  for (const m of line.matchAll(pattern)) {
    if (m.index > at) out.append(line.slice(at, m.index));
    out.append(term(m[0], m[0], false));
    at = m.index + m[0].length;
  }
  if (at < line.length) out.append(line.slice(at));
  return out;
}

// "Terms": every glossary entry, its abbreviations and its meaning (under the battle map).
export function termsList() {
  const entries = Object.entries(catalog.glossary || {});
  if (!entries.length) return null;
  return el("details", { class: "beast-terms" }, el("summary", {}, `Terms (${entries.length})`),
    el("dl", {}, ...entries.flatMap(([id, g]) => [
      el("dt", { dataset: { term: id } }, g.term, g.abbreviations?.length ? ` (${g.abbreviations.join(", ")})` : ""),
      el("dd", {}, g.text)])));
}
