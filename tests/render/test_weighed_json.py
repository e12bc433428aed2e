"""JSON ``ruling.unauthorised[].weighed`` (issue 47): at a Law 16B or 16C2 infraction, the
logical alternatives worse for his side than his card with their shares for a player of
the class without the information — what a weighted score weighs (Law 12C1(c))."""

from __future__ import annotations

import json

import pytest

from equity.app.cli import main
from tests.builders import CASES


def _unauthorised(capsys: pytest.CaptureFixture[str], case: str) -> list[dict[str, object]]:
    assert main(["rule", "--json", str(CASES / f"{case}.pbn")]) == 0
    obj = json.loads(capsys.readouterr().out.splitlines()[0])
    items: list[dict[str, object]] = obj["ruling"]["unauthorised"]
    return items


def test_a_16c2_infraction_with_one_alternative_worse_weighs_it_whole(
        capsys: pytest.CaptureFixture[str]) -> None:
    (item,) = _unauthorised(capsys, "024_62c2_change_suggested_by_withdrawn_card")
    assert item["law"] == "16C2" and item["infraction"] is True
    assert item["weighed"] == [{"card": "H3", "share": 1.0}]


def test_a_16c2_change_that_stands_weighs_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    (item,) = _unauthorised(capsys, "024_62c2_change_nothing_suggested_stands")
    assert item["infraction"] is False and item["weighed"] == []
