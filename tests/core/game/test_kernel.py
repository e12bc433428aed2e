"""The C card-play kernel against the pure-Python oracle (tests/oracle_play.py).

Random deals with random legal play, injected revokes, requirements, claims, marks and
broken records (hypothesis), and every real record in ../shared/data/external: the
kernel must find the same revokes (kind, legal cards, requirement), the same leaders and
winners, and the same errors at the same place. :func:`equity.core.game.replay.replay` must build
values equal to the oracle's and raise the same messages.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from equity import _native
from equity.core.game.board import Board, PlayRecord, Slot
from equity.core.game.cards import FULL_DECK, Card, Seat, Suit, cards
from equity.core.game.errors import BoardError
from equity.core.game.facts import Facts, Requirement
from equity.core.game.kernel import Batch, Code, Result, pack_board, run
from equity.core.game.position import follow_suit_cards, legal_cards, trick_winner
from equity.core.game.replay import record_start, replay
from equity.formats import read_boards
from tests import oracle_play
from tests.builders import CASES, EXTERNAL, random_board

View = tuple[object, ...]

ERROR_CODES = (
    ("impossible deal", Code.BAD_DEAL),
    ("tricks in the play record; a deal has 13", Code.TOO_MANY_TRICKS),
    ("marked as a lead out of turn", Code.LEAD_MARK_IN_TURN),
    (" led, but ", Code.NOT_ON_LEAD),
    ("follows a missing one", Code.AFTER_MISSING),
    ("does not hold", Code.NOT_HELD),
    ("marked as a revoke", Code.REVOKE_MARK_LEGAL),
)


def oracle_view(b: Board) -> View:
    """What the oracle makes of ``b``, in the kernel's terms."""
    try:
        rp = oracle_play.replay(b)
    except BoardError as e:
        code = next(c for text, c in ERROR_CODES if text in e.message)
        w = e.where
        seat = Seat.parse(w.seat) if w.seat is not None else None
        card = Card.parse(w.card) if w.card is not None else None
        return ("error", int(code), w.trick,
                int(seat) if seat is not None else None,
                16 * card.suit + card.rank if card is not None else None)
    return (
        "ok",
        [(p.trick, int(p.seat), 16 * p.card.suit + p.card.rank) for t in rp.tricks
         for p in t.plays],
        [(t.number, int(t.leader), None if t.winner is None else int(t.winner))
         for t in rp.tricks],
        [(r.trick, int(r.seat), 16 * r.card.suit + r.card.rank, r.kind, r.could_play,
          r.requirement) for r in rp.revokes],
    )


