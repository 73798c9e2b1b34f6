// The betrayal renderer: the house floor by floor, explorers with their trait tracks and cards,
// monsters, the haunt (public intro, my side's secret book), and rich prompts (tile rotation).
// It draws only what the seat's view holds; names and texts of components come from the
// public catalogue (/api/rulesets/betrayal/catalog). Imported as "betrayal.js?ruleset=<id>"
// (render/legacy.js), it is another instance of this module drawing that ruleset's house from
// its own catalogue.
import { count, el, svg } from "../dom.js";
import { zoomable } from "../mapview.js";

const SIDES = ["n", "e", "s", "w"];
const STEP = { n: [0, 1], e: [1, 0], s: [0, -1], w: [-1, 0] };
const SIDE_NAME = { n: "north", e: "east", s: "south", w: "west" };
const RULESET = new URL(import.meta.url).searchParams.get("ruleset") || "betrayal";
const FLOORS = ["upper", "ground", "outside", "basement"]; // tabs: only those with tiles
const FLOOR_NAME = { upper: "Upper floor", ground: "Ground floor", outside: "Outside", basement: "Basement" };
const TRAITS = ["might", "speed", "knowledge", "sanity"];
const SEAT_COLOURS = ["#e0b43c", "#5aa0d8", "#6fbf73", "#d77ad0", "#e07b4f", "#9fd6d0"];
const CELL = 112;
const SYMBOLS = {
  omen: "Omen room: the first explorer to end a move here draws an omen card (omens bring the haunt nearer).",
  item: "Item room: the first explorer to end a move here draws an item card.",
  event: "Event room: the first explorer to end a move here draws an event card.",
};

let catalog = { cards: {}, characters: {}, monsters: {}, rooms: {} };
try {
  const res = await fetch(`/api/rulesets/${encodeURIComponent(RULESET)}/catalog`);
  if (res.ok) catalog = await res.json();
} catch { /* names fall back to ids */ }

let shownFloor = null; // the floor the player picked, or null to follow the action
let placeSpot = 0;     // which spot of a tile placement is shown
let placeRot = 0;      // which of that spot's rotations is shown
let placeKey = "";
let labels = new Map();
let selectedMonster = null; // on the monsters' turn, the monster whose moves the map shows

const pretty = (id) => String(id).replace(/_/g, " ");
export const cardName = (id) => catalog.cards?.[id]?.name || pretty(id);
const roomName = (view, id) => view.tiles?.find((t) => t.room === id)?.name || catalog.rooms?.[id]?.name || pretty(id);
const rotate = (side, r) => SIDES[(SIDES.indexOf(side) + r) % 4];

function explorerName(view, seat) {
  return view.explorers?.[seat]?.name || `Seat ${Number(seat) + 1}`;
}

// A monster's name, numbered when others of its kind share its tile ("Shade 2").
function monsterName(view, m) {
  const here = view.monsters.filter((x) => x.kind === m.kind && x.room === m.room);
  return here.length > 1 ? `${m.name} ${here.indexOf(m) + 1}` : m.name;
}

// An explorer by name; a monster by name and, when others of its kind are in play, its tile.
function targetName(view, target) {
  if (typeof target === "number") return explorerName(view, target);
  const m = view.monsters?.find((x) => x.id === target);
  if (!m) return pretty(target);
  const kin = view.monsters.filter((x) => x.kind === m.kind);
  return kin.length > 1 ? `${monsterName(view, m)} in ${roomName(view, m.room)}` : m.name;
}

