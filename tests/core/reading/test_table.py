"""One board's table, read once: the registered readings, what every reading's evidence
offers, and a memo key per card."""

from __future__ import annotations

import pytest

from equity.app.options import RulingOptions
from equity.app.pipeline import forecast_board, rule_board
from equity.core.game.board import Board
from equity.core.game.cards import Card, Deal, Seat, Strain, Suit, parse_hand
from equity.core.game.replay import Play
from equity.core.reading import table as table_module
from equity.core.reading.discard import Discard
from equity.core.reading.lead import LEAD_STYLE, LeadReading
from equity.core.reading.signal import SignalReading
from equity.core.reading.table import (
    BOARD_READINGS,
    PLAY_READINGS,
    PLAY_WORDS,
    Table,
    world_evidence,
)
from equity.formats import read_boards
from tests.builders import CASES, board

C = Card.parse
TEXT = "N:K84.A53.KQ72.965 75.J862.A98.QJ43 AQJ963.KQ.65.AK2 T2.T974.JT43.T87"
DEAL = Deal.parse_pbn(TEXT)


def test_a_board_s_table_reads_the_auction_and_the_cards_of_trick_one() -> None:
    t = Table.of(board(TEXT, "4S", "S", ["HT H3 H8 HK"]))
    assert [type(e) for e in t.cards] == [LeadReading, SignalReading]
    assert t.card("lead") is t.cards[0] and t.card("signal") is t.cards[1]
    assert t.card("nothing") is None and t.bidding is None


def test_every_registered_reading_names_itself_and_its_json_field() -> None:
    fields = [r.field for r in BOARD_READINGS]
    assert len(set(fields)) == len(fields)
    marks = [r.mark for r in (*BOARD_READINGS, *PLAY_READINGS)]  # type: ignore[attr-defined]
    assert len(set(marks)) == len(marks)
    assert len(PLAY_WORDS) == len(PLAY_READINGS)


def _leads() -> list[LeadReading]:
    dealt = parse_hand("KQT.4.JT86.T9732")
    return [LeadReading(Seat.W, C(c), dealt, Strain.NT, frozenset(), frozenset(), LEAD_STYLE)
            for c in ("SK", "SQ", "H4", "DJ", "C2", "C3")]


def _discards() -> list[Discard]:
    held = parse_hand("KQT.-.JT86.T9732")
    return [Discard(Seat.W, C(c), Suit.H, held, Strain.NT) for c in ("SK", "DJ", "D6", "C2")]


def _signals() -> list[SignalReading]:
    dealt = parse_hand("962.AT9765.K5.A5")
    return [SignalReading(Seat.E, C(c), C("HT"), dealt, Strain.S) for c in ("H9", "H7", "H5")]


def test_two_different_cards_of_one_reading_never_share_a_memo_key() -> None:
    for cards in (_leads(), _discards(), _signals()):
        keys = [e.key(e.held & ~e.card.bit) for e in cards]
        assert len(set(keys)) == len(keys), keys


def test_a_key_holds_what_everyone_saw_never_the_unseen_cards() -> None:
    # two holdings of West's at the discard, the same cards played since: one key
    a = Discard(Seat.W, C("C2"), Suit.H, parse_hand("KQT.-.JT86.T9732"), Strain.NT)
    b = Discard(Seat.W, C("C2"), Suit.H, parse_hand("KQ.-.JT86.T97532"), Strain.NT)
    assert a.key(a.held & ~C("C2").bit) == b.key(b.held & ~C("C2").bit)
    # the cards he played since the discard change what his hand then was: another key
    since = C("C2").bit | C("SK").bit
    assert a.key(a.held & ~since) != a.key(a.held & ~C("C2").bit)


def test_a_world_s_plays_are_read_with_what_each_player_held_then() -> None:
    # West leads his singleton ♥4; on South's ♥5 at trick 2 he throws the ♣2
    deal = Deal.parse_pbn(
        "N:A854.KQ3.A72.K86 J73.J82.Q943.QJ4 962.AT9765.K5.A5 KQT.4.JT86.T9732")
    plays = [Play(1, Seat.W, C("H4"), None), Play(1, Seat.N, C("H3"), Suit.H),
             Play(1, Seat.E, C("H2"), Suit.H), Play(1, Seat.S, C("HA"), Suit.H),
             Play(2, Seat.S, C("H5"), None), Play(2, Seat.W, C("C2"), Suit.H)]
    (d,) = world_evidence(plays, deal, Strain.S)
    assert isinstance(d, Discard)
    assert (d.seat, d.card, d.held) == (Seat.W, C("C2"), deal.hands[Seat.W] & ~C("H4").bit)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[Board]:
    """Every board whose table is read from now on."""
    calls: list[Board] = []
    read = Table.of

    def counted(b: Board) -> Table:
        calls.append(b)
        return read(b)
    monkeypatch.setattr(table_module.Table, "of", counted)
    return calls


def test_a_ruling_reads_its_board_s_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    (b,) = read_boards(CASES / "024_62c2_change_suggested_by_withdrawn_card.pbn")
    assert not isinstance(b, Exception)
    ruling = rule_board(b, RulingOptions(samples=8))
    assert len(calls) == 1 and ruling.automatic.table.cards


def test_equity_likely_reads_its_board_s_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    (b,) = read_boards(CASES / "001_3nt_east_diamond_discard.pbn")
    assert not isinstance(b, Exception)
    f = forecast_board(b, 8, RulingOptions(samples=8))
    assert len(calls) == 1 and f.table.card("lead") is not None
