"""Does the player model predict real play? Card and outcome level, held-out records.

The method of the fidelity report, on a fixed, seeded sample of the real records
(:mod:`benchmarks.fidelity_data`), scored **only on the score part** (deals never fitted
on by ``benchmarks/fit_players.py``):

* **Card level** — each sampled decision's runs of equal cards with the probability the
  model gives them; measures: the most likely run is the one played (top-1), the mean
  log-likelihood of the card played (floor 0.01), calibration by chance bins, and the
  predicted against the observed rate of double-dummy errors on contested decisions
  (the legal cards differ double dummy). ``before`` is the decision model alone
  (:data:`~equity.core.player.player_model.EXACT`), ``after`` the player model of the
  record's class.
* **Outcome level** — at the start of tricks 3, 5 and 9 of a record
  (:func:`~equity.core.player.likely.checkpoint`, as ``equity likely --after-trick``
  2, 4, 8), the outcome tree's distribution of declarer's final tricks against what the
  table made; baselines: double dummy from the same position (``DD``) and double dummy
  plus the leave-one-out spread of (table - DD) at the same checkpoint (``DD+res``).
  Measures: mean absolute error of the mean, share exactly right (most likely total),
  Brier over the 14 totals, log score (floor 0.01).

Run: ``python -m benchmarks.fidelity`` (prints the tables of ``RESULTS.md``), or
``python -m pytest benchmarks/fidelity.py -s`` (skips without the real records).
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from benchmarks.corpus import EXTERNAL
from benchmarks.fidelity_data import (
    CHECKPOINTS,
    OUTCOME_CLASS,
    OUTCOME_RECORDS,
    cached_outcomes,
    cached_rows,
    outcome_queries,
    records,
    sample,
)
from benchmarks.fit_players import FLOOR, played_probability
from equity.core.player.player_model import EXACT, PlayerClass, player_class

BINS = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0001)


def _model_of(row: dict[str, Any], after: bool) -> PlayerClass:
    return player_class(row["class"]) if after else EXACT


def card_level(rows: Sequence[dict[str, Any]], after: bool) -> dict[str, Any]:
    """The card-level measures of ``rows`` (module docstring)."""
    top1 = 0
    ll = 0.0
    bins: list[list[float]] = [[0, 0, 0.0] for _ in BINS[:-1]]
    predicted = observed = contested = 0.0
    for r in rows:
        cls = _model_of(r, after)
        if after:
            p_played, probs = played_probability(r, cls)
        else:
            probs = [x["chance"] for x in r["runs"]]
            p_played = probs[r["played"]]
        best = max(range(len(probs)), key=lambda i: probs[i])
        top1 += best == r["played"]
        ll += math.log(max(FLOOR, p_played))
        for i, p in enumerate(probs):
            b = next(k for k in range(len(BINS) - 1) if p < BINS[k + 1])
            bins[b][0] += 1
            bins[b][1] += i == r["played"]
            bins[b][2] += p
        real = [x["real"] for x in r["runs"]]
        if len(set(real)) > 1:
            contested += 1
            predicted += sum(p for p, v in zip(probs, real, strict=True) if v < max(real))
            observed += real[r["played"]] < max(real)
    n = len(rows)
    return {"n": n, "top1": top1 / n, "ll": ll / n, "contested": int(contested),
            "predicted_error": predicted / contested if contested else 0.0,
            "observed_error": observed / contested if contested else 0.0,
            "bins": [(f"{BINS[k]:.0%}-{min(BINS[k + 1], 1):.0%}", int(c), s / c if c else 0.0,
                      m / c if c else 0.0) for k, (c, s, m) in enumerate(bins)]}


def _scores(dist: Sequence[float], truth: int) -> tuple[float, float, float, bool]:
    mean = sum(k * p for k, p in enumerate(dist))
    brier = sum((p - (k == truth)) ** 2 for k, p in enumerate(dist))
    log = math.log(max(FLOOR, dist[truth]))
    mode = max(range(14), key=lambda k: (dist[k], -abs(k - mean)))
    return abs(mean - truth), brier, log, mode == truth


def outcome_level(rows: Sequence[dict[str, Any]], pool: Sequence[dict[str, Any]]
                  ) -> dict[str, tuple[float, float, float, float]]:
    """Mean absolute error of the mean, share exactly right, Brier, log score: the tree,
    DD, DD + the leave-one-out residuals of ``pool`` at the same checkpoint."""
    found: dict[str, list[tuple[float, float, float, bool]]] = {"tree": [], "dd": [],
                                                                  "dd+res": []}
    for r in rows:
        found["tree"].append(_scores(r["dist"], r["truth"]))
        point = [0.0] * 14
        point[r["dd"]] = 1.0
        found["dd"].append(_scores(point, r["truth"]))
        res = [q["truth"] - q["dd"] for q in pool
               if q["after"] == r["after"] and q["key"] != r["key"]]
        spread = [0.0] * 14
        for d in res:
            spread[min(13, max(0, r["dd"] + d))] += 1 / len(res)
        found["dd+res"].append(_scores(spread, r["truth"]))
    return {k: (statistics.fmean(x[0] for x in v), statistics.fmean(x[3] for x in v),
                statistics.fmean(x[1] for x in v), statistics.fmean(x[2] for x in v))
            for k, v in found.items()}


def _card_table(rows: list[dict[str, Any]]) -> list[str]:
    out = ["| part | n | top-1 before / after | log-lik before / after | "
           "predicted error before / after | observed error (contested) |",
           "|---|---|---|---|---|---|"]
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for key in ("class", "source", "role"):
        for r in rows:
            groups.setdefault(f"{key} {r[key]}", []).append(r)
    for name, rs in groups.items():
        b, a = card_level(rs, False), card_level(rs, True)
        out.append(f"| {name} | {b['n']} ({b['contested']}) | {b['top1']:.1%} / {a['top1']:.1%} "
                   f"| {b['ll']:.3f} / {a['ll']:.3f} | {b['predicted_error']:.1%} / "
                   f"{a['predicted_error']:.1%} | {a['observed_error']:.1%} |")
    return out


def _calibration(rows: list[dict[str, Any]]) -> list[str]:
    out = ["| chance bin | cards before | predicted / played before | cards after | "
           "predicted / played after |", "|---|---|---|---|---|"]
    b, a = card_level(rows, False), card_level(rows, True)
    for (name, n0, s0, m0), (_, n1, s1, m1) in zip(b["bins"], a["bins"], strict=True):
        out.append(f"| {name} | {n0} | {m0:.1%} / {s0:.1%} | {n1} | {m1:.1%} / {s1:.1%} |")
    return out


def _outcome_table(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    out = ["| part | queries | tree before: MAE / exact / Brier / log | tree after | DD | "
           "DD + residuals |", "|---|---|---|---|---|---|"]
    human = ("bbo-online", "bbo-daylong")
    parts: dict[str, Callable[[dict[str, Any]], bool]] = {
        "all": lambda r: True, "human (online, daylong)": lambda r: r["source"] in human}
    for s in OUTCOME_RECORDS:
        parts[s] = lambda r, s=s: r["source"] == s  # type: ignore[misc]
    for k in CHECKPOINTS:
        parts[f"after trick {k}"] = lambda r, k=k: r["after"] == k  # type: ignore[misc]
    for name, keep in parts.items():
        rb = [r for r in before if keep(r)]
        ra = [r for r in after if keep(r)]
        if not rb:
            continue
        sb, sa = outcome_level(rb, before), outcome_level(ra, after)

        def cell(x: tuple[float, float, float, float]) -> str:
            return f"{x[0]:.3f} / {x[1]:.1%} / {x[2]:.3f} / {x[3]:.2f}"

        out.append(f"| {name} | {len(rb)} | {cell(sb['tree'])} | {cell(sa['tree'])} | "
                   f"{cell(sa['dd'])} | {cell(sa['dd+res'])} |")
    return out


def report() -> list[str]:
    """The tables of ``RESULTS.md`` (computing what the cache lacks)."""
    recs = sample(records())
    rows = [r for r in cached_rows(recs) if r["part"] == "score"]
    lines = ["### Card level (score part: decisions never fitted on)", "",
             *_card_table(rows), "", "Calibration, every run of equal cards of every "
             "decision (score part):", "", *_calibration(rows), ""]
    queries = outcome_queries(recs)
    before = cached_outcomes(queries, lambda r: EXACT, "before")
    after = cached_outcomes(queries, lambda r: player_class(OUTCOME_CLASS[r.source]),
                            "after")
    lines += ["### Outcome level (score part)", "", *_outcome_table(before, after), ""]
    for name, rs in (("before", before), ("after", after)):
        pos = sorted(r["positions"] for r in rs)
        sec = sorted(r["seconds"] for r in rs)
        lines.append(f"- cost {name}: median {pos[len(pos) // 2]} DDS positions per "
                     f"query (mean {statistics.fmean(pos):.0f}), median "
                     f"{sec[len(sec) // 2]:.2f} s")
    return lines


@pytest.mark.skipif(not EXTERNAL.is_dir(), reason=f"no real records at {EXTERNAL}")
def test_fidelity_report() -> None:
    """The held-out figures (printed with ``-s``): the player model scored on deals it
    was never fitted on."""
    lines = report()
    print("\n".join(lines))
    assert any(line.startswith("| all |") for line in lines)


if __name__ == "__main__":
    print("\n".join(report()))
    sys.exit(0)
