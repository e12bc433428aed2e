"""The auction as the record gives it (equity.core.game.calls): calls read and written
back, who made each, and the final contract (Law 22)."""

from __future__ import annotations

import pytest

from equity.core.game.calls import Auction, Call, CallKind
from equity.core.game.cards import ModelError, Seat, Strain


def test_calls_read_in_their_usual_spellings() -> None:
    assert [Call.parse(t).kind for t in ("P", "Pass", "X", "D", "XX", "R", "3N")] == [
        CallKind.PASS, CallKind.PASS, CallKind.DOUBLE, CallKind.DOUBLE, CallKind.REDOUBLE,
        CallKind.REDOUBLE, CallKind.BID]
    assert Call.parse("1NT") == Call(CallKind.BID, 1, Strain.NT)


def test_a_call_writes_back_normalised_and_as_a_player_says_it() -> None:
    c = Call.parse("2H")
    assert (str(c), c.pretty) == ("2H", "2♥")
    assert (str(Call.parse("1NT")), Call.parse("P").pretty) == ("1N", "Pass")


@pytest.mark.parametrize("text", ["8S", "1Z", "", "PP"])
def test_what_is_not_a_call_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(ModelError, match="not a call"):
        Call.parse(text)


def test_a_bid_needs_a_level_and_a_strain_and_nothing_else_has_them() -> None:
    with pytest.raises(ModelError):
        Call(CallKind.PASS, 1, Strain.S)
    with pytest.raises(ModelError):
        Call(CallKind.BID, 0, None)


def test_each_call_is_made_in_turn_from_the_dealer() -> None:
    a = Auction.of(Seat.E, ["P", "1S", "P", "4S", "P", "P", "P"])
    assert [a.seat(i) for i in range(4)] == [Seat.E, Seat.S, Seat.W, Seat.N]


def test_the_contract_is_the_last_bid_by_the_first_of_its_side_to_name_the_strain() -> None:
    a = Auction.of(Seat.N, ["1S", "P", "2H", "P", "2S", "X", "XX", "P", "P", "P"])
    c = a.contract
    assert c is not None and (c.level, c.strain, c.doubled, c.declarer) == (
        2, Strain.S, 2, Seat.N)


def test_a_double_is_wiped_by_a_later_bid_and_a_passed_out_auction_has_no_contract() -> None:
    c = Auction.of(Seat.N, ["1H", "X", "2H", "P", "P", "P"]).contract
    assert c is not None and c.doubled == 0
    assert Auction.of(Seat.N, ["P"] * 4).contract is None


def test_bids_rank_by_level_then_clubs_diamonds_hearts_spades_no_trump() -> None:
    """Law 18D."""
    order = ["1C", "1D", "1H", "1S", "1N", "2C", "7N"]
    ranks = [Call.parse(t).rank for t in order]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert Call.parse("P").rank == 0


@pytest.mark.parametrize("calls", ["P 1N P 3N P P P", "P P P P", "1N X XX P P P",
                                   "1S 2H X P P P"])
def test_a_legal_ended_auction_has_no_problems(calls: str) -> None:
    a = Auction.of(Seat.N, calls.split())
    assert a.complete and a.problems() == []


@pytest.mark.parametrize(("calls", "problem"), [
    ("1N 1C P P P", "call 2, East's 1♣: not higher than 1NT (Law 18D; an insufficient bid"),
    ("1N P X P P P", "call 3, South's X: a double only of an opponent's bid"),
    ("X P P P", "call 1, North's X: a double only"),
    ("1N X X P P P", "call 3, South's X: a double only of an opponent's bid not yet"),
    ("1N X P XX P P P", "call 4, West's XX: a redouble only of an opponent's double"),
    ("1N XX P P P", "call 2, East's XX: a redouble only"),
    ("1N P P P P", "call 5, North's Pass: after the auction ended (Law 39)"),
    ("P P P P 1C P P P", "call 5, North's 1♣: after the auction ended (Law 39)"),
    ("1N P P", "the auction has not ended"),
])
def test_an_illegal_or_unended_auction_names_the_call_and_the_law(calls: str,
                                                                   problem: str) -> None:
    (said,) = Auction.of(Seat.N, calls.split()).problems()
    assert said.startswith(problem), said
