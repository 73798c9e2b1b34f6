"""``BetrayalRules``: the tables and named policy steps of one ruleset instance.

The engine modules (effects, interpreter, actions, turns, cards, house) never look up a
module-level table: they ask ``ix.rules`` (the rules object the ruleset bound to its content
index). A ruleset built on betrayal subclasses ``BetrayalRules`` and

- extends the tables: ``effects`` (effect verb -> handler ``fn(ix, s, frame, eff)``), ``ops``
  (engine frame -> ``fn(ix, s, frame)``), ``choices`` (pending choice kind ->
  ``fn(ix, s, choice, action)``), ``actions`` (free action type -> ``fn(ix, s, seat, action)``),
  ``hooks`` (named Python hooks of the content), ``calls`` (deferred engine steps by name);
- overrides the policy steps below (where betrayal's rule and another game's differ), each a
  method whose betrayal body is the documented betrayal rule.

Betrayal's own behaviour is exactly the module functions these defaults call.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from hauntkit.rulesets.betrayal import (
    actions,
    cards,
    combat,
    effects,
    explain,
    hook_registry,
    hooks,
    legal_actions,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.vocabulary import HARMFUL

State = dict[str, Any]


@mypyc_attr(allow_interpreted_subclasses=True)  # legacy's LegacyRules
class BetrayalRules:
    """Tables owned by one ruleset instance (copies: extending them touches no other ruleset)
    and the policy steps of the betrayal rules."""

    #: effect kinds a traitor or monster ignores on a room tile (rulebook digest)
    harmful: ClassVar[frozenset[str]] = HARMFUL

    #: the ruleset id named in messages
    ruleset: ClassVar[str] = "betrayal"

    #: a stunned monster skips the text in its box at the start of its turn (Legacy "Monsters");
    #: betrayal's digest only keeps it from attacking and using powers (RULING HB-6)
    stunned_skips_box: ClassVar[bool] = False

    #: an attack may pick a monster that lacks the attack's trait: it is told so and the attack
    #: is spent (Legacy "Other Attacks"); betrayal offers only monsters that have it (B10, HB-24)
    attack_any_trait: ClassVar[bool] = False

    #: an attack dealing 2 or more damage of any kind may steal instead (Legacy "Steal");
    #: betrayal's RULING B10 allows it for physical damage only
    steal_any_damage: ClassVar[bool] = False

    def __init__(self) -> None:
        #: action type -> the fields it may have (free actions and answers to choices)
        self.fields: dict[str, set[str]] = {k: set(v) for k, v in explain.FIELDS.items()}
        self.effects: dict[str, Any] = dict(effects.EFFECTS)
        self.ops: dict[str, Any] = dict(effects.OPS)
        self.choices: dict[str, Any] = {**effects.CHOICES, **actions.CHOICES, **combat.CHOICES,
                                        **hooks.CHOICES}
        self.actions: dict[str, Any] = dict(actions.APPLY)
        self.hooks: dict[str, Any] = dict(hook_registry.HOOKS)
        self.calls: dict[str, Any] = {
            "finish_turn": turns.finish_turn, "next_turn": turns.next_turn, "enter": actions.enter,
            "link_move": actions.link_move}

    # ------------------------------------------------------------------ cards
    def discard(self, ix: Any, s: State, cid: Any) -> None:
        """A card leaves play (betrayal: to its discard pile, B9)."""
        cards.to_discard_pile(ix, s, cid)

    def take_card(self, ix: Any, s: State, who: Any, deck: str) -> str | None:
        """Which card a draw from ``deck`` takes (betrayal: the top one; an empty deck is the
        shuffled discard pile)."""
        return cards.take_top(ix, s, deck)

    def card_drawn(self, ix: Any, s: State, who: Any, cid: str | None) -> None:
        """After a card is drawn (``None``: the deck was empty): betrayal ends movement
        either way (RULING B8)."""
        s["turn"]["movement_ended"] = True

    def omen_drawn(self, ix: Any, s: State, who: Any, cid: Any, room: str) -> None:
        """An omen was drawn: betrayal notes it for the end-of-turn haunt roll (RULING B3)."""
        s["omens"] += 1
        if s["haunt"] is None:
            s["turn"]["omens"].append([cid, room])

    def may_ignore(self, ix: Any, s: State, who: Any, card: Any) -> bool:
        """Whether the drawer may choose to ignore the drawn card's effects (betrayal: a
        revealed traitor, events unless the card says otherwise; a hidden traitor resolves it
        like anyone, HB-9: the choice would give them away)."""
        ignorable = card.traitor_may_ignore if card.traitor_may_ignore is not None \
            else card.kind == "event"
        return bool(ignorable and state_access.side(s, who) == "traitor" and s["haunt"]["revealed"])

    def turn_started(self, ix: Any, s: State, who: Any) -> None:
        """An explorer's turn begins, before any start-of-turn effect (betrayal: nothing)."""

    def turn_ending(self, ix: Any, s: State, who: Any) -> None:
        """An explorer's turn ends, after its end-of-turn effects are queued (betrayal:
        nothing more)."""

    def item_drawn(self, ix: Any, s: State, who: Any, cid: Any) -> None:
        """An item (or omen) card was drawn and kept (betrayal: nothing more)."""

    # ------------------------------------------------------------------ house
    def set_aside_tile(self, ix: Any, s: State, room: str) -> None:
        """A tile that can't go here (betrayal: set aside, RULING B7)."""
        s["aside"].append(room)

    def discovered(self, ix: Any, s: State, who: Any, room: str) -> None:
        """Someone entered a tile they just discovered: its card, then "on discover"."""
        actions.discovered(ix, s, who, room)

    def tile_placed(self, ix: Any, s: State, room: str) -> None:
        """A tile was just placed in the house (betrayal: nothing more)."""

    def extra_bonuses(self, ix: Any, s: State, who: Any) -> tuple[Any, ...]:
        """Roll bonuses besides carried cards' and the tile's (betrayal: none)."""
        return ()

    def leave_cost(self, ix: Any, s: State, seat: int, room: str) -> int:
        return legal_actions.leave_cost(ix, s, seat, room)

    # ------------------------------------------------------------------ turns
    def explorer_actions(self, ix: Any, s: State, seat: int) -> list[dict[str, Any]]:
        return legal_actions.explorer_actions(ix, s, seat)

    def monster_actions(self, ix: Any, s: State) -> list[dict[str, Any]]:
        return legal_actions.monster_actions(ix, s)

    def monster_moves(self, ix: Any, s: State, mid: str) -> int:
        """Moves of a monster this turn (betrayal: its speed)."""
        return ix.monsters[s["monsters"][mid]["kind"]].speed

    def monsters_take_turn(self, ix: Any, s: State) -> bool:
        """Whether the monsters' turn comes round (betrayal: while any monster is in play)."""
        return bool(s["monsters"])

    def monster_turn_started(self, ix: Any, s: State) -> None:
        """The monsters' turn began, after their start-of-turn effects were queued (betrayal:
        nothing more)."""

    def monster_killed(self, ix: Any, s: State, mid: str, kind: str, room: str) -> None:
        """Monster ``mid`` (of ``kind``, on ``room``) was killed (betrayal: nothing more)."""

    def end_turn_haunt(self, ix: Any, s: State) -> bool:
        """At the end of a turn before the haunt: betrayal's haunt roll (RULING B3, HB-3).
        True when the haunt started (the turn flow continues from it)."""
        return turns.haunt_roll_b3(ix, s)
