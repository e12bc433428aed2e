"""The solver stage: DDS (through endplay) agrees with a brute-force oracle and with DDS's
own published test results, answers for the side asked about, and never sees a bad
position."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import equity.dd.checks as checks_mod
import equity.dd.solve as solve_mod
from equity.core.game.cards import Card, Seat, Side, Strain, Suit, card_set
from equity.core.game.position import Position
from equity.dd.binding import MAX_BOARDS
from equity.dd.checks import SolveError, validate
from equity.dd.solve import dds_threads, set_threads, solve_cards, solve_position, solve_positions
from tests.builders import EXTERNAL, ROOT, random_ending
from tests.dd.dds_files import Hand, hands_of, read_dds_file, trace_positions
from tests.oracle_dd import legal_cards, oracle_card_values, oracle_tricks

DDS_HANDS = EXTERNAL / "dds-hands"

C = Card.parse




def without(hands: tuple[int, int, int, int], *played: str) -> tuple[int, int, int, int]:
    gone = card_set([C(c) for c in played])
    return (hands[0] & ~gone, hands[1] & ~gone, hands[2] & ~gone, hands[3] & ~gone)


# --------------------------------------------------------------------------- random endings


@st.composite
def endings(draw: st.DrawFn, min_cards: int = 2, max_cards: int = 5) -> Position:
    """Random endings of 2-5 cards a hand, often in few suits (so ruffs and squeezes occur),
    any strain and leader, and 0-3 cards already played legally to the current trick."""
    n = draw(st.sampled_from(range(min_cards, max_cards + 1)))
    event(f"{n} cards a hand")
    order = draw(st.permutations(list(Suit)))
    suits = order[: max(draw(st.integers(1, 4)), -(-4 * n // 13))]
    pool = [Card(s, r) for s in suits for r in range(2, 15)]
    dealt = draw(st.randoms(use_true_random=False)).sample(pool, 4 * n)
    hands = [card_set(dealt[i * n : (i + 1) * n]) for i in range(4)]
    strain = draw(st.sampled_from(list(Strain)))
    leader = draw(st.sampled_from(list(Seat)))
    trick: list[Card] = []
    for i in range(draw(st.integers(0, 3))):
        seat = leader.after(i)
        card = draw(st.sampled_from(legal_cards(hands[seat], tuple(trick))))
        hands[seat] &= ~card.bit
        trick.append(card)
    return Position((hands[0], hands[1], hands[2], hands[3]), strain, leader, tuple(trick))


def oracle(p: Position, side: Side) -> int:
    return oracle_tricks(p.hands, p.strain, p.leader, p.trick, side)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endings())
def test_solve_positions_and_solve_cards_agree_with_brute_force_oracle(p: Position) -> None:
    values = oracle_card_values(p.hands, p.strain, p.leader, p.trick, Side.NS)
    best_ns = (max if p.to_play.side == Side.NS else min)(values.values())
    assert solve_positions([p], Side.NS) == [best_ns]
    assert solve_positions([p], Side.EW) == [p.tricks_left - best_ns]
    assert solve_cards(p, Side.NS) == values
    assert solve_cards(p, Side.EW) == {c: p.tricks_left - v for c, v in values.items()}


def test_oracle_itself_on_hand_checked_endings() -> None:
    # N: SA SK, E: SQ SJ, S: ST S9, W: S8 S7, no trump, North leads: NS win both.
    h = hands_of("N:AK... QJ... T9... 87...")
    assert oracle_tricks(h, Strain.NT, Seat.N, (), Side.NS) == 2
    # Same cards but hearts are trumps and West has two small hearts instead: W ruffs both.
    h = hands_of("N:AK... QJ... T9... .32..")
    assert oracle_tricks(h, Strain.H, Seat.N, (), Side.EW) == 2
    assert oracle_tricks(h, Strain.NT, Seat.N, (), Side.EW) == 0
    # North AQ over West K4 of spades: South leading through West wins both tricks,
    # North having to lead from AQ loses one to the king.
    h = hands_of("N:AQ... .32.. 32... K4...")
    assert oracle_tricks(h, Strain.NT, Seat.S, (), Side.NS) == 2
    assert oracle_tricks(h, Strain.NT, Seat.N, (), Side.NS) == 1
    assert oracle_card_values(h, Strain.NT, Seat.N, (), Side.NS) == {C("SA"): 1, C("SQ"): 1}


def test_side_values_sum_to_the_tricks_left() -> None:
    rng = random.Random(7)
    ps = [random_ending(rng, rng.randint(1, 6)) for _ in range(120)]
    ns, ew = solve_positions(ps, Side.NS), solve_positions(ps, Side.EW)
    for p, a, b in zip(ps, ns, ew, strict=True):
        assert a + b == p.tricks_left
        assert 0 <= a <= p.tricks_left


def test_score_is_for_the_named_side_not_the_side_to_move() -> None:
    # North led SA, East to play: East-West take nothing, North-South both tricks.
    h = without(hands_of("N:AK... QJ... T9... 87..."), "SA")
    p = Position(h, Strain.NT, Seat.N, (C("SA"),))
    assert p.to_play == Seat.E and p.tricks_left == 2
    assert solve_positions([p], Side.NS) == [2]
    assert solve_positions([p], Side.EW) == [0]
    assert solve_cards(p, Side.EW) == {C("SQ"): 0, C("SJ"): 0}
    assert solve_cards(p, Side.NS) == {C("SQ"): 2, C("SJ"): 2}


def test_solve_cards_lists_every_equal_card() -> None:
    # South holds AKQJ of spades: DDS returns one entry with the others as "equals".
    h = hands_of("N:2345... 6789... AKQJ... T..AKQ.")
    p = Position(h, Strain.NT, Seat.S)
    got = solve_cards(p, Side.NS)
    assert set(got) == {C("SA"), C("SK"), C("SQ"), C("SJ")}
    assert set(got.values()) == {4}


def test_solve_cards_lists_only_legal_cards_when_following() -> None:
    h = without(hands_of("N:A2.A.. K3.K.. Q4.Q.. J5.J.."), "S2")
    p = Position(h, Strain.NT, Seat.N, (C("S2"),))
    assert set(solve_cards(p, Side.NS)) == {C("SK"), C("S3")}


# --------------------------------------------------------------------------- DDS's own results








def dds_file(name: str) -> Path:
    path = DDS_HANDS / name
    if not path.is_file():
        pytest.skip(f"DDS test hands not available at {DDS_HANDS}")
    return path


def check_traces(hands: list[Hand]) -> int:
    """Every TRACE number is matched by the solver; returns how many were checked.

    TRACE's side: the k-th number (k = 0 .. n-1) is the number of tricks the DECLARING
    side takes over the whole deal -- tricks already won plus the double-dummy value of
    the rest -- after the first k cards of PLAY. Declarer is the opening leader's right-hand
    opponent (``first.after(3)``), so the side is the one NOT on opening lead; t0 equals
    declarer's entry in the TABLE line. DDS stops the trace before the forced last trick
    (a 52-card PLAY has 49 TRACE numbers). Established by this very test: with the
    opening-leader side instead, every hand would fail.
    """
    positions: list[Position] = []
    expected: list[tuple[Side, int, int]] = []
    for hand in hands:
        declarers = hand.first.after(3).side
        for p, won in trace_positions(hand):
            positions.append(p)
            expected.append((declarers, won, hand.number))
    ns = solve_positions(positions, Side.NS)
    k = 0
    for hand in hands:
        got = []
        for _ in hand.trace:
            p, (declarers, won, _n) = positions[k], expected[k]
            got.append(won + (ns[k] if declarers == Side.NS else p.tricks_left - ns[k]))
            k += 1
        assert got == hand.trace, f"hand {hand.number} ({hand.deal})"
    return k


@pytest.mark.parametrize("name", ["list10.txt", "list100.txt"])
def test_every_prefix_of_every_play_matches_dds_trace(name: str) -> None:
    hands = read_dds_file(dds_file(name))
    assert len(hands) == int(name[4:-4])
    assert check_traces(hands) > 30 * len(hands)


def test_a_slice_of_the_larger_lists_matches_dds_trace() -> None:
    hands = (
        read_dds_file(dds_file("list300.txt"))[::30]
        + read_dds_file(dds_file("list1000.txt"))[::100]
    )
    assert check_traces(hands) > 0


def fut_values(fut: list[int]) -> dict[Card, int]:
    n = fut[0]
    suits, ranks, equals, scores = (fut[1 + i * n : 1 + (i + 1) * n] for i in range(4))
    out = {}
    for s, r, eq, score in zip(suits, ranks, equals, scores, strict=True):
        for rank in range(2, 15):
            if rank == r or eq >> rank & 1:
                out[Card(Suit(s), rank)] = score
    return out


def test_solve_cards_matches_dds_fut_for_the_opening_lead() -> None:
    # FUT is SolveBoard with solutions=3 on the full deal; its scores are for the side of
    # the player to move, i.e. the opening leader's side.
    hands = read_dds_file(dds_file("list10.txt")) + read_dds_file(dds_file("list100.txt"))[:15]
    for hand in hands:
        p = Position(hands_of(hand.deal), hand.trump, hand.first)
        assert solve_cards(p, hand.first.side) == fut_values(hand.fut), hand.deal
        other = {c: 13 - v for c, v in fut_values(hand.fut).items()}
        assert solve_cards(p, hand.first.side.other) == other


# --------------------------------------------------------------------------- bad positions

THREE = hands_of("N:AK.A.. QJ.K.. T9.Q.. 87.J..")  # three cards a hand

BAD: list[tuple[str, Position, str]] = [
    (
        "hand sizes differ with nothing on the trick",
        Position((THREE[0], THREE[1] & ~C("SQ").bit, THREE[2], THREE[3]), Strain.NT, Seat.N),
        "inconsistent hand sizes",
    ),
    (
        "a seat that played to the trick still holds as many as the others",
        Position(THREE, Strain.NT, Seat.N, (C("S2"),)),
        "inconsistent hand sizes",
    ),
    (
        "the same card in two hands",
        Position((THREE[0] | C("SQ").bit, THREE[1], THREE[2], THREE[3]), Strain.NT, Seat.N),
        "held by both North and East",
    ),
    (
        "a card on the trick still in a hand",
        Position(
            (THREE[0] & ~C("SK").bit, THREE[1], THREE[2], THREE[3]), Strain.NT, Seat.N, (C("SA"),)
        ),
        "still in North's hand",
    ),
    (
        "the same card twice on the trick",
        Position(without(THREE, "S8", "SA"), Strain.NT, Seat.W, (C("S2"), C("S2"))),
        "on the current trick twice",
    ),
    (
        "more than 13 cards",
        Position((Suit.S.mask | C("H2").bit, 0, 0, 0), Strain.NT, Seat.N),
        "at most 13",
    ),
    (
        "more than 3 cards on the trick",
        Position(
            without(THREE, "SA", "SQ", "ST", "S8"),
            Strain.NT,
            Seat.N,
            (C("SA"), C("SQ"), C("ST"), C("S8")),
        ),
        "at most 3",
    ),
    ("an empty position", Position((0, 0, 0, 0), Strain.S, Seat.N), "empty position"),
    (
        "the player to play holds nothing",
        Position((0, 0, 0, 0), Strain.S, Seat.N, (C("SA"),)),
        "holds no cards",
    ),
    (
        "a revoke inside the current trick",
        Position(without(THREE, "SA", "HK"), Strain.NT, Seat.N, (C("SA"), C("HK"))),
        "revoke on the current trick",
    ),
    (
        "a hand with bits that are not cards",
        Position((THREE[0] | 1, THREE[1], THREE[2], THREE[3]), Strain.NT, Seat.N),
        "not a set of cards",
    ),
]


@pytest.mark.parametrize(("what", "position", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_positions_raise_solve_error_and_leave_no_dump_file(
    what: str, position: Position, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SolveError, match=message):
        validate(position)
    good = Position(THREE, Strain.NT, Seat.N)
    with pytest.raises(SolveError, match=f"position 1: .*{message}"):
        solve_positions([good, position], Side.NS)
    with pytest.raises(SolveError, match=message):
        solve_cards(position, Side.NS)
    assert list(tmp_path.iterdir()) == []


def test_a_revoke_message_says_dds_cannot_take_it() -> None:
    p = Position(without(THREE, "SA", "HK"), Strain.NT, Seat.N, (C("SA"), C("HK")))
    with pytest.raises(SolveError, match="East played HK to a spade lead while holding SQ, SJ"):
        validate(p)
    with pytest.raises(SolveError, match="not a position DDS can take"):
        validate(p)


def test_legal_discard_on_the_trick_is_accepted() -> None:
    h = hands_of("N:AK.A.. .KQJ.. T9..Q. 87..J.")
    validate(Position(without(h, "SA", "HK"), Strain.NT, Seat.N, (C("SA"), C("HK"))))


@pytest.mark.parametrize("solver", ["positions", "cards"])
def test_if_dds_rejects_a_position_anyway_its_dump_file_is_removed(
    solver: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(checks_mod, "validate", lambda position: None)
    monkeypatch.setattr(solve_mod, "validate", lambda position: None)
    bad = BAD[0][1]  # hand sizes differ: DDS itself rejects this one
    call: Callable[[], Any] = (
        (lambda: solve_positions([bad], Side.NS))
        if solver == "positions"
        else (lambda: solve_cards(bad, Side.NS))
    )
    with pytest.raises(SolveError, match="DDS rejected"):
        call()
    assert list(tmp_path.iterdir()) == []


def test_an_existing_dump_file_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dump.txt").write_text("mine")
    assert solve_positions([Position(THREE, Strain.NT, Seat.N)], Side.NS) == [3]
    assert (tmp_path / "dump.txt").read_text() == "mine"


# --------------------------------------------------------------------------- batching


def test_more_than_200_positions_are_solved_in_chunks_like_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2024)
    ps = [random_ending(rng, rng.randint(2, 3)) for _ in range(450)]
    from equity.dd.session import DdsSession

    sizes: list[int] = []
    real = DdsSession.run

    def spy(self: DdsSession, bop: Any, keys: Any = None) -> Any:
        sizes.append(bop.noOfBoards)
        return real(self, bop, keys)

    monkeypatch.setattr(DdsSession, "run", spy)
    batched = solve_positions(ps, Side.EW)
    assert sizes == [MAX_BOARDS, MAX_BOARDS, 50]
    one_by_one = [solve_position(p, Side.EW) for p in ps]
    assert batched == one_by_one
    assert batched == [oracle(p, Side.EW) for p in ps]


def test_exactly_201_positions_work() -> None:
    rng = random.Random(201)
    ps = [random_ending(rng, 2) for _ in range(201)]
    assert solve_positions(ps, Side.NS) == [oracle(p, Side.NS) for p in ps]


def test_no_positions_give_no_results() -> None:
    assert solve_positions([], Side.NS) == []


def test_calls_from_several_python_threads_are_serialised_and_correct() -> None:
    rng = random.Random(5)
    ps = [random_ending(rng, rng.randint(2, 4)) for _ in range(40)]
    expected_cards = [solve_cards(p, Side.NS) for p in ps]
    expected = solve_positions(ps, Side.NS)

    def work(i: int) -> tuple[dict[Card, int], list[int]]:
        return solve_cards(ps[i], Side.NS), solve_positions(ps[i : i + 5], Side.NS)

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, range(len(ps))))
    for i, (cards_, values) in enumerate(results):
        assert cards_ == expected_cards[i]
        assert values == expected[i : i + 5]


# --------------------------------------------------------------------------- set-up


def test_set_threads_changes_dds_thread_count() -> None:
    try:
        set_threads(1)
        assert dds_threads() == 1
        p = Position(THREE, Strain.S, Seat.E)
        assert solve_positions([p], Side.NS) == [oracle(p, Side.NS)]
    finally:
        set_threads(0)
    assert dds_threads() >= 1
    with pytest.raises(ValueError):
        set_threads(-1)


def test_position_knows_who_plays_and_how_many_tricks_are_left() -> None:
    p = Position(without(THREE, "S8", "SA"), Strain.NT, Seat.W, (C("S8"), C("SA")))
    assert p.to_play == Seat.E
    assert p.tricks_left == 3
    assert Position(THREE, Strain.NT, Seat.S).tricks_left == 3
    validate(p)


def test_importing_the_module_does_not_import_endplay() -> None:
    root = ROOT
    code = "import sys, equity.dd.solve; print('endplay' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(root), "PATH": ""},
    )
    assert out.stdout.strip() == "False"
