// The beast renderer: a battle on a grid (walls, cover, barricades, lit and dark tiles, light
// sources, the fog cloud), hunters and enemies with HP, Sanity and statuses in words; my hunters
// move by clicking spaces and attack by clicking targets; an ability is aimed from the side
// panel and its reach and template (beam, area) are previewed on the board before the click
// that commits it. Beside the map: the turn order, the enemy's drawn combat card and what it
// will do, and the dice of each roll. Names and texts come from the public catalogue
// (/api/rulesets/beast/catalog); spaces are named A1, B1... as the board's edges (HR-90).
import { el, svg } from "../dom.js";
import { zoomable } from "../mapview.js";
import { SEAT_COLOURS, abilityOf, catalog, controlLine, hunterBook, inWords, joinNames, seatHunters, spaceName, statusWord, termsList, unitName, withTerms } from "./beast-common.js";
import * as hunt from "./beast-hunt.js";
import { battleHeader, hunterCard, intentBox, legend, mineSection, rollDice, rolls, turnOrder, unitList } from "./beast-info.js";

export { spaceName, statusWord, unitName, seatHunters, SEAT_COLOURS };

// The page's top dice tray (game.js): the dice of a roll event, as the side column shows them.
export function trayDice(e) { return rollDice(e); }

const CELL = 58;

const EDGE = 22; // room for the column letters and row numbers

const DIRS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];

// What the player is doing on the board (kept across redraws; reset when it no longer applies).
const ui0 = { selected: null, aiming: null, choosing: null };

let local = { ...ui0 };

const key = (x, y) => `${x},${y}`;
const dist = (ax, ay, bx, by) => Math.max(Math.abs(ax - bx), Math.abs(ay - by));

export function describeAction(a, view) {
  const who = a.unit ? unitName(view, a.unit) : "";
  const sp = (c) => (Array.isArray(c) ? spaceName(c[0], c[1]) : String(c));
  switch (a.type) {
    case "end_turn": return "End turn";
    case "pass": return "No interrupt: let it happen";
    case "step": return `${who}: move to ${sp(a.to)}`;
    case "slip": return `${who}: slip past ${sp(a.through)} to ${sp(a.to)}`;
    case "attack": return `${who}: ${attackWords(a)} on ${unitName(view, a.target)}`;
    case "cover": return `${who}: take cover`;
    case "crit": return a.reroll ? "Reroll to bypass defence" : "Keep the critical roll";
    case "hex": return `Hex: lower its ${a.lower === "attack" ? "attack" : "defence"}`;
    case "arc": return `Arc the lightning to ${unitName(view, a.target)}`;
    case "ability": case "interrupt": {
      const ab = abilityOf(view, view.units?.[a.unit], a.ability);
      const where = ab?.shape === "self" ? "" : ab?.shape === "beam" ? ` to the ${catalog.directions?.[a.target]?.name || a.target}`
        : Array.isArray(a.target) ? ` at ${sp(a.target)}` : ` on ${unitName(view, a.target)}`;
      return `${a.type === "interrupt" ? "Interrupt: " : ""}${who}: ${ab?.name || a.ability}${where}`;
    }
    default: return null;
  }
}

// An attack in words, naming its weapon (one button per weapon must say which) and a free attack.
function attackWords(a) {
  const weapon = a.weapon ? ` with ${catalog.gear?.[a.weapon]?.name || a.weapon}` : "";
  return `${a.mode === "melee" ? "melee" : "ranged"} attack${weapon}${a.free ? " (free)" : ""}`;
}

const capitalised = (s) => `${s[0].toUpperCase()}${s.slice(1)}`;

