"""The Legacy campaign hooks as pure functions (rulesets/legacy/campaign.py), driven with
scripted game outcomes: chapter order, the next game's config, characters, joining the
campaign, endings per winning side, free play after chapter 13."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.core.ruleset import ConfigError, RulesetConfig
from hauntkit.rulesets.legacy import record
from hauntkit.rulesets.legacy.campaign import LegacyCampaignMixin
from hauntkit.rulesets.legacy.chapters import Changes, load_chapters


class GameConfig(RulesetConfig):
    """A game config with the pass-through field for the campaign's notes."""

    campaign: dict[str, Any] | None = None


class Campaign(LegacyCampaignMixin):
    """The hooks alone (the ruleset adds the engine)."""

    Config = GameConfig


def outcome(winner: str | None, traitor: int | None = None, died: tuple[int, ...] = (),
            n: int = 3, **extra: Any) -> dict[str, Any]:
    seats = [{"traitor": i == traitor, "died": i in died, "revealer": i == traitor}
             for i in range(n)]
    return {"winner": winner, "haunt": "h", "seats": seats, **extra}


def play(rs: Campaign, config: dict[str, Any], data: dict[str, Any],
         out: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None
    return cfg, rs.record_game(data, cfg, out)


def test_prologue_then_thirteen_chapters_then_free_play() -> None:
    """Rulebook "Overview": 13 chapters plus a prologue, then free play with very few
    changes; `free_play_games` ends the campaign after that many free games."""
    rs = Campaign()
    config = {"players": 3, "free_play_games": 2}
    data = rs.campaign_start(config)
    numbers = []
    while (cfg := rs.campaign_next(config, data, [])) is not None:
        numbers.append((cfg["campaign"]["chapter"], cfg["mode"]))
        data = rs.record_game(data, cfg, outcome("heroes", traitor=1))
    assert numbers == [(n, "campaign") for n in range(14)] + [(14, "free"), (15, "free")]
    assert [c["id"] for c in data["chapters"][:14]] == [c.id for c in load_chapters()]
    free = data["chapters"][14]
    assert free["mode"] == "free" and free["changes"] == [] and free["ending"] is None


def test_the_chapter_sets_the_haunt_threshold_trigger_and_haunt() -> None:
    """RULING B4: the haunt starts at the chapter's threshold; a chapter may name another
    trigger (chapter 1: discovering the Well)."""
    rs = Campaign()
    config = {"players": 3}
    data = rs.campaign_start(config)
    cfg, data = play(rs, config, data, outcome("traitor", traitor=0))
    assert cfg["haunt_threshold"] == 4 and "haunt_on_tile" not in cfg
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None and cfg["haunt_threshold"] == 5
    assert cfg["haunt_on_tile"] == "tl_well" and "haunt_after_omens" not in cfg
    for _ in range(2):
        _, data = play(rs, config, data, outcome("traitor", traitor=0))
    cfg = rs.campaign_next(config, data, [])  # chapter 3: the third omen starts it
    assert cfg is not None and cfg["haunt_after_omens"] == 3


def test_the_winning_sides_ending_is_applied() -> None:
    """Rulebook "During the Campaign" step 1: use the ending of the side that won."""
    rs = Campaign()
    config = {"players": 3}
    start = rs.campaign_start(config)
    _, heroes = play(rs, config, start, outcome("heroes", traitor=1))
    _, traitor = play(rs, config, start, outcome("traitor", traitor=1))
    # the prologue's set-up adds the first omens whoever wins
    assert heroes["cards"][:3] == traitor["cards"][:3] == ["om_bell", "om_key", "om_mask"]
    assert heroes["cards"][3:] == ["ev_cold_spot", "it_salt_pouch"]
    assert traitor["cards"][3:] == ["ev_cold_spot", "ev_whispering_walls"]
    # crests: winners (heroes: seats 0 and 2) vs the traitor (seat 1)
    assert heroes["crests"] == {"om_key": ["red", "green"]}
    assert traitor["crests"] == {"om_mask": ["blue"]}
    row = traitor["chapters"][0]
    assert (row["winner"], row["traitor"], row["ending"]) == ("traitor", "blue", "traitor")


def test_no_winner_reads_the_heroes_ending() -> None:
    """RULING HLC-6: a game stopped with no winning side reads the heroes' ending."""
    rs = Campaign()
    config = {"players": 3}
    _, data = play(rs, config, rs.campaign_start(config), outcome(None))
    assert data["chapters"][0]["ending"] == "heroes" and data["chapters"][0]["winner"] is None


def test_family_members_survivors_return_older_the_dead_are_replaced() -> None:
    """Rulebook "Setup" step 5 and "The Families": a survivor may play again, now older
    (RULING HLC-1: they do); a dead one's family plays a new member. Each member's name, age,
    fate, death and treachery are recorded."""
    rs = Campaign()
    config = {"players": 3, "members": {"blue": [{"name": "Ottoline", "age": 19},
                                                 {"name": "Piers", "age": 40}]}}
    data = rs.campaign_start(config)
    cfg0, data = play(rs, config, data, outcome("traitor", traitor=1, died=(0,)))
    cfg1, data = play(rs, config, data, outcome("heroes", traitor=2, died=(1,)))
    cfg2 = rs.campaign_next(config, data, [])
    assert cfg2 is not None
    blue = [c["campaign"]["characters"][1] for c in (cfg0, cfg1, cfg2)]
    assert blue[0] == {"name": "Ottoline", "age": 19}
    assert blue[1] == {"name": "Ottoline", "age": 19 + 1680 - 1666}
    assert blue[2] == {"name": "Piers", "age": 40}
    red = data["families"]["red"]["members"]
    assert red[0]["died"] and not red[1]["died"] and red[0]["name"] and red[1]["age"] > 0
    members = data["families"]["blue"]["members"]
    assert [(m["traitor"], m["died"]) for m in members] == [(True, False), (False, True)]
    assert members[0]["fate"] == "Turned on the family and won"


def test_joining_family_is_named_in_the_config() -> None:
    """Rulebook "Joining the Campaign": a family that missed more than half the played
    chapters is offered the three items (the game config's `joining` seats)."""
    rs = Campaign()
    config = {"players": 3, "lineups": [["red", "blue", "green"], ["red", "blue", "green"],
                                        ["red", "blue", "purple"], ["red", "yellow", "purple"]]}
    data = rs.campaign_start(config)
    for _ in range(2):
        cfg, data = play(rs, config, data, outcome("heroes", traitor=0))
        assert cfg["campaign"]["joining"] == []
    cfg, data = play(rs, config, data, outcome("heroes", traitor=0))
    assert cfg["families"] == ["red", "blue", "purple"] and cfg["campaign"]["joining"] == [2]
    assert data["chapters"][-1]["joined"] == ["purple"]
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None and cfg["campaign"]["joining"] == [1, 2]  # yellow missed 3 of 3, purple 2 of 3


def test_heirlooms_made_in_a_chapter_are_recorded_with_family_and_name() -> None:
    """Rulebook "Heirlooming Item Cards": the item gets the family's sticker and a name;
    RULING HLC-5: free play makes no new heirlooms."""
    rs = Campaign()
    config = {"players": 3}
    out = outcome("heroes", traitor=1, heirloomed=[{"seat": 2, "card": "it_lamp"}])
    _, data = play(rs, config, rs.campaign_start(config), out)
    (card, h), = data["heirlooms"].items()
    assert card == "it_lamp" and h["family"] == "green" and h["chapter"] == 0
    assert h["name"].endswith("it_lamp") and h["name"] != "it_lamp"
    data["next"] = 14
    _, after = play(rs, config, data, outcome("heroes", heirloomed=[{"seat": 0, "card": "x"}]))
    assert "x" not in after["heirlooms"]


def test_cards_sent_to_the_tomb_or_destroyed_in_a_game_carry_over_back_in_box_return() -> None:
    """Rulebook "Back in Box and the Tomb": back in box returns next game; the Tomb and
    destroyed are kept."""
    rs = Campaign()
    config = {"players": 3}
    out = outcome("heroes", traitor=1, box=["om_bell"], tomb=["om_key"], destroyed=["om_mask"])
    _, data = play(rs, config, rs.campaign_start(config), out)
    assert data["tomb"] == ["om_key"] and data["destroyed"] == ["om_mask"]
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None
    house = cfg["house"]  # the engine's format (docs/legacy.md)
    assert "om_bell" in house["add"] and "om_key" not in house["add"]
    assert house["remove"] == ["om_key", "om_mask"]


def test_chapter_setup_changes_reach_the_game_before_it_is_played() -> None:
    """Chapter 1's set-up adds the Well to the stack of that very game."""
    rs = Campaign()
    config = {"players": 3}
    _, data = play(rs, config, rs.campaign_start(config), outcome("heroes", traitor=1))
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None and "tl_well" in cfg["house"]["add"]
    assert "tl_well" not in data["tiles"]  # only recorded once the chapter is played


@pytest.mark.parametrize(("config", "field"), [
    ({"players": 3, "families": ["red", "red", "blue"]}, "config.families"),
    ({"players": 3, "families": ["red", "pink", "blue"]}, "config.families"),
    ({"players": 3, "lineups": [["red"]], "colour": 1}, "config.colour"),
    ({"players": 6}, "config.players"),
])
def test_bad_campaign_config_names_the_field(config: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as err:
        Campaign().campaign_start(config)
    assert err.value.field == field


def test_the_house_given_to_a_game_is_the_engines_format() -> None:
    """The record becomes the `house` config the single game reads (docs/legacy.md): heirlooms
    by family with their names, crests, stickers, secret passages."""
    from hauntkit.rulesets.legacy.house import House
    from hauntkit.rulesets.legacy.outcome import house_of

    rs = Campaign()
    config = {"players": 3}
    out = outcome("heroes", traitor=1, heirloomed=[{"seat": 0, "card": "it_lamp",
                                                      "name": "Ada's Lamp"}])
    _, data = play(rs, config, rs.campaign_start(config), out)
    data, _ = record.apply_changes(data, Changes(secret_passages=["tl_attic"], stickers=["s1"]),
                              record.Box())
    house = house_of(data)
    assert House.model_validate(house).model_dump() == house
    assert house["heirlooms"] == {"it_lamp": "red"}
    assert house["names"]["it_lamp"] == "Ada's Lamp"
    assert house["crests"] == {"om_key": ["red", "green"]}
    assert house["stickers"] == ["s1"] and house["secret_passages"] == ["tl_attic"]


def test_a_survivor_older_than_eighty_hands_over_to_a_new_member() -> None:
    """RULING HLC-1: a survivor plays on unless older than 80 in the next chapter's year."""
    rs = Campaign()
    config = {"players": 3, "members": {"red": [{"name": "Old Tom", "age": 70},
                                                {"name": "Young Tom", "age": 20}]}}
    data = rs.campaign_start(config)
    cfg, data = play(rs, config, data, outcome("heroes", traitor=1))  # 1666: Tom is 70
    assert cfg["campaign"]["characters"][0] == {"name": "Old Tom", "age": 70}
    nxt = rs.campaign_next(config, data, [])  # 1680: he would be 84
    assert nxt is not None
    assert nxt["campaign"]["characters"][0] == {"name": "Young Tom", "age": 20}
    data = rs.record_game(data, nxt, outcome("heroes", traitor=1))
    assert [m["new"] for m in data["families"]["red"]["members"]] == [True, True]


def test_without_a_pass_through_field_the_config_is_the_engines_alone() -> None:
    """An engine whose Config has no `campaign` field gets only its own fields; the record
    still knows the characters (they are a function of the record)."""

    class Plain(LegacyCampaignMixin):
        Config = RulesetConfig

    rs = Plain()
    config = {"players": 3, "members": {"red": [{"name": "Ada", "age": 31}]}}
    data = rs.campaign_start(config)
    cfg = rs.campaign_next(config, data, [])
    assert cfg is not None and "campaign" not in cfg
    data = rs.record_game(data, cfg, outcome("heroes", traitor=1))
    assert data["families"]["red"]["members"][0]["name"] == "Ada"


def test_the_summary_shows_the_record_by_printed_names() -> None:
    """campaign_summary (the campaign page and `hauntkit campaign status/history`): a valid
    summary (hauntkit.core.campaign_view.check_summary) with the house, every chapter, the
    families' members and the heirlooms, ids shown by the names the record keeps."""
    from hauntkit.core.campaign_view import check_summary

    rs = Campaign()
    config = {"players": 3}
    out = outcome("traitor", traitor=1, heirloomed=[{"seat": 0, "card": "it_lamp",
                                                       "name": "Ada's Lamp"}])
    _, data = play(rs, config, rs.campaign_start(config), out)
    data["labels"] = {"om_mask": "Mask", "blue": "the Blue family"}
    summary = rs.campaign_summary(data)
    assert check_summary(summary) == []
    titles = [s["title"] for s in summary["sections"]]
    assert titles == ["The house", "Chapters", "Prologue (1666): The First Stone",
                      "Next: Chapter 1 (1680): Ashes in the Well", "Families", "Heirlooms"]
    prologue = summary["sections"][2]["rows"]
    assert {"label": "the Blue family", "value": prologue[1]["value"]} in prologue
    assert {"label": "change", "value": "the Blue family's crest placed on Mask"} in prologue
    assert summary["sections"][5]["table"] == [["red", "it_lamp", "Ada's Lamp", "0"]]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 2**32), min_size=16, max_size=16))
