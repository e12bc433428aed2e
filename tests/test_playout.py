"""Single-dummy playouts: every card legal and played once, tricks counted, voids
learned from the play, reproducible, several playouts decided in one batch."""

from __future__ import annotations

import random
from collections.abc import Sequence

from equity.core.cards import Card, Seat, Side, Strain, parse_hand
from equity.core.knowledge import Knowledge
from equity.core.playout import play_out
from equity.core.position import Position
from equity.dd.single_dummy import SingleDummyDecider, lowest
from tests.oracle_dd import oracle_tricks
from tests.test_single_dummy import OracleValuer

C = Card.parse


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


ENDING = Position(hands("AK.32.-.-", "QJ.54.-.-", "T9.AK.-.-", "87.QJ.-.-"), Strain.NT, Seat.S)


def lowest_legal(knowledges: Sequence[Knowledge], rngs: Sequence[random.Random]
                 ) -> list[Card]:
    from equity.core.cards import cards

    return [lowest(list(cards(k.position.legal()))) for k in knowledges]


def test_every_card_is_legal_and_played_once_and_the_tricks_add_up() -> None:
    (p,) = play_out(ENDING, 10, Seat.S, {}, lowest_legal, [random.Random(1)])
    assert len(p.plays) == 16 and len({x.card for x in p.plays}) == 16
    assert p.won[Side.NS] + p.won[Side.EW] == 4
    assert [x.trick for x in p.plays] == [10] * 4 + [11] * 4 + [12] * 4 + [13] * 4
    pos = ENDING
    for x in p.plays:
        assert x.seat == pos.to_play and not pos.is_revoke(x.card)
        pos = pos.play(x.card)


def test_a_player_who_shows_out_is_known_void_from_then_on() -> None:
    seen: list[dict[Seat, int]] = []

    def spy(knowledges: Sequence[Knowledge], rngs: Sequence[random.Random]) -> list[Card]:
        seen.append(dict(knowledges[0].voids))
        return lowest_legal(knowledges, rngs)

    start = Position(hands("A2.-.-.-", "K.3.-.-", "Q.4.-.-", "-.5.-.2"), Strain.NT, Seat.N)
    play_out(start, 12, Seat.S, {}, spy, [random.Random(1)])
    assert seen[3] == {} and seen[4] == {Seat.W: 1}  # West discarded on the spade lead


def test_top_tricks_are_taken_single_dummy_as_double_dummy() -> None:
    decider = SingleDummyDecider(OracleValuer(), samples=6)
    outs = play_out(ENDING, 10, Seat.S, {}, decider, [random.Random(k) for k in range(3)])
    best = oracle_tricks(ENDING.hands, Strain.NT, Seat.S, (), Side.NS)
    assert [o.won[Side.NS] for o in outs] == [best] * 3


def test_playouts_are_reproducible_and_decided_in_one_batch_per_card() -> None:
    valuer = OracleValuer()
    decider = SingleDummyDecider(valuer, samples=4)
    first = play_out(ENDING, 10, Seat.S, {}, decider, [random.Random(k) for k in range(3)])
    calls = valuer.calls
    again = play_out(ENDING, 10, Seat.S, {}, decider, [random.Random(k) for k in range(3)])
    assert first == again
    assert calls <= 16  # one solver call per card at most, for all three playouts