export function promptTitle(view, legal) {
  if (hunt.inHunt(view)) return hunt.promptTitle(view);
  if (view.pending?.kind === "crit") return "A critical hit: reroll?";
  if (view.pending?.kind === "hex") return "Hex: what does it lower?";
  if (view.pending?.kind === "arc") return "The lightning arcs: to whom?";
  if (view.pending?.kind === "trigger") return "Trigger Happy: fire at once?";
  if (view.pending?.kind === "mulligan") return "You are Hunted: bury cards?";
  if (view.pending) return "A choice to make";
  if (view.window) return "Interrupt?";
  if ((legal || []).some((a) => a.type === "place_light")) return "Place the Location card's light";
  return "Your hunters' turn";
}

export function seatSummary(view, i) {
  const names = seatHunters(view, i).map((u) => u.name);
  return names.length ? `plays ${joinNames(names)}` : "";
}

export function describeResult(result, view) {
  if (!result) return "";
  const hunted = { on: " The hunt goes on.", won: " The hunt is won!", lost: " The hunt is lost." }[result.hunt] || "";
  const when = result.rounds ? ` (round ${result.rounds})` : "";
  if (!result.winner) return `${result.reason[0].toUpperCase()}${result.reason.slice(1)}${when}.${hunted}`;
  return `${result.winner === "hunters" ? "The hunters won" : "The enemies won"}: ${result.reason}${when}.${hunted}`;
}

export function outcomeFor(result, view) {
  if (view.seat === null || view.seat === undefined) return null;
  if (!result.winner) return "draw";
  return result.winner === "hunters" ? "won" : "lost";
}

export function figures(view, result, seats) {
  if (view.party && view.phase !== "battle") {
    return { columns: ["Player", "Hunter", "HP", "Sanity", "Wounds", ""], rows: view.party.map((r) => ({
      mine: r.seat === view.seat,
      cells: [seats?.[r.seat]?.name || `Seat ${r.seat + 1}`, catalog.hunters?.[r.hunter]?.name || r.hunter, r.hp, r.sanity, r.wounds || 0,
        r.dead ? "dead" : r.broken ? "broken" : "hunting"] })) };
  }
  const rows = Object.values(view.units || {}).filter((u) => u.side === "hunters").map((u) => ({
    mine: u.seat === view.seat,
    cells: [seats?.[u.seat]?.name || `Seat ${u.seat + 1}`, u.name, `${Math.max(0, u.hp)}/${u.max}`, u.san,
      u.alive ? "standing" : u.san <= 0 ? "driven mad" : "fallen"],
  }));
  return { columns: ["Player", "Hunter", "HP", "Sanity", ""], rows };
}

// A combat card drawn by an enemy (shown large by the page), or null.
export function cardOf(event) {
  if (event.type !== "card" || !event.card) return null;
  const c = catalog.cards?.[event.card];
  // a special or signature card: which one it is for the enemy that drew it, and what it does
  const kind = String(event.unit || "").replace(/-\d+$/, "");
  const ab = c && ["special1", "special2", "signature"].includes(c.action) ? catalog.enemies?.[kind]?.abilities?.[c.action] : null;
  return { id: event.card, name: c?.name || event.card, kind: "combat card",
    text: c ? `${c.does[0].toUpperCase()}${c.does.slice(1)}${c.cruelty ? ", with cruelty: it picks the weakest hunter it can reach" : ""}.${ab ? ` ${ab.name}: ${inWords(ab.text)}` : ""}` : "" };
}

// A log line, its terms and abbreviations shown with their meaning (the glossary).
export function describeEvent(e) { return e.text ? withTerms(e.text) : e.type; }

// ---------------------------------------------------------------- my hunters (beside the choices)

export function renderMine(view) {
  if (hunt.inHunt(view)) return null;
  const mine = seatHunters(view, view.seat);
  if (!mine.length) return null;
  const box = el("div", { class: "beast-mine" });
  if (mine.length > 1) {
    box.append(el("p", { class: "two-hunters" }, controlLine(mine.map((u) => u.name))));
  }
  for (const u of mine) box.append(hunterCard(view, u, local.selected));
  return box;
}

