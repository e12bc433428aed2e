"""The claim as stated on the command line and the workbench (``--claim``,
``--claim-status``): the option over the tag, the opponent who agreed, bad values named
by their field, and no ruling on a claim without double dummy (``--no-equity``)."""

from __future__ import annotations

import json

import pytest

from equity.app.cli import main
from equity.app.options import OptionError, RulingOptions
from equity.app.pipeline import NOT_ADJUDICATED, rule_automatic
from equity.app.workbench.server import _fact_option
from equity.core.game import Board, Claim, ClaimStatus, Seat
from equity.formats import read_boards
from tests.builders import CASES

CASE = CASES / "003_wrong_claim_ending.pbn"


def board(number: int) -> Board:
    return next(b for b in read_boards(CASE) if isinstance(b, Board) and b.number == number)


def test_the_claim_option_replaces_the_tag_claimer_and_statement() -> None:
    options = RulingOptions.from_values({"claim": "S: trumps; winners"})
    facts = options.facts_for(board(1))
    assert facts.claimer is Seat.S and facts.claim == Claim.parse("S: trumps; winners")
    plain = RulingOptions.from_values({"claim": "S"}).facts_for(board(1))
    assert plain.claimer is Seat.S and plain.claim is None  # the older form: no statement


def test_claim_status_names_the_opponent_who_agreed() -> None:
    options = RulingOptions.from_values({"claim_status": "disputed; E agreed"})
    facts = options.facts_for(board(2))
    assert facts.claim_status is ClaimStatus.DISPUTED and facts.claim_agreed == (Seat.E,)
    assert options.describe()["claim_status"] == "disputed; E agreed"
    assert RulingOptions.from_values({"claim": "W: HA"}).describe()["claim"] == "W: HA"


@pytest.mark.parametrize(("field", "value"), [("claim", "S: ruff"),
                                              ("claim", "Q: trumps"),
                                              ("claim_status", "agreed; N agreed")])
def test_a_bad_claim_value_is_an_error_naming_its_field(field: str, value: str) -> None:
    with pytest.raises(OptionError) as e:
        RulingOptions.from_values({field: value})
    assert e.value.name == field


def test_without_double_dummy_the_claim_is_not_ruled_on_and_the_note_says_so() -> None:
    auto = rule_automatic(board(1), RulingOptions(equity=False))
    assert auto.claim is None and NOT_ADJUDICATED in auto.notes
    assert auto.table_tricks == 10  # the claimed total


def test_a_transfer_from_an_adjudicated_claim_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rule", str(CASE), "--board", "2", "--json", "--claim", "S: crossruff",
                 "--claim-status", "disputed"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruling"]["basis"] == "64+70" and out["ruling"]["claim"]["awarded"] == 10
    assert out["after_transfer_tricks"] == 8


def test_a_stated_claim_in_a_hand_record_fills_the_statement_on_the_page() -> None:
    assert _fact_option("EquityClaim", "S: ruff S; crossruff") == "claim"
    assert _fact_option("EquityClaim", "S") == "claimer"
    assert _fact_option("EquityClaimStatus", "disputed") == "claim_status"


@pytest.mark.parametrize("value", [5, 5.5, "S: concede " + "9" * 5000])
def test_a_claim_value_out_of_range_from_the_page_is_an_option_error(value: object) -> None:
    with pytest.raises(OptionError) as e:
        RulingOptions.from_values({"claim": value})
    assert e.value.name == "claim" and len(str(e.value)) < 300


def test_the_directors_finding_that_the_claimer_was_aware_is_an_option() -> None:
    options = RulingOptions.from_values({"claim_aware": "S2 HQ"})
    facts = options.facts_for(board(1)).claim_aware
    assert facts is not None and str(facts) == "S2 HQ"
    with pytest.raises(OptionError):
        RulingOptions.from_values({"claim_aware": "S2 S2"})
