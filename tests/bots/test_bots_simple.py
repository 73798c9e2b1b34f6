"""The generic bots: they pick legal actions from what they are given, with their own seeded
randomness."""

from __future__ import annotations

from collections import Counter

import pytest
from minirace import Race

from hauntkit.bots import DefaultBot, RandomBot, bot_names, bot_rng, get_bot
from hauntkit.core import Game
from hauntkit.core.errors import HauntkitError

LEGAL = [{"type": "move", "to": t} for t in ("a", "b", "c", "d", "e", "f")] + [
    {"type": "use", "item": "axe"}, {"type": "end_turn"}]


def test_registry_names_and_unknown_bot():
    assert {"default", "random"} <= set(bot_names())
    assert isinstance(get_bot("random"), RandomBot)
    assert isinstance(get_bot(), DefaultBot)
    with pytest.raises(HauntkitError, match="unknown bot 'smart'"):
        get_bot("smart")


@pytest.mark.parametrize("name", ["random", "default"])
def test_bots_choose_legal_actions_and_repeat_with_the_same_seed(name):
    bot = get_bot(name)
    first = [bot.choose({}, LEGAL, rng) for rng in [bot_rng(3, 1)] for _ in range(50)]
    again = [bot.choose({}, LEGAL, rng) for rng in [bot_rng(3, 1)] for _ in range(50)]
    assert first == again
    assert all(a in LEGAL for a in first)
    other = [bot.choose({}, LEGAL, rng) for rng in [bot_rng(3, 2)] for _ in range(50)]
    assert other != first


def test_random_bot_is_uniform():
    rng = bot_rng(1, 0)
    counts = Counter(RandomBot().choose({}, LEGAL, rng)["type"] for _ in range(8000))
    assert 700 < counts["end_turn"] < 1300  # 1 of 8
    assert 5300 < counts["move"] < 6700  # 6 of 8


class _EndsWithEndTurn:
    """A ruleset declaration that ``end_turn`` ends a turn (what ``bind`` reads)."""

    end_action_types = frozenset({"end_turn"})


def test_default_bot_keeps_playing_before_ending_its_turn():
    rng = bot_rng(1, 0)
    bot = DefaultBot(end_chance=0.15).bind(_EndsWithEndTurn())  # type: ignore[arg-type]
    counts = Counter(bot.choose({}, LEGAL, rng)["type"] for _ in range(6000))
    assert 600 < counts["end_turn"] < 1200  # about 15%, not 1 in 3 types nor 1 in 8 actions
    assert abs(counts["move"] - counts["use"]) < 600  # types weigh the same, not actions
    only_end = [{"type": "end_turn"}]
    assert bot.choose({}, only_end, rng) == only_end[0]


def test_default_bot_learns_the_end_types_from_the_ruleset_it_plays():
    """The ruleset declares which action types end a turn; the bot hard-codes none."""
    assert get_bot("default", Race()).end_action_types == frozenset({"pass"})
    unbound = DefaultBot(end_chance=0.15)
    rng = bot_rng(1, 0)
    counts = Counter(unbound.choose({}, LEGAL, rng)["type"] for _ in range(3000))
    assert counts["end_turn"] > 700  # unbound, end_turn is just one of three types


def test_bots_never_touch_the_games_dice():
    """Two games with the same seed, one driven by bots, one by a fixed script of the same
    actions: the bots' own randomness must not change the game's rng stream."""
    game = Game.new(Race(), {"players": 3}, 4)
    bot, rng = get_bot("random"), bot_rng(99, 0)
    for _ in range(40):
        seat = game.to_act()[0]
        game.act(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    copy = Game.replay(game.save(), Race())
    assert copy.state["rng"] == game.state["rng"]
    assert copy.state == game.state
