"""Laws 68-71: the Director's ruling on a claim (equity.core.law.claims), on the seed's
wrong claim and the constructed boards of tests/cases/041_*, and the errors a claim that
cannot be ruled on gets."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.game import (
    Board,
    BoardError,
    Card,
    Claim,
    ClaimAware,
    ClaimOrder,
    ClaimStatus,
    Seat,
    Suit,
    Work,
    once_each,
    replay,
    solved,
)
from equity.core.law import ClaimRuling, as_claimed, judge_claim, needs_ruling, rule
from equity.core.player import DecisionModel, player_class
from equity.core.reading import Table
from equity.dd import DdsSolver
from equity.formats import read_boards, read_text
from tests.builders import CASES

FREE_RUFF = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:A5.QT4.876.J8632 K863.K985.K954.7 Q74.AJ63.AQJ2.T4 JT92.72.T3.AKQ95"]
[Declarer "S"]
[Contract "4H"]
[Result "9"]
[EquityClaim "S: ruff S"]
[EquityClaimStatus "disputed"]
[Play "W"]
C9 CJ C7 CT
D3 D8 D5 DQ
H7 HQ H8 H6
DT D6 D9 D2
H2 H4 H9 H3
ST HT H5 HJ
S9 D7 D4 DJ
CQ C8 S6 C4
C5 C6 SK SQ
SJ S5 S8 S7
S2 SA S3 -
*
"""
"""West leads the S2 to dummy's SA with three cards left; South says he will ruff the
spade though he holds the S4: the ruff wins him nothing (North's ace won the trick)."""


def case(name: str, number: int = 1) -> Board:
    found = [b for b in read_boards(CASES / f"{name}.pbn") if isinstance(b, Board)]
    return next(b for b in found if b.number == number)


def with_claim(b: Board, statement: str, status: ClaimStatus = ClaimStatus.DISPUTED) -> Board:
    c = Claim.parse(statement)
    return replace(b, facts=replace(
        b.facts, claimer=c.claimer, claim=c if c.stated else None, claim_status=status))


def judged(b: Board, work: Work | None = None, edition: str = "2017",
           players: str = "club") -> ClaimRuling:
    model = DecisionModel.of(Table.of(b), players=player_class(players))
    plan = judge_claim(replay(b), model, edition)
    if work is not None:
        model.work = work
        plan = once_each(plan, work)
    return solved(plan, DdsSolver(), work)


def laws_of(r: ClaimRuling) -> list[str]:
    return [d.law for d in r.doubtful]


# --- Law 70 and seed 003's announced revoke --------------------------------------------


def test_70_seed_003_the_announced_ruff_is_spent_and_wins_no_trick() -> None:
    r = judged(case("003_wrong_claim_ending"))
    assert (r.law, r.claimed, r.awarded) == ("70", 10, 8)
    assert laws_of(r) == ["70A"] and "nothing was revoked" in r.doubtful[0].text
    assert "Law 64" not in r.doubtful[0].text and "seed 003" not in r.doubtful[0].text
    line = r.lines[0]
    assert line.plays[0].card == Card.parse("H9")  # the trump spent as stated...
    assert line.plays[1].seat is Seat.E  # ...but East, who wins had South followed, leads


def test_70_seed_003_following_suit_and_the_gaining_ruff_are_lines_too() -> None:
    r = judged(case("003_wrong_claim_ending"))
    by_card = {ln.plays[0].card: ln for ln in r.lines}
    assert by_card[Card.parse("S8")].declarer_tricks == 9 and by_card[Card.parse("S8")].normal
    gaining = [ln for ln in r.lines if not ln.normal]
    assert [ln.declarer_tricks for ln in gaining] == [10]


def test_64_does_not_apply_to_a_statement_no_revoke_is_ruled() -> None:
    b = case("003_wrong_claim_ending")
    ruling = rule(replay(b), "2017", judged(b))
    assert ruling.revokes == () and ruling.basis == "70" and ruling.table_tricks == 8


def test_70a_an_announced_ruff_that_gains_nothing_stands_as_stated() -> None:
    (b,) = read_text(FREE_RUFF, "pbn", "free.pbn")
    assert isinstance(b, Board)
    r = judged(b)
    assert (r.claimed, r.awarded) == (9, 8)
    assert r.lines[0].plays[0].card == Card.parse("HA")  # ruffed as he said
    assert "he may ruff as he said" in r.doubtful[0].text


