"""``equity rule`` text opens with the ruling (issue 33): the decision and the score to
enter, as ``--brief`` says them, then every step; no line is wider than 100 columns."""

from __future__ import annotations

import pytest

from equity.app.cli import main
from equity.render.brief import WIDTH, wrap


def test_the_bundled_example_opens_with_its_decision_and_score(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example"]) == 0
    text = capsys.readouterr().out
    assert main(["rule", "--example", "--brief"]) == 0
    brief = capsys.readouterr().out.splitlines()
    first = text.splitlines()[:5]
    decision = next(k for k, line in enumerate(first) if line.startswith("Law 64C: "))
    said_first = " ".join(line.strip() for line in first[decision:decision + 2])
    assert "the score is adjusted to 3NT by East: 10" in said_first
    assert "Final score: 3NT by E +1 (-430)." in first
    # the same sentences as the brief, which reads the revoke out before the decision
    said = [line for line in brief if line.startswith(("Law 64C: ", "Final score"))]
    assert said and all(line in first for line in said)
    assert "In detail:" in text and text.index("In detail:") > text.index("Final score")
    assert max(len(line) for line in text.splitlines()) <= WIDTH


def test_a_wrapped_item_keeps_its_indent_past_its_marker() -> None:
    line = "       - " + " ".join(["word"] * 40)
    rows = wrap(line).splitlines()
    assert len(rows) > 1 and all(len(r) <= WIDTH for r in rows)
    assert rows[0].startswith("       - word")
    assert all(r.startswith(" " * 11 + "word") for r in rows[1:])
    path = "x" * 120
    assert wrap(f"  see {path} here") == f"  see\n    {path}\n    here"
