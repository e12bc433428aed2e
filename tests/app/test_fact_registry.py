"""Each fact declared once (equity.core.game.facts) reaches every place that says it: the
PBN tags, the quitted rows, the ruling options and the workbench's form, all from its
declaration."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.app.options import OPTIONS, RulingOptions
from equity.app.workbench.server import FACT_OPTIONS, _board_summary
from equity.core.game import FACTS, Board, Fact, Facts
from equity.formats import read_boards
from equity.formats.facts import fact_tags, parse_facts
from equity.formats.rows import board_to_rows, parse_rows, rows_boards
from tests.builders import CASES, case_001, played_from
from tests.builders import EVERY_FACT as SAMPLE


def plain_board() -> Board:
    """Case 003's first board (a claim ending), its facts the defaults."""
    b = next(b for b in read_boards(CASES / "003_wrong_claim_ending.pbn")
             if isinstance(b, Board))
    return replace(b, facts=Facts())


def test_every_fact_option_is_a_ruling_option_and_every_facts_option_gives_a_fact() -> None:
    cli = OPTIONS
    given = {o for f in FACTS for o in f.options}
    assert given <= set(cli)
    assert {name for name, c in cli.items() if c.group == "facts"} <= given


@pytest.mark.parametrize("declared", FACTS, ids=lambda f: f.tag)
def test_an_option_gives_the_fact_its_tag_gives(declared: Fact) -> None:
    text = declared.write(SAMPLE)
    assert text is not None
    option = declared.option_for(text)
    cli = OPTIONS[option]
    facts = RulingOptions.from_values({option: [text] if cli.repeat else text}
                                      ).facts_for(plain_board())
    assert {n: getattr(facts, n) for n in declared.fields} == {
        n: getattr(SAMPLE, n) for n in declared.fields}


def test_the_pbn_tags_carry_every_fact() -> None:
    assert list(fact_tags(SAMPLE)) == [f.tag for f in FACTS]
    assert parse_facts(fact_tags(SAMPLE)) == SAMPLE


def test_the_rows_carry_every_fact_with_a_rows_key() -> None:
    assert SAMPLE.play_from is not None
    board = replace(played_from(case_001(), SAMPLE.play_from.trick), facts=SAMPLE)
    text = board_to_rows(board)
    assert all(f"\n{f.key}: " in text for f in FACTS if f.key is not None)
    [back] = rows_boards(parse_rows(text))
    assert back.board.facts == SAMPLE


def test_a_hand_records_facts_fill_the_workbench_form_and_come_back() -> None:
    board = replace(plain_board(), facts=SAMPLE)
    options = _board_summary(board)["options"]
    assert set(options) <= FACT_OPTIONS
    assert RulingOptions.from_values(options).facts_for(plain_board()) == SAMPLE
