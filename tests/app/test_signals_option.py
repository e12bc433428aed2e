"""The defenders' signalling methods (``--signals``, ``[EquitySignals]``): the option over
the tag over the default (standard, as the real tables signal); upside-down mirrors the
reading of the third hand's card; a method we do not know is an error naming it."""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.options import OptionError, RulingOptions
from equity.core.game import BoardError, ModelError
from equity.core.game.board import Board
from equity.core.game.facts import Facts, parse_signals
from equity.core.reading.signal import signal_of
from equity.formats import read_boards
from equity.formats.facts import fact_tags, parse_facts
from tests.builders import CASES

# Seed 004: West leads the ♥Q against 3NT, East plays the ♥3 (a signal: it cannot win)
CASE = CASES / "004_3nt_long_suit_killed.pbn"


def board(signals: str | None = None) -> Board:
    b = next(x for x in read_boards(CASE) if isinstance(x, Board))
    return replace(b, facts=replace(b.facts, signals=signals))


@pytest.mark.parametrize(("text", "method"), [
    ("standard", "standard"), ("Upside-Down", "upside-down"), ("upside down", "upside-down"),
    ("UDCA", "upside-down"), ("reverse", "upside-down")])
def test_the_methods_are_read_in_their_common_spellings(text: str, method: str) -> None:
    assert parse_signals(text) == method


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(ModelError, match="not standard or upside-down"):
        parse_signals("odd-even")


def test_the_tag_is_read_and_written_back() -> None:
    facts = parse_facts({"EquitySignals": "UDCA"})
    assert facts.signals == "upside-down"
    assert fact_tags(facts) == {"EquitySignals": "upside-down"}
    assert "EquitySignals" not in fact_tags(Facts())


def test_an_unknown_method_in_the_tag_is_an_error_naming_the_tag() -> None:
    with pytest.raises(BoardError, match=r"EquitySignals.*not standard or upside-down"):
        parse_facts({"EquitySignals": "odd-even"})


def test_the_board_s_methods_decide_how_the_signal_is_read() -> None:
    standard, udca = signal_of(board()), signal_of(board("upside-down"))
    assert standard is not None and udca is not None
    assert not standard.style.upside_down and udca.style.upside_down
    assert signal_of(board("upside-down"), upside_down=False) == standard


def test_the_option_wins_over_the_tag() -> None:
    assert RulingOptions(signals="standard").facts_for(board("upside-down")).signals \
        == "standard"
    assert RulingOptions().facts_for(board("upside-down")).signals == "upside-down"
    with pytest.raises(OptionError, match="not standard or upside-down"):
        RulingOptions.from_values({"signals": "odd-even"})


def test_equity_likely_reads_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["likely", str(CASE), "--board", "1", "--after-trick", "3", "--signals",
                 "udca", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out.splitlines()[0])
    assert obj["signal"]["upside_down"] is True and obj["signal"]["card"] == "H3"
    assert main(["likely", str(CASE), "--after-trick", "3", "--signals", "odd"]) == 2
    assert "not standard or upside-down" in capsys.readouterr().err
