"""`hauntkit campaign`: start, play and inspect campaigns of any ruleset that plays them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from hauntkit.core.campaign import Campaign, current_game
from hauntkit.core.campaign_view import present
from hauntkit.core.errors import HauntkitError
from hauntkit.sim.cliutil import load_ruleset, parse_config

campaign_app = typer.Typer(
    name="campaign", no_args_is_help=True, add_completion=False,
    help="Campaigns: series of games whose results carry over (rulesets that support them).",
)

DataDir = Annotated[str, typer.Option("--data-dir", help="Folder of the SQLite database.")]
DbUrl = Annotated[str | None, typer.Option(
    "--db", help="Database URL instead of SQLite, e.g. postgresql://user@host/db.")]
Prefix = Annotated[str, typer.Option("--table-prefix", help="Prefix of the table names.")]
Content = Annotated[list[str] | None, typer.Option(
    "--content", help="Extra content folder for the ruleset (repeatable).")]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(1)


@contextmanager
def _campaigns(db: str | None, data_dir: str, prefix: str,
               content: list[str] | None) -> Iterator[Any]:
    """The campaigns of the database; user errors become one line and exit code 1."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from hauntkit.server.campaigns import Campaigns
    from hauntkit.server.db import Store, database_url

    try:
        store = Store(database_url(db, data_dir), prefix)
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise _fail(f"cannot open the database {db or data_dir!r}: "
                    f"{str(exc).splitlines()[0]}") from None
    rulesets: dict[str, Any] = {}

    def ruleset(rid: str) -> Any:
        if rid not in rulesets:
            rulesets[rid] = load_ruleset(rid, content)
        return rulesets[rid]

    try:
        yield Campaigns(store, ruleset)
    except HauntkitError as exc:
        raise _fail(str(exc)) from None
    except KeyError as exc:  # an unknown bot name
        raise _fail(str(exc.args[0] if exc.args else exc)) from None
    except SQLAlchemyError as exc:
        raise _fail(f"database error: {str(exc).splitlines()[0]}") from None
    finally:
        store.close()


def _seats(spec: str | None, count: int) -> list[dict[str, Any]]:
    from hauntkit.bots import UnknownBotError, get_bot

    names = [s.strip() for s in spec.split(",")] if spec else ["default"] * count
    seats = []
    for i, name in enumerate(names):
        bot, _, label = name.partition(":")
        try:
            get_bot(bot)
        except UnknownBotError:
            raise _fail(f"--seats: unknown bot {bot!r} for seat {i}") from None
        seats.append({"name": label or f"Seat {i + 1}", "bot": bot})
    return seats


def _result_text(result: dict[str, Any] | None) -> str:
    if result is None:
        return "-"
    if "winner" in result:
        why = f" ({result['reason']})" if result.get("reason") else ""
        return f"winner {result['winner']}{why}"
    return json.dumps(result, sort_keys=True)


def _status_table(camp: Campaign, data: bool = True) -> Table:
    """The campaign's seats, games and config; ``data``: its carried data as JSON too."""
    table = Table(title=f"Campaign {camp['id']}", show_header=False)
    entry = current_game(camp)
    rows = [
        ("ruleset", camp["ruleset"]), ("title", camp["title"] or "-"),
        ("status", camp["status"]), ("seed", str(camp["seed"])),
        ("seats", ", ".join(f"{s['name']} ({s['bot']})" for s in camp["seats"])),
        ("games finished", str(sum(g["status"] == "finished" for g in camp["games"]))),
        ("game in progress", entry["game_id"] if entry else "-"),
        ("config", json.dumps(camp["config"], sort_keys=True)),
    ]
    if data:
        rows.append(("carried data", json.dumps(camp["data"], sort_keys=True)))
    for key, value in rows:
        table.add_row(key, value)
    return table


def _history_table(camp: Campaign, carried: bool = True) -> Table:
    """Each game in order; ``carried``: with the data it carried out (as JSON)."""
    table = Table(title=f"Campaign {camp['id']}: games")
    cols = ("#", "game", "seed", "status", "result") + (("carried out",) if carried else ())
    for col in cols:
        table.add_column(col)
    for g in camp["games"]:
        row = [str(g["index"] + 1), g["game_id"], str(g["seed"]), g["status"],
               _result_text(g["result"])]
        if carried:
            row.append(json.dumps(g["carry_out"], sort_keys=True) if g["carry_out"] else "-")
        table.add_row(*row)
    return table


def _summary_tables(rs: Any, camp: Campaign) -> list[Table]:
    """The ruleset's own reading of the carried data (``campaign_summary``, e.g. the legacy
    house's record; a generic listing when it has none), one table a section, as the campaign
    page shows it (``hauntkit.core.campaign_view.present``)."""
    tables = []
    for sec in present(rs, camp["data"])["sections"]:
        table = Table(title=sec.get("title", ""), show_header="columns" in sec)
        if "columns" in sec:
            for col in sec["columns"]:
                table.add_column(str(col))
            rows = sec.get("table", [])
        else:
            table.add_column("")
            table.add_column("")
            rows = [[r["label"], r["value"]] for r in sec.get("rows", [])]
        for row in rows:
            table.add_row(*("-" if v is None else str(v) for v in row))
        if "text" in sec:
            table.caption = sec["text"]
        tables.append(table)
    return tables


