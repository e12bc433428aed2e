"""Issue 24: the information from withdrawn cards (Law 16C, 62D2 per edition, Law 50E).

A defender's revoke on trick 12 before his partner's turn: the partner plays to the
corrected trick and his side chooses his card, within 16C2 (2017) or the two-suits
wording (2007, 1997); never the non-offenders' choice. The non-offenders' own changes
(62C1) are free. A penalty card (62B1) is known to all (50E1)."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from equity.core.game.board import Board
from equity.core.game.cards import Card, Seat, Side, Strain, Suit, parse_hand
from equity.core.game.facts import Requirement
from equity.core.game.position import LeadRule, Position
from equity.core.game.replay import replay
from equity.core.law.correction import PlayOut, TrickChoice, as_seen
from equity.core.law.laws import EDITIONS, AutomaticRuling, rule
from equity.core.player.knowledge import Knowledge, sample_layouts
from equity.formats import read_boards
from tests.builders import CASES, case_board

C = Card.parse
RUFFS = "024_62d2_partner_ruffs_not_the_suggested_discard"
MIRROR = "024_62d2_nothing_suggested_free_choice_stands"
EDITION_BOARDS = [("2017", 1), ("2007", 2), ("1997", 3)]


def d2_choice(name: str, number: int) -> tuple[AutomaticRuling, PlayOut, TrickChoice]:
    """A case board's ruling, its trick-12 play-out and the partner's 62D2 choice."""
    r = case_board(name, number)
    out = r.revokes[0].play_out
    assert out is not None
    (d2,) = [c for c in out.choices if c.law == "62D2"]
    return r, out, d2


def test_editions_read_62d2_as_their_words() -> None:
    assert EDITIONS["2017"].rule_62d2 == "16C"
    assert EDITIONS["2007"].rule_62d2 == EDITIONS["1997"].rule_62d2 == "two suits"
    assert [EDITIONS[e].withdrawn_info for e in ("2017", "2007", "1997")] == [
        "16C2", "16D2", "16C2"]


@pytest.mark.parametrize(("edition", "number"), EDITION_BOARDS)
def test_62d2_partner_ruffs_when_the_revoke_card_suggested_the_discard(edition: str,
                                                                       number: int) -> None:
    r, out, d2 = d2_choice(RUFFS, number)
    assert r.edition.name == edition
    # his side chooses, not the non-offenders
    assert d2.seat == Seat.E and d2.chooser == Side.EW
    assert d2.chosen == C("SK")
    info = d2.unauthorised
    assert info is not None
    assert (info.withdrawn, info.suggested, info.without) == (C("S6"), C("HJ"), C("SK"))
    # declarer gets no trick from the revoke card's suggestion (the HJ would give him 8)
    assert out.declarer_tricks == 7 and r.after_transfer_tricks == 7


def test_62d2_2017_applies_16c2_and_says_what_was_withdrawn_and_suggested() -> None:
    r, _, d2 = d2_choice(RUFFS, 1)
    assert d2.unauthorised is not None and d2.unauthorised.law == "16C2"
    # the suggested discard would not gain: nothing is barred, his own best card stands
    assert not d2.unauthorised.forbidden
    assert dict(d2.options) == {C("SK"): 7, C("HJ"): 8}
    (step,) = [s for s in r.revokes[0].steps if s.law == "16C2"]
    assert "withdrawn ♠6" in step.text and "suggested ♥J" in step.text
    assert "without it he would play ♠K" in step.text and "he plays ♠K" in step.text


@pytest.mark.parametrize("number", [2, 3])
def test_62d2_2007_1997_bar_the_play_suggested_when_he_holds_two_suits(number: int) -> None:
    r, _, d2 = d2_choice(RUFFS, number)
    assert d2.unauthorised is not None and d2.unauthorised.law == "62D2"
    assert d2.unauthorised.forbidden
    assert [c for c, _ in d2.options] == [C("SK")]  # the HJ discard is barred
    text = next(s.text for s in r.revokes[0].steps if s.law == "62D2")
    assert "two suits" in text and "♠6 suggested ♥J" in text
    assert "16C2" not in r.revokes[0].laws


@pytest.mark.parametrize(("edition", "number"), EDITION_BOARDS)
def test_62d2_nothing_suggested_leaves_the_partners_free_choice(edition: str,
                                                               number: int) -> None:
    r, out, d2 = d2_choice(MIRROR, number)
    assert r.edition.name == edition
    assert d2.unauthorised is None and d2.chooser == Side.EW
    # both cards open to him; his side's choice, the HJ, stands (the SK gives declarer 8)
    assert dict(d2.options) == {C("SK"): 8, C("HJ"): 7}
    assert d2.chosen == C("HJ") and out.declarer_tricks == 7
    text = next(s.text for s in r.revokes[0].steps if s.law == "62D2")
    assert "suggested no play other than the one he would choose without it" in text
    assert ("Law 16C applies" in text) == (edition == "2017")


def test_62c1_non_offenders_choice_is_free_and_keeps_his_card_when_equal() -> None:
    r = case_board(RUFFS, 1)
    out = r.revokes[0].play_out
    assert out is not None
    (c1,) = [c for c in out.choices if c.law == "62C1"]
    assert c1.seat == Seat.N and c1.chooser == Side.NS and c1.unauthorised is None
    assert dict(c1.options) == {C("SA"): 7, C("CA"): 7}
    assert c1.chosen == c1.played == C("CA")


def test_62b1_penalty_card_is_played_at_trick_13_of_the_play_out() -> None:
    r = case_board(RUFFS, 1)
    out = r.revokes[0].play_out
    assert out is not None and r.revokes[0].correction is not None
    assert r.revokes[0].correction.penalty_card == C("S6")
    (west,) = [p.card for p in out.plays if p.trick == 13 and p.seat == Seat.W]
    assert west == C("S6")


# --- Law 50E1: a penalty card is seen by everyone ---------------------------------------


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


# East to play; South declarer, North dummy; West holds the faced penalty card SQ.
FACED = Position(hands("-.A2.-.-", "-.K3.-.-", "-.-.-.J4", "Q.-.-.5"), Strain.NT, Seat.E)


def test_50e1_a_penalty_card_stays_in_its_hand_in_every_layout() -> None:
    k = Knowledge.at(FACED, Seat.S, {}, exposed=C("SQ").bit)
    assert not k.unseen & C("SQ").bit and k.sizes() == {Seat.S: 2, Seat.W: 1}
    layouts = sample_layouts(k, random.Random(3), 40)
    assert all(p.hands[Seat.W] & C("SQ").bit for p in layouts)
    # the other unseen cards still move between the hidden hands
    assert {p.hands[Seat.W] for p in layouts} != {FACED.hands[Seat.W]}


def test_50e1_without_the_penalty_card_in_view_its_place_is_a_guess() -> None:
    k = Knowledge.at(FACED, Seat.S, {})
    layouts = sample_layouts(k, random.Random(3), 40)
    assert not all(p.hands[Seat.W] & C("SQ").bit for p in layouts)


# --- Law 50 at a correction: the requirements in force stay in force --------------------


def test_the_trick_the_partner_saw_keeps_the_law_50_requirements_in_force() -> None:
    # West revoked with the S6 (substitute D2 on the corrected trick); East holds a
    # penalty card and West must lead hearts: both still bind in the world East saw
    lead = LeadRule(Seat.W, Suit.H)
    p = Position(hands("-.A2.-.-", "-.K3.-.-", "-.-.-.J4", "6.Q.-.5"), Strain.NT, Seat.S,
                 (C("DJ"), C("D2")), penalties=C("HK").bit, leads=(lead,))
    seen = as_seen(p, 1, C("S6"))
    assert seen.trick == (C("DJ"), C("S6")) and seen.hands[Seat.W] == parse_hand("-.Q.2.5")
    assert (seen.penalties, seen.leads) == (C("HK").bit, (lead,))


def test_a_penalty_card_in_force_at_a_trick_12_correction_is_the_revokers_substitute() -> None:
    b = next(b for b in read_boards(CASES / f"{RUFFS}.pbn") if getattr(b, "number", 0) == 1)
    assert isinstance(b, Board)
    facts = replace(b.facts, requirements=Requirement.parse_list("12 W penalty D2"))
    r = rule(replay(replace(b, facts=facts)), "2017")
    out = r.revokes[0].play_out
    assert out is not None
    (b62,) = [c for c in out.choices if c.law == "62B"]
    assert b62.seat == Seat.W and dict(b62.options) == {C("D2"): 7}
    # East's 62D2 choice is as without it: the D2 in view says nothing more of West's hand
    (d2,) = [c for c in out.choices if c.law == "62D2"]
    assert d2.chosen == C("SK") and out.declarer_tricks == 7
