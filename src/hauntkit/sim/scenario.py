"""The scenario runner: a position set up as data, scripted dice, actions, expected outcomes.

``run_scenario(path)`` runs one YAML scenario file (format: docs/scenarios.md) and returns a
``ScenarioResult``; it never raises for a failing expectation. For pytest::

    from hauntkit.sim.scenario import assert_scenario, scenario_params

    @pytest.mark.parametrize("path", scenario_params(Path(__file__).parent / "scenarios"))
    def test_scenario(path):
        assert_scenario(path)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import yaml

from hauntkit.core.content import DuplicateKeyError, line_of, load_yaml_with_lines, plain
from hauntkit.core.digest import state_hash
from hauntkit.core.errors import ActionError, HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.expect import MISSING, matches, resolve

TOP_KEYS = ("name", "rule", "description", "ruleset", "players", "config", "seed", "content",
            "replace_starter", "setup", "dice", "steps", "check_invariants",
            "check_determinism")
STEP_KINDS = ("act", "expect", "expect_error", "dice", "setup")
ACT_KEYS = ("seat", "action", "dice")  # the keys of an ``act`` step
EXPECT_ERROR_KEYS = ("seat", "action", "error", "message")  # of an ``expect_error`` step


@dataclass
class ScenarioResult:
    """The outcome of one scenario. ``failure`` is the first failing expectation, if any."""

    path: str
    name: str
    ok: bool
    failure: str | None = None
    steps_run: int = 0
    game: Game | None = None
    exception: BaseException | None = None

    @property
    def state_hash(self) -> str | None:
        """The final state's hash (``expect: {state_hash: ...}`` checks it), if a game ran."""
        return state_hash(self.game.state) if self.game is not None else None

    def __bool__(self) -> bool:
        return self.ok


