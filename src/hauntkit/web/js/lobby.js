// The lobby: create a game, hand out its links, list games in progress and finished (and,
// through newcampaign.js, create campaigns and list them).
// Everything about a ruleset (name, seat range, config options) comes from /api/info, which
// reads each ruleset's declaration: the lobby knows no ruleset by name.
import { api, clear, el } from "./dom.js";
import { botChoices, describeResult, readOptions, renderOptions, rulesetName, seatCountProblem, syncSeatRows } from "./forms.js";
import { linkItems } from "./links.js";
import { startCampaignForm } from "./newcampaign.js";

const $ = (id) => document.getElementById(id);
let info = { rulesets: [], strengths: [], default_strength: "normal", dev: false };

function seatRow(i) {
  const kind = el("select", { class: "seat-kind", "aria-label": `seat ${i + 1} played by` },
    el("option", { value: "human" }, i === 0 ? "me, in this browser" : "a person"));
  const hint = botChoices(kind, info, i > 0);
  return el("tr", {}, el("td", {}, String(i + 1)),
    el("td", {}, el("input", { class: "seat-name", maxlength: "40", placeholder: `Seat ${i + 1}`, "aria-label": `seat ${i + 1} name` })),
    el("td", { class: "seat-by" }, kind, hint));
}

function currentRuleset() {
  return info.rulesets.find((r) => r.id === $("ruleset").value);
}

function renderSeatRows(switched = false) {
  syncSeatRows(currentRuleset(), $("seat-count"), $("seat-rows"), $("create-error"), seatRow, switched);
}

function remember(created) {
  const mine = JSON.parse(localStorage.getItem("hauntkit.mine") || "{}");
  mine[created.id] = created;
  localStorage.setItem("hauntkit.mine", JSON.stringify(mine));
}

function showLinks(created) {
  clear($("links")).append(...linkItems(created));
  $("links-panel").hidden = false;
}

async function create(ev) {
  ev.preventDefault();
  const problem = seatCountProblem(currentRuleset(), $("seat-count"));
  $("create-error").textContent = problem || "";
  if (problem) return;
  const seats = [...$("seat-rows").children].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    const name = row.querySelector(".seat-name").value.trim();
    return kind.startsWith("bot:") ? { kind: "bot", bot: kind.slice(4), name } : { kind: "human", name };
  });
  const body = { ruleset: $("ruleset").value, seats, title: $("title").value.trim(), config: readOptions($("options"), $("advanced-options")) };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if ($("bot-delay").value !== "") body.bot_delay = Number($("bot-delay").value);
  if ($("turn-clock").value !== "") body.turn_clock = Number($("turn-clock").value);
  if (info.dev) {
    const dice = $("dice").value.trim();
    if (dice) body.dice = dice.split(/[\s,]+/).map(Number);
    const setup = $("setup").value.trim();
    if (setup) {
      try { body.setup = JSON.parse(setup); } catch { $("create-error").textContent = "the set-up is not valid JSON"; return; }
    }
  }
  try {
    const created = await api("/api/games", { method: "POST", body: JSON.stringify(body) });
    remember(created);
    takeMySeat(created, seats[0].kind === "human");
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

// The creator goes straight to their own seat (the first, "me, in this browser"), holding the
// host key too: that page hands out the others' links. With a bot in the first seat they go to
// the host's page.
function takeMySeat(created, firstIsMine) {
  const mine = firstIsMine ? created.seats[0] : null;
  location.assign(mine ? `${mine.url}&host=${created.host_token}` : created.host_url);
}

// A downloaded save becomes a new game that goes on from where it was.
async function resume(ev) {
  ev.preventDefault();
  const error = $("resume-error");
  error.textContent = "";
  const file = $("resume-file").files[0];
  if (!file) { error.textContent = "choose a save file first"; return; }
  const text = await file.text();
  try { JSON.parse(text); } catch { error.textContent = "this file is not a hauntkit save (it is not JSON)"; return; }
  try {
    // the file's own text goes as it is: a save holds 64-bit numbers (the dice generator's
    // state) that a JavaScript number would round, and the server checks every one of them
    const created = await api("/api/games/resume", { method: "POST", body: `{"save": ${text}}` });
    remember(created);
    showLinks(created);
    refreshGames();
  } catch (err) {
    error.textContent = err.message;
  }
}

$("resume-form").addEventListener("submit", resume); // ready before the lobby's data arrives

async function refreshGames() {
  let games = [];
  try { games = (await api("/api/games")).games; } catch { return; }
  const mine = JSON.parse(localStorage.getItem("hauntkit.mine") || "{}");
  const body = clear($("games"));
  for (const g of games) {
    const state = g.status === "finished" ? `finished — ${describeResult(g.result)}` : "in progress";
    const seats = g.seats.map((s) => `${s.name}${s.bot ? " (bot)" : ""}${s.connected ? " ●" : ""}`).join(", ");
    const links = [el("a", { href: `/game/${g.id}` }, "watch")];
    if (mine[g.id]) links.push(" · ", el("button", { type: "button", onclick: () => showLinks(mine[g.id]) }, "my links"));
    body.append(el("tr", { class: `game-row ${g.status}`, dataset: { id: g.id } },
      el("td", {}, g.title), el("td", {}, rulesetName(info, g.ruleset)), el("td", { class: "game-state" }, state),
      el("td", {}, seats), el("td", {}, String(g.version)), el("td", {}, ...links)));
  }
  if (!games.length) body.append(el("tr", {}, el("td", { colspan: 6 }, "No games yet.")));
}

async function main() {
  info = await api("/api/info");
  const select = $("ruleset");
  for (const r of info.rulesets) select.append(el("option", { value: r.id }, r.name || r.id));
  if (info.rulesets.some((r) => r.id === "betrayal")) select.value = "betrayal";
  $("dev-fields").hidden = !info.dev;
  const drawOptions = () => renderOptions($("options"), currentRuleset()?.options, "opt", $("advanced-options"));
  select.addEventListener("change", () => { renderSeatRows(true); drawOptions(); });
  $("seat-count").addEventListener("input", () => renderSeatRows());
  $("create-form").addEventListener("submit", create);
  renderSeatRows(true);
  drawOptions();
  $("create-btn").disabled = false; // ready: before this a click would send the bare form
  refreshGames();
  startCampaignForm(info);
  setInterval(refreshGames, 5000);
}

main();
