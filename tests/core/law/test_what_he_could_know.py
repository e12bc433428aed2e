"""The real deal is never authorised (Laws 16A, 16B1, 16C2): in every judgement of what a
player would do, changing cards he cannot see — his authorised picture unchanged —
changes neither decision's chances, without the information or with it.

For each Law 16B and 16C seed case, at the decision the law judges: every swap of two
cards of one suit between the two hands the player cannot see (their sizes, the suits
shown out of and what he was told kept; cards not yet played) gives the board a new
deal. Its record is cut at that decision, and the pair of decisions is judged again.
"""

from __future__ import annotations

import itertools

import pytest
from msgspec.structs import replace

from equity.core.game import (
    Board,
    Card,
    CardSet,
    Deal,
    PlayRecord,
    Replay,
    Seat,
    cards,
    replay,
)
from equity.core.game.questions import solved
from equity.core.law.partner_information import holdings
from equity.core.law.unauthorised import settled
from equity.core.player import DecisionModel, Holding, Knowledge, Start
from equity.core.reading import Table
from equity.dd import DdsSolver
from equity.formats import read_boards
from tests.builders import CASES

SWAPS = 4
"""How many swaps each case is judged under (the first in card order: enough to move
the unseen cards, few enough to keep the test quick)."""


def _board(name: str) -> Board:
    (b,) = [b for b in read_boards(CASES / f"{name}.pbn") if isinstance(b, Board)][:1]
    return b


def cut(board: Board, rp: Replay, trick: int, index: int) -> Board:
    """``board`` with its record stopped just before card ``index`` of ``trick``."""
    play = board.play
    assert play is not None
    before = {p.seat for p in rp.tricks[trick - 1].plays[:index]}
    last = tuple(c if Seat(s) in before else None
                 for s, c in enumerate(play.tricks[trick - 1]))
    tricks = (*play.tricks[:trick - 1], last) if index else play.tricks[:trick - 1]
    record = PlayRecord(play.opening_leader, tricks,  # type: ignore[arg-type]
                        play.leaders[:len(tricks)], dict(play.marks))
    return replace(board, play=record)


def swapped(board: Board, a: Card, b: Card) -> Board:
    """``board`` with cards ``a`` and ``b`` exchanged between the hands dealt them."""
    hands = list(board.deal.hands)
    sa, sb = board.deal.holder(a), board.deal.holder(b)
    assert sa is not None and sb is not None
    hands[sa] = hands[sa] & ~a.bit | b.bit
    hands[sb] = hands[sb] & ~b.bit | a.bit
    return replace(board, deal=Deal((hands[0], hands[1], hands[2], hands[3])))


def swaps(k: Knowledge, keep: CardSet) -> list[tuple[Card, Card]]:
    """Pairs of cards of one suit, one in each hand the viewer cannot see, neither in
    ``keep`` (what he was told pins down)."""
    a, b = (k.position.hands[s] & ~k.exposed & ~keep for s in k.hidden)
    return [(x, y) for x, y in itertools.product(cards(a), cards(b)) if x.suit == y.suit]


def judged_16b(name: str) -> tuple[Board, int, int]:
    """A Law 16B seed case's board and the decision judged (trick, index): the informed
    player's first card from the information's trick."""
    board = _board(name)
    info = board.facts.unauthorised[0]
    rp = replay(board)
    return board, info.trick, rp.index_of(info.trick, info.seat)


def pair(board: Board, trick: int, index: int, told: tuple[Holding, ...] | None = None
         ) -> tuple[tuple[tuple[Card, float], ...], tuple[tuple[Card, float], ...]]:
    """The chances of the pair of decisions at card ``index`` of ``trick``, without and
    with the information (the board's [EquityUI] facts, or ``told``)."""
    rp = replay(board)
    start = Start.at(rp, trick, index)
    k = start.knowledge()
    if told is None:
        told = holdings(board.facts.unauthorised[0].facts, rp, start.position)
    model = DecisionModel.of(Table.of(board))
    blind, informed = solved(settled(model, k, replace(k, holds=told)),
                             DdsSolver())
    return blind.options, informed.options


@pytest.mark.parametrize("name", ["031_16b_board11_no_diamonds_partner",
                                  "031_16b_ebl_4s_no_spades_partner"])
def test_law_16b_judgements_never_read_the_cards_he_cannot_see(name: str) -> None:
    board, trick, index = judged_16b(name)
    rp = replay(board)
    base = cut(board, rp, trick, index)
    k = Start.at(replay(base), trick, index).knowledge()
    told = holdings(board.facts.unauthorised[0].facts, rp, k.position)
    pinned = sum(h.among for h in told if h.lo == h.hi == 1)
    found = pair(base, trick, index)
    assert len(found[0]) >= 1
    tried = 0
    for a, b in swaps(k, pinned):
        other = swapped(base, a, b)
        if not all(f.true_of(other.deal) for f in other.facts.unauthorised[0].facts):
            continue
        assert pair(other, trick, index) == found, (a, b)
        tried += 1
        if tried == SWAPS:
            break
    assert tried == SWAPS


def test_law_16c2_judgements_never_read_the_cards_he_cannot_see() -> None:
    # the 62C2 change: East took back the S3 the non-offenders' cards had shown him
    board = _board("024_62c2_change_suggested_by_withdrawn_card")
    rp = replay(board)
    (rev,) = rp.revokes
    change = next(w for w in rev.withdrawn if w.law == "62C2")
    index = rp.index_of(change.trick, change.seat)
    theirs = [w for w in rev.withdrawn if w.law == "62C1"]
    told = tuple(Holding(w.seat, w.card.bit, 1, 1) for w in theirs)
    base = cut(board, rp, change.trick, index)
    base = replace(base, facts=replace(base.facts, withdrawn=()))
    k = Start.at(replay(base), change.trick, index).knowledge()
    found = pair(base, change.trick, index, told)
    tried = 0
    for a, b in swaps(k, sum(w.card.bit for w in theirs)):
        assert pair(swapped(base, a, b), change.trick, index, told) == found, (a, b)
        tried += 1
        if tried == SWAPS:
            break
    assert tried == SWAPS