// ---------------------------------------------------------------- labels and texts
export function describeAction(a, view) {
  const known = labels.get(JSON.stringify(a));
  switch (a.type) {
    case "end_turn": return "End turn";
    case "move": return `Move to ${roomName(view, a.to)}`;
    case "explore": return `Explore through the ${SIDE_NAME[a.dir] || a.dir} door`;
    case "room_action": return known || `Room: ${pretty(a.id)}`;
    case "use": return known || `${cardName(a.card)}: ${pretty(a.id)}`;
    case "haunt_action": return known || `Haunt: ${pretty(a.id)}`;
    case "attack": return `Attack ${targetName(view, a.target)}${a.weapon ? ` with ${cardName(a.weapon)}` : ""}`;
    case "give": return `Give ${cardName(a.card)} to ${explorerName(view, a.to)}`;
    // no card: the end of dropping or picking up several (RULING HB-2)
    case "drop": return a.card === "all" ? "Drop everything" : a.card == null ? "Keep the rest" : `Drop ${cardName(a.card)}`;
    case "pick_up": return a.card === "all" ? "Pick up everything" : a.card == null ? "Leave the rest" : `Pick up ${cardName(a.card)}`;
    case "place_stairs": return "Search the stack for the Stairs from Basement";
    case "mmove": return `${targetName(view, a.monster)}: move to ${roomName(view, a.to)}`;
    case "mattack": return `${targetName(view, a.monster)}: attack ${targetName(view, a.target)}`;
    case "power": return known || `${targetName(view, a.monster)}: ${pretty(a.id)}`;
    case "mpick": return `${targetName(view, a.monster)}: pick up ${cardName(a.card)}`;
    case "rotate": return `Turn the tile ${a.r * 90}°`;
    case "place_tile": return `Place ${roomName(view, a.room)} ${SIDE_NAME[a.dir]} of ${roomName(view, a.at)}, turned ${a.r * 90}°`;
    case "steal": return a.card ? `Steal ${cardName(a.card)} instead of hurting` : "Deal the damage (steal nothing)";
    case "damage": return `Take it on ${a.trait}`;
    case "trait": return `${a.trait[0].toUpperCase()}${a.trait.slice(1)}`;
    case "target": return `Attack ${targetName(view, a.target)}`;
    case "option": return a.label || `Option ${a.i + 1}`;
    case "outcome": return known || `Outcome ${a.i + 1}`;
    default: {
      if (known) return known;
      const { type, ...rest } = a;
      const bits = Object.entries(rest).map(([k, v]) => `${k}: ${typeof v === "string" ? (catalog.cards?.[v]?.name || pretty(v)) : JSON.stringify(v)}`);
      return `${pretty(type)}${bits.length ? ` (${bits.join(", ")})` : ""}`;
    }
  }
}

export function promptTitle(view) {
  if (view.choice && view.choice.seat === view.seat) return view.choice.prompt;
  if (view.turn?.actor === "monsters") return "The monsters' turn: you move them";
  return "Your turn";
}

export function seatSummary(view, i) {
  const e = view.explorers?.[i];
  if (!e) return "";
  const side = e.side === "traitor" ? "traitor" : e.side === "heroes" ? "hero" : e.side === "unknown" ? "?" : "";
  return `${e.name}${side ? `, ${side}` : ""}${e.alive ? "" : " — dead"}`;
}

export function describeResult(result, view) {
  const who = result.winner === "heroes" ? "The heroes win" : result.winner === "traitor" ? "The traitor wins"
    : result.winner === "house" ? "The house wins" : result.winner ? `${pretty(result.winner)} win` : "Nobody wins";
  const haunt = view.haunt?.name ? ` in “${view.haunt.name}”` : "";
  const line = `${who}${haunt}: ${result.reason || "the game ended"}${result.turns ? ` after ${result.turns} turns` : ""}.`;
  // the winners' "If You Win", read aloud to the table
  return result.ending ? `${line} ${result.ending}` : line;
}

// ---------------------------------------------------------------- the secret book
const BOX_KIND = { main_goal: "Main goal", side_goal: "Side goal", reaction: "Reaction" };

// One haunt box (Legacy): its colour, kind, title, text and the actions printed in it.
function renderBox(box, whose) {
  const kind = box.colour === "gray" ? "The traitor (public)" : BOX_KIND[box.kind] || "Box";
  return el("div", { class: `haunt-box box-${box.colour}` },
    el("div", { class: "box-head" }, el("span", { class: "box-kind" }, whose ? `${whose}: ${kind}` : kind),
      box.title ? el("strong", {}, ` ${box.title}`) : null),
    box.text ? el("p", { class: "box-text" }, box.text) : null,
    box.actions?.length ? el("ul", { class: "box-actions" }, ...box.actions.map((a) => el("li", {}, a))) : null);
}

const SIDE_WORDS = { heroes: "The heroes' box", traitor: "The traitor's box" };

