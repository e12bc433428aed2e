"""Law 50 in the play (Replay.position/in_force, equity/core/player/penalty_choice.py,
Position.legal/play): major penalty cards (50D1), the lead options of 50D2, and the Law 64C
lines that must honour them."""

from __future__ import annotations

import pytest

from equity.app.pipeline import rule_automatic
from equity.core.adjust.candidates import build, position_before
from equity.core.adjust.line import Line
from equity.core.game.board import Board
from equity.core.game.cards import Card, CardSet, Seat, Side, Strain, Suit, cards, parse_hand
from equity.core.game.facts import Requirement
from equity.core.game.position import LeadRule, Position
from equity.core.game.questions import CardValues, Question, Reply, drive
from equity.core.player.decision import DecisionModel
from equity.core.player.knowledge import Knowledge
from equity.core.player.penalty_choice import choose_50d2, options_50d2
from equity.formats import read_boards
from tests.builders import CASES

CASE = CASES / "024_50d1_penalty_card_in_64c_lines.pbn"


def c(text: str) -> Card:
    return Card.parse(text)


def bits(*text: str) -> CardSet:
    return sum(c(t).bit for t in text)


def pos(north: str, east: str, south: str, west: str, strain: str, leader: Seat,
        trick: tuple[str, ...] = (), penalties: CardSet = 0,
        leads: tuple[LeadRule, ...] = ()) -> Position:
    """A position from four PBN hands (spades.hearts.diamonds.clubs)."""
    h = tuple(parse_hand(x) for x in (north, east, south, west))
    return Position((h[0], h[1], h[2], h[3]), Strain.parse(strain), leader,
                    tuple(c(t) for t in trick), penalties, leads)


# --- Law 50D1 in Position.legal ----------------------------------------------------------

# East holds the ♥K as a major penalty card; North is on lead in no trump.
NORTH, EAST, SOUTH, WEST = "AK.AQ.A.", "Q.KT.7.", "5.J4.5.", "8.98.T."


def test_penalty_card_is_the_only_legal_card_when_following_suit_allows_it() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.N, ("H3",), penalties=bits("HK"))
    p = pos("AK.A.A.", EAST, SOUTH, WEST, "NT", Seat.N, ("HQ",), penalties=bits("HK"))
    assert p.to_play == Seat.E
    assert p.legal() == bits("HK")
    assert p.free.legal() == bits("HK", "HT")


def test_penalty_card_is_discarded_when_void_in_the_suit_led() -> None:
    p = pos("A.A..", ".KT.7.", "5.J.5.", "8.9.T.", "NT", Seat.N, ("CA",),
            penalties=bits("HK"))
    assert p.legal() == bits("HK")


def test_penalty_trump_must_ruff_when_void_in_the_suit_led() -> None:
    p = pos("A.K.A.", ".K.72.", "5.4.5.", "8.9.T.", "H", Seat.N, ("SA",),
            penalties=bits("HK"))
    assert p.legal() == bits("HK")


def test_penalty_card_is_led_when_its_holder_is_on_lead() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.E, penalties=bits("HK"))
    assert p.legal() == bits("HK")


def test_penalty_card_is_not_played_when_he_must_follow_with_another_suit() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.N, ("SA",), penalties=bits("HK"))
    assert p.legal() == bits("SQ")
    assert p.is_revoke(c("HK")) and not p.penalty_due


def test_several_penalty_cards_any_legal_one_and_only_those() -> None:
    p = pos(NORTH, ".KT.7.", SOUTH, WEST, "NT", Seat.N, ("SA",), penalties=bits("HK", "D7"))
    assert p.legal() == bits("HK", "D7")
    p = pos(NORTH, ".KT.7.", SOUTH, WEST, "NT", Seat.N, ("HA",), penalties=bits("HK", "D7"))
    assert p.legal() == bits("HK")


def test_a_penalty_card_played_is_no_longer_a_penalty_card() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.N, penalties=bits("HK"))
    p = p.play(c("HA")).play(c("HK"))
    assert p.penalties == 0
    assert p.play(c("H4")).legal() == bits("H8", "H9")