function mineWithActions(msg) {
  const ids = [];
  for (const a of msg.legal_actions) if (a.unit && !ids.includes(a.unit)) ids.push(a.unit);
  return ids;
}

function syncLocal(msg) {
  const mine = mineWithActions(msg);
  if (!mine.includes(local.selected)) local = { ...ui0, selected: mine[0] || null };
  if (local.aiming && !msg.legal_actions.some((a) => a.unit === local.aiming.unit && a.ability === local.aiming.ability && a.type === local.aiming.type)) local.aiming = null;
  if (local.choosing && !msg.legal_actions.some((a) => a.target === local.choosing)) local.choosing = null;
}

function button(ui, a, text, extra = "") {
  return el("button", { type: "button", class: `action ${extra}`, dataset: { action: JSON.stringify(a), type: a.type },
    onclick: () => { local.aiming = null; local.choosing = null; ui.act(a); } }, text || ui.label(a));
}

export function renderPrompt(box, msg, ui) {
  const view = msg.view;
  if (hunt.inHunt(view)) return hunt.renderHuntPrompt(box, msg, ui, catalog);
  syncLocal(msg);
  const legal = msg.legal_actions;
  const mine = seatHunters(view, view.seat);
  if (mine.length > 1) {
    box.append(el("p", { class: "two-hunters" }, controlLine(mine.map((u) => u.name))));
  }
  if (view.pending || view.window) {
    if (view.window && view.acting) box.append(intentBox(view));
    if (view.pending?.kind === "crit") box.append(el("p", { class: "hint" }, "Every die hit: keep the roll, or reroll it and the target cannot defend (you must keep the new roll)."));
    if (view.window) box.append(el("p", { class: "hint" }, "Interrupts on offer: use one now (or click its target on the board), or let it happen."));
    if (local.choosing) {
      box.append(el("div", { class: "actions attack-choice" }, el("span", {}, `On ${unitName(view, local.choosing)}:`),
        ...legal.filter((a) => a.target === local.choosing).map((a) => button(ui, a))));
    }
    const list = el("div", { class: "actions interrupts" });
    for (const a of legal) list.append(button(ui, a));
    box.append(list);
    return true;
  }
  // the Location card's light sources, before initiative (RULING HR-79)
  if (legal.some((a) => a.type === "place_light" || a.type === "leave_dark")) {
    box.append(el("p", { class: "hint" }, "The Location card shows a light source: click a space on the board to place it there (it lights that whole map tile), or leave the location dark."));
    const dark = legal.find((a) => a.type === "leave_dark");
    if (dark) box.append(el("div", { class: "actions end" }, button(ui, dark)));
    const spaces = el("details", { class: "all-choices" }, el("summary", {}, `Every choice as a list (${legal.length})`));
    ui.genericPrompt(spaces, legal);
    box.append(spaces);
    return true;
  }
  // my hunters to choose from
  const ids = mineWithActions(msg);
  if (ids.length > 1) {
    box.append(el("div", { class: "pick-hunter" }, ...ids.map((id) => el("button", {
      type: "button", class: `pick${local.selected === id ? " on" : ""}`, dataset: { unit: id },
      onclick: () => { local = { ...ui0, selected: id }; ui.rerender(); },
    }, view.units[id]?.name || id))));
  }
  const sel = local.selected;
  const u = view.units[sel];
  if (u) {
    const mineActs = legal.filter((a) => a.unit === sel);
    const steps = mineActs.filter((a) => a.type === "step" || a.type === "slip").length;
    const attacks = mineActs.filter((a) => a.type === "attack").length;
    const hints = [];
    if (steps) hints.push("click a lit-up space to move");
    if (attacks) hints.push("click a marked target to attack");
    box.append(el("p", { class: "hint" }, `${u.name}: ${hints.join("; ") || "no move or attack now"}.`));
    if (local.choosing) {
      const opts = mineActs.filter((a) => a.type === "attack" && a.target === local.choosing);
      box.append(el("div", { class: "actions attack-choice" }, el("span", {}, `Attack ${unitName(view, local.choosing)}:`),
        ...opts.map((a) => button(ui, a, capitalised(attackWords(a))))));
    }
    // abilities: aim on the board (or use at once when there is only one way)
    const byAbility = new Map();
    for (const a of mineActs) {
      if (a.type !== "ability" && a.type !== "interrupt") continue;
      const k = `${a.type}:${a.ability}:${a.team ? 1 : 0}`;
      if (!byAbility.has(k)) byAbility.set(k, []);
      byAbility.get(k).push(a);
    }
    const abBox = el("div", { class: "actions abilities" });
    for (const [k, acts] of byAbility) {
      const first = acts[0];
      const ab = abilityOf(view, u, first.ability) || { name: abilityFromLabel(ui.label(first)) };
      const aimingThis = local.aiming && local.aiming.key === k;
      if (acts.length === 1 && (ab.shape === "self" || ab.shape === undefined)) {
        abBox.append(button(ui, first));
        continue;
      }
      abBox.append(el("button", {
        type: "button", class: `aim${aimingThis ? " on" : ""}`, dataset: { ability: first.ability, kind: first.type },
        title: ab.text || "",
        onclick: () => { local.aiming = aimingThis ? null : { key: k, unit: sel, ability: first.ability, type: first.type, team: !!first.team }; local.choosing = null; ui.rerender(); },
      }, `${aimingThis ? "Aiming" : "Aim"}: ${first.type === "interrupt" ? "interrupt " : ""}${ab.name}${first.team ? " (Team Player)" : ""}`));
    }
    if (abBox.childNodes.length) box.append(abBox);
    if (local.aiming) box.append(el("p", { class: "hint aim-hint" }, "Point at the board to see what it reaches; click a marked space or target to use it."));
    const other = mineActs.filter((a) => !["step", "slip", "attack", "ability", "interrupt"].includes(a.type));
    if (other.length) box.append(el("div", { class: "actions" }, ...other.map((a) => button(ui, a))));
  }
  const endTurn = legal.find((a) => a.type === "end_turn");
  if (endTurn) box.append(el("div", { class: "actions end" }, button(ui, endTurn, mine.length > 1 ? "End the turn (all my hunters)" : "End turn")));
  // every choice as a list as well (keyboard users, screen readers)
  const all = el("details", { class: "all-choices" }, el("summary", {}, `Every choice as a list (${legal.length})`));
  ui.genericPrompt(all, legal);
  box.append(all);
  return true;
}

