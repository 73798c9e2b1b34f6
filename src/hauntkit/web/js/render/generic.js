// The generic renderer: any ruleset's view as a readable tree, choices as buttons.
import { el } from "../dom.js";

function tree(value, key, depth = 0) {
  if (value === null || typeof value !== "object") {
    return el("div", { class: "kv" }, key !== undefined ? el("span", { class: "k" }, `${key}: `) : null,
      el("span", { class: `v ${typeof value}` }, JSON.stringify(value)));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const details = el("details", { open: depth < 2 ? true : null },
    el("summary", {}, key !== undefined ? `${key}` : "view", Array.isArray(value) ? ` [${value.length}]` : ""));
  for (const [k, v] of entries) details.append(tree(v, k, depth + 1));
  return details;
}

export function renderBoard(root, msg) {
  const view = { ...msg.view };
  delete view.log;
  root.append(el("div", { class: "generic-view" }, tree(view)));
}

export function renderSecrets(view) {
  const secret = view && (view.secret || view.secrets);
  if (!secret) return null;
  return el("div", { class: "secret-text" }, typeof secret === "string" ? secret : JSON.stringify(secret, null, 1));
}

export function describeResult(result, view, seatName) {
  if (!result) return "";
  const parts = [];
  if (result.winner !== undefined && result.winner !== null) {
    parts.push(typeof result.winner === "number" ? `${seatName(result.winner)} won` : `${result.winner} won`);
  }
  if (result.reason) parts.push(result.reason);
  if (result.summary) parts.push(result.summary);
  return parts.join(": ") || JSON.stringify(result);
}
