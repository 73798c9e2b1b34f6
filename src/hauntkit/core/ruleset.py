"""The contract every ruleset fulfils, and how rulesets are found.

A ruleset declares everything the rest of hauntkit needs about it on its class (see
docs/architecture.md, "Writing a ruleset plugin"): ``id``, ``display_name``, the seat range
``min_seats``..``max_seats``, a pydantic ``Config`` model, its content (``pack_spec``,
``starter_pack``, ``content_checks``), the action types that end a turn
(``end_action_types``), which action types a searching bot may judge (``search_actions``),
and the instance methods ``catalogue()`` and ``describe_action()``.

Rulesets are found through the Python entry point group ``hauntkit.rulesets`` (name: the
ruleset id, value: ``module:Class``). ``register_ruleset`` also registers a class in-process
(test-only rulesets use it).
"""

from __future__ import annotations

import math
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from hauntkit.core.content import Pack, PackSpec, load_pack, pack_paths
from hauntkit.core.errors import HauntkitError, IllegalActionError

State = dict[str, Any]
Action = dict[str, Any]
ENTRY_POINT_GROUP = "hauntkit.rulesets"


class ConfigError(HauntkitError):
    """A game config value is refused. ``field`` names it (``config.max_turns``, ``players``)."""

    code = "bad_config"

    def __init__(self, field: str, message: str, got: str = "") -> None:
        self.field = field
        # without the value given (``got``): what a server answers, never echoing a request
        self.plain = f"{field}: {message}"
        super().__init__(f"{self.plain} (got {got})" if got else self.plain)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field}


class NotDeterminizable(HauntkitError):
    """No full state can be sampled from this view (an effect half-resolved, whose
    continuation the view does not carry; a ruleset that cannot sample at all)."""

    code = "not_determinizable"


@dataclass(frozen=True)
class SearchActions:
    """Which of a ruleset's action types a searching bot may play instead of the heuristic's
    choice (``judged``), which of those make a decision worth a search (``contests``: an
    attack, a power ...), and which are walks (acceptable only when they bring a goal
    closer). A ruleset that declares none is never searched: its bots play the heuristic."""

    judged: frozenset[str] = frozenset()
    contests: frozenset[str] = frozenset()
    walks: frozenset[str] = frozenset()


