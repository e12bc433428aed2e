"""Fit the player classes (:mod:`equity.core.player.player_model`) on real play.

For each class of player (``club``: BBO online tournaments and the daylongs' human;
``expert``: top-level play and the USBF vugraph; ``robot``: the daylongs' GIB robots),
``mix``, ``beta``, ``care`` and the convention weights are chosen by maximum likelihood of the
cards played on the **fit** part of the records (:mod:`benchmarks.fidelity_data`;
never the score part), with a small ridge on the convention weights, and written to
``equity/core/player/player_model.json`` with what they were fitted on.

Then, for the classes the outcome tree assumes for whole tables (``club`` and
``expert``), the shares of errors each side exploits (``exploited``: by declarer, by the
defenders) are chosen by maximum likelihood of the tables' final trick counts at the fit
part's checkpoints (the tree played out once with both shares at one half; any other
shares only reweight its error leaves, :func:`benchmarks.fidelity_data.reweighted`).
The robot class is not fitted at outcome level (no record is played by four robots):
its errors stay fully exploited.

Run: ``python -m benchmarks.fit_players`` (needs ../shared/data/external; the decisions
are valued once and cached, ``EQUITY_FIDELITY_CACHE``).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scipy.optimize import minimize

from benchmarks.fidelity_data import (
    OUTCOME_CLASS,
    Record,
    cached_outcomes,
    cached_rows,
    outcome_queries,
    records,
    reweighted,
    sample,
)
from equity.core.game.cards import Card
from equity.core.player.player_model import FEATURES, PlayerClass, informed, mixture

OUT = Path(__file__).resolve().parents[1] / "equity" / "core" / "player" / "player_model.json"
FLOOR = 0.01
"""The least probability a played card is scored with (the fidelity measure's floor)."""
RIDGE = 0.02
"""The ridge on the convention weights (per decision), against over-fitting."""


def played_probability(row: dict[str, Any], cls: PlayerClass) -> tuple[float, list[float]]:
    """The probability the class gives the run played, and every run's."""
    reps = [Card.parse(r["cards"][-1]) for r in row["runs"]]
    chances = {c: r["chance"] for c, r in zip(reps, row["runs"], strict=True)}
    means = {c: r["mean"] for c, r in zip(reps, row["runs"], strict=True)}
    feats = {c: r["features"] for c, r in zip(reps, row["runs"], strict=True)}
    real = {c: r["real"] for c, r in zip(reps, row["runs"], strict=True)}
    p = informed(mixture(chances, means, feats, cls), real, cls)
    probs = [p[c] for c in reps]
    return probs[row["played"]], probs


def log_likelihood(rows: Sequence[dict[str, Any]], cls: PlayerClass) -> float:
    """Mean log-likelihood of the cards played (floor :data:`FLOOR`)."""
    return sum(math.log(max(FLOOR, played_probability(r, cls)[0])) for r in rows) / len(rows)


def _cls(name: str, x: Sequence[float]) -> PlayerClass:
    return PlayerClass(name, float(x[0]), float(x[1]), tuple(float(v) for v in x[4:]),
                       care=float(x[2]), insight=float(x[3]))


def fit(name: str, rows: Sequence[dict[str, Any]]) -> PlayerClass:
    """The maximum-likelihood class for ``rows`` (exact likelihood, no floor)."""

    def loss(x: Sequence[float]) -> float:
        cls = _cls(name, x)
        nll = -sum(math.log(max(1e-9, played_probability(r, cls)[0])) for r in rows)
        return nll / len(rows) + RIDGE * sum(v * v for v in x[4:]) / len(rows) * 10

    x0 = [0.3, 2.0, 0.0, 0.0] + [0.0] * len(FEATURES)
    bounds = ([(0.001, 0.999), (0.0, 20.0), (-5.0, 10.0), (0.0, 10.0)]
              + [(-8.0, 8.0)] * len(FEATURES))
    res = minimize(loss, x0, method="L-BFGS-B", bounds=bounds, options={"maxiter": 200})
    best = calibrated(_cls(name, res.x), rows)
    ll = log_likelihood(rows, best)
    about = (f"fitted on {len(rows)} decisions of the fit part "
             f"(benchmarks/fidelity_data.py, seed 29); mean log-likelihood {ll:.3f}")
    return PlayerClass(name, best.mix, best.beta, best.convention, about, best.care,
                       best.insight)


def error_rates(rows: Sequence[dict[str, Any]], cls: PlayerClass) -> tuple[float, float]:
    """Predicted and observed rate of double-dummy errors on the contested decisions of
    ``rows`` (the legal cards differ in the real layout)."""
    predicted = observed = 0.0
    n = 0
    for r in rows:
        real = [x["real"] for x in r["runs"]]
        if len(set(real)) < 2:
            continue
        n += 1
        _, probs = played_probability(r, cls)
        predicted += sum(p for p, v in zip(probs, real, strict=True) if v < max(real))
        observed += real[r["played"]] < max(real)
    return predicted / max(n, 1), observed / max(n, 1)


def calibrated(cls: PlayerClass, rows: Sequence[dict[str, Any]]) -> PlayerClass:
    """``cls`` with ``care`` set so that the predicted rate of double-dummy errors on
    the fit part is the observed one (bisection; the likelihood alone over-predicts
    errors: it spreads the soft choice over cards a player could not tell apart)."""
    _, observed = error_rates(rows, cls)
    lo, hi = -5.0, 40.0
    for _ in range(30):
        mid = (lo + hi) / 2
        trial = dataclasses.replace(cls, care=mid)
        if error_rates(rows, trial)[0] > observed:
            lo = mid
        else:
            hi = mid
    return dataclasses.replace(cls, care=(lo + hi) / 2)


GROUPS = {"club": ("club",), "expert": ("expert",), "robot": ("robot",)}
SHARES = [k / 50 for k in range(51)]
"""The shares of errors exploited tried (a grid: two numbers a class)."""


def outcome_log_score(rows: Sequence[dict[str, Any]], base: PlayerClass,
                      cls: PlayerClass) -> float:
    """Mean log-probability of the tables' final tricks (floor :data:`FLOOR`)."""
    return sum(math.log(max(FLOOR, reweighted(r, base, cls)[r["truth"]]))
               for r in rows) / len(rows)


def fit_exploited(cls: PlayerClass, recs: list[Record]) -> PlayerClass:
    """``cls`` with the shares of errors exploited of maximum likelihood on the fit
    part's outcome queries of the sources whose tables it plays."""
    queries = [(r, k) for r, k in outcome_queries(recs, "fit")
               if OUTCOME_CLASS[r.source] == cls.name]
    base = dataclasses.replace(cls, exploited_by_declarer=0.5, exploited_by_defenders=0.5)
    rows = cached_outcomes(queries, lambda r: base, "fit")
    best = max(((a, b) for a in SHARES for b in SHARES),
               key=lambda ab: (outcome_log_score(rows, base, dataclasses.replace(
                   cls, exploited_by_declarer=ab[0], exploited_by_defenders=ab[1])), -ab[0]))
    fitted = dataclasses.replace(cls, exploited_by_declarer=best[0],
                                 exploited_by_defenders=best[1])
    score = outcome_log_score(rows, base, fitted)
    about = (f"{cls.about}; shares of errors exploited fitted on {len(rows)} checkpoints "
             f"of the fit part (mean log score {score:.3f})")
    return dataclasses.replace(fitted, about=about)


def main() -> int:
    recs = sample(records())
    rows = [r for r in cached_rows(recs) if r["part"] == "fit"]
    out: dict[str, Any] = {"features": list(FEATURES), "classes": {}}
    for name, members in GROUPS.items():
        mine = [r for r in rows if r["class"] in members]
        cls = fit(name, mine)
        if name in OUTCOME_CLASS.values():
            cls = fit_exploited(cls, recs)
        print(name, len(mine), round(cls.mix, 3), round(cls.beta, 3),
              [round(v, 2) for v in cls.convention], cls.exploited_by_declarer,
              cls.exploited_by_defenders, cls.about)
        out["classes"][name] = {
            "mix": round(cls.mix, 4), "beta": round(cls.beta, 4), "care": round(cls.care, 4),
            "insight": round(cls.insight, 4),
            "convention": {f: round(v, 4) for f, v in zip(FEATURES, cls.convention,
                                                            strict=True)},
            "exploited": {"by_declarer": cls.exploited_by_declarer,
                          "by_defenders": cls.exploited_by_defenders},
            "about": cls.about}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print("written", OUT.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
