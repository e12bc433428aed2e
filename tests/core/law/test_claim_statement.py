"""What a claim statement says at each card (Laws 68C, 70B, 70D1): each step's cards."""

from __future__ import annotations

from equity.core.game import Card, CardSet, Claim, Contract, Position, Seat, Strain, card_set
from equity.core.game import parse_hand as hand
from equity.core.law.claim_statement import after, controlled, said, top_cards

SPADES_BY_SOUTH = Contract.parse("4S", Seat.S)


def cs(*names: str) -> CardSet:
    return card_set([Card.parse(n) for n in names])


def position(n: str, e: str, s: str, w: str, leader: Seat = Seat.S,
             trick: tuple[str, ...] = (), strain: Strain = Strain.S) -> Position:
    return Position((hand(n), hand(e), hand(s), hand(w)), strain, leader,
                    tuple(Card.parse(c) for c in trick))


def allowed(text: str, pos: Position, contract: Contract = SPADES_BY_SOUTH) -> CardSet | None:
    return said(Claim.parse(text), 0, pos, contract)[0].allowed


def test_70d2_declarer_speaks_for_dummy_a_defender_for_himself_only() -> None:
    assert controlled(Claim.parse("S:"), SPADES_BY_SOUTH) == {Seat.S, Seat.N}
    assert controlled(Claim.parse("E:"), SPADES_BY_SOUTH) == {Seat.E}


def test_stated_cards_are_played_in_order_each_when_its_hand_may_play_it() -> None:
    pos = position(".AK..", "..AK.", "A.Q.2.", "...AK")
    assert allowed("S: HQ SA", pos) == cs("HQ")
    # North holds the next card: South's lead is his own choice
    assert allowed("S: HA HQ", pos) is None


def test_a_stated_card_that_may_not_be_played_now_leaves_the_card_open() -> None:
    pos = position(".AK..", "..AK.", "A.Q.2.", "...AK", leader=Seat.W, trick=("DK",))
    assert allowed("S: HQ", pos) is None


def test_a_cards_step_played_out_gives_way_to_the_next() -> None:
    pos = position(".AK..", "..AK.", "A..2.", "...AK")
    assert said(Claim.parse("S: HQ; winners"), 0, pos, SPADES_BY_SOUTH)[1] == 1


def test_trumps_leads_a_trump_while_an_opponent_holds_one() -> None:
    pos = position("...AK", "2.A..", "AK.K..", "..AK.")
    assert allowed("S: trumps", pos) == cs("SA", "SK")
    drawn = position("...AK", ".A.2.", "AK.K..", "..AK.")
    assert allowed("S: trumps", drawn) is None  # done: nothing more to say


def test_ruff_with_a_void_ruffer_is_a_trump_and_no_revoke() -> None:
    pos = position("...AK", "Q..A.", "2.K..", "...Q2", leader=Seat.E, trick=("DA",))
    here = said(Claim.parse("S: ruff D"), 0, pos, SPADES_BY_SOUTH)[0]
    assert here.allowed == cs("S2") and not here.revoke


def test_seed_003_ruff_announced_holding_the_suit_is_an_announced_revoke() -> None:
    pos = position("...AK", "Q..A.", "2..K.", "...Q2", leader=Seat.E, trick=("DA",))
    here = said(Claim.parse("S: ruff D"), 0, pos, SPADES_BY_SOUTH)[0]
    assert here.allowed == cs("S2") and here.revoke


def test_ruff_has_partner_lead_the_suit_for_it() -> None:
    pos = position("2...AK", "Q..A.", "...Q2", ".A.K.", leader=Seat.S)
    assert allowed("N: ruff C N", pos) == cs("CQ", "C2")


def test_ruff_is_done_once_the_ruffer_has_played_to_a_trick_of_the_suit() -> None:
    pos = position("...AK", "Q..A.", "2.K..", "...Q2", leader=Seat.E, trick=("DA",))
    assert after(Claim.parse("S: ruff D; winners"), 0, pos, SPADES_BY_SOUTH) == 1


