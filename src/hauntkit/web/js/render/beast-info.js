// Beside the beast board: my hunters' cards (HP, Sanity, gear, clash hand, cool downs), the turn
// order, the acting enemy's card and intent, every unit in words, the dice of the latest rolls.
import { el, svg } from "../dom.js";
import { SEAT_COLOURS, catalog, glossaryEntry, hunterBook, inWords, joinNames, seatHunters, spaceName, statusText, statusWord, term, unitName, withTerms } from "./beast-common.js";

export function hunterCard(view, u, selected = null) {
  const book = hunterBook(u) || { abilities: {} };
  const cds = Object.entries(book.abilities || {}).map(([id, ab]) => {
    const cd = u.cd?.[id] || 0;
    const ch = u.ch?.[id];
    let state = ["ready"];
    const cooling = [term("cooling down"), `: ${cd} turn${cd === 1 ? "" : "s"}`];
    if (cd > 0) state = cooling;
    if (ch !== undefined) state = [`${ch} `, term("uses left", `use${ch === 1 ? "" : "s"} left`), ...(cd > 0 ? [", ", ...cooling] : [])];
    if (ab.kind === "interrupt" && u.intr) state = [term("interrupt"), " used this turn"];
    return el("li", { class: `ability ${cd > 0 || ch === 0 ? "cooling" : "ready"}` },
      el("span", { class: "ab-name", title: inWords(ab.text) }, ab.name), ab.kind === "interrupt" ? el("span", { class: "ab-kind" }, " (", term("interrupt"), ")") : null,
      el("span", { class: "ab-state" }, " — ", ...state));
  });
  return el("div", { class: `hunter-card${u.alive ? "" : " down"}${selected === u.id ? " selected" : ""}`, dataset: { unit: u.id } },
    el("span", { class: "dot", style: `background:${SEAT_COLOURS[u.seat % 4]}` }),
    el("strong", {}, u.name), " ",
    el("span", { class: "hp" }, term("HP"), ` ${Math.max(0, u.hp)}/${u.max}`), " ",
    el("span", { class: "san" }, term("Sanity"), ` ${u.san}`), " ",
    el("span", { class: "mv" }, ...(u.alive ? [term("moves left"), ` ${u.mv}`, u.acted ? ", " : "", u.acted ? term("has acted") : ""] : ["out of the battle"])),
    statusLine(u),
    gearLine(u),
    handLine(view, u),
    madness(view, u) ? el("div", { class: "madness" }, term("Madness points"), `: ${madness(view, u)}`) : null,
    cds.length ? el("ul", { class: "cooldowns" }, ...cds) : null);
}

// Madness points of a hunter in battle (view "hx", public).
const madness = (view, u) => view.hx?.[u.id]?.mad || 0;

// The clash cards in this hunter's hand: names for its own seat, a count for the others.
function handLine(view, u) {
  const hand = view.clash?.hands?.[u.id];
  if (!hand) return null;
  if (!hand.cards) return el("div", { class: "hand-line" }, term("clash cards", "Clash cards"), ` in hand: ${hand.size}`);
  return el("div", { class: "hand-line" }, term("clash cards", "Clash cards"), ` in hand (${hand.size}): `,
    ...hand.cards.map((cid, i) => el("span", { class: "clash-card", title: [catalog.clash?.[cid]?.light, catalog.clash?.[cid]?.dark].filter(Boolean).map((x, j) => `${j ? "Dark" : "Light"}: ${x}`).join("\n") },
      `${catalog.clash?.[cid]?.name || cid}${i < hand.cards.length - 1 ? ", " : ""}`)));
}

// The unit's equipped gear by name (the gear rules; items' texts as tooltips).
function gearLine(u) {
  const ids = u.gear || [];
  if (!ids.length) return null;
  return el("div", { class: "gear-line" }, "Gear: ", ...ids.map((id, i) => el("span", { class: "gear-item", title: inWords(catalog.gear?.[id]?.text), dataset: { item: id } },
    `${catalog.gear?.[id]?.name || id}${i < ids.length - 1 ? ", " : ""}`)));
}

function statusLine(u) {
  const names = Object.keys(u.st || {});
  if (!names.length) return null;
  return el("div", { class: "statuses" }, ...names.map((s) => el("span", { class: "status", title: statusText(s) }, statusWord(s))));
}

