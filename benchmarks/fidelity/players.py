"""Does the player model predict real play? Card and outcome level, held-out records.

The method of the fidelity report, on a fixed, seeded sample of the real records
(:mod:`benchmarks.records`), scored **only on the score part** (deals never fitted
on by ``benchmarks/fitting/fit_players.py``):

* **Card level** — each sampled decision's runs of equal cards with the probability the
  model gives them; measures: the most likely run is the one played (top-1), the mean
  log-likelihood of the card played (floor 0.01), calibration by chance bins, and the
  predicted against the observed rate of double-dummy errors on contested decisions
  (the legal cards differ double dummy). ``before`` is the decision model alone
  (:data:`~equity.core.player.player_model.EXACT`), ``after`` the player model of the
  record's class.
* **Outcome level** — at the start of tricks 3, 5 and 9 of a record
  (:func:`~equity.core.player.start.checkpoint`, as ``equity likely --after-trick``
  2, 4, 8), the outcome tree's distribution of declarer's final tricks against what the
  table made; baselines: double dummy from the same position (``DD``) and double dummy
  plus the leave-one-out spread of (table - DD) at the same checkpoint (``DD+res``).
  Measures: mean absolute error of the mean, share exactly right (most likely total),
  Brier over the 14 totals, log score (floor 0.01). Three models: the decision model
  alone, the player model's tree, and the tree with what it does not foresee (the
  class's departures from double dummy at their fitted share,
  :mod:`equity.core.player.unforeseen`): what ``equity likely`` reports.
* **Paired differences** against the baselines on the same checkpoints, with a 95 %
  interval from a bootstrap over records (a record's checkpoints are drawn together:
  they share a deal and a table), and the error of the mean **the tree expects of
  itself**: were the table's result drawn from the tree's own distribution, the mean
  absolute error of its mean and of double dummy. A mean off the integer costs on every
  checkpoint where the table makes double dummy, so a tree that gives a miss less than
  an even chance expects its mean to do worse than double dummy's even if it is right.

Run: ``python -m benchmarks.fidelity.players`` (prints the tables of ``RESULTS.md``), or
``python -m pytest benchmarks/fidelity/players.py -s`` (skips without the real records).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from msgspec.structs import replace

from benchmarks.corpus import EXTERNAL
from benchmarks.records import (
    CHECKPOINTS,
    FLOOR,
    OUTCOME_CLASS,
    OUTCOME_RECORDS,
    Record,
    cached_outcomes,
    cached_rows,
    outcome_queries,
    played_probability,
    records,
    sample,
)
from equity.core.player import EXACT, PlayerClass, blend, player_class

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


def scores(dist: Sequence[float], truth: int) -> tuple[float, float, float, bool]:
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
        found["tree"].append(scores(r["dist"], r["truth"]))
        point = [0.0] * 14
        point[r["dd"]] = 1.0
        found["dd"].append(scores(point, r["truth"]))
        res = [q["truth"] - q["dd"] for q in pool
               if q["after"] == r["after"] and q["key"] != r["key"]]
        spread = [0.0] * 14
        for d in res:
            spread[min(13, max(0, r["dd"] + d))] += 1 / len(res)
        found["dd+res"].append(scores(spread, r["truth"]))
    return {k: (statistics.fmean(x[0] for x in v), statistics.fmean(x[3] for x in v),
                statistics.fmean(x[1] for x in v), statistics.fmean(x[2] for x in v))
            for k, v in found.items()}


SEES_ALL = 50.0
"""An ``insight`` at which the card right in the real layout takes all the mass: a player
who sees all four hands (the most any reading of the table could tell him)."""


def top1_seeing(rows: Sequence[dict[str, Any]], insight: float | None
                ) -> tuple[float, float]:
    """Top-1 over ``rows`` and over their contested decisions with the class's
    ``insight`` replaced (``None``: as fitted; 0: the error model alone, reading nothing
    the model does not; :data:`SEES_ALL`: the bound for any reading of the hands)."""
    hits = contested_hits = contested = 0
    for r in rows:
        cls = player_class(r["class"])
        if insight is not None:
            cls = replace(cls, insight=insight)
        _, probs = played_probability(r, cls)
        hit = max(range(len(probs)), key=lambda i: probs[i]) == r["played"]
        hits += hit
        if len({x["real"] for x in r["runs"]}) > 1:
            contested += 1
            contested_hits += hit
    return hits / max(len(rows), 1), contested_hits / max(contested, 1)


def expected_errors(dist: Sequence[float], dd: int) -> tuple[float, float]:
    """The error of ``dist``'s mean and of ``dd`` were the truth drawn from ``dist``."""
    mean = sum(k * p for k, p in enumerate(dist))
    return (sum(p * abs(mean - k) for k, p in enumerate(dist)),
            sum(p * abs(dd - k) for k, p in enumerate(dist)))


