"""The regulating authority and who rules (``--authority``, ``[EquityAuthority]``;
``--ruled-by``, ``[EquityRuledBy]``): the option over the tag over the default (WBF, the
Director); a value we do not know is an error naming the board and the tag; the Law 12
method they give reaches the ruling (the ACBL's 2007 election by the board's date)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.options import OptionError, RulingOptions
from equity.core.game import Board, BoardError, Facts, RuledBy
from equity.formats import read_boards
from equity.formats.facts import fact_tags, parse_facts
from tests.builders import CASES

# Seed 001: 3NT by East, North's revoke costs East-West three tricks beyond the transfer
CASE = CASES / "001_3nt_east_diamond_discard.pbn"


def test_the_tags_are_read_and_written_back() -> None:
    facts = parse_facts({"EquityAuthority": "acbl", "EquityRuledBy": "Delegated"})
    assert (facts.authority, facts.ruled_by) == ("ACBL", RuledBy.DELEGATED)
    assert fact_tags(facts) == {"EquityAuthority": "ACBL", "EquityRuledBy": "delegated"}
    assert not {"EquityAuthority", "EquityRuledBy"} & set(fact_tags(Facts()))


@pytest.mark.parametrize(("tag", "value", "message"), [
    ("EquityAuthority", "FFB", "one of WBF, EBU, ACBL, not 'FFB'"),
    ("EquityRuledBy", "judge", "who rules must be one of director, committee, delegated")])
def test_a_bad_value_is_an_error_naming_the_board_and_the_tag(
        tmp_path: Path, tag: str, value: str, message: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text(CASE.read_text().replace('[Board "1"]', f'[Board "1"]\n[{tag} "{value}"]'))
    assert main(["rule", str(bad), "--no-equity"]) == 1
    err = capsys.readouterr().err
    assert "board 1" in err and f"[{tag}]" in err and message in err
    with pytest.raises(BoardError, match=message):
        parse_facts({tag: value})


def test_the_options_win_over_the_tags() -> None:
    b = next(x for x in read_boards(CASE) if isinstance(x, Board))
    b = replace(b, facts=replace(b.facts, authority="EBU", ruled_by=RuledBy.COMMITTEE))
    facts = RulingOptions(authority="ACBL", ruled_by=RuledBy.DIRECTOR).facts_for(b)
    assert (facts.authority, facts.ruled_by) == ("ACBL", RuledBy.DIRECTOR)
    assert RulingOptions().facts_for(b).authority == "EBU"
    with pytest.raises(OptionError, match="who rules must be one of"):
        RulingOptions.from_values({"ruled_by": "judge"})


def rule_json(capsys: pytest.CaptureFixture[str], path: Path, *options: str
              ) -> dict[str, Any]:
    assert main(["rule", str(path), "--json", "--samples", "8", *options]) == 0
    return dict(json.loads(capsys.readouterr().out)["ruling"])


def test_acbl_2007_rules_non_reciprocally_before_2016_by_the_board_s_date(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for date, policy, law in (("2014.06.01", "favourable", "12C1(e)"),
                              ("2016.06.01", "weighted", "12C1(c)")):
        dated = tmp_path / f"{date}.pbn"
        dated.write_text(CASE.read_text().replace('[Date ""]', f'[Date "{date}"]'))
        ruling = rule_json(capsys, dated, "--laws", "2007", "--authority", "ACBL")
        assert ruling["policy"] == policy
        assert ruling["law12"] == {**ruling["law12"], "law": law, "authority": "ACBL"}
    undated = rule_json(capsys, CASE, "--laws", "2007", "--authority", "ACBL")
    assert undated["policy"] == "favourable"
    assert "the board has no date: taken as before it" in " ".join(undated["law12"]["why"])


def test_a_1997_appeals_committee_weights_under_12c3_but_not_in_the_acbl(
        capsys: pytest.CaptureFixture[str]) -> None:
    committee = rule_json(capsys, CASE, "--laws", "1997", "--ruled-by", "committee")
    assert committee["policy"] == "weighted"
    steps = committee["steps"]
    assert isinstance(steps, list)
    assert any(s["law"] == "12C3" for s in steps)
    acbl = rule_json(capsys, CASE, "--laws", "1997", "--ruled-by", "committee",
                     "--authority", "ACBL")
    assert acbl["policy"] == "favourable"
    said = " ".join(s["text"] for s in acbl["steps"])
    assert "An appeals committee may not weight the score here (Law 12C3)" in said