class RulesetConfig(BaseModel):
    """Base of every ruleset's ``Config``: unknown keys, wrong types (no silent conversion of
    ``"3"`` to 3) and NaN/infinity are refused. ``players`` is the seat count; its range is the
    ruleset's ``min_seats``..``max_seats``."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    players: int | None = None


class Ruleset(ABC):
    """A game's rules on the shared core.

    A ruleset instance is bound to one loaded content pack and holds no game state: every method
    takes the state (plain JSON data) and is a pure function of it, except ``apply`` which mutates
    it. Seats are numbered 0..n-1.
    """

    id: ClassVar[str]
    display_name: ClassVar[str] = ""  # shown to players; empty: the id
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 1
    Config: ClassVar[type[RulesetConfig]] = RulesetConfig
    # Content: the pack's spec (None: the ruleset reads no content), its starter pack folder and
    # the whole-pack checks run after the spec's own.
    pack_spec: ClassVar[PackSpec | None] = None
    starter_pack: ClassVar[Path | None] = None
    content_checks: ClassVar[tuple[Callable[..., Any], ...]] = ()
    # Action types that end a turn or give up a chance to act: a bot that wants to keep
    # playing takes them last.
    end_action_types: ClassVar[frozenset[str]] = frozenset()
    # Action types a searching bot (``hard``) may judge; see ``SearchActions``.
    search_actions: ClassVar[SearchActions] = SearchActions()
    # Whether ``determinize`` samples full states from views (search bots, OpenSpiel).
    determinizable: ClassVar[bool] = False
    # Campaigns (optional): the fields a new campaign takes (None: ``Config``'s) and what one
    # game of the campaign is called on the campaign page ("chapter", ...).
    # Text fields a player writes (action type -> field): ``written_action`` accepts other
    # text there than the legal action's suggestion.
    written_fields: ClassVar[dict[str, str]] = {}
    CampaignConfig: ClassVar[type[RulesetConfig] | None] = None
    campaign_noun: ClassVar[str] = "game"

    # -- declaration helpers --------------------------------------------------------------
    @classmethod
    def config_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of ``Config`` (the lobby and the CLI render it)."""
        return cls.Config.model_json_schema()

    @classmethod
    def validate_config(cls, config: Any) -> dict[str, Any]:
        """``config`` checked against the seat range and ``Config``; returns the keys given,
        unchanged. Raises ``ConfigError`` naming the first wrong field."""
        return _checked_config(cls, cls.Config, config)

    @classmethod
    def campaign_config_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of a new campaign's config (``CampaignConfig``, else ``Config``)."""
        return (cls.CampaignConfig or cls.Config).model_json_schema()

    @classmethod
    def validate_campaign_config(cls, config: Any) -> dict[str, Any]:
        """A new campaign's ``config`` checked like ``validate_config``, against
        ``CampaignConfig`` when the ruleset declares one."""
        return _checked_config(cls, cls.CampaignConfig or cls.Config, config)

    @classmethod
    def load_content(cls, content_paths: Iterable[str | Path] = (),
                     replace_starter: bool = False) -> Pack:
        """The starter pack plus ``content_paths`` (only those with ``replace_starter``),
        validated by ``pack_spec`` and ``content_checks``; ``ContentError`` lists every problem."""
        spec = cls.pack_spec
        if spec is None:
            raise HauntkitError(f"ruleset {cls.id!r} reads no content")
        extra = [c for c in cls.content_checks if c not in spec.checks]
        if extra:
            spec = PackSpec(spec.ruleset, spec.kinds, [*spec.checks, *extra], spec.context)
        return load_pack(spec, pack_paths(cls.starter_pack, content_paths, replace_starter))

    @classmethod
    def from_content(cls, content_paths: list[str | Path] | None = None,
                     replace_starter: bool = False) -> Ruleset:
        """An instance bound to its content. The default suits a ruleset without content."""
        if cls.pack_spec is not None:
            raise NotImplementedError(f"ruleset {cls.id!r} must define from_content")
        if content_paths:
            raise HauntkitError(f"ruleset {cls.id!r} reads no content; got {content_paths}")
        return cls()

    # -- the rules ------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, config: dict[str, Any], seed: int) -> State:
        """The initial state. ``config`` has passed ``validate_config``."""

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

    def written_action(self, state: State, seat: int, action: Action,
                       legal: list[Action]) -> Action | None:
        """An action carrying text the player writes (a name), which ``legal_actions`` can only
        offer with a suggested text: the action as it will be applied (its text checked and
        tidied), or None when ``action`` is no such action. Raise ``MalformedActionError`` to
        refuse a text (too long, control characters). Such fields are declared in
        ``written_fields``. Default: no written actions."""
        return None

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

    def upgrade_state(self, state: State) -> State:
        """A state stored by an earlier version of this ruleset, in today's shape (a stored
        game, a save). Rulesets whose state shape changed override this; today's states come
        back unchanged."""
        return state

    def invariants(self, state: State) -> list[str]:
        """Broken invariants of ``state`` (empty when sound); property tests assert on it."""
        return []

    def stats(self, state: State) -> dict[str, Any]:
        """Per-game figures for simulation reports (e.g. winner, turns, deaths)."""
        return {}

    def determinize(self, view: dict[str, Any], rng: Any) -> State:
        """A full state consistent with ``view`` (its seat's information), every hidden part
        sampled with ``rng``: what search bots play out, never the true state. Raises
        ``NotDeterminizable`` where it cannot (and always, unless ``determinizable``)."""
        raise NotDeterminizable(f"ruleset {self.id!r} samples no states from views")

    def position_values(self, state: State, seats: int) -> list[float]:
        """Each of ``seats`` seats' value of ``state`` in [0, 1]: 1 a win, 0 a loss, and for an
        unfinished game an estimate from the public board (search bots score rollouts with
        it). Default: even."""
        return [0.5] * seats

    def stat_words(self, figure: str, value: str) -> str:
        """A value of a figure of ``stats`` as a report shows it (``hauntkit simulate``'s
        counts): rulesets name ids by their display names; the default says "none" for a
        missing value."""
        return "none" if value == "None" else value

    # -- for clients ------------------------------------------------------------------------
    def config_schema(self) -> dict[str, Any]:
        """The JSON Schema of the config, for the lobby and the CLI. Rulesets may add choices
        known only from their content (``enum``)."""
        return self.config_json_schema()

    def campaign_config_schema(self) -> dict[str, Any]:
        """The JSON Schema of a new campaign's config, for the lobby's "New campaign" form.
        Rulesets may add choices known only from their content (``enum``, also on a list's
        ``items``). A list field marked ``json_schema_extra={"per_seat": True}`` holds one
        value a seat (legacy: each seat's family): the form asks it on each seat's row."""
        return self.campaign_config_json_schema()

    def catalogue(self) -> dict[str, Any]:
        """The public catalogue of content for clients (names and texts printed on cards and
        pieces; never anything secret). Default: none."""
        return {}

    def scenario_ids(self) -> list[str]:
        """The scenarios (betrayal: haunts) a new game can be made to play through
        ``scenario_config``, for the balance lab; empty when the ruleset has none."""
        return []

    def scenario_config(self, scenario_id: str) -> dict[str, Any]:
        """Config keys that make a new game play scenario ``scenario_id``."""
        raise HauntkitError(f"ruleset {self.id!r} has no scenarios to choose from")

    def scenario_name(self, scenario_id: str) -> str:
        """Scenario ``scenario_id`` by its display name, as reports show it (default: the id)."""
        return scenario_id

    def player_counts(self) -> list[int]:
        """Every supported number of seats (empty: only the ruleset's default)."""
        return []

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        """A human label of one of ``seat``'s legal actions (default: its type and fields)."""
        return generic_label(action)

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

    def campaign_game_title(self, index: int, config: dict[str, Any]) -> str:
        """What the campaign page calls its game ``index`` (0-based) made with ``config``:
        "Prologue", "Chapter 3"... Default: the noun and the game's number from 1."""
        return f"{self.campaign_noun.capitalize()} {index + 1}"

    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        """The campaign's persistent ``data`` for people to read: ``{"title", "sections":
        [{"title", "rows" | "columns"+"table" | "text"}]}`` (docs/campaigns.md, "Showing the
        campaign"). Default: a generic rendering of the JSON."""
        from hauntkit.core.campaign_view import generic_summary

        return generic_summary(data)


