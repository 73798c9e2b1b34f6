// A drawn card shown large: its name, kind and text, and what happened when it resolved. The
// player who drew it dismisses it; a card someone else drew goes away by itself after a few
// seconds and never blocks the page.
import { clear, el } from "./dom.js";

const SHOW_MS = 9000;
let timer = null;

// Split a batch of events into drawn cards, each with the events that followed it (up to the
// next draw or the next turn). `cardOf(event)` says which events draw a card.
export function drawnCards(events, cardOf) {
  const out = [];
  let current = null;
  for (const e of events) {
    const card = cardOf(e);
    if (card) {
      current = { card, event: e, after: [] };
      out.push(current);
    } else if (e.type === "turn") {
      current = null;
    } else if (current) {
      current.after.push(e);
    }
  }
  return out;
}

export function hideCard() {
  const box = document.getElementById("cardshow");
  if (box) box.hidden = true;
  clearTimeout(timer);
}

// Show one drawn card; `pending` is the prompt still waiting on it (or ""). A card someone
// else drew is shown without blocking the page (clicks go through to it).
export function showCard(box, shown, pending = "", mine = true) {
  clear(box);
  box.classList.toggle("passive", !mine);
  const { card, event, after } = shown;
  const lines = after.map((e) => e.text).filter(Boolean);
  box.append(el("div", { class: `card-big kind-${card.kind || "x"}`, role: "dialog", "aria-label": card.name },
    el("div", { class: "card-big-kind" }, card.kind || "card"),
    el("h2", { class: "card-big-name" }, card.name),
    card.text ? el("p", { class: "card-big-text" }, card.text) : null,
    el("div", { class: "card-big-who" }, event.text),
    lines.length ? el("ul", { class: "card-big-outcome" }, ...lines.map((t) => el("li", {}, t))) : null,
    pending ? el("p", { class: "card-big-pending" }, pending) : null,
    el("button", { type: "button", class: "card-big-close", onclick: hideCard }, "OK")));
  box.hidden = false;
  clearTimeout(timer);
  if (!mine) timer = setTimeout(hideCard, SHOW_MS);
  else box.querySelector(".card-big-close").focus({ preventScroll: true });
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") hideCard();
});
