"""What a position must be before DDS may see it, as small named checks.

Why check at all: DDS checks only part of this, and what it rejects it also dumps into
``dump.txt`` in the working directory. What it does not check it silently solves: a
revoke already on the current trick is solved as if it were legal, and a seat that has
played to the trick but still holds as many cards as the others gets a (wrong) answer
rather than an error. So everything is checked here, in words a ruling can quote, in
this order (the first failure is the one reported):

1. the strain, leader, hands and trick are proper values, at most 3 cards on the trick;
2. every hand is a set of at most 13 cards;
3. no card is held twice, on the trick twice, or both held and on the trick;
4. the hands are the right sizes: the player to play holds ``n >= 1`` cards, so does
   everyone yet to play to the trick, and those who already played to it hold ``n - 1``;
5. each card on the trick follows suit if its player could (Law 44C, through
   :attr:`Position.revoke_on_trick`): a revoke inside the current trick must be ruled
   on (or the play taken back) before DDS can take the position.
"""

from __future__ import annotations

from collections.abc import Sequence

from equity.core.game import (
    FULL_DECK,
    Card,
    CardSet,
    EquityError,
    Position,
    Seat,
    Strain,
    cards,
    count,
)


class SolveError(EquityError):
    """A position DDS must not be given (or that DDS rejected), with the reason in words."""


_SUIT_NAMES = ("spade", "heart", "diamond", "club")


def _cards_text(cs: CardSet) -> str:
    return ", ".join(str(c) for c in cards(cs))


def _sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(f"{s.long_name} {sizes[s]}" for s in Seat)


def check_shape(position: Position) -> None:
    """1. Proper values: a Position, a strain, a seat, four hands, at most 3 cards on
    the trick (the value types do not enforce this: a position is built from any input)."""
    if not isinstance(position, Position):
        raise SolveError(f"not a Position: {position!r}")
    if not isinstance(position.strain, Strain) and position.strain not in range(5):
        raise SolveError(f"not a strain: {position.strain!r}")
    if position.leader not in range(4):
        raise SolveError(f"not a seat: {position.leader!r}")
    if not isinstance(position.hands, tuple) or len(position.hands) != 4:
        raise SolveError("a position needs exactly four hands (N, E, S, W)")
    trick = position.trick
    if not isinstance(trick, tuple) or not all(isinstance(c, Card) for c in trick):
        raise SolveError(f"the current trick must be a tuple of cards: {trick!r}")
    if len(trick) > 3:
        raise SolveError(
            f"{len(trick)} cards on the current trick: at most 3 can be played before the "
            "position is a new trick (a complete trick must be gathered and its winner lead)"
        )


def check_hands(position: Position) -> None:
    """2. Every hand is a set of cards (no stray bits), at most 13 of them."""
    for seat in Seat:
        h = position.hands[seat]
        if not isinstance(h, int) or h < 0 or h & ~FULL_DECK:
            raise SolveError(f"{seat.long_name}'s hand is not a set of cards: {h!r}")
        if count(h) > 13:
            raise SolveError(f"{seat.long_name} holds {count(h)} cards; a hand has at most 13")


def check_each_card_once(position: Position) -> None:
    """3. No card in two hands, twice on the trick, or on the trick and still held."""
    hands = position.hands
    hn, he, hs, hw = hands
    if (hn & he) | (hn & hs) | (hn & hw) | (he & hs) | (he & hw) | (hs & hw):
        for a in Seat:
            for b in Seat:
                if a < b and hands[a] & hands[b]:
                    raise SolveError(
                        f"{_cards_text(hands[a] & hands[b])} held by both "
                        f"{a.long_name} and {b.long_name}"
                    )
    held = hn | he | hs | hw
    on_trick = 0
    for i, card in enumerate(position.trick):
        if on_trick & card.bit:
            raise SolveError(f"{card} is on the current trick twice")
        on_trick |= card.bit
        if held & card.bit:
            player = Seat(position.leader).after(i)
            seat = next(s for s in Seat if hands[s] & card.bit)
            who = "who played it" if seat == player else f"but {player.long_name} played it"
            raise SolveError(
                f"{card} is on the current trick and still in {seat.long_name}'s hand "
                f"({who}); cards played to the trick must be removed from the hands"
            )


