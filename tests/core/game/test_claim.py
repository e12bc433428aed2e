"""The claim as the table states it (equity.core.game.claim): the grammar of
[EquityClaim] and [EquityClaimStatus], read and written back."""

from __future__ import annotations

import pytest

from equity.core.game import (
    Card,
    Claim,
    ClaimAgreement,
    ClaimStatus,
    ClaimStep,
    ClaimWord,
    ModelError,
    Seat,
    Suit,
)


@pytest.mark.parametrize("text", [
    "S", "S:", "S: HA HK", "W: trumps; winners", "N: ruff S; crossruff", "E: ruff D N",
    "S: concede 2", "S: finesse HQ; winners", "S: SA SK SQ; trumps; concede 1",
    "W: 6 D; 5 S; 2 C",
])
def test_a_statement_reads_back_as_written(text: str) -> None:
    assert str(Claim.parse(text)) == text


def test_the_older_form_names_the_claimer_and_states_nothing() -> None:
    c = Claim.parse("S")
    assert c.claimer is Seat.S and not c.stated and c.steps == ()


def test_a_colon_with_nothing_after_it_is_a_claim_with_nothing_said() -> None:
    c = Claim.parse("s:")
    assert c.stated and c.steps == () and c.describe() == "nothing said"


def test_each_step_is_read_with_its_word() -> None:
    c = Claim.parse("S: HA HK; trumps; ruff S N; crossruff; winners; concede 1; finesse DQ")
    assert [s.word for s in c.steps] == [ClaimWord.CARDS, ClaimWord.TRUMPS, ClaimWord.RUFF,
                                         ClaimWord.CROSSRUFF, ClaimWord.WINNERS,
                                         ClaimWord.CONCEDE, ClaimWord.FINESSE]
    assert c.steps[0].cards == (Card.parse("HA"), Card.parse("HK"))
    assert c.steps[2] == ClaimStep(ClaimWord.RUFF, suit=Suit.S, seat=Seat.N)
    assert c.conceded == 1
    assert c.cards == (Card.parse("HA"), Card.parse("HK"), Card.parse("DQ"))


def test_tricks_counted_in_suits_are_read_without_an_order() -> None:
    # "6 diamonds, 5 spades and 2 clubs" (EBU appeal, 2011): counts, no order
    c = Claim.parse("W: 6 D; 5 S; 2 C")
    assert c.steps[0] == ClaimStep(ClaimWord.COUNT, suit=Suit.D, count=6)
    assert c.describe() == "6 ♦ tricks; 5 ♠ tricks; 2 ♣ tricks"
    assert c.cards == () and c.conceded == 0


def test_a_ruff_by_north_keeps_its_seat_in_writing() -> None:
    # North is seat 0: the seat must be tested against None, not for truth
    assert str(ClaimStep.parse("ruff h n")) == "ruff H N"


def test_the_statement_in_words() -> None:
    assert Claim.parse("S: ruff S; crossruff").describe() == "ruff a ♠; crossruff"
    assert Claim.parse("S: finesse HQ; concede 2").describe() == (
        "take the ♥Q finesse; concede 2 tricks")


@pytest.mark.parametrize(("text", "says"), [
    ("X: trumps", "not a seat"),
    ("S: draw everything", "claim statement step"),
    ("S: ruff", "ruff SUIT"),
    ("S: concede 0", "1-13"),
    ("S: concede two", "1-13"),
    ("S: HA HA", "twice"),
    ("S: HA; HA HK", "twice"),
    ("S: trumps now", "trumps"),
    ("S: finesse", "finesse CARD"),
    ("S: 6", "N SUIT"),
    ("S: 14 D", "1-13"),
    ("S: 6 diamonds", "not a suit"),
    ("S: if C 4-1 ruff C", "needs a colon"),
    ("S: if C 4-1:", "needs a colon"),
    ("S: if C 9-8: ruff C", "at most 13"),
    ("S: if E has 14 S: winners", "0-13"),
    ("S: if clubs break: winners", "SUIT N-M"),
    ("S: provided C 4-1: winners", "'provided' reads"),
    ("S: if C 4-1: if C 3-2: winners", "one step of the play"),
    ("S: if C 4-1: concede 1", "one step of the play"),
    ("S: squeeze now", "squeeze"),
])
def test_a_malformed_statement_is_refused_with_its_grammar(text: str, says: str) -> None:
    with pytest.raises(ModelError, match=says):
        Claim.parse(text)


def test_claim_status_with_the_opponent_who_agreed() -> None:
    a = ClaimAgreement.parse("disputed; N agreed")
    assert a.status is ClaimStatus.DISPUTED and a.agreed == (Seat.N,)
    assert str(a) == "disputed; N agreed"
    assert ClaimAgreement.parse("agreed") == ClaimAgreement()


@pytest.mark.parametrize("text", ["agreed; N agreed", "disputed; N S agreed",
                                  "disputed; N", "maybe", "disputed; N E agreed"])
def test_claim_status_refuses_what_makes_no_sense(text: str) -> None:
    with pytest.raises(ModelError):
        ClaimAgreement.parse(text)


def test_every_step_word_is_written_once_and_every_chip_is_a_step() -> None:
    """The step words' one table (STEP_FORMS): each ClaimWord once; each workbench chip
    reads as a step of its word; the grammar an error quotes names every form."""
    from equity.core.game.claim import GRAMMAR, ClaimStep
    from equity.core.game.claim_steps import CHIPS, STEP_FORMS, ClaimWord

    assert sorted(f.word for f in STEP_FORMS) == sorted(ClaimWord)
    for form in STEP_FORMS:
        assert form.form in GRAMMAR
        assert all(ClaimStep.parse(chip).word == form.word for chip in form.chips)
    assert CHIPS[0] == "winners" and "concede 1" in CHIPS


@pytest.mark.parametrize("text", ["E: CQ C2; if C 4-1: ruff C", "N: provided E has 5 S: squeeze",
                                  "S: if W has 3+ H: finesse HQ; squeeze"])
def test_a_conditional_statement_reads_back_as_written(text: str) -> None:
    assert str(Claim.parse(text)) == text


def test_a_condition_is_the_deal_a_split_either_way_round_or_a_seats_length() -> None:
    split = Claim.parse("E: if C 1-4: ruff C").steps[0]
    assert split.word == ClaimWord.RUFF and split.condition is not None
    assert split.condition.met((1, 4)) and split.condition.met((4, 1))
    assert not split.condition.met((5, 0)) and not split.condition.proviso
    length = Claim.parse("N: provided E has 5+ S: squeeze").steps[0].condition
    assert length is not None and length.proviso and length.seat == Seat.E
    assert length.met((6, 0)) and not length.met((4, 0))
    assert Claim.parse("E: if C 4-1: ruff C").describe() == "if ♣ 4-1, ruff a ♣"
