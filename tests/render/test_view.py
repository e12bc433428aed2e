"""The view (equity.render.view): every sentence made once, steps found by their kind.

The text, the HTML page and the Markdown are laid out from one :class:`BoardView`, so a
sentence the view makes reads the same in each; a step's stage comes from its
:class:`StepKind`, never from its place in the list.
"""

from __future__ import annotations

import html
from importlib.resources import files

import pytest
from msgspec.structs import replace

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.ruling import Ruling
from equity.core.game.board import Board
from equity.core.game.calls import Auction
from equity.core.game.cards import Seat
from equity.core.law.steps import StepKind
from equity.core.reading.table import Table
from equity.formats import read_boards
from equity.render.html import render_html
from equity.render.markdown import render_markdown
from equity.render.text import board_text, ruling_text
from equity.render.view import STAGES, auction_sentences, board_view
from tests.builders import CASES


def ruled(case: str, equity: bool = True) -> Ruling:
    board = next(b for b in read_boards(CASES / f"{case}.pbn") if isinstance(b, Board))
    return rule_board(board, RulingOptions(equity=equity))


@pytest.fixture(scope="module")
def ruling() -> Ruling:
    return ruled("001_3nt_east_diamond_discard")


def test_every_kind_has_a_stage() -> None:
    assert set(STAGES) == set(StepKind)


def test_revoke_steps_take_their_kind_from_the_law(ruling: Ruling) -> None:
    steps = board_view(ruling).revokes[0].steps
    assert steps[0].kind is StepKind.REVOKE and steps[0].law.startswith("61")
    assert steps[1].kind is StepKind.ESTABLISHED and steps[1].law.startswith("63")
    assert {s.kind for s in steps[2:]} <= {StepKind.TRANSFER, StepKind.NO_TRANSFER}


def test_law_64c_steps_are_tagged_where_they_are_made(ruling: Ruling) -> None:
    kinds = [s.kind for s in board_view(ruling).decision]
    assert kinds.count(StepKind.POLICY) == 1 and kinds.count(StepKind.EVENT) == 1
    assert kinds.count(StepKind.DECISION) == 1 and StepKind.CHECK in kinds


def test_the_decision_is_found_by_its_kind_not_its_place(ruling: Ruling) -> None:
    """Shuffle the steps: each keeps its stage (the old view called the last one the
    decision and the second one the scoring)."""
    shuffled = replace(ruling, steps=tuple(reversed(ruling.steps)))
    stages = {s.text: s.stage for s in board_view(shuffled).decision}
    for s in ruling.steps:
        want = {StepKind.DECISION: "Decision", StepKind.EVENT: "Scoring",
                StepKind.POLICY: "Policy"}.get(s.kind, "Equity")
        assert stages[s.text] == want


def test_an_unknown_paragraph_has_no_kind() -> None:
    with pytest.raises(ValueError, match="no step kind for Law 99"):
        StepKind.of_law("99")


def test_one_sentence_reads_the_same_in_text_html_and_markdown(ruling: Ruling) -> None:
    view = board_view(ruling)
    text = board_text(ruling, width=None)
    page, md = render_html([ruling]), render_markdown([ruling])
    title = view.revokes[0].title
    assert f"{title}." in text
    assert html.escape(title).replace("♦", '<span class="red">♦</span>') in page
    assert f"### {title}" in md
    for step in view.decision:
        assert f"Law {step.law}: {step.text}" in text
        assert html.escape(step.text) in page
    _, final = view.final[0]
    assert final in page and final in md and f"ruling: {final}" in text


def test_no_equity_text_is_the_laws_61_to_64b_ruling_alone() -> None:
    ruling = ruled("001_3nt_east_diamond_discard", equity=False)
    text = board_text(ruling, width=None)
    assert text.endswith("\n" + ruling_text(ruling.automatic))
    assert "Law 64C" not in text


def test_the_style_sheet_is_package_data_inlined_in_the_page(ruling: Ruling) -> None:
    css = files("equity.render").joinpath("style.css").read_text(encoding="utf-8")
    assert "@media print" in css
    assert f"<style>\n{css}</style>" in render_html([ruling])


def test_the_ruling_says_its_layouts_draw_on_the_play_alone_without_an_auction(
        ruling: Ruling) -> None:
    v = board_view(ruling)
    assert v.auction[0] == ("Auction: no auction in the record: the layouts of the unseen "
                            "cards draw on the play alone.")
    assert v.auction[0] in board_text(ruling, width=None)
    assert html.escape(v.auction[0], quote=False) in render_html([ruling])


def test_the_ruling_reads_out_the_calls_read_not_read_and_outside(ruling: Ruling) -> None:
    board = replace(ruling.automatic.replay.board, auction=Auction.of(
        Seat.E, ["1N", "P", "3N", "P", "P", "P"]))
    said = auction_sentences(Table.of(board), "16A1(a)", outside=2)
    assert said[0] == "Auction (East dealer): 1NT Pass 3NT Pass Pass Pass."
    assert said[1].startswith("Read (Law 16A1(a), authorised to every player): East's 1NT "
                              "(1NT opening): 15-17 HCP")
    assert said[2] == ("Not read (they show nothing to the model): South's Pass, "
                       "North's Pass, East's Pass, South's Pass.")
    assert said[3].startswith("The real hand is outside what its calls show (the Director "
                              "sees it; no player may know it") and "East's 1NT" in said[3]
    assert said[4].startswith("A seat's calls are outside what they show ")
    assert said[4].endswith("(2 decisions drew such hands).")


def test_the_ruling_says_how_the_opening_lead_was_read(ruling: Ruling) -> None:
    v = board_view(ruling)
    (lead,) = [said for said in v.auction if said.startswith("Opening lead:")]
    assert "read by convention (Law 16A1(a))" in lead and "evidence, never certainty" in lead
    assert lead in board_text(ruling, width=None)
