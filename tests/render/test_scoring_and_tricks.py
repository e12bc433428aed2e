"""The weighted comparison explained (issue 33): when the event's scoring and the trick
count disagree on who gains (a weighted score worth more in points with fewer tricks on
average), the ruling says so in one sentence and ``summary`` says so beside the gain in
tricks; its charts of counts have whole-number bins."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.render.svg_charts import histogram

UNEVEN = ("--outcome", "9", "--outcome", "3", "--weight", "outcome1=0.5",
          "--weight", "outcome2=0.5")
"""Seed 001 ruled 50% 3NT= (-400) / 50% 3NT-6 (+300): 6 tricks on average for East-West,
one fewer than the 7 of the Law 64A transfer (-100 for them), but +50 on average: better
for them in total points, worse in tricks."""


def test_the_ruling_says_when_points_and_tricks_disagree(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", *UNEVEN]) == 0
    text = " ".join(capsys.readouterr().out.split())
    said = ("The weighted score is better for East-West in total points (+150.00) than the "
            "Law 64A result but worse in tricks (-1.00 on average): Law 64C compares scores "
            "in the event's own form of scoring, so the total points decide.")
    assert said in text
    head = text[:text.index("In detail:")]
    assert said in head  # said with the decision, before the details
    assert main(["rule", "--example", *UNEVEN, "--brief"]) == 0
    assert said in " ".join(capsys.readouterr().out.split())


def test_no_sentence_when_they_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", "--outcome", "10", "--weight", "outcome1=1"]) == 0
    assert "so the total points decide" not in capsys.readouterr().out


def test_summary_names_the_boards_better_scored_with_fewer_tricks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rulings.jsonl"
    assert main(["rule", "--example", "--json", *UNEVEN]) == 0
    uneven = capsys.readouterr().out
    assert main(["rule", "--example", "--json"]) == 0
    out.write_text(uneven + capsys.readouterr().out, encoding="utf-8")
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    page = tmp_path / "summary.html"
    assert main(["summary", str(out), "--html", str(page)]) == 0
    text = capsys.readouterr().out
    rows = dict(re.split(r"\s{2,}", line, maxsplit=1) for line in text.splitlines()
                if re.search(r"\S\s{2,}\S", line))
    assert rows["non-offenders' gain in tricks"] == "mean 1 (median 1, -1 to 3) over 2"
    assert rows["better in the event's scoring, worse in tricks"] == "1"
    assert "Law 64C compares scores" in text
    html = page.read_text(encoding="utf-8")
    assert "better scored, fewer tricks" in html and "150 points" in html


def test_counts_are_binned_in_whole_numbers() -> None:
    labels, counts = histogram([0, 3, 5, 17, 22, 40, 41, 60, 61, 100, 101])
    assert sum(counts) == 11 and len(labels) <= 8
    assert labels[0] == "0-12" and all("." not in label for label in labels)
    spans = [tuple(map(int, label.split("-"))) for label in labels]
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(spans))
    labels, counts = histogram([0.5, 1.25, 3.3, 4, 5, 6, 7, 8, 9, 10])
    assert sum(counts) == 10 and labels[0] == "0.5+"  # measures keep their ranges
    assert json.dumps(histogram([1, 2, 2, 3])) == json.dumps([["1", "2", "3"], [1, 2, 1]])