// An ability's name from the server's label ("Fei: Flame Thrower to the east").
function abilityFromLabel(text) {
  const name = String(text).replace(/^(Interrupt|Free action): /, "").replace(/^[^:]*: /, "");
  return name.replace(/ (on|at|to the) .*$/, "").replace(/ \(Team Player\)$/, "");
}

function cellKind(view, x, y, walls, cover) {
  if (walls.has(key(x, y))) return "wall";
  if (cover.has(key(x, y))) return "cover";
  return "floor";
}

function beamCells(view, blockers, x, y, d, range) {
  const [dx, dy] = DIRS[d];
  const out = [];
  for (let i = 1; i <= range; i += 1) {
    const cx = x + dx * i, cy = y + dy * i;
    if (cx < 0 || cy < 0 || cx >= view.map.width || cy >= view.map.height || blockers.has(key(cx, cy))) break;
    out.push([cx, cy]);
  }
  return out;
}

function areaCells(view, walls, x, y, r) {
  const out = [];
  for (let cy = Math.max(0, y - r); cy <= Math.min(view.map.height - 1, y + r); cy += 1) {
    for (let cx = Math.max(0, x - r); cx <= Math.min(view.map.width - 1, x + r); cx += 1) {
      if (!walls.has(key(cx, cy))) out.push([cx, cy]);
    }
  }
  return out;
}