def test_70c_a_side_winner_led_into_an_unmentioned_trump_loses_a_trick() -> None:
    r = judged(case("041_70c_unmentioned_trump"))
    assert (r.law, r.claimed, r.awarded) == ("70", 10, 9) and laws_of(r) == ["70C"]


def test_70c_does_not_apply_when_the_statement_draws_trumps() -> None:
    r = judged(case("041_70c_unmentioned_trump", 2))
    assert (r.claimed, r.awarded) == (10, 10) and laws_of(r) == []


def test_70c_his_own_trump_tricks_counted_are_no_statement_about_the_outstanding_one(
        ) -> None:
    # 70C1 "no statement about that trump": his own trump counted or named speaks of his
    # cards, not of theirs (NBB District Delft, "Verkeerde claim of niet")
    b = case("041_70c_unmentioned_trump")
    said = Claim.parse("S: 1 S; winners")
    b = replace(b, facts=replace(b.facts, claim=said))
    r = judged(b)
    assert (r.claimed, r.awarded) == (10, 9) and "70C" in laws_of(r)


def test_70e1_an_unstated_finesse_is_not_accepted() -> None:
    r = judged(case("041_70e_unstated_finesse"))
    assert (r.claimed, r.awarded) == (9, 8) and laws_of(r) == ["70E1"]


def test_70e1_an_opponent_who_showed_out_before_the_claim_makes_the_finesse_good() -> None:
    r = judged(case("041_70e_unstated_finesse", 2))
    assert (r.claimed, r.awarded) == (9, 9)
    assert laws_of(r) == ["70E1"] and "shown out" in r.doubtful[0].text


def test_70b_he_is_held_to_the_order_he_stated() -> None:
    r = judged(case("041_stated_order_loses_a_trick"))
    assert (r.claimed, r.awarded) == (10, 9)
    assert any(s.law == "70B" for s in r.steps)
    right = judged(case("041_stated_order_loses_a_trick", 2))
    assert right.awarded == right.claimed == 10


def test_68_a_defenders_claim_is_ruled_in_declarers_tricks() -> None:
    r = judged(case("041_defender_claim"))
    assert r.claim.claimer is Seat.E and (r.claimed, r.awarded) == (8, 10)


# --- Laws 69 and 71: agreed claims, concessions -------------------------------------------


def test_69a_an_agreed_claim_that_double_dummy_bears_out_stands() -> None:
    r = judged(case("041_agreed_claims_69_71"))
    assert (r.law, r.awarded, r.basis) == ("69A", 9, None) and r.lines == ()


def test_69b_agreeing_to_lose_a_trick_won_on_every_normal_line_is_withdrawn() -> None:
    r = judged(case("041_agreed_claims_69_71", 2))
    assert (r.law, r.claimed, r.awarded, r.basis) == ("69B", 9, 8, "69B")


def test_69b_is_said_as_the_agreeing_sides_right_in_sentences_read_out() -> None:
    award = judged(case("041_agreed_claims_69_71", 2)).steps[-1]
    assert award.law == "69B"
    assert ("Within the correction period they may withdraw their agreement to it: their "
            "right, not the Director's of his own motion. The board is then scored with "
            "declarer 8 tricks.") in award.text
    assert "(69B:" not in award.text  # the step's law is in front, not again in brackets


def test_the_70b_step_cites_70b_in_front_and_the_edition_s_70d_after() -> None:
    b = case("041_stated_order_loses_a_trick", 1)
    for edition, d in (("2017", "70D1"), ("1997", "70D")):
        (step,) = (s for s in judged(b, edition=edition).steps if s.law == "70B")
        assert "(70B)" not in step.text
        assert step.text.endswith(f"no successful line it does not embrace is accepted ({d}).")


def test_71_a_conceded_trick_that_no_normal_play_could_lose_is_restored() -> None:
    r = judged(case("041_agreed_claims_69_71", 3))
    assert (r.law, r.claimed, r.awarded, r.basis) == ("71", 8, 9, "71")


def test_the_director_rules_on_a_disputed_or_a_stated_claim_only() -> None:
    b = case("003_wrong_claim_ending", 2)  # [EquityClaim "S"], agreed
    assert not needs_ruling(replay(b))
    assert needs_ruling(replay(with_claim(b, "S", ClaimStatus.DISPUTED)))
    assert needs_ruling(replay(with_claim(b, "S:", ClaimStatus.AGREED)))


