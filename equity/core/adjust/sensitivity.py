"""How far the weights may move before a revoke's Law 64C decision changes: one sentence
a Director can check (``ruling.sensitivity``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from equity.core.adjust.line import LIKELY, TABLE
from equity.core.adjust.weights import (
    EPSILON,
    Assessment,
    Policy,
    Thresholds,
    Weights,
    director_weights,
)


def sensitivity(a: Assessment, policy: Policy, gain_with: Callable[[Sequence[float]], float],
                 thresholds: Thresholds, sign: int, several: bool) -> str:
    """One sentence: the weight of the table line at which this revoke's decision
    (adjust, or keep the Law 64A result) would change, the other lines keeping their
    proportions; for ``dd`` and ``favourable``, what moves their result instead."""
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
        return gain_with([t * tables[i] if i in tables else (1 - t) * d
                          for i, d in enumerate(direction)])

    adjust = gain(now) > EPSILON
    verdict = "the adjustment" if adjust else "the Law 64A result"
    flips = [t for t in (0.0, 1.0) if (gain(t) > EPSILON) != adjust]
    if not flips:
        return (f"{head}{verdict} stands whatever weight the table line gets (it has "
                f"{now:.0%}; the other lines keep their proportions).")
    lo, hi = sorted((now, flips[0]))
    for _ in range(40):  # the flip point, to well under a percent
        mid = (lo + hi) / 2
        if ((gain(mid) > EPSILON) != adjust) == (flips[0] > now):
            hi = mid
        else:
            lo = mid
    edge = (lo + hi) / 2
    show = f"{edge:.0%}" if 0.005 < edge < 0.995 else f"{edge:.1%}"
    other = "the Law 64A result would stand" if adjust else "the score would be adjusted"
    if show in (f"{now:.0%}", f"{now:.1%}"):  # the flip is at the present weight
        return (f"{head}{verdict} is on the edge: it holds at the table line's present "
                f"weight ({now:.0%}), and with any weight {'above' if flips[0] > now else 'below'}"
                f" it, the other lines keeping their proportions, {other}.")
    side = "or more" if flips[0] > now else "or less"
    return (f"{head}{verdict} holds while the table line weighs "
            f"{'less' if flips[0] > now else 'more'} than {show} (it has {now:.0%}); at "
            f"{show} {side}, the other lines keeping their proportions, {other}.")


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
