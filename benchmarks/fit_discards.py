"""Fit how defenders discard (``equity/core/reading/discard_style.json``) on real
discards, and score the reading on the records it was not fitted on.

The records are :func:`benchmarks.fidelity_data.records` (../shared/data/external), split
by deal into a fit part and a score part. Every discard of a human defender with a
choice of suits (:func:`equity.core.reading.discard.discards`) is a row: the features of
each suit he could throw, as he held it then, and the suit he threw. The weights of the
conditional logit are fitted on the fit part (Newton's method with a small ridge, as
:mod:`benchmarks.fit_leads`); the score part gives the mean log-likelihood of the suit
thrown against chance (every suit he could throw alike) and how often the most likely
suit is the one thrown, by source.

Run: ``python -m benchmarks.fit_discards [--write]`` (``--write`` stores the fit).
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from benchmarks import logit
from benchmarks.fidelity_data import Record, present_records, style_file
from equity.core.game import Suit, suit_holding
from equity.core.reading.discard import FEATURES, Discard, DiscardStyle, discards, suit_features

STYLE_FILE = style_file("discard_style.json")


def rows(recs: Sequence[Record]) -> list[tuple[Record, Discard, np.ndarray, int]]:
    """Each human defender's discard with a choice of suits: its record, the discard, the
    features of each suit he could throw (rows) and the row of the suit thrown."""
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
            x = np.array([suit_features(suit_holding(held, s), longest) for s in suits])
            out.append((rec, d, x, suits.index(d.card.suit)))
    return out


def main(argv: Sequence[str]) -> int:
    recs = present_records()
    every = rows(recs)
    fit = [(x, y) for rec, _, x, y in every if rec.part == "fit"]
    w = logit.fit(fit)
    about = (f"fitted on {len(fit)} human defenders' discards of the fit part "
             "(benchmarks/fit_discards.py, records of benchmarks/fidelity_data.py)")
    style = DiscardStyle(tuple(round(float(v), 4) for v in w), about)
    print(about)
    print("  " + ", ".join(f"{f} {v:+.2f}" for f, v in zip(FEATURES, style.weights,
                                                             strict=True)))
    groups: dict[str, list[tuple[Discard, np.ndarray, int, Record]]] = defaultdict(list)
    for rec, d, x, y in every:
        if rec.part == "score":
            groups[f"{rec.source} ({rec.seats[d.seat]})"].append((d, x, y, rec))
            groups["human"].append((d, x, y, rec))
    print("\nscore part (never fitted on): mean log-likelihood of the suit thrown, "
          "chance in brackets")
    print("| defenders | discards | suit | most likely suit thrown |")
    print("|---|---|---|---|")
    for name in sorted(groups):
        items = groups[name]
        ll = base = top = 0.0
        for d, x, y, _rec in items:
            p = dataclasses.replace(d, style=style).chance(d.held)
            ll += math.log(p)
            base += math.log(1 / len(x))
            z = x @ np.array(style.weights)
            top += int(np.argmax(z)) == y
        n = len(items)
        print(f"| {name} | {n} | {ll / n:.3f} ({base / n:.3f}) | {top / n:.1%} |")
    if "--write" in argv:
        STYLE_FILE.write_text(json.dumps({"weights": list(style.weights),
                                          "features": list(FEATURES), "about": about},
                                         indent=1) + "\n")
        print(f"\nwritten: {STYLE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