# --- A claim that meets a revoke ------------------------------------------------------


def test_70_a_claim_after_a_revoke_it_leaves_unestablished_is_judged_corrected() -> None:
    b = case("011_63a4_agreed_claim_69a_timing", 4)  # East's revoke on trick 1, disputed
    r = judged(b)
    assert r.lines and r.lines[0].plays[0].trick == 2
    ruling = rule(replay(b), "2017", r)
    (rev,) = ruling.revokes
    assert not rev.established and rev.play_out is not None
    assert ruling.corrected_tricks == r.awarded  # the corrected trick 1 is East's


def test_63a4_an_offenders_agreement_establishes_his_revoke_though_partner_disputed() -> None:
    b = case("011_63a4_agreed_claim_69a_timing", 4)  # attention after the round
    agreed = replace(b, facts=replace(b.facts, claim_agreed=(Seat.E,)))
    (rev,) = rule(replay(agreed), "2017").revokes
    assert rev.established and rev.steps[1].law == "63A4" and "East" in rev.steps[1].text
    (rev,) = rule(replay(b), "2017").revokes
    assert not rev.established


def test_64a_transfers_from_the_tricks_the_claim_is_awarded() -> None:
    b = with_claim(case("003_wrong_claim_ending", 2), "S: crossruff")
    r = judged(b)
    ruling = rule(replay(b), "2017", r)
    (rev,) = ruling.revokes
    assert rev.transfer == 2 and ruling.after_transfer_tricks == r.awarded - 2
    assert ruling.basis == "64+70"


# --- Bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(("statement", "says"), [
    ("N: winners", "dummy does not claim"),
    ("S: CA", "does not hold"),
    ("S: trumps; SQ", "does not hold"),
    ("W: ST S9; HK", "does not hold"),
    ("S: ruff H", "trump suit"),
    ("S: ruff C W", "speaks for"),
])
def test_a_claim_that_cannot_be_ruled_on_is_an_error_naming_the_board(
        statement: str, says: str) -> None:
    b = with_claim(case("003_wrong_claim_ending"), statement)
    with pytest.raises(BoardError, match=says) as e:
        judged(b)
    assert e.value.board == "board 1" and e.value.where.tag == "EquityClaim"


def test_a_defender_speaks_for_his_own_hand_only() -> None:
    b = with_claim(case("003_wrong_claim_ending"), "W: D8")  # East's card
    with pytest.raises(BoardError, match="70D2"):
        judged(b)


def test_no_trump_step_in_a_notrump_contract() -> None:
    b = with_claim(case("041_70e_unstated_finesse"), "S: trumps")
    with pytest.raises(BoardError, match="no trumps"):
        judged(b)


def test_a_ruffer_without_a_trump_cannot_follow_his_statement() -> None:
    b = with_claim(case("041_stated_order_loses_a_trick"), "S: ruff H N")
    with pytest.raises(BoardError, match="North holds no trump"):
        judged(b)


def test_concede_must_agree_with_the_claimed_total() -> None:
    b = with_claim(case("041_stated_order_loses_a_trick"), "S: trumps; concede 2")
    with pytest.raises(BoardError, match="concedes 2 tricks") as e:
        judged(b)
    assert e.value.where.tag == "Result"


# --- Cost ----------------------------------------------------------------------------------


def test_the_wrong_claim_asks_few_double_dummy_positions() -> None:
    work = Work()
    judged(case("003_wrong_claim_ending"), work)
    assert 0 < work.positions <= 40


def every_law(r: ClaimRuling) -> set[str]:
    return {st.law for st in r.steps} | set(laws_of(r))


def test_a_1997_board_cites_the_1997_paragraphs_not_2017s() -> None:
    b = case("041_70e_unstated_finesse")
    modern, old = judged(b), judged(b, edition="1997")
    assert "70E1" in every_law(modern) and "70D1" in str([st.text for st in modern.steps])
    assert "70E" in every_law(old) and not {"70E1", "70D1", "70D2", "70E2"} & every_law(old)
    assert "70D1" not in str([st.text for st in old.steps])
    assert old.awarded == modern.awarded == 8


def test_70c_the_director_found_the_claimer_aware_of_the_trump() -> None:
    b = case("041_70c_unmentioned_trump")
    assert judged(b).awarded == 9
    found = replace(b, facts=replace(
        b.facts, claim_aware=ClaimAware.parse("S2")))
    aware = judged(found)
    assert aware.awarded == 10 and "70C" not in laws_of(aware)


