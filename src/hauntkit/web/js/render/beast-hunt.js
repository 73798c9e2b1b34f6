// The between-battle pages of a hunt (docs/hunt.md): where the hunt stands, the phases of this
// leg, the party's records (HP, Sanity, wounds, madness, gear) and Crypto, and the phase's own
// page: the shop's wares, the location's event and its choices, the loot, the mystery, the rest.
// Every button is one of the seat's legal actions, labelled by the server (describe_action).
import { el } from "../dom.js";
import { controlLine, inWords, term } from "./beast-common.js";

export const PHASES = ["shop", "investigate", "battle", "loot", "mystery", "rest"];
const PHASE_NAME = { shop: "Shop", investigate: "Investigate", battle: "Battle", loot: "Loot", mystery: "Mystery", rest: "Rest" };
const SLOT_NAME = { open1: "open slot 1", open2: "open slot 2", open3: "open slot 3", open4: "open slot 4", augment: "augment", consumable: "consumable" };

const pretty = (id) => String(id).replace(/[-_]/g, " ");
let shelf = null; // the shop's category shown (kept across redraws)
export const itemName = (cat, id) => cat.gear?.[id]?.name || pretty(id);
const hunterName = (cat, id) => cat.hunters?.[id]?.name || pretty(id);

export function inHunt(view) {
  return Boolean(view && view.phase && view.phase !== "battle" && view.hunt);
}

export function promptTitle(view) {
  const names = { shop: "The shop", investigate: "Investigation", loot: "Loot", mystery: "Mystery", rest: "Rest" };
  return names[view.phase] || "Between battles";
}

// Where the hunt stands: hunt, investigation, location, and this leg's phases.
export function huntHeader(cat, view, story = []) {
  const h = view.hunt || {};
  const hunt = cat.hunts?.[h.hunt];
  const inv = hunt?.investigations?.[h.investigation];
  const loc = cat.locations?.[h.location];
  const plan = new Set(h.plan || []);
  const now = view.phase || "battle";
  const entered = new Set(story.filter((e) => e.type === "phase").map((e) => e.phase));
  const track = el("ol", { class: "phase-track" }, ...PHASES.map((p) => {
    let state = "skipped"; // not part of this leg, or nothing to do in it
    if (p === now) state = "now";
    else if (plan.has(p)) state = "next";
    else if (entered.has(p)) state = "past";
    return el("li", { class: `phase ${state}`, dataset: { phase: p } }, PHASE_NAME[p]);
  }));
  const need = inv?.clues_needed;
  return el("div", { class: "hunt-head" },
    el("div", { class: "hunt-where" }, el("strong", {}, hunt?.name || pretty(h.hunt || "the hunt")),
      inv ? ` · ${inv.name}` : "", loc ? ` · ${loc.name}` : "", h.last ? " (the last location)" : ""),
    track,
    el("div", { class: "hunt-values" },
      el("span", { class: "crypto" }, term("Crypto"), ` ${view.crypto ?? 0}`),
      el("span", {}, term("Renown"), ` ${view.renown ?? 0}`), el("span", {}, term("Infamy"), ` ${view.infamy ?? 0}`),
      el("span", { class: "clues" }, term("Clues"), cluesWords(view.clues ?? 0, need).replace(/^Clues/, ""))),
    // the investigation's Theme card, shown to every hunter (RULING HR-107)
    view.theme ? el("div", { class: "hunt-theme", title: view.theme.text },
      `Theme card: ${view.theme.name}. ${view.theme.goal}`) : null);
}

// The clues the party holds, and how many the investigation needs ("Clues: 3 (2 needed)").
function cluesWords(held, need) {
  return `Clues: ${held}${need ? ` (${need} needed)` : ""}`;
}

function gearCell(cat, record) {
  const gear = Object.entries(record.gear || {}).filter(([, v]) => v);
  const parts = gear.map(([slot, id]) => el("span", { class: "gear-item", title: inWords(cat.gear?.[id]?.text), dataset: { item: id, slot } },
    `${itemName(cat, id)} (${SLOT_NAME[slot] || pretty(slot)})`));
  const pack = (record.pack || []).map((id) => el("span", { class: "pack-item", title: inWords(cat.gear?.[id]?.text), dataset: { item: id } }, itemName(cat, id)));
  return el("td", { class: "gear" }, parts.length ? parts : el("span", { class: "dim" }, "nothing equipped"),
    pack.length ? el("div", { class: "pack" }, "pack: ", ...pack) : null,
    record.arsenal ? el("div", { class: "arsenal", title: inWords(cat.arsenals?.[record.arsenal]?.text) },
      `arsenal: ${cat.arsenals?.[record.arsenal]?.name || pretty(record.arsenal)}`) : null);
}

