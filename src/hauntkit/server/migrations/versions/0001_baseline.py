"""Baseline: the schema of hauntkit before Alembic (games and actions), exactly.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
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
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seats", sa.LargeBinary, nullable=False),
        sa.Column("host_token", sa.String(64), nullable=False),
        sa.Column("config", sa.LargeBinary, nullable=False),
        sa.Column("seed", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("snap_n", sa.Integer, nullable=False),
        sa.Column("result", sa.LargeBinary, nullable=True),
        sa.Column("dev", sa.Integer, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_index(f"ix_{games}_status", games, ["status"])
    op.create_table(
        actions,
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
    )
    op.create_index(f"ix_{actions}_game_id", actions, ["game_id"])


def downgrade() -> None:
    op.drop_table(table_name("actions"))
    op.drop_table(table_name("games"))