export function renderSecrets(view) {
  const h = view.haunt;
  if (!h) return null;
  const boxes = h.book?.boxes || [];
  const others = [...(h.traitor_boxes && h.my_side !== "traitor" ? h.traitor_boxes : []),
    ...(h.read_boxes || [])];
  if (!h.book && !others.length) return null;
  const side = h.my_side === "traitor" ? "The traitor's book" : "The heroes' book";
  return el("div", { class: `book book-${h.my_side}` },
    h.book ? el("h3", {}, `${side}: ${h.name}`) : el("h3", {}, `The haunt: ${h.name}`),
    h.book ? el("p", { class: "book-text" }, h.book.book) : null,
    h.book?.goals.length && !boxes.length ? el("div", {}, el("strong", {}, "Goals"), el("ul", { class: "goals" }, ...h.book.goals.map((g) => el("li", {}, g)))) : null,
    h.progress?.length ? el("div", { class: "progress" }, el("strong", {}, "Progress"),
      el("ul", {}, ...h.progress.map((p) => el("li", { class: "progress-item" }, p.text)))) : null,
    boxes.length ? el("div", { class: "boxes" }, ...boxes.map((b) => renderBox(b, null))) : null,
    h.book?.facts.length ? el("div", {}, el("strong", {}, "Facts"), el("ul", { class: "facts" }, ...h.book.facts.map((f) => el("li", {}, f)))) : null,
    others.length ? el("div", { class: "boxes boxes-read" }, el("strong", {}, "Boxes you may read"),
      ...others.map((b) => renderBox(b, b.side ? SIDE_WORDS[b.side] : null))) : null);
}

// ---------------------------------------------------------------- prompts
// Where a tile may go: [{room, floor, x, y, label, options: [actions differing by r]}].
function placementSpots(view, legal) {
  const spots = new Map();
  const rot = legal.filter((a) => a.type === "rotate");
  const tile = view.choice?.tile;
  if (rot.length && tile) {
    return [{ room: tile.room, floor: tile.floor, x: tile.x, y: tile.y, options: rot, label: "" }];
  }
  for (const a of legal) {
    if (a.type !== "place_tile") continue;
    const key = `${a.at}|${a.dir}`;
    if (!spots.has(key)) {
      const at = view.tiles.find((t) => t.room === a.at);
      if (!at) continue;
      spots.set(key, { room: a.room, floor: at.floor, x: at.x + STEP[a.dir][0], y: at.y + STEP[a.dir][1], options: [],
        label: ` ${SIDE_NAME[a.dir]} of ${roomName(view, a.at)}` });
    }
    spots.get(key).options.push(a);
  }
  return [...spots.values()];
}

export function renderPrompt(box, msg, ui) {
  const view = msg.view;
  labels = new Map((msg.legal_actions || []).map((a, i) => [JSON.stringify(a), msg.labels?.[i] || null]));
  const spots = placementSpots(view, msg.legal_actions);
  if (!spots.length) {
    groupedButtons(box, msg, ui);
    return true;
  }
  const key = JSON.stringify(spots.map((s) => [s.x, s.y, s.options.map((a) => a.r)]));
  if (key !== placeKey) { placeKey = key; placeSpot = 0; placeRot = 0; }
  placeSpot %= spots.length;
  const spot = spots[placeSpot];
  placeRot %= spot.options.length;
  const chosen = spot.options[placeRot];
  box.append(el("div", { class: "placement" },
    el("p", {}, `${roomName(view, spot.room)}${spot.label}, turned ${chosen.r * 90}°`),
    tilePreview(spot.room, chosen.r),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "rotate", disabled: spot.options.length < 2 ? true : null, onclick: () => { placeRot += 1; ui.rerender(); } }, `Rotate (${placeRot + 1}/${spot.options.length})`),
      spots.length > 1 ? el("button", { type: "button", class: "next-spot", onclick: () => { placeSpot += 1; placeRot = 0; ui.rerender(); } }, `Other place (${placeSpot + 1}/${spots.length})`) : null,
      el("button", { type: "button", class: "place action", dataset: { action: JSON.stringify(chosen), type: chosen.type }, onclick: () => ui.act(chosen) }, "Place the tile here"))));
  return true;
}

function groupedButtons(box, msg, ui) {
  const view = msg.view;
  const groups = new Map();
  const order = ["place_tile", "steal", "damage", "trait", "target", "option", "outcome", "move", "explore", "attack", "use", "room_action", "haunt_action", "pick_up", "drop", "give", "mmove", "mattack", "power", "mpick", "place_stairs", "end_turn"];
  const title = { move: "Move", explore: "Explore", attack: "Attack", use: "Use a card", room_action: "This room", haunt_action: "The haunt", pick_up: "Pick up", drop: "Drop", give: "Give", mmove: "Monsters move", mattack: "Monsters attack", power: "Monster powers", mpick: "Monsters carry", end_turn: "" };
  for (const a of msg.legal_actions) {
    if (!groups.has(a.type)) groups.set(a.type, []);
    groups.get(a.type).push(a);
  }
  const types = [...groups.keys()].sort((x, y) => (order.indexOf(x) + 1 || 99) - (order.indexOf(y) + 1 || 99));
  for (const t of types) {
    const list = el("div", { class: "actions" });
    for (const a of groups.get(t)) {
      list.append(el("button", {
        type: "button", class: `action act-${a.type}`, dataset: { action: JSON.stringify(a), type: a.type },
        onclick: () => ui.act(a),
      }, describeAction(a, view)));
    }
    box.append(el("div", { class: "action-group" }, title[t] ? el("div", { class: "group-title" }, title[t]) : null, list));
  }
}

