"""Near misses outside the methods (issue 47): the two shapes of the hands outside a
seat's calls, paired on the same held-out records by the fidelity benchmark's proper
scores.

The shapes (:meth:`equity.core.reading.auction.Limits.keeps`): **today** every hand
outside the calls is kept alike (``AuctionStyle(outside)``, the shape before issue 47);
**near** a near miss (one step beyond a limit) with the fitted share ``near`` and a hand
further out with the rest (``auction_style.json`` as shipped). Everything else — the
records, the decisions sampled, the decision model and its layouts' streams, the player
classes — is the same, so the two columns differ only by the shape.

The records: the **score** part of :func:`benchmarks.records.outcome_queries` (never
fitted on, neither by ``fit_players`` nor by ``fit_auction``), only those whose auction
shows something (a call read: without one both shapes are the same table), ``--records``
of them (:func:`chosen`). For each, under both shapes:

* **card level** — its sampled decisions (:func:`benchmarks.records.decision_rows`):
  the log-likelihood of the card played under the seat's player class (floor 0.01) and
  whether the most likely run is the one played (top-1);
* **outcome level** — its checkpoints (after tricks 2, 4, 8): the distribution
  ``equity likely`` reports (:func:`benchmarks.fidelity.players.shipped`) against the
  tricks the table made: Brier over the 14 totals, log score (floor 0.01), absolute
  error of the mean, most likely total exact.

Printed: each measure under both shapes and the paired difference (near - today) with
a 95 % interval from a bootstrap over records, and the work (DDS positions a query).

Run: ``python -m benchmarks.fidelity.near [--records 60]`` (needs
../shared/data/external).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence

from msgspec.structs import replace

from benchmarks.fidelity.players import by_record, interval, scores, shipped
from benchmarks.records import (
    FLOOR,
    OUTCOME_CLASS,
    Record,
    decision_rows,
    outcome,
    outcome_queries,
    played_probability,
    records,
)
from equity.core.player import player_class
from equity.core.reading import AUCTION_STYLE, AuctionStyle, Table

SHAPES = {"today": AuctionStyle(AUCTION_STYLE.outside), "near": AUCTION_STYLE}
"""The two shapes, by name: the share outside the same, the near misses' share or not."""

CARD = ("card log-lik", "card top-1")
OUTCOME = ("Brier", "log score", "MAE of the mean", "exact")
HIGHER = {"card log-lik", "card top-1", "log score", "exact"}
"""The measures where higher is better (the others: lower)."""


def shaped(rec: Record, style: AuctionStyle) -> Table:
    """``rec``'s table with its auction read under ``style``."""
    table = Table.of(rec.replay.board)
    assert table.bidding is not None
    return replace(table, bidding=replace(table.bidding, style=style))


def chosen(n: int) -> list[tuple[Record, list[int]]]:
    """``n`` score-part outcome records whose auction shows something, each with its
    checkpoints: every ``len(pool) // n``-th of them in the records' order, the first
    ``n`` (a fixed choice, as :func:`benchmarks.fidelity.auction.sample`)."""
    every = records()
    checkpoints: dict[str, tuple[Record, list[int]]] = {}
    for rec, after in outcome_queries(every):
        checkpoints.setdefault(rec.key, (rec, []))[1].append(after)
    pool = [v for v in checkpoints.values()
            if (t := Table.of(v[0].replay.board)).bidding is not None and t.bidding.limits]
    step = max(1, len(pool) // n)
    return pool[::step][:n]


def measures(rec: Record, afters: Sequence[int], style: AuctionStyle
             ) -> tuple[list[tuple[float, float]], list[tuple[float, ...]], list[int]]:
    """One record under ``style``: its decisions' (log-likelihood, top-1), its
    checkpoints' (Brier, log score, error of the mean, exact), the DDS positions of each
    checkpoint."""
    table = shaped(rec, style)
    cards = []
    for row in decision_rows(rec, table):
        p, probs = played_probability(row, player_class(row["class"]))
        best = max(range(len(probs)), key=lambda i: probs[i])
        cards.append((math.log(max(FLOOR, p)), float(best == row["played"])))
    cls = player_class(OUTCOME_CLASS[rec.source])
    rows = [outcome(rec, after, cls, table) for after in afters]
    table_rows = shipped([(rec, after) for after in afters], rows)
    outs: list[tuple[float, ...]] = []
    for r in table_rows:
        err, brier, log, exact = scores(r["dist"], r["truth"])
        outs.append((brier, log, err, float(exact)))
    return cards, outs, [r["positions"] for r in rows]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=60,
                    help="score-part records with an auction read (default 60)")
    args = ap.parse_args(argv)
    names = list(SHAPES)
    card: dict[str, list[tuple[float, float]]] = {s: [] for s in names}
    outs: dict[str, list[tuple[float, ...]]] = {s: [] for s in names}
    work: dict[str, list[int]] = {s: [] for s in names}
    card_of: list[str] = []
    out_of: list[str] = []
    picked = chosen(args.records)
    for k, (rec, afters) in enumerate(picked, 1):
        for name in names:
            c, o, w = measures(rec, afters, SHAPES[name])
            card[name] += c
            outs[name] += o
            work[name] += w
        card_of += [rec.key] * len(c)
        out_of += [rec.key] * len(o)
        now = {s: statistics.fmean(x[0] for x in outs[s]) for s in names}
        print(f"{k}/{len(picked)} {rec.source} {rec.replay.board.label}: "
              f"{len(c)} decisions, {len(o)} checkpoints; Brier so far "
              + ", ".join(f"{s} {v:.3f}" for s, v in now.items()), flush=True)
    rng = random.Random(29)
    print(f"\n{len(picked)} score-part records with an auction read: {len(card_of)} "
          f"decisions, {len(out_of)} checkpoints (near - today; 95 % interval, bootstrap "
          f"over records; higher is better for {', '.join(sorted(HIGHER))})")
    print("| measure | today | near | near - today |\n|---|---|---|---|")
    for values, labels, of in ((card, CARD, card_of), (outs, OUTCOME, out_of)):
        clusters = by_record(of)
        for j, label in enumerate(labels):
            a = [x[j] for x in values["today"]]
            b = [x[j] for x in values["near"]]
            mean, lo, hi = interval([y - x for x, y in zip(a, b, strict=True)],
                                    clusters, rng)
            print(f"| {label} | {statistics.fmean(a):.4f} | {statistics.fmean(b):.4f} | "
                  f"{mean:+.4f} [{lo:+.4f}, {hi:+.4f}] |")
    for name in names:
        pos = sorted(work[name])
        print(f"DDS positions a checkpoint, {name}: median {pos[len(pos) // 2]}, mean "
              f"{statistics.fmean(pos):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