def test_crossruff_leads_what_partner_ruffs_and_ruffs_when_void() -> None:
    pos = position("2.AK..", "..AK.", "3..QJ.", "Q...AK")
    assert allowed("S: crossruff", pos) == cs("DQ", "DJ")
    follow = position("2...AK", ".A.K.", "3.Q.J.", "Q.K..", leader=Seat.E, trick=("HA",))
    assert allowed("S: crossruff", follow) is None  # South can follow: no ruff
    void = position("2.A..K", "..AK.", "3..QJ.", "Q..K.A", leader=Seat.E, trick=("HA",))
    assert allowed("S: crossruff", void) == cs("S3")


def test_crossruff_ends_at_a_lead_that_cannot_be_one() -> None:
    pos = position(".2.A.K", ".K.K.A", "3.A..2", "Q..Q.Q")
    assert said(Claim.parse("S: crossruff; winners"), 0, pos, SPADES_BY_SOUTH)[1] == 1


def test_winners_leads_the_cards_no_opponent_can_beat() -> None:
    pos = position("...432", "K.Q.A.", "A.A.K.", "Q.K.Q.")
    assert top_cards(pos, Seat.S) == cs("SA", "HA")  # East's DA beats the DK
    assert allowed("S: winners", pos) == cs("SA", "HA")


def test_concede_says_nothing_of_the_play() -> None:
    pos = position("...432", "K.Q.2.", "A.A.K.", "Q.K.Q.")
    assert said(Claim.parse("S: concede 1"), 0, pos, SPADES_BY_SOUTH)[0].allowed is None


def test_finesse_leads_toward_the_card_and_plays_it_under_a_lower_card() -> None:
    lead = position(".AQ..", ".3.2.", ".2.3.", ".K.4.", leader=Seat.S)
    assert allowed("S: finesse HQ", lead) == cs("H2")
    under = position(".AQ..", ".3.2.", ".2.3.", ".K.4.", leader=Seat.S, trick=("H2", "HK"))
    assert allowed("S: finesse HQ", under) is None  # West's king covers: no finesse
    low = position(".AQ..", ".K.2.", ".2.3.", ".3.4.", leader=Seat.S, trick=("H2", "H3"))
    assert allowed("S: finesse HQ", low) == cs("HQ")


def test_a_conditional_step_waits_until_the_play_shows_its_layout() -> None:
    """70D1/70A: a line stated for one layout says nothing until the play shows the
    layout (the doubt is his), is followed once it has, and is over when the play shows
    another."""
    pos = position("...AK", "Q..A.", "2.K..", "...Q2", leader=Seat.E, trick=("DA",))
    claim = Claim.parse("S: if D 4-1: ruff D; winners")
    assert said(claim, 0, pos, SPADES_BY_SOUTH, lambda c: None) == (said(
        Claim.parse("S:"), 0, pos, SPADES_BY_SOUTH)[0], 0)
    shown, at = said(claim, 0, pos, SPADES_BY_SOUTH, lambda c: True)
    assert shown.allowed == cs("S2") and shown.step == 0 and at == 0
    assert said(claim, 0, pos, SPADES_BY_SOUTH, lambda c: False)[1] == 1
    # without a way to tell, no condition is ever shown
    assert said(claim, 0, pos, SPADES_BY_SOUTH)[0].allowed is None


def test_a_conditional_ruff_is_not_done_by_a_trick_before_its_layout_is_shown() -> None:
    pos = position("...AK", "Q..A.", "2.K..", "...Q2", leader=Seat.E, trick=("DA",))
    claim = Claim.parse("S: if D 4-1: ruff D; winners")
    assert after(claim, 0, pos, SPADES_BY_SOUTH, lambda c: None) == 0
    assert after(claim, 0, pos, SPADES_BY_SOUTH, lambda c: True) == 1


def test_a_stated_squeeze_leaves_him_every_card_to_the_end() -> None:
    pos = position("...AK", "Q..A.", "2.K..", "...Q2", leader=Seat.E, trick=("DA",))
    here, at = said(Claim.parse("S: squeeze"), 0, pos, SPADES_BY_SOUTH)
    assert here.allowed == cs("S2", "HK") and here.step == 0 and at == 0
