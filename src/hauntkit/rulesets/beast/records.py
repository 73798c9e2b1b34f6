"""Native records of the content abilities the battle reads in its hot loops.

A pydantic model defines ``__getattr__``, so CPython routes every attribute read through its
slower hook. ``Content`` hands the battle these compiled records instead: the same attribute
names and values as the validated :class:`~hauntkit.rulesets.beast.schema.Ability`, read as
plain slots. Validation, and its errors, stay with the pydantic models.
"""

from __future__ import annotations

from typing import Any

# The fields of schema.Ability, in its order (ability_record checks them).
ABILITY_FIELDS = (
    "id", "name", "text", "kind", "shape", "targets", "style", "range", "radius", "attack",
    "element", "crit_multiplier", "cooldown", "charges", "effects", "hook", "signature",
    "trigger", "pierce", "can_crit", "perfect_defence", "requires", "summons",
)


class AbilityRecord:
    """An ability's fields, read only (typed ``Any``: mypyc checks declared types at run time,
    and the values are those pydantic validated)."""

    id: Any
    name: Any
    text: Any
    kind: Any
    shape: Any
    targets: Any
    style: Any
    range: Any
    radius: Any
    attack: Any
    element: Any
    crit_multiplier: Any
    cooldown: Any
    charges: Any
    effects: Any
    hook: Any
    signature: Any
    trigger: Any
    pierce: Any
    can_crit: Any
    perfect_defence: Any
    requires: Any
    summons: Any

    def __init__(self, fields: dict[str, Any]) -> None:
        self.id = fields["id"]
        self.name = fields["name"]
        self.text = fields["text"]
        self.kind = fields["kind"]
        self.shape = fields["shape"]
        self.targets = fields["targets"]
        self.style = fields["style"]
        self.range = fields["range"]
        self.radius = fields["radius"]
        self.attack = fields["attack"]
        self.element = fields["element"]
        self.crit_multiplier = fields["crit_multiplier"]
        self.cooldown = fields["cooldown"]
        self.charges = fields["charges"]
        self.effects = fields["effects"]
        self.hook = fields["hook"]
        self.signature = fields["signature"]
        self.trigger = fields["trigger"]
        self.pierce = fields["pierce"]
        self.can_crit = fields["can_crit"]
        self.perfect_defence = fields["perfect_defence"]
        self.requires = fields["requires"]
        self.summons = fields["summons"]

    def fields(self) -> dict[str, Any]:
        """The record's fields, in the model's order."""
        return {f: getattr(self, f) for f in ABILITY_FIELDS}

    def model_copy(self, update: dict[str, Any] | None = None) -> AbilityRecord:
        """A copy with ``update``'s fields replaced (as pydantic's ``model_copy``)."""
        fields = self.fields()
        if update:
            unknown = set(update) - set(fields)
            if unknown:
                raise KeyError(f"not a field of an ability: {sorted(unknown)}")
            fields.update(update)
        return AbilityRecord(fields)

    def __repr__(self) -> str:
        return f"AbilityRecord(id={self.id!r}, name={self.name!r})"


def ability_record(model: Any) -> AbilityRecord:
    """The record of a validated ``schema.Ability`` (a subclass, with more fields, refused)."""
    if tuple(type(model).model_fields) != ABILITY_FIELDS:
        raise ValueError(f"{type(model).__name__} {model.id!r}: not the fields of an Ability")
    return AbilityRecord({f: getattr(model, f) for f in ABILITY_FIELDS})
