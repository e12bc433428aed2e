"""The opening lead read by convention: the textbook card from a holding, the chance of
the suit and of the card given the leader's hand as dealt, and the layouts weighed by it
(evidence: never a layout forbidden, never the leader's own view)."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from equity.core.game.cards import Card, Seat, Strain, Suit, parse_hand, suit_holding
from equity.core.game.position import Position
from equity.core.player.knowledge import Holding, Knowledge, sample_layouts
from equity.core.reading.lead import LEAD_STYLE, LeadReading, LeadStyle, conventional, lead_of
from equity.core.reading.table import Table
from tests.builders import board

C = Card.parse


def _textbook(holding: str, no_trump: bool = False, trump_suit: bool = False) -> set[str]:
    """The textbook card(s) from a spade holding written like "KQ73"."""
    h = suit_holding(parse_hand(holding + "..."), Suit.S)
    return {str(Card(Suit.S, r))[1] for r, _ in conventional(h, no_trump, trump_suit)}


@pytest.mark.parametrize(("holding", "no_trump", "card"), [
    ("KQJ4", True, "K"), ("QJT", False, "Q"), ("KQ73", False, "K"),  # top of a sequence
    ("KJT5", True, "J"), ("AQJ4", True, "Q"), ("KT92", False, "T"),  # interior sequence
    ("K9742", True, "4"), ("Q8532", False, "3"),  # fourth best from an honour
    ("Q73", True, "3"), ("J84", False, "4"),  # low from three to an honour
    ("AJ74", False, "A"), ("A852", False, "A"),  # no ace underled against a suit
    ("94", False, "9"), ("K3", True, "K"), ("7", False, "7"),  # top of a doubleton
])
def test_the_textbook_card_from_a_holding(holding: str, no_trump: bool, card: str) -> None:
    assert _textbook(holding, no_trump) == {card}


def test_ace_king_offers_the_ace_or_the_king() -> None:
    assert _textbook("AK74") == {"A", "K"}


def test_low_from_small_trumps() -> None:
    assert _textbook("853", trump_suit=True) == {"3"}


# West leads against 4♥ by South; North dummy.
DEAL = "N:A854.KQ3.A72.K86 J73.J82.Q943.QJ4 962.AT9765.K5.A5 KQT.4.JT86.T9732"
ROWS = ["SK S4 S2 S6"]


def _lead(card: str = "SK") -> LeadReading:
    b = board(DEAL, "4H", "S", [f"{card} S4 S2 S6"] if card != "SK" else ROWS)
    lead = lead_of(b)
    assert lead is not None
    return lead


def test_the_record_gives_the_lead_and_the_leader_s_hand() -> None:
    lead = _lead()
    assert (lead.leader, lead.card, lead.strain) == (Seat.W, C("SK"), Strain.H)
    assert lead.dealt == parse_hand("KQT.4.JT86.T9732")


def test_a_card_the_hand_does_not_hold_has_no_chance() -> None:
    assert _lead().chance(parse_hand("AJ3.KQ.AJT86.T97")) == 0.0


def test_a_card_off_the_textbook_keeps_a_chance() -> None:
    # ♠K from K-x-x is no textbook lead (low from three to an honour), yet it happens
    lead = _lead()
    off = lead.card_chance(parse_hand("K94.J82.Q943.QJ4"))
    on = lead.card_chance(parse_hand("KQT.J82.Q943.QJ4"))
    assert 0 < off < on
    assert off == pytest.approx(LEAD_STYLE.stray / 3)


def test_the_suit_chances_cover_the_suits_held() -> None:
    chances = _lead().suit_chances(parse_hand("KQT.4.JT86.T9732"))
    assert set(chances) == set(Suit)
    assert sum(chances.values()) == pytest.approx(1.0)
    void = _lead().suit_chances(parse_hand("KQT9.-.JT863.T973"))
    assert Suit.H not in void


def test_a_lead_style_needs_a_weight_for_every_feature() -> None:
    with pytest.raises(ValueError):
        LeadStyle((0.0,), LEAD_STYLE.trumps, 0.3)
    with pytest.raises(ValueError):
        replace(LEAD_STYLE, stray=1.0)


def _after_lead(viewer_to_play: Seat) -> Knowledge:
    """Trick 1 after West's ♠K and dummy's ♠4: East (or, as viewer, declarer) to play."""
    h = [parse_hand(x) for x in
         ("A85.KQ3.A72.K86", "J73.J82.Q943.QJ4", "962.AT9765.K5.A5", "QT.4.JT86.T9732")]
    pos = Position((h[0], h[1], h[2], h[3]), Strain.H, Seat.W, (C("SK"), C("S4")))
    k = Knowledge.at(pos, Seat.S, {})
    return replace(k, viewer=viewer_to_play, table=Table(cards=(_lead(),)))


def _queen_with_west(k: Knowledge, n: int = 400) -> float:
    layouts = sample_layouts(k, random.Random(5), n)
    return sum(bool(p.hands[Seat.W] & C("SQ").bit) for p in layouts) / n


def test_declarer_places_the_queen_with_the_leader_of_the_king() -> None:
    k = _after_lead(Seat.S)
    assert k.read == (_lead(),)
    read, unread = _queen_with_west(k), _queen_with_west(k.unread())
    assert unread == pytest.approx(0.5, abs=0.08)
    assert read > unread + 0.2


def test_the_leader_reads_nothing_from_his_own_lead() -> None:
    k = replace(_after_lead(Seat.S), viewer=Seat.W)
    assert k.read == ()


def test_before_the_lead_is_faced_nothing_is_read() -> None:
    k = replace(_after_lead(Seat.S), dummy_faced=False)
    assert k.read == ()


class _Unheard(LeadReading):
    """A lead made only from hands with the ♠J (likelihood 1), from others all but never."""

    def chance(self, dealt: int) -> float:
        return 1.0 if dealt & C("SJ").bit else 1e-12


def test_a_lead_that_fits_no_layout_well_still_leaves_layouts() -> None:
    base = _lead()
    unheard = _Unheard(base.leader, base.card, base.dealt, base.strain, frozenset(),
                       frozenset())
    # told that West has no ♠J: every layout left makes the lead all but impossible
    k = replace(_after_lead(Seat.S), table=Table(cards=(unheard,)),
                holds=(Holding(Seat.W, C("SJ").bit, 0, 0),))
    layouts = sample_layouts(k, random.Random(1), 20)
    assert len(layouts) == 20 and not any(p.hands[Seat.W] & C("SJ").bit for p in layouts)


def test_a_likelihood_alike_for_every_layout_tells_nothing() -> None:
    base = _lead()
    alike = _Flat(base.leader, base.card, base.dealt, base.strain, frozenset(), frozenset())
    k = replace(_after_lead(Seat.S), table=Table(cards=(alike,)))
    assert _queen_with_west(k) == pytest.approx(_queen_with_west(k.unread()), abs=0.08)


class _Flat(LeadReading):
    """A lead every hand makes as often (a constant likelihood)."""

    def chance(self, dealt: int) -> float:
        return 0.01


def test_an_accepted_lead_out_of_turn_by_north_is_north_s() -> None:
    # East declares 4♥ (South to lead); North leads out of turn, accepted (PBN ^L)
    b = board(DEAL, "4H", "E", ["S2 ST ^L SA S3"])
    lead = lead_of(b)
    assert lead is not None
    assert (lead.leader, lead.card) == (Seat.N, C("SA"))
