// The game page: one websocket to the server, the seat's view drawn by the ruleset's renderer
// (js/render/<ruleset>.js, else the generic one), prompts for every choice, the story, dice.
import { drawnCards, hideCard, showCard } from "./cardshow.js";
import { api, botWords, clear, copyButton, describeAction as genericDescribe, el } from "./dom.js";
import { downloadSave, renderEnd as drawEnd } from "./endscreen.js";
import { hotseatWanted, nextPerson, seatKeys, showHandOver } from "./hotseat.js";
import { linkItems } from "./links.js";
import * as generic from "./render/generic.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").filter(Boolean).pop();
const hash = new URLSearchParams(location.hash.slice(1));
let token = hash.get("t"); // hot-seat mode changes it when the screen passes to another person
const hotseat = hotseatWanted(hash);
let hotseatKeys = null; // every seat's key, in hot-seat mode
let handingOver = false; // the hand-over screen is up: nothing is drawn until it is answered
const hostToken = hash.get("host");
const campaignId = hash.get("campaign"); // a campaign's game: the end screen links back to it
// The bot that plays a seat handed to a bot from this page: the Normal strength (/api/info).
const STAND_IN_BOT = "normal";

let ws = null;
let renderer = generic;
let rulesetLoaded = null;
let last = null; // the last state message
let retry = 500;
let requestId = 0;
let endShown = false;
let pendingCard = null; // a card drawn in the last update, to show once the page is drawn
const story = [];

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

export function act(action) {
  if (!last) return;
  send({ type: "act", action, version: last.version, id: `a${++requestId}` });
  document.body.classList.add("busy");
}

function toast(text, kind = "error") {
  const t = $("toast");
  t.textContent = text;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 6000);
}

// The dice of an event for the tray: the renderer's own drawing (``trayDice``, e.g. beast's
// combat faces) or the event's ``dice`` as numbers; null when it rolled none.
function diceOf(event) {
  const own = renderer.trayDice ? renderer.trayDice(event) : null;
  if (own) return own;
  const faces = Array.isArray(event.dice) ? event.dice : [];
  if (faces.length) return el("span", { class: "dice-row" }, ...faces.map((d) => el("span", { class: "die" }, String(d))));
  return /roll/.test(event.type) && typeof event.result === "number" ? el("span", { class: "dice-row" }) : null;
}

// The latest rolls, as dice in a tray of their own under the header: it takes its own place in
// the page, so it never covers the haunt banner, the status bar or the choices.
function showDice(rolled) {
  const box = $("dice");
  clear(box);
  for (const [event, dice] of rolled.slice(-2)) {
    box.append(el("div", { class: "dice-roll" }, dice.childNodes.length ? dice : null,
      el("span", { class: "dice-who" }, event.text || "Dice")));
  }
  box.classList.remove("idle");
  clearTimeout(showDice.timer);
  showDice.timer = setTimeout(() => { box.classList.add("idle"); }, 6000);
}

async function loadRenderer(ruleset) {
  if (rulesetLoaded === ruleset) return;
  rulesetLoaded = ruleset;
  try {
    renderer = await import(`./render/${ruleset}.js`);
  } catch {
    renderer = generic;
  }
}

function seatName(i) {
  const s = last?.seats?.[i];
  return s ? s.name : `Seat ${i + 1}`;
}

function label(action) {
  const view = last?.view || {};
  const i = (last?.legal_actions || []).indexOf(action);
  if (i >= 0 && last.labels?.[i]) return last.labels[i];
  return (renderer.describeAction && renderer.describeAction(action, view, seatName)) || genericDescribe(action);
}

