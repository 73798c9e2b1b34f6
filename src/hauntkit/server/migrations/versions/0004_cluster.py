"""Several processes (docs/deploy.md): what they share in the database.

- ``actions.req``: the id of the request a human move came in by, when it was routed to the
  game's owning process; a request sent again (its owner died during the handover) is found
  here and answered with the version it made instead of being played twice.
- ``rematches``: each finished game's rematch, so that any process answers the rematch link.
- ``leases``: which process owns (runs) each game, until when (PostgreSQL LISTEN/NOTIFY
  clusters; with Redis the leases live in Redis).
- ``buckets``: token buckets of the rate limits shared by the processes.
- ``nodes``: each live process's count of games in memory (the shared cap on live games).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from hauntkit.server.migrations import table_name

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    actions = table_name("actions")
    with op.batch_alter_table(actions) as batch:
        batch.add_column(sqlalchemy.Column("req", sqlalchemy.String(64), nullable=True))
    op.create_index(f"ix_{actions}_req", actions, ["game_id", "req"])
    op.create_table(
        table_name("rematches"),
        sqlalchemy.Column("game_id", sqlalchemy.String(32), primary_key=True),
        sqlalchemy.Column("new_id", sqlalchemy.String(32), nullable=False),
    )
    op.create_table(
        table_name("leases"),
        sqlalchemy.Column("game_id", sqlalchemy.String(32), primary_key=True),
        sqlalchemy.Column("node", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("expires", sqlalchemy.Float, nullable=False),
    )
    op.create_table(
        table_name("buckets"),
        sqlalchemy.Column("key", sqlalchemy.String(200), primary_key=True),
        sqlalchemy.Column("tokens", sqlalchemy.Float, nullable=False),
        sqlalchemy.Column("stamp", sqlalchemy.Float, nullable=False),
    )
    op.create_table(
        table_name("nodes"),
        sqlalchemy.Column("node", sqlalchemy.String(32), primary_key=True),
        sqlalchemy.Column("rooms", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("expires", sqlalchemy.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("nodes", "buckets", "leases", "rematches"):
        op.drop_table(table_name(name))
    actions = table_name("actions")
    op.drop_index(f"ix_{actions}_req", actions)
    with op.batch_alter_table(actions) as batch:
        batch.drop_column("req")
