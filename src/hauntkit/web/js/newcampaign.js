// The lobby's "New campaign" form (rulesets that play campaigns, with their declared campaign
// options; each seat: me, a friend with a link, or a bot) and the list of campaigns.
import { allKeys, saveKeys } from "./campaignkeys.js";
import { api, clear, el } from "./dom.js";
import { botChoices, choiceName, optionLabel, readOptions, renderOptions, rulesetName, seatCountProblem, syncSeatRows } from "./forms.js";

const $ = (id) => document.getElementById(id);
let info = { rulesets: [], strengths: [] };

function campaignRulesets() {
  return info.rulesets.filter((r) => r.campaigns);
}

function current() {
  return campaignRulesets().find((r) => r.id === $("c-ruleset").value);
}

// Options asked once a seat (e.g. legacy's family of each seat).
function perSeatOptions() {
  return (current()?.campaign_options || []).filter((o) => o.type === "per_seat");
}

function perSeatInput(o, i) {
  const attrs = { class: "c-seat-opt", dataset: { key: o.key }, "aria-label": `campaign seat ${i + 1} ${optionLabel(o)}`, title: o.help || "" };
  if (!o.choices) return el("input", { ...attrs, maxlength: "60" });
  return el("select", attrs, el("option", { value: "" }, "default"), ...o.choices.map((c) => el("option", { value: c }, choiceName(o, c))));
}

function seatRow(i) {
  const kind = el("select", { class: "c-seat-kind", "aria-label": `campaign seat ${i + 1} played by` },
    el("option", { value: "me" }, "me, in this browser"),
    el("option", { value: "friend" }, "a friend (gets a link)"));
  const hint = botChoices(kind, info, i > 0);
  return el("tr", {}, el("td", {}, String(i + 1)),
    el("td", {}, el("input", { class: "c-seat-name", maxlength: "40", placeholder: `Seat ${i + 1}`, "aria-label": `campaign seat ${i + 1} name` })),
    el("td", {}, kind, hint), ...perSeatOptions().map((o) => el("td", {}, perSeatInput(o, i))));
}

// The seat table's head: the fixed columns and one a per-seat option.
function drawSeatHead() {
  clear($("c-seat-head")).append(el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Name"), el("th", {}, "Played by"),
    ...perSeatOptions().map((o) => el("th", { title: o.help || "" }, optionLabel(o)))));
}

// Each per-seat option's values, all seats or none; or the problem.
function readPerSeat(rows, config) {
  for (const o of perSeatOptions()) {
    const values = rows.map((row) => row.querySelector(`.c-seat-opt[data-key="${o.key}"]`).value.trim());
    if (values.every((v) => v === "")) continue;
    if (values.some((v) => v === "")) return `choose ${optionLabel(o)} for every seat, or for none`;
    config[o.key] = values;
  }
  return null;
}

function drawSeats(switched = false) {
  syncSeatRows(current(), $("c-seat-count"), $("c-seat-rows"), $("c-error"), seatRow, switched);
}

function drawOptions() {
  renderOptions($("c-options"), current()?.campaign_options, "copt");
}

async function create(ev) {
  ev.preventDefault();
  const problem = seatCountProblem(current(), $("c-seat-count"));
  $("c-error").textContent = problem || "";
  if (problem) return;
  const kinds = [...$("c-seat-rows").children].map((row) => row.querySelector(".c-seat-kind").value);
  if (kinds.filter((k) => k === "me").length > 1) {
    $("c-error").textContent = "you can sit in one seat only; give the others to friends or bots";
    return;
  }
  const seats = [...$("c-seat-rows").children].map((row, i) => {
    const name = row.querySelector(".c-seat-name").value.trim();
    return kinds[i].startsWith("bot:") ? { kind: "bot", bot: kinds[i].slice(4), name } : { kind: "human", name };
  });
  const config = readOptions($("c-options"));
  const unread = readPerSeat([...$("c-seat-rows").children], config);
  if (unread) { $("c-error").textContent = unread; return; }
  const body = { ruleset: $("c-ruleset").value, seats, title: $("c-title").value.trim(), config };
  if ($("c-seed").value !== "") body.seed = Number($("c-seed").value);
  try {
    const made = await api("/api/campaigns", { method: "POST", body: JSON.stringify(body) });
    const cid = made.campaign.id;
    const me = kinds.indexOf("me");
    saveKeys(cid, { host_token: made.host_token, me: me >= 0 ? me : null, seats: made.seats });
    location.assign(`/campaign/${cid}`);
  } catch (err) {
    $("c-error").textContent = err.message;
  }
}

async function refreshCampaigns() {
  let list = [];
  try { list = (await api("/api/campaigns")).campaigns; } catch { return; }
  const body = clear($("campaigns"));
  const mine = allKeys();
  for (const c of list) {
    const role = mine[c.id]?.host_token ? " (you host it)" : mine[c.id]?.seat_token ? " (you have a seat)" : "";
    body.append(el("tr", { class: `campaign-row ${c.status}`, dataset: { id: c.id } },
      el("td", {}, c.title || "Untitled campaign", el("span", { class: "hint" }, role)), el("td", {}, rulesetName(info, c.ruleset)),
      el("td", {}, c.status === "finished" ? "over" : "going on"),
      el("td", {}, el("a", { href: `/campaign/${c.id}`, class: "campaign-open" }, "open"))));
  }
  if (!list.length) body.append(el("tr", {}, el("td", { colspan: 4 }, "No campaigns yet.")));
}

export function startCampaignForm(lobbyInfo) {
  info = lobbyInfo;
  const rulesets = campaignRulesets();
  $("campaign-panel").hidden = !rulesets.length;
  $("campaigns-panel").hidden = !rulesets.length;
  if (!rulesets.length) return;
  const select = $("c-ruleset");
  for (const r of rulesets) select.append(el("option", { value: r.id }, r.name || r.id));
  select.addEventListener("change", () => { clear($("c-seat-rows")); drawSeatHead(); drawSeats(true); drawOptions(); });
  $("c-seat-count").addEventListener("input", () => drawSeats());
  $("campaign-form").addEventListener("submit", create);
  drawSeatHead();
  drawSeats(true);
  drawOptions();
  $("c-create-btn").disabled = false; // ready: before this a click would send the bare form
  refreshCampaigns();
  setInterval(refreshCampaigns, 5000);
}