export function intentBox(view) {
  const a = view.acting;
  if (!a) return null;
  const who = unitName(view, a.unit);
  const target = a.target ? unitName(view, a.target) : null;
  const moving = a.path?.length ? `, moving through ${a.path.map((p) => spaceName(p[0], p[1])).join(", ")}` : "";
  return el("div", { class: "intent" },
    el("div", { class: "intent-card" }, el("span", { class: "card-kind" }, term("Combat card"), " "), el("strong", { class: "card-name" }, a.card_name || a.card)),
    el("p", { class: "intent-text" }, withTerms(`${who} drew ${a.card_name}: ${a.does}${a.ability ? ` (${a.ability.name})` : ""}${target ? ` on ${target}` : ""}${moving}.`)));
}

export function battleHeader(view) {
  const name = catalog.maps?.[view.map.id]?.name || view.map.id;
  const side = view.side === "hunters" ? "the hunters' turn" : "the enemies' turn";
  const mission = view.mission?.type === "survive" ? ` · survive ${view.mission.rounds} rounds` : "";
  return el("div", { class: "battle-head" }, el("strong", {}, name), " · ", term("round"), ` ${view.round} · ${side}${mission}`);
}

export function turnOrder(view, ui) {
  const first = view.first;
  const order = first === "hunters" ? ["hunters", "enemies"] : ["enemies", "hunters"];
  const units = Object.values(view.units || {});
  const enemies = units.filter((u) => u.side === "enemies" && u.alive).sort((a, b) => a.cp - b.cp);
  const hunters = units.filter((u) => u.side === "hunters" && u.alive);
  const passed = new Set(view.passed || []);
  const items = order.map((side) => {
    const now = view.side === side && !view.result;
    if (side === "hunters") {
      const seats = [...new Set(hunters.map((u) => u.seat))].sort((a, b) => a - b);
      return el("li", { class: `order-side${now ? " now" : ""}` }, el("strong", {}, "Hunters"),
        el("ul", {}, ...seats.map((s) => el("li", { class: passed.has(s) && now ? "done" : "" },
          `${ui.seatName(s)}: ${joinNames(hunters.filter((u) => u.seat === s).map((u) => u.name))}${passed.has(s) && now ? " (done)" : ""}`))));
    }
    return el("li", { class: `order-side${now ? " now" : ""}` }, el("strong", {}, "Enemies"), " (the weakest acts first)",
      el("ol", {}, ...enemies.map((u) => el("li", { class: view.acting?.unit === u.id ? "now" : "" }, `${u.name} (`, term("strength"), ` ${u.cp})`))));
  });
  return el("section", { class: "info turn-order" }, el("h3", {}, "Turn order — ", term("initiative"), `: ${first} first`), el("ol", {}, ...items));
}

// My hunters with their cool downs and uses left (beside the board on a wide screen; a phone
// shows the same cards above the choices).
export function mineSection(view, selected = null) {
  const mine = seatHunters(view, view.seat);
  if (!mine.length) return null;
  return el("section", { class: "info mine-info beast-mine" }, el("h3", {}, mine.length > 1 ? "Your hunters" : "Your hunter"),
    ...mine.map((u) => hunterCard(view, u, selected)));
}

function cooling(u) {
  const book = hunterBook(u);
  const parts = Object.entries(u.cd || {}).filter(([, n]) => n > 0).map(([id, n]) => `${book?.abilities?.[id]?.name || catalog.gear_abilities?.[id]?.name || id} ${n}`);
  return parts.length ? ` · cooling down: ${parts.join(", ")}` : "";
}

export function unitList(view) {
  const units = Object.values(view.units || {});
  return el("section", { class: "info units" }, el("h3", {}, "On the board"),
    el("ul", { class: "unit-list" }, ...units.map((u) => el("li", { class: `${u.side}${u.alive ? "" : " down"}`, dataset: { unit: u.id } },
      el("strong", {}, u.name), ` ${spaceName(u.x, u.y)} · `, term("HP"), ` ${Math.max(0, u.hp)}/${u.max}`,
      ...(u.side === "hunters" ? [" · ", term("Sanity"), ` ${u.san}${cooling(u)}`] : []),
      u.alive ? "" : " · out", view.clash?.hands?.[u.id] ? ` · ${view.clash.hands[u.id].size} clash cards` : "",
      madness(view, u) ? ` · madness ${madness(view, u)}` : "", Object.keys(u.st || {}).length ? el("span", { class: "statuses" }, " · ", Object.keys(u.st).map(statusWord).join(", ")) : null))));
}

