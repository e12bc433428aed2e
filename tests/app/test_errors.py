"""Broken and hostile input: every error names the file, the board and the place, and
nothing but a :class:`~equity.core.game.errors.BoardError` ever comes out of the library.

Covered: malformed and missing tags, truncated files, bytes that are not UTF-8, deals
with wrong card counts or bad notation, contracts that do not parse, play records that
cannot be replayed, LIN garbage, empty files, a huge file (read streaming, in flat
memory), files that cannot be read, input made to be slow, and the ``equity rule``
command on all of these (exit 1, no traceback).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.pipeline import rule_automatic
from equity.core.game.board import Board
from equity.core.game.errors import BoardError, Where
from equity.formats import read_boards, read_text
from equity.formats.write import board_to_pbn
from equity.render.jsonout import ruling_json
from tests.builders import ROOT
from tests.fuzz.timer import time_limit

REPO = ROOT
HUGE = "9" * 4301
"""One digit past the most ``int`` converts (Python's 4,300-digit limit)."""

DEAL = "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"
# 4S by South, West leads; rows from West: West, North, East, South.
PLAY = "H8 H2 HA H9\nH6 H3 HK HT"


def pbn(*tags: str, deal: str | None = DEAL, play: str | None = PLAY, board: str = "7",
        contract: str | None = "4S", declarer: str | None = "S") -> str:
    """One PBN game; leave out a tag by passing None."""
    lines = [f'[Board "{board}"]']
    if deal is not None:
        lines.append(f'[Deal "{deal}"]')
    if declarer is not None:
        lines.append(f'[Declarer "{declarer}"]')
    if contract is not None:
        lines.append(f'[Contract "{contract}"]')
    lines += list(tags)
    if play is not None:
        lines += ['[Play "W"]', play]
    return "\n".join(lines) + "\n"


def lin(*pairs: str, md: str = "3S765HJT9DJT9CAKQJ,S432H876D876CT432,,S98HAKQDAKQC98765"
        ) -> str:
    """One LIN board: North deals; South, West, North (completed), East; 4S by South."""
    auction = "mb|p|mb|p|mb|4S|mb|p|mb|p|mb|p|"
    return f"ah|Board 7|md|{md}|sv|o|{auction}" + "".join(pairs)


def items(text: str, fmt: str = "pbn") -> list[Board | BoardError]:
    return list(read_text(text, fmt, f"t.{fmt}"))


def the_error(text: str, fmt: str = "pbn") -> BoardError:
    out = items(text, fmt)
    assert len(out) == 1 and isinstance(out[0], BoardError), out
    return out[0]


def ruling_error(text: str, fmt: str = "pbn") -> BoardError:
    out = items(text, fmt)
    assert len(out) == 1 and isinstance(out[0], Board), out
    with pytest.raises(BoardError) as e:
        rule_automatic(out[0])
    return e.value


def assert_located(err: BoardError, source: str, board: str | None, **where: object) -> None:
    """The error names the file, the board and the place it is given."""
    assert err.source == source and err.board == board, err
    assert str(err).startswith(f"{source}, {board}: " if board else f"{source}: "), err
    for key, value in where.items():
        assert getattr(err.where, key) == value, (key, err)
    assert err.to_json()["source"] == source


def line_of(text: str, tag: str) -> int | None:
    """The line of ``text`` holding the ``[tag ...]`` pair (None if there is none)."""
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith(f"[{tag} "):
            return n
    return None


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", *args],
                          capture_output=True, text=True, timeout=120, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


# ---------------------------------------------------------------- tags


@pytest.mark.parametrize(("text", "tag", "message"), [
    (pbn(deal=None), "Play", "a [Play] section but no [Deal]"),
    (pbn(contract=None), "Play", "a [Play] section but no [Contract]"),
    (pbn(declarer=None), "Declarer", "a [Contract] and a [Play] but no [Declarer]"),
    (pbn('[Dealer "Q"]'), "Dealer", "not a seat: 'Q'"),
    (pbn('[Vulnerable "sometimes"]'), "Vulnerable", "not a vulnerability"),
    (pbn('[Result "lots"]'), "Result", "not a number of tricks: 'lots'"),
    (pbn('[Result "14"]'), "Result", "not a number of tricks: '14'"),
    (pbn('[Result "NS 123"]'), "Result", "not a number of tricks"),
    (pbn('[EquityLaws "1999"]'), "EquityLaws", "must be one of 2017, 2007, 1997"),
    (pbn('[EquityAttention "never"]'), "EquityAttention", "attention must be one of"),
    (pbn('[EquityAttention "14=round"]'), "EquityAttention", "trick 14"),
    (pbn('[EquityClaim "X"]'), "EquityClaim", "not a seat"),
    (pbn('[EquityRequirement "1 W lead"]'), "EquityRequirement", "a requirement reads"),
    (pbn('[Play "Q"]', play=None), "Play", "not a seat"),
    (pbn('[EquityAttention ""]'), "EquityAttention", "empty"),          # issue 42, 7
    (pbn('[EquityAttention " ; "]'), "EquityAttention", "empty"),
    (pbn('[EquityUI "|"]'), "EquityUI", "names no information"),
    (pbn('[EquityAI " | "]'), "EquityAI", "names no information"),
    (pbn('[EquityUI "3 E: ;"]'), "EquityUI", "names no fact"),
    (pbn('[EquityRequirement ""]'), "EquityRequirement", "names no requirement"),
])
def test_a_bad_or_missing_tag_is_an_error_naming_the_tag(
        text: str, tag: str, message: str) -> None:
    err = the_error(text)
    assert_located(err, "t.pbn", "board 7 (game 1)", tag=tag, line=line_of(text, tag))
    assert message in err.message


@pytest.mark.parametrize(("text", "line", "message"), [
    ('[Board "7"]\n[Deal N:AKQ]\n', 2, "malformed tag pair"),
    ('[Board "7"]\n[Deal "N:AKQ\n', 2, "unterminated tag pair"),
    ('junk\n[Board "7"]\n', 1, "text 'junk' outside any tag pair"),
])
def test_a_malformed_tag_pair_is_an_error_naming_its_line(text: str, line: int,
                                                          message: str) -> None:
    err = the_error(text)
    assert_located(err, "t.pbn", "board 7 (game 1)", line=line)
    assert message in err.message


def test_a_second_deal_in_one_game_is_an_error_not_a_lost_board() -> None:
    """Two games without the blank line between them used to read as one board (the
    first deal) and lose the second without a word."""
    text = pbn().rstrip("\n") + "\n" + pbn(board="8")
    err = the_error(text)
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Board", line=8)
    assert "a second [Board] in one game" in err.message


def test_a_comment_never_closed_is_an_error_not_a_silent_end_of_file() -> None:
    """A lone "{" used to swallow every later board without a word."""
    text = pbn() + "\n{ a comment\n\n" + pbn(board="8") + "\n" + pbn(board="9")
    out = items(text)
    assert isinstance(out[0], Board) and out[0].number == 7
    assert len(out) == 2 and isinstance(out[1], BoardError), out
    assert_located(out[1], "t.pbn", "game 2", line=9)
    assert "comment is never closed" in out[1].message


def test_repeated_note_tags_are_still_allowed() -> None:
    board = items(pbn('[Note "1:a"]', '[Note "2:b"]'))[0]
    assert isinstance(board, Board) and board.tags["Note"] == "1:a\n2:b"


@pytest.mark.parametrize("text", [
    pbn(board="\u00b2"),                      # a digit to str.isdigit, not to int()
    pbn(board="9" * 5000),                    # more digits than int() converts
])
def test_a_board_number_that_is_not_a_number_is_no_number_not_a_crash(text: str) -> None:
    out = items(text)
    assert len(out) == 1 and isinstance(out[0], Board) and out[0].number is None


@pytest.mark.parametrize(("text", "fmt", "tag"), [
    (pbn(contract="\u00b2S"), "pbn", "Contract"),
    (pbn('[Result "\u00b3"]'), "pbn", "Result"),
    (pbn('[Result "' + "9" * 5000 + '"]'), "pbn", "Result"),
    (pbn('[Result "NS ' + "9" * 5000 + '"]'), "pbn", "Result"),
    (lin("mc|\u00b2|"), "lin", "mc"),
    (lin("mc|" + "9" * 5000 + "|"), "lin", "mc"),
    (pbn(f'[EquityUI "{HUGE} E: S D=6"]'), "pbn", "EquityUI"),
    (pbn(f'[EquityUI "3 E: S D={HUGE}"]'), "pbn", "EquityUI"),
    (pbn(f'[EquityAI "{HUGE} E: S D=6"]'), "pbn", "EquityAI"),
    (pbn(f'[EquityAttention "{HUGE}=round"]'), "pbn", "EquityAttention"),
    (pbn(f'[EquityRequirement "{HUGE} W lead H"]'), "pbn", "EquityRequirement"),
    (pbn(f'[EquityWithdrawn "{HUGE} E H2"]'), "pbn", "EquityWithdrawn"),
    (pbn('[EquityUI "\u00b2 E: S D=6"]'), "pbn", "EquityUI"),
])
def test_digits_that_int_refuses_are_errors_not_crashes(text: str, fmt: str, tag: str) -> None:
    err = the_error(text, fmt)
    assert_located(err, f"t.{fmt}", "board 7 (game 1)", tag=tag)


def test_a_bug_met_on_one_games_values_is_that_games_error_not_the_files(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The readers' contract (nothing but a BoardError escapes) holds even when a value
    meets a bug of ours: that game says so, the next is read."""
    import equity.formats.lin as lin_reader
    import equity.formats.pbn as pbn_reader

    real_facts, real_md = pbn_reader.parse_facts, lin_reader.parse_md

    def facts(tags: dict[str, str], lines: dict[str, int] | None = None) -> object:
        if "EquityUI" in tags:
            raise ValueError("a bug")
        return real_facts(tags, lines)

    def md(tok: lin_reader.Token) -> object:
        if tok.value.startswith("3S765"):
            raise ValueError("a bug")
        return real_md(tok)

    monkeypatch.setattr(pbn_reader, "parse_facts", facts)
    monkeypatch.setattr(lin_reader, "parse_md", md)
    for text, fmt in ((pbn('[EquityUI "3 E: S D=6"]') + "\n" + pbn(board="8"), "pbn"),
                      (lin() + "\n" + lin(md="3S432HJT9DJT9CAKQJ,S765H876D876CT432,,"
                                           "S98HAKQDAKQC98765").replace("Board 7",
                                                                        "Board 8"), "lin")):
        bad, good = items(text, fmt)
        assert isinstance(bad, BoardError) and "internal error" in bad.message, bad
        assert_located(bad, f"t.{fmt}", "board 7 (game 1)")
        assert isinstance(good, Board) and good.index == 2


@pytest.mark.parametrize(("tags", "tag", "message"), [
    (('[EquityAI "1 W: S H<=5"]',), "EquityAI", "[EquityUI]"),
    (('[EquityAttention "dummy-asked"]',), "EquityAttention", "not declarer's"),
    (('[EquityAttention "end; 2=dummy-asked"]',), "EquityAttention", "trick 2"),
])
def test_facts_that_contradict_each_other_or_the_record_are_errors_naming_the_tag(
        tags: tuple[str, ...], tag: str, message: str) -> None:
    """Issue 42, 7: what a player may infer is weighed against unauthorised information
    (Law 16B), and dummy asks declarer about a play from declarer's hand (Law 43B2(b)):
    without the one, or of West's revoke, the fact makes no sense and was ignored."""
    text = pbn(*tags, play="H8 H2 HA H9\n^R C2 H3 HK HT")  # West, a defender, revokes
    err = ruling_error(text)
    assert_located(err, "t.pbn", "board 7", tag=tag)
    assert message in err.message, err


def test_a_lin_board_number_too_long_for_int_is_no_number() -> None:
    out = items("ah|Board " + "9" * 5000 + "|" + lin()[len("ah|Board 7|"):], "lin")
    assert len(out) == 1 and isinstance(out[0], Board) and out[0].number is None


# ---------------------------------------------------------------- deals and contracts


@pytest.mark.parametrize(("deal", "message"), [
    ("N:AKQJ.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "North holds 12 cards, not 13"),
    ("N:AKQJT.5432.5432.2 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "C2 dealt to both North and West"),
    ("N:AKQJT.5432.5432. - 765.JT9.JT9.AKQJ -", "East holds 0 cards"),
    ("N:AKQJT.5432.5432 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "a hand needs four suits"),
    ("N:AKQJX.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "not a rank: 'X'"),
    ("N:AAKQJ.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "card SA twice"),
    ("Q:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "not a seat"),
    ("AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
     "a deal starts with the first seat"),
    ("N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ", "a deal needs four hands"),
])
def test_a_deal_with_wrong_cards_or_notation_is_an_error_naming_the_deal(
        deal: str, message: str) -> None:
    err = the_error(pbn(deal=deal))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Deal", line=2)
    assert message in err.message


def test_a_wrong_deal_without_play_reads_and_fails_at_the_ruling() -> None:
    err = ruling_error(pbn(deal=DEAL.replace("AKQJT", "AKQJ", 1), play=None))
    assert_located(err, "t.pbn", "board 7")
    assert "no play record" in err.message


@pytest.mark.parametrize(("md", "message"), [
    ("3SAKQZ,,,", "South's hand: unexpected 'Z'"),
    ("9SAKQ,,,", "the dealer digit must be 1 to 4"),
    ("3S765HJT9DJT9CAKQJ,S432H876D876CT432,,S98HAKQDAKQC98765,SA", "more than four hands"),
    ("3S765HJT9DJT9CAKQ,S432H876D876CT432,,S98HAKQDAKQC98765",
     "South holds 12 cards, not 13"),
])
def test_a_lin_deal_with_wrong_cards_is_an_error_naming_md(md: str, message: str) -> None:
    err = the_error(lin("pc|H8|", md=md), "lin")
    assert_located(err, "t.lin", "board 7 (game 1)", tag="md", line=1)
    assert message in err.message


@pytest.mark.parametrize("contract", ["8S", "0H", "4Z", "NT", "S4", "4SXXX", "4 S S", "\u00b2S"])
def test_a_contract_that_does_not_parse_is_an_error_naming_the_contract(contract: str) -> None:
    err = the_error(pbn(contract=contract))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Contract", line=4)


@pytest.mark.parametrize(("calls", "message"), [("mb|9Z|", "not a call: '9Z'"),
                                                ("mb|1S|mb|banana|", "not a call")])
def test_a_lin_call_that_does_not_parse_is_an_error_naming_mb(calls: str, message: str) -> None:
    err = the_error(lin(calls), "lin")
    assert_located(err, "t.lin", "board 7 (game 1)", tag="mb", line=1)
    assert message in err.message


# ---------------------------------------------------------------- play records


def test_a_card_not_held_is_an_error_naming_trick_seat_and_card() -> None:
    err = ruling_error(pbn(play="SA H2 HA H9"))
    assert_located(err, "t.pbn", "board 7", trick=1, seat="West", card="SA")
    assert err.message == "West does not hold SA (dealt to North)"


def test_a_card_played_twice_is_an_error_naming_where_it_was_first_played() -> None:
    err = ruling_error(pbn(play="H8 H2 HA H9\nH8 H3 HK HT"))
    assert_located(err, "t.pbn", "board 7", trick=2, seat="West", card="H8")
    assert "already played at trick 1" in err.message


def test_a_card_played_twice_in_lin_is_an_error() -> None:
    err = ruling_error(lin("pc|H8|pc|H2|pc|HA|pc|H9|pc|HK|pc|H8|pc|H3|pc|HT|"), "lin")
    assert_located(err, "t.lin", "board 7", trick=2, card="H8")


def test_more_than_13_tricks_is_an_error_naming_the_14th() -> None:
    rows = "\n".join(["- - - -"] * 13 + ["H8 H2 HA H9"])
    err = the_error(pbn(play=rows))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Play", trick=14, line=19)
    assert "more than 13 tricks" in err.message


def test_more_than_52_cards_in_lin_is_an_error() -> None:
    err = the_error(lin("pc|H8|" * 53), "lin")
    assert_located(err, "t.lin", "board 7 (game 1)", tag="pc", trick=14)


def test_five_cards_in_a_trick_is_an_error_naming_the_row() -> None:
    err = the_error(pbn(play="H8 H2 HA H9 H7"))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Play", trick=1, line=6)
    assert "holds 5 cards" in err.message


def test_a_trick_led_by_the_wrong_player_is_an_error_naming_the_leader() -> None:
    # East wins trick 1 with the ace; North leads trick 2.
    err = ruling_error(lin("pc|H8|pc|H2|pc|HA|pc|H9|pc|SA|pc|HK|pc|HT|pc|H7|"), "lin")
    assert_located(err, "t.lin", "board 7", trick=2, seat="North", card="SA")
    assert err.message == "North led, but East was on lead"


def test_a_lead_out_of_turn_mark_on_the_player_on_lead_is_an_error() -> None:
    err = ruling_error(pbn(play="^L H8 H2 HA H9"))
    assert_located(err, "t.pbn", "board 7", trick=1, seat="West", card="H8")
    assert "marked as a lead out of turn" in err.message


def test_a_card_after_a_missing_one_before_the_last_trick_is_an_error() -> None:
    err = ruling_error(pbn(play="H8 - HA H9\nH6 H3 HK HT"))
    assert_located(err, "t.pbn", "board 7", trick=1, seat="East", card="HA")
    assert "a card follows a missing one" in err.message


def test_cards_after_a_missing_one_in_the_last_trick_are_named_in_a_note() -> None:
    """Not an error since the WC 2012 gap rule: the play stopped at the gap, and the
    cards after it are reported, not silently dropped."""
    (board,) = items(pbn(play="H8 - HA H9"))
    assert isinstance(board, Board)
    notes = ruling_json(rule_automatic(board))["notes"]
    assert any("missing card of trick 1" in n and "\u2665A" in n for n in notes), notes


def test_the_note_on_cards_after_a_missing_one_cites_the_law_never_a_seed() -> None:
    (board,) = items(pbn(play="H8 - HA H9"))
    assert isinstance(board, Board)
    (note,) = (n for n in ruling_json(rule_automatic(board))["notes"] if "missing card" in n)
    assert note.endswith("(Law 62A prevails over 63A1 when attention was drawn first)")
    assert "seed" not in note


def test_a_claim_for_more_tricks_than_remain_is_an_error_naming_the_result() -> None:
    # East won both tricks played: declarer can have at most 11.
    err = ruling_error(pbn('[Result "12"]'))
    assert_located(err, "t.pbn", "board 7", tag="Result")
    assert "gives declarer 12 tricks, but declarer had already won 0 and 11 remained" in (
        err.message)


def test_a_claim_for_more_tricks_than_remain_in_lin_is_an_error() -> None:
    err = ruling_error(lin("pc|H8|pc|H2|pc|HA|pc|H9|mc|13|"), "lin")
    assert_located(err, "t.lin", "board 7", tag="Result")


@pytest.mark.parametrize(("row", "message"), [
    ("H8 H2 HA ZZ", "unknown card 'ZZ'"),
    ("H8 H2 HA ^R ^L H9", "two irregularity marks"),
    ("H8 H2 HA ^R -", "must precede a card"),
    ("H8 H2 HA H9 ^R", "not followed by a card"),
])
def test_bad_notation_in_the_play_is_an_error_naming_the_token(row: str, message: str) -> None:
    err = the_error(pbn(play=row))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Play", trick=1, line=6)
    assert message in err.message


def test_a_card_with_a_long_annotation_is_an_error_at_once_not_a_hang() -> None:
    """``!!!...x`` made the annotation pattern backtrack exponentially (26 "!" took 5 s)."""
    token = "S" + "!" * 60 + "x"
    with time_limit(30):  # a hang guard: the backtracking took minutes at 60 "!"
        err = the_error(pbn(play=f"H8 H2 HA {token}"))
    assert_located(err, "t.pbn", "board 7 (game 1)", tag="Play", trick=1, seat="South",
                   card=token)


# ---------------------------------------------------------------- encodings and garbage


def test_latin1_bytes_read_as_latin1(tmp_path: Path) -> None:
    f = tmp_path / "latin1.pbn"
    f.write_bytes(pbn('[West "Zo\u00eb"]').encode("latin-1"))
    (board,) = read_boards(f)
    assert isinstance(board, Board) and board.tags["West"] == "Zo\u00eb"


def test_a_non_utf8_byte_in_a_card_is_an_error_naming_the_card(tmp_path: Path) -> None:
    f = tmp_path / "bad.pbn"
    f.write_bytes(pbn(play="H8 H2 HA H\xff").encode("latin-1"))
    (err,) = read_boards(f)
    assert isinstance(err, BoardError)
    assert_located(err, str(f), "board 7 (game 1)", tag="Play", trick=1, seat="South",
                   card="H\u00ff")


def test_a_utf16_file_is_an_error_not_a_misreading(tmp_path: Path) -> None:
    f = tmp_path / "utf16.pbn"
    f.write_bytes(pbn().encode("utf-16"))
    out = list(read_boards(f))
    assert out and all(isinstance(x, BoardError) and x.source == str(f) for x in out)


def test_old_mac_line_ends_still_separate_games(tmp_path: Path) -> None:
    f = tmp_path / "cr.pbn"
    f.write_bytes((pbn() + "\n" + pbn(board="8")).replace("\n", "\r").encode())
    assert [b.number for b in read_boards(f) if isinstance(b, Board)] == [7, 8]


@pytest.mark.parametrize(("text", "message"), [
    ("hello world", "the file ends with 'hello world'"),
    ("md|3SAKQ", "the file ends with 'md|3SAKQ'"),
    ("xx yy|zz|md|3SA,,,|", "garbage 'xx yy' where a LIN key belongs"),
    ("pc|SA|pc|SK|", "a board with calls or play but no deal"),
])
def test_lin_garbage_is_an_error(text: str, message: str) -> None:
    err = the_error(text, "lin")
    assert err.source == "t.lin" and err.board == "game 1", err
    assert message in err.message


def test_a_lin_file_with_nul_bytes_is_not_text() -> None:
    """NUL bytes are in no PBN or LIN text: the file is refused as a whole, saying so."""
    err = the_error("\x00\x01\x02|\xff|", "lin")
    assert err.source == "t.lin" and err.board is None and "NUL" in err.message


def test_garbage_between_lin_boards_spoils_only_its_own_board() -> None:
    text = lin("pc|H8|") + "\nqx|o8|" + "junk|" + lin("pc|H8|")[len("ah|Board 7|"):]
    out = items(text, "lin")
    assert isinstance(out[0], Board) and isinstance(out[1], BoardError), out
    assert out[1].board == "board 8 (game 2)" and out[1].where.line == 2


def test_lin_without_bars_is_read_in_linear_time() -> None:
    """Every line used to be appended to one buffer that was split again each line."""
    lines = ["x" * 100] * 50_000
    with time_limit(30):  # a hang guard: the quadratic reading took minutes
        out = list(read_text("\n".join(lines), "lin", "t.lin"))
    assert len(out) == 1 and isinstance(out[0], BoardError)


def test_a_lone_bracket_does_not_join_every_later_line() -> None:
    """A tag pair may go on over lines; a "[" never closed used to be joined to every
    later line of the game, re-scanned each time (quadratic)."""
    text = '[Board "7"]\n[Event "x\n' + "\n".join(["y" * 100] * 20_000) + "\n"
    with time_limit(30):  # a hang guard: the quadratic reading took minutes
        err = the_error(text)
    assert_located(err, "t.pbn", "board 7 (game 1)", line=2)


@pytest.mark.parametrize(("suffix", "data"), [
    *((s, d) for s in (".pbn", ".lin") for d in (b"", b"\n\n\n", b"\xef\xbb\xbf", b"\r\n")),
    (".pbn", b"% just an escape\n"), (".pbn", b"{ a comment }\n")])
def test_an_empty_file_holds_no_board_and_no_error(tmp_path: Path, data: bytes,
                                                   suffix: str) -> None:
    f = tmp_path / f"empty{suffix}"
    f.write_bytes(data)
    assert list(read_boards(f)) == []


def test_equity_rule_on_an_empty_file_exits_1_naming_the_file(tmp_path: Path) -> None:
    f = tmp_path / "empty.pbn"
    f.write_bytes(b"")
    r = run_cli(str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr and str(f) in r.stderr


def test_equity_rule_on_an_empty_file_says_it_holds_no_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "empty.pbn"
    f.write_bytes(b"")
    assert main(["rule", str(f), "--no-equity"]) == 1
    assert "no board found" in capsys.readouterr().err


def test_board_option_ignores_the_errors_of_other_boards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.pbn"
    f.write_text(pbn(contract="4Z") + "\n" + pbn(board="8"))
    assert main(["rule", str(f), "--board", "8", "--no-equity", "--json"]) == 0


# ---------------------------------------------------------------- truncated files


def _real_samples(external: Path) -> list[Path]:
    files = sorted(p for p in external.rglob("*") if p.suffix.lower() in (".pbn", ".lin"))
    rng = random.Random(61)
    pbns = [p for p in files if p.suffix.lower() == ".pbn" and p.stat().st_size < 500_000]
    lins = [p for p in files if p.suffix.lower() == ".lin"]
    return rng.sample(pbns, 8) + rng.sample(lins, 8)


def _same(a: Board | BoardError, b: Board | BoardError) -> bool:
    if isinstance(a, Board) and isinstance(b, Board):
        return a.deal == b.deal and a.play == b.play and a.index == b.index and (
            a.contract == b.contract and a.result == b.result and a.number == b.number)
    return isinstance(a, BoardError) and isinstance(b, BoardError) and (
        a.message == b.message and a.board == b.board)


def test_a_truncated_file_reads_every_board_before_the_cut(external: Path,
                                                           tmp_path: Path) -> None:
    """Cut real files at random byte offsets: each board before the cut reads as in the
    whole file; the cut one reads as a partial record or gives an error naming it."""
    rng = random.Random(62)
    cuts = 0
    for path in _real_samples(external):
        data = path.read_bytes()
        whole = list(read_boards(path))
        for _ in range(6):
            cut = tmp_path / f"cut{path.suffix.lower()}"
            cut.write_bytes(data[: rng.randrange(len(data) + 1)])
            part = list(read_boards(cut))
            assert len(part) <= len(whole) + 1, path
            for a, b in zip(part[:-1], whole, strict=False):
                assert _same(a, b), (path, a, b)
            if part and isinstance(part[-1], BoardError):
                assert part[-1].source == str(cut) and part[-1].board, part[-1]
            cuts += 1
    assert cuts == 96


def test_a_file_cut_inside_a_tag_names_the_cut_board() -> None:
    text = pbn() + "\n" + pbn(board="8")
    out = items(text[: text.index("N:AKQ", len(pbn())) + 5])
    assert isinstance(out[0], Board) and out[0].number == 7
    assert isinstance(out[1], BoardError) and out[1].board == "board 8 (game 2)"
    assert "unterminated tag pair" in out[1].message and out[1].where == Where(line=10)


def test_a_file_cut_inside_the_play_reads_as_a_partial_record() -> None:
    text = pbn()
    (board,) = items(text[: text.index("HK") + 2])
    assert isinstance(board, Board) and board.play is not None
    assert [sum(c is not None for c in t) for t in board.play.tricks] == [4, 3]


def test_a_lin_file_cut_inside_a_pair_names_the_cut_board() -> None:
    text = lin("pc|H8|pc|H2|")
    err = the_error(text[:-2], "lin")
    assert err.board == "board 7 (game 1)" and "the file ends with 'pc|H'" in err.message


# ---------------------------------------------------------------- huge files


def _huge(tmp_path: Path, fmt: str, n: int) -> Path:
    """A file of ``n`` boards (a short play and a claim each), written as it goes."""
    (template,) = items(pbn('[Result "9"]'))
    assert isinstance(template, Board)
    game = board_to_pbn(template)
    lin_board = lin("pc|H8|pc|H2|pc|HA|pc|H9|mc|9|")[len("ah|Board 7|"):]
    path = tmp_path / f"{n}.{fmt}"
    with open(path, "w") as f:
        for i in range(1, n + 1):
            f.write(game.replace('"7"', f'"{i}"', 1) + "\n" if fmt == "pbn"
                    else f"qx|o{i}|{lin_board}\n")
    return path


def _peak_reading(path: Path) -> tuple[int, int]:
    """(boards read, peak bytes allocated) reading ``path`` without keeping the boards."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        n = 0
        for item in read_boards(path):
            assert isinstance(item, Board)
            n += 1
        return n, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_huge_file_is_read_streaming_in_flat_memory(tmp_path: Path, fmt: str) -> None:
    """Ten times the boards, about the same peak allocation (tracemalloc makes reading
    six times slower, hence 500 and 5,000 boards here; 20,000 below, by peak RSS)."""
    n_small, peak_small = _peak_reading(_huge(tmp_path, fmt, 500))
    n_big, peak_big = _peak_reading(_huge(tmp_path, fmt, 5_000))
    assert (n_small, n_big) == (500, 5_000)
    assert peak_big < 1.5 * peak_small + 100_000, (peak_small, peak_big)


_PEAK_RSS = """
import resource, sys
from equity.formats import read_boards
n = sum(1 for _ in read_boards(sys.argv[1]))
print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def test_a_20000_board_file_is_read_in_the_memory_of_a_2000_board_one(tmp_path: Path) -> None:
    """Peak resident memory (KiB) of a process that reads the file: 20,000 boards kept
    in memory would take some 100 MB more."""
    def peak(path: Path) -> tuple[int, int]:
        r = subprocess.run([sys.executable, "-c", _PEAK_RSS, str(path)], capture_output=True,
                           text=True, timeout=120, cwd=REPO,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
        n, kib = r.stdout.split()
        return int(n), int(kib)

    n_small, rss_small = peak(_huge(tmp_path, "pbn", 2_000))
    n_big, rss_big = peak(_huge(tmp_path, "pbn", 20_000))
    assert (n_small, n_big) == (2_000, 20_000)
    assert rss_big < rss_small + 8_000, (rss_small, rss_big)


# ---------------------------------------------------------------- unreadable files


@pytest.fixture
def unreadable(tmp_path: Path) -> list[Path]:
    """Files that cannot be read as boards: a directory named like a PBN file, a
    dangling symlink, a file of another type, and (unless we are root, who reads
    anything) a file without read permission."""
    d = tmp_path / "files"
    d.mkdir()
    (d / "folder.pbn").mkdir()
    (d / "dangling.lin").symlink_to(d / "gone.lin")
    (d / "notes.txt").write_text(pbn())
    out = [d / "folder.pbn", d / "dangling.lin", d / "notes.txt"]
    locked = d / "locked.pbn"
    locked.write_text(pbn())
    locked.chmod(0)
    if not os.access(locked, os.R_OK):
        out.append(locked)
    return out


def test_a_file_that_cannot_be_read_is_one_error_naming_it(unreadable: list[Path]) -> None:
    for path in unreadable:
        out = list(read_boards(path))
        assert len(out) == 1 and isinstance(out[0], BoardError), (path, out)
        assert_located(out[0], str(path), None)


def test_equity_rule_on_files_that_cannot_be_read_exits_1_without_a_traceback(
        unreadable: list[Path]) -> None:
    for path in unreadable:
        r = run_cli(str(path), "--json", "--no-equity")
        if path.is_dir():  # a wrong command line (issue 42, 11): one line, batch named
            assert r.returncode == 2 and "equity batch" in r.stderr and not r.stdout
            continue
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        (obj,) = [json.loads(x) for x in r.stdout.splitlines()]
        assert obj["source"] == str(path) and obj["error"]


# ---------------------------------------------------------------- the command


@pytest.mark.parametrize(("name", "data"), [
    ("truncated.pbn", pbn().encode()[:45]),
    ("latin1.pbn", pbn(play="H8 H2 HA H\xff").encode("latin-1")),
    ("garbage.lin", b"\x00\xff|junk|md|3SAKQ"),
    ("bad_deal.pbn", pbn(deal=DEAL.replace("AKQJT", "AKQJ", 1)).encode()),
    ("not_held.pbn", pbn(play="SA H2 HA H9").encode()),
    ("bad_contract.pbn", pbn(contract="8S").encode()),
])
def test_equity_rule_on_broken_input_exits_1_without_a_traceback(
        tmp_path: Path, name: str, data: bytes) -> None:
    f = tmp_path / name
    f.write_bytes(data)
    r = run_cli(str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith(f"equity: {f}"), r.stderr
    j = run_cli(str(f), "--json")
    assert j.returncode == 1 and "Traceback" not in j.stderr
    objs = [json.loads(x) for x in j.stdout.splitlines()]
    assert any(o.get("error") and o["source"] == str(f) for o in objs), objs


def test_equity_rule_goes_on_after_a_bad_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mixed.pbn"
    f.write_text(pbn(contract="8S") + "\n" + pbn(board="8", play="SA H2 HA H9") + "\n"
                 + pbn(board="9"))
    assert main(["rule", str(f), "--json", "--no-equity"]) == 1
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["board"] for o in out] == ["board 7 (game 1)", "board 8", 9]
    assert out[0]["where"] == {"tag": "Contract", "line": 4}
    assert out[1]["where"] == {"trick": 1, "seat": "West", "card": "SA"}
    assert "error" not in out[2]


def test_reading_a_board_never_hangs() -> None:
    """A hang guard, not a timing: the limit only stops a reader that loops."""
    with time_limit(30):
        got = [items(text, "pbn" if text.startswith("[") else "lin")
               for text in (pbn(), lin("pc|H8|"))]
    assert [len(g) for g in got] == [1, 1] and all(isinstance(g[0], Board) for g in got)


def test_the_writer_refuses_a_lin_leader_pbn_cannot_record() -> None:
    """LIN says who led; PBN only tabulates cards by seat. Written as PBN, a trick led by
    the wrong player would replay as a legal trick: a silent wrong answer."""
    (board,) = items(lin("pc|H8|pc|H2|pc|HA|pc|H9|pc|SA|pc|HK|pc|HT|pc|H7|"), "lin")
    assert isinstance(board, Board)
    with pytest.raises(BoardError) as e:
        board_to_pbn(board)
    assert_located(e.value, "t.lin", "board 7", trick=2, seat="North")


# ---------------------------------------------------------------- one bad value, one board


def _seed_with_a_bad_first_board(folder: Path, tag: str) -> Path:
    """Seed 001 twice, board 1 with ``tag`` (a value Python's ``int`` refuses), board 2
    as it is."""
    seed = (REPO / "tests" / "cases" / "001_3nt_east_diamond_discard.pbn").read_text()
    bad = seed.replace('[Contract "3NT"]', f'[Contract "3NT"]\n{tag}')
    folder.mkdir(exist_ok=True)
    f = folder / "two.pbn"
    f.write_text(bad + "\n" + seed.replace('[Board "1"]', '[Board "2"]'))
    return f


@pytest.mark.parametrize("command", ["rule", "scan", "batch", "likely", "report"])
@pytest.mark.parametrize("tag", [f'[EquityUI "{HUGE} E: S D=6"]',
                                 f'[EquityAI "3 E: S D={HUGE}"]'], ids=["UI", "AI"])
def test_a_huge_number_in_a_fact_costs_its_board_not_the_file(
        tmp_path: Path, command: str, tag: str) -> None:
    """Issue 42, 1: every command rules board 2, names board 1's tag, exits 1."""
    f = _seed_with_a_bad_first_board(tmp_path / "in", tag)
    out = tmp_path / "out"
    args = {"rule": ["rule", str(f), "--json", "--no-equity"],
            "scan": ["scan", str(f)],
            "batch": ["batch", str(f.parent), "--no-equity", "--out", str(out)],
            "likely": ["likely", str(f), "--after-trick", "12", "--json"],
            "report": ["report", str(f), "--no-equity", "--format", "md",
                       "-o", str(out)]}[command]
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", *args], capture_output=True,
                       text=True, timeout=300, cwd=tmp_path,
                       env={**os.environ, "PYTHONPATH": str(REPO)})
    assert r.returncode == 1, r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    said = r.stdout + r.stderr + (out.read_text() if out.exists() else "")
    assert "board 1 (game 1)" in said and tag[1:9] in said, said[-2000:]
    if command == "batch":
        lines = [json.loads(x) for x in out.read_text().splitlines()]
        assert [o["board"] for o in lines if "error" not in o] == [2]
    elif command == "report":
        assert "Board 2" in out.read_text()
    else:
        objs = [json.loads(x) for x in r.stdout.splitlines()]
        assert [str(o["board"]).removeprefix("board ") for o in objs
                if "error" not in o] == ["2"], objs