export function partyTable(cat, view, seatName) {
  const rows = (view.party || []).map((r) => {
    const base = cat.hunters?.[r.hunter]?.hp;
    const maxHp = base ? base - (r.wounds || 0) : null;
    const state = r.dead ? "dead" : r.broken ? "broken (mad)" : "hunting";
    return el("tr", { class: `${r.seat === view.seat ? "mine " : ""}${r.dead || r.broken ? "out" : ""}`, dataset: { hunter: r.hunter } },
      el("td", {}, el("strong", {}, hunterName(cat, r.hunter))), el("td", {}, seatName(r.seat)),
      el("td", {}, maxHp ? `${r.hp}/${maxHp}` : String(r.hp)), el("td", {}, String(r.sanity)),
      el("td", {}, String(r.wounds || 0)), el("td", {}, String(r.madness || 0)), el("td", {}, state), gearCell(cat, r));
  });
  return el("table", { class: "party" },
    el("thead", {}, el("tr", {}, ...["Hunter", "Player", "HP", "Sanity", "Wounds", "Madness", "", "Gear"].map((c) => el("th", {}, c)))),
    el("tbody", {}, ...rows));
}

// The latest roll on the Loot or Mystery table in the story, as its entry (name and text).
function tableRoll(cat, story, type, table) {
  for (let i = (story || []).length - 1; i >= 0; i -= 1) {
    const e = story[i];
    if (e.type === type && e.entry) {
      const entry = cat[table]?.[e.entry];
      return el("div", { class: "hunt-event table-roll" }, el("strong", {}, entry?.name || e.text), entry ? el("p", {}, inWords(entry.text)) : null,
        el("p", { class: "dim" }, e.text));
    }
  }
  return null;
}

// The event waiting for the party's choice (a location's, or a Treasure Map's Location card's
// in the mystery phase), with its choices in words.
function waitingEvent(cat, h) {
  const ev = h.event ? cat.events?.[h.event] : null;
  return ev ? el("div", { class: "hunt-event" }, el("strong", {}, ev.name), el("p", {}, ev.text),
    el("p", { class: "dim" }, "The lead hunter's player chooses:"),
    el("ul", {}, ...Object.values(ev.choices || {}).map((t) => el("li", {}, t)))) : null;
}

// Joe's bounty while investigating (rules: "Bounties (Joe)"; HR-61): its known traits, the
// tries left to track it here (one per Event), and where it was found.
function bountyLine(cat, view) {
  const rec = (view.party || []).find((r) => r.skills?.bounty && Object.keys(r.skills.bounty).length);
  const b = rec?.skills?.bounty;
  const chase = view.hunt?.bounty;
  if (!b && !chase) return null;
  const traits = ["trait1", "trait2", "trait3"].filter((k) => b?.[k]).map((k) => inWords(cat.bounty_traits?.[k]?.[String(b[k])] || ""));
  const parts = [traits.length ? `traits: ${traits.join("; ")}` : "no trait known yet"];
  if (chase) {
    const loc = cat.locations?.[chase.location];
    parts.push(`found: the trail leads to ${loc?.name || pretty(chase.location)}, where the battle will be`);
  } else if (b?.trait2) {
    parts.push(`${b.tries || 0} ${(b.tries || 0) === 1 ? "try" : "tries"} left to track it here (one per Event)`);
  }
  return el("p", { class: "bounty" }, `The bounty${b?.rare ? " (rare)" : ""}: ${parts.join("; ")}.`);
}

function phasePanel(cat, msg, story) {
  const view = msg.view;
  const h = view.hunt || {};
  const loc = cat.locations?.[h.location];
  const box = el("section", { class: `phase-page phase-${view.phase}` }, el("h2", {}, promptTitle(view)));
  if (view.phase === "investigate") {
    if (loc) box.append(el("p", { class: "location-text" }, loc.text));
    const waiting = waitingEvent(cat, h);
    if (waiting) box.append(waiting);
    const bounty = bountyLine(cat, view);
    if (bounty) box.append(bounty);
    if (h.ambush !== null && h.ambush !== undefined) box.append(el("p", { class: "ambush" }, `Ambush roll ${h.ambush} against risk ${loc?.risk ?? "?"}: ${h.fight ? "ambushed!" : "no ambush."}`));
    else if (h.fight) box.append(el("p", { class: "ambush" }, "A fight awaits."));
  } else if (view.phase === "rest") {
    box.append(el("p", {}, h.last ? "A full rest: the investigation is over." : "The hunters catch their breath; wounds may be treated for Crypto."));
  } else {
    box.append(el("p", { class: "dim" }, view.phase === "shop" ? "Buy, sell and equip gear before setting out." : view.phase === "loot" ? "The spoils of the battle." : view.phase === "mystery" ? "The Order or Chaos of this place answers." : ""));
    const rolled = view.phase === "loot" ? tableRoll(cat, story, "loot_roll", "loot")
      : view.phase === "mystery" ? tableRoll(cat, story, "mystery_roll", "mystery") : null;
    if (rolled) box.append(rolled);
    const waiting = view.phase === "mystery" ? waitingEvent(cat, h) : null; // Treasure Map
    if (waiting) box.append(waiting);
  }
  // the wares and choices on offer to me, by kind
  const offers = msg.legal_actions.filter((a) => a.type !== "done" && a.type !== "buy");
  if (offers.length) box.append(el("p", { class: "dim" }, `${offers.length} choice${offers.length === 1 ? "" : "s"} on offer: see the panel on the right.`));
  return box;
}

