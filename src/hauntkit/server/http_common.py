"""What the game and campaign HTTP endpoints share: the table a game or campaign is created
from, error answers that never echo a request back, and the bearer token of a request."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, Field, StrictInt


def _no_nul(text: str) -> str:
    if "\x00" in text:
        raise ValueError("must not contain a NUL character")
    return text


# Text a person typed (titles, names): no NUL character, which no database stores as text.
Text = Annotated[str, AfterValidator(_no_nul)]


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    name: Text = Field(default="", max_length=40)
    bot: Text | None = Field(default=None, max_length=40)


class TableSpec(BaseModel):
    """What a game and a campaign are both created from: ruleset, seats, seed, config, title."""

    ruleset: Text = Field(max_length=40)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**63)
    config: dict[str, Any] = Field(default_factory=dict)
    title: Text = Field(default="", max_length=200)


class ErrorBody(BaseModel):
    """Every refusal's body (docs/protocol.md, "Errors")."""

    type: Literal["error"] = "error"
    code: str = Field(description="what went wrong, as a stable word: no_game, forbidden, ...")
    message: str = Field(description="what went wrong, in words a person reads")
    field: str | None = Field(default=None, description="the request field at fault, if one")


# The refusals any route may answer with, listed in the OpenAPI schema with their one shape.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (400, "the request cannot be carried out as asked"),
        (403, "a token is missing, wrong, or does not allow this"),
        (404, "no such game or campaign"),
        (409, "refused by the game's rules or its current state"),
        (413, "the request body is over the limit"),
        (422, "a field of the request is not valid"),
        (429, "too many requests; try again later"),
        (431, "too many or too large request headers"),
    )
}


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
