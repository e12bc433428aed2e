"""Issue 12: what would have happened — the table line's causation test, the offender's
natural card, likely lines, the Director's lines and outcomes, the sensitivity sentence.

Real DDS on the seed cases whose stories turn on causation, the brute-force oracle on a
small ending, and hand-made lines where the arithmetic is checked by hand.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.line import LIKELY, TABLE, Counterfactual, Departure, Leaves, Line
from equity.core.adjust.ruling import Basis, compare
from equity.core.adjust.weights import Policy, Weights
from equity.core.game.cards import Card, ModelError, Seat, Side, Strain, parse_hand
from equity.core.game.errors import BoardError
from equity.core.game.position import Position
from equity.core.game.scoring import Event
from equity.core.player.decision import REFERENCE, DecisionModel, Sampling
from equity.core.player.knowledge import Knowledge
from equity.core.player.likely import (
    DirectorLine,
    DirectorOutcome,
    Estimate,
    director_line,
    likely,
)
from equity.core.player.start import Start
from equity.dd.single_dummy import decide
from equity.formats import read_boards
from tests.builders import CASES, ROOT, case_board, ruled
from tests.oracle_dd import oracle_tricks
from tests.oracle_sd import OracleValuer, recorded

TRICKS = Event("tricks")
C = Card.parse


def case(name: str, number: int = 0):  # type: ignore[no-untyped-def]
    return [b for b in read_boards(CASES / f"{name}.pbn")][number]


# --- Causation: the table line ---------------------------------------------------------------


def test_a_revoke_that_misleads_declarer_into_abandoning_his_suit_is_adjusted() -> None:
    # Seed 004: West's revoke on the third diamond shows a false void; believing East
    # holds the last diamond, dummy leads a spade at trick 5. With what he saw the
    # decision model chooses that spade; with the revoke corrected it runs the diamonds:
    # the card chosen differs between the worlds, induced (Law 12B1); the line departs
    # and runs the diamonds.
    r = rule_board(case("004_3nt_long_suit_killed"))
    (table,) = [ln for ln, _ in r.lines if ln.kind == TABLE]
    induced = [d for d in table.departures if d.at == Leaves.INDUCED]
    assert (induced[0].trick, induced[0].seat, induced[0].recorded) == (5, Seat.N, C("S3"))
    assert r.basis is Basis.ADJUSTED and r.weighted == ((10, 1.0),)


def test_a_card_the_player_would_not_choose_with_what_he_saw_is_not_induced() -> None:
    # Dummy's ♣J discard at trick 6 (seed 001, West blocking the clubs): with the table's
    # information the decision model chooses another card too; the revoke made the ♣J
    # look less bad, but did not change the card he would choose: his own error stands
    # (Laws 12B1, 12C1(e)), whatever its mean moved
    from tests.builders import SEED001_DEAL, SEED001_PLAY_WEST_BLOCKS, board
    r = rule_board(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY_WEST_BLOCKS))
    (table,) = [ln for ln, _ in r.lines if ln.kind == TABLE]
    assert not [d for d in table.departures if d.at == Leaves.INDUCED]
    assert any(e.trick == 6 and e.recorded == C("CJ") for e in table.own_errors)


def test_the_non_offenders_own_later_errors_stand_and_earn_nothing() -> None:
    # East fails to play his penalty card (64B3, no transfer). The table line plays it and
    # keeps every recorded card in its situation: declarer's later cards that lose a
    # trick double dummy were not caused by the revoke and stand (12C1(e)): no
    # adjustment, where perfect play (policy dd) would have credited declarer a trick.
    board = case("000_64b3_failure_to_play_penalty_card")
    r = rule_board(board)
    (table,) = [ln for ln, _ in r.lines if ln.kind == TABLE]
    assert table.own_errors and not [d for d in table.departures if d.at == Leaves.INDUCED]
    assert all("did not cause it" in d.reason for d in table.own_errors)
    assert r.basis is Basis.NONE and r.weighted == ((11, 1.0),)
    dd = rule_board(board, RulingOptions(policy=Policy.DD))
    assert dd.basis is Basis.ADJUSTED and dd.weighted == ((12, 1.0),)


def test_every_departure_says_why_and_names_the_card_it_replaces() -> None:
    r = rule_board(case("003_ebl_course_5c_two_heart_ruffs"))
    departures = [d for ln, _ in r.lines if ln.kind == TABLE for d in ln.departures]
    assert departures
    for d in departures:
        assert d.reason and d.trick is not None and d.seat is not None
        if d.at in (Leaves.CARD, Leaves.INDUCED):
            assert d.card is not None and d.recorded is not None and d.card != d.recorded


# --- The natural card -----------------------------------------------------------------------


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


def test_the_natural_card_is_the_low_one_not_an_honour_that_promotes_dummys_queen() -> None:
    # Dummy leads the ♠A; East holds ♠K-4. The ♠K under the ace promotes dummy's ♠Q
    # (no trick for East); the ♠4 keeps the king over the queen. The single-dummy
    # defender follows low, as the natural card must.
    pos = Position(hands("AQ.-.-.-", "K4.-.-.-", "32.-.-.-", "65.-.-.-"), Strain.NT, Seat.N)
    pos = pos.play(C("SA"))
    k = Knowledge.at(pos, Seat.S, {})
    d = decide(k, OracleValuer(), DecisionModel())
    assert d.card == C("S4") and d.options == ((C("S4"), 1.0),)
    assert d.mean(C("S4")) > d.mean(C("SK"))


# --- Likely lines and weights ------------------------------------------------------------------


def test_likely_lines_are_the_trees_outcomes_grouped_by_result_with_probabilities() -> None:
    r = rule_board(case("001_3nt_east_diamond_discard"))
    likely = [ln for ln, _ in r.lines if ln.kind == LIKELY]
    assert likely and sum(ln.frequency for ln in likely) == pytest.approx(1.0)
    assert len({ln.declarer_tricks for ln in likely}) == len(likely)
    again = rule_board(case("001_3nt_east_diamond_discard"))
    assert r.lines == again.lines  # the same decisions, the same lines
    other = rule_board(case("001_3nt_east_diamond_discard"), RulingOptions(seed=2))
    assert other.lines == r.lines and other.weighted == r.weighted  # no seed moves it


def _lines(after: int, table: int, followed: float, likely: int) -> Counterfactual:
    s2 = C("S2")
    return Counterfactual(0, "64C1", (0,), (), Side.NS, (
        Line(TABLE, 0, s2, (s2,), (), Departure(Leaves.END), table, 0, followed=followed,
             name="table"),
        Line(LIKELY, 0, s2, (s2,), (), Departure(Leaves.REVOKE), likely, 0, frequency=1.0,
             name="likely"),
    ))


def test_default_weights_are_the_table_lines_probabilities_of_results() -> None:
    # Law 12C1(c): the table line is what would have happened, its results with their
    # probabilities; the likely lines from the revoke are a reference (whatever share of
    # the record the table line follows)
    r = ruled(["D8 D2 ^R C5 DJ"], claim=9, laws="2007")  # one trick transferred: 10
    assert r.after_transfer_tricks == 10
    ruling = compare(r, [_lines(10, 9, 0.3, 11)], event=TRICKS)
    (a,) = ruling.assessments
    assert a.weights == pytest.approx((1.0, 0.0))
    assert ruling.basis is Basis.TRANSFER and ruling.weighted == ((10, 1.0),)


def test_the_sensitivity_sentence_gives_the_table_weight_where_the_decision_turns() -> None:
    # Equity in tricks 9w + 11(1 - w) against 10 after the transfer: adjusted while
    # w < 1/2 (hand computation); the Director gives the table line 30%.
    r = ruled(["D8 D2 ^R C5 DJ"], claim=9, laws="2007")
    ruling = compare(r, [_lines(10, 9, 0.3, 11)], weights=Weights.parse(["table=0.3"]),
                     event=TRICKS)
    assert ruling.basis is Basis.ADJUSTED
    assert ruling.sensitivity is not None and "less than 50% (it has 30%)" in \
        ruling.sensitivity
    kept = compare(r, [_lines(10, 9, 0.3, 11)], event=TRICKS)
    assert kept.basis is Basis.TRANSFER
    # on the announced weights (issue 47): at 50% the score is 10 tricks, a tie, so the
    # Law 64A result holds down to 50% and the first grid weight that adjusts is 45%
    assert kept.sensitivity is not None and "more than 45% (it has 100%)" in kept.sensitivity
    assert "at 45% or less" in kept.sensitivity


def test_a_directors_weight_and_a_dropped_line_change_the_ruling() -> None:
    r = ruled(["D8 D2 ^R C5 DJ"], claim=9, laws="2007")
    heavy = compare(r, [_lines(10, 9, 0.3, 11)], weights=Weights.parse(["table=0.6"]),
                    event=TRICKS)
    assert heavy.basis is Basis.TRANSFER  # 9*0.6 + 11*0.4 = 9.8 < 10
    assert heavy.assessments[0].weights == pytest.approx((0.6, 0.4))
    dropped = compare(r, [_lines(10, 9, 0.3, 11)], weights=Weights().dropping(["table"]),
                      event=TRICKS)
    assert dropped.weighted == ((11, 1.0),)  # the likely lines speak for the play


# --- The Director's lines and outcomes ----------------------------------------------------------


def test_a_directors_outcome_weighted_in_full_is_the_result_compared() -> None:
    board = case("001_3nt_east_diamond_discard")
    base = rule_board(board)
    assert base.weighted == ((10, 1.0),)
    seven = RulingOptions(outcomes=(DirectorOutcome.parse("7", 1),),
                          weights=Weights.parse(["outcome1=1"]))
    r = rule_board(board, seven)
    assert r.basis is Basis.TRANSFER and r.weighted == ((7, 1.0),)  # no better than 64A


def test_a_directors_line_is_played_from_the_revoke_and_ends_as_he_says() -> None:
    board = case("001_3nt_east_diamond_discard")
    line = DirectorLine.parse("DT then claim 0", 1)
    r = rule_board(board, RulingOptions(lines=(line,), weights=Weights.parse(["line1=1"])))
    (mine,) = [ln for ln, _ in r.lines if ln.name == "line1"]
    assert mine.cards[0].card == C("DT") and mine.kind == "director"
    auto = r.automatic
    # the ♦10 completes trick 5, which declarer's ♦J wins; then the claim gives him none
    assert mine.declarer_tricks == auto.replay.won_before(Side.EW, 5) + 1
    with pytest.raises(Exception, match=r"not a legal card|does not hold"):
        rule_board(board, RulingOptions(lines=(DirectorLine.parse("C2", 1),)))


def test_directors_line_and_outcome_syntax() -> None:
    line = DirectorLine.parse("2: DT S2, SA then sd", 1)
    assert (line.revoke, [str(c) for c in line.cards], line.then) == (2, ["DT", "S2", "SA"],
                                                                      "sd")
    assert DirectorLine.parse("H5 then claim 3", 2).claim == 3
    assert DirectorOutcome.parse("10 tricks", 1).tricks == 10
    for bad in ("then dd", "DT then maybe"):
        with pytest.raises(ModelError):
            DirectorLine.parse(bad, 1)
    for bad in ("14", "\u00b2", "9" * 5000, "\u00b2: 3", "9" * 5000 + ": 3"):
        with pytest.raises(ModelError):  # "²" and 5,000 digits once reached int()
            DirectorOutcome.parse(bad, 1)


def test_options_carry_the_estimate_and_reject_nonsense() -> None:
    o = RulingOptions.from_values({"seed": "7", "samples": "8", "lines": ["DT then dd"],
                                   "outcomes": ["9"], "drop": ["table"]})
    e = o.estimate
    assert (o.seed, e.samples, e.reference) == (7, 8, False)  # the seed moves nothing
    assert [ln.text for ln in e.lines] == ["DT then dd"] and e.outcomes[0].tricks == 9
    assert o.line_weights.given == {"table": 0.0}
    # the samples are the cap of a decision's sampling; --reference multiplies it
    assert e.sampling.cap == 8 and e.sampling.first <= 8
    model = e.model()
    assert model.sampling == e.sampling
    ref = replace(o, reference=True).estimate.sampling
    assert (ref.first, ref.cap) == (e.sampling.first * REFERENCE, 8 * REFERENCE)
    with pytest.raises(Exception, match="4 to 4096"):
        RulingOptions(samples=0)
    with pytest.raises(ModelError):
        Estimate(samples=3)


def test_a_recorded_card_out_of_its_situation_is_left_to_the_decision_model() -> None:
    # The bundled example (seed 001's deal): corrected, the ♦10 falls under East's
    # diamonds and East keeps the lead at trick 7, where at the table North led a heart
    # and East followed with the ♥8. The record says nothing of this situation: the table
    # line leaves it there and the rest is the likely outcomes (not South's ♥A thrown on a
    # diamond, as replaying the rows did).
    example = ROOT / "equity" / "examples" / "3nt_east_diamond_revoke.pbn"
    (board,) = [b for b in read_boards(example)]
    assert not isinstance(board, BoardError)
    r = rule_board(board, RulingOptions())
    table = next(ln for ln, _ in r.lines if ln.kind == TABLE)
    (left,) = [d for d in table.departures if d.at is Leaves.CARD]
    assert (left.trick, left.seat, left.recorded) == (7, Seat.E, C("H8"))
    assert "the likely outcomes from here" in left.reason and "East on lead" in left.reason
    assert not any(p.card == C("HA") and p.trick < 9 for p in table.cards)
    assert r.declarer_tricks == 10


# --- likely() and director_line() on a small ending, solved by brute force -------------------


def _start() -> Start:
    """Trick 12 of a 3NT: South led the ♥2 and West, the offender, is to play (his ♥5 and
    ♥4 are equal); North-South have won 6 tricks, East-West 5. Dummy then guesses: the
    ♥A drops East's singleton king, the ♥Q finesses against West."""
    pos = Position(hands("-.AQ.-.-", "-.K.-.3", "-.-.-.2", "-.54.-.-"), Strain.NT, Seat.S,
                   (C("H2"),))
    return Start(pos, 12, {Side.NS: 6, Side.EW: 5}, {}, Seat.S, Seat.W, pos.hands[Seat.W])


