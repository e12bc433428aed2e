"""Fit how third hands signal to partner's opening lead
(``equity/core/reading/signal_style.json``) on real records, and score the reading on the
records it was not fitted on.

The records are :func:`benchmarks.records.records` (../shared/data/external), split
by deal into a fit part and a score part. A signal is the third hand's card at trick 1
when he follows suit with a card that would not win the trick and had two spot cards
that would not either (:func:`equity.core.reading.signal_of`). Fitted on the
human third hands of the fit part: the conditional logit over his candidates (the cards
of the suit that would not win), features :data:`equity.core.reading.SIGNAL_FEATURES`, by
Newton's method with a small ridge.

Scored on the score part, by source: the mean log-likelihood of the card played against
chance (every candidate alike), how often the most likely candidate is the card played,
and what the reading says of count and attitude (mean log-likelihood ratio of the true
length parity, the true honour holding, against the other).

Run: ``python -m benchmarks.fitting.fit_signals [--write]`` (``--write`` stores the fit in
:data:`equity.core.reading.SIGNAL_STYLE_FILE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from msgspec.structs import replace

from benchmarks.fitting import logit
from benchmarks.fitting.common import arguments, present_records, read_each, score_groups, write
from benchmarks.records import Record
from equity.core.game import suit_holding
from equity.core.reading.signal import FEATURES as SIGNAL_FEATURES
from equity.core.reading.signal import (
    SIGNAL_STYLE_FILE,
    SignalReading,
    SignalStyle,
    card_chances,
    card_features,
    signal_of,
)


def signals(recs: Sequence[Record]) -> list[tuple[Record, SignalReading]]:
    """Each record's third-hand signal at trick 1, where there is one."""
    return read_each(recs, signal_of)


def _holding(sig: SignalReading) -> tuple[int, int]:
    """The suit led as dealt to him, and the cards of it that would not win."""
    holding = suit_holding(sig.dealt, sig.card.suit)
    return holding, holding & sig.losing


def rows(items: Sequence[tuple[Record, SignalReading]]) -> list[tuple[np.ndarray, int]]:
    """Per signal: the features of each candidate (rows) and the row of the card played."""
    out = []
    for _, sig in items:
        feats = card_features(*_holding(sig))
        ranks = [r for r, _ in feats]
        out.append((np.array([f for _, f in feats]), ranks.index(sig.card.rank)))
    return out


def _other(style: SignalStyle, feature: str) -> SignalStyle:
    """The style that reads a holding as if its count (or attitude) were the other: the
    feature's weight negated (the same candidates, the other parity or honours)."""
    w = list(style.weights)
    w[SIGNAL_FEATURES.index(feature)] *= -1
    return replace(style, weights=tuple(w))


def score(items: Sequence[tuple[Record, SignalReading]], style: SignalStyle
          ) -> dict[str, float]:
    """The reading on ``items``: per signal, the log-likelihood of the card against
    chance, the most likely candidate right, and the log-likelihood ratio of the
    holding's true parity and attitude against the other (the same candidates: the
    evidence the card gives a reader)."""
    n = len(items)
    ll = base = top = 0.0
    parity = attitude = 0.0
    odd, plain = _other(style, "high_count"), _other(style, "high_attitude")
    for _, sig in items:
        holding, cands = _holding(sig)
        chances = card_chances(holding, cands, style)
        p = chances[sig.card.rank]
        ll += math.log(p)
        base += math.log(1 / len(chances))
        top += max(chances, key=lambda r: chances[r]) == sig.card.rank
        parity += math.log(p / card_chances(holding, cands, odd)[sig.card.rank])
        attitude += math.log(p / card_chances(holding, cands, plain)[sig.card.rank])
    return {"signals": n, "ll": ll / n, "chance_ll": base / n, "top1": top / n,
            "parity_llr": parity / n, "attitude_llr": attitude / n}


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    recs = present_records()
    every = signals(recs)
    human = [(r, sig) for r, sig in every if r.seats[sig.seat] != "robot"]
    fit_part = [(r, sig) for r, sig in human if r.part == "fit"]
    data = rows(fit_part)
    w = logit.fit(data)
    se = logit.standard_errors(data, w)
    scored = sum(r.part == "score" for r, _ in human)
    about = (f"fitted on {len(fit_part)} human third-hand signals to the opening lead of "
             f"the fit part ({scored} more in the score part, {len(every)} signals in all "
             f"with the robots', of {len(recs)} records; benchmarks/fitting/fit_signals.py, "
             f"records of benchmarks/records.py); standard signals")
    style = SignalStyle(tuple(round(float(v), 4) for v in w), False, about)
    print(about)
    print("  " + ", ".join(f"{f} {v:+.3f} (se {e:.3f})"
                           for f, v, e in zip(SIGNAL_FEATURES, style.weights, se, strict=True)))
    groups = score_groups(every, lambda r, sig: r.seats[sig.seat])
    print("\nscore part (never fitted on): mean log-likelihood per signal, chance in "
          "brackets; the evidence for the true count and attitude (mean log-likelihood "
          "ratio, standard signals; upside-down in brackets)")
    print("| third hands | signals | card | top-1 | count | attitude |")
    print("|---|---|---|---|---|---|")
    flipped = replace(style, upside_down=True)
    for name in sorted(groups):
        s = score(groups[name], style)
        u = score(groups[name], flipped)
        print(f"| {name} | {s['signals']:.0f} | {s['ll']:.3f} ({s['chance_ll']:.3f}) "
              f"| {s['top1']:.1%} | {s['parity_llr']:+.3f} ({u['parity_llr']:+.3f}) "
              f"| {s['attitude_llr']:+.3f} ({u['attitude_llr']:+.3f}) |")
    if args.write:
        write(SIGNAL_STYLE_FILE, {"weights": list(style.weights),
                                  "features": list(SIGNAL_FEATURES), "about": about})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
