"""The inference that decides a choice: which card's place, read from the table, turned it.

Law 16A1(a): the calls and the cards played are authorised information to every
player, and a player draws inferences from them — "West opened 1NT, so the ♠K is
with him". The decision model uses such a reading by drawing only layouts that fit it
(:class:`~equity.core.player.knowledge.Knowledge`); a ruling that leans on it should say
so, in the words a Director would use: "declarer places the ♠K with West (85% of his
layouts, 50% without the auction): West's 1NT (1NT opening, 15-17 HCP)".

:func:`inferences` finds it without any double-dummy work, from what the decision has
already solved. For each honour the viewer cannot see, the solved layouts are grouped
by the hidden seat that holds it; the card's place **decides** the choice when the card
most often right differs between the groups (the card each layout credits is the one
:func:`~equity.core.player.decision._chances` credits it to). For such a card, the
share of the layouts placing it with each seat is compared with the share among layouts
drawn from what the player knows without the table's reading
(:meth:`Knowledge.unread`, counted, not solved). The card whose place moved most, by
:data:`MOVED` or more, is named, with what the table showed about the seat
(:func:`reasons`). With nothing read from the table there is nothing to name and no
work is done.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from msgspec import Struct

from equity.core.game import Card, CardSet, Position, Seat, cards
from equity.core.player.knowledge import Knowledge, LayoutError, draw_layouts

MOVED = 0.15
"""The least change in the share of the layouts placing a card with a seat, against the
layouts drawn without the table's reading, for the reading to be named: below it the
reading barely moved the card, and the choice is the cards' doing, not the inference's."""
UNREAD_LAYOUTS = 200
"""How many layouts are drawn (and only counted) without the table's reading."""
LOWEST_HONOUR = 10
"""The lowest rank whose place is weighed (the ten): the honours are what a reading of
high-card points places; a spot card's place only echoes a suit's length."""
NAMED = 1
"""How many inferences a decision names at most (the ones that moved most)."""


class Inference(Struct, frozen=True):
    """What the viewer infers of ``card``'s place and why: ``share`` of his layouts put
    it with ``seat``, ``share_unread`` of those drawn without the table's reading."""

    card: Card
    seat: Seat
    share: float
    share_unread: float
    because: str
    """What the table showed about the seat ("West's 1NT (1NT opening, 15-17 HCP)")."""
    viewer: Seat
    """Who places the card (declarer when dummy is to play)."""
    declarer: bool
    """Whether the viewer is declarer (named so in the text)."""
    without: str = "the auction"
    """What was read from the table (:func:`read_from`)."""

    @property
    def moved(self) -> float:
        return self.share - self.share_unread

    def describe(self) -> str:
        """ "declarer places the ♠K with West (85% of his layouts, 50% without the
        auction): West's 1NT (1NT opening, 15-17 HCP)"."""
        who = "declarer" if self.declarer else self.viewer.long_name
        return (f"{who} places the {self.card.pretty} with {self.seat.long_name} "
                f"({self.share:.0%} of his layouts, {self.share_unread:.0%} without "
                f"{self.without})" + (f": {self.because}" if self.because else ""))


# --- what the table showed, in words (every reading alike) -------------------------------


def read_from(knowledge: Knowledge) -> str:
    """What the viewer read from the table, in words ("the auction"): what
    :meth:`Knowledge.unread` takes away ("the auction and the opening lead")."""
    parts = ["the auction"] if knowledge.bidding is not None else []
    parts += list(dict.fromkeys(e.what for e in knowledge.read))
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "the table's reading"


def reasons(knowledge: Knowledge, seat: Seat) -> list[str]:
    """What the table showed about ``seat``'s hand, one item per call (or card) read:
    "West's 1NT (1NT opening, 15-17 HCP, ...)", "West led the ♠K (read by convention)"."""
    out: list[str] = []
    if knowledge.bidding is not None:  # Law 16A1(a): the calls
        for s in knowledge.bidding.kept:
            if s.seat == seat:
                shows = s.describe()
                out.append(f"{s.name} ({s.rule}{', ' + shows if shows else ''})")
    out += [f"{e.describe()} ({e.how})" for e in knowledge.read if e.seat == seat]
    return out


# --- the inference -------------------------------------------------------------------


