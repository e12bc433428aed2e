"""The third hand's card to partner's opening lead read as evidence: when it is a signal
at all, the chance of the card given his holding in the suit as dealt (count and
attitude as the fitted tables show them, standard or upside-down), never certainty."""

from __future__ import annotations

import fnmatch
import tomllib

import pytest
from msgspec.structs import replace

from equity.core.game.cards import Card, Seat, Strain, Suit, parse_hand, suit_holding
from equity.core.game.position import Position
from equity.core.player.knowledge import Knowledge
from equity.core.reading.evidence import played, then
from equity.core.reading.signal import (
    FEATURES,
    SIGNAL_STYLE,
    SignalReading,
    SignalStyle,
    card_chances,
    losing_ranks,
    signal_of,
)
from equity.core.reading.table import Table
from tests.builders import ROOT, board

C = Card.parse

# South plays 4♠; West leads the ♥T, dummy (North) plays the ♥3, East the ♥8 from J862.
DEAL = ("N:K84.A53.KQ72.965 75.J862.A98.QJ43 AQJ963.KQ.65.AK2 T2.T974.JT43.T87")
# East void in hearts (he discards a diamond to the ♥J).
VOID = ("N:K84.A53.KQ72.965 75.-.AJT98743.QJ4 AQJ963.KQ.65.AK2 T2.JT987642.-.T87")
# East holds the ♥J2: one spot card below the ♥T.
ONE_SPOT = ("N:K84.A8653.72.965 75.J2.AKQ98.QJ43 AQJ963.KQ.65.AK2 T2.T974.JT43.T87")


def _signal(row: str = "HT H3 H8 HK", deal: str = DEAL, **kw: bool) -> SignalReading | None:
    return signal_of(board(deal, "4S", "S", [row]), **kw)


def _read(**kw: bool) -> SignalReading:
    sig = _signal(**kw)
    assert sig is not None
    return sig


def test_the_record_gives_the_signal_and_the_third_hand() -> None:
    sig = _read()
    assert (sig.seat, sig.card, sig.led, sig.strain) == (Seat.E, C("H8"), C("HT"), Strain.S)
    assert sig.dealt == parse_hand("75.J862.A98.QJ43")
    assert sig.describe() == "East played the ♥8 to West's lead"


def test_a_card_that_wins_the_trick_is_no_signal() -> None:
    assert _signal("HT H3 HJ HK") is None


def test_a_discard_is_no_signal() -> None:
    assert _signal("HJ H3 D3 HK", VOID) is None


def test_one_spot_card_to_choose_from_is_no_signal() -> None:
    assert _signal("HT H3 H2 HK", ONE_SPOT) is None


def test_a_lead_from_declarer_s_side_is_not_partner_s_lead() -> None:
    # dummy led out of turn, accepted: no defender's partner to signal to
    assert _signal("HT ^L H3 H8 HK") is None


def test_no_third_card_is_no_signal() -> None:
    assert _signal("HT H3 - -") is None


def test_over_dummy_s_higher_card_every_lower_card_is_a_choice() -> None:
    # dummy's ♥A beats partner's ♥T: the third hand's ♥J would not win, so it is a candidate
    sig = _signal("HT HA H8 HK")
    assert sig is not None
    hearts = suit_holding(sig.dealt, Suit.H)
    assert set(card_chances(hearts, hearts & sig.losing, sig.style)) == {11, 8, 6, 2}


def test_when_dummy_ruffs_no_card_of_the_suit_wins() -> None:
    assert losing_ranks(C("HT"), C("S4"), Suit.S) == 0x7FFC
    assert losing_ranks(C("HT"), C("D4"), Suit.S) == losing_ranks(C("HT"), C("H3"), Suit.S)


def test_a_hand_that_holds_the_card_keeps_a_chance() -> None:
    sig = _read()
    for hand in ("75.J862.A98.QJ43", "75.98765.A98.QJ4", "75.AKQJ8.A98.QJ4", "-.8.-.-"):
        assert sig.chance(parse_hand(hand)) > 0
    assert sig.chance(parse_hand("75.J8.A98.QJ43")) == 1.0  # the only card that loses
    assert sig.chance(parse_hand("75.J962.A98.QJ43")) == 0.0  # no ♥8


def test_the_chances_of_the_candidates_make_one() -> None:
    hearts = suit_holding(parse_hand("-.J8762.-.-"), Suit.H)
    chances = card_chances(hearts, 0b111000100, SIGNAL_STYLE)
    assert set(chances) == {8, 7, 6, 2}
    assert sum(chances.values()) == pytest.approx(1.0)


