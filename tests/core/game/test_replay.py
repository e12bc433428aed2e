"""Card play: legality (Laws 44, 50, 61A), trick winners, and the replay of a record."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.core.game.cards import Card, Seat, Suit, card_set
from equity.core.game.errors import BoardError
from equity.core.game.position import follow_suit_cards, legal_cards, trick_winner
from equity.core.game.replay import replay
from tests.builders import SEED001_DEAL, SEED001_PLAY, board, random_board

C = Card.parse
D2 = "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"


def cs(*names: str) -> int:
    return card_set([C(n) for n in names])


def test_must_follow_suit_when_able() -> None:
    assert follow_suit_cards(cs("S2", "H3", "H4"), Suit.H) == cs("H3", "H4")


def test_void_player_may_play_any_card() -> None:
    assert follow_suit_cards(cs("S2", "D3"), Suit.H) == cs("S2", "D3")


def test_lead_penalty_requires_the_suit_when_held() -> None:
    assert legal_cards(cs("HJ", "DK", "D6"), None, lead_suit_required=Suit.H) == cs("HJ")
    assert legal_cards(cs("DK", "D6"), None, lead_suit_required=Suit.H) == cs("DK", "D6")


def test_major_penalty_card_must_be_played_at_first_legal_opportunity() -> None:
    assert legal_cards(cs("SK", "S2", "H4"), Suit.S, penalty_card=C("SK")) == cs("SK")
    # following suit in another suit comes first (Law 50D1: "first *legal* opportunity")
    assert legal_cards(cs("SK", "H4"), Suit.H, penalty_card=C("SK")) == cs("H4")


def test_highest_trump_wins() -> None:
    plays = [(Seat.W, C("CA")), (Seat.N, C("S2")), (Seat.E, C("S3")), (Seat.S, C("CK"))]
    assert trick_winner(plays, Suit.S) == Seat.E


def test_highest_card_of_suit_led_wins_without_trumps() -> None:
    plays = [(Seat.W, C("C9")), (Seat.N, C("SA")), (Seat.E, C("CT")), (Seat.S, C("C2"))]
    assert trick_winner(plays, None) == Seat.E


def test_pbn_columns_are_replayed_in_true_play_order() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    assert [t.leader for t in rp.tricks[:8]] == [Seat.S, Seat.E, Seat.E, Seat.E, Seat.E,
                                                  Seat.E, Seat.N, Seat.S]
    assert rp.tricks[6].plays[0].card == C("H6")
    assert rp.declarer_tricks == 6


def test_held_but_illegal_card_is_a_revoke_with_trick_seat_card_and_suit_led() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    (rev,) = rp.revokes
    assert (rev.trick, rev.seat, rev.card, rev.suit_led) == (5, Seat.N, C("C2"), Suit.D)
    assert rev.could_play == cs("DT")


def test_dummy_revoke_is_detected() -> None:
    rp = replay(board(D2, "4S", "S", ["H6 D2 HA H9"]))
    assert [(r.seat, r.card) for r in rp.revokes] == [(Seat.N, C("D2"))]


def test_card_not_held_is_an_error_naming_board_trick_seat_and_card() -> None:
    with pytest.raises(BoardError) as e:
        replay(board(D2, "4S", "S", ["H6 H2 HA HK"]))
    msg = str(e.value)
    assert "board 1" in msg and "trick 1" in msg and "South" in msg and "HK" in msg
    assert "dealt to East" in msg


def test_card_played_twice_is_an_error() -> None:
    with pytest.raises(BoardError, match="already played at trick 1"):
        replay(board(D2, "4S", "S", ["H6 H2 HA H9", "H6 H3 HK H9"]))


def test_hand_with_wrong_number_of_cards_is_an_error() -> None:
    bad = "N:AKQJT.5432.5432. 98.AKQ.AKQ.9876 765.JT9.JT9.AKQJ 432.876.876.T432"
    with pytest.raises(BoardError, match="East holds 12 cards"):
        replay(board(bad, "4S", "S", ["H6 H2 HA H9"]))


def test_failure_to_lead_required_suit_is_a_revoke() -> None:
    rp = replay(board(D2, "4S", "S", ["D8 D2 DA DJ"], requirements="1 W lead H"))
    (rev,) = rp.revokes
    assert rev.kind == "lead" and rev.suit == Suit.H and rev.suit_led is None


def test_failure_to_play_penalty_card_is_a_revoke() -> None:
    rp = replay(board(D2, "4S", "S", ["D8 D2 DQ DJ"], requirements="1 E penalty DA"))
    (rev,) = rp.revokes
    assert rev.kind == "penalty" and rev.seat == Seat.E


def test_revoke_mark_on_a_legal_card_is_an_error() -> None:
    with pytest.raises(BoardError, match="marked as a revoke"):
        replay(board(D2, "4S", "S", ["H6 ^R H2 HA H9"]))


def test_marked_lead_out_of_turn_leads_the_trick() -> None:
    # West leads the first trick; South leads trick 2 out of turn (North won trick 1).
    rp = replay(board(D2, "4S", "S", ["C2 ST C5 CA", "C3 SA C6 ^L CK"]))
    assert rp.tricks[1].leader == Seat.S


def test_trick_led_by_a_player_not_on_lead_is_an_error() -> None:
    b = board(D2, "4S", "S", ["C2 ST C5 CA"])
    assert b.play is not None
    rec = b.play.__class__(b.play.opening_leader, b.play.tricks, (Seat.E,), {})
    with pytest.raises(BoardError, match="East led, but West was on lead"):
        replay(b.__class__(**{**{f: getattr(b, f) for f in b.__struct_fields__},
                              "play": rec}))


def test_claim_adds_claimed_tricks_to_the_result() -> None:
    rp = replay(board(D2, "4S", "S", ["C2 ST C5 CA"], claim=11))
    assert rp.declarer_tricks == 11 and rp.finished


def test_claim_for_more_tricks_than_remain_is_an_error() -> None:
    rp = replay(board(D2, "4S", "S", ["H8 H2 HA H9"], claim=13))
    assert rp.claim_problem() is not None
    with pytest.raises(BoardError, match="claim gives declarer 13 tricks"):
        rp.check_claim()


def test_card_after_a_missing_card_is_an_error() -> None:
    with pytest.raises(BoardError, match="follows a missing one"):
        replay(board(D2, "4S", "S", ["C2 - C5 CA", "S2 SA S8 S5"]))


def test_cards_after_the_gap_in_the_last_trick_were_played_after_the_play_stopped() -> None:
    # West led; North's card is missing: the play stopped there (the Director was
    # called); East's and South's cards came after that moment (seed 003, WC 2012).
    rp = replay(board(D2, "4S", "S", ["C2 - C5 CA"]))
    assert [(p.seat, p.card) for p in rp.tricks[0].plays] == [(Seat.W, C("C2"))]
    assert rp.after_stop == ((Seat.E, C("C5")), (Seat.S, C("CA")))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_random_legal_play_replays_without_revokes(seed: int) -> None:
    b, _ = random_board(random.Random(seed))
    rp = replay(b)
    assert rp.revokes == () and len(rp.tricks) == 13
    assert rp.won_from(rp.declarer_side, 1) + rp.won_from(rp.declarer_side.other, 1) == 13


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 13), st.integers(1, 3))
def test_every_injected_revoke_is_found(seed: int, trick: int, pos: int) -> None:
    b, injected = random_board(random.Random(seed), inject=((trick, pos),))
    assert [(r.trick, r.seat) for r in replay(b).revokes] == injected


def test_replay_position_is_the_record_before_a_card() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    trick = rp.tricks[4]
    pos = rp.position(5, 2)
    assert pos.leader == trick.leader
    assert pos.trick == tuple(p.card for p in trick.plays[:2])
    assert pos.hands == rp.hands_before(5, 2)
    assert pos.strain == rp.contract.strain
    assert pos.to_play == trick.plays[2].seat


def test_replay_position_after_the_last_trick_is_led_by_its_winner() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    last = rp.tricks[-1]
    pos = rp.position(len(rp.tricks) + 1)
    assert pos.leader == last.winner and pos.trick == ()


def test_the_plays_before_a_card_are_every_earlier_trick_and_the_cards_before_it() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    before = rp.plays_before(3, 2)
    assert len(before) == 4 + 4 + 2
    assert before[:4] == rp.tricks[0].plays and before[-2:] == rp.tricks[2].plays[:2]
    assert rp.plays_before(1) == () and len(rp.plays_before(14)) == 4 * len(rp.tricks)


def test_index_of_finds_a_seat_s_card_in_a_trick() -> None:
    rp = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY))
    t = rp.tricks[4]
    for i, p in enumerate(t.plays):
        assert rp.index_of(5, p.seat) == i
