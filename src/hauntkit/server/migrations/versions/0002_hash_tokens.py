"""Seat and host tokens are stored hashed (sha256, hex), never in plain text.

The ``host_token`` column becomes ``host_token_hash``; each seat's ``token`` in the ``seats``
JSON becomes ``token_hash``. Existing plain tokens are hashed, so links already handed out keep
working.

Revision ID: 0002
"""

from __future__ import annotations

import hashlib

import orjson
import sqlalchemy
from alembic import op

from hauntkit.server.migrations import table_name

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    games = table_name("games")
    with op.batch_alter_table(games) as batch:
        batch.alter_column("host_token", new_column_name="host_token_hash",
                           existing_type=sqlalchemy.String(64), existing_nullable=False)
    t = sqlalchemy.table(games, sqlalchemy.column("id", sqlalchemy.String), sqlalchemy.column("host_token_hash", sqlalchemy.String),
                 sqlalchemy.column("seats", sqlalchemy.LargeBinary))
    bind = op.get_bind()
    for gid, host, seats in bind.execute(sqlalchemy.select(t.c.id, t.c.host_token_hash, t.c.seats)).all():
        hashed = []
        for seat in orjson.loads(seats):
            seat = dict(seat)
            plain = seat.pop("token", None)
            if plain is not None:
                seat["token_hash"] = _hash(plain)
            hashed.append(seat)
        bind.execute(sqlalchemy.update(t).where(t.c.id == gid).values(
            host_token_hash=_hash(host), seats=orjson.dumps(hashed)))


def downgrade() -> None:
    raise NotImplementedError("hashed tokens cannot be turned back into plain ones")
