"""The balance report as one HTML page with matplotlib plots embedded as PNG images."""

from __future__ import annotations

import base64
import html
import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
from matplotlib.figure import Figure  # noqa: E402

from hauntkit.sim import blunders  # noqa: E402
from hauntkit.sim.idle import wins_word  # noqa: E402


def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def _errors(entries: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    rates = [e["rate"] for e in entries]
    return rates, [[r - e["low"] for r, e in zip(rates, entries, strict=True)],
                   [e["high"] - r for r, e in zip(rates, entries, strict=True)]]


def plot_win_rates(report: dict[str, Any]) -> str:
    """The fair side's win rate per scenario with 95% error bars and the band shaded."""
    names = list(report["scenarios"])
    rates, err = _errors([report["scenarios"][n]["side_win"] for n in names])
    low, high = report["spec"]["band"]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(names) + 1.5))
    ax.axvspan(low, high, color="#d8f0d8", label=f"fairness band {low}-{high}")
    colours = ["#c0392b" if report["scenarios"][n]["outside_band"] else "#2c3e50"
               for n in names]
    ax.errorbar(rates, range(len(names)), xerr=err, fmt="none", ecolor="#7f8c8d", capsize=3)
    ax.scatter(rates, range(len(names)), c=colours, zorder=3)
    ax.set_yticks(range(len(names)), [report["scenarios"][n].get("name", n) for n in names])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"{report['spec']['side']} win rate (95% Wilson interval)")
    ax.legend(loc="lower right", fontsize="small")
    return _png(fig)


def plot_lengths(report: dict[str, Any], games: list[dict[str, Any]]) -> str:
    """A histogram of game length per scenario (small multiples, shared axes)."""
    names = list(report["scenarios"])
    cols = min(4, len(names))
    rows = -(-len(names) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3 * cols, 2.2 * rows + 0.4), sharex=True,
                             squeeze=False, layout="constrained")
    lengths = sorted(g["length"] for g in games) or [1]
    cap = max(10, lengths[int(0.98 * (len(lengths) - 1))])  # longer games go to the last bin
    bins = [cap * k / 30 for k in range(31)]
    for ax, name in zip(axes.flat, names, strict=False):
        ax.hist([min(g["length"], cap) for g in games if g["scenario"] == name], bins=bins,
                color="#34495e")
        ax.set_title(report["scenarios"][name].get("name", name), fontsize="small")
    for ax in list(axes.flat)[len(names):]:
        ax.set_visible(False)
    fig.supxlabel(f"game length (turns; the last bin holds games of {cap:g} turns or more)")
    return _png(fig)


def plot_by_players(report: dict[str, Any]) -> str:
    """The fair side's win rate by player count: overall with error bars, and per scenario."""
    counts = list(report["by_players"])
    fig, ax = plt.subplots(figsize=(7, 4))
    xs = list(range(len(counts)))
    for name, entry in report["scenarios"].items():
        ax.plot(xs, [entry["by_players"][c]["side_win"]["rate"] for c in counts],
                alpha=0.35, marker=".", label=entry.get("name", name))
    rates, err = _errors([report["by_players"][c]["side_win"] for c in counts])
    ax.errorbar(xs, rates, yerr=err, color="black", linewidth=2.5, capsize=4, label="all")
    low, high = report["spec"]["band"]
    ax.axhspan(low, high, color="#d8f0d8")
    ax.set_xticks(xs, [c if c != "None" else "default" for c in counts])
    ax.set_ylim(0, 1)
    ax.set_xlabel("players")
    ax.set_ylabel(f"{report['spec']['side']} win rate")
    ax.legend(fontsize="x-small", ncol=2, loc="upper left", bbox_to_anchor=(1.01, 1))
    return _png(fig)


def _pct(entry: dict[str, Any]) -> str:
    return f"{entry['rate']:.0%} ({entry['low']:.0%}&ndash;{entry['high']:.0%})"


