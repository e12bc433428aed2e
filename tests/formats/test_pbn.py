"""The PBN reader: lexing, tag interpretation, the play section, claims and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.core.game.board import Board
from equity.core.game.cards import Card, Seat, Strain, Vulnerability
from equity.core.game.claim import Claim
from equity.core.game.errors import BoardError
from equity.core.game.facts import Attention, ClaimStatus, Requirement
from equity.formats import load_board, read_boards
from equity.formats.facts import fact_tags
from equity.formats.pbn import lex
from tests.formats.reading import reader

DEAL = "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
PLAY = """\
SK H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
-  -  -  H2
*"""


def game(*tags: str, play: str | None = PLAY, leader: str = "W", deal: str = DEAL) -> str:
    """One PBN game: the given tag lines, then Deal, then the play section."""
    lines = [*tags, f'[Deal "{deal}"]']
    if play is not None:
        lines += [f'[Play "{leader}"]', play]
    return "\n".join(lines) + "\n"


BASIC = (
    '[Board "7"]',
    '[Dealer "N"]',
    '[Vulnerable "None"]',
    '[Declarer "S"]',
    '[Contract "5HX"]',
    '[Result "9"]',
)


items, one, error = reader("pbn")


def test_basic_game_reads_every_field() -> None:
    b = one(game(*BASIC))
    assert b.number == 7 and b.index == 1 and b.source == "t.pbn"
    assert b.dealer == Seat.N and b.vulnerability == Vulnerability.NONE
    assert b.contract is not None and str(b.contract) == "5HX" and b.contract.declarer == Seat.S
    assert b.result == 9
    assert b.deal[Seat.W] and not b.deal.problems()
    assert b.tags["Contract"] == "5HX" and b.tags["Play"] == "W"
    assert b.play is not None
    assert b.play.opening_leader == Seat.W
    assert len(b.play.tricks) == 7
    # trick 1 by seat (N, E, S, W), not by order of play
    assert b.play.tricks[0] == (
        Card.parse("H3"),
        Card.parse("S4"),
        Card.parse("S3"),
        Card.parse("SK"),
    )
    assert b.play.leaders == (None,) * 7
    assert b.play.claimed and b.play.claim_tricks == 9


def test_dash_fillers_are_no_card() -> None:
    b = one(game(*BASIC))
    assert b.play is not None
    assert b.play.tricks[6] == (None, None, Card.parse("H2"), None)  # W N E S: South


def test_plus_and_double_dash_are_no_card() -> None:
    b = one(game(*BASIC, play="SK H3 + S3\n-- S2 S5 S7"))
    assert b.play is not None
    assert b.play.tricks[0][Seat.E] is None
    assert b.play.tricks[1][Seat.W] is None


def test_play_tag_before_contract_parses() -> None:
    text = (
        '[Board "1"]\n[Play "W"]\nSK H3 S4 S3\n[Deal "' + DEAL + '"]\n'
        '[Contract "4S"]\n[Declarer "E"]\n'
    )
    b = one(text)
    assert b.contract is not None and b.contract.strain == Strain.S
    assert b.contract.declarer == Seat.E
    assert b.play is not None and b.play.tricks[0][Seat.W] == Card.parse("SK")


def test_last_row_may_be_short() -> None:
    b = one(game(*BASIC, play="SK H3 S4 S3\nC5 C2"))
    assert b.play is not None
    assert b.play.tricks[1] == (Card.parse("C2"), None, None, Card.parse("C5"))


def test_revoke_mark_recorded() -> None:
    b = one(game(*BASIC, play="SK H3 S4 S3\nC5 C2 ^R S5 ^L CK\nS2 H6 ^R C6 S7"))
    assert b.play is not None
    assert b.play.marks == {(2, Seat.E): "R", (2, Seat.S): "L", (3, Seat.E): "R"}
    assert b.play.leaders == (None, Seat.S, None)
    assert b.play.tricks[1][Seat.E] == Card.parse("S5")


def test_mark_glued_to_card_is_split() -> None:
    b = one(game(*BASIC, play="SK H3 ^RS4 S3"))
    assert b.play is not None and b.play.marks == {(1, Seat.E): "R"}


def test_notes_nags_comments_and_suffixes_inside_play_are_skipped() -> None:
    play = (
        "SK {A1} {A2} ! {B1} $14 =1= H3 S4 S3 ; rest of line\n"
        "C5 C2? C6!? =2= CK$3\n"
        "{a comment\n\nwith a blank line} S2 H6 S5 S7"
    )
    b = one(game(*BASIC, play=play))
    assert b.play is not None
    assert [t[Seat.W] for t in b.play.tricks] == [Card.parse(c) for c in ("SK", "C5", "S2")]
    assert b.play.tricks[1][Seat.N] == Card.parse("C2")


def test_irregular_declarer_and_result_marks_are_stripped() -> None:
    b = one(game('[Declarer "^S"]', '[Contract "5HX"]', '[Result "^5"]'))
    assert b.contract is not None and b.contract.declarer == Seat.S
    assert b.result == 5


@pytest.mark.parametrize(
    ("result", "declarer", "tricks"),
    [
        ("NS 9 EW 4", "S", 9),
        ("NS 9 EW 4", "E", 4),
        ("EW 4 NS 9", "N", 9),
        ("NS 11", "W", 2),
        ("?", "S", None),
        ("", "S", None),
        ("10", "E", 10),
    ],
)
def test_result_forms_give_declarers_tricks(result: str, declarer: str, tricks: int | None) -> None:
    b = one(game(f'[Declarer "{declarer}"]', '[Contract "3NT"]', f'[Result "{result}"]', play=None))
    assert b.result == tricks


def test_incomplete_play_with_result_counts_as_claim() -> None:
    b = one(game(*BASIC, play="SK H3 S4 S3\nC5 C2 C6 CK"))
    assert b.play is not None and b.play.claimed and b.play.claim_tricks == 9


def test_incomplete_play_without_result_or_star_is_no_claim() -> None:
    tags = [t for t in BASIC if not t.startswith("[Result")]
    b = one(game(*tags, play="SK H3 S4 S3"))
    assert b.play is not None and not b.play.claimed and b.play.claim_tricks is None


def test_star_is_a_claim_even_without_result() -> None:
    tags = [t for t in BASIC if not t.startswith("[Result")]
    b = one(game(*tags, play="SK H3 S4 S3\n*"))
    assert b.play is not None and b.play.claimed and b.play.claim_tricks is None


def test_cards_after_the_claim_are_kept() -> None:
    b = one(game(*BASIC, play="SK H3 S4 S3\n*\nC5 C2 C6 CK"))
    assert b.play is not None and b.play.claimed and len(b.play.tricks) == 2


def test_passed_out_board_has_no_contract() -> None:
    b = one(game('[Contract "Pass"]', '[Declarer ""]', play=None))
    assert b.contract is None and b.play is None


def test_empty_play_section_is_no_play() -> None:
    b = one(game('[Contract "Pass"]', play="", leader=""))
    assert b.play is None


def test_vulnerability_defaults_from_board_number() -> None:
    b = one(game('[Board "4"]', play=None))
    assert b.vulnerability == Vulnerability.BOTH


@pytest.mark.parametrize(
    ("text", "vul"),
    [
        ("Love", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("All", Vulnerability.BOTH),
        ("Both", Vulnerability.BOTH),
        ("NS", Vulnerability.NS),
        ("EW", Vulnerability.EW),
    ],
)
def test_vulnerable_values(text: str, vul: Vulnerability) -> None:
    assert one(game('[Board "1"]', f'[Vulnerable "{text}"]', play=None)).vulnerability == vul


def test_non_numeric_board_keeps_its_tag() -> None:
    b = one(game('[Board "3a"]', play=None))
    assert b.number is None and b.tags["Board"] == "3a" and b.label == "game 1"


def test_deal_with_one_unknown_hand_is_completed() -> None:
    deal = "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 -"
    b = one(game(*BASIC, deal=deal))
    assert not b.deal.problems()
    assert b.deal[Seat.S] == one(game(*BASIC)).deal[Seat.S]


def test_redouble_written_r_is_read() -> None:
    b = one(game('[Declarer "N"]', '[Contract "3NR"]', play=None))
    assert b.contract is not None and b.contract.doubled == 2


def test_contract_taken_from_auction_when_tag_absent() -> None:
    auction = '[Auction "N"]\nPass 1C =1= Pass 1S\nPass 2S Pass 4S\nX Pass Pass Pass'
    b = one(game('[Board "1"]', auction, '[Result "10"]'))
    assert b.contract is not None and str(b.contract) == "4SX"
    assert b.contract.declarer == Seat.W
    assert b.play is not None and b.play.claim_tricks == 10


def test_the_board_keeps_the_calls_of_a_complete_auction_without_their_notes() -> None:
    auction = '[Auction "N"]\nPass 1C =1= Pass 1S\nPass 2S Pass 4S\nX Pass Pass Pass'
    b = one(game('[Board "1"]', auction, '[Result "10"]'))
    assert b.auction is not None and b.auction.dealer == Seat.N
    assert str(b.auction) == "P 1C P 1S P 2S P 4S X P P P"
    assert b.auction.contract == b.contract


def test_an_auction_that_is_not_complete_is_not_kept_and_says_so() -> None:
    b = one(game('[Board "1"]', '[Declarer "S"]', '[Contract "4S"]',
                 '[Auction "N"]\nPass 1C Pass +', play=None))
    assert b.auction is None and b.contract is not None
    assert b.auction_unread is not None and "not finished" in b.auction_unread


@pytest.mark.parametrize(("calls", "said"), [
    ("Pass 1C Pasd 1S\nPass 2S Pass 4S\nPass Pass Pass", "call 3, 'Pasd': not a call"),
    ("Pass 1C Pass 8NT\nPass Pass Pass", "call 4, '8NT': not a call"),
    ("Pass 1S Pass 1H\nPass Pass Pass", "West's 1♥: not higher than 1♠"),
    ("Pass 1C Pass X\nPass Pass Pass", "a double only of an opponent's bid"),
    ("Pass 1C Pass 1S\nPass 2S Pass 4S", "the auction has not ended"),
    ("Pass 1C Pass 1S\nPass 2S Pass 3S\nPass Pass Pass", "the auction ends in 3♠ by West, "
                                                          "but the contract is 4♠ by West"),
])
def test_a_bad_auction_beside_a_contract_is_not_read_and_the_board_says_why(
        calls: str, said: str) -> None:
    """Issue 42, 4: the record is otherwise usable (its [Contract] and [Declarer]); the
    auction is not read as evidence, and the board names the call and says so."""
    b = one(game('[Board "1"]', '[Declarer "W"]', '[Contract "4S"]', f'[Auction "N"]\n{calls}',
                 '[Result "10"]'))
    assert b.auction is None and b.contract is not None and str(b.contract) == "4S"
    assert b.auction_unread is not None and said in b.auction_unread, b.auction_unread


@pytest.mark.parametrize("calls", ["Pass 1C Pasd 1S\nPass 2S Pass 4S\nPass Pass Pass",
                                   "Pass 1S Pass 1H\nPass Pass Pass"])
def test_a_bad_auction_that_must_give_the_contract_is_an_error_naming_it(calls: str) -> None:
    e = error(game('[Board "1"]', f'[Auction "N"]\n{calls}', '[Result "10"]'))
    assert e.where.tag == "Auction" and "the contract cannot be read" in e.message, e


def test_a_passed_out_auction_is_kept_with_no_contract() -> None:
    b = one(game('[Board "1"]', '[Auction "E"]\nPass Pass Pass Pass', play=None))
    assert b.auction is not None and len(b.auction.calls) == 4
    assert b.auction.contract is None and b.contract is None


def test_hash_repeats_previous_value() -> None:
    text = (
        game('[Event "Cup"]', '[Board "1"]', play=None)
        + "\n"
        + game('[Event "#"]', '[Board "2"]', play=None)
    )
    boards = [b for b in items(text) if isinstance(b, Board)]
    assert [b.tags["Event"] for b in boards] == ["Cup", "Cup"]


def test_game_without_deal_inherits_the_previous_board() -> None:
    text = (
        game('[Board "5"]', '[Dealer "N"]', *BASIC[3:])
        + "\n"
        + '[West "X"]\n[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n'
        '[Play "E"]\nD4 DK H5 H7\n'
    )
    first, second = items(text)
    assert isinstance(first, Board) and isinstance(second, Board)
    assert second.number == 5 and second.deal == first.deal and second.dealer == Seat.N
    assert second.contract is not None and second.contract.declarer == Seat.N
    assert second.index == 2


def test_fact_tags_become_facts() -> None:
    b = one(
        game(
            *BASIC,
            '[EquityLaws "2007"]',
            '[EquityAttention "end; 5=round"]',
            '[EquityClaim "N"]',
            '[EquityRequirement "1 W lead H; 3 E penalty SK"]',
        )
    )
    assert b.facts.laws == "2007"
    assert b.facts.attention == Attention.END
    assert b.facts.attention_for(5) == Attention.ROUND
    assert b.facts.claimer == Seat.N
    assert b.facts.requirements == Requirement.parse_list("1 W lead H; 3 E penalty SK")


def test_a_claim_with_its_statement_and_the_opponent_who_agreed() -> None:
    b = one(game(*BASIC, '[EquityClaim "S: HA HK; trumps"]',
                 '[EquityClaimStatus "disputed; W agreed"]'))
    assert b.facts.claimer == Seat.S
    assert b.facts.claim == Claim.parse("S: HA HK; trumps")
    assert b.facts.claim_status == ClaimStatus.DISPUTED and b.facts.claim_agreed == (Seat.W,)
    assert fact_tags(b.facts)["EquityClaim"] == "S: HA HK; trumps"
    assert fact_tags(b.facts)["EquityClaimStatus"] == "disputed; W agreed"


def test_the_older_claim_tag_names_the_claimer_without_a_statement() -> None:
    b = one(game(*BASIC, '[EquityClaim "N"]'))
    assert b.facts.claimer == Seat.N and b.facts.claim is None
    assert fact_tags(b.facts)["EquityClaim"] == "N"


def test_the_claimers_own_side_cannot_agree_to_his_claim() -> None:
    e = error(game(*BASIC, '[EquityClaim "S: winners"]',
                   '[EquityClaimStatus "disputed; N agreed"]'))
    assert e.where.tag == "EquityClaimStatus" and "claimer's side" in e.message


def test_tag_pair_spread_over_lines_is_read() -> None:
    b = one('[\n  Board\n  "9"\n]\n' + game(play=None))
    assert b.number == 9


def test_escapes_in_tag_values() -> None:
    b = one(game('[Event "say \\"hi\\" \\\\ bye"]', play=None))
    assert b.tags["Event"] == 'say "hi" \\ bye'


def test_game_without_deal_or_play_is_skipped() -> None:
    text = '% header\n[Event "x"]\n[Site "y"]\n\n' + game('[Board "2"]', play=None)
    out = items(text)
    assert len(out) == 1 and isinstance(out[0], Board) and out[0].index == 2


def test_lexer_ends_games_at_blank_lines_outside_comments() -> None:
    games = list(lex(['[A "1"]', "{", "", "}", '[B "2"]', "", "  ", '[C "3"]']))
    assert [[t.name for t in g.tags] for g in games] == [["A", "B"], ["C"]]
    assert [g.index for g in games] == [1, 2]


# --- errors: each names the file, the board and the place ---------------------------


def test_unknown_card_is_an_error_naming_the_place() -> None:
    e = error(game(*BASIC, play="SK H3 S4 S3\nC5 CX C6 CK"))
    assert e.source == "t.pbn" and e.board == "board 7 (game 1)"
    assert e.where.tag == "Play" and e.where.trick == 2 and e.where.seat == "North"
    assert e.where.card == "CX" and e.where.line == 10
    assert str(e).startswith("t.pbn, board 7 (game 1): line 10, [Play], trick 2, North, CX")


def test_more_than_thirteen_tricks_is_an_error() -> None:
    e = error(game(*BASIC, play="\n".join(["- - - -"] * 13 + ["SK - - -"])))
    assert e.where.trick == 14 and "13 tricks" in e.message


def test_row_with_more_than_four_cards_is_an_error() -> None:
    e = error(game(*BASIC, play="SK H3 S4 S3 C5"))
    assert e.where.trick == 1 and "5 cards" in e.message


def test_double_mark_is_an_error() -> None:
    e = error(game(*BASIC, play="SK H3 ^R ^L S4 S3"))
    assert e.where.trick == 1 and "two irregularity marks" in e.message


@pytest.mark.parametrize(
    ("tag", "bad"),
    [
        ("Deal", "N:AKQ"),
        ("Contract", "5Q"),
        ("Declarer", "Z"),
        ("Vulnerable", "Maybe"),
        ("Dealer", "Q"),
        ("Result", "14"),
        ("EquityLaws", "1987"),
        ("EquityAttention", "later"),
        ("EquityClaim", "X"),
        ("EquityClaim", "S: ruff"),
        ("EquityClaim", "S: HA HA"),
        ("EquityClaimStatus", "disputed; N"),
        ("EquityRequirement", "1 W follow H"),
    ],
)
def test_bad_tag_value_is_an_error_naming_the_tag(tag: str, bad: str) -> None:
    tags = [t for t in BASIC if not t.startswith(f"[{tag} ")] + [f'[{tag} "{bad}"]']
    # a bad Deal tag replaces the good one that game() would add
    text = "\n".join([*tags, '[Play "W"]', PLAY]) if tag == "Deal" else game(*tags)
    e = error(text)
    assert e.where.tag == tag and e.where.line is not None
    assert e.board == "board 7 (game 1)"


def test_play_without_contract_is_an_error() -> None:
    e = error(game('[Board "1"]'))
    assert e.where.tag == "Play" and "no [Contract]" in e.message


def test_play_with_contract_but_no_declarer_is_an_error() -> None:
    e = error(game('[Board "1"]', '[Contract "4S"]'))
    assert e.where.tag == "Declarer"


def test_play_on_passed_out_board_is_an_error() -> None:
    e = error(game('[Board "1"]', '[Contract "Pass"]'))
    assert "passed-out" in e.message


def test_play_with_incomplete_deal_is_an_error() -> None:
    deal = "W:- .63.AKQ987.A9732 - J973.J98742.3.K4"
    e = error(game(*BASIC, deal=deal))
    assert e.where.tag == "Deal" and "13 distinct cards" in e.message


def test_play_without_deal_is_an_error() -> None:
    e = error('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Play "E"]\nSK H3 S4 S3\n')
    assert "no [Deal]" in e.message


def test_malformed_tag_pair_is_an_error() -> None:
    e = error(game("[Board 3]", *BASIC[1:]))
    assert e.where.line == 1 and "malformed" in e.message


def test_bad_board_does_not_stop_the_file() -> None:
    bad = game('[Board "1"]', *BASIC[1:], play="SK H3 S4 ZZ")
    good = game('[Board "2"]', *BASIC[1:])
    out = items(bad + "\n" + good + "\n" + bad.replace('"1"', '"3"'))
    assert [type(x).__name__ for x in out] == ["BoardError", "Board", "BoardError"]
    assert isinstance(out[0], BoardError) and out[0].board == "board 1 (game 1)"
    assert isinstance(out[2], BoardError) and out[2].board == "board 3 (game 3)"


# --- files ------------------------------------------------------------------------


def test_read_boards_streams_a_file_and_falls_back_to_latin1(tmp_path: Path) -> None:
    p = tmp_path / "x.pbn"
    p.write_bytes(('[Event "Caf\xe9"]\n' + game(*BASIC)).encode("latin-1"))
    (b,) = read_boards(p)
    assert isinstance(b, Board) and b.tags["Event"] == "Caf\xe9" and b.source == str(p)


def test_crlf_line_ends_are_read(tmp_path: Path) -> None:
    p = tmp_path / "x.pbn"
    p.write_bytes(game(*BASIC).replace("\n", "\r\n").encode())
    (b,) = read_boards(p)
    assert isinstance(b, Board) and b.play is not None and len(b.play.tricks) == 7


def test_unreadable_file_is_one_error(tmp_path: Path) -> None:
    out = list(read_boards(tmp_path / "missing.pbn"))
    assert len(out) == 1 and isinstance(out[0], BoardError)
    assert out[0].source.endswith("missing.pbn")


def test_unknown_extension_is_one_error(tmp_path: Path) -> None:
    p = tmp_path / "x.txt"
    p.write_text("hello")
    out = list(read_boards(p))
    assert len(out) == 1 and isinstance(out[0], BoardError)


def test_load_board_finds_by_number_and_raises_errors(tmp_path: Path) -> None:
    p = tmp_path / "x.pbn"
    p.write_text(
        game('[Board "1"]', *BASIC[1:], play="ZZ") + "\n" + game('[Board "2"]', *BASIC[1:])
    )
    assert load_board(p, 2).number == 2
    with pytest.raises(BoardError, match="board 1"):
        load_board(p, 1)
    with pytest.raises(BoardError, match="board 1"):
        load_board(p)
    with pytest.raises(BoardError, match="no board 9"):
        load_board(p, 9)