function dirToward(ux, uy, x, y) {
  const sx = Math.sign(x - ux), sy = Math.sign(y - uy);
  return DIRS.findIndex(([dx, dy]) => dx === sx && dy === sy);
}

// The board's clickable things for the selected hunter: spaces to move to, targets to attack,
// and (while aiming) the legal aims of the ability with the template each would cover.
function plan(msg) {
  const view = msg.view;
  const out = { moves: new Map(), attacks: new Map(), aims: new Map(), aimUnits: new Map(), beam: null, reach: null };
  const lights = msg.legal_actions.filter((a) => a.type === "place_light");
  if (lights.length) { // the Location card's light: any space of the board (HR-79)
    for (const a of lights) out.moves.set(key(a.to[0], a.to[1]), a);
    return out;
  }
  const sel = view.units?.[local.selected];
  if (!sel || view.pending || view.window) {
    if (view.window || view.pending) {
      for (const a of msg.legal_actions) {
        if ((a.type === "interrupt" || a.type === "arc") && typeof a.target === "string") {
          if (!out.aimUnits.has(a.target)) out.aimUnits.set(a.target, []);
          out.aimUnits.get(a.target).push(a);
        }
      }
    }
    return out;
  }
  for (const a of msg.legal_actions) {
    if (a.unit !== sel.id) continue;
    if (a.type === "step" || a.type === "slip") out.moves.set(key(a.to[0], a.to[1]), a);
    else if (a.type === "attack") {
      if (!out.attacks.has(a.target)) out.attacks.set(a.target, []);
      out.attacks.get(a.target).push(a);
    }
  }
  const book = hunterBook(sel);
  if (local.aiming) {
    const ab = abilityOf(view, sel, local.aiming.ability) || {};
    out.reach = ab.range ?? 1;
    out.shape = ab.shape;
    out.radius = ab.radius || 1;
    for (const a of msg.legal_actions) {
      if (a.unit !== sel.id || a.ability !== local.aiming.ability || a.type !== local.aiming.type || !!a.team !== local.aiming.team) continue;
      if (ab.shape === "beam") {
        out.beam = out.beam || new Map();
        out.beam.set(a.target, a);
      } else if (Array.isArray(a.target)) out.aims.set(key(a.target[0], a.target[1]), a);
      else out.aimUnits.set(a.target, [a]);
    }
  } else if (book) {
    out.reach = Math.max(1, book.ranged?.range || 1);
  }
  return out;
}

