"""Replay against real play records nobody here wrote (../shared/data/external)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from equity.app.pipeline import rule_automatic
from equity.core.game.board import Board
from equity.core.game.cards import Card, Seat
from equity.core.game.errors import BoardError
from equity.core.game.replay import replay
from equity.formats import read_boards
from tests.builders import EXTERNAL

pytestmark = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")

ONLINE = ("ben-bbo-daylong", "pbntools-tests", "bridgebots-tests")


def records(folders: tuple[str, ...] | None = None) -> Iterator[tuple[Path, Board]]:
    for path in sorted(EXTERNAL.rglob("*")):
        if path.suffix.lower() not in (".pbn", ".lin"):
            continue
        if folders is not None and path.relative_to(EXTERNAL).parts[0] not in folders:
            continue
        for item in read_boards(path):
            if isinstance(item, Board) and item.play is not None and item.contract is not None:
                yield path, item


def consistent(b: Board) -> bool:
    """Every card of the play sits in the column of the seat it was dealt to."""
    assert b.play is not None
    return not b.deal.problems() and all(
        card is None or b.deal.hands[seat] & card.bit
        for row in b.play.tricks
        for seat, card in enumerate(row)
    )


def test_every_record_consistent_with_its_deal_replays() -> None:
    failures, replayed = [], 0
    for path, b in records():
        if path.name.startswith("errors_") or not consistent(b):
            continue  # the PBN verifier's error files are wrong on purpose
        try:
            replay(b)
            replayed += 1
        except BoardError as e:
            failures.append(str(e))
    assert failures == []
    assert replayed > 6000


def test_online_play_records_contain_no_revoke() -> None:
    found = [
        (p.name, b.label, rp.revokes)
        for p, b in records(ONLINE)
        if consistent(b)
        for rp in [replay(b)]
        if rp.revokes
    ]
    assert found == []


def test_revokes_marked_in_pbn_verifier_correct_10_game_3_are_found() -> None:
    path = EXTERNAL / "pbn-verifier-tests" / "correct_10.pbn"
    (game3,) = [b for b in read_boards(path) if isinstance(b, Board) and b.index == 3]
    rp = replay(game3)
    assert [(r.trick, r.seat, r.card) for r in rp.revokes] == [
        (2, Seat.E, Card.parse("S5")),
        (3, Seat.E, Card.parse("C6")),
    ]
    assert rp.tricks[1].leader == Seat.S  # ^L: South led trick 2 out of turn
    # Its [Result "^5"] cannot be a claim after declarer had won six tricks: the ruling
    # says so instead of guessing the result.
    with pytest.raises(BoardError, match="claim gives declarer 5 tricks"):
        rule_automatic(game3)
