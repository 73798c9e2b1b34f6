"""Hard never overrides the heuristic with an action the heuristic refuses (docs/bots.md,
"Strengths"): its search compares only the heuristic's acceptable best few
(``bots.candidates``). Each test sets up a position where the heuristic refuses something
that harms its own side, then runs hard's search with rollouts rigged to prefer exactly that
action, and checks that hard still refuses it.
"""

from __future__ import annotations

from typing import Any

import pytest

# tests/bots is on sys.path (pytest's rootdir-relative import): the beast positions serve here
from test_beast_bot import POSITIONS, _position, harms_own_side

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.candidates import acceptable, rank
from hauntkit.bots.heuristic import policy_for
from hauntkit.bots.rollout import RolloutBot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]
FAMILIES = ["ashdown", "crowley", "hartwell", "mercer"]


class Rigged(RolloutBot):
    """A rollout bot whose rollouts score ``wanted`` 1 and everything else 0: if ``wanted``
    were a candidate, the search would play it."""

    def __init__(self, wanted: dict[str, Any]) -> None:
        super().__init__(rollouts=4)
        self.wanted = wanted

    def playout(self, rs: Ruleset, state: dict[str, Any], seat: int, first: dict[str, Any],
                rng: Any) -> float:
        return 1.0 if first == self.wanted else 0.0


def _rigged_choice(rs: Ruleset, game: Game, seat: int, wanted: dict[str, Any]
                   ) -> dict[str, Any]:
    assert wanted in game.legal_actions(seat)
    bot = Rigged(wanted).bind(rs)
    return bot.choose(game.view(seat), game.legal_actions(seat), bot_rng(0, seat))


@pytest.fixture(scope="module")
def legacy() -> Ruleset:
    return get_ruleset("legacy")


def _legacy_take(legacy: Ruleset) -> Game:
    """The traitor (seat 2) asks to TAKE the Lantern from hero seat 0 (RULING HL-13: TAKE asks
    the owner; HL-17: TAKE needs a find)."""
    explorers = {str(i): {"room": "entrance_hall"} for i in range(4)}
    explorers["0"] = {"room": "entrance_hall", "cards": ["lantern"]}
    game = Game.new(legacy, {"players": 4, "families": FAMILIES}, 1)
    legacy.apply_setup(game.state, {
        "haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 2},
        "explorers": explorers, "turn": {"seat": 2}, "found": [0, 2]})
    game.act(2, {"type": "take", "card": "lantern", "from": 0})
    assert game.state["choice"]["kind"] == "permit"
    return game


def test_hard_refuses_to_let_the_other_side_take_a_card(legacy: Ruleset) -> None:
    """The owner answers a TAKE (RULING HL-13); the heuristic refuses the other side, and so
    does hard, even when its rollouts favour allowing it (the balance lab saw hard allow such
    TAKEs about 18 times a legacy game)."""
    game = _legacy_take(legacy)
    allow = {"type": "permit", "allow": True}
    assert get_bot("normal", legacy).choose(game.view(0), game.legal_actions(0),
                                            bot_rng(0, 0)) == {"type": "permit",
                                                               "allow": False}
    assert get_bot("hard", legacy).choose(game.view(0), game.legal_actions(0),
                                          bot_rng(0, 0)) == {"type": "permit", "allow": False}
    assert _rigged_choice(legacy, game, 0, allow) == {"type": "permit", "allow": False}


def _betrayal(rs: Ruleset, setup: dict[str, Any]) -> Game:
    game = Game.new(rs, {"players": 3, "characters": CHARS}, 1)
    rs.apply_setup(game.state, setup)
    return game


def test_hard_never_gives_a_card_to_the_other_side(betrayal: Ruleset) -> None:
    """A hero standing with the revealed traitor may legally give it a card (*Betrayal rules*
    "Trading"); handing the enemy a card only helps the enemy, so neither the heuristic nor hard
    does, however the rollouts come out."""
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"1": {"room": "foyer", "cards": ["revolver"]},
                           "2": {"room": "foyer"}},
             "monsters": [], "turn": {"seat": 1}}
    game = _betrayal(betrayal, setup)
    give = next(a for a in game.legal_actions(1) if a["type"] == "give" and a["to"] == 2)
    assert _rigged_choice(betrayal, game, 1, give)["type"] != "give"


def test_hard_does_not_attack_at_odds_the_heuristic_refuses(betrayal: Ruleset) -> None:
    """The traitor with Might 2 next to a hero with Might 8 (RULING B10: both roll Might;
    about nine times in ten to lose): the heuristic does not attack, and hard's search may not
    make that attack either."""
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"1": {"room": "foyer", "trait_index": {"might": 7}},
                           "2": {"room": "foyer", "trait_index": {"might": 1}}},
             "monsters": [], "turn": {"seat": 2}}
    game = _betrayal(betrayal, setup)
    attack = {"type": "attack", "target": 1, "weapon": None}
    assert _rigged_choice(betrayal, game, 2, attack)["type"] != "attack"


