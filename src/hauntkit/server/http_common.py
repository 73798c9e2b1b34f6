"""What the game and campaign HTTP endpoints share: the table a game or campaign is created
from, error answers that never echo a request back, and the bearer token of a request."""

from __future__ import annotations

from typing import Any, Literal

from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    name: str = Field(default="", max_length=40)
    bot: str | None = Field(default=None, max_length=40)


class TableSpec(BaseModel):
    """What a game and a campaign are both created from: ruleset, seats, seed, config, title."""

    ruleset: str = Field(max_length=40)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    config: dict[str, Any] = Field(default_factory=dict)
    title: str = Field(default="", max_length=200)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [x for v in value for x in _strings(v)]
    return []


def unechoed(message: str, sent: Any) -> str:
    """``message`` with every quoted string of ``sent`` (a request's config) taken out: a
    ruleset may say "unknown map 'x'; known: ..."; the answer says "unknown map; known: ..."."""
    for text in sorted(set(_strings(sent)), key=len, reverse=True):
        for quoted in (repr(text), f'"{text}"'):
            message = message.replace(f" {quoted}", "").replace(quoted, "the value given")
    return message


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or None."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


MAX_ERROR_CHARS = 300  # an error answer names what is wrong; it never carries a request back


def error_response(status: int, code: str, message: str,
                   field: str | None = None) -> JSONResponse:
    """An error answer: ``message`` cut to ``MAX_ERROR_CHARS``, ``field`` naming where."""
    if len(message) > MAX_ERROR_CHARS:
        message = message[:MAX_ERROR_CHARS - 3] + "..."
    body = {"type": "error", "code": code, "message": message}
    if field is not None:
        body["field"] = field[:80]
    return JSONResponse(body, status_code=status)