def inferences(knowledge: Knowledge, layouts: Sequence[Position], right: Sequence[Card],
               key: str, weights: Sequence[float] | None = None) -> tuple[Inference, ...]:
    """The inferences that decide the choice at ``knowledge`` (module docstring):
    ``layouts`` are the solved layouts, ``right`` the card each credits and ``weights``
    what the play showed, weighing each (aligned; None: alike);
    ``key`` seeds the draw without the table's reading (the same decision, the same
    draw). Empty when nothing was read from the table or no card's place decides."""
    unread = knowledge.unread()
    if unread == knowledge or not layouts:
        return ()
    hidden = knowledge.hidden
    w = list(weights) if weights is not None else [1.0] * len(layouts)
    deciding = [c for c in cards(knowledge.unseen) if c.rank >= LOWEST_HONOUR
                and _decides(c, hidden, layouts, right, w)]
    if not deciding:
        return ()
    if knowledge.bidding is None:
        # only the play was read, and it weighs the layouts without ruling any out: the
        # same layouts unweighted are the draw without it (paired, and nothing to draw)
        drawn = list(layouts)
    else:
        digest = hashlib.blake2b(f"unread|{key}".encode(), digest_size=8).digest()
        try:
            drawn = draw_layouts(unread, random.Random(int.from_bytes(digest, "big")),
                                 UNREAD_LAYOUTS)[0]
        except LayoutError:
            return ()
    found: list[tuple[float, Card, Seat, float, float]] = []
    for c in deciding:
        with_reading = _shares(c, hidden, layouts, w)
        without = _shares(c, hidden, drawn, [1.0] * len(drawn))
        seat = max(hidden, key=lambda s: with_reading[s] - without[s])
        move = with_reading[seat] - without[seat]
        if move >= MOVED - 1e-9:
            found.append((move, c, seat, with_reading[seat], without[seat]))
    found.sort(key=lambda f: (-f[0], -f[1].rank, f[1].suit))
    declarer = knowledge.viewer == knowledge.dummy.partner
    what = read_from(knowledge)
    return tuple(Inference(c, seat, share, share_unread, _because(knowledge, seat),
                           knowledge.viewer, declarer, what)
                 for _, c, seat, share, share_unread in found[:NAMED])


def _because(knowledge: Knowledge, seat: Seat) -> str:
    """Why the card is placed with ``seat``: what the table showed of ``seat``, else of
    the other hidden seats (a partner's limits place the card by elimination)."""
    own = reasons(knowledge, seat)
    if own:
        return "; ".join(own)
    return "; ".join(r for s in knowledge.hidden if s != seat for r in reasons(knowledge, s))


def _holder(bit: CardSet, hidden: Sequence[Seat], pos: Position) -> Seat | None:
    """The hidden seat that holds the card ``bit`` in ``pos`` (None: none does)."""
    hands = pos.hands
    for s in hidden:
        if hands[s] & bit:
            return s
    return None


def _shares(card: Card, hidden: Sequence[Seat], layouts: Sequence[Position],
            weights: Sequence[float]) -> dict[Seat, float]:
    """The share of ``layouts`` (each by its weight) placing ``card`` with each hidden
    seat."""
    n: dict[Seat | None, float] = {}
    bit = card.bit
    for p, w in zip(layouts, weights, strict=True):
        s = _holder(bit, hidden, p)
        n[s] = n.get(s, 0.0) + w
    total = sum(weights)
    return {s: n.get(s, 0.0) / total for s in hidden}


def _decides(card: Card, hidden: Sequence[Seat], layouts: Sequence[Position],
             right: Sequence[Card], weights: Sequence[float]) -> bool:
    """Whether ``card``'s place decides the choice: grouped by the seat holding it, the
    layouts' most often right cards differ between two groups (no card most often
    right in both)."""
    groups: dict[Seat, dict[Card, float]] = {}
    bit = card.bit
    for pos, r, w in zip(layouts, right, weights, strict=True):
        s = _holder(bit, hidden, pos)
        if s is not None:
            credit = groups.setdefault(s, {})
            credit[r] = credit.get(r, 0.0) + w
    tops = []
    for credit in groups.values():
        most = max(credit.values())
        tops.append({c for c, k in credit.items() if k == most})
    return any(not a & b for i, a in enumerate(tops) for b in tops[i + 1:])
