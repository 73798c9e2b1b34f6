// Hot-seat: several people share one screen. The host's page, opened with `hotseat=1` in its
// link, holds every person's seat key (the host may list them) and shows one seat at a time.
// When the choice passes to another person, a hand-over screen hides the board, the secrets
// and the story until that person says they are the one looking; then the page reconnects as
// their seat and shows only what that seat may see.
import { api, clear, el } from "./dom.js";

export function hotseatWanted(hash) {
  return hash.get("hotseat") === "1" && Boolean(hash.get("host"));
}

// The seat keys of every seat a person plays (a bot's seat is played by the server).
export async function seatKeys(gameId, hostToken) {
  const links = await api(`/api/games/${gameId}/links`, { headers: { authorization: `Bearer ${hostToken}` } });
  return links.seats.map((s) => s.token);
}

// The person who should hold the screen now: the first person to act, else null (a bot is
// acting, or the game is over).
export function nextPerson(msg) {
  if (msg.result) return null;
  const people = (msg.to_act || []).filter((i) => !msg.seats[i]?.bot);
  if (people.includes(msg.you)) return null; // the one looking acts: keep the screen
  return people.length ? people[0] : null;
}

// Hide everything private and ask `name` to take the screen; `onReady` once they confirm.
export function showHandOver(name, onReady) {
  for (const id of ["board", "prompt", "secret", "log", "mine"]) clear(document.getElementById(id));
  document.getElementById("secret-panel").hidden = true;
  document.getElementById("cardshow").hidden = true;
  document.body.classList.add("handing-over");
  const cover = document.getElementById("handover");
  clear(cover).append(el("div", { class: "handover-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-title" },
    el("h2", { id: "handover-title" }, `Pass the screen to ${name}`),
    el("p", {}, `${name}, make sure only you can see the screen, then show your seat. What the last player saw is hidden.`),
    el("button", { type: "button", class: "handover-ready", onclick: () => {
      cover.hidden = true;
      document.body.classList.remove("handing-over");
      onReady();
    } }, `I am ${name}: show my seat`)));
  cover.hidden = false;
  cover.querySelector("button").focus();
}
