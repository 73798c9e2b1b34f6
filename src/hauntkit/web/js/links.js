// A game's links, as the lobby and the host's game page list them: each seat's secret link
// with a copy button, the spectators' and the host's (`created`: the answer of creating the
// game, or of /api/games/<id>/links).
import { botWords, copyButton, el } from "./dom.js";

export function linkItems(created, you = null) {
  const items = created.seats.map((s) => {
    const who = s.bot ? `played by ${botWords(s)}${s.iterations ? `, ${s.iterations} iterations` : ""}`
      : s.seat === you ? "you" : "a person";
    return el("li", { class: "link-row" },
      el("strong", {}, `${s.name}`), ` (seat ${s.seat + 1}, ${who}) `,
      s.url ? el("a", { href: s.url, target: "_blank", class: "seat-link", dataset: { seat: s.seat } }, "open seat") : "no link to show",
      " ", s.url ? copyButton(s.url, "right-click “open seat” to copy its link", { class: "copy-link" }) : null);
  });
  items.push(el("li", {}, el("strong", {}, "Spectators"), " ",
    el("a", { href: created.spectator_url, target: "_blank", class: "spectator-link" }, "watch")));
  items.push(el("li", {}, el("strong", {}, "Host"), " (hand seats to bots, remove or make a player the host) ",
    el("a", { href: created.host_url, target: "_blank", class: "host-link" }, "host page")));
  return items;
}
