"""Fit how defenders discard (``equity/core/reading/discard_style.json``) on real
discards, and score the reading on the records it was not fitted on.

The records are :func:`benchmarks.records.records` (../shared/data/external), split
by deal into a fit part and a score part. Every discard of a human defender with a
choice of suits (:func:`equity.core.reading.discards`) is a row: the features of
each suit he could throw, as he held it then, and the suit he threw. The weights of the
conditional logit are fitted on the fit part (Newton's method with a small ridge, as
:mod:`benchmarks.fitting.fit_leads`); the score part gives the mean log-likelihood of the suit
thrown against chance (every suit he could throw alike) and how often the most likely
suit is the one thrown, by source.

Run: ``python -m benchmarks.fitting.fit_discards [--write]`` (``--write`` stores the fit in
:data:`equity.core.reading.DISCARD_STYLE_FILE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from msgspec.structs import replace

from benchmarks.fitting import logit
from benchmarks.fitting.common import arguments, present_records, score_groups, write
from benchmarks.records import Record
from equity.core.game import Suit, suit_holding
from equity.core.reading.discard import DISCARD_STYLE_FILE, Discard, DiscardStyle, discards
from equity.core.reading.discard import FEATURES as DISCARD_FEATURES
from equity.core.reading.discard import suit_features as discard_suit_features

Row = tuple[Discard, np.ndarray, int]
"""A discard, the features of each suit he could throw (rows), the row of the suit thrown."""


def rows(recs: Sequence[Record]) -> list[tuple[Record, Row]]:
    """Each human defender's discard with a choice of suits, with its record."""
    out = []
    for rec in recs:
        rp = rec.replay
        for d in discards(rp.plays_before(14), rp.board.deal, rp.contract.strain):
            if rec.seats[d.seat] == "robot" or d.seat.side == rp.contract.declarer.side:
                continue
            held = d.held
            trump = rp.contract.strain.trump
            suits = [s for s in Suit if s != d.led and s != trump and suit_holding(held, s)]
            if len(suits) < 2 or d.card.suit not in suits:
                continue
            longest = max(suit_holding(held, s).bit_count() for s in suits)
            x = np.array([discard_suit_features(suit_holding(held, s), longest)
                          for s in suits])
            out.append((rec, (d, x, suits.index(d.card.suit))))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    every = rows(present_records())
    fit = [(x, y) for rec, (_, x, y) in every if rec.part == "fit"]
    w = logit.fit(fit)
    about = (f"fitted on {len(fit)} human defenders' discards of the fit part "
             "(benchmarks/fitting/fit_discards.py, records of benchmarks/records.py)")
    style = DiscardStyle(tuple(round(float(v), 4) for v in w), about)
    print(about)
    print("  " + ", ".join(f"{f} {v:+.2f}" for f, v in zip(DISCARD_FEATURES, style.weights,
                                                             strict=True)))
    groups = score_groups(every, lambda rec, row: rec.seats[row[0].seat])
    print("\nscore part (never fitted on): mean log-likelihood of the suit thrown, "
          "chance in brackets")
    print("| defenders | discards | suit | most likely suit thrown |")
    print("|---|---|---|---|")
    for name in sorted(groups):
        items = groups[name]
        ll = base = top = 0.0
        for _, (d, x, y) in items:
            p = replace(d, style=style).chance(d.held)
            ll += math.log(p)
            base += math.log(1 / len(x))
            z = x @ np.array(style.weights)
            top += int(np.argmax(z)) == y
        n = len(items)
        print(f"| {name} | {n} | {ll / n:.3f} ({base / n:.3f}) | {top / n:.1%} |")
    if args.write:
        write(DISCARD_STYLE_FILE, {"weights": list(style.weights),
                                   "features": list(DISCARD_FEATURES), "about": about})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
