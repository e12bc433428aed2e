"""The one-pass check (:func:`equity.dd.checks._plainly_valid`) lets a position through
only when every named check would, so a position the checks reject is still rejected
with their words."""

from __future__ import annotations

import random

from equity.core.game.cards import Card, Seat, Strain, Suit
from equity.core.game.position import Position
from equity.dd import checks
from equity.dd.checks import CHECKS, SolveError
from tests.builders import random_ending

DECK = [Card(Suit(s), r) for s in range(4) for r in range(2, 15)]


def passes_every_check(p: Position) -> bool:
    try:
        for check in CHECKS:
            check(p)
    except SolveError:
        return False
    return True


def mutated(rng: random.Random) -> Position:
    """A random position, often broken: a card added or removed, a trick card still held,
    a revoke on the trick, uneven hands."""
    p = random_ending(rng, rng.randint(1, 13))
    hands = list(p.hands)
    trick = list(p.trick)
    what = rng.randrange(6)
    if what == 0:
        hands[rng.randrange(4)] |= rng.choice(DECK).bit
    elif what == 1:
        hands[rng.randrange(4)] &= ~rng.choice(DECK).bit
    elif what == 2 and trick:
        trick[rng.randrange(len(trick))] = rng.choice(DECK)
    elif what == 3:
        trick.append(rng.choice(DECK))
    return Position((hands[0], hands[1], hands[2], hands[3]), Strain(rng.randrange(5)),
                    Seat(p.leader), tuple(trick))


def test_the_one_pass_check_agrees_with_the_named_checks() -> None:
    rng = random.Random(3)
    valid = 0
    for _ in range(4000):
        p = mutated(rng)
        full = passes_every_check(p)
        assert checks._plainly_valid(p) == full, p
        valid += full
    assert 500 < valid < 3500  # both kinds were tried


def test_odd_values_go_to_the_named_checks() -> None:
    p = Position((1 << 2, 1 << 18, 1 << 34, 1 << 50), Strain.NT, Seat.N, ())  # one card each
    assert checks._plainly_valid(p)
    assert not checks._plainly_valid(Position((-1, *p.hands[1:]), Strain.NT, Seat.N, ()))  # type: ignore[arg-type]
    assert not checks._plainly_valid(Position(p.hands, Strain.NT, Seat.N, ("S2",)))  # type: ignore[arg-type]
    assert not checks._plainly_valid(Position(p.hands, 7, Seat.N, ()))  # type: ignore[arg-type]
