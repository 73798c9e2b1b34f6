"""The effect interpreter's loop: ``run`` resolves the frames of ``state["effect_stack"]`` (see
frames.py) until a player must choose (``state["choice"]``) or the stack is empty;
``resolve_choice`` answers the pending choice and runs on."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import frames, state_access, turns
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def run(ix: Index, s: State) -> None:
    stack = s["effect_stack"]
    rules = ix.rules
    handlers, ops, harmful = rules.effects, rules.ops, rules.harmful
    while s["result"] is None and s["choice"] is None:
        if not stack:
            if s["turn"].get("end_requested"):
                turns.end_turn(ix, s)
                continue
            return
        fr = stack[-1]
        if fr["op"] == "fx":
            who = fr["who"]
            lst = ix.fx[fr["list_key"]]
            if fr["next"] >= len(lst) or (state_access.gone(s, who) and fr["src"] != frames.DEATH):
                stack.pop()
                continue
            eff = lst[fr["next"]]
            fr["next"] += 1
            if fr["src"].startswith("r:") and state_access.is_evil(s, who) and eff.do in harmful:
                continue  # traitors and monsters ignore a room's harm (rulebook digest)
            handlers[eff.do](ix, s, fr, eff)
        else:
            stack.pop()
            ops[fr["op"]](ix, s, fr)
    if s["result"] is not None:
        s["effect_stack"].clear()
        s["choice"] = None


def resolve_choice(ix: Index, s: State, action: dict[str, Any]) -> None:
    ch = s["choice"]
    s["choice"] = None
    ix.rules.choices[ch["kind"]](ix, s, ch, action)
    run(ix, s)
