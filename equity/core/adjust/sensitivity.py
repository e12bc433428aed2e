"""How far the weights may move before a revoke's Law 64C decision changes: one sentence
a Director can check (``ruling.sensitivity``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from equity.core.adjust.line import LIKELY, TABLE
from equity.core.adjust.weights import (
    EPSILON,
    GRID,
    Assessment,
    Policy,
    Thresholds,
    Weights,
    announced,
    director_weights,
    only_probable,
)


def sensitivity(a: Assessment, policy: Policy, gain_with: Callable[[Sequence[float]], float],
                 thresholds: Thresholds, sign: int, several: bool) -> str:
    """One sentence: the weight of the table line, on the 5 % grid, at which this
    revoke's decision (adjust, or keep the Law 64A result) would change, the other lines
    keeping their proportions and the score announced as the Director announces it
    (issue 47: results under the announced share dropped, the rest on the grid); for
    ``dd`` and ``favourable``, what moves their result instead. The search looks first
    below the present weight, then above."""
    cf = a.counterfactual
    head = f"Revoke {cf.revoke + 1}: " if several else ""
    lines = cf.lines
    if policy is Policy.DD:
        return (f"{head}policy dd: one line decides (the offender's best legal card, "
                "double dummy); no weight enters.")
    if policy is Policy.FAVOURABLE:
        return head + _favourablesensitivity(a, sign, thresholds)
    tables = {i: ln.frequency for i, ln in enumerate(lines) if ln.kind == TABLE}
    if not tables and cf.finding is not None:
        return (f"{head}Law 16C2: the adjusted play is weighed against the table's result "
                "as played; no weight of the table's play enters.")
    if not tables:
        return f"{head}no table line: the decision rests on the Director's lines alone."
    now = sum(a.weights[i] for i in tables)
    others = [0.0 if i in tables else w for i, w in enumerate(a.weights)]
    if sum(others) <= EPSILON:
        others = [0.0 if i in tables else (ln.frequency if ln.kind == LIKELY else 0.0)
                  for i, ln in enumerate(lines)]
    if sum(others) <= EPSILON:
        others = [0.0 if i in tables else 1.0 for i in range(len(lines))]
    total = sum(others)
    if total <= EPSILON:
        return (f"{head}the table line is the only line: no weight can move this "
                "decision (add a line or an outcome to test it).")
    direction = [w / total for w in others]

    def gain(t: float) -> float:
        """The gain with the table line at ``t``, the score announced as the Director
        announces it: results under the announced share dropped, on the 5 % grid."""
        mix = [t * tables[i] if i in tables else (1 - t) * d
               for i, d in enumerate(direction)]
        kept = only_probable(lines, mix, [None] * len(lines), thresholds.announce)
        return gain_with(announced(lines, kept, sign))

    adjust = gain(now) > EPSILON
    verdict = "the adjustment" if adjust else "the Law 64A result"
    steps = round(1 / GRID)
    here = round(now * steps)
    up = [k / steps for k in range(here + 1, steps + 1)]
    down = [k / steps for k in range(here - 1, -1, -1)]
    flip = next(((t, ts is up) for ts in (down, up) for t in ts
                 if (gain(t) > EPSILON) != adjust), None)
    if flip is None:
        return (f"{head}{verdict} stands whatever weight the table line gets (it has "
                f"{now:.0%}; the other lines keep their proportions, the score announced "
                "on the 5% grid).")
    edge, rising = flip
    other = "the Law 64A result would stand" if adjust else "the score would be adjusted"
    side = "or more" if rising else "or less"
    return (f"{head}{verdict} holds while the table line weighs "
            f"{'less' if rising else 'more'} than {edge:.0%} (it has {now:.0%}); at "
            f"{edge:.0%} {side}, the other lines keeping their proportions and the score "
            f"announced on the 5% grid, {other}.")


def _favourablesensitivity(a: Assessment, sign: int, thresholds: Thresholds) -> str:
    """The ``likely`` thresholds between which the non-offenders' result stays."""
    merged: dict[int, float] = {}
    weights = director_weights(a.counterfactual.lines, Weights(), a.counterfactual.revoke + 1)
    for ln, w in zip(a.counterfactual.lines, weights, strict=True):
        merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    cumulative = 0.0
    for tricks in sorted(merged, key=lambda t: -sign * t):
        before = cumulative
        cumulative += merged[tricks]
        if cumulative >= thresholds.likely - EPSILON:
            return (f"policy favourable: the non-offenders' result, {tricks} tricks, holds "
                    f"for a 'likely' threshold above {before:.0%} and up to "
                    f"{cumulative:.0%} (it is {thresholds.likely:.0%}).")
    return "policy favourable: one result only."