class ScenarioFailure(Exception):
    """Internal: stops a scenario at its first failure (with the line it comes from)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(message)


_RULESETS: dict[tuple[str, tuple[str, ...], bool], Ruleset] = {}


def cached_ruleset(ruleset_id: str, content: list[str], replace_starter: bool) -> Ruleset:
    """A ruleset with its content, loaded once per process for each content combination."""
    key = (ruleset_id, tuple(content), replace_starter)
    if key not in _RULESETS:
        _RULESETS[key] = get_ruleset(ruleset_id, list(content), replace_starter)
    return _RULESETS[key]


def _show(value: Any, limit: int = 400) -> str:
    if value is MISSING:
        return "<missing>"
    text = orjson.dumps(value, default=str).decode()
    return text if len(text) <= limit else text[:limit] + "..."


def _dice(value: Any, line: int) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise ScenarioFailure(line, f"dice: expected a list of die faces, got {_show(value)}")
    return list(value)


class _Runner:
    def __init__(self, path: Path, doc: Any) -> None:
        self.path = path
        self.doc = doc
        self.data = plain(doc)
        self.game: Game | None = None
        self.steps_run = 0

    def line(self, *loc: Any) -> int:
        return line_of(self.doc, list(loc))

    def start(self) -> Game:
        data = self.data
        if not isinstance(data, dict):
            raise ScenarioFailure(1, "a scenario file is a mapping (ruleset, setup, steps...)")
        for key in data:
            if key not in TOP_KEYS:
                raise ScenarioFailure(self.line(key),
                                      f"{key}: unknown key; expected one of {', '.join(TOP_KEYS)}")
        if "ruleset" not in data:
            raise ScenarioFailure(1, "ruleset: missing (betrayal, beast...)")
        content = [str((self.path.parent / p).resolve()) for p in data.get("content") or []]
        try:
            ruleset = cached_ruleset(data["ruleset"], content, bool(data.get("replace_starter")))
        except HauntkitError as exc:
            raise ScenarioFailure(self.line("ruleset"), f"ruleset: {exc}") from None
        config = dict(data.get("config") or {})
        if data.get("players") is not None:
            config["players"] = data["players"]
        try:
            game = Game.new(ruleset, config, int(data.get("seed", 0)))
        except HauntkitError as exc:
            where = "players" if "players" in data else "config"
            raise ScenarioFailure(self.line(where), f"{where}: {exc}") from None
        self.game = game
        if data.get("setup"):
            self.setup(data["setup"], self.line("setup"))
        if data.get("dice") is not None:
            game.state["rng"]["script"].extend(_dice(data["dice"], self.line("dice")))
        return game

    def setup(self, setup: Any, line: int) -> None:
        assert self.game is not None
        if not isinstance(setup, dict):
            raise ScenarioFailure(line, "setup: expected a mapping")
        try:
            self.game.ruleset.apply_setup(self.game.state, setup)
        except HauntkitError as exc:
            raise ScenarioFailure(line, f"setup: {exc}") from exc
        finally:
            self.game.state_changed()  # legal actions cached before the set-up are stale

    def run(self) -> None:
        game = self.start()
        steps = self.data.get("steps") or []
        if not isinstance(steps, list):
            raise ScenarioFailure(self.line("steps"), "steps: expected a list")
        check = self.data.get("check_invariants", True)
        for i, step in enumerate(steps):
            line = self.line("steps", i)
            kinds = [k for k in STEP_KINDS if isinstance(step, dict) and k in step]
            extra = [k for k in step if k not in STEP_KINDS] if isinstance(step, dict) else []
            if len(kinds) != 1 or extra:
                raise ScenarioFailure(
                    line, f"step {i + 1}: expected exactly one of {', '.join(STEP_KINDS)}, "
                          f"got {_show(step)}")
            kind = kinds[0]
            body = step[kind]
            label = f"step {i + 1} ({kind})"
            if kind == "act":
                self.act(body, line, label)
                if check:
                    broken = game.ruleset.invariants(game.state)
                    if broken:
                        raise ScenarioFailure(line, f"{label}: invariant broken: "
                                                    + "; ".join(broken))
            elif kind == "expect":
                self.expect(body, i, label)
            elif kind == "expect_error":
                self.expect_error(body, line, label)
            elif kind == "dice":
                game.state["rng"]["script"].extend(_dice(body, line))
            else:
                self.setup(body, line)
            self.steps_run = i + 1

    def _seat_action(self, body: Any, line: int, label: str, keys: tuple[str, ...]
                     ) -> tuple[int, Any]:
        assert self.game is not None
        if not isinstance(body, dict) or "action" not in body:
            raise ScenarioFailure(line, f"{label}: expected {{seat, action}}, got {_show(body)}")
        unknown = [str(k) for k in body if k not in keys]
        if unknown:  # a typo (``seet``) must not quietly run the step for another seat
            raise ScenarioFailure(line, f"{label}: {unknown[0]}: unknown key; expected one of "
                                        f"{', '.join(keys)}")
        seat = body.get("seat")
        if seat is None:
            waiting = self.game.to_act()
            if len(waiting) != 1:
                raise ScenarioFailure(line, f"{label}: no seat given and seats {waiting} are "
                                            "waiting; name the seat")
            seat = waiting[0]
        action = body["action"]
        if isinstance(action, str):
            action = {"type": action}
        return seat, action

    def act(self, body: Any, line: int, label: str) -> None:
        assert self.game is not None
        seat, action = self._seat_action(body, line, label, ACT_KEYS)
        if isinstance(body, dict) and body.get("dice") is not None:
            self.game.state["rng"]["script"].extend(_dice(body["dice"], line))
        try:
            self.game.act(seat, action)
        except ActionError as exc:
            raise ScenarioFailure(
                line, f"{label}: seat {seat} {_show(action)} was refused: {exc.code}: {exc}"
            ) from None

    def expect(self, body: Any, index: int, label: str) -> None:
        assert self.game is not None
        if not isinstance(body, dict):
            raise ScenarioFailure(self.line("steps", index),
                                  f"{label}: expected a mapping of path: value")
        for path, expected in body.items():
            line = self.line("steps", index, "expect", path)
            try:
                actual, contains_mode = resolve(self.game, str(path))
                ok = matches(actual, expected, contains_mode)
            except HauntkitError as exc:
                raise ScenarioFailure(line, f"{label}: {path}: {exc}") from None
            if not ok:
                how = "containing " if contains_mode else ""
                raise ScenarioFailure(
                    line, f"{label}: {path}: expected {how}{_show(expected)}, "
                          f"got {_show(actual)}")

    def expect_error(self, body: Any, line: int, label: str) -> None:
        assert self.game is not None
        seat, action = self._seat_action(body, line, label, EXPECT_ERROR_KEYS)
        code = body.get("error")
        before = orjson.dumps(self.game.state)
        try:
            self.game.act(seat, action)
        except ActionError as exc:
            if code is not None and exc.code != code:
                raise ScenarioFailure(line, f"{label}: expected error {code!r}, got "
                                            f"{exc.code!r}: {exc}") from None
            wanted = body.get("message")
            if wanted is not None and str(wanted).lower() not in str(exc).lower():
                raise ScenarioFailure(line, f"{label}: expected the message to contain "
                                            f"{wanted!r}, got {str(exc)!r}") from None
            if orjson.dumps(self.game.state) != before:
                raise ScenarioFailure(line, f"{label}: the refused action changed the state") from None
            return
        raise ScenarioFailure(line, f"{label}: expected error {code or 'any'!r}, but seat {seat} "
                                    f"{_show(action)} was accepted")


def run_scenario(path: str | Path) -> ScenarioResult:
    """Run one scenario file; the result says whether every expectation held, and if not, the
    first failing one with ``file:line``, the expected and the actual value."""
    path = Path(path)
    name = path.stem
    runner: _Runner | None = None
    try:
        doc = load_yaml_with_lines(path)
        if isinstance(doc, dict) and doc.get("name"):
            name = str(doc["name"])
        runner = _Runner(path, doc)
        runner.run()
        if isinstance(doc, dict) and doc.get("check_determinism"):
            _check_determinism(path, doc, runner)
    except ScenarioFailure as exc:
        return ScenarioResult(str(path), name, False, f"{path}:{exc.line}: {exc}",
                              runner.steps_run if runner else 0,
                              runner.game if runner else None)
    except DuplicateKeyError as exc:
        return ScenarioResult(str(path), name, False, str(exc))
    except (OSError, yaml.YAMLError) as exc:
        return ScenarioResult(str(path), name, False, f"{path}: cannot read: {exc}")
    except Exception as exc:  # a bug in a ruleset: report it, keep the exception for tracebacks
        step = runner.steps_run + 1 if runner else 0
        return ScenarioResult(str(path), name, False,
                              f"{path}: step {step} raised {type(exc).__name__}: {exc}",
                              runner.steps_run if runner else 0,
                              runner.game if runner else None, exc)
    return ScenarioResult(str(path), name, True, None, runner.steps_run, runner.game)


def _check_determinism(path: Path, doc: Any, first: _Runner) -> None:
    """Play the scenario again from scratch: the final state must be the same, byte for byte."""
    assert first.game is not None
    line = line_of(doc, ["check_determinism"])
    again = _Runner(path, doc)
    try:
        again.run()
    except ScenarioFailure as exc:
        raise ScenarioFailure(line, f"check_determinism: the second play failed where the "
                                    f"first passed: line {exc.line}: {exc}") from None
    assert again.game is not None
    a, b = first.game.state, again.game.state
    if orjson.dumps(a) != orjson.dumps(b):
        raise ScenarioFailure(line, f"check_determinism: the second play ended in another "
                                    f"state (hash {state_hash(a)}, then {state_hash(b)}); "
                                    f"first difference at {first_difference(a, b)}")


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """The dotted path of the first place where ``a`` and ``b`` differ (``""``: the root)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{path or '(root)'} (keys {_show(list(a), 120)} vs {_show(list(b), 120)})"
        for k in a:
            if a[k] != b[k]:
                return first_difference(a[k], b[k], f"{path}.{k}" if path else str(k))
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}.{i}" if path else str(i))
        if len(a) != len(b):
            return f"{path or '(root)'} (length {len(a)} vs {len(b)})"
    return f"{path or '(root)'}: {_show(a, 120)} vs {_show(b, 120)}"


def scenario_files(folder: str | Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` scenario file under ``folder``, sorted."""
    folder = Path(folder)
    return sorted([*folder.rglob("*.yaml"), *folder.rglob("*.yml")])


def scenario_params(folder: str | Path) -> list[Any]:
    """``pytest.param`` per scenario file under ``folder`` (id: path relative to it)."""
    import pytest

    folder = Path(folder)
    return [pytest.param(p, id=str(p.relative_to(folder))) for p in scenario_files(folder)]


def assert_scenario(path: str | Path) -> ScenarioResult:
    """Run a scenario in a test: re-raise a ruleset exception, else fail with the message."""
    result = run_scenario(path)
    if result.exception is not None:
        raise AssertionError(result.failure) from result.exception
    assert result.ok, result.failure
    return result