const ROLLS = new Set(["initiative", "attack_roll", "defence_roll", "crit_roll", "crit_reroll", "hex_roll", "burning", "element_roll",
  "poison", "blind_check", "opportunity", "sanity_check", "skill_check"]);

// A combat die face drawn (RULING R1): a sword and a shield, two crossed swords, or blank.
const SWORD = "M3 13 L12 4 M9 4 L12 4 L12 7 M4 10 L6 12";
const SWORD2 = "M13 13 L4 4 M7 4 L4 4 L4 7 M12 10 L10 12";

const SHIELD = "M9 8 h5 v3 q0 3 -2.5 4 q-2.5 -1 -2.5 -4 z";

function die(face) {
  const word = catalog.faces?.[String(face)] || String(face);
  const paths = face === 2 ? [SWORD, SWORD2] : face === 1 ? [SWORD, SHIELD] : [];
  return el("span", { class: `die face-${face}`, role: "img", title: word, "aria-label": word },
    svg("svg", { viewBox: "0 0 16 16", width: 16, height: 16 }, ...paths.map((d) => svg("path", { d }))));
}

// The dice of one roll event: combat dice drawn as faces, d6 rolls as numbers; null when the
// event rolled nothing (the side column's list and the page's top tray both use it).
export function rollDice(e) {
  if (!ROLLS.has(e.type)) return null;
  const faces = Array.isArray(e.faces) ? e.faces : typeof e.face === "number" ? [e.face] : null;
  if (faces) return el("span", { class: "dice-row" }, ...faces.map(die));
  if (e.type === "initiative") return el("span", { class: "dice-row" }, el("span", { class: "d6" }, String(e.hunters)), " vs ", el("span", { class: "d6" }, String(e.enemies)));
  if (typeof e.roll === "number") return el("span", { class: "dice-row" }, el("span", { class: "d6" }, String(e.roll)));
  return null;
}

export function rolls(story) {
  const list = (story || []).filter((e) => ROLLS.has(e.type)).slice(-8).reverse();
  return el("section", { class: "info rolls" }, el("h3", {}, "Dice"),
    list.length ? el("ul", { class: "roll-list" }, ...list.map((e) =>
      el("li", { class: `roll ev-${e.type}` }, rollDice(e), " ", el("span", { class: "roll-text" }, withTerms(e.text))))) : el("p", { class: "waiting" }, "No dice yet."),
    diceKey());
}

// The dice key: what each combat die face means (RULING R1, in the glossary's words), and the
// plain numbered die.
const KEY_FACES = [[1, "sword & shield"], [2, "double sword"], [0, "blank"]];

export function diceKey() {
  const meaning = (word) => glossaryEntry(word)?.text || "";
  return el("div", { class: "dice-key" }, el("h4", {}, "Dice key"),
    el("ul", {}, ...KEY_FACES.map(([face, word]) => el("li", { class: "key-face", dataset: { face } }, die(face), " ",
      el("strong", {}, catalog.faces?.[String(face)] || word), `: ${meaning(word)}`)),
    el("li", { class: "key-d6" }, el("span", { class: "d6" }, "6"), " ", el("strong", {}, "a number"), `: ${meaning("d6")}`)));
}

export function legend() {
  const item = (node, text) => el("span", { class: "legend-item" }, node, term(text));
  return el("div", { class: "legend beast-legend" },
    item(el("span", { class: "lg lg-lit" }), "lit tile"), item(el("span", { class: "lg lg-dark" }), "dark tile"),
    item(el("span", { class: "lg lg-wall" }), "wall"), item(el("span", { class: "lg lg-cover" }), "cover"),
    item(el("span", { class: "lg lg-bar" }), "barricade"), item(el("span", { class: "lg lg-lamp" }), "light source"),
    item(el("span", { class: "lg lg-move" }), "you can move here"), item(el("span", { class: "lg lg-reach" }), "within reach"));
}
