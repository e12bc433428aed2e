"""Fit the player classes (:mod:`equity.core.player.player_model`) on real play.

For each class of player (``club``: BBO online tournaments and the daylongs' human;
``expert``: top-level play and the USBF vugraph; ``robot``: the daylongs' GIB robots),
``mix``, ``beta``, ``care`` and the convention weights are chosen by maximum likelihood of the
cards played on the **fit** part of the records (:mod:`benchmarks.fidelity_data`;
never the score part), with a small ridge on the convention weights, and written to
``equity/core/player/player_model.json`` with what they were fitted on.

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

from benchmarks.fidelity_data import cached_rows, records, sample
from equity.core.game.cards import Card
from equity.core.player.player_model import FEATURES, PlayerClass, mixture

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
    p = mixture(chances, means, feats, cls)
    probs = [p[c] for c in reps]
    return probs[row["played"]], probs


def log_likelihood(rows: Sequence[dict[str, Any]], cls: PlayerClass) -> float:
    """Mean log-likelihood of the cards played (floor :data:`FLOOR`)."""
    return sum(math.log(max(FLOOR, played_probability(r, cls)[0])) for r in rows) / len(rows)


def _cls(name: str, x: Sequence[float]) -> PlayerClass:
    return PlayerClass(name, float(x[0]), float(x[1]), tuple(float(v) for v in x[3:]),
                       care=float(x[2]))


def fit(name: str, rows: Sequence[dict[str, Any]]) -> PlayerClass:
    """The maximum-likelihood class for ``rows`` (exact likelihood, no floor)."""

    def loss(x: Sequence[float]) -> float:
        cls = _cls(name, x)
        nll = -sum(math.log(max(1e-9, played_probability(r, cls)[0])) for r in rows)
        return nll / len(rows) + RIDGE * sum(v * v for v in x[3:]) / len(rows) * 10

    x0 = [0.3, 2.0, 0.0] + [0.0] * len(FEATURES)
    bounds = [(0.001, 0.999), (0.0, 20.0), (-5.0, 10.0)] + [(-8.0, 8.0)] * len(FEATURES)
    res = minimize(loss, x0, method="L-BFGS-B", bounds=bounds, options={"maxiter": 200})
    best = calibrated(_cls(name, res.x), rows)
    ll = log_likelihood(rows, best)
    about = (f"fitted on {len(rows)} decisions of the fit part "
             f"(benchmarks/fidelity_data.py, seed 29); mean log-likelihood {ll:.3f}")
    return PlayerClass(name, best.mix, best.beta, best.convention, about, best.care)


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


def main() -> int:
    rows = [r for r in cached_rows(sample(records())) if r["part"] == "fit"]
    out: dict[str, Any] = {"features": list(FEATURES), "classes": {}}
    for name, members in GROUPS.items():
        mine = [r for r in rows if r["class"] in members]
        cls = fit(name, mine)
        print(name, len(mine), round(cls.mix, 3), round(cls.beta, 3),
              [round(v, 2) for v in cls.convention], cls.about)
        out["classes"][name] = {
            "mix": round(cls.mix, 4), "beta": round(cls.beta, 4), "care": round(cls.care, 4),
            "convention": {f: round(v, 4) for f, v in zip(FEATURES, cls.convention,
                                                            strict=True)},
            "about": cls.about}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print("written", OUT.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