def audit_html(report: dict[str, Any]) -> str:
    """The blunder audit: blunders per 100 games per haunt and kind, the worst examples (seed
    and turn, to replay them), and the idle-side probe when it ran."""
    esc = html.escape
    idle = report["spec"].get("idle_side")
    head = "".join(f"<th>{esc(blunders.LABELS[k])} per 100 games</th>" for k in blunders.KINDS)
    probe_head = f"<th>idle-side probe ({esc(idle)} idle)</th>" if idle else ""
    rows = []
    for name, e in {**report["scenarios"], "ALL": report["overall"]}.items():
        cells = "".join(f"<td>{v}</td>" for v in blunders.rates_text(e["blunders"]))
        probe = ""
        if idle:
            p = e["idle_probe"]
            verdict = (f"goals may be unreachable for {esc(p['active'])}" if p["unreachable"]
                       else "ok")
            probe = (f"<td>{esc(wins_word(p['active']))} {_pct(p['active_win'])} of "
                     f"{p['started']}: {verdict}</td>")
        rows.append(f"<tr><td>{esc(e.get('name', name))}</td><td>{e['games']}</td>{cells}"
                    f"{probe}</tr>")
    examples = []
    for kind in blunders.KINDS:
        found = report["blunder_examples"].get(kind, [])
        items = "".join(f"<li>{esc(blunders.example_place(x))}: {esc(x['text'])}</li>"
                        for x in found) or "<li>none</li>"
        examples.append(f"<h3>{esc(blunders.LABELS[kind]).capitalize()}</h3><ul>{items}</ul>")
    return (f"<h2>Blunder audit</h2><table><tr><th>haunt</th><th>games</th>{head}"
            f"{probe_head}</tr>{''.join(rows)}</table>"
            f"<p>Thresholds and meanings: docs/balance.md, \"The blunder audit\".</p>"
            f"<h2>Worst examples</h2>{''.join(examples)}")


def render_html(report: dict[str, Any], games: list[dict[str, Any]],
                wall_seconds: float | None = None) -> str:
    """The whole page: a summary table, the three plots, and the goals that decided games."""
    spec = report["spec"]
    esc = html.escape
    rows = []
    for name, e in report["scenarios"].items():
        flag = "&#9888; outside band" if e["outside_band"] else ""
        goals = "<br>".join(f"{esc(g)}: {k}" for g, k in e["goals"].items())
        rows.append(
            f"<tr class={'flag' if e['outside_band'] else 'ok'}><td>{esc(e.get('name', name))}</td>"
            f"<td>{e['games']}</td><td>{_pct(e['side_win'])}</td><td>{flag}</td>"
            f"<td>{e['length'].get('mean', '')}</td><td>{e['length'].get('median', '')}</td>"
            f"<td>{e['deaths'].get('mean', '')}</td><td class=goals>{goals}</td></tr>")
    timing = f" in {wall_seconds:.1f} s" if wall_seconds is not None else ""
    flagged = ", ".join(report["scenarios"][sc].get("name", sc) for sc in report["flagged"]) \
        or "none"
    images = {"Win rate per haunt": plot_win_rates(report),
              "Game length": plot_lengths(report, games),
              "Win rate by player count": plot_by_players(report)}
    figures = "".join(f"<h2>{t}</h2><img alt='{t}' src='data:image/png;base64,{png}'>"
                      for t, png in images.items())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hauntkit balance: {esc(spec['ruleset'])}</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:70em}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em;text-align:left}}
tr.flag{{background:#fbe3e1}}td.goals{{font-size:.85em}}img{{max-width:100%}}</style></head>
<body><h1>Balance: {esc(spec['ruleset'])}</h1>
<p>{report['overall']['games']} games{timing}: {spec['games']} per haunt and player count
(players: {', '.join(str(p) for p in spec['players'])}), bot <code>{esc(spec['bot'])}</code>,
seed {spec['seed']}. Fairness band for the {esc(spec['side'])}' win rate:
{spec['band'][0]}&ndash;{spec['band'][1]}; flagged: {esc(flagged)}.
</p>
<table><tr><th>haunt</th><th>games</th><th>{esc(spec['side'])} win (95%)</th><th>flag</th>
<th>mean length</th><th>median length</th><th>mean deaths</th><th>decided by</th></tr>
{''.join(rows)}</table>
{audit_html(report)}
{figures}
</body></html>
"""
