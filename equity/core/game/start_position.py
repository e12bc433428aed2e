"""Where a replay starts when the play before it is not known: the cards each seat still
holds, who is on lead and the tricks each side has won.

Two facts start there, through one door (:attr:`equity.core.game.replay.Replay.opening`):

- A claim as the Director finds it at the table. Called to a claim, he sees the cards
  each player still holds (the claimer faces his, dummy's lie on the table, the defenders
  show theirs) and the quitted cards, each turned to say which side won its trick (Law
  65C): the tricks each side has won. He rarely has the play that led there.
  ``[EquityClaimPosition]`` says what he sees; with the session's hand record it is the
  position the claim is ruled from (:func:`equity.core.game.replay.replay`), the earlier
  play unknown.
- A play given from trick N (``[EquityPlayFrom]``, :mod:`equity.core.game.play_from`):
  the cards played from N on are the hands at N.

``[EquityClaimPosition "lead E; won NS 6 EW 2; N S4 H9 C7 C4 D2; E ...; S ...; W ..."]``
— who is on lead, the tricks each side has won, then the cards each seat still holds
(as many each: the claim is made between tricks). The trick of the claim is the one
after those won; the board's ``[Result]`` is declarer's tricks in all, as claimed.
"""

from __future__ import annotations

from msgspec import Struct

from equity.core.game.cards import (
    Card,
    CardSet,
    Deal,
    ModelError,
    Seat,
    Side,
    cards,
    count,
    quoted,
    small_int,
)

GRAMMAR = ("a claim position reads 'lead SEAT; won NS N EW N; N CARDS; E CARDS; S CARDS; "
           "W CARDS' (the cards each seat still holds), e.g. 'lead E; won NS 2 EW 6; "
           "N S4 H9 C7 C4 D2; E ...'")


class StartPosition(Struct, frozen=True):
    """The cards still held where a replay starts (a claim from the cards still held, a
    play from trick N), who is on lead and the tricks each side has won (module
    docstring). Its parts agree with each other (:meth:`parse`); with the deal
    as :meth:`check` says."""

    leader: Seat
    won_ns: int
    won_ew: int
    hands: tuple[CardSet, CardSet, CardSet, CardSet]

    @property
    def left(self) -> int:
        """The tricks left to play (the cards each seat holds)."""
        return count(self.hands[Seat.N])

    @property
    def trick(self) -> int:
        """The trick the claim is made at: the one after those won."""
        return 14 - self.left

    def won(self, side: Side) -> int:
        """The tricks ``side`` had won before the claim."""
        return self.won_ns if side == Side.NS else self.won_ew

    def __str__(self) -> str:
        held = "; ".join(f"{s.name} {' '.join(str(c) for c in cards(self.hands[s]))}"
                         for s in Seat)
        return f"lead {self.leader.name}; won NS {self.won_ns} EW {self.won_ew}; {held}"

    def check(self, deal: Deal, what: str = "the claim position gives") -> None:
        """Raise :class:`ModelError` for a card held by a seat it was not dealt to
        (``what`` starts the message: who says he held it)."""
        for seat in Seat:
            stray = self.hands[seat] & ~deal.hands[seat]
            if stray:
                card = next(cards(stray))
                holder = next(s for s in Seat if deal.hands[s] & card.bit)
                raise ModelError(f"{what} {seat.long_name} {card.pretty}, "
                                 f"which the hand record deals to {holder.long_name}")

    @classmethod
    def parse(cls, text: str) -> StartPosition:
        """Read ``[EquityClaimPosition]``'s value. Raises :class:`ModelError` naming
        what is wrong: a part out of the grammar, a card twice, hands of unequal size,
        tricks won that do not add up to those played."""
        leader: Seat | None = None
        won: tuple[int, int] | None = None
        held: dict[Seat, CardSet] = {}
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            word, *rest = part.split()
            if word.lower() == "lead" and len(rest) == 1 and leader is None:
                leader = Seat.parse(rest[0])
            elif word.lower() == "won" and won is None:
                won = parse_won(rest, part)
            elif word.upper() in ("N", "E", "S", "W") and Seat.parse(word) not in held:
                held[Seat.parse(word)] = _cards(rest, word)
            else:
                raise ModelError(f"{GRAMMAR}; not {quoted(part)}")
        missing = [s.long_name for s in Seat if s not in held]
        if leader is None or won is None or missing:
            what = ("who is on lead ('lead SEAT')" if leader is None else
                    "the tricks each side won ('won NS N EW N')" if won is None else
                    f"the cards {missing[0]} still holds")
            raise ModelError(f"the claim position does not say {what}; {GRAMMAR}")
        hands = (held[Seat.N], held[Seat.E], held[Seat.S], held[Seat.W])
        sizes = {s.long_name: count(hands[s]) for s in Seat}
        if len(set(sizes.values())) != 1 or not 1 <= sizes["North"] <= 13:
            said = ", ".join(f"{n} {k}" for n, k in sizes.items())
            raise ModelError(f"at a claim each player holds as many cards, one to 13 "
                             f"(the claim is made between tricks), not {said}")
        for i, a in enumerate(hands):
            for b in hands[i + 1:]:
                if a & b:
                    raise ModelError(f"the claim position gives {next(cards(a & b)).pretty}"
                                     " to two seats")
        played = 13 - sizes["North"]
        if sum(won) != played:
            raise ModelError(f"the tricks won (N-S {won[0]}, E-W {won[1]}) must add up to "
                             f"the {played} played before the claim ({sizes['North']} "
                             "cards each still held)")
        return cls(leader, won[0], won[1], hands)


def parse_won(words: list[str], part: str) -> tuple[int, int]:
    """'NS 6 EW 2' (split into words; ``part`` the text for the message) -> (6, 2):
    the tricks each side won, N-S then E-W."""
    got: dict[str, int] = {}
    for side, n in zip(words[::2], words[1::2], strict=False):
        tricks = small_int(n, 2)
        if side.upper() not in ("NS", "EW") or side.upper() in got or tricks is None \
                or tricks > 12:
            break
        got[side.upper()] = tricks
    if len(words) != 4 or len(got) != 2:
        raise ModelError(f"the tricks won read 'won NS N EW N', not {quoted(part)}")
    return got["NS"], got["EW"]


def _cards(words: list[str], seat: str) -> CardSet:
    """The cards a seat holds, each once ('-': none)."""
    out: CardSet = 0
    for w in words:
        if w == "-":
            continue
        card = Card.parse(w)
        if out & card.bit:
            raise ModelError(f"the claim position gives {seat.upper()} {card.pretty} twice")
        out |= card.bit
    return out


__all__ = ["GRAMMAR", "StartPosition", "parse_won"]