def kernel_view(b: Board) -> View:
    """What the kernel makes of ``b`` (the same shape as :func:`oracle_view`)."""
    assert b.contract is not None and b.play is not None
    batch = Batch.empty(1, 8)
    pack_board(batch, 0, b.deal.hands, b.contract, b.play, b.facts.requirements)
    out = run(batch)
    code, trick, seat, card, _ = (int(x) for x in out.error[0])
    if code:
        if code == Code.TOO_MANY_TRICKS:
            trick = -1  # the oracle names no trick for this one
        return ("error", code, None if trick < 0 else trick, None if seat < 0 else seat,
                None if card < 0 else card)
    n = int((out.order[0, :, 0] >= 0).sum())
    plays = [(p // 4 + 1, int(out.order[0, p, 0]), int(out.order[0, p, 1])) for p in range(n)]
    tricks = [(t + 1, int(out.lead_out[0, t]),
               None if out.winners[0, t] < 0 else int(out.winners[0, t]))
              for t in range(13) if out.lead_out[0, t] >= 0]
    kinds = (None, "follow", "lead", "penalty")
    reqs = [r for r in b.facts.requirements if r.kind in ("lead", "penalty")]
    revokes = [(p // 4 + 1, int(out.order[0, p, 0]), int(out.order[0, p, 1]),
                kinds[out.revoke[0, p, 0]], int(out.legal[0, p]),
                None if out.revoke[0, p, 1] < 0 else reqs[out.revoke[0, p, 1]])
               for p in range(n) if out.revoke[0, p, 0]]
    return ("ok", plays, tricks, revokes)


def check(b: Board) -> None:
    """Kernel, oracle and :func:`equity.core.game.replay.replay` agree on ``b``."""
    assert kernel_view(b) == oracle_view(b)
    try:
        expected: object = oracle_play.replay(b)
    except BoardError as e:
        expected = str(e)
    try:
        got: object = replay(b)
    except BoardError as e:
        got = str(e)
    assert got == expected


def with_play(b: Board, tricks: list[list[Slot]], leaders: list[Seat | None] | None = None,
              marks: dict[tuple[int, Seat], str] | None = None) -> Board:
    assert b.play is not None
    rec = PlayRecord(b.play.opening_leader, tuple((r[0], r[1], r[2], r[3]) for r in tricks),
                     tuple(leaders if leaders is not None else [None] * len(tricks)),
                     marks if marks is not None else dict(b.play.marks),
                     b.play.claimed, b.play.claim_tricks)
    return replace(b, play=rec)


def random_requirements(rng: random.Random, b: Board) -> tuple[Requirement, ...]:
    out = []
    for _ in range(rng.randint(1, 4)):
        seat, trick = Seat(rng.randrange(4)), rng.randint(1, 13)
        kind = rng.choice(("lead", "penalty", "faced"))
        if kind == "lead":
            out.append(Requirement("lead", seat, trick, suit=Suit(rng.randrange(4))))
        elif kind == "penalty":
            own = list(cards(b.deal.hands[seat])) if rng.random() < 0.8 else \
                list(cards(FULL_DECK))
            out.append(Requirement("penalty", seat, trick, card=rng.choice(own)))
        else:
            out.append(Requirement("faced", seat, trick))
    return tuple(out)


def broken(rng: random.Random, b: Board) -> Board:
    """``b`` with one random thing wrong (or unusual) in its record."""
    assert b.play is not None
    tricks = [list(r) for r in b.play.tricks]
    leaders: list[Seat | None] = list(b.play.leaders)
    leaders += [None] * (len(tricks) - len(leaders))
    marks = dict(b.play.marks)
    t, s = rng.randrange(len(tricks)), Seat(rng.randrange(4))
    what = rng.randrange(9)
    if what == 0:  # a card played twice or not held
        tricks[t][s] = rng.choice(list(cards(FULL_DECK)))
    elif what == 1:  # a hole in the record
        tricks[t][s] = None
    elif what == 2:  # an explicit leader, maybe out of turn, maybe marked
        leaders[t] = s
        if rng.random() < 0.5:
            marks[(t + 1, s)] = "L"
    elif what == 3:  # a ^R mark, on a revoke or on a legal card
        marks[(t + 1, s)] = "R"
    elif what == 4:  # two cards swapped between tricks
        t2 = rng.randrange(len(tricks))
        tricks[t][s], tricks[t2][s] = tricks[t2][s], tricks[t][s]
    elif what == 5:  # more than 13 tricks
        tricks += [[None] * 4 for _ in range(14 - len(tricks))]
        leaders += [None] * (len(tricks) - len(leaders))
    elif what == 6:  # an impossible deal
        h = list(b.deal.hands)
        c = rng.choice(list(cards(h[s])))
        h[s] &= ~c.bit
        h[s.next] |= c.bit
        b = replace(b, deal=replace(b.deal, hands=(h[0], h[1], h[2], h[3])))
    elif what == 7:  # an empty trick row
        tricks[t] = [None] * 4
    else:  # the record cut short inside a trick
        tricks = tricks[: t + 1]
        tricks[t][s] = None
        leaders = leaders[: t + 1]
    return with_play(b, tricks, leaders, marks)


CONTRACTS = ["4S", "3NT", "2H", "5D", "1C"]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(CONTRACTS), st.sampled_from("NESW"),
       st.lists(st.tuples(st.integers(1, 13), st.integers(0, 3)), max_size=3),
       st.booleans(), st.booleans(), st.booleans())
# the record stops inside trick 3 and trick 4 holds stray cards: they are listed from
# trick 3's leader, the last one known (the kernel's replay took the opening leader)
@example(seed=3, contract="5D", declarer="N", inject=[(1, 3)], stop=True, reqs=True,
         breakit=True)
def test_kernel_agrees_with_oracle_on_random_play(
        seed: int, contract: str, declarer: str, inject: list[tuple[int, int]],
        stop: bool, reqs: bool, breakit: bool) -> None:
    rng = random.Random(seed)
    stop_after = (rng.randint(1, 13), rng.randrange(4)) if stop else None
    b, _ = random_board(rng, contract, declarer, inject=tuple(inject), stop_after=stop_after,
                        claim=rng.randint(0, 13) if stop else None)
    if reqs:
        b = replace(b, facts=Facts(requirements=random_requirements(rng, b)))
    if breakit:
        b = broken(rng, b)
    check(b)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_kernel_agrees_with_oracle_on_requirement_heavy_play(seed: int) -> None:
    """Play that keeps running into requirements: random held cards, legal or not."""
    rng = random.Random(seed)
    b, _ = random_board(rng, rng.choice(CONTRACTS), rng.choice("NESW"))
    reqs = random_requirements(rng, b) + random_requirements(rng, b)
    assert b.play is not None and b.contract is not None
    held = list(b.deal.hands)
    tricks: list[list[Slot]] = []
    leader = b.contract.opening_leader
    for _ in range(13):
        row: list[Slot] = [None] * 4
        plays: list[tuple[Seat, Card]] = []
        for k in range(4):
            seat = leader.after(k)
            led = plays[0][1].suit if plays else None
            pool = list(cards(legal_cards(held[seat], led))) if rng.random() < 0.7 else \
                list(cards(held[seat]))
            c = rng.choice(pool)
            held[seat] &= ~c.bit
            row[seat] = c
            plays.append((seat, c))
        tricks.append(row)
        leader = trick_winner(plays, b.contract.trump)
    check(replace(with_play(b, tricks), facts=Facts(requirements=reqs[:8])))


def test_single_item_entry_points_match_the_oracle() -> None:
    rng = random.Random(7)
    deck = list(cards(FULL_DECK))
    for _ in range(2000):
        hand = 0
        for c in rng.sample(deck, rng.randint(1, 13)):
            hand |= c.bit
        led = rng.choice([None, *Suit])
        req = rng.choice([None, *Suit])
        pen = rng.choice([None, *rng.sample(deck, 1)])
        assert follow_suit_cards(hand, led) == oracle_play.follow_suit_cards(hand, led)
        assert legal_cards(hand, led, req, pen) == oracle_play.legal_cards(hand, led, req, pen)
        plays = [(Seat(i), c) for i, c in enumerate(rng.sample(deck, rng.randint(1, 4)))]
        trump = rng.choice([None, *Suit])
        assert trick_winner(plays, trump) == oracle_play.trick_winner(plays, trump)


def _kernel_args(b: Batch) -> dict[str, Any]:
    n = len(b)
    return dict(hands=b.hands, table=b.table, leaders=b.leaders, marks=b.marks,
                ntricks=b.ntricks, strain=b.strain, declarer=b.declarer, reqs=b.reqs,
                k=b.reqs.shape[1], order=np.empty((n, 52, 2), np.int8),
                revoke=np.empty((n, 52, 2), np.int8), legal=np.empty((n, 52), np.uint64),
                lead_out=np.empty((n, 13), np.int8), winners=np.empty((n, 13), np.int8),
                won=np.empty((n, 14, 2), np.int8), error=np.empty((n, 5), np.int32),
                first=b.first)


def test_kernel_rejects_malformed_arrays() -> None:
    b = Batch.empty(2)
    args = _kernel_args(b)
    assert _native.replay_batch(**args) == 2  # empty deals: both boards in error
    with pytest.raises(ValueError, match="table"):
        _native.replay_batch(**{**args, "table": b.table[:1]})
    with pytest.raises(TypeError, match="by name"):
        _native.replay_batch(*args.values())  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing won="):
        _native.replay_batch(**{k: v for k, v in args.items() if k != "won"})
    with pytest.raises(ValueError, match=r"(order|revoke) shares memory with (order|revoke)"):
        _native.replay_batch(**{**args, "revoke": args["order"]})
    with pytest.raises(ValueError, match="error shares memory with hands"):
        _native.replay_batch(**{**args,
                                "error": b.hands.view(np.int32).reshape(-1)[:10].reshape(2, 5)})
    bad = Batch.empty(1)
    bad.table[0, 0, 0] = 70  # not a card
    assert run(bad).error[0, 0] == Code.BAD_INPUT


def test_the_binding_exports_the_kernel_constants() -> None:
    from equity.core.game import kernel

    assert {c.name: c.value for c in kernel.Code} == _native.ERROR_CODES
    assert {k: i for i, k in enumerate(kernel.REVOKE_KINDS) if k} == _native.REVOKE_KINDS
    assert kernel.MARKS == _native.MARKS
    assert (_native.TRICKS, _native.CARDS) == (kernel.TRICKS, kernel.CARDS)
    assert _native.REQUIREMENT_KINDS == {"lead": 1, "penalty": 2}


def real_records() -> Iterator[Board]:
    for path in sorted(EXTERNAL.rglob("*")):
        if path.suffix.lower() in (".pbn", ".lin"):
            for item in read_boards(path):
                if isinstance(item, Board) and item.play is not None \
                        and item.contract is not None:
                    yield item


@pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
def test_kernel_agrees_with_oracle_on_every_real_record() -> None:
    n = 0
    for b in real_records():
        check(b)
        n += 1
    assert n > 10000


OUTPUTS = ("order", "revoke", "legal", "lead_out", "winners", "won", "error")
"""Every output of the kernel (:class:`~equity.core.game.kernel.Result`)."""

Outputs = tuple[Any, ...]
"""One board's kernel outputs, in the order of :data:`OUTPUTS`, as nested lists."""


def _outputs(out: Result[Any]) -> list[Outputs]:
    """The kernel's outputs for each board of a batch."""
    return list(zip(*(getattr(out, f).tolist() for f in OUTPUTS), strict=True))


def alone_and_in_a_batch(boards: list[Board]) -> list[Outputs]:
    """Replay each board alone in the standard library's buffers (:meth:`Batch.one`, as
    a ruling does) and all of them as rows of one numpy batch (:meth:`Batch.empty`, as the
    batch readers do): the same kernel outputs, field by field, which it returns."""
    batch = Batch.empty(len(boards), max(len(b.facts.requirements) for b in boards))
    alone = []
    for i, b in enumerate(boards):
        assert b.contract is not None and b.play is not None
        hands, first = record_start(b)
        pack_board(batch, i, hands, b.contract, b.play, b.facts.requirements, first)
        one = Batch.one(len(b.facts.requirements))
        pack_board(one, 0, hands, b.contract, b.play, b.facts.requirements, first)
        assert isinstance(one.hands, memoryview)
        alone += _outputs(run(one))
    assert alone == _outputs(run(batch))
    return alone


def _revokes(rows: list[Outputs]) -> int:
    """How many boards the kernel found a revoke on."""
    return sum(any(kind for kind, _ in row[OUTPUTS.index("revoke")]) for row in rows)


def _errors(rows: list[Outputs]) -> set[int]:
    """The kernel's error codes on these boards."""
    return {row[OUTPUTS.index("error")][0] for row in rows}


def played(paths: list[Path]) -> list[Board]:
    return [b for p in paths for b in read_boards(p)
            if isinstance(b, Board) and b.contract is not None and b.play is not None]


def test_one_board_alone_replays_as_in_a_numpy_batch_on_the_seed_cases() -> None:
    """A ruling's replay imports no numpy (issue 49); its kernel outputs are those of the
    batch path, for every seed case (revokes, requirements, play from trick N)."""
    boards = played(sorted(CASES.rglob("*.pbn")))
    assert len(boards) > 50
    assert _revokes(alone_and_in_a_batch(boards)) > 40


def test_one_board_alone_replays_as_in_a_numpy_batch_on_random_broken_records() -> None:
    """Random play with injected revokes, requirements and broken records (errors)."""
    rng = random.Random(49)
    boards = []
    for _ in range(300):
        b, _ = random_board(rng, rng.choice(CONTRACTS), rng.choice("NESW"),
                            inject=((rng.randint(1, 13), rng.randrange(4)),))
        b = replace(b, facts=Facts(requirements=random_requirements(rng, b)))
        boards.append(broken(rng, b) if rng.random() < 0.5 else b)
    rows = alone_and_in_a_batch(boards)
    assert _revokes(rows) > 100 and len(_errors(rows)) > 3


@pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
def test_one_board_alone_replays_as_in_a_numpy_batch_on_real_records() -> None:
    """Real records (BBO daylongs, online tournaments): complete and cut-short play."""
    boards = played(sorted((EXTERNAL / "ben-bbo-daylong").glob("*.pbn"))
                    + sorted((EXTERNAL / "pbntools-tests").rglob("*.lin")))
    assert len(boards) > 1000
    alone_and_in_a_batch(boards)