def plays_campaigns(ruleset: Ruleset | type[Ruleset]) -> bool:
    """Whether a ruleset implements the campaign hooks."""
    cls = ruleset if isinstance(ruleset, type) else type(ruleset)
    return cls.campaign_start is not Ruleset.campaign_start



def _checked_config(cls: type[Ruleset], model: type[RulesetConfig], config: Any
                    ) -> dict[str, Any]:
    """``config`` checked against ``cls``'s seat range and ``model`` (``ConfigError``)."""
    if not isinstance(config, dict):
        raise ConfigError("config", f"expected an object, got {type(config).__name__}")
    players = config.get("players")
    if players is not None:
        check_seat_count(cls, players, "players")
    try:
        model.model_validate(config)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(_short(p, repr_=False) for p in err["loc"])
        field = "players" if loc == "players" else f"config.{loc}" if loc else "config"
        if err["type"] == "extra_forbidden":
            known = ", ".join(model.model_fields)
            raise ConfigError(field, f"unknown config field; known fields: {known}") from None
        got = err.get("input")
        raise ConfigError(field, err["msg"], "" if isinstance(got, dict) else _short(got)
                          ) from None
    for key, value in config.items():
        too_big = _too_big_number(value)
        if too_big is not None:
            raise ConfigError(f"config.{key}{too_big}",
                              f"whole numbers in a game's options are at most {MAX_OPTION_NUMBER:,}",
                              _short(value))
    return dict(config)


# Whole numbers in a game's options (turn caps, counts, thresholds) are bounded: larger ones
# mean nothing at a table, and past 64 bits they could not even be stored.
MAX_OPTION_NUMBER = 10**9


def _too_big_number(value: Any, where: str = "") -> str | None:
    """The path (``""``, ``"[2]"``, ``".key"``) of a whole number past the bound inside
    ``value``, or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return where if abs(value) > MAX_OPTION_NUMBER else None
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _too_big_number(item, f"{where}[{i}]")
            if found is not None:
                return found
    if isinstance(value, dict):
        for key, item in value.items():
            found = _too_big_number(item, f"{where}.{key}")
            if found is not None:
                return found
    return None


def generic_label(action: Action) -> str:
    """``{"type": "gift", "to": 2}`` -> ``"gift (to: 2)"``."""
    kind = str(action.get("type", "?")).replace("_", " ")
    rest = [f"{k}: {v}" for k, v in action.items() if k != "type"]
    return f"{kind} ({', '.join(rest)})" if rest else kind


def _short(value: Any, repr_: bool = True) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    shown = repr(value) if repr_ else str(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def check_seat_count(cls: type[Ruleset], count: Any, field: str = "players") -> int:
    """``count`` if it is a whole number in the ruleset's seat range, else ``ConfigError``."""
    lo, hi = cls.min_seats, cls.max_seats
    if not isinstance(count, int) or isinstance(count, bool):
        raise ConfigError(field, f"expected a whole number of seats, got {_short(count)}")
    if not lo <= count <= hi:
        span = f"{lo} seat" if lo == hi == 1 else f"{lo} seats" if lo == hi else f"{lo} to {hi} seats"
        raise ConfigError(field, f"{cls.id} is played with {span}, got {count}")
    return count