function renderPrompt(ui) {
  const box = clear($("prompt"));
  const title = $("prompt-title");
  if (last.result) { title.textContent = "Game over"; return; }
  if (last.you === null) {
    title.textContent = "Watching";
    const waiting = (last.to_act || []).map(seatName).join(", ");
    box.append(el("p", {}, waiting ? `Waiting for ${waiting}.` : ""));
    return;
  }
  const mine = last.seats[last.you];
  if (mine?.bot) {
    title.textContent = mine.covered ? "Your time ran out: a bot plays your seat" : "A bot plays your seat";
    if (mine.covered) box.append(el("p", { class: "covered-note" }, "It plays until you take the seat back."));
    box.append(el("button", { type: "button", class: "take-back", onclick: () => send({ type: "set_bot", seat: last.you, bot: null }) }, "Take my seat back"));
    return;
  }
  if (!last.legal_actions.length) {
    title.textContent = "Waiting";
    const waiting = (last.to_act || []).map(seatName).join(", ");
    box.append(el("p", { class: "waiting" }, waiting ? `Waiting for ${waiting}.` : "Waiting."));
    if (clockShown()) box.append(clockLine(false));
  } else {
    if (clockShown()) box.append(clockLine(true));
    title.textContent = (renderer.promptTitle && renderer.promptTitle(last.view, last.legal_actions)) || "Your choices";
    const context = renderer.promptContext ? renderer.promptContext(last.view, story) : null;
    if (context) box.append(context);
    if (renderer.renderPrompt && renderer.renderPrompt(box, last, ui)) {
      // the renderer drew the prompt itself
    } else {
      genericPrompt(box);
    }
  }
  box.append(el("div", { class: "seat-controls" },
    el("button", { type: "button", class: "hand-to-bot", onclick: () => send({ type: "set_bot", seat: last.you, bot: STAND_IN_BOT }) }, "Let a bot play for me")));
}

// ---------------------------------------------------------------- the turn clock
// The server tells how many seconds were left when it sent the state; the page counts down
// from there. When the clock runs out a bot covers each person who was asked to act.
let clockDeadline = null;
let clockTimer = null;

function clockShown() {
  return Boolean(last?.clock && clockDeadline !== null && !last.result
    && (last.to_act || []).some((i) => !last.seats[i]?.bot));
}

function clockWords(mine) {
  const left = Math.max(0, Math.ceil((clockDeadline - performance.now()) / 1000));
  if (left === 0) return mine ? "Time is up: a bot answers for you." : "Time is up: a bot answers for them.";
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return mine ? `Time left to choose: ${text}` : `Time left for them: ${text}`;
}

function clockLine(mine) {
  const line = el("p", { class: "turn-clock", role: "timer", "aria-live": "off" }, clockWords(mine));
  clearInterval(clockTimer);
  clockTimer = setInterval(() => {
    if (!line.isConnected) { clearInterval(clockTimer); return; }
    line.textContent = clockWords(mine);
  }, 1000);
  return line;
}

export function genericPrompt(box, actions = last.legal_actions) {
  const list = el("div", { class: "actions" });
  for (const action of actions) {
    list.append(el("button", {
      type: "button", class: "action", dataset: { action: JSON.stringify(action), type: action.type },
      onclick: () => act(action),
    }, label(action)));
  }
  box.append(list);
}

function renderSeats() {
  const list = clear($("seats"));
  last.seats.forEach((s, i) => {
    const extra = renderer.seatSummary ? renderer.seatSummary(last.view, i) : "";
    const flags = [];
    if (i === last.you) flags.push("you");
    if (s.host) flags.push("the host");
    if (s.covered) flags.push("a bot covers: their time ran out");
    else if (s.bot) flags.push(`played by ${botWords(s)}`);
    else flags.push(s.connected ? "here" : "away");
    if ((last.to_act || []).includes(i)) flags.push("to act");
    const item = el("li", { class: `seat ${(last.to_act || []).includes(i) ? "acting" : ""}` },
      el("span", { class: "seat-name" }, s.name), " ", el("span", { class: "flags" }, `(${flags.join(", ")})`),
      extra ? el("div", { class: "seat-extra" }, extra) : null);
    if (hostToken) {
      item.append(" ", el("button", { type: "button", class: "host-bot", onclick: () => hostSetBot(i, s.bot ? null : STAND_IN_BOT) },
        s.bot ? "give back to person" : "hand to bot"),
      " ", el("button", { type: "button", class: "host-remove", title: "their link stops working; a bot plays the seat until you give its new link to someone",
        onclick: () => hostRemove(i, s.name) }, "remove player"));
      if (!s.bot || s.covered) {
        item.append(" ", el("button", { type: "button", class: "host-hand-over", title: "they become the host; this page stops being the host's",
          onclick: () => hostHandOver(i, s.name) }, "make them the host"));
      }
    } else if (last.you !== null && i !== last.you && !s.bot && !s.connected) {
      item.append(" ", el("button", { type: "button", class: "cover-bot", onclick: () => send({ type: "set_bot", seat: i, bot: STAND_IN_BOT }) }, "let a bot cover"));
    }
    list.append(item);
  });
}

