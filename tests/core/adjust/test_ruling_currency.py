"""Law 64C compares scores in the event's own currency: tricks, total points,
matchpoints and IMPs can decide differently (issue: "Scores, not just tricks")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.ruling import nos_gain
from equity.core.adjust.weights import Policy, Weights
from equity.core.game.cards import Contract, Seat, Side, Vulnerability
from equity.core.game.scoring import Event
from tests.builders import POLICIES_DIFFER, POLICIES_DIFFER_DEAL, board

FOUR_S = Contract.parse("4S", Seat.S)
EVENTS = {
    "tricks": Event("tricks"),
    "points": Event("points"),
    "mp": Event("mp", field=(-100, -100, -100)),
    "imps": Event("imps", other=-100.0),
}


@pytest.mark.parametrize(("form", "adjust"), [("tricks", False), ("points", True),
                                              ("mp", False), ("imps", True)])
def test_weighted_lines_straddling_game_decide_differently_by_currency(form: str,
                                                                       adjust: bool) -> None:
    # Defenders revoked; 64A left 4S one down (-100). The lines: half game made (+620),
    # half two down (-200): 9 tricks on average, as after the transfer.
    gain = nos_gain(FOUR_S, Vulnerability.BOTH, EVENTS[form], Side.NS, ((9, 1.0),),
                    ((10, 0.5), (8, 0.5)))
    assert (gain > 0) is adjust


UNDERTRICK = {
    "tricks": Event("tricks"),
    "points": Event("points"),
    "mp": Event("mp", field=(-50, -50, 420, 420)),
    "imps": Event("imps", other=420.0),
}


@pytest.mark.parametrize(("form", "adjust"), [("tricks", True), ("points", True),
                                              ("mp", False), ("imps", False)])
def test_extra_undertrick_that_changes_nothing_on_the_traveller(form: str,
                                                                adjust: bool) -> None:
    # Declarer revoked; 64A left 4S two down (-100); the lines give three down (-150).
    gain = nos_gain(FOUR_S, Vulnerability.NONE, UNDERTRICK[form], Side.EW, ((8, 1.0),),
                    ((7, 1.0),))
    assert (gain > 0) is adjust


def test_non_reciprocal_favourable_gives_each_side_its_own_score() -> None:
    # Declarer's side are the non-offenders; 64A left them 7 tricks. The Director weighs
    # the lines 75% (9 tricks), 20% (10 tricks), 5% (10 tricks, the table line).
    b = board(POLICIES_DIFFER_DEAL, "4S", "S", POLICIES_DIFFER)
    r = rule_board(b, RulingOptions(policy=Policy.FAVOURABLE, weights=Weights.parse(
        ["HK=0.75", "H2=0.2", "table=0.05"])))
    results = r.side_results()
    assert r.basis == "64C" and r.non_offenders == Side.NS
    assert results[Side.NS] == ((9, 1.0),)  # most favourable that was likely (>= 1/3)
    assert results[Side.EW] == ((10, 1.0),)  # most unfavourable at all probable (>= 1/6)


def test_serious_error_non_offenders_keep_the_64a_result_offenders_get_the_adjustment(
        ) -> None:
    from tests.builders import SEED001_DEAL, SEED001_PLAY
    r = rule_board(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY),
                   RulingOptions(serious_error=True, policy=Policy.DD))
    res = r.side_results()
    assert res[Side.EW] == ((7, 1.0),)  # the non-offenders: the Law 64A result
    assert res[Side.NS] == ((10, 1.0),)  # the offenders: the adjusted score
    assert "12C1(e)" in [s.law for s in r.steps]


@pytest.mark.parametrize(("options", "key"), [
    ([], None), (["--other-table", "-400"], "imps"), (["--traveller", "TRAV"], "mp")])
def test_json_reports_scores_under_64a_and_the_ruling(options: list[str], key: str | None,
                                                      tmp_path: object,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    from pathlib import Path
    trav = Path(str(tmp_path)) / "trav.txt"
    trav.write_text("-400 -430 100\n")
    opts = [str(trav) if o == "TRAV" else o for o in options]
    # policy dd pins the ruling at ten tricks: the point here is the currencies
    assert main(["rule", "--example", "--json", "--policy", "dd", *opts]) == 0
    ruling = json.loads(capsys.readouterr().out)["ruling"]
    assert ruling["score_ns"] == -430 and ruling["after_transfer"]["score_ns"] == 100
    assert ruling["weighted"] == [{"declarer_tricks": 10, "weight": 1.0, "score_ns": -430}]
    assert ruling["scorer"] == "3NT by E +1 (-430)"
    if key == "mp":
        assert ruling["mp"] == {"after_transfer": 5.0, "ruling": 1.0}
        assert ruling["mp_pct"]["ruling"] == pytest.approx(100 / 6, abs=0.01)
    if key == "imps":
        assert ruling["imps"] == {"after_transfer": 11.0, "ruling": -1.0}


OTHER_TABLES = """
[Board "1"]
[Deal "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"]
[Vulnerable "None"]
[Declarer "E"]
[Contract "3NT"]
[Result "10"]

[Board "1"]
[Deal "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"]
[Vulnerable "None"]
[Declarer "S"]
[Contract "4H"]
[Result "9"]
"""


def test_other_tables_in_the_same_file_are_the_matchpoint_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import resources
    example = (resources.files("equity") / "examples" / "3nt_east_diamond_revoke.pbn")
    f = tmp_path / "session.pbn"
    f.write_text(example.read_text() + "\n" + OTHER_TABLES)
    assert main(["rule", str(f), "--json", "--field-from-input", "--policy", "dd"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    ruling = first["ruling"]
    # field: 3NT by E +1 (N-S -430) and 4H by S -1 (N-S -50)
    assert ruling["form"] == "mp"
    assert ruling["mp"] == {"after_transfer": 4.0, "ruling": 1.0}
