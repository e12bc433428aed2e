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

The shape of the hands outside (issue 47): on the fit part, the share of seats whose
hand misses the calls by one step only (a near miss: within the limits widened by a
point and a card, :meth:`equity.core.reading.auction.Limits.widened`) is the style's
``near``. On the score part each seat's hand as dealt is scored given its calls, as
the layouts weigh it (:meth:`equity.core.reading.auction.Limits.keeps`), against a hand
dealt at random: every hand outside alike (the shape before), near misses and hands
further out with their fitted shares, and near misses only.

Run: ``python -m benchmarks.fitting.fit_auction [--write]`` (``--write`` stores the fit
in :data:`equity.core.reading.auction.AUCTION_STYLE_FILE`).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

from benchmarks.fitting.common import arguments, present_records, write
from benchmarks.records import Record
from equity.core.reading import Bidding, hcp, lengths
from equity.core.reading.auction import AUCTION_STYLE_FILE, AuctionStyle, Limits, prior, read

Row = tuple[Record, str, bool, Limits, bool]
"""A record, the rule of the seat's first call read, whether its hand is outside, the
seat's limits (every call of his read) and whether its hand is within them widened by
one step (:meth:`equity.core.reading.auction.Limits.widened`: a near miss when
outside)."""


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
            points, suits = hcp(hand), lengths(hand)
            rule = next(s.rule for s in bidding.kept if s.seat == seat)
            out.append((rec, rule, not limits.fits(points, suits), limits,
                        limits.widened().fits(points, suits)))
    return out


def loglik(items: Sequence[Row], share: float) -> float:
    """The mean Bernoulli log-likelihood of the rows outside with chance ``share``."""
    p = min(max(share, 1e-6), 1 - 1e-6)
    return sum(math.log(p if r[2] else 1 - p) for r in items) / max(len(items), 1)


def hand_logliks(items: Sequence[Row], style: AuctionStyle) -> list[float]:
    """The log-likelihood of each seat's hand as dealt given its calls, against a hand
    dealt at random (so the shapes compare on the same hands), under the layouts' own
    weighing by ``style`` (:meth:`equity.core.reading.auction.Limits.keeps`): a hand is
    kept with 1 within the calls, ``near`` as a near miss, ``far`` further out, so its
    likelihood ratio is its chance of being kept over the mean chance (``prior`` of
    each region); a hand the shape never keeps costs a floor of 1e-6; 0 where the calls
    contradict each other (they show nothing)."""
    out = []
    for _, _, outside, limits, wide in items:
        p_in, p_wide = prior(limits), prior(limits.widened())
        near, far = limits.keeps(style)
        if p_in <= 0:
            out.append(0.0)
            continue
        kept = far if not wide else near if outside else 1.0
        mean = p_in + near * (p_wide - p_in) + far * (1 - p_wide)
        out.append(math.log(max(kept / mean, 1e-6)))
    return out


def hand_loglik(items: Sequence[Row], style: AuctionStyle) -> float:
    """The mean of :func:`hand_logliks`."""
    return sum(hand_logliks(items, style)) / max(len(items), 1)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    every = rows(present_records())
    fit = [r for r in every if r[0].part == "fit"]
    score = [r for r in every if r[0].part == "score"]
    share = sum(r[2] for r in fit) / len(fit)
    near = sum(r[2] and r[4] for r in fit) / len(fit)
    print(f"fit part: {len(fit)} seats, {share:.1%} outside their calls, {near:.1%} "
          f"by one step only (near misses)")
    measured = sum(r[2] for r in score) / len(score)
    measured_near = sum(r[2] and r[4] for r in score) / len(score)
    print(f"score part: {len(score)} seats, {measured:.1%} outside their calls, "
          f"{measured_near:.1%} near misses; log-likelihood {loglik(score, share):.3f} "
          f"with the fitted share, {loglik(score, 0.0):.3f} trusting the calls fully")
    today, shaped = AuctionStyle(share), AuctionStyle(share, near=near)
    strict = AuctionStyle(share, near=share)
    print(f"score part, each hand given its calls (log-likelihood against a random "
          f"hand): {hand_loglik(score, today):.3f} outside drawn from every hand "
          f"(today's shape), {hand_loglik(score, shaped):.3f} near misses and the rest "
          f"(fitted shares), {hand_loglik(score, strict):.3f} near misses only")
    gain = [b - a for a, b in zip(hand_logliks(score, today), hand_logliks(score, shaped),
                                  strict=True)]
    print(f"  near misses minus today's shape, paired: {statistics.fmean(gain):+.3f} "
          f"(standard error {statistics.stdev(gain) / math.sqrt(len(gain)):.3f})")
    sources = Counter(r[0].source for r in score)
    for source in sorted(sources):
        part = [r for r in score if r[0].source == source]
        print(f"  {source}: {len(part)} seats, "
              f"{sum(r[2] for r in part) / len(part):.1%} outside, "
              f"{sum(r[2] and r[4] for r in part) / len(part):.1%} near misses")
    by_rule = Counter(r[1] for r in score)
    for rule, n in by_rule.most_common(12):
        part = [r for r in score if r[1] == rule]
        print(f"  {rule}: {n} seats, {sum(r[2] for r in part) / n:.1%} outside, "
              f"{sum(r[2] and r[4] for r in part) / n:.1%} near misses; hand "
              f"log-likelihood {hand_loglik(part, today):.3f} today's shape, "
              f"{hand_loglik(part, shaped):.3f} near misses")
    if args.write:
        write(AUCTION_STYLE_FILE, {
            "outside": round(share, 4),
            "near": round(near, 4),
            "about": (f"share of seats whose real hand is outside their calls as read "
                      f"(outside), and by one step only (near: a point over or under, a "
                      f"card more or less), {len(fit)} seats of the fit part "
                      f"(benchmarks/fitting/fit_auction.py, records of "
                      f"benchmarks/records.py); score part {measured:.1%} and "
                      f"{measured_near:.1%} of {len(score)}")})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
