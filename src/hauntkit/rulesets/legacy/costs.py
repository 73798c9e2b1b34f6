"""Costs and rewards: the ``pay`` effect (rulebook "Raising and Lowering from the Same
Effect": "You must be able to pay the full 'penalty' in order to gain the 'reward.' If you
can't, you do not get the benefit"; RULING HL-22)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import frames, state_access, traits
from hauntkit.rulesets.betrayal.vocabulary import TRAITS

State = dict[str, Any]


def payable(s: State, who: int, lose: dict[str, int]) -> bool:
    """Whether every trait can drop by its whole amount: before the haunt not below its critical
    step (the lowest before the skull); after it, down to the skull at most."""
    lowest = 0 if s["haunt"] is None else -1
    e = s["explorers"][who]
    return e["alive"] and all(e["traits"][t] - n >= lowest for t, n in lose.items())


def cost_text(lose: dict[str, int]) -> str:
    """"2 Might and 1 Speed"."""
    parts = [f"{lose[t]} {t.capitalize()}" for t in TRAITS if t in lose]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def pay(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """The ``pay`` effect: nothing is lowered unless all of it can be; then the reward."""
    who = fr["who"]
    if not isinstance(who, int):
        return
    then, other = ix.key(eff.then) if eff.then else None, ix.key(eff.else_) if eff.else_ else None
    if not payable(s, who, eff.lose):
        state_access.log(s, "cannot_pay",
                         f"{state_access.name(ix, s, who)} can't pay {cost_text(eff.lose)}, so "
                         "gets nothing for it.", seat=who)
        if other:
            frames.push(s, other, who, fr["src"])
        return
    data = {"who": who, "lose": dict(eff.lose), "then": then, "src": fr["src"]}
    if eff.offer:
        frames.ask(s, who, "pay", [{"type": "pay", "pay": True}, {"type": "pay", "pay": False}],
                   f"{eff.offer}?", offer=eff.offer, **data)
        return
    _paid(ix, s, data)


def _paid(ix: Any, s: State, data: dict[str, Any]) -> None:
    who = data["who"]
    state_access.log(s, "pay", f"{state_access.name(ix, s, who)} pays "
                     f"{cost_text(data['lose'])}.", seat=who)
    for t in TRAITS:
        if t in data["lose"]:
            traits.change(ix, s, who, t, -data["lose"][t])
    if data["then"] and s["explorers"][who]["alive"]:
        frames.push(s, data["then"], who, data["src"])


def pay_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    if action["pay"]:
        _paid(ix, s, ch)
    else:
        state_access.log(s, "decline", f"{state_access.name(ix, s, ch['who'])} does not pay.",
                         seat=ch["who"])
