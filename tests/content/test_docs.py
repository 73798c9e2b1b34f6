"""docs/content.md stays true: its worked example validates, every effect of the vocabulary and
every hook the starter pack uses is documented."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from hauntkit.core.ruleset import load_ruleset_pack
from hauntkit.rulesets.betrayal import vocabulary
from hauntkit.rulesets.betrayal.content_checks import walk

DOC = Path(__file__).resolve().parents[2] / "docs" / "content.md"


def worked_example() -> str:
    text = DOC.read_text()
    start = text.index("Save it as\n`my-pack/locked_nursery.yaml`")
    block = re.search(r"```yaml\n(.*?)```", text[start:], re.S)
    assert block
    return block.group(1)


def test_worked_example_validates_on_top_of_the_starter_pack(tmp_path: Path, schema) -> None:
    (tmp_path / "locked_nursery.yaml").write_text(worked_example())
    pack = load_ruleset_pack(schema.PACK_SPEC, [tmp_path])
    assert pack.items["chart"]["mask__nursery"].haunt == "locked_nursery"
    assert "locked_nursery" in pack.items["haunts"]


def test_every_effect_is_documented(schema) -> None:
    documented = set(re.findall(r"^\| `(\w+)` \|", DOC.read_text(), re.M))
    effect_union = typing.get_args(vocabulary.Effect)[0]
    names = {typing.get_args(m.model_fields["do"].annotation)[0]
             for m in typing.get_args(effect_union)}
    assert names <= documented, sorted(names - documented)


def test_every_condition_field_is_documented(schema) -> None:
    text = DOC.read_text()
    for name, info in vocabulary.Cond.model_fields.items():
        assert f"`{info.alias or name}`" in text, name


def test_every_hook_in_use_is_listed(starter, schema) -> None:
    section = DOC.read_text().split("Hooks in use in the starter pack:")[1].split("\n## ")[0]
    used = set()
    for kind in ("rooms", "cards", "monsters", "haunts"):
        for item in starter.items[kind].values():
            if getattr(item, "hook", None):
                used.add(item.hook)
            used |= {obj.name for _loc, obj in walk(item) if isinstance(obj, vocabulary.Hook)}
    listed = set(re.findall(r"`(\w+)`", section))
    assert used <= listed, sorted(used - listed)


def test_every_destination_and_damage_target_is_documented(schema) -> None:
    text = DOC.read_text()
    for literal in (vocabulary.Dest, vocabulary.Target):
        for value in typing.get_args(literal):
            assert f"`{value}`" in text, value


def test_worked_example_scenario_passes(tmp_path: Path) -> None:
    from hauntkit.sim.scenario import run_scenario

    text = DOC.read_text()
    start = text.index("Save\nthis as `my-pack-tests/nursery_heroes_win.yaml`")
    scenario = re.search(r"```yaml\n(.*?)```", text[start:], re.S)
    assert scenario
    (tmp_path / "my-pack").mkdir()
    (tmp_path / "my-pack" / "locked_nursery.yaml").write_text(worked_example())
    (tmp_path / "my-pack-tests").mkdir()
    path = tmp_path / "my-pack-tests" / "nursery_heroes_win.yaml"
    path.write_text(scenario.group(1))
    result = run_scenario(path)
    assert result.ok, result.failure
