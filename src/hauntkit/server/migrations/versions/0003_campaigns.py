"""Campaigns: an ordered series of games and the data that persists between them.

One row per campaign; ``doc`` is the campaign as plain JSON (see ``hauntkit.core.campaign``),
``version`` guards every write so that a game's carry-out is applied exactly once.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hauntkit.server.migrations import table_name

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    campaigns = table_name("campaigns")
    op.create_table(
        campaigns,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("doc", sa.LargeBinary, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_index(f"ix_{campaigns}_status", campaigns, ["status"])


def downgrade() -> None:
    op.drop_table(table_name("campaigns"))