// The host takes a seat from its player: the seat's new link is shown, to hand to whoever
// plays it next (a bot covers the seat meanwhile).
async function hostRemove(seat, name) {
  if (!window.confirm(`Remove ${name} from the game? Their link stops working and a bot plays the seat until you give its new link to someone.`)) return;
  try {
    const done = await api(`/api/games/${gameId}/seats/${seat}/remove`, {
      method: "POST", headers: { authorization: `Bearer ${hostToken}` },
    });
    const box = clear($("new-link"));
    box.hidden = false;
    box.append(`${name}'s seat has a new link: `,
      el("a", { href: done.url, target: "_blank", class: "new-seat-link" }, "open the seat"), " ",
      copyButton(done.url, "right-click “open the seat” to copy its link", { class: "copy-new-link" }));
  } catch (err) { toast(err.message); }
}

// The host hands the game to a seat's person: their page becomes the host's (it claims the
// host key with its seat's key), and this page's host key stops working.
async function hostHandOver(seat, name) {
  if (!window.confirm(`Make ${name} the host? Your host link stops working; their page becomes the host's.`)) return;
  try {
    await api(`/api/games/${gameId}/host`, {
      method: "POST", body: JSON.stringify({ seat }), headers: { authorization: `Bearer ${hostToken}` },
    });
    hash.delete("host");
    history.replaceState(null, "", `${location.pathname}${hash.toString() ? `#${hash}` : ""}`);
    location.reload();
  } catch (err) { toast(err.message); }
}

// This seat was made the host: take the host key and reopen the page as the host's.
let claimingHost = false;
async function claimHostIfHandedOver() {
  if (claimingHost || hostToken || !token || last?.you === null || !last?.seats?.[last.you]?.host) return;
  claimingHost = true;
  try {
    const made = await api(`/api/games/${gameId}/host/claim`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    hash.set("host", made.host_token);
    history.replaceState(null, "", `${location.pathname}#${hash}`);
    location.reload();
  } catch (err) { claimingHost = false; toast(err.message); }
}

async function hostSetBot(seat, bot) {
  try {
    await api(`/api/games/${gameId}/seats/${seat}/bot`, {
      method: "POST", body: JSON.stringify({ bot }), headers: { authorization: `Bearer ${hostToken}` },
    });
  } catch (err) { toast(err.message); }
}

function addEvents(events, reset) {
  const log = $("log");
  if (reset) { story.length = 0; clear(log); }
  for (const e of events) {
    story.push(e);
    const text = (renderer.describeEvent && renderer.describeEvent(e, last.view)) || e.text || e.type;
    log.append(el("li", { class: `event ev-${e.type}${e.to ? " private" : ""}` }, text));
  }
  log.scrollTop = log.scrollHeight;
  const haunt = events.find((e) => e.type === "haunt");
  if (!reset && haunt) {
    const banner = $("banner");
    banner.textContent = haunt.text;
    banner.hidden = false;
    setTimeout(() => { banner.hidden = true; }, 12000);
  }
  // every roll, shown to everyone: events with their dice, or a roll's total alone
  const rolled = reset ? [] : events.map((e) => [e, diceOf(e)]).filter(([, dice]) => dice);
  if (rolled.length) showDice(rolled);
  if (!reset && renderer.cardOf) {
    const cards = drawnCards(events, renderer.cardOf);
    if (cards.length) pendingCard = cards[cards.length - 1];
  }
}

// After a draw: the drawn card, large, with what happened (and the question it still asks).
function showDrawnCard() {
  if (!pendingCard) return;
  const shown = pendingCard;
  pendingCard = null;
  const asking = last.legal_actions.length && last.view?.choice?.seat === last.you ? $("prompt-title").textContent : "";
  const drawer = shown.event.seat ?? shown.event.who;
  showCard($("cardshow"), shown, asking ? `${asking} Close the card to choose.` : "", drawer === last.you && !last.seats?.[last.you]?.bot);
}

// My own figure, kept beside my choices (the page shows it above them on a phone).
function renderMine() {
  const box = clear($("mine"));
  const node = renderer.renderMine && last.you !== null ? renderer.renderMine(last.view) : null;
  $("mine").hidden = !node;
  if (node) box.append(node);
}

function renderSecrets() {
  const panel = $("secret-panel");
  const box = clear($("secret"));
  const node = renderer.renderSecrets ? renderer.renderSecrets(last.view, last.you) : generic.renderSecrets(last.view, last.you);
  panel.hidden = !node;
  if (node) box.append(node);
}

function renderEnd() {
  const end = $("endscreen");
  if (!last.result) { end.hidden = true; return; }
  const text = (renderer.describeResult && renderer.describeResult(last.result, last.view, seatName)) || generic.describeResult(last.result, last.view, seatName);
  let outcome = null;
  if (last.you !== null) {
    outcome = renderer.outcomeFor ? renderer.outcomeFor(last.result, last.view) : genericOutcome(last.result);
  }
  const figures = renderer.figures ? renderer.figures(last.view, last.result, last.seats)
    : { columns: ["Player", ""], rows: last.seats.map((s, i) => ({ mine: i === last.you, cells: [s.name, s.bot ? botWords(s) : "person"] })) };
  hideCard();
  drawEnd(end, { outcome, text, figures, gameId, token, hostToken, campaignId, onError: (m) => toast(m) });
}

function genericOutcome(result) {
  const w = result.winner;
  if (w === undefined || w === null) return "draw";
  if (typeof w === "number") return w === last.you ? "won" : "lost";
  if (Array.isArray(w)) return w.includes(last.you) ? "won" : "lost";
  return null;
}

// Hot-seat: when the choice passes to another person, hide this seat's screen and reconnect
// as theirs once they say they are looking (hotseat.js). True: this state is not drawn.
function handOverIfNeeded(msg) {
  if (!hotseat || !hotseatKeys) return false;
  if (handingOver) return true;
  const next = nextPerson(msg);
  if (next === null || !hotseatKeys[next]) return false;
  last = null;
  handingOver = true;
  $("whoami").textContent = "passing the screen";
  showHandOver(msg.seats[next]?.name || `Seat ${next + 1}`, () => {
    token = hotseatKeys[next];
    handingOver = false;
    if (ws) ws.close(); // the close reconnects with the new seat's key
  });
  return true;
}

async function onState(msg) {
  await loadRenderer(msg.game.ruleset);
  if (handOverIfNeeded(msg)) return;
  const reset = msg.reason === "hello" || msg.reason === "sync";
  if (last && !reset && msg.version < last.version) return;
  last = msg;
  clockDeadline = msg.clock ? performance.now() + msg.clock.left * 1000 : null;
  document.body.classList.remove("busy");
  $("game-title").textContent = msg.game.title; // the server names an untitled game in words
  document.title = `hauntkit — ${msg.game.title}`;
  $("rules-link").href = `/rules/${encodeURIComponent(msg.game.ruleset)}`;
  $("rules-link").hidden = false;
  $("whoami").textContent = msg.you === null ? (hostToken ? "host (watching)" : "watching") : `you are ${seatName(msg.you)}`;
  document.body.dataset.version = String(msg.version);
  document.body.dataset.seat = msg.you === null ? "spectator" : String(msg.you);
  addEvents(msg.events, reset);
  draw();
}

// Draw everything from the last state (renderers call ui.rerender after a local change).
function draw() {
  const msg = last;
  const ui = { act, label, seatName, genericPrompt, rerender: draw, story };
  // a keyboard player who chose from the prompt keeps the focus on the new choices
  const active = document.activeElement;
  const focusWasOnChoices = Boolean(active && active !== document.body && $("prompt").contains(active));
  const board = clear($("board"));
  try {
    renderer.renderBoard(board, msg, ui);
  } catch (err) {
    console.error(err);
    clear(board);
    generic.renderBoard(board, msg, ui);
  }
  renderSeats();
  claimHostIfHandedOver();
  renderPrompt(ui);
  if (focusWasOnChoices) keepFocusOnChoices();
  renderSecrets();
  renderMine();
  showDrawnCard();
  if (!msg.result) { endShown = false; $("endscreen").hidden = true; }
  else if (!endShown) { endShown = true; renderEnd(); }
}

// Messages are handled one after another, in the order they arrived: the first state waits
// for its renderer to load, and a later state must never be overtaken by it (the page would
// then show the position before the last move, and wait for a turn it already has).
let handled = Promise.resolve();

function handle(msg) {
  if (msg.type === "state") return onState(msg);
  if (msg.type === "seats" && last) {
    last.seats = msg.seats;
    if (msg.clock) { last.clock = msg.clock; clockDeadline = performance.now() + msg.clock.left * 1000; }
    draw();
  }
  else if (msg.type === "error") { document.body.classList.remove("busy"); toast(msg.message); }
  return null;
}

// After a redraw the old buttons are gone: a player whose focus was on them gets it on the
// first new choice (or on the prompt itself when there is nothing to choose), never back at
// the top of the page.
function keepFocusOnChoices() {
  const box = $("prompt");
  const first = box.querySelector("button:not([disabled]), select, input");
  if (first) first.focus();
  else {
    box.tabIndex = -1;
    box.focus({ preventScroll: true });
  }
}

function onMessage(ev) {
  const msg = JSON.parse(ev.data);
  handled = handled.then(() => handle(msg)).catch((err) => console.error(err));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${gameId}`);
  ws.addEventListener("open", () => {
    retry = 500;
    $("conn").textContent = "live";
    $("conn").className = "conn live";
    send({ type: "hello", token: token || null, ...(hostToken ? { host: hostToken } : {}) });
  });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (ev) => {
    if (ev.code === 4404) { // the server has no such game: say so, and stop trying
      $("conn").textContent = "no such game";
      $("conn").className = "conn gone";
      const board = clear($("board"));
      board.append(el("p", { class: "no-game", role: "alert" },
        "There is no game at this link. It may have been mistyped; ask for the link again, or ",
        el("a", { href: "/" }, "start a game in the lobby"), "."));
      return;
    }
    if (ev.code === 4403) { // the host gave this seat to someone else: reconnecting cannot help
      $("conn").textContent = "removed";
      $("conn").className = "conn gone";
      clear($("prompt")).append(el("p", { class: "removed", role: "alert" },
        "The host gave your seat to someone else, so this link no longer works. ",
        el("a", { href: `/game/${gameId}` }, "Watch the game"), " or ", el("a", { href: "/" }, "go to the lobby"), "."));
      return;
    }
    $("conn").textContent = "reconnecting…";
    $("conn").className = "conn down";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// The host's links to hand out, open at first on a game just created from the lobby (the
// creator lands on their own seat holding the host key).
async function showInvite() {
  try {
    const links = await api(`/api/games/${gameId}/links`, { headers: { authorization: `Bearer ${hostToken}` } });
    const you = token ? links.seats.findIndex((s) => s.token === token) : -1;
    clear($("invite-links")).append(...linkItems(links, you >= 0 ? you : null));
    $("invite").hidden = false;
    $("invite").open = true;
  } catch (err) { toast(err.message); }
}

if (hostToken) { // the host may download the save at any time, to go on with it later
  showInvite();
  $("host-tools").hidden = false;
  $("download-save").addEventListener("click", () => downloadSave(gameId, hostToken, (m) => toast(m)));
  if (!hotseat) {
    $("host-tools").append(" ", el("button", { type: "button", class: "start-hotseat", onclick: () => {
      hash.set("hotseat", "1");
      history.replaceState(null, "", `${location.pathname}#${hash}`);
      location.reload();
    } }, "Play every person's seat on this screen"));
  }
}
if (campaignId) {
  $("game-title").after(el("a", { href: `/campaign/${encodeURIComponent(campaignId)}`, class: "campaign-link" }, "the campaign"));
}
if (hotseat) {
  seatKeys(gameId, hostToken).then((keys) => { hotseatKeys = keys; connect(); })
    .catch((err) => toast(err.message));
} else {
  connect();
}