function tilePreview(room, r) {
  const info = catalog.rooms?.[room] || { doors: [], false_doors: [], name: pretty(room) };
  const s = svg("svg", { width: CELL + 8, height: CELL + 8, viewBox: `-4 -4 ${CELL + 8} ${CELL + 8}`, class: "preview" });
  drawTile(s, 0, 0, {
    name: info.name, doors: info.doors.filter((d) => !info.false_doors.includes(d)).map((d) => rotate(d, r)),
    false_doors: info.false_doors.map((d) => rotate(d, r)), symbol: info.symbol, symbols: info.symbols, tokens: {}, pile: [],
  }, { ghost: true });
  return s;
}

// ---------------------------------------------------------------- the house
function drawTile(root, px, py, t, opts = {}) {
  const g = svg("g", { class: `tile${opts.ghost ? " ghost" : ""}${opts.click ? " clickable" : ""}${opts.here ? " here" : ""}`, transform: `translate(${px},${py})`, "data-room": t.room || "" });
  g.append(svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 4, class: "tile-body" }));
  const mid = CELL / 2;
  const door = { n: [mid - 14, 0, 28, 7], s: [mid - 14, CELL - 7, 28, 7], w: [0, mid - 14, 7, 28], e: [CELL - 7, mid - 14, 7, 28] };
  for (const d of t.doors || []) g.append(svg("rect", { x: door[d][0], y: door[d][1], width: door[d][2], height: door[d][3], class: "door" }));
  for (const d of t.false_doors || []) g.append(svg("rect", { x: door[d][0], y: door[d][1], width: door[d][2], height: door[d][3], class: "door false" }));
  const words = String(t.name || "").split(" ");
  const lines = [];
  for (const w of words) {
    if (lines.length && (lines[lines.length - 1] + " " + w).length <= 13) lines[lines.length - 1] += " " + w;
    else lines.push(w);
  }
  lines.slice(0, 3).forEach((line, i) => g.append(svg("text", { x: mid, y: 24 + i * 13, class: "tile-name", "text-anchor": "middle", text: line })));
  const symbols = t.symbols?.length ? t.symbols : t.symbol ? [t.symbol] : [];
  symbols.forEach((sym, i) => g.append(svg("text", { x: CELL - 12 - i * 14, y: CELL - 10, class: `symbol sym-${sym}`, "text-anchor": "middle", text: sym[0].toUpperCase() }, svg("title", { text: SYMBOLS[sym] || `${pretty(sym)} symbol` }))));
  const toks = Object.entries(t.tokens || {}).filter(([, n]) => n);
  toks.forEach(([name, n], i) => g.append(svg("text", { x: 8, y: CELL - 10 - i * 11, class: "token", text: `${pretty(name)}${n > 1 ? ` ×${n}` : ""}` })));
  if ((t.pile || []).length) {
    g.append(svg("text", { x: CELL - 10, y: 16, class: "pile", "text-anchor": "end", text: `▣${t.pile.length}` },
      svg("title", { text: `On the floor: ${t.pile.map(cardName).join(", ")}` })));
  }
  if (t.text) g.append(svg("title", { text: `${t.name}: ${t.text}` }));
  if (opts.click) g.addEventListener("click", opts.click);
  root.append(g);
  return g;
}

function chooseFloor(view, msg, spots) {
  if (shownFloor) return shownFloor;
  const tileFloor = (room) => view.tiles.find((t) => t.room === room)?.floor;
  if (spots.length) return spots[placeSpot % spots.length].floor || "ground";
  const me = view.seat !== null && view.seat !== undefined ? view.explorers[view.seat] : null;
  const actor = typeof view.turn?.actor === "number" ? view.explorers[view.turn.actor] : null;
  return tileFloor((me && me.alive ? me : actor || me)?.room) || "ground";
}

