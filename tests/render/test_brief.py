"""``equity rule --brief`` (equity.render.brief): the ruling as a Director reads it out,
a few lines of at most 100 characters, saying what the full ruling says: the revoke,
established or not, the transfer, the Law 64C decision and the score to enter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import _parser, main
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.game.board import Board
from equity.formats import read_boards
from equity.render.brief import WIDTH, brief_text
from equity.render.jsonout import board_json
from tests.builders import CASES, QUICK_ARGS

CASES = sorted((CASES).glob("*.pbn"))


def _options(case: Path) -> RulingOptions:
    """The case's own options (beside it in its JSON), with the quick estimate: the
    brief's wording is the point here, not the estimate."""
    spec = json.loads(case.with_suffix(".json").read_text())
    args = _parser().parse_args(["rule", str(case), *spec.get("options", []), *QUICK_ARGS])
    return RulingOptions.from_args(args)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_the_brief_says_each_revoke_its_laws_the_decision_and_the_score(case: Path) -> None:
    options = _options(case)
    for board in read_boards(case):
        if not isinstance(board, Board) or board.play is None:
            continue
        ruling = rule_board(board, options)
        text, obj = brief_text(ruling), board_json(ruling)
        lines = text.splitlines()
        assert all(len(line) <= WIDTH for line in lines), text
        # Law 16B: what he knew, what it suggested, the alternative, the adjustment
        informed = [u for u in obj.get("ruling", {}).get("unauthorised", [])
                    if u.get("law") in ("16B", "16A")]
        claim = 1 if obj.get("ruling", {}).get("claim") else 0  # Laws 68-71
        assert len(lines) <= 3 + 7 * (len(obj["revokes"]) + len(informed) + claim), text
        for k, r in enumerate(obj["revokes"], 1):
            head = next(line for line in lines if line.startswith(f"Revoke {k}, Law "))
            assert head.startswith(f"Revoke {k}, Law 61A: ") and f"trick {r['trick']}" in head
            # why it is established (63A), or not (62A), or corrected (62D), in the
            # revoke's own words: the first law applied after 61A
            assert f"Law {r['laws'][1]}: " in text, text
        if obj["ruling"].get("pending"):
            assert lines[-1] == "Ruling: play continues; no result yet."
            continue
        assert f": {obj['ruling']['scorer']}" in lines[-1], text
        said = " ".join(line.strip() for line in lines)
        # Law 64C2(b): both sides revoked, the score as though neither had
        adjusted = ("the score is adjusted to" in said
                    or "adjusted as though neither revoke had occurred" in said)
        assert adjusted == (obj["ruling"]["basis"] in ("64C", "16C2", "16B")), text
        # a transfer that did not compensate is said only where a trick was transferred
        if "the transfer did not compensate" in said:
            assert any(r["transfer"] for r in obj["revokes"]), text
        assert "(law " not in said, text  # a basis is never lower-cased


def test_the_bundled_example_reads_out_in_under_twelve_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    """With the default options: one revoke, established, one trick transferred, and Law
    64C restores 3NT making ten."""
    assert main(["rule", "--example", "--brief"]) == 0
    lines = capsys.readouterr().out.rstrip("\n").splitlines()
    assert len(lines) < 12 and all(len(line) <= WIDTH for line in lines), lines
    text = "\n".join(lines)
    assert "Revoke 1, Law 61A: North played ♣2 to a ♦ lead at trick 5" in text
    assert "Law 63A1:" in text and "Law 64A2:" in text and "one trick" in text
    assert "the transfer did not compensate East-West, the non-offenders" in text
    assert lines[-1] == "Final score: 3NT by E +1 (-430)."


def test_the_full_text_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", *QUICK_ARGS]) == 0
    text = capsys.readouterr().out
    assert "Law 64C: was the transfer enough?" in text and len(text.splitlines()) > 20


def test_brief_with_json_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", "--brief", "--json"]) == 2
    assert "--brief" in capsys.readouterr().err