BOOTSTRAP = 2000
"""Resamples of the records for the paired intervals (seeded: the same every run)."""


def paired(rows: Sequence[dict[str, Any]], pool: Sequence[dict[str, Any]],
           records_of: Sequence[str]) -> dict[str, tuple[float, float, float]]:
    """Tree minus baseline, per checkpoint, averaged: Brier against DD + residuals, error
    of the mean against DD, exact against DD; each with a 95 % interval from a bootstrap
    over records (``records_of[i]`` names the record of ``rows[i]``)."""
    diffs: dict[str, list[float]] = {"brier vs DD+res": [], "MAE vs DD": [],
                                      "exact vs DD": [], "MAE expected vs DD": []}
    for r in rows:
        tree = scores(r["dist"], r["truth"])
        dd = [0.0] * 14
        dd[r["dd"]] = 1.0
        point = scores(dd, r["truth"])
        res = [q["truth"] - q["dd"] for q in pool
               if q["after"] == r["after"] and q["key"] != r["key"]]
        spread = [0.0] * 14
        for d in res:
            spread[min(13, max(0, r["dd"] + d))] += 1 / len(res)
        diffs["brier vs DD+res"].append(tree[1] - scores(spread, r["truth"])[1])
        diffs["MAE vs DD"].append(tree[0] - point[0])
        diffs["exact vs DD"].append(float(tree[3]) - float(point[3]))
        mine, dds = expected_errors(r["dist"], r["dd"])
        diffs["MAE expected vs DD"].append(mine - dds)
    clusters = by_record(records_of)
    rng = random.Random(29)
    return {name: interval(d, clusters, rng) for name, d in diffs.items()}


def by_record(records_of: Sequence[str]) -> list[list[int]]:
    """The indices of the values of each record (``records_of[i]`` names the record of
    value ``i``): the clusters a bootstrap draws together."""
    groups: dict[str, list[int]] = {}
    for i, name in enumerate(records_of):
        groups.setdefault(name, []).append(i)
    return list(groups.values())


def interval(d: Sequence[float], clusters: Sequence[Sequence[int]], rng: random.Random
             ) -> tuple[float, float, float]:
    """The mean of ``d`` and its 95 % interval from :data:`BOOTSTRAP` resamples of
    ``clusters`` (:func:`by_record`: a record's values are drawn together)."""
    means = []
    for _ in range(BOOTSTRAP):
        idx = [i for c in rng.choices(clusters, k=len(clusters)) for i in c]
        means.append(statistics.fmean(d[i] for i in idx))
    means.sort()
    return (statistics.fmean(d), means[int(0.025 * BOOTSTRAP)],
            means[int(0.975 * BOOTSTRAP) - 1])


def _paired_table(after: list[dict[str, Any]], names: list[str]) -> list[str]:
    out = ["| part | checkpoints (records) | Brier - DD+res | MAE of the mean - DD | "
           "exact - DD | MAE the tree expects of itself - DD |", "|---|---|---|---|---|---|"]
    human = ("bbo-online", "bbo-daylong")
    parts: dict[str, Callable[[dict[str, Any]], bool]] = {
        "all": lambda r: True, "human": lambda r: r["source"] in human}
    for part, keep in parts.items():
        idx = [i for i, r in enumerate(after) if keep(r)]
        got = paired([after[i] for i in idx], after, [names[i] for i in idx])

        def cell(x: tuple[float, float, float]) -> str:
            return f"{x[0]:+.3f} [{x[1]:+.3f}, {x[2]:+.3f}]"

        out.append(f"| {part} | {len(idx)} ({len(set(names[i] for i in idx))}) | "
                   + " | ".join(cell(v) for v in got.values()) + " |")
    return out


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


