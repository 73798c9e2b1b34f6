"""Baseline: the schema of hauntkit before Alembic (games and actions), exactly.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from hauntkit.server.migrations import table_name

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    games, actions = table_name("games"), table_name("actions")
    op.create_table(
        games,
        sqlalchemy.Column("id", sqlalchemy.String(32), primary_key=True),
        sqlalchemy.Column("ruleset", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("title", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("status", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("seats", sqlalchemy.LargeBinary, nullable=False),
        sqlalchemy.Column("host_token", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("config", sqlalchemy.LargeBinary, nullable=False),
        sqlalchemy.Column("seed", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("version", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("state", sqlalchemy.LargeBinary, nullable=False),
        sqlalchemy.Column("snap_n", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("result", sqlalchemy.LargeBinary, nullable=True),
        sqlalchemy.Column("dev", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("created", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("updated", sqlalchemy.String(32), nullable=False),
    )
    op.create_index(f"ix_{games}_status", games, ["status"])
    op.create_table(
        actions,
        sqlalchemy.Column("n", sqlalchemy.Integer, primary_key=True, autoincrement=True),
        sqlalchemy.Column("game_id", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("version", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("seat", sqlalchemy.Integer, nullable=True),
        sqlalchemy.Column("action", sqlalchemy.Text, nullable=False),
        sqlalchemy.Column("at", sqlalchemy.String(32), nullable=False),
    )
    op.create_index(f"ix_{actions}_game_id", actions, ["game_id"])


def downgrade() -> None:
    op.drop_table(table_name("actions"))
    op.drop_table(table_name("games"))
