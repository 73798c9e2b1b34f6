// The campaign page (/campaign/<id>): where the campaign stands, what it carries (the ruleset's
// summary), its games in order with their results, its seats, and the button that starts (or
// goes back to) the game in progress with this browser's seat. The host's and a seat's
// campaign tokens come from this browser's localStorage (campaignkeys.js) or once from the
// link's #host= / #seat=, which is then taken out of the address bar.
import { keysOf, saveKeys } from "./campaignkeys.js";
import { api, botWords, clear, copyButton, count, el } from "./dom.js";
import { describeResult } from "./forms.js";
import { renderSummary } from "./summary.js";

const $ = (id) => document.getElementById(id);
const cid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const given = new URLSearchParams(location.hash.slice(1));
if (given.get("host")) saveKeys(cid, { host_token: given.get("host") });
if (/^\d+$/.test(given.get("me") || "")) saveKeys(cid, { me: Number(given.get("me")) });
if (given.get("seat")) saveKeys(cid, { seat_token: given.get("seat") });
if (location.hash) history.replaceState(null, "", location.pathname);
const keys = keysOf(cid);
let isHost = Boolean(keys.host_token); // checked against the server at the first look
const mySeat = Number.isInteger(keys.me) ? keys.me : null;
let camp = null;
let timer = null;

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const auth = (token) => ({ authorization: `Bearer ${token}` });
const gameUrl = (gid, param) => `/game/${encodeURIComponent(gid)}#${param}&campaign=${encodeURIComponent(cid)}`;

function showError(text) {
  $("camp-error").textContent = text || "";
}

function seatNames() {
  return (camp?.seats || []).map((s) => s.name);
}

const titleOf = (g, noun) => g.title || `${cap(noun)} ${g.index + 1}`;

// Start the next game (or find the one in progress) and go to it with this browser's seat.
async function play(button) {
  button.disabled = true;
  showError("");
  try {
    if (isHost) {
      const got = await api(`/api/campaigns/${cid}/next`, { method: "POST", headers: auth(keys.host_token) });
      if (mySeat !== null && got.seats) location.assign(gameUrl(got.game_id, `t=${got.seats[mySeat].token}`));
      else if (got.host_token) location.assign(gameUrl(got.game_id, `host=${got.host_token}`));
      else location.assign(gameUrl(got.game_id, "watch=1"));
    } else {
      const got = await api(`/api/campaigns/${cid}/seat`, { headers: auth(keys.seat_token) });
      location.assign(gameUrl(got.game_id, `t=${got.token}`));
    }
  } catch (err) {
    showError(err.message);
    button.disabled = false;
  }
}

function drawStatus() {
  const noun = camp.noun || "game";
  const games = camp.games;
  const live = games.find((g) => g.status === "active");
  const actions = clear($("camp-actions"));
  let text;
  if (camp.status !== "active") {
    text = `The campaign is over after ${count(games.length, noun)}.`;
  } else if (live) {
    text = `${titleOf(live, noun)} is being played.`;
    if (isHost || keys.seat_token) {
      actions.append(el("button", { type: "button", id: "play-next", onclick: (e) => play(e.target) }, `Go to ${titleOf(live, noun)}`));
    }
    actions.append(el("a", { href: gameUrl(live.game_id, "watch=1"), class: "watch-live" }, "watch it"));
  } else {
    text = `Next: ${camp.next_title || `${cap(noun)} ${games.length + 1}`}.`;
    if (isHost) actions.append(el("button", { type: "button", id: "play-next", onclick: (e) => play(e.target) }, `Play the next ${noun}`));
    else if (keys.seat_token) actions.append(el("span", { class: "hint" }, `The host starts the next ${noun}; come back then.`));
    const rows = camp.next_settings || []; // in words, from the server: never the coming haunt
    if (rows.length) {
      actions.append(el("details", { class: "next-config" }, el("summary", {}, "its settings"),
        renderSummary({ sections: [{ title: "", rows }] })));
    }
  }
  $("camp-status").textContent = text;
}