def test_70c_is_not_presumed_with_two_trumps_out_and_nothing_said() -> None:
    # 011_63a4 board 4: five trumps out; a claimer who says nothing plans to draw them
    r = judged(case("011_63a4_agreed_claim_69a_timing", 4))
    assert "70C" not in laws_of(r)


def test_an_expert_claimer_keeps_at_least_the_club_claimers_tricks() -> None:
    b = case("011_63a4_agreed_claim_69a_timing", 4)
    club, expert = judged(b), judged(b, players="expert")
    assert expert.awarded >= club.awarded


def test_a_defenders_claim_is_said_as_the_last_tricks_with_declarers_total() -> None:
    r = judged(case("041_defender_claim"))
    said = r.steps[0].text
    assert said.startswith("East claimed the last 3 (declarer 8)")


def test_69b_reads_would_likely_have_won_and_is_the_agreeing_sides_right() -> None:
    r = judged(case("041_agreed_claims_69_71", 2))
    assert (r.law, r.awarded) == ("69B", 8)
    award = r.steps[-1].text
    assert "would likely have won" in award and "correction period" in award
    assert "every normal line" not in award




ONE_ROUND = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:876.Q43.Q43.K543 932.765.JT98.876 AKQ54.AK2.AK2.A2 JT.JT98.765.QJT9"]
[Declarer "S"]
[Contract "7S"]
[Result "13"]
[EquityClaim "S:"]
[EquityClaimStatus "disputed"]
[Play "W"]
CQ C3 C6 CA
ST S6 S2 SA
*
"""
"""7S by South, AKQ54 opposite 876: the SA drawn, both following; three trumps out."""


def test_70c2_one_round_drawn_three_trumps_out_the_claim_is_good() -> None:
    # EBU White Book 8.70.4(b): "Declarer cashes one round and says 'All mine' when both
    # players follow. They clearly have not forgotten the outstanding three trumps and
    # the claim is good": with two or more out 70C2 is not presumed, and ducking the next
    # round (the S4 under North's lead) is an unstated finesse, no line of his (70E1)
    (b,) = read_text(ONE_ROUND, "pbn", "round.pbn")
    assert isinstance(b, Board)
    r = judged(b)
    assert (r.claimed, r.awarded) == (13, 13) and laws_of(r) == []


SEVEN_FIVE_FOUR = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:Q9.QT762.AK64.Q9 J2.AK85.QJ.AK652 A87543.93.87.JT3 KT6.J4.T9532.874"]
[Declarer "S"]
[Contract "3N"]
[Result "9"]
[EquityClaim "S:"]
[EquityClaimStatus "disputed"]
[Play "W"]
C4 CQ C5 C3
H4 H7 HA H3
C8 C9 C6 CJ
C7 D6 C2 CT
D9 D4 DJ D7
ST SQ S2 S3
HJ HT HK H9
DT H6 H8 S8
D5 HQ H5 D8
SK S9 SJ SA
*
"""
"""South on lead with S7 S5 S4, all believed high, dummy void, West's S6 the card he
overlooked: the EBU White Book's "754 opposite void" (8.70.5)."""


def test_70b_an_order_he_stated_from_the_top_is_his_line() -> None:
    # with nothing found, the S4 first is normal and loses to the six (White Book 8.70.5:
    # "careless rather than irrational"); with [EquityClaimOrder "top"] he said he would
    # play the suit from the top: the S7 first, and the six falls
    (b,) = read_text(SEVEN_FIVE_FOUR, "pbn", "754.pbn")
    assert isinstance(b, Board)
    assert judged(b).awarded == 8
    stated = replace(b, facts=replace(
        b.facts, claim_order=ClaimOrder.TOP))
    assert judged(stated).awarded == 9


# --- conditional lines and a stated squeeze (70D1, 70A) ----------------------------------

def test_70d1_a_squeeze_stated_on_a_reading_the_deal_bears_out_is_accepted() -> None:
    """WBF/EBL appeal 16 (Belgium v England): "a double squeeze, provided that the
    information about the opening bid was accurate"; it was, and the Director accepted
    the claim. Placing East with his five spades, North reads the ending; without the
    reading the last spade or the diamond is a guess (9)."""
    b = case("claims/wbf_belgium_england_4h_double_squeeze", 30)
    assert judged(with_claim(b, "N: provided E has 5 S: squeeze"),
                  players="expert").awarded == 10
    assert judged(with_claim(b, "N:"), players="expert").awarded == 9


