"""The words a Director reads out on a claim (Laws 68-71), in the text report: each number
said from the claimer's side, no Law 64 words where there is no revoke, and a result
named for what it is."""

from __future__ import annotations

from equity.app.cli import _parser
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust import Ruling
from equity.core.game.board import Board
from equity.formats import read_boards
from equity.render.html import render_html
from equity.render.markdown import render_markdown
from equity.render.text import board_text
from tests.builders import CASES, QUICK_ARGS


def _ruled(name: str, board: str = "1") -> Ruling:
    """One board of a seed case, ruled with its own options."""
    case = CASES / f"{name}.pbn"
    args = _parser().parse_args(["rule", str(case), "--board", board, *QUICK_ARGS])
    options = RulingOptions.from_args(args)
    found = [b for b in read_boards(case) if isinstance(b, Board) and b.label.endswith(board)]
    return rule_board(found[0], options)


def _text(name: str, board: str = "1") -> str:
    """The text report of one board of a seed case."""
    return board_text(_ruled(name, board), width=None)


def test_a_defenders_claim_is_said_from_his_side_never_as_declarers_claim() -> None:
    text = _text("041_defender_claim")
    assert "East claimed the last 3 (declarer 8)" in text
    assert "declarer 10 tricks (East's claim left him 8)" in text
    assert "(claimed 8)" not in text  # declarer claimed nothing


def test_a_board_without_a_revoke_says_no_law_64_words_in_its_scores() -> None:
    text = _text("041_defender_claim")
    scores = text[text.index("Scores ("):]
    assert "Laws 61-64" not in scores
    assert "no trick transferred" not in text
    assert "claim as ruled: 4S by S = (+420)" in scores


def test_a_claim_ruled_on_a_board_with_a_revoke_is_named_before_laws_61_64() -> None:
    # 011 board 4: the claim ruled with the revoke trick corrected (9 tricks); the record's
    # trick 1 as played with the claim as ruled makes 10, which is no ruling's number
    text = _text("011_63a4_agreed_claim_69a_timing", "4")
    first = text.splitlines()[0]
    assert first.endswith("10 tricks, made exactly (the claim as ruled, Law 70, before "
                          "Laws 61-64).")
    assert "Laws 61-64: 4♠ by South: 9 tricks, one down" in text


def test_a_claim_basis_in_brackets_holds_no_brackets_of_its_own() -> None:
    text = _text("011_63a4_agreed_claim_69a_timing", "4")
    assert "(the claim adjudicated, Law 70)." in text.splitlines()[1]
    assert "(Law 70))" not in text


def test_the_report_says_a_defenders_claim_as_made_not_the_award() -> None:
    # the replay's total is the Director's award (10); East's claim left declarer 8
    page = render_markdown([_ruled("041_defender_claim")])
    assert "claim or concession by East, leaving declarer 8 tricks." in page
    assert "for a total of 10 tricks to declarer" not in page


def test_the_report_of_a_board_without_a_revoke_has_no_revoke_legend_nor_correction() -> None:
    ruling = _ruled("041_defender_claim")
    for page in (render_markdown([ruling]), render_html([ruling])):
        assert "R1, R2" not in page
    assert "**Decision** — Law 70A: no revoke" in render_markdown([ruling])
    assert "**Correction**" not in render_markdown([ruling])


def test_the_reports_result_row_names_a_claim_beside_a_revoke_as_the_text_does() -> None:
    page = render_markdown([_ruled("011_63a4_agreed_claim_69a_timing", "4")])
    assert "| Result (the claim as ruled, Law 70, before Laws 61-64) | 10 tricks" in page


def test_an_agreed_claim_that_stands_is_named_agreed_not_ruled() -> None:
    text = _text("041_agreed_claims_69_71")
    assert text.splitlines()[0].endswith("(the claim as agreed, Law 69A).")
    assert "claim as agreed: 3NT by S = (+400)" in text
    assert "as ruled" not in text


def test_the_69b_line_says_each_card_as_a_player_of_the_class_would_play_it() -> None:
    text = _text("041_agreed_claims_69_71", "2")
    assert "[the award]: each card the one a player of the class would most likely play" in text
    assert "the one players of the class" not in text


def test_a_document_of_claims_is_not_titled_revoke_rulings() -> None:
    claim = _ruled("041_defender_claim")
    assert "<title>Claim ruling: Board 1, 4♠ by South</title>" in render_html([claim])
    both = [claim, _ruled("011_63a4_agreed_claim_69a_timing", "1")]
    assert "# Rulings\n" in render_markdown(both)
    assert "Revoke ruling" not in render_html([claim])
