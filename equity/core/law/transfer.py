"""Law 64A and 64B: whether an established revoke transfers tricks, and how many.

One count, whichever way the revoke reached the Director: found in the play record
(:mod:`equity.core.law.laws` reads the facts from the replay, with the offending side's
tricks shared among several revokes so that none is transferred twice) or reported at
the table without the play (:mod:`equity.core.law.reported` takes them as reported).
Both put the facts the law names into a :class:`TransferFacts` and rule with
:func:`law_64`: Law 64B's exceptions first, in the book's order, then Law 64A's
count. A fact the Director was not told is :data:`UNKNOWN`: the count then says what it
needs, and never guesses.

Read it against the book (2017 numbering; the edition's differences are its
:class:`~equity.core.law.laws.Edition`):

- 64A1: the offending player won the revoke trick: that trick is transferred, and one
  more if the offending side won a later trick.
- 64A2: otherwise, when the offending side won the revoke trick or a later one, one
  trick; 1997 also a second one when the offending player later won a trick with a card
  he could legally have played to the revoke trick.
- Footnote: a trick won in dummy is not won by declarer. Never more is transferred than
  the offending side won from the revoke trick on, and (our reading, several revokes
  ruled first one first) no trick for two revokes.
- 64B1-64B7: no transfer (Law 64C may still apply).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Final

from msgspec import Struct

from equity.core.game import Attention, Contract, Seat, Suit
from equity.core.law.steps import Step

if TYPE_CHECKING:  # laws.py rules with this module: the edition is only a type here
    from equity.core.law.laws import Edition


class Unknown(Enum):
    """A fact the Director was not told (a revoke reported without the play)."""

    UNKNOWN = "not known"


UNKNOWN: Final = Unknown.UNKNOWN


class TransferFacts(Struct, frozen=True):
    """What Laws 64A and 64B look at, for one established revoke that stands."""

    contract: Contract
    """Who is declarer and who dummy (64A's footnote; 64B3: a card of dummy's)."""
    offender: Seat
    trick: int
    """The revoke trick."""
    revoke_trick: Seat | Unknown | None
    """Who won the revoke trick (64A1: the offending player himself, dummy not being
    declarer); None when nobody did in play (the claim came before it was complete)."""
    later: bool | Unknown
    """The offending side won a trick after the revoke trick (64A1, 64A2, 64B1)."""
    available: int | None = None
    """The tricks the offending side won from the revoke trick on that no earlier
    revoke's transfer took (64A: never more than that); None: no earlier transfer."""
    legal_card_later: int | Unknown | None = UNKNOWN
    """1997 64A2: a later trick the offending player won with a card he could legally
    have played to the revoke trick; None when he won none so."""
    repeats: tuple[Suit, int] | None = None
    """64B2: the suit, and the trick of the first, when the same player had already
    revoked in that suit and the first revoke was established."""
    penalty_card: bool = False
    """64B3: the revoke was a failure to play a penalty card."""
    faced: bool = False
    """64B3 (1997, 2007): a failure to play a card of a hand faced on the table."""
    attention: Attention = Attention.END
    """When attention was first drawn (64B4, 64B5)."""
    both_sides: bool = False
    """64B7: both sides revoked on the board and both revokes are established."""
    ended: bool = True
    """The play has ended (64A: tricks are transferred at the end of play)."""

    @property
    def side_won_revoke_trick(self) -> bool | Unknown:
        """The offending side won the revoke trick (the offender, his partner, or dummy
        when declarer revoked)."""
        won = self.revoke_trick
        return won if won is UNKNOWN else won is not None and won.side == self.offender.side


class Count(Struct, frozen=True):
    """Law 64 for one revoke: the tricks transferred, and the steps that say why."""

    transfer: int | None
    """Tricks transferred; None when the facts do not settle it (:attr:`needs`)."""
    steps: tuple[Step, ...] = ()
    exemption: str | None = None
    """The Law 64B paragraph that removed the transfer, if any."""
    needs: tuple[str, ...] = ()
    """What the count would need, each said with its law."""


def law_64(facts: TransferFacts, edition: Edition) -> Count:
    """Law 64B's exceptions, else (at the end of play) Law 64A's transfer."""
    exempt = law_64b(facts, edition)
    if exempt is not None:
        return Count(0, (exempt,), exempt.law)
    if not facts.ended:
        return Count(None, needs=("Law 64A: the end of play (tricks are transferred "
                                  "then)",))
    return law_64a(facts, edition)


def law_64b(facts: TransferFacts, edition: Edition) -> Step | None:
    """64B: the cases with no automatic trick adjustment, in the book's order."""
    if facts.side_won_revoke_trick is False and facts.later is False:
        return Step("64B1", "the offending side won neither the revoke trick nor any later "
                            "trick: no tricks are transferred.")
    if facts.repeats is not None:
        suit, first = facts.repeats
        return Step("64B2", f"a second revoke in {suit.symbol} by the same player, the "
                            f"first (trick {first}) established: no transfer.")
    if facts.offender == facts.contract.dummy:
        return Step("64B3", "the card not played belonged to dummy: no transfer.")
    if facts.penalty_card:
        return Step("64B3", "the revoke was a failure to play a penalty card: no transfer.")
    if edition.faced_hands_exempt and facts.faced:
        return Step("64B3", "the revoke was a failure to play a card of a hand faced on the "
                            f"table ({edition.name} Laws): no transfer.")
    if facts.attention == Attention.NEXT_CALL:
        return Step("64B4", "attention was first drawn after a non-offender called on the next "
                            "deal: no transfer.")
    if facts.attention == Attention.ROUND:
        return Step("64B5", "attention was first drawn after the round ended: no transfer.")
    if edition.trick_twelve_exempt and facts.trick == 12:
        return law_64b6()
    if edition.both_sides_exempt and facts.both_sides:
        return Step("64B7", "both sides revoked on this board and both revokes are "
                            "established: no transfer.")
    return None


