"""Fit the player classes (:class:`equity.core.player.PlayerClass`) on real play.

For each class of player (``club``: BBO online tournaments and the daylongs' human;
``expert``: top-level play and the USBF vugraph; ``robot``: the daylongs' GIB robots),
``mix``, ``beta``, ``care`` and the convention weights are chosen by maximum likelihood of the
cards played on the **fit** part of the records (:mod:`benchmarks.records`;
never the score part), with a small ridge on the convention weights, and (``--write``)
stored with what they were fitted on in :data:`equity.core.player.PLAYER_MODEL_FILE`.

Then, for the classes the outcome tree assumes for whole tables (``club`` and
``expert``), the shares of errors each side exploits (``exploited``: by declarer, by the
defenders) are chosen by maximum likelihood of the tables' final trick counts at the fit
part's checkpoints (the tree played out once with both shares at one half; any other
shares only reweight its error leaves, :func:`benchmarks.records.reweighted`).
The robot class is not fitted at outcome level (no record is played by four robots):
its errors stay fully exploited.

Last, for the same classes, what the tree does not foresee
(:class:`equity.core.player.Unforeseen`): the departures of the class's tables from double
dummy after each number of tricks (0 to 12), counted on every fit-part record of its
sources, and their share in a table's prediction, by maximum likelihood of the tables'
final tricks at the fit part's checkpoints (each checkpoint scored with its own record
left out of the departures).

Run: ``python -m benchmarks.fitting.fit_players [--write]`` (needs ../shared/data/external;
the decisions are valued once and cached, ``EQUITY_FIDELITY_CACHE``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace
from scipy.optimize import minimize

from benchmarks.fitting.common import arguments, present_records, write
from benchmarks.records import (
    CACHE,
    FLOOR,
    MODEL,
    OUTCOME_CLASS,
    Record,
    cached_outcomes,
    cached_rows,
    outcome_queries,
    played_probability,
    reweighted,
    sample,
)
from equity.core.game import ModelError
from equity.core.player import PlayerClass, Unforeseen, blend, checkpoint
from equity.core.player.player_model import FEATURES, PLAYER_MODEL_FILE
from equity.dd import DdsSolver

RIDGE = 0.02
"""The ridge on the convention weights (per decision), against over-fitting."""


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
             f"(benchmarks/records.py, seed 29); mean log-likelihood {ll:.3f}")
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
        trial = replace(cls, care=mid)
        if error_rates(rows, trial)[0] > observed:
            lo = mid
        else:
            hi = mid
    return replace(cls, care=(lo + hi) / 2)


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
    base = replace(cls, exploited_by_declarer=0.5, exploited_by_defenders=0.5)
    rows = cached_outcomes(queries, lambda r: base, "fit")
    best = max(((a, b) for a in SHARES for b in SHARES),
               key=lambda ab: (outcome_log_score(rows, base, replace(
                   cls, exploited_by_declarer=ab[0], exploited_by_defenders=ab[1])), -ab[0]))
    fitted = replace(cls, exploited_by_declarer=best[0],
                     exploited_by_defenders=best[1])
    score = outcome_log_score(rows, base, fitted)
    about = (f"{cls.about}; shares of errors exploited fitted on {len(rows)} checkpoints "
             f"of the fit part (mean log score {score:.3f})")
    return replace(fitted, about=about)


SHARE_GRID = [k / 100 for k in range(81)]
"""The unforeseen shares tried."""
PRIOR = 10.0
"""Pseudo-records of the class's departures pooled over every trick, added to each
trick's own count (a trick few records reach is not left to a handful of tables)."""