def test_70a_a_reading_the_deal_does_not_bear_out_is_no_line_of_his() -> None:
    b = case("claims/wbf_belgium_england_4h_double_squeeze", 30)
    assert judged(with_claim(b, "N: provided E has 6 S: squeeze"),
                  players="expert").awarded == 9


def test_a_proviso_borne_out_is_said_once_with_its_own_editions_paragraph() -> None:
    # read out as a Director says it: the law in front (1997: 70D, 2017: 70D1), not again
    # at the end of the sentence
    b = with_claim(case("claims/wbf_belgium_england_4h_double_squeeze", 30),
                   "N: provided E has 5 S: squeeze")
    for edition, law in (("2017", "70D1"), ("1997", "70D")):
        (said,) = (d for d in judged(b, edition=edition, players="expert").doubtful
                   if "stated his line" in d.text)
        assert said.law == law
        assert said.text == ("North stated his line provided East has 5 ♠, and the deal "
                             "bears it out (the Director sees the cards: no doubtful "
                             "point): the line is his, played on that reading")


def test_the_70a_step_for_a_class_without_slips_says_none_is_allowed() -> None:
    b = case("claims/wbf_belgium_england_4h_double_squeeze", 30)
    step = next(s for s in judged(b, players="expert").steps if s.law == "70A")
    assert "careless or inferior for the class (none for this class: no card" in step.text
    assert step.text.count(". ") >= 3  # sentences a Director can read out, not one


def test_70d1_a_conditional_line_is_shown_by_a_show_out_and_not_before() -> None:
    """Saint Petersburg 2000: "if it will be 4-1 I shall ruff the fourth round". At the
    claim no club has been played: the split is not shown. South shows out on the queen:
    clubs were 5-0, so the 4-1 line is over and a 5-0 one would be his."""
    from equity.core.law.claim_lines import Search, _Walk
    from equity.core.player import Run, checkpoint

    b = case("claims/stpetersburg2000_concession_to_eleven_cancelled")
    rp = replay(b)
    start = checkpoint(rp, len(rp.tricks))
    run = Run(start.position, dict(start.voids), start.trick)
    claim = Claim.parse("E: CQ; if C 4-1: ruff C")
    s = Search(claim, rp.contract, rp.declarer_side, DecisionModel.of(Table.of(b)),
               dealt=tuple(b.deal.hands))
    four_one, five_nil = (claim.steps[1].condition,
                          Claim.parse("E: if C 5-0: winners").steps[0].condition)
    assert four_one is not None and five_nil is not None
    assert s._shown(_Walk(run), four_one) is None
    for card in ("CQ", "S7"):  # East's queen, South shows out
        run.play(Card.parse(card))
    assert s._shown(_Walk(run), four_one) is False
    assert s._shown(_Walk(run), five_nil) is True


def test_70d1_a_card_the_sampled_layouts_cannot_tell_from_a_better_one_is_no_guess() -> None:
    """BBO 72042: 4H claimed at trick one, nothing said. The side aces cashed before a
    round of trumps score as a trump lead on every layout drawn and less on the real one
    (one he could believe in): no guess both ways, and the panel's line — a round of
    trumps, then the pitches — is the award ("So I rule making 6")."""
    b = case("claims/bbo72042_4h_claim_at_trick_one_spades_blocked", 10)
    r = judged(b)
    assert r.awarded == 12
    lead = next(p for p in r.lines[0].plays if p.trick == 2)
    assert lead.card.suit == Suit.H  # trick 2: a round of trumps first


def test_71_a_concession_is_judged_on_the_line_he_stated() -> None:
    """Saint Petersburg 2000: "if it will be 4-1 I shall ruff the fourth round"; South
    shows out on the queen, the branch is over, and no normal play of a declarer who has
    seen clubs 5-0 loses the twelfth trick: the concession of it is cancelled (71)."""
    r = judged(case("claims/stpetersburg2000_concession_to_eleven_cancelled"))
    assert (r.law, r.awarded) == ("71", 12)


def test_declarers_claim_says_claimed_and_a_defenders_names_the_defender() -> None:
    # Law 68A: a defender claims tricks for his side; declarer's total is what it leaves him
    assert as_claimed(Seat.S, True, 10) == "claimed 10"
    assert as_claimed(Seat.E, False, 8) == "East's claim left him 8"
