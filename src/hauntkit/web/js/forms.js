// Form pieces shared by the lobby's "New game" and "New campaign" forms: config fields from a
// ruleset's declared options, the seat count within the declared range, one row per seat.
import { clear, el } from "./dom.js";

// A declared choice's words: its display name (the option's `names`, from the ruleset's
// declaration), else the value as it is.
export const choiceName = (o, value) => o.names?.[value] ?? String(value);

// A declared option's label: its key in words ("free play haunt").
export const optionLabel = (o) => o.key.replace(/_/g, " ");

// A ruleset's display name, as /api/info gives its declaration (`info`: that answer).
export function rulesetName(info, id) {
  const rs = info.rulesets.find((r) => r.id === id);
  return rs ? rs.name : "a ruleset this server no longer offers";
}

// One input per declared option ({key, type: choice|bool|int, default, help, names, ...}).
// Per-seat options ("per_seat") are asked on the seat rows instead (newcampaign.js). Options
// the ruleset marks `advanced` go into `advancedBox` when one is given (folded away).
export function renderOptions(box, options, prefix = "opt", advancedBox = null) {
  clear(box);
  if (advancedBox) clear(advancedBox);
  for (const o of (options || []).filter((x) => x.type !== "per_seat")) {
    const id = `${prefix}-${o.key}`;
    let input;
    if (o.type === "choice") {
      input = el("select", { id, class: "option", dataset: { key: o.key, type: o.type } },
        el("option", { value: "" }, o.default ? `default (${choiceName(o, o.default)})` : "any"),
        ...o.choices.map((c) => el("option", { value: c }, choiceName(o, c))));
    } else if (o.type === "bool") {
      input = el("select", { id, class: "option", dataset: { key: o.key, type: o.type } },
        el("option", { value: "" }, `default (${o.default ? "yes" : "no"})`),
        el("option", { value: "true" }, "yes"), el("option", { value: "false" }, "no"));
    } else {
      input = el("input", { id, class: "option", type: "number", step: "1", min: o.min ?? null, max: o.max ?? null,
        placeholder: o.default ?? "", dataset: { key: o.key, type: o.type } });
    }
    (o.advanced && advancedBox ? advancedBox : box).append(el("label", { title: o.help || "" }, optionLabel(o), input));
  }
}

// The config typed into a box drawn by renderOptions (empty fields left out).
export function readOptions(...boxes) {
  const config = {};
  for (const input of boxes.flatMap((box) => [...box.querySelectorAll(".option")])) {
    if (input.value === "") continue;
    const kind = input.dataset.type;
    config[input.dataset.key] = kind === "int" ? Number(input.value) : kind === "bool" ? input.value === "true" : input.value;
  }
  return config;
}

// The seat count typed, or an error naming the ruleset's declared range.
export function seatCountProblem(rs, input) {
  if (!rs) return "choose a ruleset";
  const n = Number(input.value);
  if (!Number.isInteger(n) || n < rs.min_seats || n > rs.max_seats) {
    const span = rs.min_seats === rs.max_seats ? `${rs.min_seats}` : `${rs.min_seats} to ${rs.max_seats}`;
    return `${rs.name || rs.id} is played with ${span} seats; ${input.value || "nothing"} is not allowed`;
  }
  return null;
}

// Keep one row per seat in `body` (rows made by makeRow(i)); `switched`: a new ruleset was
// chosen, so the count is brought into its range. Returns the problem shown, if any.
export function syncSeatRows(rs, input, body, errorBox, makeRow, switched = false) {
  const range = rs || { min_seats: 1, max_seats: 1 };
  input.min = range.min_seats; input.max = range.max_seats;
  if (switched) input.value = Math.max(range.min_seats, Math.min(range.max_seats, Number(input.value) || range.min_seats));
  const problem = seatCountProblem(rs, input);
  errorBox.textContent = problem || "";
  input.setAttribute("aria-invalid", problem ? "true" : "false");
  if (problem) return problem;
  const n = Number(input.value);
  while (body.children.length > n) body.lastChild.remove();
  while (body.children.length < n) body.append(makeRow(body.children.length));
  return null;
}

// A game result in words: who won (seat names when given) and why.
export function describeResult(result, seatNames = []) {
  if (!result) return "";
  const parts = [];
  const name = (w) => (typeof w === "number" ? seatNames[w] || `seat ${w + 1}` : String(w));
  if (result.winner !== undefined && result.winner !== null) {
    const w = Array.isArray(result.winner) ? result.winner.map(name).join(" and ") : name(result.winner);
    parts.push(`${w} won`);
  }
  if (result.reason) parts.push(result.reason);
  return parts.join(": ") || result.summary || JSON.stringify(result);
}

// A seat's bot choices, in order of strength (/api/info's `strengths`: Easy, Normal, Hard), on
// the seat's "played by" select; `preselect`: the seat starts with the default strength. The
// research bots the API also takes are not offered. Returns a line that says what the chosen
// bot plays like (empty for a person's seat).
export function botChoices(select, info, preselect) {
  const strengths = info.strengths || [];
  select.append(...strengths.map((s) => el("option", { value: `bot:${s.name}`, title: s.description }, `bot: ${s.title}`)));
  if (preselect && strengths.length) select.value = `bot:${info.default_strength || strengths[0].name}`;
  const hint = el("span", { class: "bot-hint" });
  const describe = () => {
    const chosen = strengths.find((s) => `bot:${s.name}` === select.value);
    hint.textContent = chosen ? `${chosen.title}: ${chosen.description}` : "";
  };
  select.addEventListener("change", describe);
  describe();
  return hint;
}
