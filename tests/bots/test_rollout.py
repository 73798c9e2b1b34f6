"""Hard's rollout comparison (docs/bots.md, "Hard: rollouts over the heuristic"): another
candidate replaces the heuristic's choice only when its paired gain is above the margin and
above its noise; a decision replays the same from the same seeded rng."""

from __future__ import annotations

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.rollout import RolloutBot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]


def test_the_heuristics_choice_stays_unless_another_is_clearly_better() -> None:
    bot = RolloutBot(margin=0.02, noise=1.0)
    heuristic = [0.5, 0.6, 0.4, 0.5]
    assert bot.best([heuristic, [0.51, 0.61, 0.41, 0.51]]) == 0  # a gain below the margin
    assert bot.best([heuristic, [0.6, 0.7, 0.5, 0.6]]) == 1  # 0.1 better in every rollout
    assert bot.best([heuristic, [0.5, 0.6, 0.4, 0.9]]) == 0  # one lucky rollout is noise
    assert bot.best([heuristic, [0.6, 0.7, 0.5, 0.6], [0.7, 0.8, 0.6, 0.7]]) == 2


def test_a_searched_decision_replays_the_same(betrayal: Ruleset) -> None:
    """The traitor next to a weaker hero (an attack is a candidate): the search runs, and the
    same view and seeded rng give the same choice."""
    game = Game.new(betrayal, {"players": 3, "characters": CHARS}, 1)
    betrayal.apply_setup(game.state, {
        "haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
        "explorers": {"1": {"room": "foyer", "trait_index": {"might": 0}},
                      "2": {"room": "foyer", "trait_index": {"might": 7}}},
        "monsters": [], "turn": {"seat": 2}})
    view, legal = game.view(2), game.legal_actions(2)
    hard = get_bot("hard", betrayal)
    first = hard.choose(view, legal, bot_rng(5, 2))
    assert hard.last_iterations > 0 and hard.last_seconds > 0
    assert get_bot("hard", betrayal).choose(view, legal, bot_rng(5, 2)) == first