export function renderBoard(root, msg, ui) {
  const view = msg.view;
  if (hunt.inHunt(view)) { hunt.renderHuntBoard(root, msg, ui, catalog); return; }
  syncLocal(msg);
  const { width, height } = view.map;
  const walls = new Set(view.map.walls.map(([x, y]) => key(x, y)));
  const cover = new Set(view.map.cover.map(([x, y]) => key(x, y)));
  const bars = new Set((view.barricades || []).map((b) => key(b.x, b.y)));
  const blockers = new Set([...walls, ...bars]);
  const p = plan(msg);
  const W = EDGE + width * CELL, H = EDGE + height * CELL;
  const board = svg("svg", { class: "beast-map", viewBox: `0 0 ${W} ${H}`, "data-width": W, "data-height": H, role: "img", "aria-label": `${catalog.maps?.[view.map.id]?.name || view.map.id}, round ${view.round}` });
  board.dataset.width = String(W);
  board.dataset.height = String(H);
  const X = (x) => EDGE + x * CELL, Y = (y) => EDGE + y * CELL;
  // edges: column letters and row numbers (HR-90)
  for (let x = 0; x < width; x += 1) board.append(svg("text", { x: X(x) + CELL / 2, y: 15, class: "edge" , text: String.fromCharCode(65 + x) }));
  for (let y = 0; y < height; y += 1) board.append(svg("text", { x: 11, y: Y(y) + CELL / 2 + 4, class: "edge", text: String(y + 1) }));
  const sel = view.units?.[local.selected];
  const hover = (x, y) => preview(board, view, blockers, walls, p, x, y);
  const lit = new Set(view.map.lit_tiles || []);
  const tileAt = (x, y) => (view.map.tile_grid ? view.map.tile_grid[y][x] : null);
  const cells = svg("g", { class: "cells" });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const kind = cellKind(view, x, y, walls, cover);
      const tile = tileAt(x, y);
      const classes = ["cell", kind, tile !== null && lit.has(tile) ? "lit" : "dark"];
      const k = key(x, y);
      if (p.moves.has(k)) classes.push("can-move");
      if (p.aims.has(k)) classes.push("can-aim");
      if (sel && p.reach && kind !== "wall" && dist(sel.x, sel.y, x, y) <= p.reach && !(x === sel.x && y === sel.y)) classes.push("in-reach");
      const rect = svg("rect", { x: X(x), y: Y(y), width: CELL, height: CELL, class: classes.join(" "), "data-x": x, "data-y": y },
        svg("title", { text: `${spaceName(x, y)}: ${kind === "wall" ? "wall" : kind === "cover" ? "cover (take cover here)" : "floor"}${tile !== null ? `, ${lit.has(tile) ? "lit" : "dark"}` : ""}` }));
      rect.addEventListener("click", () => onCell(msg, ui, x, y, p));
      rect.addEventListener("mouseenter", () => hover(x, y));
      cells.append(rect);
      if (kind === "cover") cells.append(svg("rect", { x: X(x) + 14, y: Y(y) + 30, width: CELL - 28, height: 16, rx: 3, class: "cover-mark", "pointer-events": "none" }));
      if (kind === "wall") cells.append(svg("path", { d: `M${X(x)} ${Y(y) + CELL}L${X(x) + CELL} ${Y(y)}`, class: "wall-hatch", "pointer-events": "none" }));
    }
  }
  board.append(cells);
  // map tile borders: where two neighbouring spaces lie on different tiles
  const edges = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x + 1 < width && tileAt(x, y) !== tileAt(x + 1, y)) edges.push(`M${X(x + 1)} ${Y(y)}v${CELL}`);
      if (y + 1 < height && tileAt(x, y) !== tileAt(x, y + 1)) edges.push(`M${X(x)} ${Y(y + 1)}h${CELL}`);
    }
  }
  if (edges.length) board.append(svg("path", { d: edges.join(""), class: "tile-edge", "pointer-events": "none" }));
  if (view.fog) {
    board.append(svg("rect", { x: X(view.fog.x - 1), y: Y(view.fog.y - 1), width: CELL * 3, height: CELL * 3, rx: 18, class: "fog", "pointer-events": "none" },
      svg("title", { text: `Fog cloud (${view.fog.turns} turn${view.fog.turns === 1 ? "" : "s"} left)` })));
  }
  const overlay = svg("g", { class: "template-layer", "pointer-events": "none" });
  board.append(overlay);
  // beam aims: an arrow on each legal direction
  if (p.beam && sel) {
    for (const [d, a] of p.beam) {
      const cellsOfBeam = beamCells(view, blockers, sel.x, sel.y, d, p.reach);
      if (!cellsOfBeam.length) continue;
      const [cx, cy] = cellsOfBeam[0];
      const g = svg("g", { class: "beam-aim", "data-dir": d, "data-x": cx, "data-y": cy },
        svg("circle", { cx: X(cx) + CELL / 2, cy: Y(cy) + CELL / 2, r: 12 }),
        svg("text", { x: X(cx) + CELL / 2, y: Y(cy) + CELL / 2 + 5, text: "➜", transform: `rotate(${d * 45} ${X(cx) + CELL / 2} ${Y(cy) + CELL / 2})` }),
        svg("title", { text: `${catalog.directions?.[d]?.name || d}: ${cellsOfBeam.map(([bx, by]) => spaceName(bx, by)).join(", ")}` }));
      g.addEventListener("mouseenter", () => preview(board, view, blockers, walls, p, cx, cy));
      g.addEventListener("click", () => { local.aiming = null; ui.act(a); });
      board.append(g);
    }
  }
  // barricades and lights
  for (const b of view.barricades || []) {
    const g = svg("g", { class: "barricade", "data-id": b.id },
      svg("rect", { x: X(b.x) + 5, y: Y(b.y) + 18, width: CELL - 10, height: CELL - 36, rx: 3 }),
      svg("text", { x: X(b.x) + CELL / 2, y: Y(b.y) + CELL / 2 + 4, class: "obj-hp", text: `${b.hp}` }),
      svg("title", { text: `Barricade at ${spaceName(b.x, b.y)}: ${b.hp} HP, defence 2; blocks movement and sight` }));
    board.append(g);
  }
  for (const l of view.lights || []) {
    const canHit = p.attacks.get(l.id);
    const g = svg("g", { class: `light${canHit ? " can-attack" : ""}`, "data-id": l.id },
      svg("circle", { cx: X(l.x) + CELL - 14, cy: Y(l.y) + 14, r: 9, class: "lamp" }),
      svg("text", { x: X(l.x) + CELL - 14, y: Y(l.y) + 18, class: "obj-hp", text: `${l.hp}` }),
      svg("title", { text: `Light source at ${spaceName(l.x, l.y)}: ${l.hp} HP; its tile is lit` }));
    if (canHit) g.addEventListener("click", (ev) => { ev.stopPropagation(); onTarget(msg, ui, l.id, p.attacks); });
    board.append(g);
  }
  // the acting enemy's intent: its path and its target
  const acting = view.acting;
  if (acting && view.units[acting.unit]) {
    const au = view.units[acting.unit];
    const pts = [[au.x, au.y], ...(acting.path || [])].map(([x, y]) => `${X(x) + CELL / 2},${Y(y) + CELL / 2}`).join(" ");
    if (acting.path?.length) board.append(svg("polyline", { points: pts, class: "intent-path", "pointer-events": "none" }));
    const t = acting.target && view.units[acting.target];
    if (t) board.append(svg("circle", { cx: X(t.x) + CELL / 2, cy: Y(t.y) + CELL / 2, r: CELL / 2 - 2, class: "intent-target", "pointer-events": "none" }));
  }
  // units
  for (const u of Object.values(view.units || {})) {
    if (!u.alive) continue;
    board.append(unitToken(msg, ui, u, p, X, Y, hover));
  }
  root.append(el("div", { class: "beast-board" },
    el("div", { class: "beast-map-col" }, view.hunt ? hunt.huntHeader(catalog, view, ui.story) : null, battleHeader(view), zoomable(board, null, null), legend(), termsList()),
    el("div", { class: "beast-info" }, mineSection(view, local.selected), turnOrder(view, ui), view.acting ? intentBox(view) : null, unitList(view), rolls(ui.story))));
}