# -- finding rulesets -------------------------------------------------------------------------
_REGISTRY: dict[str, type[Ruleset]] = {}


def register_ruleset(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator that makes a ruleset known by its ``id`` in this process (installed
    rulesets are found through entry points and need not use it)."""
    _REGISTRY[cls.id] = cls
    return cls


_ENTRY_POINTS: dict[tuple[str, ...], dict[str, Any]] = {}


def _entry_points() -> dict[str, Any]:
    """The installed rulesets' entry points, scanned once per import path (a scan reads every
    installed package's metadata: milliseconds, on every new game otherwise)."""
    where = tuple(sys.path)
    found = _ENTRY_POINTS.get(where)
    if found is None:
        found = _ENTRY_POINTS[where] = {
            ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return found


def installed_ruleset_ids() -> list[str]:
    """The ids of installed rulesets (entry points), which any new process can load too."""
    return sorted(_entry_points())


def ruleset_ids() -> list[str]:
    """Every ruleset id: installed (entry points) and registered in-process."""
    return sorted(set(_entry_points()) | set(_REGISTRY))


def get_ruleset_class(ruleset_id: str) -> type[Ruleset]:
    """The class of ``ruleset_id``; ``HauntkitError`` names the known ids when unknown."""
    cls = _REGISTRY.get(ruleset_id)
    if cls is not None:
        return cls
    ep = _entry_points().get(ruleset_id)
    if ep is None:
        known = ruleset_ids()
        hint = (", ".join(known) if known else
                f"none (no '{ENTRY_POINT_GROUP}' entry points: reinstall with `make install`)")
        raise HauntkitError(f"unknown ruleset {ruleset_id!r}; known rulesets: {hint}")
    try:
        cls = ep.load()
    except Exception as exc:  # noqa: BLE001 - a broken plugin is named, not a traceback
        raise HauntkitError(f"ruleset {ruleset_id!r} ({ep.value}) failed to load: "
                            f"{type(exc).__name__}: {exc}") from exc
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)) or cls.id != ruleset_id:
        raise HauntkitError(f"entry point {ruleset_id!r} ({ep.value}) is not a Ruleset "
                            f"class with id {ruleset_id!r}")
    _REGISTRY[ruleset_id] = cls
    return cls


def load_ruleset_pack(
    spec: PackSpec, content_paths: Iterable[str | Path] = (), replace_starter: bool = False
) -> Pack:
    """Load the pack of the ruleset ``spec.ruleset`` as ``hauntkit play``, ``simulate`` and
    ``validate`` all do: its declared starter pack plus ``content_paths`` (or only those with
    ``replace_starter``), checked by the spec and the ruleset's declared ``content_checks``."""
    cls = get_ruleset_class(spec.ruleset)
    if cls.pack_spec is not spec:
        checks = [c for c in cls.content_checks if c not in spec.checks]
        spec = PackSpec(spec.ruleset, spec.kinds, [*spec.checks, *checks], spec.context)
        return load_pack(spec, pack_paths(cls.starter_pack, content_paths, replace_starter))
    return cls.load_content(content_paths, replace_starter)


_STARTER_RULESETS: dict[type[Ruleset], Ruleset] = {}


def starter_ruleset(ruleset_id: str) -> Ruleset:
    """The one instance of ``ruleset_id`` bound to its starter pack alone, loaded on first use
    and shared from then on (an instance holds read-only content, never game state)."""
    cls = get_ruleset_class(ruleset_id)
    rs = _STARTER_RULESETS.get(cls)
    if rs is None:
        rs = _STARTER_RULESETS[cls] = cls.from_content([], False)
    return rs


def get_ruleset(ruleset_id: str, content_paths: list[str] | None = None,
                replace_starter: bool = False) -> Ruleset:
    """A ruleset bound to its starter pack plus any extra content folders; an invalid pack
    raises ``ContentError`` and nothing is loaded."""
    cls = get_ruleset_class(ruleset_id)
    return cls.from_content(content_paths or [], replace_starter)