def check_sizes(position: Position) -> None:
    """4. The player to play holds ``n >= 1`` cards, as does everyone yet to play to the
    trick; those who played to it hold ``n - 1``."""
    sizes = [count(h) for h in position.hands]
    trick = position.trick
    if sum(sizes) == 0 and not trick:
        raise SolveError("empty position: nobody holds any cards, there is nothing to solve")
    leader, to_play = Seat(position.leader), position.to_play
    n = sizes[to_play]
    if n == 0:
        raise SolveError(
            f"{to_play.long_name} is to play to the current trick but holds no cards "
            f"(cards held: {_sizes_text(sizes)}; {len(trick)} on the trick)"
        )
    for i in range(4):
        seat = leader.after(i)
        want = n - 1 if i < len(trick) else n
        if sizes[seat] != want:
            raise SolveError(
                f"inconsistent hand sizes: with {len(trick)} card(s) on the trick led by "
                f"{leader.long_name} and {to_play.long_name} to play holding {n}, "
                f"{seat.long_name} should hold {want} (cards held: {_sizes_text(sizes)})"
            )


def check_no_revoke_on_trick(position: Position) -> None:
    """5. Law 44C on the current trick: a card that did not follow suit while its player
    still holds the suit led is a revoke, which DDS would solve as if it were legal."""
    if not position.revoke_on_trick:
        return
    led = position.trick[0].suit
    leader = Seat(position.leader)
    for i, card in enumerate(position.trick[1:], start=1):
        player = leader.after(i)
        holding = position.hands[player] & led.mask
        if card.suit != led and holding:
            raise SolveError(
                f"revoke on the current trick: {player.long_name} played {card} to a "
                f"{_SUIT_NAMES[led]} lead while holding {_cards_text(holding)}. "
                "A revoke inside the current trick is not a position DDS can take: rule "
                "on it first, or solve from before the revoke"
            )


CHECKS = (check_shape, check_hands, check_each_card_once, check_sizes,
          check_no_revoke_on_trick)
"""Every check, in the order their failures are reported."""


def _plainly_valid(p: Position) -> bool:
    """Whether ``p`` passes every check, decided in one pass on plain integers (the
    checks themselves run only when it does not: they find and word the failure). True
    only when every check would pass; False also for anything unusual (other types)."""
    hands, trick, leader = p.hands, p.trick, p.leader
    if (type(p) is not Position or type(hands) is not tuple or len(hands) != 4
            or type(trick) is not tuple or len(trick) > 3 or leader not in range(4)
            or p.strain not in range(5)):
        return False
    hn, he, hs, hw = hands
    if not (type(hn) is type(he) is type(hs) is type(hw) is int):
        return False
    held = hn | he | hs | hw
    if min(hn, he, hs, hw) < 0 or held & ~FULL_DECK:
        return False
    sizes = [hn.bit_count(), he.bit_count(), hs.bit_count(), hw.bit_count()]
    if held.bit_count() != sum(sizes):
        return False  # a card held twice
    on_trick, led = 0, None
    for i, card in enumerate(trick):
        if type(card) is not Card:
            return False
        bit = card.bit
        if on_trick & bit:
            return False
        on_trick |= bit
        seat = (leader + i) & 3
        if i == 0:
            led = card.suit
        elif card.suit != led and hands[seat] & led.mask:  # type: ignore[union-attr]
            return False  # a revoke on the trick
    if held & on_trick:
        return False
    n = sizes[(leader + len(trick)) & 3]
    if n == 0 or n > 13:
        return False
    return all(sizes[(leader + i) & 3] == (n - 1 if i < len(trick) else n)
               for i in range(4))


def validate(position: Position) -> None:
    """Raise :class:`SolveError` unless ``position`` is one DDS can solve correctly."""
    if _plainly_valid(position):
        return
    for check in CHECKS:
        check(position)


def validate_all(positions: Sequence[Position]) -> None:
    """:func:`validate` every position; the error names the index of the first bad one
    (``"position 3: ..."``), as a batch's error must."""
    for i, p in enumerate(positions):
        try:
            validate(p)
        except SolveError as e:
            raise SolveError(f"position {i}: {e}") from None
