"""``ViewObserver``: OpenSpiel's Python observer over hauntkit views (``make_py_observer``).

- tensor: the ruleset's features (``hauntkit.env.features``) of the seat's view, or of the
  spectator's view for a public-only observation; the information-state tensor is the same
  features (they have no memory of their own);
- observation string: the view as compact JSON with sorted keys, without its log and the
  legal actions a view may list, then a line with the seat's legal action indices when it is
  to act (a resampled state's pinned ones included: resample.py);
- information-state string: that, then a line naming the seat's log (the events it was
  shown, in order) by its length and a SHA-256 digest: the seat's record of play.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy
import pyspiel

from hauntkit.core.errors import HauntkitError
from hauntkit.env.openspiel.engine import NOT_DRAWN, canonical

OMITTED = ("log", "legal")  # keys of a view the strings leave out


class ViewObserver:
    """Features and strings of one seat's view (``iig_obs_type``: OpenSpiel's kind of
    observation; ``perfect_recall`` adds the log's digest to the string)."""

    def __init__(self, size: int, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:
        if params:
            raise HauntkitError(f"hauntkit observers take no parameters; got {sorted(params)}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise HauntkitError("hauntkit observes one seat's view or the public one, never "
                                "every seat's secrets at once")
        self.public_only = kind.private_info == pyspiel.PrivateInfoType.NONE
        if self.public_only and not kind.public_info:
            raise HauntkitError("an observation with neither public nor private information "
                                "is empty")
        self.perfect_recall = bool(kind.perfect_recall)
        self.tensor = numpy.zeros(size, numpy.float32)
        self.dict = {"features": self.tensor}

    def seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with the features of ``player``'s view of ``state``."""
        if state.position is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.position.features(self.seat(player))

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as a string (see the module docstring)."""
        position = state.position
        if position is None:
            return NOT_DRAWN
        seat = self.seat(player)
        if self.perfect_recall:
            return position.memo(("information", seat), lambda: _information(state, seat))
        return position.memo(("observation", seat), lambda: _observation(state, seat))


def _observation(state: Any, seat: int | None) -> str:
    view = state.position.view(seat)
    text = canonical({key: value for key, value in view.items()
                      if key not in OMITTED}).decode()
    legal = state.legal_actions(seat) if seat is not None else []
    return f"{text}\nlegal: {' '.join(map(str, legal))}" if legal else text


def _information(state: Any, seat: int | None) -> str:
    log = state.position.view(seat).get("log", [])
    digest = hashlib.sha256(canonical(log)).hexdigest()[:16]
    return f"{_observation(state, seat)}\nlog: {len(log)} events, digest {digest}"
