"""Reading the auction (equity.core.reading.auction): what each call of natural bidding
shows, calls no rule reads show nothing, the reading checked and loosened against the
deal, and the layouts a player imagines kept within it on each seat's hand as dealt."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from equity.core.game.calls import Auction
from equity.core.game.cards import Card, Deal, Seat, Strain, Suit, parse_hand
from equity.core.game.position import Position
from equity.core.game.questions import CardValues
from equity.core.player.decision import DecisionModel, Sampling
from equity.core.player.knowledge import (
    Holding,
    Knowledge,
    draw_layouts,
    draw_weighted,
    sample_layouts,
)
from equity.core.reading.auction import (
    ANY_HCP,
    ANY_LENGTH,
    AUCTION_STYLE,
    AuctionStyle,
    Bidding,
    Limits,
    Shown,
    Span,
    hcp,
    lengths,
    prior,
    read,
)
from equity.core.reading.table import Table
from tests.oracle_sd import recorded

C = Card.parse


def bid(dealer: Seat, calls: str) -> Auction:
    """An auction from the dealer, its calls separated by spaces."""
    return Auction.of(dealer, calls.split())


def shown(dealer: str, calls: str) -> dict[int, Shown]:
    """What each call read showed, by its place in the auction."""
    return {s.index: s for s in read(bid(Seat.parse(dealer), calls)).shown}


def only(s: Shown, suit: Suit) -> Span:
    """The one suit ``s`` limits (the others are free)."""
    assert all(span == ANY_LENGTH for k, span in enumerate(s.lengths) if k != suit)
    return s.lengths[suit]


# --- openings -------------------------------------------------------------------------


def test_1nt_opening_shows_15_to_17_and_a_balanced_hand() -> None:
    s = shown("N", "1N P 3N P P P")[0]
    assert (s.seat, s.rule, s.hcp) == (Seat.N, "1NT opening", Span(15, 17))
    assert s.lengths == (Span(2, 5),) * 4


def test_2nt_opening_shows_20_to_21_balanced() -> None:
    s = shown("E", "2N P 3N P P P")[0]
    assert (s.seat, s.hcp, s.lengths) == (Seat.E, Span(20, 21), (Span(2, 5),) * 4)


def test_one_of_a_major_shows_five_cards_and_opening_values() -> None:
    s = shown("S", "1H P P P")[0]
    assert s.hcp == Span(11, 21) and only(s, Suit.H) == Span(5, 13)


def test_one_of_a_minor_shows_three_cards() -> None:
    s = shown("S", "1C P P P")[0]
    assert s.hcp == Span(11, 21) and only(s, Suit.C) == Span(3, 13)


def test_a_third_seat_opening_may_be_light() -> None:
    assert shown("N", "P P 1S P P P")[2].hcp == Span(8, 21)


def test_2c_opening_shows_22_or_more_and_no_suit() -> None:
    s = shown("W", "2C P 2D P 2N P 3N P P P")[0]
    assert s.hcp == Span(22, 37) and s.lengths == (ANY_LENGTH,) * 4


def test_weak_two_shows_six_cards_and_5_to_10() -> None:
    s = shown("N", "2S P P P")[0]
    assert s.hcp == Span(5, 10) and only(s, Suit.S) == Span(6, 6)


def test_three_level_preempt_shows_seven_cards() -> None:
    s = shown("N", "P 3D P P P")[1]
    assert s.hcp == Span(5, 10) and only(s, Suit.D) == Span(7, 7)


def test_four_level_preempt_shows_seven_or_eight_cards() -> None:
    assert only(shown("N", "4H P P P")[0], Suit.H) == Span(7, 8)


def test_a_fourth_seat_high_opening_is_no_preempt_and_is_not_read() -> None:
    r = read(bid(Seat.N, "P P P 3S P P P"))
    assert 3 in r.unread and all(s.index != 3 for s in r.shown)


def test_a_gambling_3nt_is_not_read() -> None:
    assert 0 in read(bid(Seat.N, "3N P P P")).unread


# --- passes ---------------------------------------------------------------------------


def test_a_pass_before_any_opening_shows_at_most_11() -> None:
    s = shown("N", "P P 1H P P P")
    assert s[0].hcp == s[1].hcp == Span(0, 11) and s[0].rule == "pass before any opening"


def test_a_fourth_seat_pass_out_is_not_read() -> None:
    assert read(bid(Seat.N, "P P P P")).unread == (3,)


def test_a_pass_of_partners_one_of_a_suit_shows_at_most_5() -> None:
    s = shown("N", "1D P P P")[2]
    assert (s.seat, s.hcp) == (Seat.S, Span(0, 5))


def test_a_pass_of_partners_1nt_shows_at_most_7() -> None:
    assert shown("N", "1N P P P")[2].hcp == Span(0, 7)


def test_a_pass_in_the_direct_seat_may_be_a_trap_and_is_not_read() -> None:
    assert 1 in read(bid(Seat.N, "1S P 2S P P P")).unread


# --- responses and rebids ----------------------------------------------------------------


def test_a_new_suit_at_the_one_level_shows_four_cards_and_6_points() -> None:
    s = shown("N", "1D P 1S P 1N P P P")[2]
    assert s.hcp == Span(6, 37) and only(s, Suit.S) == Span(4, 13)


def test_1nt_response_shows_6_to_10() -> None:
    assert shown("N", "1H P 1N P P P")[2].hcp == Span(6, 10)


def test_a_single_raise_of_a_major_shows_three_card_support_and_6_to_10() -> None:
    s = shown("N", "1S P 2S P P P")[2]
    assert s.hcp == Span(6, 10) and only(s, Suit.S) == Span(3, 13)


def test_a_limit_raise_shows_10_to_12() -> None:
    s = shown("N", "1H P 3H P 4H P P P")[2]
    assert s.hcp == Span(10, 12) and only(s, Suit.H) == Span(3, 13)


def test_a_raise_of_a_minor_shows_four_card_support() -> None:
    assert only(shown("N", "1D P 2D P P P")[2], Suit.D) == Span(4, 13)


def test_a_two_over_one_response_shows_10_points() -> None:
    s = shown("N", "1S P 2C P 2S P 4S P P P")[2]
    assert s.hcp == Span(10, 37) and only(s, Suit.C) == Span(4, 13)


def test_stayman_and_transfers_are_not_read() -> None:
    r = read(bid(Seat.N, "1N P 2C P 2H P 4H P P P"))
    assert 2 in r.unread and 4 in r.unread


def test_1nt_raised_to_3nt_shows_10_to_15() -> None:
    assert shown("N", "1N P 3N P P P")[2].hcp == Span(10, 15)


def test_openers_1nt_rebid_shows_a_balanced_minimum() -> None:
    s = shown("N", "1C P 1H P 1N P P P")[4]
    assert s.hcp == Span(11, 14) and s.lengths == (Span(2, 5),) * 4


def test_openers_rebid_of_his_suit_shows_six_cards() -> None:
    s = shown("N", "1H P 1S P 2H P P P")[4]
    assert s.hcp == Span(11, 15) and only(s, Suit.H) == Span(6, 13)


def test_openers_raise_of_the_response_shows_support() -> None:
    s = shown("N", "1D P 1S P 2S P P P")[4]
    assert s.hcp == Span(11, 15) and only(s, Suit.S) == Span(3, 13)


# --- the opponents ----------------------------------------------------------------------


def test_a_simple_overcall_shows_five_cards_and_8_to_16() -> None:
    s = shown("N", "1D 1S P P P")[1]
    assert (s.seat, s.hcp) == (Seat.E, Span(8, 16)) and only(s, Suit.S) == Span(5, 13)


def test_a_jump_overcall_shows_six_cards() -> None:
    s = shown("N", "1C 2H P P P")[1]
    assert s.hcp == ANY_HCP and only(s, Suit.H) == Span(6, 13)


def test_1nt_overcall_shows_15_to_18_balanced() -> None:
    s = shown("N", "1H 1N P P P")[1]
    assert s.hcp == Span(15, 18) and s.lengths == (Span(2, 5),) * 4


def test_a_takeout_double_shows_opening_values_only() -> None:
    s = shown("N", "1H X P P P")[1]
    assert s.hcp == Span(12, 37) and s.lengths == (ANY_LENGTH,) * 4


def test_a_passed_hands_overcall_is_not_read() -> None:
    assert 4 in read(bid(Seat.S, "P P P 1H 1N P P P")).unread


def test_a_cue_bid_is_not_read() -> None:
    assert 1 in read(bid(Seat.N, "1H 2H P P P")).unread


def test_every_call_is_read_or_listed_as_not_read() -> None:
    a = bid(Seat.W, "P 1S X 2S 3H P 4H P P P")
    r = read(a)
    assert sorted([s.index for s in r.shown] + list(r.unread)) == list(range(len(a.calls)))
    assert [s.index for s in r.shown] == [0, 1, 2]


# --- the reading checked against the deal ---------------------------------------------------

# North 16 balanced, East 11, South 13, West 0.
DEAL = Deal.parse_pbn("N:AK4.KJ3.Q763.K42 QJ2.Q94.K82.QJ76 T98.AT52.AJ4.A98 7653.876.T95.T53")


def test_hcp_counts_aces_4_kings_3_queens_2_jacks_1() -> None:
    assert [hcp(h) for h in DEAL.hands] == [16, 11, 13, 0]
    assert lengths(DEAL.hands[Seat.N]) == (3, 3, 4, 3)


def test_a_reading_the_deal_bears_out_is_kept_whole() -> None:
    b = Bidding.check(read(bid(Seat.N, "1N P 3N P P P")), DEAL)
    assert b.outside == () and b.loosened == () and len(b.kept) == 2
    assert b.limits[Seat.N].hcp == Span(15, 17) and b.limits[Seat.S].hcp == Span(10, 15)


def test_a_call_the_deal_does_not_fit_keeps_its_methods_and_is_said_to_the_director() -> None:
    b = Bidding.check(read(bid(Seat.S, "1N P 2C P 2D P 3N P P P")), DEAL)
    (o,) = b.outside  # South opened 1NT with 13 (Stayman and its answer: not read)
    assert o.describe() == "South's 1NT (1NT opening): 15-17 HCP, the deal has 13"
    assert b.limits[Seat.S].hcp == Span(15, 17)  # never widened to admit the real hand


def test_a_call_the_deal_misses_by_far_keeps_its_limits_too() -> None:
    b = Bidding.check(read(bid(Seat.W, "1N P P P")), DEAL)  # West has 0
    assert b.outside[0].shown.seat == Seat.W and "the deal has 0" in b.outside[0].describe()
    assert b.limits[Seat.W].hcp == Span(15, 17)


def test_a_length_the_deal_breaks_is_said_with_the_suit() -> None:
    b = Bidding.check(read(bid(Seat.N, "1S P P P")), DEAL)  # three spades
    assert "♠ 5+, the deal has 3 ♠" in b.outside[0].describe()
    assert b.limits[Seat.N].lengths[Suit.S] == Span(5, 13)


def test_the_limits_are_the_calls_own_whatever_the_deal() -> None:
    rng = random.Random(5)
    calls = ["1N P 3N P P P", "P 1H 1S 2H P P P", "2S P P P", "1C P 1D P 1N P P P"]
    for k in range(40):
        deal_text = ["", "", "", ""]
        deck = [c for s in "SHDC" for c in (s + r for r in "AKQJT98765432")]
        rng.shuffle(deck)
        for i in range(4):
            mine = deck[13 * i:13 * i + 13]
            deal_text[i] = ".".join("".join(c[1] for c in mine if c[0] == s) for s in "SHDC")
        deal = Deal.parse_pbn("N:" + " ".join(deal_text))
        reading = read(Auction.of(Seat(k % 4), calls[k % 4].split()))
        b = Bidding.check(reading, deal)
        assert b.limits == Bidding.check(reading, DEAL).limits
        for seat, lim in b.limits.items():
            hand = deal.hands[seat]
            assert lim.fits(hcp(hand), lengths(hand)) == all(
                o.shown.seat != seat for o in b.outside)


# --- layouts within the auction's limits ------------------------------------------------------


def after_trick_one() -> tuple[Position, Bidding]:
    """DEAL after one trick (♠2, ♠8, ♠3, ♠A) with East on lead, and its auction: North
    opened 1NT (he declares 3NT, South is dummy). East sees his hand and South's;
    North's and West's are hidden, and North played the ♠A, which East saw."""
    played = {Seat.W: C("S3"), Seat.N: C("SA"), Seat.E: C("S2"), Seat.S: C("S8")}
    hands = tuple(h & ~played[Seat(i)].bit for i, h in enumerate(DEAL.hands))
    pos = Position((hands[0], hands[1], hands[2], hands[3]), Strain.NT, Seat.E)
    return pos, Bidding.check(read(bid(Seat.N, "1N P 3N P P P")), DEAL)


def _fits(b: Bidding, p: Position, widened: bool = False) -> bool:
    dealt = p.hands[Seat.N] | C("SA").bit  # what he holds and what he played
    limits = b.limits[Seat.N].widened() if widened else b.limits[Seat.N]
    return limits.fits(hcp(dealt), lengths(dealt))


def test_layouts_outside_the_auction_are_kept_as_often_as_real_tables_bid_so() -> None:
    pos, b = after_trick_one()
    k = replace(Knowledge.at(pos, Seat.N, {}), table=Table(b))
    assert k.hidden == (Seat.N, Seat.W)
    free = sample_layouts(replace(k, table=None), random.Random(3), 400)
    read_ = sample_layouts(k, random.Random(3), 400)
    inside_free = sum(_fits(b, p) for p in free) / 400
    near_free = sum(_fits(b, p, True) for p in free) / 400 - inside_free
    inside = sum(_fits(b, p) for p in read_) / 400
    near_read = sum(_fits(b, p, True) for p in read_) / 400 - inside
    # Bayes with the chances kept: a region's share is its free share times its chance
    near, far = b.limits[Seat.N].keeps(AUCTION_STYLE)
    mean = inside_free + near * near_free + far * (1 - inside_free - near_free)
    assert 0.01 < inside_free < 0.6 and inside == pytest.approx(inside_free / mean, abs=0.08)
    assert near_read == pytest.approx(near * near_free / mean, abs=0.06)
    assert inside > 0.6  # the calls are believed, not certain
    layouts, _, outside = draw_weighted(k, random.Random(3), 400)
    assert outside == sum(not _fits(b, p) for p in layouts)


def test_the_allowance_is_a_property_of_the_calls_never_of_the_deal() -> None:
    opening = Limits(Span(15, 17), (Span(2, 5),) * 4)
    p = prior(opening)
    assert 0.03 < p < 0.1  # a 15-17 balanced hand is rare
    a = opening.allowance(0.1)
    # a hand outside is kept with a chance that makes 'outside, given the calls' 10 %
    assert (1 - p) * a / (p + (1 - p) * a) == pytest.approx(0.1 * (1 - p), rel=1e-6)
    assert Limits(Span(15, 14), (Span(0, 13),) * 4).allowance(0.1) == 1.0  # contradictory


def test_a_near_miss_is_one_step_beyond_each_limit() -> None:
    opening = Limits(Span(15, 17), (Span(2, 5),) * 4)
    wide = opening.widened()
    assert wide == Limits(Span(14, 18), (Span(1, 6),) * 4)
    assert wide.fits(14, (6, 3, 3, 1)) and not opening.fits(14, (6, 3, 3, 1))
    assert not wide.fits(13, (4, 3, 3, 3)) and not wide.fits(15, (7, 2, 2, 2))


def test_near_misses_and_hands_further_out_are_kept_with_their_fitted_shares() -> None:
    opening = Limits(Span(15, 17), (Span(2, 5),) * 4)
    style = AuctionStyle(0.1, near=0.06)
    near, far = opening.keeps(style)
    p_in, p_wide = prior(opening), prior(opening.widened())
    mean = p_in + near * (p_wide - p_in) + far * (1 - p_wide)
    # given the calls, a hand is a near miss 6 % of the time, further out 4 %
    assert near * (p_wide - p_in) / mean == pytest.approx(0.06, rel=1e-6)
    assert far * (1 - p_wide) / mean == pytest.approx(0.04, rel=1e-6)
    assert near > 10 * far  # a void behind a 1NT opening is rarer than 14 points
    # today's shape: every hand outside alike, the allowance
    assert opening.keeps(AuctionStyle(0.1)) == (opening.allowance(0.1),) * 2
    assert Limits(Span(15, 14), (Span(0, 13),) * 4).keeps(style) == (1.0, 1.0)
    with pytest.raises(ValueError):
        AuctionStyle(0.1, near=0.2)


def test_an_auction_that_shows_nothing_of_the_hidden_seats_changes_no_layout() -> None:
    pos, _ = after_trick_one()
    k = Knowledge.at(pos, Seat.N, {})
    silent = Bidding.check(read(bid(Seat.N, "3N P P P")), DEAL)
    assert silent.limits == {}
    assert sample_layouts(replace(k, table=Table(silent)), random.Random(9), 20) == \
        sample_layouts(k, random.Random(9), 20)


def test_layouts_are_the_same_under_the_same_stream() -> None:
    pos, b = after_trick_one()
    k = replace(Knowledge.at(pos, Seat.N, {}), table=Table(b))
    assert draw_layouts(k, random.Random(4), 16) == draw_layouts(k, random.Random(4), 16)


def test_what_he_was_told_wins_over_the_auction_never_the_other_way() -> None:
    pos, b = after_trick_one()
    # told (truly or not: an [EquityAI] fact) that North holds none of the honours
    # still hidden: with the ♠A he played he has 4 points, outside his 1NT (15-17);
    # every layout is outside it, each weighed alike: what he was told wins
    honours = parse_hand("K.KJ.Q.K")
    told = Holding(Seat.N, honours, 0, 0)
    k = replace(Knowledge.at(pos, Seat.N, {}), table=Table(b), holds=(told,))
    layouts, outside = draw_layouts(k, random.Random(2), 4)
    assert outside == 4 and len(layouts) == 4
    assert all(told.fits(p.hands[Seat.N]) for p in layouts)


# --- the route: the decision model reads the auction for every decision ---------------------

# Trick 12, South declaring: he led the ♥2, West followed with the ♥4; ♥A-Q in dummy.
# West opened 1NT and has shown 12 points in the cards he played: with 15-17 he holds
# the ♥K, so the finesse is sure; without the auction it is right one time in three.
FULL = Deal.parse_pbn("W:AK32.K43.KJ2.J54 QJ4.AQ.AQ3.AK876 T98.JT95.T987.Q3 765.8762.654.T92")
ENDING = Position((parse_hand("-.AQ.-.-"), parse_hand("-.5.-.3"), parse_hand("-.-.-.2"),
                   parse_hand("-.K.-.-")), Strain.NT, Seat.S, (C("H2"), C("H4")))
SMALL = Sampling(first=4, step=4, cap=12)


def test_the_finesse_the_auction_marks_is_clear_to_a_model_that_reads_it() -> None:
    b = Bidding.check(read(bid(Seat.W, "1N P P 2H P P P")), FULL)
    assert b.loosened == () and b.limits[Seat.W].hcp == Span(15, 17)
    k = Knowledge.at(ENDING, Seat.S, {})
    blind, _ = recorded(DecisionModel(sampling=SMALL).decide(k))
    reading, _ = recorded(DecisionModel(sampling=SMALL, table=Table(b)).decide(k))
    # the finesse cannot lose (with East's king the ace and queen take one trick
    # either way): both take it, but only the reading knows it wins
    assert (reading.card, reading.how) == (C("HQ"), "clear") and blind.card == C("HQ")
    assert reading.mean(C("HQ")) == 2.0 > blind.mean(C("HQ"))


def test_every_layout_the_reading_model_values_fits_the_auction() -> None:
    b = Bidding.check(read(bid(Seat.W, "1N P P 2H P P P")), FULL)
    k = Knowledge.at(ENDING, Seat.S, {})
    _, asked = recorded(DecisionModel(sampling=SMALL, table=Table(b)).decide(k))
    valued = [q.position for qs in asked for q in qs if isinstance(q, CardValues)]
    assert valued and all(p.hands[Seat.W] & C("HK").bit for p in valued)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_reading_model_decides_the_same_every_time(seed: int) -> None:
    b = Bidding.check(read(bid(Seat.W, "1N P P 2H P P P")), FULL)
    k = Knowledge.at(ENDING, Seat.S, {})
    first, _ = recorded(DecisionModel(sampling=SMALL, table=Table(b)).decide(k))
    random.seed(seed)  # no global stream is read
    again, _ = recorded(DecisionModel(sampling=SMALL, table=Table(b)).decide(k))
    assert first == again


def test_an_auction_that_tells_nothing_of_the_hidden_hands_changes_no_decision() -> None:
    b = Bidding.check(read(bid(Seat.N, "1C P P P")), FULL)  # North and South only
    assert set(b.limits) == {Seat.N, Seat.S}
    k = Knowledge.at(ENDING, Seat.S, {})
    assert recorded(DecisionModel(sampling=SMALL, table=Table(b)).decide(k)) == recorded(
        DecisionModel(sampling=SMALL).decide(k))
