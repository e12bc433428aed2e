"""The LIN reader: tokens, board splitting, deal, auction, play, claims and errors."""

from __future__ import annotations

import random

import pytest

from equity.core.game.board import Board
from equity.core.game.cards import Card, Seat, Strain, Vulnerability
from equity.core.game.errors import BoardError
from equity.formats.facts import contract_from_calls as own_contract
from tests.formats.reading import reader
from tests.oracle_endplay import endplay_contract

# South, West, North, East; dealer 3 = North
MD = "md|3SAKQJHAKQJDAKQJCA,S2345H2345D2345C2,S6789H6789D6789C3,|"
AUCTION = "mb|1N|mb|p|mb|3N!|mb|d|mb|p|mb|p|mb|r|mb|p|mb|p|mb|p|"
# opening lead by East (North declares 3NT): E leads CK, S plays CA, W C2, N C3 ...
TRICK1 = "pc|CK|pc|CA|pc|C2|pc|C3|"
TRICK2 = "pc|SA|pc|S2|pc|S6|pc|ST|"


def lin(*parts: str, head: str = "pn|a,b,c,d|st||") -> str:
    return head + MD + "".join(parts)


items, one, error = reader("lin")


def test_md_gives_dealer_and_completes_the_fourth_hand() -> None:
    b = one(lin("ah|Board 12|sv|b|"))
    assert b.dealer == Seat.N and b.number == 12 and b.vulnerability == Vulnerability.BOTH
    assert not b.deal.problems()
    assert b.deal.holder(Card.parse("ST")) == Seat.E
    assert b.deal.holder(Card.parse("SA")) == Seat.S


def test_contract_comes_from_the_auction() -> None:
    b = one(lin(AUCTION))
    assert b.contract is not None and b.contract.strain == Strain.NT
    assert b.contract.level == 3 and b.contract.doubled == 2 and b.contract.declarer == Seat.N


def test_the_board_keeps_the_calls_from_the_dealer_alerts_dropped() -> None:
    b = one(lin(AUCTION))
    assert b.auction is not None and b.auction.dealer == Seat.N
    assert str(b.auction) == "1N P 3N X P P XX P P P"
    assert b.auction.contract == b.contract


def test_a_board_without_calls_has_no_auction() -> None:
    assert one(lin("ah|Board 12|")).auction is None


def test_play_goes_to_the_seat_dealt_each_card() -> None:
    b = one(lin(AUCTION, TRICK1, "pg||", TRICK2))
    assert b.play is not None
    assert b.play.opening_leader == Seat.E
    assert b.play.tricks[0] == (
        Card.parse("C3"),
        Card.parse("CK"),
        Card.parse("CA"),
        Card.parse("C2"),
    )
    assert b.play.leaders == (Seat.E, Seat.S)


def test_partial_last_trick_has_no_card_for_the_rest() -> None:
    b = one(lin(AUCTION, TRICK1, "pc|SA|"))
    assert b.play is not None and b.play.tricks[1] == (None, None, Card.parse("SA"), None)


def test_lin_claim_gives_result() -> None:
    b = one(lin(AUCTION, TRICK1, "mc|9|"))
    assert b.result == 9
    assert b.play is not None and b.play.claimed and b.play.claim_tricks == 9


def test_lin_without_claim_has_no_result() -> None:
    b = one(lin(AUCTION, TRICK1))
    assert b.result is None
    assert b.play is not None and not b.play.claimed and b.play.claim_tricks is None


def test_passed_out_board_has_no_contract() -> None:
    b = one(lin("mb|p|mb|p|mb|p|mb|p|"))
    assert b.contract is None and b.play is None


def test_vulnerability_defaults_from_board_number() -> None:
    assert one(lin("ah|Board 2|")).vulnerability == Vulnerability.NS


@pytest.mark.parametrize(
    ("sv", "vul"),
    [
        ("o", Vulnerability.NONE),
        ("0", Vulnerability.NONE),
        ("n", Vulnerability.NS),
        ("e", Vulnerability.EW),
        ("b", Vulnerability.BOTH),
    ],
)
def test_sv_values(sv: str, vul: Vulnerability) -> None:
    assert one(lin(f"sv|{sv}|")).vulnerability == vul


def test_newlines_are_noise() -> None:
    text = lin(AUCTION, TRICK1).replace("|", "|\n", 7).replace("pc|CK", "pc|C\nK")
    b = one(text)
    assert b.play is not None and b.play.tricks[0][Seat.E] == Card.parse("CK")


def test_boards_split_at_pn_or_md() -> None:
    text = lin("ah|Board 1|", AUCTION) + "\n" + lin("ah|Board 2|") + MD + "ah|Board 3|"
    assert [b.number for b in items(text) if isinstance(b, Board)] == [1, 2, 3]