def test_any_sequence_of_outcomes_keeps_the_record_sound(seeds: list[int]) -> None:
    """Whatever the games' outcomes (winners, traitors, deaths, heirlooms, Tomb, destroyed):
    one history row and one member per family at the table per game, at most nine heirlooms
    a family, nothing both in the Tomb and destroyed, no destroyed heirloom, `next` counts the
    games, and the hooks are pure (the same inputs give the same record)."""
    import random

    rs = Campaign()
    fams = list(rs.campaign_families())
    config = {"players": 3, "free_play_games": 1,
              "lineups": [random.Random(s).sample(fams, 3) for s in seeds[:15]]}
    rec = rs.campaign_start(config)
    cards = ["om_bell", "om_key", "it_salt_pouch", "ev_cold_spot", "x1", "x2"]
    games = 0
    while (cfg := rs.campaign_next(config, rec, [])) is not None:
        r = random.Random(seeds[games] + 1)
        out = {
            "winner": r.choice(["heroes", "traitor", None]), "haunt": "h",
            "seats": [{"traitor": r.random() < 0.3, "died": r.random() < 0.3,
                       "revealer": False} for _ in range(3)],
            "heirloomed": [{"seat": r.randrange(3), "card": r.choice(cards)}],
            "tomb": r.sample(cards, r.randrange(3)), "destroyed": r.sample(cards, r.randrange(2)),
        }
        again = rs.record_game(rec, cfg, out)
        assert again == rs.record_game(rec, cfg, out)
        rec = again
        games += 1
        assert rec["next"] == games == len(rec["chapters"])
        assert not set(rec["tomb"]) & set(rec["destroyed"])
        assert not set(rec["heirlooms"]) & set(rec["destroyed"])
        for fam in fams:
            played = sum(any(s["family"] == fam for s in ch["seats"]) for ch in rec["chapters"])
            assert len(rec["families"][fam]["members"]) == played
            assert record.heirloom_count(rec, fam) <= record.MAX_HEIRLOOMS
    assert games == 15


def test_the_campaigns_family_members_play_under_their_names() -> None:
    """betrayal-legacy-rulebook.md "Setup" 5 and 6, RULING HLC-1 and HL-28: the chapter game's
    explorers are the campaign's family members, by first name and family, with their ages;
    the names the campaign's config gives come first."""
    from hauntkit.core.game import Game
    from hauntkit.core.ruleset import get_ruleset

    rs: Any = get_ruleset("legacy")
    families = ["ashdown", "crowley", "hartwell"]
    config = {"families": families, "members": {"crowley": [{"name": "Agnes", "age": 34}]}}
    data = rs.campaign_start(config)
    game_config = rs.campaign_next(config, data, [])
    assert game_config is not None
    members = game_config["campaign"]["characters"]
    assert members[families.index("crowley")] == {"name": "Agnes", "age": 34}
    game = Game.new(rs, game_config, seed=3)
    names = [e["name"] for e in game.view(0)["explorers"]]
    assert names[families.index("crowley")] == "Agnes Crowley"
    assert all(n.endswith(f.capitalize()) and " " in n for n, f in zip(names, families,
                                                                        strict=True))
    assert "Agnes Crowley, 34" in game.state["log"][0]["text"]