function drawFloor(view, msg, ui, floor, spots) {
  const tiles = view.tiles.filter((t) => t.floor === floor);
  const legal = msg.legal_actions || [];
  const byRoom = new Map(view.tiles.map((t) => [t.room, t]));
  const ghosts = [];
  spots.forEach((spot, i) => {
    if (spot.floor !== floor) return;
    const shown = i === placeSpot % spots.length;
    ghosts.push({ x: spot.x, y: spot.y, index: i, room: spot.room, shown,
      action: spot.options[shown ? placeRot % spot.options.length : 0] });
  });
  const explores = [];
  const me = view.seat !== null && view.seat !== undefined ? view.explorers[view.seat] : null;
  for (const a of legal) {
    if (a.type !== "explore" || !me) continue;
    const t = byRoom.get(me.room);
    if (t && t.floor === floor) explores.push({ x: t.x + STEP[a.dir][0], y: t.y + STEP[a.dir][1], action: a });
  }
  const xs = [...tiles.map((t) => t.x), ...ghosts.map((g) => g.x), ...explores.map((e) => e.x)];
  const ys = [...tiles.map((t) => t.y), ...ghosts.map((g) => g.y), ...explores.map((e) => e.y)];
  if (!xs.length) return el("p", { class: "empty-floor" }, "Nothing discovered on this floor yet.");
  const minx = Math.min(...xs), maxx = Math.max(...xs), miny = Math.min(...ys), maxy = Math.max(...ys);
  const w = (maxx - minx + 1) * CELL, h = (maxy - miny + 1) * CELL;
  const pos = (x, y) => [(x - minx) * CELL, (maxy - y) * CELL];
  const root = svg("svg", { width: w + 8, height: h + 8, viewBox: `-4 -4 ${w + 8} ${h + 8}`, class: "floor-map", "data-floor": floor, "data-width": w + 8, "data-height": h + 8 });
  const mine = me?.alive ? byRoom.get(me.room) : null;
  if (mine && mine.floor === floor) {
    const [fx, fy] = pos(mine.x, mine.y);
    root.dataset.focus = `${fx + CELL / 2 + 4},${fy + CELL / 2 + 4}`;
  }
  const movers = new Set(legal.filter((a) => a.monster).map((a) => a.monster));
  if (!movers.has(selectedMonster)) selectedMonster = movers.size ? [...movers][0] : null;
  const moves = new Map(legal.filter((a) => a.type === "move").map((a) => [a.to, a]));
  for (const a of legal) if (a.type === "mmove" && a.monster === selectedMonster) moves.set(a.to, a);
  const attacks = new Map();
  for (const a of legal) if (a.type === "attack" && !attacks.has(a.target)) attacks.set(a.target, a);
  for (const a of legal) if (a.type === "target" && !attacks.has(a.target)) attacks.set(a.target, a);
  for (const a of legal) if (a.type === "mattack" && a.monster === selectedMonster && !attacks.has(a.target)) attacks.set(a.target, a);
  const myRoom = me?.room;
  for (const t of tiles) {
    const [px, py] = pos(t.x, t.y);
    const move = moves.get(t.room);
    drawTile(root, px, py, t, { click: move ? () => ui.act(move) : null, here: t.room === myRoom });
  }
  for (const g of ghosts) {
    const [px, py] = pos(g.x, g.y);
    if (g.shown) {
      const info = catalog.rooms?.[g.room] || { doors: [], false_doors: [], name: pretty(g.room) };
      drawTile(root, px, py, {
        room: g.room, name: info.name,
        doors: info.doors.filter((d) => !info.false_doors.includes(d)).map((d) => rotate(d, g.action.r)),
        false_doors: info.false_doors.map((d) => rotate(d, g.action.r)), symbol: info.symbol, symbols: info.symbols,
      }, { ghost: true, click: () => { placeRot += 1; ui.rerender(); } });
    } else {
      root.append(svg("rect", { x: px + 10, y: py + 10, width: CELL - 20, height: CELL - 20, rx: 6, class: "spot clickable", onclick: () => { placeSpot = g.index; placeRot = 0; ui.rerender(); } }, svg("title", { text: "Place the tile here instead" })));
    }
  }
  for (const e of explores) {
    const [px, py] = pos(e.x, e.y);
    const gx = svg("g", { class: "explore clickable", "data-dir": e.action.dir, transform: `translate(${px},${py})`, onclick: () => ui.act(e.action) },
      svg("rect", { x: 18, y: 18, width: CELL - 36, height: CELL - 36, rx: 8, class: "explore-box" }),
      svg("text", { x: CELL / 2, y: CELL / 2 + 6, "text-anchor": "middle", class: "explore-mark", text: "?" }),
      svg("title", { text: `Explore ${SIDE_NAME[e.action.dir]}: discover a new room` }));
    root.append(gx);
  }
  // figures
  const inRoom = new Map();
  const add = (room, fig) => { if (!inRoom.has(room)) inRoom.set(room, []); inRoom.get(room).push(fig); };
  for (const e of view.explorers) if (e.alive) add(e.room, { kind: "explorer", e });
  for (const m of view.monsters || []) add(m.room, { kind: "monster", m });
  for (const [room, figs] of inRoom) {
    const t = byRoom.get(room);
    if (!t || t.floor !== floor) continue;
    const [px, py] = pos(t.x, t.y);
    figs.forEach((f, i) => {
      const cx = px + 20 + (i % 4) * 24, cy = py + 66 + Math.floor(i / 4) * 22;
      const target = f.kind === "explorer" ? f.e.seat : f.m.id;
      const attack = attacks.get(target);
      let click = attack ? () => ui.act(attack) : null;
      if (!attack && f.kind === "monster" && movers.has(f.m.id)) click = () => { selectedMonster = f.m.id; ui.rerender(); };
      let node;
      if (f.kind === "explorer") {
        const side = f.e.side === "traitor" ? " traitor" : "";
        node = svg("g", { class: `figure explorer${side}${attack ? " clickable target" : ""}`, "data-seat": f.e.seat, onclick: click },
          svg("circle", { cx, cy, r: 10, fill: SEAT_COLOURS[f.e.seat % 6] }),
          svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "fig-label", text: f.e.name.split(" ").map((p) => p[0]).join("").slice(0, 2) }),
          svg("title", { text: `${f.e.name}${f.e.side ? ` (${f.e.side})` : ""}${attack ? " — click to attack" : ""}` }));
      } else {
        const sel = f.m.id === selectedMonster ? " selected" : movers.has(f.m.id) ? " selectable" : "";
        node = svg("g", { class: `figure monster${f.m.stunned ? " stunned" : ""}${attack ? " clickable target" : ""}${sel}`, "data-monster": f.m.id, onclick: click },
          svg("polygon", { points: `${cx},${cy - 11} ${cx + 11},${cy} ${cx},${cy + 11} ${cx - 11},${cy}` }),
          svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "fig-label", text: f.m.name[0] }),
          svg("title", { text: `${f.m.name}${f.m.stunned ? " (stunned)" : ""}${attack ? " — click to attack" : sel === " selectable" ? " — click to move it" : ""}` }));
      }
      root.append(node);
    });
  }
  return root;
}

