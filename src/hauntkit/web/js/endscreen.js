// The end screen: whether this seat won or lost, each player's figures, a rematch and the
// game's save as a download (both need this page's seat or host token).
import { api, clear, el } from "./dom.js";

function auth(token) {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function downloadSave(gameId, token, onError) {
  try {
    const res = await fetch(`/api/games/${gameId}/save`, { headers: auth(token) });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw new Error(body.message || `the save could not be downloaded (${res.status})`);
    }
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: `hauntkit-${gameId}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) { onError(err.message); }
}

async function rematch(gameId, token, isHost, onError) {
  try {
    const made = await api(`/api/games/${gameId}/rematch`, { method: "POST", headers: auth(token) });
    location.assign(isHost ? made.host_url : made.url);
    if (location.pathname.endsWith(`/${made.id}`)) location.reload(); // same page, new hash
  } catch (err) { onError(err.message); }
}

// A table of per-player figures: {columns: [..], rows: [{cells: [..], mine: bool}]}.
function figuresTable(figures) {
  if (!figures || !figures.rows?.length) return null;
  return el("div", { class: "end-figures-wrap" }, el("table", { class: "end-figures" },
    el("thead", {}, el("tr", {}, ...figures.columns.map((c) => el("th", {}, c)))),
    el("tbody", {}, ...figures.rows.map((r) => el("tr", { class: r.mine ? "mine" : "" },
      ...r.cells.map((c) => el("td", {}, String(c))))))));
}

// outcome: "won" | "lost" | "draw" | null (a spectator); text: the renderer's sentence.
// campaignId: the game is one of a campaign's: its page (history, next game) replaces the
// rematch, which would start a game outside the campaign.
export function renderEnd(box, { outcome, text, figures, gameId, token, hostToken, campaignId, onError }) {
  clear(box);
  const heading = { won: "You won!", lost: "You lost", draw: "Nobody won" }[outcome] || "The game is over";
  const can = Boolean(token || hostToken);
  box.append(el("div", { class: `end-card end-${outcome || "watch"}` },
    el("h2", { class: "end-outcome" }, heading),
    el("p", { class: "end-text" }, text),
    figuresTable(figures),
    el("div", { class: "end-buttons" },
      campaignId ? el("a", { href: `/campaign/${encodeURIComponent(campaignId)}`, class: "end-campaign" }, "Back to the campaign") : null,
      can && !campaignId ? el("button", { type: "button", class: "rematch", onclick: () => rematch(gameId, token || hostToken, !token, onError) }, "Rematch") : null,
      can ? el("button", { type: "button", class: "save-download", onclick: () => downloadSave(gameId, token || hostToken, onError) }, "Download the save") : null,
      el("button", { type: "button", class: "end-close", onclick: () => { box.hidden = true; } }, "Look at the board"),
      el("a", { href: "/", class: "end-lobby" }, "Back to the lobby")),
    can || campaignId ? null : el("p", { class: "end-note" }, "Players can ask for a rematch and download the save.")));
  box.hidden = false;
}
