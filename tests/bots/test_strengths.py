"""The strengths players meet (docs/bots.md, "Strengths"): ``easy``, ``normal`` and ``hard`` are
registered bots that play every ruleset from a seat's view only, deterministically from the
seeding rule; ``easy`` is the heuristic policy with a beginner's choice a share of the time."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from hauntkit.bots import (
    Bot,
    EasyBot,
    HardBot,
    NormalBot,
    bot_names,
    bot_rng,
    bot_title,
    get_bot,
    strengths,
)
from hauntkit.bots.base import make_bot
from hauntkit.bots.strengths import EASY_SLIP, HARD_ROLLOUTS
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.runner import play_game

RULESETS = ["betrayal", "legacy", "beast"]
STRENGTHS = ["easy", "normal", "hard"]
# hard plays fewer rollouts here than in play (HARD_ROLLOUTS): whole games stay quick
TEST_BUDGET = {"rollouts": 2}


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return {rid: get_ruleset(rid) for rid in RULESETS}


class FromViewOnly(Bot):
    """Hands ``bot`` a deep copy of each view (nothing it is given is the game's own state)
    and counts the decisions it made."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0

    def bind(self, ruleset: Ruleset) -> FromViewOnly:
        super().bind(ruleset)
        self.bot.bind(ruleset)
        return self

    def choose(self, view: dict[str, Any], legal_actions: list[dict[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        self.decisions += 1
        return self.bot.choose(copy.deepcopy(view), copy.deepcopy(legal_actions), rng)


def _moves(rs: Ruleset, bot: Bot, seed: int, max_actions: int = 20_000
           ) -> tuple[list[tuple[int, dict[str, Any]]], Game]:
    moves: list[tuple[int, dict[str, Any]]] = []
    game, _record = play_game(rs, {}, seed, bot, max_actions=max_actions,
                              on_action=lambda _g, seat, action: moves.append((seat, action)))
    return moves, game


def test_the_strengths_are_registered_and_titled() -> None:
    assert set(STRENGTHS) <= set(bot_names())
    assert [s["name"] for s in strengths()] == STRENGTHS
    assert [s["title"] for s in strengths()] == ["Easy", "Normal", "Hard"]
    assert all(s["description"] and s["description"][0].islower() for s in strengths())
    assert isinstance(get_bot("easy"), EasyBot)
    assert isinstance(get_bot("normal"), NormalBot)
    hard = get_bot("hard")
    assert isinstance(hard, HardBot) and hard.rollouts == HARD_ROLLOUTS
    # a budget in rollouts, not seconds: the same game on any machine
    assert not hasattr(hard, "seconds") and not hasattr(hard, "iterations")


def test_research_bots_have_words_too() -> None:
    assert bot_title("ismcts") == "Search"
    assert bot_title("heuristic") == "Normal"  # the same policy as the Normal strength
    assert bot_title("default") == "Beginner"
    assert bot_title("hard") == "Hard"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("strength", STRENGTHS)
def test_each_strength_plays_a_whole_game_from_its_view(rulesets: dict[str, Ruleset],
                                                        ruleset: str, strength: str) -> None:
    rs = rulesets[ruleset]
    seen = FromViewOnly(make_bot(strength, rs, TEST_BUDGET))
    moves, game = _moves(rs, seen, seed=3)
    assert game.over, f"{strength} did not finish a {ruleset} game in {len(moves)} actions"
    assert seen.decisions > 10
    # the same seed, the bot handed the game's own view: the same game, move for move
    again, _ = _moves(rs, make_bot(strength, rs, TEST_BUDGET), seed=3)
    assert again == moves


@pytest.mark.parametrize("ruleset", RULESETS)
def test_easy_plays_other_games_than_normal(rulesets: dict[str, Ruleset], ruleset: str) -> None:
    rs = rulesets[ruleset]
    normal, _ = _moves(rs, make_bot("normal", rs), seed=5)
    assert _moves(rs, make_bot("easy", rs), seed=5)[0] != normal


def test_easy_makes_the_beginners_choice_when_its_draw_is_below_the_share(
        rulesets: dict[str, Ruleset]) -> None:
    """On a decision with a choice, easy's first draw from the decision's rng picks who
    decides: below ``EASY_SLIP`` the ``default`` bot, else the heuristic, each with the rest of
    that rng."""
    rs = rulesets["betrayal"]
    game = Game.new(rs, {}, 7)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert len(legal) > 1
    easy, beginner, normal = (make_bot(name, rs) for name in ("easy", "default", "normal"))
    slips = 0
    for seed in range(200):
        rng = bot_rng(seed, seat)
        slipped = rng.random() < EASY_SLIP
        slips += slipped
        expected = (beginner if slipped else normal).choose(view, legal, rng)
        assert easy.choose(view, legal, bot_rng(seed, seat)) == expected
    assert 0 < slips < 200


@pytest.mark.parametrize("strength", STRENGTHS)
def test_each_strength_plays_a_plugin_ruleset_it_has_no_policy_for(strength: str) -> None:
    """The test plugin's ruleset (tests/plugins/hauntkit-tinygame) has no heuristic policy and
    its views do not name their ruleset: every strength still plays its games to the end
    (as the ``default`` bot does)."""
    rs = get_ruleset("tiny")
    moves, game = _moves(rs, FromViewOnly(make_bot(strength, rs, TEST_BUDGET)), seed=2)
    assert game.over and moves