function traitTrack(trait, t) {
  const row = el("div", { class: "track" }, el("span", { class: "trait-name" }, trait));
  row.append(el("span", { class: `cell skull${t.index < 0 ? " current" : ""}`, title: "death" }, "☠"));
  t.track.forEach((v, i) => row.append(el("span", {
    class: `cell${i === t.index ? " current" : ""}${i === t.start && i !== t.index ? " start" : ""}`,
  }, String(v))));
  return row;
}

function explorerCard(view, e, msg, ui) {
  const isMe = e.seat === view.seat;
  const side = e.side ? el("span", { class: `side-badge side-${e.side}` }, e.side === "unknown" ? "side unknown" : e.side) : null;
  const acting = (view.to_act || []).includes(e.seat) ? el("span", { class: "acting-tag" }, "acting") : null;
  const card = el("div", { class: `explorer-card${isMe ? " mine" : ""}${e.alive ? "" : " dead"}`, "data-seat": e.seat },
    el("div", { class: "explorer-head" },
      el("span", { class: "dot", style: `background:${SEAT_COLOURS[e.seat % 6]}` }),
      el("strong", {}, e.name), " ", el("span", { class: "who" }, `(${msg.seats?.[e.seat]?.name || `Seat ${e.seat + 1}`})`), " ", side, " ", acting,
      e.alive ? null : el("span", { class: "dead-tag" }, "dead")),
    el("div", { class: "room-line" }, `in ${roomName(view, e.room)}`),
    ...TRAITS.map((t) => traitTrack(t, e.traits[t])));
  if (e.cards.length) {
    const uses = new Map();
    if (isMe) for (const a of msg.legal_actions || []) if (a.type === "use") { if (!uses.has(a.card)) uses.set(a.card, []); uses.get(a.card).push(a); }
    const list = el("ul", { class: "cards" });
    for (const cid of e.cards) {
      const info = catalog.cards?.[cid];
      const item = el("li", { class: `card kind-${info?.kind || "x"}`, "data-card": cid, title: info?.text || "" },
        // the name opens the card in the game's rules and cards page (its gallery)
        el("a", { class: "card-name", href: `/rules/${encodeURIComponent(msg.game?.ruleset || "betrayal")}#cards-${encodeURIComponent(cid)}`, target: "_blank" }, cardName(cid)),
        info?.kind ? el("span", { class: "card-kind" }, ` ${info.kind}`) : null);
      for (const a of uses.get(cid) || []) item.append(" ", el("button", { type: "button", class: "action card-use", dataset: { action: JSON.stringify(a), type: "use" }, onclick: () => ui.act(a) }, labels.get(JSON.stringify(a)) || pretty(a.id)));
      if (isMe && info?.text) item.append(el("div", { class: "card-text" }, info.text));
      list.append(item);
    }
    card.append(list);
  }
  return card;
}

