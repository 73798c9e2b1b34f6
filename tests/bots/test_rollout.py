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


def _traitor_beside_a_weaker_hero(betrayal: Ruleset) -> Game:
    """The revealed traitor (seat 2, Might at its top) in the Foyer with a hero at its lowest:
    an attack is among the candidates, so the decision is searched."""
    game = Game.new(betrayal, {"players": 3, "characters": CHARS}, 1)
    betrayal.apply_setup(game.state, {
        "haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
        "explorers": {"1": {"room": "foyer", "trait_index": {"might": 0}},
                      "2": {"room": "foyer", "trait_index": {"might": 7}}},
        "monsters": [], "turn": {"seat": 2}})
    return game


def test_a_searched_decision_replays_the_same(betrayal: Ruleset) -> None:
    """The traitor next to a weaker hero (an attack is a candidate): the search runs, and the
    same view and seeded rng give the same choice."""
    game = _traitor_beside_a_weaker_hero(betrayal)
    view, legal = game.view(2), game.legal_actions(2)
    hard = get_bot("hard", betrayal)
    first = hard.choose(view, legal, bot_rng(5, 2))
    assert hard.last_iterations > 0 and hard.last_seconds > 0
    assert get_bot("hard", betrayal).choose(view, legal, bot_rng(5, 2)) == first


class FirstLookOnly(RolloutBot):
    """Rollouts that favour the last candidate in the first comparison; in the confirmation
    (``confirm`` rollouts) they favour it only when ``confirms``."""

    def __init__(self, confirms: bool) -> None:
        super().__init__(rollouts=6, confirm=8)
        self.confirms = confirms

    def values(self, rs, view, candidates, samples, rollouts, rng):  # type: ignore[override]
        favoured = rollouts == self.rollouts or self.confirms
        return [[1.0 if favoured and i == len(candidates) - 1 else 0.5] * rollouts
                for i in range(len(candidates))]


def test_an_override_stands_only_when_fresh_rollouts_confirm_it(betrayal: Ruleset) -> None:
    """The first comparison picks the best of several noisy means, so its winner's lead is
    biased upward: hard plays another candidate than the heuristic's only when rollouts that
    took no part in picking it find it better again."""
    game = _traitor_beside_a_weaker_hero(betrayal)
    view, legal = game.view(2), game.legal_actions(2)
    normal = get_bot("normal", betrayal).choose(view, legal, bot_rng(5, 2))
    unconfirmed = FirstLookOnly(confirms=False).bind(betrayal)
    assert unconfirmed.choose(view, legal, bot_rng(5, 2)) == normal
    assert unconfirmed.last_iterations > unconfirmed.rollouts * 2  # the confirmation ran
    confirmed = FirstLookOnly(confirms=True).bind(betrayal)
    assert confirmed.choose(view, legal, bot_rng(5, 2)) != normal
