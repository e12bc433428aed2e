"""The class of player (``--players CLASS``, ``[EquityPlayers "CLASS"]``): the option
over the tag over a ruling's default (exact: no careless error unless the Director names
a class); a class we do not know is an error naming it."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.options import OptionError, RulingOptions
from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.core.game.facts import Facts
from equity.formats import read_boards
from equity.formats.facts import fact_tags, parse_facts
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"


def board(players: str | None = None) -> Board:
    (b,) = [x for x in read_boards(CASE) if isinstance(x, Board)]
    return replace(b, facts=replace(b.facts, players=players))


def test_the_tag_is_read_and_written_back() -> None:
    facts = parse_facts({"EquityPlayers": "Expert"})
    assert facts.players == "expert"
    assert fact_tags(facts) == {"EquityPlayers": "expert"}
    assert "EquityPlayers" not in fact_tags(Facts())


def test_an_unknown_class_in_the_tag_is_an_error_naming_the_tag() -> None:
    with pytest.raises(BoardError, match=r"EquityPlayers.*unknown class of player"):
        parse_facts({"EquityPlayers": "kibitzer"})


def test_the_option_wins_over_the_tag_which_wins_over_the_default() -> None:
    assert RulingOptions().estimate_for(board()).players.name == "exact"
    assert RulingOptions().estimate_for(board("robot")).players.name == "robot"
    assert RulingOptions(players="expert").estimate_for(board("robot")).players.name == "expert"
    assert RulingOptions(players="exact").estimate.players.mix == 0.0


def test_an_unknown_class_on_the_command_line_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(OptionError, match="unknown class of player"):
        RulingOptions.from_values({"players": "kibitzer"})
    assert main(["rule", str(CASE), "--players", "kibitzer"]) == 2
    assert "unknown class of player 'kibitzer'" in capsys.readouterr().err


def test_a_ruling_credits_the_offenders_careless_errors_only_when_a_class_is_named() -> None:
    """Seed 001: the Director adjusts to 3NT making ten (the seed's ruling) unless he names
    a class whose errors are likely; with the club class North (an offender) might have
    discarded a heart later, and that weighs in (12C1(c)); declarer, a non-offender,
    makes no careless error (84D), so no result falls below ten."""
    from equity.app.pipeline import rule_board

    seed = rule_board(board())
    assert seed.basis == "64C" and seed.declarer_tricks == 10
    club = rule_board(board(), RulingOptions(players="club"))
    tricks = dict(club.weighted)
    assert club.basis == "64C" and min(tricks) == 10 and set(tricks) <= {10, 11}