# The same candidates (8, 6, 2 below the ♥T), an even and an odd holding, no honour.
EVEN, ODD = parse_hand("75.J862.A98.QJ43"), parse_hand("752.862.A98.QJ43")


def test_an_even_holding_makes_the_high_card_likelier() -> None:
    # read from the fitted style: the tables show count (signal_style.json)
    count = SIGNAL_STYLE.weights[FEATURES.index("high_count")]
    sig = _read()
    even, odd = sig.chance(EVEN), sig.chance(ODD)
    assert (even > odd) == (count > 0)
    assert count > 0, "the fit no longer shows count: this test's name says otherwise"


def test_upside_down_reverses_the_reading() -> None:
    standard, upside = _read(), _read(upside_down=True)
    assert upside.style.upside_down and not standard.style.upside_down
    assert (standard.chance(EVEN) > standard.chance(ODD)) != (
        upside.chance(EVEN) > upside.chance(ODD))
    # count and attitude both mirrored: even without an honour reads as odd with one
    odd_honour = parse_hand("75.KJ862.A98.QJ4")
    assert upside.chance(EVEN) == pytest.approx(standard.chance(odd_honour))


def test_attitude_reads_by_its_fitted_weight() -> None:
    attitude = SIGNAL_STYLE.weights[FEATURES.index("high_attitude")]
    sig = _read()
    honour, plain = parse_hand("-.AKJ862.A98.QJ43"), EVEN  # both even, the same candidates
    assert (sig.chance(honour) > sig.chance(plain)) == (attitude > 0)


def test_a_style_that_shows_count_reads_it() -> None:
    style = SignalStyle((0.0, 2.0, 0.0, 0.0, 0.0))
    sig = replace(_read(), style=style)
    assert sig.chance(EVEN) > 0.5 > sig.chance(ODD)


def test_his_hand_as_dealt_is_the_layout_s_and_the_cards_he_has_played() -> None:
    sig = _read()
    now = sig.dealt & ~C("H8").bit
    assert played(sig, now) and not played(sig, sig.dealt)
    assert then(sig, now, now) == sig.dealt


def test_a_signal_style_needs_a_weight_for_every_feature() -> None:
    with pytest.raises(ValueError):
        SignalStyle((0.0,))
    with pytest.raises(ValueError):
        SignalStyle((0.0, 0.0, 0.0, 0.0, float("nan")))


def test_the_fitted_style_is_standard_and_says_what_it_was_fitted_on() -> None:
    assert not SIGNAL_STYLE.upside_down
    assert "fitted on" in SIGNAL_STYLE.about
    assert len(SIGNAL_STYLE.weights) == len(FEATURES)


def test_every_fitted_style_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    package = data["tool"]["setuptools"]["package-data"]["equity"]
    styles = [f"core/{floor}/{p.name}" for floor in ("player", "reading")
              for p in (ROOT / "equity" / "core" / floor).glob("*.json")]
    assert {"core/reading/signal_style.json", "core/reading/lead_style.json",
            "core/reading/discard_style.json"} <= set(styles)
    assert all(any(fnmatch.fnmatch(s, pattern) for pattern in package) for s in styles)


def _after_trick_1(viewer: Seat) -> Knowledge:
    """Trick 1 complete (♥T ♥3 ♥8 ♥K): South, declarer, on lead; ``viewer`` to decide."""
    h = [parse_hand(x) for x in
         ("K84.A5.KQ72.965", "75.J62.A98.QJ43", "AQJ963.Q.65.AK2", "T2.974.JT43.T87")]
    pos = Position((h[0], h[1], h[2], h[3]), Strain.S, Seat.S)
    return replace(Knowledge.at(pos, Seat.S, {}), viewer=viewer,
                   table=Table(cards=(_read(),)))


def test_declarer_and_the_leader_read_the_signal_its_player_does_not() -> None:
    assert _after_trick_1(Seat.S).read == (_read(),)
    assert _after_trick_1(Seat.W).read == (_read(),)
    assert _after_trick_1(Seat.E).read == ()
    assert _after_trick_1(Seat.S).unread().read == ()


def test_a_board_s_table_reads_its_lead_and_signal() -> None:
    table = Table.of(board(DEAL, "4S", "S", ["HT H3 H8 HK"]))
    assert table.card("signal") == _read() and table.card("lead") is not None
