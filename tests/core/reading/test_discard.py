"""The defenders' discards read as evidence: which cards are discards, the chance of the
suit thrown given what he held then (length, guards), and the layouts weighed by it."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from equity.core.game.cards import Card, Deal, Seat, Strain, Suit, parse_hand
from equity.core.game.position import Position
from equity.core.game.replay import Play
from equity.core.player.knowledge import Knowledge, sample_layouts
from equity.core.player.outcome_tree import Run
from equity.core.reading.discard import DISCARD_STYLE, FEATURES, Discard, discards
from equity.core.reading.evidence import then

C = Card.parse

DEAL = Deal.parse_pbn(
    "N:A854.KQ3.A72.K86 J73.J82.Q943.QJ4 962.AT9765.K5.A5 KQT.4.JT86.T9732")


def _discard(held: str, card: str, led: Suit = Suit.H, strain: Strain = Strain.NT) -> Discard:
    return Discard(Seat.W, C(card), led, parse_hand(held), strain)


def test_a_card_of_another_suit_is_a_discard_and_a_trump_is_a_ruff() -> None:
    plays = [Play(1, Seat.W, C("H4"), None), Play(1, Seat.N, C("H3"), Suit.H),
             Play(1, Seat.E, C("H2"), Suit.H), Play(1, Seat.S, C("HA"), Suit.H),
             Play(2, Seat.S, C("H5"), None), Play(2, Seat.W, C("C2"), Suit.H),
             Play(2, Seat.N, C("HK"), Suit.H), Play(2, Seat.E, C("S3"), Suit.H)]
    found = discards(plays, DEAL, Strain.S)
    assert [(d.seat, d.card) for d in found] == [(Seat.W, C("C2"))]  # ♠3 ruffs
    (d,) = found
    assert d.led == Suit.H and d.held == DEAL.hands[Seat.W] & ~C("H4").bit


def test_the_longer_suit_is_likelier_thrown() -> None:
    held = "K.-.QT86.T97532"
    assert _discard(held, "C2").chance(parse_hand(held)) > \
        _discard(held, "D6").chance(parse_hand(held))


def test_a_card_that_bares_a_guarded_king_is_less_likely() -> None:
    # two doubletons: K-x guards the king, 8-7 guards nothing
    held = "K7.-.87.AQJT9"
    assert _discard(held, "S7").chance(parse_hand(held)) < \
        _discard(held, "D7").chance(parse_hand(held))


def test_no_choice_of_suit_tells_nothing() -> None:
    assert _discard("-.-.-.T97", "C7").chance(parse_hand("-.-.-.T97")) == 1.0


def test_a_hand_without_the_card_has_no_chance() -> None:
    assert _discard("K7.-.87.AQJT9", "S7").chance(parse_hand("K.-.87.AQJT9")) == 0.0


def test_the_chances_of_the_suits_he_could_throw_sum_to_one() -> None:
    held = parse_hand("K7.-.876.AQJT9")
    total = sum(_discard("K7.-.876.AQJT9", c).chance(held) for c in ("S7", "D6", "C9"))
    assert total == pytest.approx(1.0)


def test_his_cards_then_are_the_layout_s_and_those_played_since() -> None:
    d = _discard("K7.-.876.AQJT9", "D6")
    now = parse_hand("K7.-.87.AQJ")
    assert then(d, parse_hand("Q7.-.87.KQJ"), now) == parse_hand("Q7.-.876.KQJT9")


def test_the_fitted_style_keeps_guards_and_discards_from_length() -> None:
    w = dict(zip(FEATURES, DISCARD_STYLE.weights, strict=True))
    assert w["length"] > 0 and w["unguards"] < 0
    assert "fitted on" in DISCARD_STYLE.about


# Declarer South at no trump; West threw two clubs on hearts, holding K-x of spades.
_HANDS = ("A854.-.A72.K86", "J73.-.Q943.QJ4", "962.-.K5.A5", "KQ.-.JT86.T9732")


def _declarer_view(threw: tuple[Discard, ...]) -> Knowledge:
    h = [parse_hand(x) for x in _HANDS]
    pos = Position((h[0], h[1], h[2], h[3]), Strain.NT, Seat.S)
    return Knowledge.at(pos, Seat.S, {Seat.W: 1 << Suit.H}, evidence=threw)


def _clubs_with_west(k: Knowledge, n: int = 400) -> float:
    layouts = sample_layouts(k, random.Random(3), n)
    return sum(bin(p.hands[Seat.W] >> (16 * Suit.C)).count("1") for p in layouts) / n


def test_declarer_places_length_where_a_defender_discarded() -> None:
    threw = (Discard(Seat.W, C("C2"), Suit.H, parse_hand("KQ.-.JT86.T97532"), Strain.NT),
             Discard(Seat.W, C("C3"), Suit.H, parse_hand("KQ.-.JT86.T9753"), Strain.NT))
    k = _declarer_view(threw)
    assert k.read == threw
    assert _clubs_with_west(k) > _clubs_with_west(k.unread()) + 0.3


def test_a_defender_reads_no_discard_of_declarer() -> None:
    threw = (Discard(Seat.S, C("C5"), Suit.H, parse_hand("962.-.K5.A5"), Strain.NT),)
    k = replace(_declarer_view(threw), viewer=Seat.W)
    assert k.read == ()


def test_a_line_records_its_discards_with_what_the_player_held() -> None:
    h = [parse_hand(x) for x in ("A.K.-.-", "-.-.2.4", "2.A.-.-", "3.-.-.3")]
    run = Run(Position((h[0], h[1], h[2], h[3]), Strain.NT, Seat.S), {}, 12)
    for card in ("HA", "C3", "HK", "D2"):  # West and East throw on South's ♥A
        run.play(C(card))
    assert [(d.seat, d.card, d.held) for d in run.evidence] == [
        (Seat.W, C("C3"), h[Seat.W]), (Seat.E, C("D2"), h[Seat.E])]
