"""``Game.new`` with a ruleset id shares one instance per ruleset on its starter pack: the
content is loaded once per process, not once per game."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from minirace import Race

from hauntkit.core import ruleset as ruleset_module
from hauntkit.core.game import Game


class CountedRace(Race):
    """The race, counting how often its content is loaded."""

    id: ClassVar[str] = "counted-race"
    loads: ClassVar[int] = 0

    @classmethod
    def from_content(cls, content_paths: list[str | Path] | None = None,
                     replace_starter: bool = False) -> Any:
        cls.loads += 1
        return super().from_content([str(p) for p in content_paths or []], replace_starter)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> type[CountedRace]:
    monkeypatch.setitem(ruleset_module._REGISTRY, CountedRace.id, CountedRace)
    monkeypatch.setattr(CountedRace, "loads", 0)
    monkeypatch.delitem(ruleset_module._STARTER_RULESETS, CountedRace, raising=False)
    return CountedRace


def test_games_of_one_ruleset_id_load_its_content_once(counted: type[CountedRace]) -> None:
    first = Game.new(counted.id, {}, seed=1)
    second = Game.new(counted.id, {}, seed=2)
    assert counted.loads == 1
    assert first.ruleset is second.ruleset
    assert Game.load(second.save()).ruleset is first.ruleset
    assert Game.replay(second.save()).ruleset is first.ruleset
    assert counted.loads == 1


def test_a_ruleset_instance_given_is_used_as_it_is(counted: type[CountedRace]) -> None:
    own = counted.from_content()
    assert Game.new(own, {}, seed=1).ruleset is own
    assert Game.new(counted.id, {}, seed=1).ruleset is not own


def test_betrayal_games_share_their_ruleset() -> None:
    assert Game.new("betrayal", {}, seed=1).ruleset is Game.new("betrayal", {}, seed=2).ruleset
