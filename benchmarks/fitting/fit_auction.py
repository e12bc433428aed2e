"""Fit how often real tables bid outside the textbook's reading
(``equity/core/reading/auction_style.json``), and score it on the records it was not
fitted on.

The records are :func:`benchmarks.records.records` (../shared/data/external), split
by deal into a fit part and a score part. Each board with an auction is read as the
tool reads it (:func:`equity.core.reading.auction.read`, every seat's calls taken together:
:class:`equity.core.reading.Bidding`); a seat whose calls show something is a row,
outside its calls when its real hand does not fit them. The share outside on the fit
part is the style (:attr:`equity.core.reading.AuctionStyle.outside`: the chance, the
same on every deal, that a seat's calls are outside what they show); the score part
gives the same share measured afresh, and the Bernoulli log-likelihood of the rows
under the fitted share and under the share a reading that trusts the calls fully
would give (no hand outside them: every row outside costs it a floor of 1e-6), by
source and rule.

Run: ``python -m benchmarks.fitting.fit_auction [--write]`` (``--write`` stores the fit
in :data:`equity.core.reading.auction.AUCTION_STYLE_FILE`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from benchmarks.fitting.common import arguments, present_records, write
from benchmarks.records import Record
from equity.core.reading import Bidding, hcp, lengths
from equity.core.reading.auction import AUCTION_STYLE_FILE, read

Row = tuple[Record, str, bool]
"""A record, the rule of the seat's first call read, and whether its hand is outside."""


def rows(recs: Sequence[Record]) -> list[Row]:
    """Every seat whose calls show something, on every board with an auction."""
    out: list[Row] = []
    for rec in recs:
        board = rec.replay.board
        if board.auction is None:
            continue
        bidding = Bidding.check(read(board.auction), board.deal)
        for seat, limits in bidding.limits.items():
            hand = board.deal.hands[seat]
            rule = next(s.rule for s in bidding.kept if s.seat == seat)
            out.append((rec, rule, not limits.fits(hcp(hand), lengths(hand))))
    return out


def loglik(items: Sequence[Row], share: float) -> float:
    """The mean Bernoulli log-likelihood of the rows outside with chance ``share``."""
    p = min(max(share, 1e-6), 1 - 1e-6)
    return sum(math.log(p if out else 1 - p) for _, _, out in items) / max(len(items), 1)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    every = rows(present_records())
    fit = [r for r in every if r[0].part == "fit"]
    score = [r for r in every if r[0].part == "score"]
    share = sum(out for _, _, out in fit) / len(fit)
    print(f"fit part: {len(fit)} seats, {share:.1%} outside their calls")
    measured = sum(out for _, _, out in score) / len(score)
    print(f"score part: {len(score)} seats, {measured:.1%} outside their calls; "
          f"log-likelihood {loglik(score, share):.3f} with the fitted share, "
          f"{loglik(score, 0.0):.3f} trusting the calls fully")
    sources = Counter(r[0].source for r in score)
    for source in sorted(sources):
        part = [r for r in score if r[0].source == source]
        print(f"  {source}: {len(part)} seats, "
              f"{sum(out for _, _, out in part) / len(part):.1%} outside")
    by_rule = Counter(rule for _, rule, _ in score)
    for rule, n in by_rule.most_common(12):
        part = [r for r in score if r[1] == rule]
        print(f"  {rule}: {n} seats, {sum(out for _, _, out in part) / n:.1%} outside")
    if args.write:
        write(AUCTION_STYLE_FILE, {
            "outside": round(share, 4),
            "about": (f"share of seats whose real hand is outside their calls as read, "
                      f"{len(fit)} seats of the fit part (benchmarks/fitting/fit_auction.py, "
                      f"records of benchmarks/records.py); score part {measured:.1%} of "
                      f"{len(score)}")})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
