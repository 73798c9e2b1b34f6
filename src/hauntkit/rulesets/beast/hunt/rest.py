"""The rest phase (RULING HR-74).

Entering it, every hunter still in the hunt regains the hunt's ``rest.hp`` HP and
``rest.sanity`` Sanity, up to its maximum; at the end of an investigation (its last location)
the rest is a full one: HP and Sanity back to their maximum. While resting, a seat may pay
``rest.treat_cost`` Crypto to treat one wound of one of its hunters (``{"type": "treat",
"hunter": id}``): the wound is gone and the hunter's maximum HP is one higher again. Gear may
be changed here too ("Gear and Equipment": "Equipment can be changed after an Investigation or
during a Rest"; the gear rules add those actions through ``phase.EXTRAS["rest"]``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.hunt.party import active, change, max_hp, max_sanity
from hauntkit.rulesets.beast.hunt.phase import Phase
from hauntkit.rulesets.beast.labels import count_of, rest_gain_text

State = dict[str, Any]
Action = dict[str, Any]


class RestPhase(Phase):
    """Recover, and treat wounds for Crypto."""

    name = "rest"

    def enter(self, rs: Any, state: State) -> None:
        h = state["hunt"]
        rules = rs.c.hunts[h["hunt"]].rest
        for r in active(state):
            if h["last"]:
                r["hp"], r["sanity"] = max_hp(rs, r), max_sanity(rs, r)
            else:
                change(rs, r, hp=rules.hp, sanity=rules.sanity)
        emit(state, "rest", "The hunters rest fully: the investigation is over."
             if h["last"] else f"The hunters rest: {rest_gain_text(rules.hp, rules.sanity)}.",
             full=h["last"])

    def options(self, rs: Any, state: State, seat: int) -> list[Action]:
        cost = rs.c.hunts[state["hunt"]["hunt"]].rest.treat_cost
        if state["crypto"] < cost:
            return []
        return [{"type": "treat", "hunter": r["hunter"]} for r in active(state)
                if r["seat"] == seat and r["wounds"] > 0]

    def act(self, rs: Any, state: State, seat: int, action: Action) -> None:
        cost = rs.c.hunts[state["hunt"]["hunt"]].rest.treat_cost
        r = next(r for r in active(state) if r["hunter"] == action["hunter"])
        state["crypto"] -= cost
        r["wounds"] -= 1
        emit(state, "treat", f"{rs.c.hunters[r['hunter']].name}'s wound is treated "
             f"for {cost} Crypto ({count_of(r['wounds'], 'wound')} left).", hunter=r["hunter"],
             crypto=-cost)


__all__ = ["RestPhase"]