function drawSeats() {
  const body = clear($("camp-seats"));
  camp.seats.forEach((s, i) => {
    const link = isHost && !s.bot && i !== mySeat ? keys.seats?.[i]?.url : null;
    const who = s.bot ? botWords(s) : i === mySeat ? "you" : "a person";
    body.append(el("tr", { class: "camp-seat" }, el("td", {}, String(i + 1)), el("td", {}, s.name), el("td", {}, who),
      el("td", {}, link ? el("span", {}, el("input", { class: "friend-link", readonly: true, value: link, "aria-label": `campaign link of ${s.name}` }), " ",
        copyButton(link, "select the link in the box beside it and copy it", { class: "copy-friend-link" })) : null)));
  });
  const note = $("host-note");
  note.hidden = !isHost;
  if (isHost) {
    const noun = camp.noun || "game";
    const friends = camp.seats.some((s, i) => !s.bot && i !== mySeat);
    const mine = `${location.origin}/campaign/${encodeURIComponent(cid)}#host=${keys.host_token}${mySeat !== null ? `&me=${mySeat}` : ""}`;
    clear(note).append(`This browser holds the campaign's host key: it starts each ${noun}.`,
      friends ? ` Send each friend their seat's campaign link (it opens their seat in every ${noun}).` : "",
      el("details", { class: "host-key" }, el("summary", {}, "Continue on another device"),
        "Open this link there (keep it to yourself: it starts games and opens your seat): ",
        el("input", { class: "host-link", readonly: true, value: mine, "aria-label": "your host link" })));
  }
}

function drawHistory(games) {
  const noun = camp.noun || "game";
  $("history-title").textContent = `${cap(noun)}s so far`;
  const body = clear($("history"));
  for (const g of games) {
    const state = g.status === "finished" ? "finished" : "being played";
    body.append(el("tr", { class: `history-row ${g.status}`, dataset: { index: g.index } },
      el("td", { class: "history-title" }, titleOf(g, noun)), el("td", { class: "history-state" }, state),
      el("td", { class: "history-result" }, describeResult(g.result, seatNames()),
        g.summary ? el("details", {}, el("summary", {}, "carried out"), renderSummary(g.summary)) : null),
      el("td", {}, el("a", { href: gameUrl(g.game_id, "watch=1") }, g.status === "finished" ? "look back" : "watch"))));
  }
  if (!games.length) body.append(el("tr", {}, el("td", { colspan: 4 }, `No ${noun} played yet.`)));
}

// The campaign; with a host key, asked with it, so a wrong key is told at once (and this
// browser forgets it) instead of when the host first clicks.
async function fetchCampaign() {
  if (!isHost) return api(`/api/campaigns/${cid}`);
  try {
    return await api(`/api/campaigns/${cid}`, { headers: auth(keys.host_token) });
  } catch (err) {
    if (err.status !== 403) throw err;
    isHost = false;
    delete keys.host_token;
    saveKeys(cid, { host_token: undefined });
    $("camp-role").textContent = keys.seat_token ? "you have a seat" : "watching"; // with the error, not after the next answer
    showError("That host key is not this campaign's, so this browser is not its host: you are watching.");
    return api(`/api/campaigns/${cid}`);
  }
}

async function refresh() {
  clearTimeout(timer);
  try {
    // both answers first, then the whole page at once: a page that showed its buttons
    // before its history would show an empty history for a moment
    const [got, history] = await Promise.all([fetchCampaign(), api(`/api/campaigns/${cid}/history`)]);
    camp = got;
    const title = camp.title || `${camp.ruleset_name} campaign`;
    document.title = `hauntkit — ${title}`;
    $("camp-title").textContent = `${title} · ${camp.ruleset_name}`;
    $("camp-role").textContent = isHost ? "you are the host" : keys.seat_token ? "you have a seat" : "watching";
    drawStatus();
    clear($("summary")).append(renderSummary(camp.summary));
    drawSeats();
    drawHistory(history.games);
  } catch (err) {
    showError(err.message);
    if (!camp) return; // no such campaign: nothing to refresh
  }
  const live = camp.status === "active" && camp.games.some((g) => g.status === "active");
  timer = setTimeout(refresh, live ? 3000 : 15000);
}

refresh();
