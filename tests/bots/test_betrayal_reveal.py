"""When the hidden poisoner reveals itself (h02 The Poisoner, traitor's book: "Reveal yourself
as the poisoner" adds 2 to the poison; the traitor wins when the poison reaches 27/36/45/54).
Revealing early only lets the heroes hunt the traitor (their book wins when the traitor dies);
once the 2 finish the poison it wins the game at once. Positions built in data, 3 players
(the poison's goal is 27)."""

from __future__ import annotations

import pytest

from hauntkit.bots import bot_rng, get_bot
from hauntkit.core.game import Game
from hauntkit.sim import blunders

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau"]
UNMASK = {"type": "haunt_action", "id": "unmask"}


def _poisoner(rs, poison):
    """The traitor's turn with the poison at ``poison`` (set one lower: the start of a turn
    raises it by 1, the books' reaction)."""
    setup = {"haunt": {"id": "the_poisoner", "revealer": 1, "traitor": 2},
             "explorers": {"0": {"room": "entrance_hall"}, "1": {"room": "entrance_hall"},
                           "2": {"room": "foyer"}},
             "counters": {"poison": poison - 1}, "turn": {"seat": 2}}
    game = Game.new(rs, {"players": 3, "characters": CHARS}, 1)
    rs.apply_setup(game.state, setup)
    assert game.view(2)["haunt"]["counters"]["poison"] == poison
    return game


def _choose(game):
    return get_bot("heuristic").choose(game.view(2), game.legal_actions(2), bot_rng(0, 2))


def test_poisoner_reveals_when_the_poison_then_wins(betrayal):
    """Poison 25 of 27: the reveal's 2 reach the goal, and the traitor wins on the spot."""
    game = _poisoner(betrayal, 25)
    assert UNMASK in game.legal_actions(2)
    assert _choose(game) == UNMASK
    game.act(2, UNMASK)
    assert (game.state["result"] or {}).get("winner") == "traitor"


@pytest.mark.parametrize("poison", [0, 24])
def test_poisoner_stays_hidden_while_the_reveal_cannot_win(betrayal, poison):
    """Poison 24 of 27: 2 more do not win, and being known lets the heroes kill the traitor."""
    game = _poisoner(betrayal, poison)
    assert UNMASK in game.legal_actions(2)
    assert _choose(game) != UNMASK


@pytest.mark.parametrize(("poison_at_end", "counted"), [(24, False), (25, True)])
def test_audit_counts_an_unused_reveal_only_when_it_could_have_won(betrayal, poison_at_end,
                                                                   counted):
    """The blunder audit (docs/balance.md, "book action never used"): the reveal can be made
    once and only adds 2 poison, so a traitor that lost with the poison at 24 of 27 could not
    have won by it at any time; at 25 the 2 would have finished the poison."""
    game = _poisoner(betrayal, 10)
    auditor = blunders.auditor_for(betrayal)
    auditor.hook(game, 2, game.legal_actions(2), {"type": "end_turn"})
    game.state["counters"]["poison"] = poison_at_end
    game.state["result"] = {"winner": "heroes", "reason": "test"}
    found = [b.kind for b in auditor.close(game)]
    assert found == ([blunders.UNUSED_BOOK] if counted else [])
