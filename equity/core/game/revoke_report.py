"""A revoke as the Director learns it at the table, without the card play (Laws 63, 64A).

Most revokes are settled by Law 64A from a few facts the quitted cards show (Law 65C:
each card turned to say which side won its trick): who revoked, with which card, on
which trick, whether the revoke was established or corrected, who won the revoke trick,
and whether the offending side won a later trick. ``[EquityRevoke]`` says them; the
board's ``[Result]`` says declarer's tricks in all. What the law makes of them is
:mod:`equity.core.law.reported`'s.

``[EquityRevoke "4 E S3 established; won E; later yes"]`` — the trick, the offender, the
revoke card, then ``established`` or ``corrected``; after ``;`` the optional facts
``won SEAT`` (who won the revoke trick) and ``later yes|no`` (whether the offending side
won a trick after it). A fact not given is one the ruling says it needs, when it does.
"""

from __future__ import annotations

from msgspec import Struct

from equity.core.game.cards import Card, ModelError, Seat, quoted, small_int

GRAMMAR = ("a revoke reads 'TRICK SEAT CARD established|corrected; won SEAT; later "
           "yes|no', e.g. '4 E S3 established; won E; later yes'")


class RevokeReport(Struct, frozen=True):
    """One revoke as reported (module docstring)."""

    trick: int
    seat: Seat
    card: Card
    established: bool
    """Established (Law 63A), or corrected before it was (Law 62)."""
    won_by: Seat | None = None
    """Who won the revoke trick; None when not said."""
    later: bool | None = None
    """Whether the offending side won a trick after the revoke trick; None when not
    said."""

    def __str__(self) -> str:
        parts = [f"{self.trick} {self.seat.name} {self.card} "
                 f"{'established' if self.established else 'corrected'}"]
        if self.won_by is not None:
            parts.append(f"won {self.won_by.name}")
        if self.later is not None:
            parts.append(f"later {'yes' if self.later else 'no'}")
        return "; ".join(parts)

    @classmethod
    def parse(cls, text: str) -> RevokeReport:
        """Read ``[EquityRevoke]``'s value. Raises :class:`ModelError` naming what is
        wrong."""
        head, *rest = [p.strip() for p in text.replace(",", ";").split(";")]
        words = head.split()
        if len(words) != 4:
            raise ModelError(f"{GRAMMAR}; not {text.strip()[:60]!r}")
        trick_text, seat_text, card_text, state = words
        trick = small_int(trick_text, 2)
        if trick is None or not 1 <= trick <= 13:
            raise ModelError(f"the revoke's trick is 1 to 13, not {trick_text[:10]!r}")
        seat, card = Seat.parse(seat_text), Card.parse(card_text)
        if state.lower() not in ("established", "corrected"):
            raise ModelError(f"the revoke was 'established' or 'corrected', not "
                             f"{state[:20]!r}")
        won_by: Seat | None = None
        later: bool | None = None
        for part in rest:
            if not part:
                continue
            word, _, value = part.partition(" ")
            value = value.strip().lower()
            if word.lower() == "won" and won_by is None:
                won_by = Seat.parse(value)
            elif word.lower() == "later" and later is None and value in ("yes", "no"):
                later = value == "yes"
            else:
                raise ModelError(f"{GRAMMAR}; not {quoted(part)}")
        return cls(trick, seat, card, state.lower() == "established", won_by, later)


__all__ = ["GRAMMAR", "RevokeReport"]
