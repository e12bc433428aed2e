"""``equity likely``: the JSON contract (outcomes summing to 1, decisions, stats), the
knowledge stops at the trick asked, clear errors naming the board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import main
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"


def likely(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict], str]:
    code = main(["likely", str(CASE), *args])
    out = capsys.readouterr()
    return code, [json.loads(line) for line in out.out.splitlines() if line], out.err


def test_json_gives_outcomes_summing_to_one_decisions_and_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "8", "--json")
    assert code == 0
    assert obj["board"] == 1 and obj["after_trick"] == 8 and obj["players"] == "club"
    assert sum(o["probability"] for o in obj["outcomes"]) == pytest.approx(1.0, abs=1e-5)
    tricks = [o["declarer_tricks"] for o in obj["outcomes"]]
    assert tricks == sorted(tricks, reverse=True)
    assert all(obj["won"]["declarer"] <= t <= obj["won"]["declarer"] + 5 for t in tricks)
    assert set(obj["stats"]) >= {"positions", "decisions", "layouts", "seconds"}
    assert obj["stats"]["positions"] > 0
    for d in obj["decisions"]:
        assert len(d["cards"]) >= 2 and {"card", "probability", "error"} <= set(d["cards"][0])
        assert {"trick", "seat", "text", "cards", "inferences"} <= set(d)


def test_exact_players_are_the_decision_model_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "8", "--json", "--players", "exact")
    assert code == 0 and obj["players"] == "exact"
    assert not any(c["error"] for d in obj["decisions"] for c in d["cards"])


def test_a_trick_the_record_does_not_reach_is_an_error_naming_the_board(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = CASE.read_text()
    short = tmp_path / "short.pbn"
    cut = text.index("[Play")
    rows = text[cut:].splitlines()
    short.write_text(text[:cut] + "\n".join(rows[:3]) + "\n*\n")
    code = main(["likely", str(short), "--after-trick", "9", "--json"])
    out = capsys.readouterr().out
    assert code == 1
    obj = json.loads(out.splitlines()[0])
    assert "board 1" in obj["error"] and "trick 9" in obj["error"]


def test_an_unknown_class_of_player_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = likely(capsys, "--after-trick", "8", "--players", "kibitzer")
    assert code == 2 and "unknown class of player" in err


def with_auction(tmp_path: Path, auction: str) -> Path:
    """Case 001 (3NT by East) with an ``[Auction]`` section added."""
    text = CASE.read_text().replace('[Play "S"]', f'{auction}\n[Play "S"]')
    out = tmp_path / "auction.pbn"
    out.write_text(text)
    return out


def test_without_an_auction_the_json_says_the_layouts_draw_on_the_play_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, (obj,), _ = likely(capsys, "--after-trick", "8", "--json")
    a = obj["auction"]
    assert (a["calls"], a["read"], a["loosened"]) == ([], [], [])
    assert "no auction in the record" in a["note"] and obj["stats"]["loosened"] == 0


def test_the_json_says_which_calls_were_read_and_where_the_deal_is_outside_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # East (16 points, six diamonds) opens 1NT: outside what the call shows, which the
    # Director sees; the call is never widened to fit the deal
    path = with_auction(tmp_path, '[Auction "E"]\n1NT Pass 3NT Pass\nPass Pass')
    assert main(["likely", str(path), "--after-trick", "8", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)["auction"]
    assert a["dealer"] == "E" and a["calls"] == ["1N", "P", "3N", "P", "P", "P"]
    assert [(r["seat"], r["bid"], r["rule"]) for r in a["read"]] == [
        ("E", "1N", "1NT opening"), ("W", "3N", "3NT raise of 1NT")]
    assert a["read"][0]["hcp"] == [15, 17] and a["read"][0]["lengths"]["D"] == [2, 5]
    assert [n["call"] for n in a["not_read"]] == [1, 3, 4, 5]
    assert a["loosened"] == [] and a["read"][0]["lengths"]["D"] == [2, 5]
    (out,) = a["outside"]
    assert out["seat"] == "E" and out["bid"] == "1N"
    assert out["text"] == "East's 1NT (1NT opening): ♦ 2-5, the deal has 6 ♦"
    assert 0 < a["outside_share"] < 0.5
    assert 0 < a["near_share"] < a["outside_share"]  # the near misses among them


def test_the_text_reads_the_auction_out(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    path = with_auction(tmp_path, '[Auction "E"]\n1NT Pass 3NT Pass\nPass Pass')
    assert main(["likely", str(path), "--after-trick", "8"]) == 0
    out = capsys.readouterr().out
    assert "Read (Law 16A1(a), authorised to every player): East's 1NT" in out
    assert "The real hand is outside what its calls show" in out and "East's 1NT" in out


def test_the_json_says_which_opening_lead_was_read(capsys: pytest.CaptureFixture[str]) -> None:
    # Case 001: South leads the ♥7 against East's 3NT
    _, (obj,), _ = likely(capsys, "--after-trick", "8", "--json")
    lead = obj["lead"]
    assert (lead["seat"], lead["card"], lead["strain"]) == ("S", "H7", "NT")
    assert 0 < lead["stray"] < 1 and lead["text"] == "South led the ♥7"


def test_the_table_outcomes_add_the_unforeseen_share_to_the_tree(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "4", "--json")
    assert code == 0
    share = obj["unforeseen"]["share"]
    assert 0 < share < 1 and obj["unforeseen"]["about"]
    table = {o["declarer_tricks"]: o["probability"] for o in obj["outcomes"]}
    tree = {o["declarer_tricks"]: o["probability"] for o in obj["foreseen"]}
    assert sum(tree.values()) == pytest.approx(1.0, abs=1e-5)
    # every total the tree gives keeps at least (1 - share) of its chance
    assert all(table[t] >= (1 - share) * p - 1e-6 for t, p in tree.items())
    assert table != tree


def test_the_decision_model_alone_foresees_everything(capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "4", "--json", "--players", "exact")
    assert code == 0 and obj["unforeseen"] is None
    assert obj["outcomes"] == obj["foreseen"]


@pytest.mark.parametrize("after", [2, 4, 6])
def test_a_penalty_card_in_force_is_shown_and_binds_the_play(
        capsys: pytest.CaptureFixture[str], after: int) -> None:
    """Case 024: East's ♥K is a major penalty card from trick 2 until he plays it at
    trick 8 (Law 50): what the players know at a point of the record includes it."""
    case = str(CASES / "024_50d1_penalty_card_in_64c_lines.pbn")
    assert main(["likely", case, "--after-trick", str(after), "--json", "--samples", "8",
                 "--players", "exact"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["penalty_cards"] == [{"seat": "E", "card": "HK"}]
    assert main(["likely", case, "--after-trick", str(after), "--samples", "8",
                 "--players", "exact"]) == 0
    assert "East's ♥K is a major penalty card (Law 50)" in capsys.readouterr().out


def test_no_penalty_card_once_it_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    case = str(CASES / "024_50d1_penalty_card_in_64c_lines.pbn")
    assert main(["likely", case, "--after-trick", "8", "--json", "--samples", "8"]) == 0
    assert json.loads(capsys.readouterr().out)["penalty_cards"] == []


def test_likely_takes_the_ruling_options_that_bear_on_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "8", "--format", "json",
                             "--samples", "8", "--max-positions", "100000")
    assert code == 0 and obj["after_trick"] == 8
    code, _, err = likely(capsys, "--after-trick", "8", "--max-positions", "1")
    assert code == 1 and "more than 1 double-dummy positions" in err
    code, _, err = likely(capsys, "--after-trick", "8", "--json", "--format", "text")
    assert code == 2 and "one output format" in err


def test_a_trick_out_of_range_is_one_usage_error_not_one_a_board(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = likely(capsys, "--after-trick", "13", "--json")
    assert code == 2 and out == [] and err.count("--after-trick") == 1


# --- Read by a Director (issue 42, 12) ---------------------------------------------------


def test_likely_says_what_the_table_made_beside_the_forecast(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, (obj,), _ = likely(capsys, "--after-trick", "8", "--json")
    assert code == 0 and obj["table_tricks"] == 6  # the record as played: 3NT three down
    assert main(["likely", str(CASE), "--after-trick", "8"]) == 0
    text = capsys.readouterr().out
    assert "the table made 6 tricks (three down; as played, before any revoke's transfer)" \
        in text


def test_likely_names_dummys_cards_as_dummys(capsys: pytest.CaptureFixture[str]) -> None:
    # 3NT by East: West's cards are declarer's choice from dummy
    code, (obj,), _ = likely(capsys, "--after-trick", "2", "--json")
    dummy = [d for d in obj["decisions"] if d["seat"] == "W"]
    assert code == 0 and dummy
    assert all(d["text"].startswith(f"Dummy (West), trick {d['trick']}:") for d in dummy)
    assert not any(d["text"].startswith("West,") for d in obj["decisions"])


def test_likely_says_the_unforeseen_share_in_plain_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["likely", str(CASE), "--after-trick", "2"]) == 0
    text = capsys.readouterr().out
    assert "how the results of real club tables differ from double dummy" in text
    assert "what no decision below foresees" not in text


@pytest.mark.parametrize("room", ["Open", "Closed"])
def test_likely_names_the_room_of_a_two_room_file(
        room: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.pbn"
    path.write_text(CASE.read_text().replace('[Board "1"]', f'[Board "1"]\n[Room "{room}"]'))
    assert main(["likely", str(path), "--after-trick", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["room"] == room
    assert main(["likely", str(path), "--after-trick", "8"]) == 0
    assert f"board 1, {room.lower()} room: 3NT" in capsys.readouterr().out.splitlines()[0]
