"""``equity summary --html``: the summary as one self-contained page.

No script, no web font, no image or style sheet to fetch: the style is inline and the
charts are inline SVG (:mod:`equity.render.svg_charts`), so the page opens offline and
makes no request. All text from the output file (sources, keys, messages) is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from equity.render.summary_view import STAT_NAMES, Section, sections
from equity.render.svg_charts import bar_chart, histogram
from equity.render.tally import ROLES, STATS, BoardOutcome, Tally

LISTED = 200
"""At most this many adjusted boards and errors are listed one by one."""

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;
color:#1b1f24;background:#fff}
main{max-width:1120px;margin:0 auto;padding:20px}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.15em;margin:1.2em 0 .4em}
p.sub{color:#57606a;margin:.2em 0 1em}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px 28px;
align-items:start}
table{border-collapse:collapse;width:100%;font-size:.93em}
th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #e4e7eb;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:4px 0}
p.note{color:#57606a;font-style:italic;margin:.3em 0}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
svg.chart{width:100%;height:auto;background:#fafbfc;border:1px solid #e4e7eb}
svg .b{fill:#3b6ea8}svg .g{stroke:#e4e7eb}svg .t{font-weight:600;font-size:13px}
svg .a,svg .v{font-size:11px;fill:#444}
code{font-size:.9em;word-break:break-all}
"""


def _table(s: Section) -> str:
    rows = "".join(f"<tr><td>{html.escape(label)}</td><td class=\"n\">{html.escape(value)}"
                   "</td></tr>" for label, value in s.rows)
    note = f'<p class="note">{html.escape(s.note)}</p>' if s.note else ""
    return (f"<section><table><caption>{html.escape(s.title)}</caption>{rows}</table>{note}"
            "</section>")


def _charts(t: Tally) -> list[str]:
    charts = [
        bar_chart("Revokes by trick", [str(k) for k in range(1, 14)],
                  [t.by_trick[k] for k in range(1, 14)], "revokes", "trick"),
        bar_chart("Revokes by role", list(ROLES), [t.by_role[r] for r in ROLES], "revokes"),
        bar_chart("Ruling: 64A transfer or 64C adjustment",
                  ["64A stands", "64C adjusted", "neither"],
                  [t.basis["64A"], t.basis["64C"], t.basis["none"]], "boards"),
    ]
    for currency, unit in (("points", "points"), ("tricks", "tricks"), ("mp", "matchpoints"),
                           ("imps", "IMPs")):
        values = t.gains(currency)
        if values or currency == "points":
            labels, counts = histogram(values)
            charts.append(bar_chart(f"Law 64C: non-offenders' gain in {unit}", labels,
                                    counts, "boards", unit))
    for name in ("seconds", "dds_seconds", "positions"):
        values = t.stat(name)
        if values:
            labels, counts = histogram(values)
            charts.append(bar_chart(f"DDS work per ruling: {STAT_NAMES[name]}", labels,
                                    counts, "rulings", STAT_NAMES[name]))
    return charts


DISAGREE = "better scored, fewer tricks: the scoring counts (Law 64C)"
"""The note of an adjusted board whose gain in the event's scoring and in tricks differ in
sign (a weighted score whose parts score unevenly)."""


def _scored(b: BoardOutcome) -> str:
    scored = b.gain_scored
    return "" if scored is None else f"{_fmt(scored[1])} {scored[0]}"


def _adjusted(boards: Sequence[BoardOutcome]) -> str:
    if not boards:
        return ""
    head = ("<tr><th>board</th><th>contract</th><th>after transfer</th><th>ruling</th>"
            "<th>gain (event's scoring)</th><th>gain (tricks)</th><th></th></tr>")
    rows = "".join(
        f"<tr><td><code>{html.escape(str(b.key or f'{b.source} {b.board}'))}</code></td>"
        f"<td>{html.escape(f'{b.contract} by {b.declarer}')}</td>"
        f"<td class=\"n\">{b.after_transfer_tricks} tricks</td>"
        f"<td>{html.escape(b.scorer or '')}</td>"
        f"<td class=\"n\">{_scored(b)}</td><td class=\"n\">{_fmt(b.gain_tricks)}</td>"
        f"<td>{DISAGREE if b.scoring_disagrees else ''}</td>"
        "</tr>" for b in boards[:LISTED])
    more = (f'<p class="note">and {len(boards) - LISTED} more</p>'
            if len(boards) > LISTED else "")
    return (f"<h2>Boards adjusted under Law 64C</h2><table>{head}{rows}</table>{more}")


def _errors(boards: Sequence[BoardOutcome]) -> str:
    if not boards:
        return ""
    rows = "".join(
        f"<tr><td><code>{html.escape(str(b.key or b.source or ''))}</code></td>"
        f"<td>{html.escape(b.error_kind or '')}</td><td>{html.escape(b.error or '')}</td></tr>"
        for b in boards[:LISTED])
    return ("<h2>Errors</h2><table><tr><th>board</th><th>kind</th><th>message</th></tr>"
            f"{rows}</table>")


def _fmt(v: float | None) -> str:
    if v is None:
        return ""
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}"


def summary_html(t: Tally, title: str) -> str:
    secs = sections(t)
    has_stats = any(t.stat(s) for s in STATS)
    body = "".join([
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="sub">{t.lines} boards: {t.ruled} ruled, {t.revokes} revokes, '
        f"{len(t.adjusted)} adjusted under Law 64C, {t.errors} in error.</p>",
        '<div class="grid">', "".join(_table(s) for s in secs), "</div>",
        "<h2>Plots</h2>", '<div class="charts">', "".join(_charts(t)), "</div>",
        "" if has_stats else '<p class="note">DDS work per ruling: the rulings of this '
        "output record no stats.</p>",
        _adjusted(t.adjusted), _errors(t.in_error)])
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'; img-src data:\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body><main>{body}</main></body></html>\n")