def test_position_without_requirements_is_plain_follow_suit() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.N, ("HA",))
    assert p.legal() == bits("HK", "HT") and p.free is p
    q = p.play(c("HT"))
    assert q.penalties == 0 and q.leads == ()


def test_lead_requirement_binds_his_next_lead_only() -> None:
    p = pos(NORTH, EAST, SOUTH, WEST, "NT", Seat.E, leads=(LeadRule(Seat.E, Suit.H),))
    assert p.legal() == bits("HK", "HT")
    after = p.play(c("HT"))
    assert after.leads == ()


def test_lead_prohibition_lasts_while_he_retains_the_lead() -> None:
    p = pos("32.2.2.", "AK.A.A.", "54.4.4.", "76.6.6.", "NT", Seat.E,
            leads=(LeadRule(Seat.E, Suit.S, True),))
    assert p.legal() == bits("HA", "DA")
    kept = p.play(c("HA")).play(c("H4")).play(c("H6")).play(c("H2"))
    assert kept.leader == Seat.E and kept.legal() == bits("DA")
    gone = pos("32.2.2.", "AK.3.A.", "54.4.4.", "76.A.6.", "NT", Seat.E,
               leads=(LeadRule(Seat.E, Suit.S, True),))
    gone = gone.play(c("H3")).play(c("H4")).play(c("HA")).play(c("H2"))
    assert gone.leader == Seat.W and gone.leads == ()


# --- Law 50D2: declarer's options when the partner leads -------------------------------


def values(table: dict[str, int]):  # type: ignore[no-untyped-def]
    """A reply function: every card worth ``table[card]`` (default 0) to the side asked."""
    def reply(questions: list[Question]) -> list[Reply]:
        out: list[Reply] = []
        for q in questions:
            assert isinstance(q, CardValues)
            assert q.position.penalties == 0  # DDS is asked about free play
            legal = q.position.legal()
            out.append({k: table.get(str(k), 0) for k in cards(legal)})
        return out
    return reply


# West on lead, East holds the ♥K as a penalty card.
D2 = dict(north="AK.AQ.A.", east="Q.KT.7.", south="5.J4.5.", west="8.98.T.")


def partner_on_lead() -> Position:
    return pos(D2["north"], D2["east"], D2["south"], D2["west"], "NT", Seat.W,
               penalties=bits("HK"))


def test_50d2_options_require_forbid_leave_and_the_card_picked_up() -> None:
    opts = dict(options_50d2(partner_on_lead()))
    assert set(opts) == {"leave", "require ♥", "forbid ♥"}
    assert opts["leave"].penalties == bits("HK")
    assert opts["require ♥"].penalties == 0 and opts["require ♥"].legal() == bits("H9", "H8")
    assert opts["forbid ♥"].penalties == 0 and opts["forbid ♥"].legal() == bits("S8", "DT")


@pytest.mark.parametrize(("worth", "chosen"), [
    ({"S8": 1, "DT": 1, "H9": 3, "H8": 3}, "require ♥"),   # a heart lead is best for NS
    ({"S8": 3, "DT": 3, "H9": 1, "H8": 1}, "forbid ♥"),    # a heart lead is worst for NS
    ({"S8": 2, "DT": 2, "H9": 2, "H8": 2}, "leave"),       # nothing to gain: the card stays
])
def test_50d2_the_non_offenders_choose_the_option_best_for_them(worth: dict[str, int],
                                                               chosen: str) -> None:
    name, p = drive(choose_50d2(partner_on_lead(), Side.NS), values(worth))
    assert name == chosen
    assert (p.penalties == 0) == (chosen != "leave")


def test_50d2_not_offered_when_a_lead_requirement_already_binds_the_lead() -> None:
    p = partner_on_lead().with_requirements(bits("HK"), (LeadRule(Seat.W, Suit.D),))
    assert options_50d2(p) == []


# --- The decision model ---------------------------------------------------------------


