"""``state_hash``: a short, stable fingerprint of a game state (scenario files assert it)."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson


def without_text(value: Any) -> Any:
    """``value`` with the ``text`` of log events left out: wording may change, play may not."""
    if isinstance(value, dict):
        return {k: without_text(v) for k, v in value.items()
                if not (k == "text" and "type" in value)}
    if isinstance(value, list):
        return [without_text(v) for v in value]
    return value


def state_hash(state: dict[str, Any]) -> str:
    """16 hex digits of the SHA-256 of the state as JSON with sorted keys, log texts left out.
    Equal states have equal hashes whatever their key order; any change of play changes it."""
    data = orjson.dumps(without_text(state), option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(data).hexdigest()[:16]
