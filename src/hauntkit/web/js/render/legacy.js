// The legacy renderer: Betrayal Legacy is played in the same kind of house as betrayal (floors,
// tiles with doorways and symbols, explorers with trait tracks, monsters, a haunt), and its view
// holds everything betrayal's does, so its page is the betrayal renderer: another instance of
// that module (the query makes it one), reading the legacy catalogue and drawing the outside too.
// A campaign game adds its chapter (view.chapter): its story and set-up at the top of the board
// before the haunt (the player may fold them away and read them again), and the winners' ending
// once the game is over, on the board and on the end screen. The haunt's own text is the
// betrayal renderer's haunt block.
import { el } from "../dom.js";
import * as betrayal from "./betrayal.js?ruleset=legacy";

export * from "./betrayal.js?ruleset=legacy";

const SIDE_ENDING = { heroes: "The heroes' ending", traitor: "The traitor's ending" };
const storeKey = `hauntkit.story${location.pathname}`;

// null: as the phase has it (open while exploring); true/false: as the player chose.
let reading = null;
try {
  const kept = sessionStorage.getItem(storeKey);
  if (kept) reading = kept === "open";
} catch { /* no storage: the story opens again on a reload */ }

function setReading(open, ui) {
  reading = open;
  try { sessionStorage.setItem(storeKey, open ? "open" : "closed"); } catch { /* not kept */ }
  ui.rerender();
}

function chapterPanel(view, ui) {
  const ch = view.chapter;
  const open = reading === null ? view.phase === "exploring" : reading;
  const ending = view.phase === "over" && ch.ending
    ? el("div", { class: "chapter-ending" }, el("strong", {}, SIDE_ENDING[ch.ending.side] || "The ending"),
      el("p", {}, ch.ending.text))
    : null;
  return el("section", { class: `chapter-story${open ? " open" : ""}`, "aria-label": "the chapter" },
    el("h3", { class: "chapter-title" }, `${ch.name}, ${ch.year}: ${ch.title}`),
    open ? el("p", { class: "chapter-text" }, ch.story) : null,
    open ? el("p", { class: "chapter-setup" }, el("strong", {}, "Set-up: "), ch.setup) : null,
    open ? el("p", { class: "chapter-haunt-rule" }, ch.haunt_rule) : null,
    ending,
    el("button", { type: "button", class: "chapter-toggle", onclick: () => setReading(!open, ui) },
      open ? "Fold the story away" : "Read the chapter's story"));
}

export function renderBoard(root, msg, ui) {
  betrayal.renderBoard(root, msg, ui);
  if (msg.view?.chapter) root.prepend(chapterPanel(msg.view, ui));
}

// The end screen's text: the haunt's result and the winners' "If You Win", then the chapter's
// ending for the side that won (rulebook "During the Campaign", step 1).
export function describeResult(result, view, seatName) {
  const line = betrayal.describeResult(result, view, seatName);
  const ending = view.chapter?.ending;
  return ending ? `${line} ${ending.text}` : line;
}
