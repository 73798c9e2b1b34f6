"""Campaigns: an ordered series of games and the data that persists between them.

One row per campaign; ``doc`` is the campaign as plain JSON (see ``hauntkit.core.campaign``),
``version`` guards every write so that a game's carry-out is applied exactly once.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy
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
        sqlalchemy.Column("id", sqlalchemy.String(32), primary_key=True),
        sqlalchemy.Column("ruleset", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("title", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("status", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("version", sqlalchemy.Integer, nullable=False),
        sqlalchemy.Column("doc", sqlalchemy.LargeBinary, nullable=False),
        sqlalchemy.Column("created", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("updated", sqlalchemy.String(32), nullable=False),
    )
    op.create_index(f"ix_{campaigns}_status", campaigns, ["status"])


def downgrade() -> None:
    op.drop_table(table_name("campaigns"))
