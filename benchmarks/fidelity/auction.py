"""Does reading the auction bring the likely outcomes closer to the table?

For a fixed sample of real records with an auction (:mod:`benchmarks.records`'s
clean records, the **score** part only: no figure here was fitted on), the likely
outcomes from the start of trick K+1 (``equity likely --after-trick K``) are computed
twice — the decision model reading the auction
(:func:`equity.core.reading.bidding_of`) and not — and each mean is compared with the tricks
declarer took at the table. Printed: the mean absolute error of the mean both ways, how
often each is closer, the calls read and loosened, and the work.

Run: ``python -m benchmarks.fidelity.auction [--records 30] [--after-trick 4]`` (needs
../shared/data/external).
"""

from __future__ import annotations

import argparse
import time

from msgspec import Struct
from msgspec.structs import replace

from benchmarks.records import Record, records
from equity.core.game import Work, once_each, solved
from equity.core.player import Estimate, checkpoint, play_out, player_class
from equity.core.reading import Table, bidding_of
from equity.dd import DdsSolver


class Row(Struct, frozen=True):
    """One record: the table's tricks and the two means."""

    source: str
    table: int
    blind: float
    reading: float
    read: int
    loosened: int
    in_play: int
    seconds: tuple[float, float]


def mean_tricks(rec: Record, after: int, with_auction: bool) -> tuple[float, Work, float]:
    """The mean of declarer's likely final tricks from trick ``after + 1``, the work,
    and the seconds it took."""
    rp = rec.replay
    started = time.perf_counter()
    start = checkpoint(rp, after)
    table = Table.of(rp.board)
    if not with_auction:  # the same table, the auction unread (the play still read)
        table = replace(table, bidding=None)
    model = Estimate(players=player_class(rec.seats[rp.contract.declarer])).model(table)
    outcomes, _ = solved(once_each(play_out(start, model), model.work), DdsSolver(),
                         model.work)
    mean = sum(o.tricks * o.probability for o in outcomes)
    return mean, model.work, time.perf_counter() - started


def sample(n: int, after: int) -> list[Record]:
    """``n`` score-part records with an auction of two calls or more that reach trick
    ``after``, spread evenly over the clean records (a fixed choice)."""
    pool = [r for r in records() if r.part == "score" and r.replay.board.auction is not None
            and sum(c.is_bid for c in r.replay.board.auction.calls) >= 2
            and sum(t.complete for t in r.replay.tricks) > after]
    step = max(1, len(pool) // n)
    return pool[::step][:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=30)
    ap.add_argument("--after-trick", type=int, default=4)
    args = ap.parse_args()
    rows: list[Row] = []
    for rec in sample(args.records, args.after_trick):
        rp = rec.replay
        table = rp.declarer_tricks
        blind, _, t0 = mean_tricks(rec, args.after_trick, False)
        reading, work, t1 = mean_tricks(rec, args.after_trick, True)
        bidding = bidding_of(rp.board)
        assert bidding is not None
        rows.append(Row(rec.source, table, blind, reading, len(bidding.reading.shown),
                        len(bidding.loosened), work.loosened, (t0, t1)))
        print(f"{rec.source:13s} {rp.board.label:10s} {rp.contract!s:5s} table {table:2d}  "
              f"blind {blind:5.2f}  reading {reading:5.2f}  read {rows[-1].read}  "
              f"loosened {rows[-1].loosened}/{rows[-1].in_play}  {t0:.1f}s/{t1:.1f}s",
              flush=True)
    n = len(rows)
    mae_blind = sum(abs(r.blind - r.table) for r in rows) / n
    mae_reading = sum(abs(r.reading - r.table) for r in rows) / n
    closer = sum(abs(r.reading - r.table) < abs(r.blind - r.table) - 1e-9 for r in rows)
    farther = sum(abs(r.reading - r.table) > abs(r.blind - r.table) + 1e-9 for r in rows)
    print(f"\n{n} records, after trick {args.after_trick}: mean absolute error of the mean "
          f"{mae_blind:.3f} without the auction, {mae_reading:.3f} reading it; reading "
          f"closer on {closer}, farther on {farther}, the same on {n - closer - farther}")
    print(f"calls read {sum(r.read for r in rows)}, loosened to fit the deal "
          f"{sum(r.loosened for r in rows)}, decisions loosened in play "
          f"{sum(r.in_play for r in rows)}; seconds {sum(r.seconds[0] for r in rows):.1f} "
          f"without, {sum(r.seconds[1] for r in rows):.1f} reading")


if __name__ == "__main__":
    main()