let introFolded = false; // the player folded the haunt's introduction

export function renderBoard(root, msg, ui) {
  const view = msg.view;
  labels = new Map((msg.legal_actions || []).map((a, i) => [JSON.stringify(a), msg.labels?.[i] || null]));
  const spots = placementSpots(view, msg.legal_actions || []);
  const t = view.turn || {};
  const actor = t.actor === "monsters" ? "the monsters" : explorerName(view, t.actor);
  root.append(el("div", { class: "status-bar" },
    el("span", { class: "phase" }, view.phase === "haunt" ? "The haunt" : view.phase === "over" ? "Over" : "Exploring"),
    el("span", { class: "round" }, `Round ${Math.min(roundOf(ui.story || []), Math.max(t.number || 1, 1))}`),
    el("span", { class: "turn-no" }, `Turn ${t.number}: ${actor}`),
    t.actor !== "monsters" ? el("span", {}, `${count(t.moves_left, "move")} left${t.movement_ended ? " (movement over)" : ""}`) : null,
    el("span", { class: "decks" }, `Decks — event ${view.decks?.event}, item ${view.decks?.item}, omen ${view.decks?.omen}; rooms ${view.room_stack}`),
    el("span", {}, `Omens drawn: ${view.omens_drawn}`)));
  if (view.haunt) {
    const h = view.haunt;
    let traitor = "There is no traitor.";
    if (h.traitor !== null && h.traitor !== undefined) traitor = `${explorerName(view, h.traitor)} is the traitor.`;
    else if (view.explorers.some((e) => e.side === "unknown")) traitor = "The traitor is hidden.";
    // folded by a click (the map and your figure then move up on a phone); stays as chosen
    const intro = el("details", { class: "haunt-intro", ontoggle: () => { introFolded = !intro.open; } },
      el("summary", {}, el("h3", {}, `Haunt ${h.number}: ${h.name}`),
        el("p", { class: "traitor-line" }, traitor, h.my_side ? ` You are on the ${h.my_side === "traitor" ? "traitor's" : "heroes'"} side.` : "")),
      el("p", {}, h.intro), h.setup_text ? el("p", { class: "setup-text" }, h.setup_text) : null);
    intro.open = !introFolded;
    root.append(intro);
  }
  const floor = chooseFloor(view, msg, spots);
  const tabs = el("div", { class: "floor-tabs", role: "group", "aria-label": "Floors of the house" });
  const present = new Set(view.tiles.map((x) => x.floor));
  for (const f of [...FLOORS.filter((x) => present.has(x) || x !== "outside"), ...[...present].filter((x) => !FLOORS.includes(x))]) {
    const count = view.explorers.filter((e) => e.alive && view.tiles.find((x) => x.room === e.room)?.floor === f).length;
    tabs.append(el("button", { type: "button", class: `floor-tab${f === floor ? " active" : ""}`, "aria-pressed": String(f === floor), "data-floor": f, onclick: () => { shownFloor = f; ui.rerender(); } },
      `${FLOOR_NAME[f] || pretty(f)}${count ? ` (${count})` : ""}`));
  }
  if (shownFloor) tabs.append(el("button", { type: "button", class: "floor-tab follow", onclick: () => { shownFloor = null; ui.rerender(); } }, "follow the action"));
  root.append(tabs);
  const map = drawFloor(view, msg, ui, floor, spots);
  const focus = map.dataset?.focus ? map.dataset.focus.split(",").map(Number) : null;
  const me = view.seat !== null && view.seat !== undefined ? view.explorers[view.seat] : null;
  root.append(zoomable(map, focus, `${floor}|${me?.room || ""}`), legend());
  if (view.monsters?.length) {
    root.append(el("div", { class: "monsters" }, el("h3", {}, "Monsters"),
      el("ul", {}, ...view.monsters.map((m) => el("li", { "data-monster": m.id, title: catalog.monsters?.[m.kind]?.text || "" },
        `${monsterName(view, m)} in ${roomName(view, m.room)}${m.stunned ? ", stunned" : ""} — ${Object.entries(m.traits).map(([k, v]) => `${k} ${v}`).join(", ")}`)))));
  }
  root.append(el("div", { class: "explorers" }, ...view.explorers.map((e) => explorerCard(view, e, msg, ui))));
}

