"""A deal typed or pasted by a Director: a PBN deal string, or the four hands per seat.

Read forms (the workbench's "type or paste the deal"):

- a PBN ``[Deal]`` value, ``N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 -``
  (also inside ``[Deal "..."]``), a ``-`` hand completed from the others;
- one line per seat, in any order: ``N: K74.J6.T543.Q432``, ``north K74 J6 T543 Q432``
  (suits spades to clubs, dots or spaces between them, ``-`` for a void); a seat left
  out is completed with the 13 cards nobody else holds.

Errors are :class:`DealTextError` sentences that name the seat or the line at fault.
"""

from __future__ import annotations

import re

from equity.core.game import (
    CS_EMPTY,
    FULL_DECK,
    CardSet,
    Deal,
    EquityError,
    ModelError,
    Seat,
    count,
    parse_hand,
)

_SEAT_LINE = re.compile(r"^\s*(north|east|south|west|[nesw])\b\s*[:=-]?\s*(.*)$", re.I)
_PBN = re.compile(r"^\s*(?:\[\s*deal\s+)?\"?\s*([nesw]\s*:[^\"\]]*)\"?\s*\]?\s*$", re.I)


class DealTextError(EquityError):
    """A deal that cannot be read: the sentence says where."""


def _hand(seat: Seat, text: str) -> CardSet:
    t = text.strip()
    if "." not in t:
        groups = t.split()
        if len(groups) != 4:
            raise DealTextError(f"{seat.long_name}'s hand: four suits (spades to clubs), "
                                f"separated by dots or spaces, '-' for a void: {t[:40]!r}")
        t = ".".join("" if g == "-" else g for g in groups)
    try:
        return parse_hand(t.replace(" ", ""))
    except ModelError as e:
        raise DealTextError(f"{seat.long_name}'s hand: {e}") from None


def _checked(hands: dict[Seat, CardSet]) -> Deal:
    missing = [s for s in Seat if s not in hands]
    if len(missing) > 1:
        raise DealTextError("give at least three hands (the fourth is the cards left): "
                            f"{', '.join(s.long_name for s in missing)} missing")
    if missing:
        given = CS_EMPTY
        for h in hands.values():
            given |= h
        hands[missing[0]] = FULL_DECK & ~given
    deal = Deal((hands[Seat.N], hands[Seat.E], hands[Seat.S], hands[Seat.W]))
    problems = deal.problems()
    if problems:
        raise DealTextError("; ".join(problems))
    return deal


def parse_deal_text(text: str) -> Deal:
    """The deal a Director typed or pasted (see the module's forms)."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        raise DealTextError("type or paste the deal: 'N:AKQ.JT9.876.5432 ...' or one line "
                            "per seat, 'N: AKQ.JT9.876.5432'")
    pbn = _PBN.match(" ".join(lines)) if len(lines) == 1 else None
    parts = pbn.group(1).split(":", 1)[1].split() if pbn is not None else []
    if pbn is not None and (len(parts) == 4 or sum("." in p for p in parts) > 1):
        if len(parts) != 4:
            raise DealTextError(f"a PBN deal gives four hands clockwise from the seat before "
                                f"the colon ('-' for one left out), not {len(parts)}")
        first = Seat.parse(pbn.group(1)[0])
        return _checked({first.after(i): _hand(first.after(i), p)
                         for i, p in enumerate(parts) if p != "-"})
    hands: dict[Seat, CardSet] = {}
    for n, line in enumerate(lines, 1):
        m = _SEAT_LINE.match(line)
        if m is None:
            raise DealTextError(f"line {n}: start with the seat, e.g. 'N: AKQ.JT9.876.5432' "
                                f"(not {line[:30]!r})")
        seat = Seat.parse(m.group(1))
        if seat in hands:
            raise DealTextError(f"{seat.long_name}'s hand is given twice")
        hands[seat] = _hand(seat, m.group(2))
        if count(hands[seat]) != 13:
            raise DealTextError(f"{seat.long_name}'s hand has {count(hands[seat])} cards, "
                                "not 13")
    return _checked(hands)


__all__ = ["DealTextError", "parse_deal_text"]
