"""A record that starts at trick N (``[EquityPlayFrom]``): the kernel from the cards still
held there, and the replay, against the whole play's replay from that trick on."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from equity.core.game.board import Board
from equity.core.game.cards import Seat, Side
from equity.core.game.errors import BoardError
from equity.core.game.facts import Requirement
from equity.core.game.kernel import Batch, Code, pack_board, run
from equity.core.game.play_from import PlayFrom
from equity.core.game.replay import Replay, record_start, replay
from equity.core.game.revoke_report import RevokeReport
from tests.builders import played_from, random_board


def from_trick(b: Board, n: int, won: bool = False, result: bool = True, **facts: object
               ) -> Board:
    """``b``'s record from trick ``n`` on (:func:`~tests.builders.played_from`), the
    tricks won before it given (``won``), the result left out (not ``result``)."""
    rp = replay(b)
    start = PlayFrom(n, (rp.won_before(Side.NS, n), rp.won_before(Side.EW, n)) if won
                     else None)
    part = played_from(b, n)
    return replace(part, result=part.result if result else None,
                   facts=replace(part.facts, play_from=start, **facts))


def tail(rp: Replay, n: int) -> tuple[object, ...]:
    return (tuple(t for t in rp.tricks if t.number >= n),
            tuple(r for r in rp.revokes if r.trick >= n))


@pytest.mark.parametrize("seed", range(40))
def test_the_play_from_trick_n_replays_as_the_whole_play_from_there(seed: int) -> None:
    """Its hands are the cards played from N: the same tricks, revokes (the kernel's
    follow-suit check on the hands still held) and numbers as the whole play from N."""
    rng = random.Random(seed)
    whole, _ = random_board(rng, inject=((rng.randint(1, 13), rng.randint(1, 3)),
                                         (rng.randint(1, 13), rng.randint(1, 3))))
    n = rng.randint(2, 13)
    full = replay(whole)
    part = replay(from_trick(whole, n, won=seed % 2 == 0))
    assert part.first_trick == n
    assert (part.tricks, part.revokes) == tail(full, n)
    assert part.declarer_tricks == full.declarer_tricks
    assert part.tricks_done == 13 and part.finished
    for side in Side:
        assert part.won_before(side, n) == full.won_before(side, n)
    assert part.position(n) .hands == full.position(n).hands
    assert part.plays_before(n + (n < 13), 1) == tuple(
        p for t in full.tricks for p in t.plays
        if t.number >= n)[:4 * (n < 13) + 1]


def test_the_kernel_refuses_a_start_without_its_leader() -> None:
    whole, _ = random_board(random.Random(3))
    b = from_trick(whole, 6)
    assert b.contract is not None and b.play is not None
    batch = Batch.empty(1)
    hands, first = record_start(b)
    pack_board(batch, 0, hands, b.contract, b.play, (), first)
    batch.leaders[0, 0] = -1
    assert int(run(batch).error[0, 0]) == Code.BAD_INPUT


def test_the_kernel_numbers_the_tricks_from_the_start_and_checks_hand_size() -> None:
    whole, _ = random_board(random.Random(4))
    b = from_trick(whole, 9)
    assert b.contract is not None and b.play is not None
    hands, first = record_start(b)
    batch = Batch.empty(1)
    pack_board(batch, 0, hands, b.contract, b.play, (), first)
    out = run(batch)
    assert int(out.error[0, 0]) == Code.OK
    assert int((out.order[0, :, 0] >= 0).sum()) == 20
    batch.hands[0] = whole.deal.hands  # 13 cards each at trick 9: not the cards held
    assert int(run(batch).error[0, 0]) == Code.BAD_DEAL


def test_a_penalty_card_from_before_the_start_binds_while_still_held() -> None:
    """Law 50D1 from the hands at N: the kernel applies it as in the whole play."""
    rng = random.Random(11)
    whole, _ = random_board(rng)
    full = replay(whole)
    seat = Seat.W
    card = full.tricks[9].card_of(seat)
    assert card is not None
    req = (Requirement("penalty", seat, 3, card=card),)
    whole = replace(whole, facts=replace(whole.facts, requirements=req))
    assert tail(replay(from_trick(whole, 7)), 7) == tail(replay(whole), 7)


def test_the_tricks_won_before_follow_from_the_result() -> None:
    whole, _ = random_board(random.Random(5))
    full = replay(whole)
    b = from_trick(whole, 5)
    assert b.play is not None
    assert replay(b).opening is not None
    assert replay(b).won_before(full.declarer_side, 5) == full.won_before(
        full.declarer_side, 5)
    with pytest.raises(BoardError, match="not known: give declarer's tricks in all"):
        replay(from_trick(whole, 5, result=False))
    wrong = replace(b, result=full.declarer_tricks + 6)
    with pytest.raises(BoardError, match="leave"):
        replay(wrong)
    given = from_trick(whole, 5, won=True)
    with pytest.raises(BoardError, match="not the"):
        replay(replace(given, result=full.declarer_tricks - 1))


def test_a_record_from_trick_n_must_run_to_the_end() -> None:
    whole, _ = random_board(random.Random(6))
    b = from_trick(whole, 5)
    assert b.play is not None
    short = replace(b, play=replace(b.play, tricks=b.play.tricks[:-1]))
    with pytest.raises(BoardError, match="every card of tricks 5 to 13"):
        replay(short)


def test_a_card_played_from_n_must_be_dealt_to_its_player() -> None:
    whole, _ = random_board(random.Random(7))
    b = from_trick(whole, 5)
    assert b.play is not None
    rows = list(b.play.tricks)
    a, c = rows[-1][0], rows[-1][1]
    rows[-1] = (c, a, rows[-1][2], rows[-1][3])  # North's and East's last cards swapped
    swapped = replace(b, play=replace(b.play, tricks=tuple(rows)))
    with pytest.raises(BoardError, match="which the hand record deals to"):
        replay(swapped)


def test_a_revoke_reported_before_the_start_is_refused() -> None:
    whole, _ = random_board(random.Random(8))
    full = replay(whole)
    t = full.tricks[2]
    report = RevokeReport(3, t.plays[1].seat, t.plays[1].card, True)
    with pytest.raises(BoardError, match="give the play from trick 3"):
        replay(from_trick(whole, 5, revoke_report=report))


def test_a_lead_requirement_before_the_start_is_refused() -> None:
    """Whether it was used up before trick N needs the play before it."""
    from equity.core.game.cards import Suit
    whole, _ = random_board(random.Random(9))
    req = (Requirement("lead", Seat.W, 2, suit=Suit.H),)
    with pytest.raises(BoardError, match="concerns the play before trick 5"):
        replay(from_trick(whole, 5, requirements=req))


def test_play_from_reads_its_trick_and_the_tricks_won() -> None:
    from equity.core.game.cards import ModelError
    assert PlayFrom.parse("5") == PlayFrom(5)
    assert PlayFrom.parse("5; won NS 3 EW 1") == PlayFrom(5, (3, 1))
    assert str(PlayFrom(5, (3, 1))) == "5; won NS 3 EW 1"
    for bad in ("1", "14", "x", "5; won NS 3 EW 2", "5; lost NS 3 EW 1"):
        with pytest.raises(ModelError):
            PlayFrom.parse(bad)
