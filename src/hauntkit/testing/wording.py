"""The words a player reads, checked: action labels, prompts and log lines.

``problems(text)`` names what is wrong in one line (an id, a snake_case word, ``None``, a
``(key: value)`` pair, a broken number case); ``repeated(labels)`` the labels that appear twice
in one prompt. ``Scan`` adds up what random games show, per kind of text, with an example of
each problem, so that a test can fail on any and a report can count them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hauntkit.core import Game
from hauntkit.core.ruleset import Ruleset

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
PLACEHOLDER = re.compile(r"\b(None|null|undefined|NaN)\b")
KEY_VALUE = re.compile(r"\(\s*[A-Za-z_]+\s*:\s*[^)]*\)")
UNIT_ID = re.compile(r"\b(?!x\d)[a-z]{1,3}\d{1,3}\b")  # "m1", not "x2"
NUMBER_CASE = re.compile(
    r"\b1 (dice|moves|points|spaces|turns|rounds|cards|items|omens|events|tiles|hits"
    r"|explorers|monsters|doorways|tokens|heirlooms|chapters)\b"
    # "2 item cards": a noun before the counted noun stays singular
    r"|\b(?:0|[2-9]|\d\d+) (die|move|point|space|turn|round|card|item|omen|event|tile|hit)\b"
    r"(?! (?:cards?|tokens?|tiles?)\b)"
    r"|(?<![\w+])[+]0\b|\bheals 0\b|\b0 (damage|Sanity|Might|Speed|Knowledge)\b")

CHECKS: list[tuple[str, re.Pattern[str]]] = [
    ("snake_case word", SNAKE),
    ("placeholder", PLACEHOLDER),
    ("(key: value) pair", KEY_VALUE),
    ("id with a number", UNIT_ID),
    ("number case", NUMBER_CASE),
]


# A numbered name ("Thug 1", "Bone Archer 2") ends right before a number case's count: "Thug 1
# moves" is a unit and its verb, not "1 moves". Only words that can be verbs are excused
# ("Roll 1 dice" is still a broken number case).
NUMBERED_NAME = re.compile(r"\b[A-Z][\w'-]* $")
VERBS = {"moves", "hits", "points", "turns"}


def _first_hit(name: str, pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    for hit in pattern.finditer(text):
        if (name == "number case" and hit.group(0)[:2] == "1 "
                and hit.group(0)[2:] in VERBS
                and NUMBERED_NAME.search(text, 0, hit.start())):
            continue
        return hit
    return None


def problems(text: str) -> list[str]:
    """What is wrong in ``text``, one entry per kind of problem ("placeholder: None")."""
    found = []
    for name, pattern in CHECKS:
        hit = _first_hit(name, pattern, text)
        if hit:
            found.append(f"{name}: {hit.group(0)}")
    return found


def repeated(labels: Iterable[str]) -> list[str]:
    """The labels that occur more than once among one prompt's choices."""
    return sorted(label for label, n in Counter(labels).items() if n > 1)


@dataclass
class Scan:
    """What a number of games showed: counts of problems per kind of text (label, prompt,
    log), and the first example of each problem."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    lines: Counter[str] = field(default_factory=Counter)

    def check(self, kind: str, text: str) -> None:
        self.lines[kind] += 1
        for name, pattern in CHECKS:  # the check's own name ("(key: value) pair" has a colon)
            if _first_hit(name, pattern, text):
                self._note(f"{kind} {name}", text)

    def check_choices(self, labels: list[str]) -> None:
        for label in labels:
            self.check("label", label)
        for label in repeated(labels):
            self._note("label repeated in one prompt", f"{label!r} among {labels}")

    def _note(self, key: str, example: str) -> None:
        self.counts[key] += 1
        self.examples.setdefault(key, example)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def report(self) -> str:
        """One line per problem: its count and an example."""
        return "\n".join(f"{n:6d}  {key}: {self.examples[key][:160]}"
                         for key, n in self.counts.most_common())


def prompt_of(view: Any) -> str | None:
    """The prompt a view shows its reader, if any (``choice.prompt`` or ``prompt``)."""
    if not isinstance(view, dict):
        return None
    choice = view.get("choice")
    if isinstance(choice, dict) and isinstance(choice.get("prompt"), str):
        return str(choice["prompt"])
    prompt = view.get("prompt")
    return prompt if isinstance(prompt, str) else None


Chooser = Callable[[random.Random, list[dict[str, Any]]], dict[str, Any]]


def scan_game(rs: Ruleset, config: dict[str, Any], seed: int, scan: Scan,
              max_actions: int = 3000, choose: Chooser | None = None,
              carry_in: dict[str, Any] | None = None) -> Game:
    """Play one game of random legal actions (``choose`` picks among them; uniform by
    default), checking every label of every decision, each prompt shown, and at the end
    every log line every seat and a spectator can read. ``carry_in``: a campaign's data, for
    a campaign's game (``Game.new``'s)."""
    game = Game.new(rs, config, seed=seed, carry_in=carry_in)
    scan_play(rs, game, scan, random.Random(seed), choose, max_actions,
              seats=config.get("players"))
    return game


def scan_play(rs: Ruleset, game: Game, scan: Scan, pick: random.Random,
              choose: Chooser | None = None, max_actions: int = 3000,
              before: Callable[[Game], None] | None = None, seats: Any = None) -> None:
    """Play ``game`` on as ``scan_game`` does (``before`` sees the game before each
    decision), then check every log line every seat (the state's ``players``, else
    ``seats``) and a spectator can read."""
    for _ in range(max_actions):
        if game.over:
            break
        if before is not None:
            before(game)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        scan.check_choices([str(rs.describe_action(game.state, seat, a)) for a in legal])
        prompt = prompt_of(game.view(seat))
        if prompt is not None:
            scan.check("prompt", prompt)
        game.act(seat, choose(pick, legal) if choose is not None else pick.choice(legal))
    seats = game.state.get("players") or seats or 0
    for reader in (None, *range(int(seats) if isinstance(seats, int) else 0)):
        view = game.view(reader)
        log = view.get("log") if isinstance(view, dict) else None
        for event in log or []:
            text = event.get("text") if isinstance(event, dict) else None
            if isinstance(text, str):
                scan.check("log", text)
