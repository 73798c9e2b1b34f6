"""A haunt's win conditions in words for reports (``progress.goal_words``): what ``hauntkit
simulate`` and ``hauntkit balance`` say decided a game."""

from __future__ import annotations

from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.rulesets.betrayal.progress import goal_words
from hauntkit.rulesets.betrayal.vocabulary import Cond


def test_every_win_condition_of_the_starter_haunts_reads_as_words() -> None:
    for ruleset_id in ("betrayal", "legacy"):
        rs: Ruleset = get_ruleset(ruleset_id)
        for haunt in rs.ix.haunts.values():  # type: ignore[attr-defined]
            for book in (haunt.heroes, haunt.traitor_book):
                for cond in book.win:
                    text = goal_words(rs.ix, book, cond)  # type: ignore[attr-defined]
                    assert text and text != "its goal met", (haunt.name, cond)
                    for raw in ("=", "_", "None", "{"):
                        assert raw not in text, (haunt.name, text)


def test_conditions_are_named_by_what_they_ask() -> None:
    rs = get_ruleset("betrayal")
    ix = rs.ix  # type: ignore[attr-defined]
    water = ix.haunts["rising_water"]
    pumped = Cond.model_validate({"counter_at_least": {"pumped": "5/6/7/8"}})
    assert goal_words(ix, water.heroes, pumped) == "Work a pump: target reached"
    book = ix.haunts["ghoul_pack"].heroes
    assert goal_words(ix, book, Cond(traitor_dead=True)) == "the traitor is dead"
    assert goal_words(ix, book, Cond(monsters_left_at_most=0)) == "every monster defeated"
    assert goal_words(ix, book, Cond(living_heroes_at_most=0)) == "no hero alive"
    either = Cond.model_validate({"any_of": [{"traitor_dead": True},
                                             {"monsters_left_at_most": 0}]})
    assert goal_words(ix, book, either) == "the traitor is dead or every monster defeated"