def test_two_penalty_cards_due_the_non_offenders_designate_the_worse_for_the_holder() -> None:
    p = pos(NORTH, ".KT.7.", SOUTH, WEST, "NT", Seat.N, ("SA",), penalties=bits("HK", "D7"))
    k = Knowledge.at(p, Seat.S, {})
    assert k.exposed == bits("HK", "D7")
    # values for EW (the holder's side): the ♦7 keeps a trick, the ♥K throws one
    d = drive(DecisionModel().decide(k), values({"HK": 0, "D7": 1}))
    assert d.how == "designated" and d.card == c("HK") and not d.branches


def test_a_single_penalty_card_due_is_forced_and_asks_no_question() -> None:
    p = pos("AK.A.A.", EAST, SOUTH, WEST, "NT", Seat.N, ("HQ",), penalties=bits("HK"))

    def no_questions(questions: list[Question]) -> list[Reply]:
        raise AssertionError("a forced card costs no DDS")
    d = drive(DecisionModel().decide(Knowledge.at(p, Seat.S, {})), no_questions)
    assert d.how == "forced" and d.card == c("HK")


# --- End to end: case 024 ---------------------------------------------------------------


def case_board(requirement: bool) -> Board:
    (b,) = list(read_boards(CASE))
    assert isinstance(b, Board)
    if requirement:
        return b
    from msgspec.structs import replace
    return replace(b, facts=replace(b.facts, requirements=()))


def lines_of(requirement: bool) -> tuple[Position, tuple[Line, ...]]:
    from equity.dd import DdsSolver
    ruling = rule_automatic(case_board(requirement))
    (cf,) = build(ruling, DdsSolver())
    rev = ruling.revokes[0].revoke
    return position_before(ruling.replay, rev), cf.lines


def first_due(start: Position, line: Line, check: bool = True) -> tuple[int, Card] | None:
    """Where East's ♥K falls due in ``line`` (under the requirement) and the card East
    plays there; with ``check``, every card of the line checked legal under Law 50 on
    the way."""
    p = start.with_requirements(bits("HK")) if not start.penalties else start
    for i, play in enumerate(line.cards):
        if check:
            assert p.legal() & play.card.bit, (line.kind, play)
        if play.seat == Seat.E and p.legal() & bits("HK"):
            return i, play.card
        p = p.play(play.card)
    return None


def test_replay_requirements_in_force_at_the_revoke() -> None:
    ruling = rule_automatic(case_board(True))
    rp = ruling.replay
    assert rp.requirements == (Requirement.parse("2 E penalty HK"),)
    assert rp.in_force(5, 2) == (bits("HK"), ())
    assert rp.in_force(9, 0) == (0, ())  # played at trick 8
    assert position_before(rp, ruling.revokes[0].revoke).penalties == bits("HK")


def test_penalty_card_is_played_at_first_legal_opportunity_in_every_64c_line() -> None:
    start, lines = lines_of(True)
    assert start.penalties == bits("HK")
    reaching = 0
    for line in lines:
        due = first_due(start, line)
        if line.kind == "substitution":
            assert due is None  # one card, then double dummy (DDS knows no penalty card)
            continue
        assert due is not None, line.kind
        assert due[1] == c("HK"), (line.kind, due)
        reaching += 1
    assert reaching >= 2  # the table line and the likely line


def test_without_the_requirement_the_likely_lines_keep_the_king() -> None:
    start, lines = lines_of(False)
    assert start.penalties == 0
    # the likely lines (the model's play): East's first discard, where the ♥K would be
    # due, keeps it. (The table line, back in the record's situation, keeps the recorded
    # ♥K discard: without the requirement that card was East's own choice, issue 31.)
    likely = [ln for ln in lines if ln.kind == "likely"]
    assert likely
    for ln in likely:
        due = first_due(start, ln, check=False)
        assert due is not None and due[1] != c("HK"), (ln.kind, due)
    # the table line speaks for the play (Law 12C1(c)): East's ♥K lead at trick 8 is
    # in its own situation in both, his own choice without the requirement, and stands
    with_req = {ln.kind: ln.declarer_tricks for ln in lines_of(True)[1]}
    without = {ln.kind: ln.declarer_tricks for ln in lines}
    assert with_req["table"] == without["table"] == 12
