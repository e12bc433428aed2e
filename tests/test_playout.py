"""Single-dummy playouts: every card legal and played once, tricks counted, voids
learned from the play, reproducible, several playouts decided in one batch."""

from __future__ import annotations

import random

from equity.core.playout import Playout, Run, play_out

from equity.core.cards import Card, Seat, Side, Strain, Suit, parse_hand
from equity.core.position import Position
from equity.core.questions import solved
from tests.oracle_dd import oracle_tricks
from tests.test_single_dummy import OracleValuer

C = Card.parse


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


ENDING = Position(hands("AK.32.-.-", "QJ.54.-.-", "T9.AK.-.-", "87.QJ.-.-"), Strain.NT, Seat.S)


def test_every_card_is_legal_and_played_once_and_the_tricks_add_up() -> None:
    (p,) = solved(play_out(ENDING, 10, Seat.S, {}, [random.Random(1)], samples=4),
                  OracleValuer())
    assert len(p.plays) == 16 and len({x.card for x in p.plays}) == 16
    assert p.won[Side.NS] + p.won[Side.EW] == 4
    assert [x.trick for x in p.plays] == [10] * 4 + [11] * 4 + [12] * 4 + [13] * 4
    pos = ENDING
    for x in p.plays:
        assert x.seat == pos.to_play and not pos.is_revoke(x.card)
        pos = pos.play(x.card)


def test_a_player_who_shows_out_is_known_void_from_then_on() -> None:
    start = Position(hands("A2.-.-.-", "K.3.-.-", "Q.4.-.-", "-.5.-.2"), Strain.NT, Seat.N)
    r = Run(start, {}, 12)
    for card in ("SA", "SK", "SQ"):
        r.play(C(card))
        assert r.voids == {}
    r.play(C("C2"))  # West discards on the spade lead
    assert r.voids == {Seat.W: 1 << Suit.S}
    assert r.won == {Side.NS: 1, Side.EW: 0} and r.trick_no == 13


def test_top_tricks_are_taken_single_dummy_as_double_dummy() -> None:
    outs = solved(play_out(ENDING, 10, Seat.S, {}, [random.Random(k) for k in range(3)],
                           samples=6), OracleValuer())
    best = oracle_tricks(ENDING.hands, Strain.NT, Seat.S, (), Side.NS)
    assert [o.won[Side.NS] for o in outs] == [best] * 3


def test_playouts_are_reproducible_and_decided_in_one_batch_per_card() -> None:
    valuer = OracleValuer()

    def three() -> list[Playout]:
        return solved(play_out(ENDING, 10, Seat.S, {}, [random.Random(k) for k in range(3)],
                               samples=4), valuer)

    first = three()
    calls = valuer.calls
    again = three()
    assert first == again
    assert calls <= 16  # one solver call per card at most, for all three playouts
