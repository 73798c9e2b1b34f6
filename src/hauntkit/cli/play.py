"""`hauntkit play`: the game server and web client."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command("play")
    def _cmd(
        host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: all)."),
        port: int = typer.Option(8765, help="Port to listen on."),
        data_dir: str = typer.Option("data", "--data-dir",
                                      help="Folder of the SQLite database."),
        db: str | None = typer.Option(
            None, help="Database URL instead of SQLite, e.g. postgresql://user@host/db."),
        no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser."),
        table_prefix: str = typer.Option(
            "", help="Prefix of the table names (to share one database between servers)."),
        bot_delay: float = typer.Option(1.0, help="Seconds a bot waits before each action."),
        dev: bool = typer.Option(
            False, "--dev",
            help="Allow scenario set-ups and scripted dice (for tests; never for real games)."),
        content: list[str] | None = typer.Option(  # noqa: B008 - typer's declaration style
            None, "--content",
            help="Extra content folder or file (repeatable); its ruleset comes from the files' "
                 "`ruleset:` key. Checked before the server starts."),
        replace_starter: bool = typer.Option(
            False, "--replace-starter", help="Use only --content, not the starter pack."),
    ) -> None:
        """Serve the lobby and games in the browser; prints the URL."""
        from hauntkit.server.db import database_url
        from hauntkit.server.rooms import Settings
        from hauntkit.server.run import serve

        packs: dict[str, list[str]] = {}
        content = list(content or [])
        if content:
            from hauntkit.cli.validate import detect_ruleset
            from hauntkit.sim.cliutil import load_ruleset

            rid = detect_ruleset([Path(p) for p in content])
            load_ruleset(rid, content, replace_starter)  # refuses a broken pack, every problem
            packs[rid] = list(content)
        settings = Settings(db_url=database_url(db, data_dir), table_prefix=table_prefix,
                            dev=dev, bot_delay=bot_delay, content=packs,
                            replace_starter={rid: replace_starter for rid in packs})
        serve(settings, host, port, open_browser=not no_browser)
