"""Bar charts as hand-written SVG, inline in the summary page.

Hand-written rather than matplotlib's: the page's charts are bars of counts, which take a
few dozen lines of SVG; matplotlib would add about a second of import to every
``equity summary --html``, write each chart as 30-100 KB of glyph paths with random ids,
and tie the page's look to another library's defaults. These charts are a few KB, use
the page's own font, and are the same bytes for the same output.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

WIDTH, HEIGHT = 520, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 28, 40


def _nice_top(value: float) -> float:
    """A round axis top at or above ``value`` whose four grid steps are 1, 2, 2.5 (from
    25 up) or 5 times a power of ten: whole numbers for counts."""
    if value <= 4 and float(value).is_integer():
        return 4.0
    quarter = value / 4
    power = 10 ** math.floor(math.log10(quarter))
    steps = (1, 2, 2.5, 5, 10) if power >= 10 else (1, 2, 5, 10)
    return float(4 * next(step * power for step in steps if step * power >= quarter))


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0").rstrip(".")


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float],
              y_label: str = "", x_label: str = "") -> str:
    """A vertical bar chart: one bar a label, its value above it, a light grid."""
    top = _nice_top(max(values, default=0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = max(1, len(labels))
    slot = plot_w / n
    bar = max(2.0, slot * 0.7)
    esc = html.escape
    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} '
             f'{HEIGHT}" role="img" aria-label="{esc(title)}">',
             f'<title>{esc(title)}</title>',
             f'<text x="{LEFT}" y="16" class="t">{esc(title)}</text>']
    for k in range(5):
        value = top * k / 4
        y = TOP + plot_h - plot_h * k / 4
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                     'class="g"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="a" text-anchor="end">'
                     f'{_number(value)}</text>')
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        h = plot_h * value / top
        x = LEFT + slot * i + (slot - bar) / 2
        y = TOP + plot_h - h
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                     f'class="b"><title>{esc(label)}: {_number(value)}</title></rect>')
        if value:
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 3:.1f}" class="v" '
                         f'text-anchor="middle">{_number(value)}</text>')
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{TOP + plot_h + 14}" class="a" '
                     f'text-anchor="middle">{esc(label)}</text>')
    if x_label:
        parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" class="a" '
                     f'text-anchor="middle">{esc(x_label)}</text>')
    if y_label:
        parts.append(f'<text x="12" y="{TOP + plot_h / 2:.1f}" class="a" text-anchor="middle" '
                     f'transform="rotate(-90 12 {TOP + plot_h / 2:.1f})">{esc(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram(values: Sequence[float], bins: int = 8) -> tuple[list[str], list[int]]:
    """``values`` in at most ``bins`` equal ranges: their labels and counts (one bar per
    value when there are few distinct values)."""
    if not values:
        return [], []
    distinct = sorted(set(values))
    if len(distinct) <= bins:
        return [_number(v) for v in distinct], [values.count(v) for v in distinct]
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values):
        return _integer_bins(int(low), int(high), values, bins)
    width = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / width))] += 1
    labels = [f"{_number(round(low + width * k, 2))}+" for k in range(bins)]
    return labels, counts


def _integer_bins(low: int, high: int, values: Sequence[float], bins: int
                  ) -> tuple[list[str], list[int]]:
    """Whole numbers (counts, points) in at most ``bins`` ranges of whole numbers, each
    labelled by its first and last value ("0-9"), so that no bar splits a count."""
    width = max(1, math.ceil((high - low + 1) / bins))
    n = math.ceil((high - low + 1) / width)
    counts = [0] * n
    for v in values:
        counts[(int(v) - low) // width] += 1
    labels = [f"{low + k * width}" if width == 1 else
              f"{low + k * width}-{low + (k + 1) * width - 1}" for k in range(n)]
    return labels, counts
