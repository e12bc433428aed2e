"""The vocabulary: cards as bit-sets in DDS's encoding, deals, contracts, vulnerability."""

from __future__ import annotations

import random

import pytest

from equity.core.game.cards import (
    FULL_DECK,
    SEATS,
    SUITS,
    Card,
    Contract,
    Deal,
    ModelError,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
    card_set,
    cards,
    count,
    format_hand,
    parse_hand,
    suit_holding,
)


def test_card_bit_is_dds_suit_holding_bit() -> None:
    # DDS holdings: bit r for rank r (2..14) inside the suit's 16 bits
    ace_of_hearts = Card.parse("HA")
    assert suit_holding(ace_of_hearts.bit, Suit.H) == 1 << 14
    assert Card.from_bit(16 * Suit.H + 14) == ace_of_hearts


@pytest.mark.parametrize(("text", "card"), [("S2", "S2"), ("h10", "HT"), ("♦K", "DK"),
                                             ("CT", "CT")])
def test_card_text_round_trips(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card
    assert eval(repr(Card.parse(text))) == Card.parse(text)


@pytest.mark.parametrize("bad", ["", "S", "X2", "S1", "S11"])
def test_bad_card_text_is_a_model_error(bad: str) -> None:
    with pytest.raises(ModelError):
        Card.parse(bad)


def test_full_deck_has_52_cards_high_first() -> None:
    assert count(FULL_DECK) == 52
    first = list(cards(FULL_DECK))[:2]
    assert [str(c) for c in first] == ["SA", "SK"]


def test_cards_lists_a_set_spades_first_high_first_whatever_it_holds() -> None:
    rng = random.Random(49)
    for _ in range(200):
        cs = rng.getrandbits(64)  # stray bits outside the ranks too: cards() ignores them
        assert list(cards(cs)) == [Card(suit, rank) for suit in Suit
                                   for rank in range(14, 1, -1) if cs >> (16 * suit + rank) & 1]


def test_strains_trump_suits_and_the_seat_and_suit_tuples_follow_the_enums() -> None:
    assert [s.trump for s in Strain] == [Suit.S, Suit.H, Suit.D, Suit.C, None]
    assert [*SEATS] == [Seat.N, Seat.E, Seat.S, Seat.W]  # DDS's order
    assert [*SUITS] == [Suit.S, Suit.H, Suit.D, Suit.C]


def test_hand_notation_round_trips_and_rejects_a_card_twice() -> None:
    cs = parse_hand("AK.T98..J2")
    assert format_hand(cs, void="-") == "AK.T98.-.J2"
    with pytest.raises(ModelError, match="twice"):
        parse_hand("AA...")


def test_deal_is_read_clockwise_from_the_named_seat_and_completes_one_unknown_hand() -> None:
    d = Deal.parse_pbn("W:AKQJ.AKQ.AKQ.AKQ - 5432.5432.5432.2 T9876.JT9.JT9.J3")
    assert d.problems() == []
    assert d[Seat.W] == parse_hand("AKQJ.AKQ.AKQ.AKQ")
    assert count(d[Seat.N]) == 13
    assert Deal.parse_pbn(d.to_pbn(Seat.E)) == d


def test_deal_problems_name_seats_and_cards() -> None:
    d = Deal((parse_hand("AK..."), parse_hand("A..."), 0, 0))
    problems = " ".join(d.problems())
    assert "North holds 2 cards" in problems and "SA dealt to both North and East" in problems


def test_contract_text_and_roles() -> None:
    c = Contract.parse("3NTX", Seat.E)
    assert (str(c), c.strain, c.doubled, c.dummy, c.opening_leader) == (
        "3NTX", Strain.NT, 1, Seat.W, Seat.S)
    assert c.pretty == "3NT doubled by East"
    assert c.result_text(7) == "two down" and c.result_text(10) == "made with one overtrick"


def test_vulnerability_of_the_board_number_follows_the_16_board_cycle() -> None:
    assert [Vulnerability.for_board(n).name for n in (1, 2, 3, 4, 5, 13, 17)] == [
        "NONE", "NS", "EW", "BOTH", "NS", "BOTH", "NONE"]
    assert Vulnerability.EW.is_vulnerable(Side.EW) and not Vulnerability.EW.is_vulnerable(
        Side.NS)


def test_seats_and_sides() -> None:
    assert Seat.S.partner == Seat.N and Seat.W.next == Seat.N and Seat.E.side == Side.EW
    assert card_set([Card.parse("S2")]) == Card.parse("S2").bit