def law_64a(facts: TransferFacts, edition: Edition) -> Count:
    """64A1 and 64A2: the tricks transferred, never more than :attr:`~TransferFacts.available`.

    Each step says the facts the paragraph reads, then the count: what the paragraph
    transfers, or, when earlier revokes' transfers took the tricks it would take, what
    is left (our reading of 64A1's "one of any subsequent tricks won by the offending
    side" and 64A2's "if the offending side won that or any subsequent trick": only a
    trick the offending side won from the revoke trick on is transferred, and none for
    two revokes; the same paragraphs in 1997, 2007 and 2017)."""
    who = named(facts.offender, facts.contract)
    won, later, trick = facts.revoke_trick, facts.later, facts.trick
    if won is UNKNOWN:
        return Count(None, needs=(f"Law 64A: who won the revoke trick (trick {trick}), "
                                  "from its quitted cards",))
    if won == facts.offender:  # 64A1: the revoke trick, and one more if his side won later
        if later is UNKNOWN:
            return Count(None, needs=("Law 64A1: whether the offending side won a trick "
                                      f"after trick {trick}",))
        due = 2 if later else 1
        n = _at_most(due, facts.available)
        said = f"{who} won the revoke trick" + (" and his side won a later trick" if later
                                                else ", and his side won no later trick")
        return Count(n, (Step("64A1", said + _transferred(n, due, f"{due} trick"
                                                          f"{'s' if due != 1 else ''}")),))
    side_won = facts.side_won_revoke_trick
    if not side_won and later is UNKNOWN:
        return Count(None, needs=("Law 64A2: whether the offending side won a trick after "
                                  f"trick {trick}",))
    # 64A2: his side won the revoke trick or a later one (64B1 took the case of neither)
    by = f" ({named(won, facts.contract)} won it)" if won is not None and side_won else ""
    n = _at_most(1, facts.available)
    steps = [Step("64A2", f"{who} did not win the revoke trick{by}; his side won that trick "
                          "or a later one" + _transferred(n, 1, "one trick"))]
    if not edition.second_trick_limb:
        return Count(n, tuple(steps))
    if facts.legal_card_later is UNKNOWN:
        return Count(n, tuple(steps), needs=(
            "1997 Law 64A2: whether the offender later won a trick with a card he could "
            f"legally have played to trick {trick} (then a second trick is transferred): "
            f"not reported, {'one trick' if n else 'no trick'} counted",))
    if facts.legal_card_later is not None:
        second = _at_most(2, facts.available) == 2
        steps.append(Step("64A2", f"{who} later won trick {facts.legal_card_later} with a "
                                  "card he could legally have played to the revoke trick "
                                  "(1997 Laws): " + ("a second trick transferred." if second
                                                     else "a second trick would be due, but "
                                                     "no trick is left to transfer" + _LIMIT
                                                     + ".")))
        n += second
    return Count(n, tuple(steps))


_LIMIT = (" (64A: never more than the tricks the offending side won from the revoke trick "
          "on, and none of them twice: a trick transferred for an earlier revoke is not "
          "transferred again)")


def _transferred(n: int, due: int, due_words: str) -> str:
    """The end of a 64A1/64A2 step: the ``due`` tricks the paragraph transfers, or the
    ``n`` that earlier revokes' transfers left of the tricks the offending side won from
    the revoke trick on."""
    if n == due:
        return f": {due_words} transferred."
    taken = "every trick" if n == 0 else f"all but {n} of the tricks"
    left = "no trick is left to transfer" if n == 0 else \
        f"{n} trick{'s' if n != 1 else ''} transferred, not {due}"
    return (f"; but earlier revokes' transfers have taken {taken} his side won from the "
            f"revoke trick on: {left}{_LIMIT}.")


def _at_most(n: int, available: int | None) -> int:
    """64A: never more than the offending side won and no earlier transfer took."""
    return n if available is None else min(n, available)


def law_64b6() -> Step:
    """64B6: no transfer for a revoke on trick 12 (one that stands: the hands were
    returned to the board before attention was drawn, so Law 62D1 no longer applies)."""
    return Step("64B6", "a revoke on trick 12 that stands (found after the hands were "
                        "returned to the board, too late for Law 62D1): no transfer.")


def named(seat: Seat, contract: Contract) -> str:
    """A seat as a ruling names him: "South (declarer)", "North (dummy)", "East"."""
    role = ("declarer" if seat == contract.declarer else
            "dummy" if seat == contract.dummy else None)
    return f"{seat.long_name} ({role})" if role else seat.long_name


__all__ = ["UNKNOWN", "Count", "TransferFacts", "Unknown", "law_64", "law_64a", "law_64b",
           "law_64b6", "named"]