// The shop's wares: what the party can buy now (its legal "buy" actions), shelf by shelf,
// each with its price, its text and a button per hunter it can be bought for.
function wares(cat, msg, ui) {
  const buys = msg.legal_actions.filter((a) => a.type === "buy");
  if (!buys.length) return null;
  const byItem = new Map();
  for (const a of buys) {
    if (!byItem.has(a.item)) byItem.set(a.item, []);
    byItem.get(a.item).push(a);
  }
  const shelves = [...new Set([...byItem.keys()].map((id) => cat.gear?.[id]?.category || "other"))];
  if (!shelves.includes(shelf)) shelf = shelves[0];
  const tabs = el("div", { class: "shelves" }, ...shelves.map((c) => el("button", {
    type: "button", class: `shelf${c === shelf ? " on" : ""}`, dataset: { shelf: c },
    onclick: () => { shelf = c; ui.rerender(); } }, pretty(c))));
  const rows = [...byItem.entries()].filter(([id]) => (cat.gear?.[id]?.category || "other") === shelf).map(([id, acts]) => {
    const item = cat.gear?.[id] || {};
    return el("tr", { class: "ware", dataset: { item: id } },
      el("td", {}, el("strong", {}, item.name || pretty(id))), el("td", { class: "cost" }, item.cost !== null && item.cost !== undefined ? `${item.cost}` : ""),
      el("td", { class: "ware-text" }, inWords(item.text)),
      el("td", {}, ...acts.map((a) => el("button", { type: "button", class: "action buy", dataset: { action: JSON.stringify(a), type: "buy", hunter: a.hunter },
        title: ui.label(a), onclick: () => ui.act(a) }, `for ${hunterName(cat, a.hunter)}`))));
  });
  return el("section", { class: "wares" }, el("h3", {}, "On the shelves"), tabs,
    el("table", { class: "ware-list" }, el("thead", {}, el("tr", {}, ...["Item", "Crypto", "", "Buy"].map((c) => el("th", {}, c)))), el("tbody", {}, ...rows)));
}

export function renderHuntBoard(root, msg, ui, cat) {
  const view = msg.view;
  root.append(el("div", { class: "hunt-board" }, huntHeader(cat, view, ui.story), phasePanel(cat, msg, ui.story), wares(cat, msg, ui),
    el("section", { class: "party-page" }, el("h2", {}, "The party"), partyTable(cat, view, ui.seatName))));
}

// The seat's choices in this phase, grouped by kind; "done" last.
export function renderHuntPrompt(box, msg, ui, cat) {
  const view = msg.view;
  const mine = (view.party || []).filter((r) => r.seat === view.seat && !r.dead && !r.broken);
  if (mine.length > 1) box.append(el("p", { class: "two-hunters" }, controlLine(mine.map((r) => hunterName(cat, r.hunter)))));
  box.append(el("p", { class: "crypto-line" }, `The party has ${view.crypto ?? 0} Crypto.`));
  const groups = new Map();
  for (const a of msg.legal_actions) {
    if (a.type === "done" || a.type === "buy") continue; // buying: on the shelves
    if (!groups.has(a.type)) groups.set(a.type, []);
    groups.get(a.type).push(a);
  }
  for (const [type, acts] of groups) {
    const list = el("div", { class: `actions group-${type}` });
    for (const a of acts) {
      const item = a.item && cat.gear?.[a.item];
      list.append(el("button", { type: "button", class: "action", title: inWords(item?.text), dataset: { action: JSON.stringify(a), type: a.type },
        onclick: () => ui.act(a) }, ui.label(a)));
    }
    box.append(list);
  }
  const done = msg.legal_actions.find((a) => a.type === "done");
  if (done) {
    box.append(el("div", { class: "actions end" }, el("button", { type: "button", class: "action done", dataset: { action: JSON.stringify(done), type: "done" },
      onclick: () => ui.act(done) }, ui.label(done))));
  }
  return true;
}
