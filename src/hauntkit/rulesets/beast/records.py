"""The native record of an ability: the one copy of its fields the battle reads in its hot
loops.

A pydantic model defines ``__getattr__``, so CPython routes every attribute read through its
slower hook (~350 instructions from compiled code). ``Content`` hands the battle these compiled
records instead: the same attribute names and values as the validated
:class:`~hauntkit.rulesets.beast.schema.Ability`, read as plain slots, plus a few facts derived
from them that listing a hunter's actions reads natively (``hook_name``, ``dice``, ``charged``,
``gear``). An ability that is still a model (a gear use, made at run time) gets its record from
:func:`record_of`. Validation, and its errors, stay with the pydantic models.
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
    """An ability's fields, read only. The fields the listing of legal actions reads are typed
    (read natively); the others are ``Any`` (mypyc checks declared types at run time, and the
    values are those pydantic validated). ``ab`` is the ability the record stands for: itself,
    or the model it was made from (which may hold more fields, e.g. a gear use's)."""

    id: str
    name: str
    text: Any
    kind: str
    shape: str
    targets: str
    style: str
    range: int
    radius: int
    attack: Any
    element: Any
    crit_multiplier: Any
    cooldown: int | None
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
    # derived facts, native for the listing of legal actions
    hook_name: str  # the hook, "" when none
    dice: int  # attack dice, 0 when none
    charged: bool  # it has charges
    gear: bool  # a gear use (gear/using.py)
    ab: Any

    def __init__(self, fields: dict[str, Any], source: Any = None) -> None:
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
        hook = fields["hook"]
        self.hook_name = hook if hook is not None else ""
        attack = fields["attack"]
        self.dice = attack if attack is not None else 0
        self.charged = fields["charges"] is not None
        self.gear = self.id.startswith("gear-")
        self.ab = source if source is not None else self

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


# id(model) -> its record; a record holds its model, so the id is not reused while cached
_RECORDS: dict[int, AbilityRecord] = {}


def record_of(ab: Any) -> AbilityRecord:
    """The record of ``ab``: ``ab`` itself when it is one, else the (cached) record of an
    ability model (abilities are frozen models)."""
    if isinstance(ab, AbilityRecord):
        return ab
    f = _RECORDS.get(id(ab))
    if f is None or f.ab is not ab:
        if len(_RECORDS) >= 4096:  # bounded: copies made at run time come and go
            _RECORDS.clear()
        f = AbilityRecord({name: getattr(ab, name) for name in ABILITY_FIELDS}, ab)
        _RECORDS[id(ab)] = f
    return f