def test_vugraph_boards_split_at_qx_and_keep_the_header() -> None:
    text = (
        "vg|Final,Seg 1|pn|A,B,C,D,E,F,G,H|pg||\n"
        "qx|o1|" + MD + AUCTION + TRICK1 + "pg||\nnt|comment|pg||\n"
        "qx|c1|" + MD + AUCTION + "mc|8|"
    )
    out = items(text)
    assert [b.tags["qx"] for b in out if isinstance(b, Board)] == ["o1", "c1"]
    assert all(
        isinstance(b, Board) and b.number == 1 and b.tags["vg"] == "Final,Seg 1" for b in out
    )
    assert [b.index for b in out if isinstance(b, Board)] == [1, 2]
    # the room each was played in, as PBN's [Room] says it (equity likely names it)
    assert [b.room for b in out if isinstance(b, Board)] == ["Open", "Closed"]


def test_play_with_incomplete_deal_is_an_error() -> None:
    md = "md|3SAKQJHAKQJDAKQJCA,S2345H2345D2345C2,,|"
    e = error("pn|a,b,c,d|" + md + AUCTION + "pc|C3|")
    assert e.where.tag == "md" and "13 distinct cards" in e.message


def test_card_not_in_the_deal_names_trick_and_card() -> None:
    e = error(lin(AUCTION, TRICK1, "pc|S1|"))
    assert e.where.tag == "pc" and e.where.trick == 2 and e.where.card == "S1"
    assert e.source == "t.lin" and e.board == "game 1"


def test_more_than_52_cards_is_an_error() -> None:
    cards = "".join(f"pc|{c}|" for c in ["CK", "CA", "C2", "C3"] * 14)
    e = error(lin(AUCTION, cards))
    assert "52" in e.message and e.where.trick == 14


def test_seat_playing_twice_to_a_trick_is_an_error() -> None:
    e = error(lin(AUCTION, "pc|CK|pc|CQ|"))
    assert e.where.trick == 1 and e.where.seat == "East"


def test_garbage_token_is_an_error_and_the_next_board_still_reads() -> None:
    text = lin("ah|Board 1|", "mb|1N|mb|p|xyz!|mb|p|") + lin("ah|Board 2|", AUCTION)
    out = items(text)
    assert isinstance(out[0], BoardError) and "garbage" in out[0].message
    assert out[0].board == "board 1 (game 1)"
    assert isinstance(out[1], Board) and out[1].number == 2


def test_bad_call_is_an_error() -> None:
    e = error(lin("mb|8S|"))
    assert e.where.tag == "mb" and "8S" in e.message


def test_play_on_passed_out_board_is_an_error() -> None:
    e = error(lin("mb|p|mb|p|mb|p|mb|p|", TRICK1))
    assert e.where.tag == "pc"


def test_bad_claim_is_an_error() -> None:
    e = error(lin(AUCTION, "mc|14|"))
    assert e.where.tag == "mc"


@pytest.mark.parametrize("dealer", list(Seat))
def test_own_contract_agrees_with_endplay(dealer: Seat) -> None:
    rng = random.Random(int(dealer))
    calls_pool = ["P", "P", "P", "X", "XX"]
    for _ in range(300):
        calls: list[str] = []
        level_strain = 0
        for _ in range(rng.randrange(0, 12)):
            if rng.random() < 0.5 and level_strain < 34:
                level_strain = rng.randrange(level_strain + 1, min(level_strain + 6, 35) + 1)
                calls.append(f"{(level_strain - 1) // 5 + 1}{'CDHSN'[(level_strain - 1) % 5]}")
            else:
                calls.append(rng.choice(calls_pool))
        calls += ["P", "P", "P"]
        assert own_contract(dealer, calls) == endplay_contract(dealer, calls), calls


def test_own_contract_declarer_is_first_of_side_to_name_strain() -> None:
    c = own_contract(Seat.N, ["1S", "P", "2S", "P", "4S", "P", "P", "P"])
    assert c is not None and c.declarer == Seat.N
    c = own_contract(Seat.N, ["1C", "P", "1H", "P", "4H", "P", "P", "P"])
    assert c is not None and c.declarer == Seat.S
    assert own_contract(Seat.E, ["P"] * 4) is None


@pytest.mark.parametrize(("calls", "said"), [
    ("mb|1N|mb|1S|mb|p|mb|p|mb|p|", "not higher than 1NT"),
    ("mb|1N|mb|p|mb|d|mb|p|mb|p|mb|p|", "a double only of an opponent's bid"),
    ("mb|1N|mb|p|mb|3N|mb|p|", "the auction has not ended"),
])
def test_an_auction_the_laws_do_not_allow_before_play_is_an_error_naming_mb(
        calls: str, said: str) -> None:
    """Issue 42, 4: in LIN the contract is the auction's; the rows reader refuses these."""
    e = error(lin(calls, TRICK1))
    assert e.where.tag == "mb" and said in e.message, e


def test_an_unfinished_auction_without_play_is_not_read_and_says_so() -> None:
    b = one(lin("mb|1N|mb|p|mb|3N|mb|p|"))
    assert b.auction is None and b.contract is None
    assert b.auction_unread is not None and "has not ended" in b.auction_unread