// ---------------------------------------------------------------- legend, rounds, cards, the end
function legend() {
  const item = (node, text) => el("li", {}, node, " ", text);
  const sym = (k) => el("span", { class: `legend-sym sym-${k}`, title: SYMBOLS[k] }, k[0].toUpperCase());
  return el("ul", { class: "map-legend", "aria-label": "map legend" },
    item(sym("omen"), "omen room"), item(sym("item"), "item room"), item(sym("event"), "event room"),
    item(el("span", { class: "legend-door" }), "doorway"), item(el("span", { class: "legend-door false" }), "false door"),
    item(el("span", { class: "legend-pile" }, "▣"), "cards on the floor"),
    item(el("span", { class: "legend-explore" }, "?"), "unexplored: click to explore"),
    item(el("span", { class: "legend-monster" }), "monster"));
}

// The round: it begins again whenever an actor who already had a turn in it has another.
export function roundOf(story) {
  let round = 0;
  let seen = new Set();
  for (const e of story) {
    if (e.type !== "turn") continue;
    const who = e.seat === undefined ? "m" : e.seat;
    if (!round || seen.has(who)) { round += 1; seen = new Set(); }
    seen.add(who);
  }
  return Math.max(round, 1);
}

// A card drawn by a log event (shown large by the page), or null.
export function cardOf(event) {
  if (event.type !== "draw" || !event.card) return null;
  const c = catalog.cards?.[event.card];
  return { id: event.card, name: c?.name || pretty(event.card), kind: c?.kind || event.deck || "", text: c?.text || "" };
}

// While this seat answers a card's question, the card it answers.
export function promptContext(view, story) {
  if (!view.choice || view.choice.seat !== view.seat) return null;
  for (let i = story.length - 1; i >= 0; i -= 1) {
    const e = story[i];
    if (e.type === "turn") return null;
    const card = cardOf(e);
    if (card) {
      return el("div", { class: `prompt-card kind-${card.kind}` },
        el("strong", { class: "card-name" }, card.name), el("span", { class: "card-kind" }, ` ${card.kind}`),
        el("p", { class: "card-text" }, card.text));
    }
  }
  return null;
}

// "won" | "lost" | "draw" for this seat, or null for a spectator.
export function outcomeFor(result, view) {
  if (view.seat === null || view.seat === undefined) return null;
  if (!result.winner) return "draw";
  const mine = view.explorers?.[view.seat]?.side;
  if (mine === "unknown" || !mine) return "lost";
  return mine === result.winner ? "won" : "lost";
}

export function figures(view, result, seats) {
  const columns = ["Player", "Explorer", "Side", "", ...TRAITS.map((t) => t[0].toUpperCase() + t.slice(1)), "Cards"];
  const rows = (view.explorers || []).map((e) => ({
    mine: e.seat === view.seat,
    cells: [seats?.[e.seat]?.name || `Seat ${e.seat + 1}`, e.name,
      e.side === "traitor" ? "traitor" : e.side === "heroes" ? "hero" : "—",
      e.alive ? "alive" : "dead", ...TRAITS.map((t) => e.traits[t].value), e.cards.length],
  }));
  return { columns, rows };
}

// My explorer in one line (shown above the choices on a phone).
export function renderMine(view) {
  const e = view.seat !== null && view.seat !== undefined ? view.explorers?.[view.seat] : null;
  if (!e) return null;
  return el("div", { class: `mine-strip${e.alive ? "" : " dead"}` },
    el("span", { class: "dot", style: `background:${SEAT_COLOURS[e.seat % 6]}` }),
    el("strong", {}, e.name), " ", el("span", { class: "room-line" }, e.alive ? `in ${roomName(view, e.room)}` : "dead"),
    el("span", { class: "mine-traits" }, ...TRAITS.map((t) => el("span", { class: "mine-trait", title: t },
      `${t.slice(0, 3)} ${e.traits[t].value}`))));
}
