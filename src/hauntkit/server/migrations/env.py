"""Alembic's environment: runs on the connection and table prefix that
``hauntkit.server.migrations.upgrade`` passes in (there is no alembic.ini)."""

from __future__ import annotations

from alembic import context

from hauntkit.server.migrations import version_table

_config = context.config
_conn = _config.attributes["connection"]
context.configure(
    connection=_conn,
    version_table=version_table(str(_config.attributes.get("prefix", ""))),
)
with context.begin_transaction():
    context.run_migrations()