def test_the_search_overrides_with_an_acceptable_candidate(betrayal: Ruleset) -> None:
    """The bars are not the whole story: when rollouts favour an acceptable alternative (the
    traitor against a weaker hero may attack or end its turn), hard plays it."""
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "explorers": {"1": {"room": "foyer", "trait_index": {"might": 0}},
                           "2": {"room": "foyer", "trait_index": {"might": 7}}},
             "monsters": [], "turn": {"seat": 2}}
    game = _betrayal(betrayal, setup)
    view, legal = game.view(2), game.legal_actions(2)
    ranking = rank(legal, policy_for(betrayal).scores(view, legal),  # type: ignore[union-attr]
                   bot_rng(0, 2), betrayal.search_actions)
    assert ranking.choice == {"type": "attack", "target": 1, "weapon": None}
    assert ranking.contested
    other = ranking.candidates[1]
    assert _rigged_choice(betrayal, game, 2, other) == other


def test_walks_away_and_refusals_are_never_candidates(betrayal: Ruleset) -> None:
    """A walk the heuristic scores zero or less leads nowhere closer (or straight back); a
    negative score is a refusal; answers and hand-overs are the heuristic's alone."""
    search, beast = betrayal.search_actions, get_ruleset("beast").search_actions
    assert not acceptable({"type": "move", "to": "foyer"}, 0.0, search)
    assert not acceptable({"type": "step", "unit": "h1", "to": [1, 2]}, -2.0, beast)
    assert not acceptable({"type": "step", "unit": "h1", "to": [1, 2]}, 0.0, beast)
    assert acceptable({"type": "step", "unit": "h1", "to": [1, 2]}, 2.0, beast)
    assert acceptable({"type": "move", "to": "foyer"}, 51.0, search)
    assert not acceptable({"type": "attack", "target": 1, "weapon": None}, -20.0, search)
    assert acceptable({"type": "end_turn"}, 0.0, search)
    for answer in ("give", "permit", "accept", "drop", "take", "steal", "damage"):
        assert not acceptable({"type": answer}, 10.0, search)
        assert answer not in search.contests
    # a ruleset's declaration is its own: betrayal's walk is no beast action, and back
    assert not acceptable({"type": "move", "to": "foyer"}, 51.0, beast)
    assert not acceptable({"type": "step", "unit": "h1", "to": [1, 2]}, 2.0, search)


def test_hard_is_normal_where_nothing_is_contested(betrayal: Ruleset) -> None:
    """Before the haunt (walks and exploring only) hard plays the heuristic's choice, draw for
    draw."""
    for seed in range(5):
        game = Game.new(betrayal, {"players": 3, "characters": CHARS}, seed)
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        hard = get_bot("hard", betrayal)
        assert hard.choose(view, legal, bot_rng(seed, seat)) == \
            get_bot("normal", betrayal).choose(view, legal, bot_rng(seed, seat))
        assert hard.last_iterations == 0


ALLY_TRAPS = [p for p in POSITIONS if p.get("never") == "hits_an_ally"]


@pytest.mark.parametrize("spec", ALLY_TRAPS, ids=[p["name"] for p in ALLY_TRAPS])
def test_hard_never_hits_its_own_side_in_beast(beast: Any, spec: dict[str, Any]) -> None:
    """Beams and AOEs hit friend and foe (*Riddle of the Beast*, "Attack Types"); lights help
    the hunters ("Light and Darkness"). Whichever harmful action the rollouts favour, hard
    plays something else."""
    game = _position(beast, spec)
    seat = spec["seat"]
    harmful = [a for a in game.legal_actions(seat) if harms_own_side(beast, game.state, a)]
    assert harmful
    for bad in harmful:
        assert not harms_own_side(beast, game.state, _rigged_choice(beast, game, seat, bad))


PLAIN_BLOW = next(p for p in POSITIONS if p["name"].startswith("the plain blow"))


def test_hard_never_ends_the_turn_over_a_free_attack_in_beast(beast: Any) -> None:
    """*Riddle of the Beast*, "Combat Basics": a failed attack costs only the hunter's action,
    which is lost anyway when the turn ends; the heuristic refuses ending the turn while an
    attack is there, so rollouts rigged to favour ending it leave Hard attacking."""
    game = _position(beast, PLAIN_BLOW)
    end = {"type": "end_turn"}
    legal = game.legal_actions(0)
    assert end in legal
    scores = policy_for(beast).scores(game.view(0), legal)  # type: ignore[union-attr]
    assert scores[legal.index(end)] < 0
    assert _rigged_choice(beast, game, 0, end)["type"] == "attack"


def test_hard_never_makes_a_hopeless_strike_in_beast(beast: Any) -> None:
    """docs/balance.md, "The blunder audit": Blake's Shield Shove (2 dice, 72% to do no damage
    to the werewolf) beside his 4-dice blow (59%) is a hopeless attack; the heuristic refuses
    it, so rollouts rigged to favour it leave Hard striking with the blow."""
    game = _position(beast, PLAIN_BLOW)
    legal = game.legal_actions(0)
    shove = next(a for a in legal if a.get("ability") == "shield-shove")
    scores = policy_for(beast).scores(game.view(0), legal)  # type: ignore[union-attr]
    assert scores[legal.index(shove)] < 0
    choice = _rigged_choice(beast, game, 0, shove)
    assert (choice["type"], choice.get("mode")) == ("attack", "melee")
