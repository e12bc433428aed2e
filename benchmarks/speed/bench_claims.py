"""Benchmark: a contested claim adjudicated with eight tricks left (issue 41: at most 1 s
on 2 cores), and with thirteen left, declarer's or a defender's, before the opening lead
(issue 46: at most 3 s and 300 MB on 2 cores), one of them counting a suit.

Run: ``PYTHONPATH=. python -m pytest benchmarks/speed/bench_claims.py
--benchmark-only -q -s`` (``-s`` to see the figures printed).

The claims are made here, the same every run: a random deal (seed 0-9), five tricks of
random legal play from the opening lead, and, with declarer's side on lead, declarer's
claim of the tricks double dummy gives him, disputed, **with nothing said** (``"S:"``:
every card open to the normal play of club players, the hardest case for the search) or
with ``"S: winners"``; with thirteen left, South's or West's claim with nothing said
(``LONG_SEEDS``), and South's counting his side's longest suit (:data:`COUNTED`).
Each round judges every claim with a fresh decision model (a model remembers its
decisions) through the real DDS solver, DDS warm (endplay imported, one solve made)
before timing. Printed per claim: seconds (best of the rounds), DDS
positions, decisions, layouts, the claimed and awarded totals.
"""

from __future__ import annotations

import random
import resource
import time
from typing import Any

from equity.core.game import (
    FULL_DECK,
    Board,
    Card,
    Claim,
    ClaimStatus,
    Contract,
    Deal,
    Facts,
    PlayRecord,
    Position,
    Seat,
    Side,
    Slot,
    Strain,
    Suit,
    Vulnerability,
    Work,
    card_set,
    cards,
    once_each,
    replay,
    solved,
)
from equity.core.law import ClaimRuling, judge_claim
from equity.core.player import DecisionModel, player_class
from equity.core.reading import Table
from equity.dd import DdsSolver

LEFT = 8
"""Tricks left at the claim."""
SEEDS = range(10)
ROUNDS = 3
LONG_SEEDS = range(5)
"""The claims made before the opening lead (13 tricks left), one round each."""
COUNTED = "S: counted"
"""Declarer's claim counting his side's longest suit whole ("S: 6 D": every card of it
called good, so each of the opponents' above his lowest overlooked): his equal winners
are then lines of their own (``Search._alike``), the widest the search gets."""


def claim_board(seed: int, statement: str, left: int = LEFT) -> Board:
    """A board whose play stops at a claim with ``left`` tricks to go (module docstring):
    the claimer's side on lead (with 13 left, before the opening lead, any claimer); South
    declares a three-level contract in a random strain; the claim is of the tricks double
    dummy gives the claimer's side."""
    rng = random.Random(seed)
    dd = DdsSolver()
    while True:
        deck = list(cards(FULL_DECK))
        rng.shuffle(deck)
        hands = tuple(card_set(deck[i * 13:(i + 1) * 13]) for i in range(4))
        deal = Deal((hands[0], hands[1], hands[2], hands[3]))
        strain = rng.choice(list(Strain))
        pos = Position(deal.hands, strain, Seat.W)
        tricks: list[tuple[Slot, Slot, Slot, Slot]] = []
        won = 0
        for _ in range(13 - left):
            row: list[Card | None] = [None, None, None, None]
            for _ in range(4):
                card = rng.choice(list(cards(pos.legal())))
                row[pos.to_play] = card
                pos = pos.play(card)
            won += pos.leader.side == Side.NS
            tricks.append((row[0], row[1], row[2], row[3]))
        if statement == COUNTED:  # his side's longest suit counted whole: "S: 6 D"
            suit = max(Suit, key=lambda x: max((pos.hands[h] & x.mask).bit_count()
                                               for h in (Seat.S, Seat.N)))
            n = max((pos.hands[h] & suit.mask).bit_count() for h in (Seat.S, Seat.N))
            statement = f"S: {n} {suit.name}"
        claim = Claim.parse(statement)
        side = claim.claimer.side
        if pos.leader.side != side and left < 13:
            continue
        theirs = dd.solve_positions([pos], side)[0]
        total = won + (theirs if side == Side.NS else left - theirs)
        record = PlayRecord(Seat.W, tuple(tricks), (None,) * len(tricks), claimed=True,
                            claim_tricks=total)
        facts = Facts(claimer=claim.claimer, claim=claim,
                      claim_status=ClaimStatus.DISPUTED, players="club")
        return Board("bench.pbn", seed + 1, seed + 1, Seat.N, Vulnerability.NONE, deal,
                     Contract(3, strain, 0, Seat.S), record, total, facts)


def judged(board: Board) -> tuple[ClaimRuling, Work, float]:
    """The claim ruled with a fresh model: the ruling, its work, its seconds."""
    work = Work()
    model = DecisionModel.of(Table.of(board), players=player_class("club"))
    model.work = work
    started = time.perf_counter()
    ruling = solved(once_each(judge_claim(replay(board), model), work), DdsSolver(), work)
    return ruling, work, time.perf_counter() - started


def _all(boards: list[Board]) -> list[tuple[ClaimRuling, Work, float]]:
    return [judged(b) for b in boards]


def _report(name: str, boards: list[Board], benchmark: Any, rounds: int = ROUNDS,
            left: int = LEFT) -> None:
    DdsSolver().solve_positions([Position(boards[0].deal.hands, Strain.NT, Seat.W)],
                                Side.NS)  # DDS warm
    best: dict[int, float] = {}
    found: list[tuple[ClaimRuling, Work, float]] = []
    for _ in range(rounds):
        found = _all(boards)
        for k, (_, _, seconds) in enumerate(found):
            best[k] = min(best.get(k, seconds), seconds)
    benchmark.pedantic(_all, args=(boards,), rounds=1, iterations=1)
    print(f"\n{name}: {len(boards)} claims, {left} tricks left, best of {rounds} rounds")
    print("seed  seconds  positions  decisions  layouts  claimed  awarded")
    for k, (ruling, work, _) in enumerate(found):
        print(f"{k:4d}  {best[k]:7.3f}  {work.positions:9d}  {work.decisions:9d}  "
              f"{work.layouts:7d}  {ruling.claimed:7d}  {ruling.awarded:7d}")
    worst = max(best.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"worst {worst:.3f} s, mean {sum(best.values()) / len(best):.3f} s, "
          f"process peak {peak} MB")
    benchmark.extra_info.update(worst_seconds=round(worst, 3),
                                mean_seconds=round(sum(best.values()) / len(best), 3))


def test_claim_with_nothing_said(benchmark: Any) -> None:
    _report("'S:' (nothing said)", [claim_board(s, "S:") for s in SEEDS], benchmark)


def test_claim_cashing_winners(benchmark: Any) -> None:
    _report("'S: winners'", [claim_board(s, "S: winners") for s in SEEDS], benchmark)


def test_declarers_claim_before_the_opening_lead(benchmark: Any) -> None:
    _report("'S:' before the lead", [claim_board(s, "S:", 13) for s in LONG_SEEDS],
            benchmark, 1, 13)


def test_a_counted_claim_before_the_opening_lead(benchmark: Any) -> None:
    _report("'S: N SUIT' before the lead", [claim_board(s, COUNTED, 13) for s in LONG_SEEDS],
            benchmark, 1, 13)


def test_a_defenders_claim_before_the_opening_lead(benchmark: Any) -> None:
    _report("'W:' before the lead", [claim_board(s, "W:", 13) for s in LONG_SEEDS],
            benchmark, 1, 13)

