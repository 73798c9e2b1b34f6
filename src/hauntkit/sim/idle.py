"""The idle-side probe of the balance lab: one side does nothing after the haunt, so the
other side should win nearly always; a haunt where it does not may have goals out of reach
(docs/balance.md, "The idle-side probe")."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import Ruleset

IDLE_SIDES = ("heroes", "traitor")
TWO_SIDED = frozenset({"betrayal", "legacy"})  # rulesets whose haunts have two playing sides
REACH = 0.9  # the active side should win at least this often
PASSIVE_TYPES = frozenset({"end_turn", "pass", "done", "decline", "skip"})
WINS_OF = {"heroes": {"heroes"}, "traitor": {"traitor", "house"}}


def idle_choice(legal: list[Action], end_types: frozenset[str]) -> Action:
    """The action of a side that does nothing: one that ends its turn or passes, else the
    least-acting one (a refusal: a ``None`` or false field, such as stealing nothing), else
    the first."""
    def rank(index_action: tuple[int, Action]) -> tuple[int, int, int]:
        index, action = index_action
        kind = action.get("type")
        refusal = any(v is None or v is False for k, v in action.items() if k != "type")
        return (0 if kind in end_types else 1 if kind in PASSIVE_TYPES else
                2 if refusal else 3, index, 0)
    return min(enumerate(legal), key=rank)[1]


class IdleSideBot(Bot):
    """Plays ``inner`` until the haunt, and for the other side after it; the ``idle`` side
    (as its view says: ``haunt.my_side``) does nothing. The monsters' turn belongs to the
    traitor's side (the house's when there is no traitor)."""

    name: ClassVar[str] = "idle-side"
    uses_view: ClassVar[bool] = True

    def __init__(self, inner: Bot, idle: str) -> None:
        if idle not in IDLE_SIDES:
            raise HauntkitError(f"--idle-side must be heroes or traitor, got {idle!r}")
        self.inner = inner
        self.idle = idle

    def bind(self, ruleset: Ruleset) -> Bot:
        self.inner.bind(ruleset)
        return super().bind(ruleset)

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        haunt = view.get("haunt")
        side = haunt.get("my_side") if haunt else None
        if side is not None and view.get("turn", {}).get("actor") == "monsters":
            side = "traitor"
        if side == self.idle:
            return idle_choice(legal_actions, self.end_action_types)
        return self.inner.choose(view, legal_actions, rng)


def check_idle_side(ruleset: Ruleset, idle: str | None) -> None:
    """Refuse an idle side the ruleset has no use for (beast's enemies follow its rules)."""
    if idle is None:
        return
    if idle not in IDLE_SIDES:
        raise HauntkitError(f"--idle-side must be heroes or traitor, got {idle!r}")
    if ruleset.id not in TWO_SIDED:
        raise HauntkitError(f"--idle-side is for haunts with two sides (betrayal, legacy), not "
                            f"{ruleset.id}")


def active_side(idle: str) -> str:
    return "traitor" if idle == "heroes" else "heroes"


def wins_word(side: str) -> str:
    """``"heroes win"``, ``"traitor wins"``: a side and its verb."""
    return f"{side} win" if side.endswith("s") else f"{side} wins"