def _outcome_table(models: dict[str, list[dict[str, Any]]]) -> list[str]:
    """One row a part: each model's MAE / exact / Brier / log, then DD and DD + residuals
    (the residuals of the first model's checkpoints, left one out)."""
    names = list(models)
    out = ["| part | queries | " + " | ".join(f"{n}: MAE / exact / Brier / log" if i == 0
                                             else n for i, n in enumerate(names))
           + " | DD | DD + residuals |", "|---|---|" + "---|" * (len(names) + 2)]
    human = ("bbo-online", "bbo-daylong")
    parts: dict[str, Callable[[dict[str, Any]], bool]] = {
        "all": lambda r: True, "human (online, daylong)": lambda r: r["source"] in human}
    for s in OUTCOME_RECORDS["score"]:
        parts[s] = lambda r, s=s: r["source"] == s  # type: ignore[misc]
    for k in CHECKPOINTS:
        parts[f"after trick {k}"] = lambda r, k=k: r["after"] == k  # type: ignore[misc]

    def cell(x: tuple[float, float, float, float]) -> str:
        return f"{x[0]:.3f} / {x[1]:.1%} / {x[2]:.3f} / {x[3]:.2f}"

    first = models[names[0]]
    for name, keep in parts.items():
        scored = [outcome_level([r for r in rows if keep(r)], rows) for rows in models.values()]
        n = sum(keep(r) for r in first)
        if not n:
            continue
        out.append(f"| {name} | {n} | " + " | ".join(cell(x["tree"]) for x in scored)
                   + f" | {cell(scored[0]['dd'])} | {cell(scored[0]['dd+res'])} |")
    return out


def shipped(queries: Sequence[tuple[Record, int]], rows: Sequence[dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """``rows`` (the tree's distributions) as ``equity likely`` reports them: mixed with
    the class's departures from double dummy (:func:`~equity.core.player.unforeseen.blend`)."""
    out = []
    for (rec, after), row in zip(queries, rows, strict=True):
        cls = player_class(OUTCOME_CLASS[rec.source])
        won = rec.replay.won_before(rec.replay.declarer_side, after + 1)
        table = blend(dict(enumerate(row["dist"])), cls.unforeseen, after, row["dd"], won,
                      won + 13 - after)
        out.append({**row, "dist": [table.get(k, 0.0) for k in range(14)]})
    return out


def report() -> list[str]:
    """The tables of ``RESULTS.md`` (computing what the cache lacks)."""
    every = records()
    recs = sample(every)
    rows = [r for r in cached_rows(recs) if r["part"] == "score"]
    lines = ["### Card level (score part: decisions never fitted on)", "",
             *_card_table(rows), "", "Calibration, every run of equal cards of every "
             "decision (score part):", "", *_calibration(rows), ""]
    for name, insight in (("no insight (the error model alone)", 0.0),
                          ("insight as fitted", None),
                          ("seeing all four hands (the bound)", SEES_ALL)):
        overall, contested = top1_seeing(rows, insight)
        lines.append(f"- top-1, {name}: {overall:.1%} of all decisions, {contested:.1%} "
                     "of the contested")
    lines.append("")
    queries = outcome_queries(every)
    before = cached_outcomes(queries, lambda r: EXACT, "before")
    after = cached_outcomes(queries, lambda r: player_class(OUTCOME_CLASS[r.source]),
                            "after")
    table = shipped(queries, after)
    lines += ["### Outcome level (score part)", "",
              *_outcome_table({"decision model alone": before, "player model's tree": after,
                               "tree and the unforeseen (equity likely)": table}), "",
              "Paired, `equity likely` minus baseline (mean, 95 % interval over records):",
              "", *_paired_table(table, [rec.key for rec, _ in queries]), "",
              "The same, the tree alone:", "",
              *_paired_table(after, [rec.key for rec, _ in queries]), ""]
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