def _dd(pos: Position) -> int:
    return oracle_tricks(pos.hands, pos.strain, pos.leader, pos.trick, Side.NS)


def test_likely_outcomes_come_from_the_offenders_allowed_cards_and_sum_to_one() -> None:
    start = _start()
    out, asked = recorded(likely(start, DecisionModel(sampling=Sampling(4, 4, 12))))
    assert asked
    assert sum(o.probability for o in out) == pytest.approx(1.0)
    # the offender plays the lowest of his equal hearts; dummy's guess branches
    assert all(o.plays[0].card == C("H4") for o in out)
    after = start.position.play(C("H4"))
    assert [o.tricks for o in out] == [6 + _dd(after.play(C("HA"))),
                                       6 + _dd(after.play(C("HQ")))]
    assert all(len(o.plays) == 7 and o.branches for o in out)
    # restricted to the ♥5 (as a corrected revoke restricts the offender), he plays it
    only = Start(start.position, 12, start.won, {}, Seat.S, Seat.W, C("H5").bit)
    restricted, _ = recorded(likely(only, DecisionModel(sampling=Sampling(4, 4, 12))))
    assert {o.plays[0].card for o in restricted} == {C("H5")}
    assert sum(o.probability for o in restricted) == pytest.approx(1.0)


def test_a_directors_line_ends_double_dummy_by_the_tree_or_by_a_claim() -> None:
    start = _start()
    model = DecisionModel(sampling=Sampling(8, 24, 96))  # enough layouts to see the guess
    # then dd: one outcome, the double-dummy tricks after his cards
    (dd,), _ = recorded(director_line(start, DirectorLine.parse("H5 HQ", 1), model))
    assert dd.tricks == 6 + _dd(start.position.play(C("H5")).play(C("HQ")))
    assert [p.card for p in dd.plays] == [C("H5"), C("HQ")] and dd.probability == 1.0
    # then sd: the tree from there (dummy's guess branches), a distribution
    sd, _ = recorded(director_line(start, DirectorLine.parse("H5 then sd", 2), model))
    after = start.position.play(C("H5"))
    assert [o.tricks for o in sd] == [6 + _dd(after.play(C("HA"))),
                                      6 + _dd(after.play(C("HQ")))]
    assert sum(o.probability for o in sd) == pytest.approx(1.0)
    assert all(o.plays[0].card == C("H5") and len(o.plays) == 7 for o in sd)
    # then claim K: declarer's K of the tricks left
    (claim,), _ = recorded(director_line(start, DirectorLine.parse("H5 then claim 1", 3),
                                         model))
    assert claim.tricks == 7 and claim.probability == 1.0
    for bad, why in (("HA", "does not hold"), ("H5 then claim 3", "2 are left"),
                     ("H5 HQ HK C3 C2 H4 HA S2", "more cards")):
        with pytest.raises(ModelError, match=why):
            recorded(director_line(start, DirectorLine.parse(bad, 4), model))
    only = Start(start.position, 12, start.won, {}, Seat.S, Seat.W, C("H5").bit)
    with pytest.raises(ModelError, match="not a legal card"):
        recorded(director_line(only, DirectorLine.parse("H4", 5), model))


def test_a_point_of_the_record_is_what_the_players_knew_there() -> None:
    """Start.at, the one door: case 024 at East's card to trick 5 (his revoke): the ♥K he
    holds as a major penalty card from trick 2 is in force and face up; the plays before
    show nobody out of a suit; declarer had won the tricks he had won."""
    auto = case_board("024_50d1_penalty_card_in_64c_lines")
    rp = auto.replay
    start = Start.at(rp, 5, rp.index_of(5, Seat.E))
    assert start.offender == Seat.E and start.position.to_play == Seat.E
    assert start.position.penalties == C("HK").bit
    assert start.knowledge().exposed & C("HK").bit
    assert start.voids == {} and start.won == {s: rp.won_before(s, 5) for s in Side}
    assert start.allowed == start.position.legal()
    # the next trick's start: East has shown out of diamonds (his revoke)
    after = Start.at(rp, 6)
    assert after.voids.get(Seat.E, 0) >> 2 & 1  # ♦
    assert [(d.seat, d.card) for d in after.evidence] == [(Seat.E, C("ST"))]