@campaign_app.command("new")
def new_cmd(
    ruleset: Annotated[str, typer.Option("--ruleset", help="Ruleset id, e.g. legacy or beast.")],
    seats: Annotated[str | None, typer.Option(
        help="Comma-separated bots, one a seat: a strength (easy, normal, hard) or a research "
             "bot (default, random, heuristic, ismcts), each optionally BOT:NAME "
             "(default: the default bot in as many seats as --players).")] = None,
    players: Annotated[int | None, typer.Option(help="Seat count when --seats is not given.")
                       ] = None,
    config: Annotated[list[str] | None, typer.Option(
        "--config", help="Campaign option KEY=VALUE (repeatable).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (default: random).")] = None,
    title: Annotated[str, typer.Option(help="A name for the campaign.")] = "",
    data_dir: DataDir = "data", db: DbUrl = None, table_prefix: Prefix = "",
    content: Content = None,
) -> None:
    """Start a campaign; prints its id."""
    from hauntkit.core.ruleset import plays_campaigns

    rs = load_ruleset(ruleset, content)
    if not plays_campaigns(rs):
        raise _fail(f"ruleset {ruleset!r} does not play campaigns")
    lo, hi = rs.min_seats, rs.max_seats
    seat_list = _seats(seats, players if players is not None else lo)
    if not lo <= len(seat_list) <= hi:
        raise _fail(f"{ruleset} takes {lo} to {hi} seats, not {len(seat_list)}")
    cfg = parse_config(config)
    cfg.setdefault("players", len(seat_list))
    with _campaigns(db, data_dir, table_prefix, content) as camps:
        camp = camps.create(ruleset, cfg, seat_list, seed, title)
    Console().print(_status_table(camp))
    typer.echo(camp["id"])


@campaign_app.command("play")
def play_cmd(
    campaign_id: Annotated[str, typer.Argument(help="The campaign's id.")],
    games: Annotated[int | None, typer.Option(
        min=1, help="Play at most this many games (default: to the campaign's end).")] = None,
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds to wait after each action.")] = 0.0,
    data_dir: DataDir = "data", db: DbUrl = None, table_prefix: Prefix = "",
    content: Content = None,
) -> None:
    """Play the campaign's next game(s) with the bots in its seats (a game left unfinished,
    e.g. by a crash, is resumed where it stopped)."""
    console = Console()
    with _campaigns(db, data_dir, table_prefix, content) as camps:
        camp = camps.open(campaign_id)
        if camp["status"] != "active":
            raise _fail(f"campaign {campaign_id} is over; see `hauntkit campaign history "
                        f"{campaign_id}`")
        played = 0
        while camp["status"] == "active" and (games is None or played < games):
            camp = camps.play_game(campaign_id, delay=bot_delay)
            last = camp["games"][-1]
            console.print(f"game {last['index'] + 1} ({last['game_id']}): "
                          f"{_result_text(last['result'])}")
            played += 1
        console.print(f"campaign {campaign_id}: {camp['status']}, "
                      f"{len(camp['games'])} game(s) played")


@campaign_app.command("status")
def status_cmd(
    campaign_id: Annotated[str, typer.Argument(help="The campaign's id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the campaign as JSON.")
                       ] = False,
    data_dir: DataDir = "data", db: DbUrl = None, table_prefix: Prefix = "",
    content: Content = None,
) -> None:
    """Where a campaign stands: its seats, games played and the data carried between games."""
    with _campaigns(db, data_dir, table_prefix, content) as camps:
        camp = camps.open(campaign_id)
        tables = [] if as_json else _summary_tables(camps.ruleset(camp["ruleset"]), camp)
    if as_json:
        from hauntkit.server.campaigns import document

        typer.echo(json.dumps(document(camp), sort_keys=True))
    else:
        console = Console()
        console.print(_status_table(camp, data=not tables))
        for table in tables:
            console.print(table)


@campaign_app.command("history")
def history_cmd(
    campaign_id: Annotated[str, typer.Argument(help="The campaign's id.")],
    data_dir: DataDir = "data", db: DbUrl = None, table_prefix: Prefix = "",
    content: Content = None,
) -> None:
    """Every game of a campaign, in order: its result and what it carried out."""
    with _campaigns(db, data_dir, table_prefix, content) as camps:
        camp = camps.open(campaign_id)
        tables = _summary_tables(camps.ruleset(camp["ruleset"]), camp)
    console = Console()
    console.print(_history_table(camp, carried=not tables))
    for table in tables:
        console.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(campaign_app)