def departures_of(recs: Sequence[Record]) -> dict[str, dict[int, int]]:
    """Each record's (final tricks - tricks won - double dummy) after 0 to 12 tricks,
    as far as its play goes (cached: ``departures-vMODEL.jsonl``)."""
    path = CACHE / f"departures-v{MODEL}.jsonl"
    done: dict[str, dict[int, int]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            obj = json.loads(line)
            done[obj["key"]] = {int(k): int(v) for k, v in obj["after"].items()}
    todo = [r for r in recs if r.key not in done]
    dd = DdsSolver()
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        for rec in todo:
            rp = rec.replay
            side = rp.declarer_side
            starts = {}
            for k in range(13):
                try:
                    starts[k] = checkpoint(rp, k)
                except ModelError:
                    break
            values = dd.solve_positions([st.position for st in starts.values()], side)
            mine = {k: rp.declarer_tricks - st.won[side] - v
                    for (k, st), v in zip(starts.items(), values, strict=True)}
            done[rec.key] = mine
            f.write(json.dumps({"key": rec.key, "after": mine}) + "\n")
    return {r.key: done[r.key] for r in recs}


def departure_table(deps: Sequence[dict[int, int]], leave: dict[int, int] | None = None
                    ) -> list[dict[int, float]]:
    """Per trick 0-12, the share of each departure (``leave``: one record's left out),
    each trick's counts smoothed by :data:`PRIOR` records of the class pooled."""
    counts: list[dict[int, float]] = [{} for _ in range(13)]
    pooled: dict[int, float] = {}
    for mine in deps:
        for k, d in mine.items():
            counts[k][d] = counts[k].get(d, 0.0) + 1
            pooled[d] = pooled.get(d, 0.0) + 1
    for k, d in (leave or {}).items():
        counts[k][d] -= 1
        pooled[d] -= 1
    n_pooled = sum(pooled.values()) or 1.0
    out = []
    for row in counts:
        n = sum(row.values())
        out.append({d: (row.get(d, 0.0) + PRIOR * pooled[d] / n_pooled) / (n + PRIOR)
                    for d in pooled if row.get(d, 0.0) + pooled[d] > 0})
    return out


def _unforeseen(table: list[dict[int, float]], share: float, about: str = "") -> Unforeseen:
    return Unforeseen(share, tuple(tuple(sorted(row.items())) for row in table), about)


def fit_unforeseen(cls: PlayerClass, every: list[Record]) -> PlayerClass:
    """``cls`` with the departures of its tables and their share (module docstring)."""
    mine = [r for r in every if r.part == "fit" and OUTCOME_CLASS[r.source] == cls.name]
    deps = departures_of(mine)
    queries = [(r, k) for r, k in outcome_queries(every, "fit")
               if OUTCOME_CLASS[r.source] == cls.name]
    base = replace(cls, exploited_by_declarer=0.5, exploited_by_defenders=0.5,
                   unforeseen=None)
    rows = cached_outcomes(queries, lambda r: base, "fit")
    scored = []
    for (rec, after), row in zip(queries, rows, strict=True):
        tree = dict(enumerate(reweighted(row, base, cls)))
        alone = _unforeseen(departure_table(list(deps.values()), deps[rec.key]), 1.0)
        won = rec.replay.won_before(rec.replay.declarer_side, after + 1)
        spread = blend(tree, alone, after, row["dd"], won, won + 13 - after)
        scored.append((tree, spread, row["truth"]))

    def log_score(w: float) -> float:
        return sum(math.log(max(FLOOR, (1 - w) * tree.get(t, 0.0) + w * spread.get(t, 0.0)))
                   for tree, spread, t in scored) / len(scored)

    share = max(SHARE_GRID, key=log_score)
    about = (f"departures from double dummy of {len(mine)} fit-part records; share fitted "
             f"on {len(scored)} checkpoints (mean log score {log_score(share):.3f}, "
             f"{log_score(0.0):.3f} without)")
    table = departure_table(list(deps.values()))
    return replace(cls, unforeseen=_unforeseen(table, share, about))


def unforeseen_json(u: Unforeseen) -> dict[str, Any]:
    """The class's ``unforeseen`` entry of :file:`player_model.json`."""
    return {"share": u.share,
            "departures": {str(k): {str(d): round(p, 5) for d, p in row if p > 0}
                           for k, row in enumerate(u.departures)},
            "about": u.about}


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    every = present_records()
    rows = [r for r in cached_rows(sample(every)) if r["part"] == "fit"]
    out: dict[str, Any] = {"features": list(FEATURES), "classes": {}}
    for name, members in GROUPS.items():
        mine = [r for r in rows if r["class"] in members]
        cls = fit(name, mine)
        if name in OUTCOME_CLASS.values():
            cls = fit_exploited(cls, every)
            cls = fit_unforeseen(cls, every)
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
        if cls.unforeseen is not None:
            out["classes"][name]["unforeseen"] = unforeseen_json(cls.unforeseen)
            print(name, "unforeseen", cls.unforeseen.share, cls.unforeseen.about)
    if args.write:
        write(PLAYER_MODEL_FILE, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
