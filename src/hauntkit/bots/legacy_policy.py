"""The heuristic policy for `legacy`: betrayal's goal reading and scoring, plus Legacy's turn.

Legacy's views and actions are betrayal's with a few additions (docs/legacy.md), so this policy
extends ``BetrayalPolicy``: the goals still come from the side's own haunt book in the content.
What differs:

- which floors are worth exploring comes from the public backs of the tile stack (the regions a
  remaining tile may go in), not from the pack's tile list (Purgatory and Tomb tiles are out);
- before the haunt, a move toward a region whose item deck still has cards (public backs) is
  preferred a little, since cards are drawn from the drawer's region;
- TAKE (``take {card, from}``) is for a wanted card held by someone not on the other side;
  the owner's answer (``permit``) allows teammates and refuses the other side;
- the answers Legacy adds: make a fresh heirloom, take the traitor's result of 5, and let the
  traitor decline an event tile's card;
- Legacy's condition ``ghost_here: true`` (in a book action's ``when`` or a ``win``) makes the
  tiles with a ghost token rooms to reach (exploring when no such tile is in the house yet).
"""

from __future__ import annotations

from typing import Any

from hauntkit.bots.betrayal_policy import (
    BetrayalPolicy,
    Goals,
    View,
    _Ctx,
    _matches,
    goals,
)
from hauntkit.rulesets.legacy.index import GHOST

Action = dict[str, Any]


class LegacyPolicy(BetrayalPolicy):
    """Scores Legacy actions for one seat (see the module docstring)."""

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        seat = view["seat"]
        house, dists = self.layout(view)
        ctx = _LegacyCtx(self.ix, view, seat, house, legacy_goals(self.ix, view, seat), dists)
        return [ctx.score(a) for a in legal]


def legacy_goals(ix: Any, view: View, seat: int) -> Goals:
    """Betrayal's goals from the side's book, plus the ghost tiles of ``ghost_here`` conditions."""
    g = goals(ix, view, seat)
    h = view["haunt"]
    if h is None:
        return g
    haunt = ix.haunts[h["id"]]
    book = haunt.heroes if h["my_side"] == "heroes" else haunt.traitor_book
    conds = [a.when for a in book.actions if a.when is not None] + list(book.win)
    if any(_wants_ghost(c, h["flags"]) for c in conds):
        ghosts = {t["room"] for t in view["tiles"] if t["tokens"].get(GHOST)}
        g.rooms |= ghosts
        g.explore = g.explore or not ghosts
    return g


def _wants_ghost(c: Any, flags: dict[str, Any]) -> bool:
    if c.not_flag is not None and flags.get(c.not_flag):
        return False  # that action is done
    if getattr(c, "ghost_here", None) is True:
        return True
    return any(_wants_ghost(sub, flags) for sub in c.any_of or [])


class _LegacyCtx(_Ctx):
    def open_floors(self) -> set[str]:
        """Regions some remaining tile may go in, read from the stack's public backs."""
        backs = self.view["backs"]["stack"]
        return {f for floors in backs for f in floors}

    def _item_regions(self) -> set[str]:
        regions: set[str] = set()
        for back in self.view["backs"]["decks"].get("item", []):
            regions |= set(back) if back else {"any"}
        return regions

    def _move(self, a: Action) -> float:
        score = super()._move(a)
        if score > 0 and self.view["haunt"] is None:
            floor = next((t["floor"] for t in self.view["tiles"] if t["room"] == a["to"]), None)
            items = self._item_regions()
            if floor in items or "any" in items:
                score += 0.5
        return score

    def _take(self, a: Action) -> float:
        if "from" not in a:  # betrayal's answer to a steal/take effect
            return super()._take(a)
        wanted = _matches(a["card"], self.g.cards)
        if a["from"] in self.g.enemies or not wanted:
            return -10.0
        return 85.0

    def _permit(self, a: Action) -> float:
        asker = self.view["turn"]["actor"]  # TAKE is asked on the taker's own turn
        friendly = asker not in self.g.enemies
        return 1.0 if a["allow"] == friendly else 0.0

    def _heirloom(self, a: Action) -> float:
        return 1.0 if a["make"] else 0.0

    def _five(self, a: Action) -> float:
        return 1.0 if a["five"] else 0.0

    def _draw_event(self, a: Action) -> float:
        return 0.0 if a["draw"] else 1.0