function unitToken(msg, ui, u, p, X, Y, hover) {
  const view = msg.view;
  const hunter = u.side === "hunters";
  const mine = hunter && u.seat === view.seat;
  const attackable = p.attacks.has(u.id);
  const aimable = p.aimUnits.has(u.id);
  const cls = ["unit", hunter ? "hunter" : "enemy", mine ? "mine" : "", local.selected === u.id ? "selected" : "",
    attackable ? "can-attack" : "", aimable ? "can-aim" : "", view.acting?.unit === u.id ? "acting" : ""].filter(Boolean).join(" ");
  const cx = X(u.x) + CELL / 2, cy = Y(u.y) + CELL / 2;
  const colour = hunter ? SEAT_COLOURS[u.seat % 4] : "#c0453b";
  const frac = Math.max(0, u.hp) / Math.max(1, u.max);
  const words = Object.keys(u.st || {}).map(statusWord);
  const initials = u.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3);
  const g = svg("g", { class: cls, "data-unit": u.id, "data-x": u.x, "data-y": u.y },
    svg("circle", { cx, cy, r: CELL / 2 - 7, style: `fill:${colour}`, class: "tok" }),
    svg("text", { x: cx, y: cy + 1, class: "initials", text: initials }),
    svg("rect", { x: X(u.x) + 6, y: Y(u.y) + CELL - 9, width: CELL - 12, height: 5, class: "hpbar-bg" }),
    svg("rect", { x: X(u.x) + 6, y: Y(u.y) + CELL - 9, width: (CELL - 12) * frac, height: 5, class: "hpbar" }),
    svg("text", { x: cx, y: cy + 14, class: "hp-text", text: `${Math.max(0, u.hp)}/${u.max}` }),
    words.length ? svg("text", { x: X(u.x) + 3, y: Y(u.y) + 10, class: "st-text", text: words.length > 1 ? `${words[0]} +${words.length - 1}` : words[0] }) : null,
    svg("title", { text: `${u.name}${hunter ? ` (${ui.seatName(u.seat)})` : ""} at ${spaceName(u.x, u.y)}: HP ${Math.max(0, u.hp)}/${u.max}${hunter ? `, Sanity ${u.san}` : ""}${words.length ? `; ${words.join(", ")}` : ""}${u.lit ? "; in light" : "; in darkness"}` }));
  g.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (aimable) { onTarget(msg, ui, u.id, p.aimUnits); return; }
    if (attackable) { onTarget(msg, ui, u.id, p.attacks); return; }
    if (mine && msg.legal_actions.some((a) => a.unit === u.id)) { local = { ...ui0, selected: u.id }; ui.rerender(); return; }
    onCell(msg, ui, u.x, u.y, p);
  });
  g.addEventListener("mouseenter", () => hover(u.x, u.y));
  return g;
}

