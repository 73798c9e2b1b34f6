"""The contract every ruleset fulfils, and the registry of rulesets by id."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from hauntkit.core.errors import HauntkitError, IllegalActionError

State = dict[str, Any]
Action = dict[str, Any]


class Ruleset(ABC):
    """A game's rules on the shared core.

    A ruleset instance is bound to one loaded content pack and holds no game state: every method
    takes the state (plain JSON data) and is a pure function of it, except ``apply`` which mutates
    it. Seats are numbered 0..n-1.
    """

    id: ClassVar[str]

    @abstractmethod
    def new_state(self, config: dict[str, Any], seed: int) -> State:
        """The initial state. ``config`` is ruleset-specific (seats, characters, options)."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that have a decision to make now (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now. Each is a JSON object with a ``type``."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> None:
        """Apply a legal action (the engine has checked legality) and resolve until the next
        decision. Must not raise for an action from ``legal_actions``."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator). Never deck order or others' secrets."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game goes on; else who won and why."""

    def explain_illegal(self, state: State, seat: int, action: Action) -> HauntkitError:
        """A specific error for an action that is not in ``legal_actions``. Rulesets override
        this to name unknown ids and the rule that forbids the action."""
        types = sorted({a["type"] for a in self.legal_actions(state, seat)})
        return IllegalActionError(
            f"action {action!r} is not legal now; legal action types are: {', '.join(types)}"
        )

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        """Set up a position from a scenario file's ``setup`` mapping (ruleset-specific keys).
        Raise ``HauntkitError`` naming the field for anything it cannot set."""
        raise HauntkitError(f"ruleset {self.id!r} does not support scenario set-ups")

    def invariants(self, state: State) -> list[str]:
        """Broken invariants of ``state`` (empty when sound); property tests assert on it."""
        return []

    def stats(self, state: State) -> dict[str, Any]:
        """Per-game figures for simulation reports (e.g. winner, turns, deaths)."""
        return {}

    def config_schema(self) -> dict[str, Any]:
        """A description of ``config`` keys, for the lobby and the CLI."""
        return {}

    def scenario_ids(self) -> list[str]:
        """The scenarios (betrayal: haunts) a new game can be made to play through
        ``scenario_config``, for the balance lab; empty when the ruleset has none."""
        return []

    def scenario_config(self, scenario_id: str) -> dict[str, Any]:
        """Config keys that make a new game play scenario ``scenario_id``."""
        raise HauntkitError(f"ruleset {self.id!r} has no scenarios to choose from")

    def player_counts(self) -> list[int]:
        """Every supported number of seats (empty: only the ruleset's default)."""
        return []

    # -- campaigns (optional; see docs/campaigns.md) --------------------------------------------
    # A ruleset plays campaigns when it overrides ``campaign_start``, ``campaign_next`` and
    # ``carry_out`` (``carry_in`` too when a new game must be changed by the carried data).

    def campaign_start(self, config: dict[str, Any]) -> dict[str, Any]:
        """The persistent data a new campaign with this ``config`` starts with."""
        raise HauntkitError(f"ruleset {self.id!r} does not play campaigns")

    def campaign_next(self, config: dict[str, Any], data: dict[str, Any],
                      played: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The config of the campaign's next game, or ``None`` when the campaign is over.
        ``played`` lists the finished games (``index``, ``result``), oldest first."""
        raise HauntkitError(f"ruleset {self.id!r} does not play campaigns")

    def carry_in(self, state: State, data: dict[str, Any]) -> None:
        """Bring a campaign's persistent ``data`` into a new game's ``state``, before its first
        action. The engine also keeps ``data`` in ``state["carry_in"]``."""
        return None

    def carry_out(self, state: State) -> dict[str, Any]:
        """The campaign's persistent data after this finished game (it replaces the data the
        game was given, which is ``state["carry_in"]``)."""
        raise HauntkitError(f"ruleset {self.id!r} does not play campaigns")


def plays_campaigns(ruleset: Ruleset | type[Ruleset]) -> bool:
    """Whether a ruleset implements the campaign hooks."""
    cls = ruleset if isinstance(ruleset, type) else type(ruleset)
    return cls.campaign_start is not Ruleset.campaign_start


_RULESET_MODULES = {
    "betrayal": "hauntkit.rulesets.betrayal",
    "beast": "hauntkit.rulesets.beast",
}
_REGISTRY: dict[str, type[Ruleset]] = {}


def register_ruleset(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator that makes a ruleset known by its ``id``."""
    _REGISTRY[cls.id] = cls
    return cls


def ruleset_ids() -> list[str]:
    return sorted(_RULESET_MODULES)


def get_ruleset_class(ruleset_id: str) -> type[Ruleset]:
    if ruleset_id not in _REGISTRY:
        module = _RULESET_MODULES.get(ruleset_id)
        if module is None:
            raise HauntkitError(
                f"unknown ruleset {ruleset_id!r}; known rulesets: {', '.join(ruleset_ids())}"
            )
        importlib.import_module(module)
    return _REGISTRY[ruleset_id]


def get_ruleset(ruleset_id: str, content_paths: list[str] | None = None,
                replace_starter: bool = False) -> Ruleset:
    """A ruleset bound to its starter pack plus any extra content folders.

    Rulesets expose a ``from_content(paths, replace_starter)`` classmethod that loads and
    validates the content; an invalid pack raises ``ContentError`` and nothing is loaded.
    """
    cls = get_ruleset_class(ruleset_id)
    return cls.from_content(content_paths or [], replace_starter)  # type: ignore[attr-defined]
