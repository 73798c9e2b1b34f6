// The rules at hand: a ruleset's rules summary in our own words (its content's rules.yaml) and
// a searchable gallery of everything its catalogue names: cards, rooms and tiles, explorers,
// monsters, gear, enemies, hunters... each with its text. /rules/<ruleset>#<entry> opens at an
// entry (the game page links its terms here).
import { api, clear, el } from "./dom.js";

const $ = (id) => document.getElementById(id);
const rulesetId = location.pathname.split("/").filter(Boolean).pop();

// A catalogue key in words: "gear_abilities" -> "Gear abilities".
function sectionName(key) {
  const words = key.replace(/_/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

// Paragraphs separated by blank lines; lines starting with "- " make a list.
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length && lines.every((l) => l.startsWith("- "))) {
      return el("ul", {}, ...lines.map((l) => el("li", {}, l.slice(2))));
    }
    return el("p", {}, lines.join(" "));
  });
}

function renderRules(summary) {
  $("rules-title").textContent = summary.title;
  document.title = `hauntkit — ${summary.title}`;
  const contents = clear($("rules-contents"));
  contents.append(el("ol", {}, ...summary.sections.map((s) => el("li", {}, el("a", { href: `#rule-${s.id}` }, s.title)))));
  clear($("rules-text")).append(...summary.sections.map((s) => el("section", { id: `rule-${s.id}`, class: "rule-section" },
    el("h2", {}, s.title), ...paragraphs(s.text))));
}

// What an entry is called, a line about its kind, and its text (the catalogue's fields vary by
// game: a glossary entry has a term, a combat card says what it does).
function entryParts(entry) {
  const name = entry.name || entry.term || "";
  const kind = ["kind", "category", "role", "template"].map((k) => entry[k]).find((v) => typeof v === "string");
  const text = entry.text || entry.does || "";
  const facts = [];
  const floors = Array.isArray(entry.floors) ? entry.floors : [];
  if (floors.length) facts.push(`Found on: ${floors.map((f) => f.replace(/_/g, " ")).join(", ")}`);
  const symbols = Array.isArray(entry.symbols) && entry.symbols.length ? entry.symbols : entry.symbol ? [entry.symbol] : [];
  if (symbols.length) facts.push(`Discovering it draws: ${symbols.map((s) => `an ${s === "item" || s === "event" || s === "omen" ? s : s.replace(/_/g, " ")} card`).join(", then ")}`);
  return { name, kind: kind ? sectionName(kind) : "", text, facts };
}

function gallerySections(catalog) {
  const out = [];
  for (const [key, entries] of Object.entries(catalog)) {
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) continue;
    const items = Object.entries(entries).map(([id, e]) => [id, e && typeof e === "object" ? entryParts(e) : null])
      .filter(([, p]) => p && p.name);
    if (items.length) out.push({ key, items: items.sort((a, b) => a[1].name.localeCompare(b[1].name)) });
  }
  return out;
}

function renderGallery(catalog) {
  const box = clear($("gallery"));
  const sections = gallerySections(catalog);
  for (const { key, items } of sections) {
    box.append(el("section", { class: "gallery-section", dataset: { section: key } },
      el("h3", {}, sectionName(key)),
      el("div", { class: "gallery-items" }, ...items.map(([id, p]) => el("article", {
        class: "gallery-item", id: `${key}-${id}`, dataset: { search: `${p.name} ${p.kind} ${p.text}`.toLowerCase() },
      }, el("h4", {}, p.name), p.kind ? el("p", { class: "gallery-kind" }, p.kind) : null,
      p.text ? el("p", {}, p.text) : null, ...p.facts.map((f) => el("p", { class: "gallery-fact" }, f)))))));
  }
  const total = sections.reduce((n, s) => n + s.items.length, 0);
  const search = $("gallery-search");
  const filter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const section of box.querySelectorAll(".gallery-section")) {
      let here = 0;
      for (const item of section.querySelectorAll(".gallery-item")) {
        const match = words.every((w) => item.dataset.search.includes(w));
        item.hidden = !match;
        here += match ? 1 : 0;
      }
      section.hidden = here === 0;
      shown += here;
    }
    $("gallery-count").textContent = words.length ? `${shown} of ${total} match` : `${total} in all`;
  };
  search.addEventListener("input", filter);
  filter();
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

async function main() {
  try {
    const info = await api("/api/info");
    const ruleset = info.rulesets.find((r) => r.id === rulesetId);
    if (!ruleset) {
      $("rules-error").textContent = "There is no such game here. Pick one in the lobby.";
      return;
    }
    $("rules-game").textContent = ruleset.name;
    const [summary, catalog] = await Promise.all([
      api(`/api/rulesets/${rulesetId}/rules`).catch(() => null),
      api(`/api/rulesets/${rulesetId}/catalog`),
    ]);
    if (summary) renderRules(summary);
    else clear($("rules-text")).append(el("p", {}, "This game has no rules summary yet; its gallery is below."));
    renderGallery(catalog);
  } catch (err) {
    $("rules-error").textContent = err.message;
  }
}

main();
