"""Fit how players lead (``equity/core/reading/lead_style.json``) on real opening leads,
and score the reading on the records it was not fitted on.

The records are :func:`benchmarks.records.records` (../shared/data/external), split
by deal into a fit part and a score part. Fitted on the human leaders of the fit part:

* the choice of suit, a conditional logit over the four suits of the leader's hand as
  dealt (:data:`equity.core.reading.LEAD_FEATURES`), against no trump and against a suit,
  by Newton's method with a small ridge;
* the stray probability (the card is not the textbook's), by likelihood over a grid.

Scored on the score part, by source: the mean log-likelihood of the suit led and of the
card from it against chance (every suit held, every card of the suit alike), how often
the most likely suit is the one led, and how often the card led is a textbook card.

Run: ``python -m benchmarks.fitting.fit_leads [--write]`` (``--write`` stores the fit in
:data:`equity.core.reading.LEAD_STYLE_FILE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from msgspec.structs import replace

from benchmarks.fitting import logit
from benchmarks.fitting.common import arguments, present_records, read_each, score_groups, write
from benchmarks.records import Record
from equity.core.game import Strain, Suit, count, suit_holding
from equity.core.reading.lead import FEATURES as LEAD_FEATURES
from equity.core.reading.lead import (
    LEAD_STYLE,
    LEAD_STYLE_FILE,
    LeadReading,
    LeadStyle,
    conventional,
    lead_of,
)
from equity.core.reading.lead import suit_features as lead_suit_features


def leads(recs: Sequence[Record]) -> list[tuple[Record, LeadReading]]:
    """Each record's opening lead with the class of its leader."""
    return read_each(recs, lead_of)


def _rows(items: Sequence[tuple[Record, LeadReading]], no_trump: bool
          ) -> list[tuple[np.ndarray, int]]:
    """Per lead: the features of each suit held (rows) and the row of the suit led."""
    out = []
    for rec, lead in items:
        if (lead.strain == Strain.NT) != no_trump:
            continue
        dealt = rec.replay.board.deal.hands[lead.leader]
        held = [s for s in Suit if suit_holding(dealt, s)]
        x = np.array([lead_suit_features(suit_holding(dealt, s), lead.strain, s,
                                         s in lead.partner_bid, s in lead.they_bid)
                      for s in held])
        out.append((x, held.index(lead.card.suit)))
    return out


def fit_stray(items: Sequence[tuple[Record, LeadReading]]) -> float:
    """The stray probability of highest likelihood (a grid of 0.01)."""
    best, best_ll = 0.5, -math.inf
    for k in range(1, 100):
        style = replace(LEAD_STYLE, stray=k / 100)
        ll = sum(math.log(replace(lead, style=style).card_chance(
            rec.replay.board.deal.hands[lead.leader])) for rec, lead in items)
        if ll > best_ll:
            best, best_ll = k / 100, ll
    return best


def score(items: Sequence[tuple[Record, LeadReading]], style: LeadStyle) -> dict[str, float]:
    """The reading on ``items``: per lead, the log-likelihood of the suit and of the card
    against chance, the most likely suit right, the card a textbook card."""
    n = len(items)
    suit_ll = card_ll = suit_base = card_base = top = textbook = 0.0
    for rec, lead in items:
        lead = replace(lead, style=style)
        dealt = rec.replay.board.deal.hands[lead.leader]
        chances = lead.suit_chances(dealt)
        suit_ll += math.log(chances[lead.card.suit])
        suit_base += math.log(1 / len(chances))
        top += max(chances, key=lambda s: chances[s]) == lead.card.suit
        holding = suit_holding(dealt, lead.card.suit)
        card_ll += math.log(lead.card_chance(dealt))
        card_base += math.log(1 / count(holding))
        textbook += lead.card.rank in dict(conventional(
            holding, lead.strain == Strain.NT, lead.strain.trump == lead.card.suit))
    return {"leads": n, "suit_ll": suit_ll / n, "suit_chance_ll": suit_base / n,
            "suit_top1": top / n, "card_ll": card_ll / n, "card_chance_ll": card_base / n,
            "textbook": textbook / n}


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(__doc__, argv)
    recs = present_records()
    every = leads(recs)
    human = [(r, ld) for r, ld in every if r.seats[ld.leader] != "robot"]
    fit = [(r, ld) for r, ld in human if r.part == "fit"]
    nt = logit.fit(_rows(fit, True))
    suit = logit.fit(_rows(fit, False))
    stray = fit_stray(fit)
    about = (f"fitted on {len(fit)} human opening leads of the fit part "
             f"(benchmarks/fitting/fit_leads.py, records of benchmarks/records.py)")
    style = LeadStyle(tuple(round(float(v), 4) for v in nt),
                      tuple(round(float(v), 4) for v in suit), stray, about)
    print(about)
    for name, ws in (("no trump", style.no_trump), ("suit", style.trumps)):
        print(f"  {name}: " + ", ".join(f"{f} {v:+.2f}" for f, v in zip(LEAD_FEATURES, ws,
                                                                         strict=True)))
    print(f"  stray: {stray:.2f}")
    groups = score_groups(every, lambda r, ld: r.seats[ld.leader])
    print("\nscore part (never fitted on): mean log-likelihood per lead, chance in brackets")
    print("| leaders | leads | suit | suit top-1 | card from the suit | textbook card |")
    print("|---|---|---|---|---|---|")
    for name in sorted(groups):
        s = score(groups[name], style)
        print(f"| {name} | {s['leads']:.0f} | {s['suit_ll']:.3f} ({s['suit_chance_ll']:.3f}) "
              f"| {s['suit_top1']:.1%} | {s['card_ll']:.3f} ({s['card_chance_ll']:.3f}) "
              f"| {s['textbook']:.1%} |")
    if args.write:
        write(LEAD_STYLE_FILE, {"no_trump": list(style.no_trump), "trumps": list(style.trumps),
                                "stray": style.stray, "features": list(LEAD_FEATURES),
                                "about": about})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
