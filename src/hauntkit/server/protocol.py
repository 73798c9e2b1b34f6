"""The websocket protocol's client messages: size limits, flood control and shape checks.

Every refusal is a ``ProtocolError`` with a stable ``code`` and a message for that client alone.
See docs/protocol.md for the full protocol.
"""

from __future__ import annotations

import re
import time
from typing import Any

import orjson

from hauntkit.core.errors import HauntkitError

MAX_MESSAGE_BYTES = 16 * 1024
MAX_ACTION_DEPTH = 8

CLIENT_TYPES = {
    "hello": {"token", "host"},
    "act": {"action", "version"},
    "sync": set(),
    "ping": set(),
    "set_bot": {"seat", "bot"},
}


class ProtocolError(Exception):
    """A refused client message. The game is untouched."""

    def __init__(self, code: str, message: str, rid: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rid = rid  # the refused message's ``id``, when it could be read


def parse_message(text: str | bytes) -> dict[str, Any]:
    """Decode and check one client message; raise ``ProtocolError`` saying what is wrong
    (carrying the message's ``id`` whenever one can be read)."""
    try:
        return _check(text)
    except ProtocolError as exc:
        if exc.rid is None:
            exc.rid = readable_id(text)
        raise


def readable_id(text: str | bytes) -> str | int | None:
    """The ``id`` of a refused message if it is a JSON object with a well-formed one (the
    message is decoded only when it is at most four times the size limit)."""
    if len(text) > MAX_MESSAGE_BYTES * 4:
        return None
    try:
        msg = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _leading_id(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    rid = msg.get("id") if isinstance(msg, dict) else None
    if isinstance(rid, (str, int)) and not isinstance(rid, bool) and len(str(rid)) <= 64:
        return rid
    return None


# an object's "id" among its first top-level keys: before any nested object or list begins
_LEADING_ID = re.compile(r'\s*\{[^{}\[\]]*?"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,64}")\s*[,}]')


def _leading_id(text: str) -> str | int | None:
    """The ``id`` of a message that is not valid JSON (a NaN, cut short...) when it can still be
    read plainly: a top-level ``"id"`` before anything nested."""
    found = _LEADING_ID.match(text)
    if found is None:
        return None
    raw = found.group(1)
    return raw[1:-1] if raw.startswith('"') else int(raw)


def _check(text: str | bytes) -> dict[str, Any]:
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "too_large", f"message of {size} bytes refused; the limit is {MAX_MESSAGE_BYTES}"
        )
    try:
        msg = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ProtocolError("bad_json", f"message is not valid JSON: {exc}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {kind!r}; expected one of {', '.join(sorted(CLIENT_TYPES))}",
        )
    allowed = CLIENT_TYPES[kind] | {"type", "id"}
    extra = sorted(set(msg) - allowed)
    if extra:
        raise ProtocolError("malformed", f"unexpected field(s) in {kind!r}: {', '.join(extra)}")
    rid = msg.get("id")
    if rid is not None and not (isinstance(rid, (str, int)) and not isinstance(rid, bool)
                                and len(str(rid)) <= 64):
        raise ProtocolError("malformed", "'id' must be a string or integer of at most 64 chars")
    if kind == "hello":
        tok = msg.get("token")
        if tok is not None and (not isinstance(tok, str) or len(tok) > 128):
            raise ProtocolError("malformed", "'token' must be a string (or null to spectate)")
        host = msg.get("host")
        if host is not None and (not isinstance(host, str) or len(host) > 128):
            raise ProtocolError("malformed", "'host' must be the host's key, a string")
    elif kind == "act":
        action = msg.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ProtocolError(
                "malformed", "'action' must be a JSON object with a string 'type'"
            )
        if _depth(action) > MAX_ACTION_DEPTH:
            raise ProtocolError("malformed", "'action' is nested too deeply")
        ver = msg.get("version")
        if ver is not None and (not isinstance(ver, int) or isinstance(ver, bool)):
            raise ProtocolError("malformed", "'version' must be an integer")
    elif kind == "set_bot":
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ProtocolError("malformed", "'seat' must be an integer")
        bot = msg.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ProtocolError("malformed", "'bot' must be a bot name or null")
    return msg


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_ACTION_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "refused")

    def __init__(self, rate: float = 10.0, burst: float = 30.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False


def error_message(exc: Exception, rid: Any = None) -> dict[str, Any]:
    """The error message for one client."""
    if isinstance(exc, ProtocolError) and isinstance(getattr(exc, "answer", None), dict):
        out = {"type": "error", **exc.answer}  # another process's refusal, passed on
    elif isinstance(exc, ProtocolError):
        out = {"type": "error", "code": exc.code, "message": exc.message}
    elif isinstance(exc, HauntkitError):
        out = {"type": "error", **exc.to_dict()}
    else:
        out = {"type": "error", "code": "server_error", "message": "the server failed"}
    if rid is not None:
        out["id"] = rid
    return out