// A click on a target: the one action on it at once, or a choice between them in the panel.
function onTarget(msg, ui, tid, options) {
  const acts = options.get(tid) || [];
  if (acts.length === 1) { local.choosing = null; local.aiming = null; ui.act(acts[0]); return; }
  local.choosing = tid;
  ui.rerender();
}

function onCell(msg, ui, x, y, p) {
  const k = key(x, y);
  if (p.aims.has(k)) { local.aiming = null; ui.act(p.aims.get(k)); return; }
  if (p.beam) {
    const sel = msg.view.units[local.selected];
    const d = sel ? dirToward(sel.x, sel.y, x, y) : -1;
    if (d >= 0 && p.beam.has(d) && (x - sel.x === 0 || y - sel.y === 0 || Math.abs(x - sel.x) === Math.abs(y - sel.y))) {
      local.aiming = null; ui.act(p.beam.get(d)); return;
    }
  }
  if (p.moves.has(k)) { ui.act(p.moves.get(k)); }
}

// Show the template the aimed ability would cover from the pointed space.
function preview(board, view, blockers, walls, p, x, y) {
  const layer = board.querySelector(".template-layer");
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const sel = view.units?.[local.selected];
  if (!local.aiming || !sel) return;
  let cells = [];
  if (p.beam) {
    const d = dirToward(sel.x, sel.y, x, y);
    if (d >= 0 && p.beam.has(d)) cells = beamCells(view, blockers, sel.x, sel.y, d, p.reach);
  } else if (p.shape === "aoe" && p.aims.has(key(x, y))) {
    cells = areaCells(view, walls, x, y, p.radius);
  } else if (p.aims.has(key(x, y))) {
    cells = [[x, y]];
  }
  for (const [cx, cy] of cells) {
    layer.append(svg("rect", { x: EDGE + cx * CELL + 2, y: EDGE + cy * CELL + 2, width: CELL - 4, height: CELL - 4, class: "template", "data-x": cx, "data-y": cy }));
  }
}
