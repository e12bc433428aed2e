"""What a player knows (own hand, dummy, cards played, suits shown out of) and the
layouts sampled from it: sizes and shown-out suits respected, seen hands kept,
uniform, reproducible."""

from __future__ import annotations

import random
from collections import Counter

from equity.core.game.cards import Card, Seat, Strain, Suit, card_set, parse_hand
from equity.core.game.position import Position
from equity.core.game.replay import Play
from equity.core.player.knowledge import Knowledge, sample_layouts, shown_out

C = Card.parse


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


# A 3-card ending, NT, South (declarer) on lead; North is dummy.
ENDING = Position(hands("-.AJ3.-.-", "-.Q98.-.-", "-.KT2.-.-", "-.-.-.432"), Strain.NT,
                  Seat.S)


def test_a_card_of_another_suit_to_a_lead_shows_out_of_the_suit_led() -> None:
    plays = [Play(1, Seat.W, C("S2"), None), Play(1, Seat.N, C("S5"), Suit.S),
             Play(1, Seat.E, C("H4"), Suit.S), Play(1, Seat.S, C("C3"), Suit.S),
             Play(2, Seat.E, C("D2"), None), Play(2, Seat.S, C("D3"), Suit.D)]
    assert shown_out(plays) == {Seat.E: 1 << Suit.S, Seat.S: 1 << Suit.S}


def test_declarer_sees_dummy_and_decides_for_it() -> None:
    dummy_to_play = Position(ENDING.hands, Strain.NT, Seat.N)  # dummy on lead
    k = Knowledge.at(dummy_to_play, Seat.S, {})
    assert (k.viewer, k.seen, k.hidden) == (Seat.S, (Seat.S, Seat.N), (Seat.E, Seat.W))


def test_a_defender_sees_his_hand_and_dummy() -> None:
    k = Knowledge.at(Position(ENDING.hands, Strain.NT, Seat.E), Seat.S, {})
    assert (k.viewer, k.hidden) == (Seat.E, (Seat.S, Seat.W))


def test_the_opening_leader_sees_only_his_own_hand() -> None:
    k = Knowledge.at(Position(ENDING.hands, Strain.NT, Seat.W), Seat.S, {}, dummy_faced=False)
    assert k.hidden == (Seat.N, Seat.E, Seat.S)


def test_layouts_keep_seen_hands_sizes_and_shown_out_suits() -> None:
    k = Knowledge.at(ENDING, Seat.S, {Seat.W: 1 << Suit.H})
    for p in sample_layouts(k, random.Random(1), 50):
        assert (p.hands[Seat.N], p.hands[Seat.S]) == (ENDING.hands[Seat.N], ENDING.hands[Seat.S])
        assert p.hands[Seat.E] | p.hands[Seat.W] == ENDING.hands[Seat.E] | ENDING.hands[Seat.W]
        assert p.hands[Seat.E].bit_count() == p.hands[Seat.W].bit_count() == 3
        assert not p.hands[Seat.W] & Suit.H.mask  # West showed out of hearts


def test_layouts_are_uniform_over_the_consistent_deals() -> None:
    k = Knowledge.at(ENDING, Seat.S, {})
    seen = Counter(p.hands[Seat.E] for p in sample_layouts(k, random.Random(7), 2000))
    assert len(seen) == 20  # C(6, 3) ways to give East three of the six unseen cards
    assert min(seen.values()) > 60 and max(seen.values()) < 150  # about 100 each


def test_layouts_are_reproducible_with_a_seed() -> None:
    k = Knowledge.at(ENDING, Seat.S, {})
    assert sample_layouts(k, random.Random(3), 10) == sample_layouts(k, random.Random(3), 10)


def test_a_false_void_is_believed_in_the_table_world_only() -> None:
    """A revoke showed East out of hearts: declarer believes it (the table world); with
    the revoke corrected (the counterfactual world) nobody saw a void."""
    table = Knowledge.at(ENDING, Seat.S, shown_out([Play(3, Seat.E, C("C5"), Suit.H)]))
    corrected = Knowledge.at(ENDING, Seat.S, shown_out([Play(3, Seat.E, C("H4"), Suit.H)]))
    assert not any(p.hands[Seat.E] & Suit.H.mask
                   for p in sample_layouts(table, random.Random(1), 20))
    assert any(p.hands[Seat.E] & Suit.H.mask
               for p in sample_layouts(corrected, random.Random(1), 20))


def test_a_shown_out_inference_the_count_contradicts_is_dropped() -> None:
    """Both defenders "showed out" of hearts, yet three hearts are out: one of them must
    have revoked, and a player who counts knows it; the first such inference goes."""
    k = Knowledge.at(ENDING, Seat.S, {Seat.E: 1 << Suit.H, Seat.W: 1 << Suit.H})
    assert k.consistent().voids == {Seat.E: 0, Seat.W: 1 << Suit.H}
    for p in sample_layouts(k, random.Random(1), 10):
        assert p.hands[Seat.E] & Suit.H.mask == ENDING.hands[Seat.E] & Suit.H.mask | (
            ENDING.hands[Seat.W] & Suit.H.mask)


def test_every_inference_goes_when_no_single_one_explains_the_count() -> None:
    opening = Position(ENDING.hands, Strain.NT, Seat.W)
    k = Knowledge.at(opening, Seat.S, {Seat.N: 15, Seat.E: 15, Seat.S: 15},
                     dummy_faced=False)
    assert k.consistent().voids == {}


def test_cards_only_one_seat_may_hold_go_to_it() -> None:
    k = Knowledge.at(ENDING, Seat.S, {Seat.E: 1 << Suit.C})
    for p in sample_layouts(k, random.Random(5), 20):
        assert p.hands[Seat.W] == card_set([C("C4"), C("C3"), C("C2")])


def test_mirrored_layouts_keep_sizes_and_shown_out_suits_and_balance_the_free_cards() -> None:
    # Declarer sees North-South. West showed out of hearts (the ♥Q is East's), East out
    # of clubs (the ♣2 is West's); the four spades are free, two to each hand.
    pos = Position(hands("AKQ.-.-.-", "54.Q.-.-", "JT9.-.-.-", "32.-.-.2"), Strain.NT,
                   Seat.S)
    voids = {Seat.W: 1 << Suit.H, Seat.E: 1 << Suit.C}
    k = Knowledge.at(pos, Seat.S, voids)
    free = card_set([C("S5"), C("S4"), C("S3"), C("S2")])
    layouts = sample_layouts(k, random.Random(2), 20)
    assert len(layouts) == 20
    for p in layouts:
        assert p.hands[Seat.E].bit_count() == p.hands[Seat.W].bit_count() == 3
        assert p.hands[Seat.E] & C("HQ").bit and p.hands[Seat.W] & C("C2").bit
        assert not p.hands[Seat.W] & Suit.H.mask and not p.hands[Seat.E] & Suit.C.mask
    for a, b in zip(layouts[::2], layouts[1::2], strict=True):
        # each free card once with each opponent over the pair: the free cards exchanged
        assert b.hands[Seat.E] & free == a.hands[Seat.W] & free
        assert b.hands[Seat.W] & free == a.hands[Seat.E] & free
    assert len({p.hands[Seat.E] for p in layouts}) == 6  # C(4, 2) splits, all drawn


def test_mirrored_layouts_with_unequal_free_cards_keep_the_difference_in_place() -> None:
    # West showed out of hearts: East's hearts are fixed; East holds one free card,
    # West four. Over a pair, one of West's free cards goes to East and East's to West.
    k = Knowledge.at(Position(hands("-.AJ3.-.4", "-.Q98.-.3", "-.KT2.-.2", "-.-.765.A"),
                              Strain.NT, Seat.S), Seat.S, {Seat.W: 1 << Suit.H})
    hearts = card_set([C("HQ"), C("H9"), C("H8")])
    layouts = sample_layouts(k, random.Random(4), 12)
    for p in layouts:
        assert p.hands[Seat.E] & hearts == hearts and not p.hands[Seat.W] & Suit.H.mask
        assert p.hands[Seat.E].bit_count() == p.hands[Seat.W].bit_count() == 4
    for a, b in zip(layouts[::2], layouts[1::2], strict=True):
        moved = a.hands[Seat.W] & b.hands[Seat.E]
        assert moved.bit_count() == 1 and not a.hands[Seat.E] & b.hands[Seat.E] & ~hearts


def test_the_weights_drawn_with_the_layouts_are_those_layout_weights_gives_them() -> None:
    # a decision keeps each layout's weight as drawn instead of weighing it again: the
    # two must agree to the last bit (declarer reads West's opening ♠K; a false void
    # the count contradicts is dropped before drawing, which the weights must not see)
    from msgspec.structs import replace

    from equity.core.player.knowledge import draw_weighted, layout_weights
    from equity.core.reading.lead import lead_of
    from equity.core.reading.table import Table
    from tests.builders import board

    deal = "N:A854.KQ3.A72.K86 J73.J82.Q943.QJ4 962.AT9765.K5.A5 KQT.4.JT86.T9732"
    lead = lead_of(board(deal, "4H", "S", ["SK S4 S2 S6"]))
    assert lead is not None
    h = hands("A85.KQ3.A72.K86", "J73.J82.Q943.QJ4", "962.AT9765.K5.A5", "QT.4.JT86.T9732")
    pos = Position(h, Strain.H, Seat.W, (C("SK"), C("S4")))
    k = replace(Knowledge.at(pos, Seat.S, {}), viewer=Seat.S,
                table=Table(cards=(lead,)))
    for knowledge in (k, replace(k, voids={Seat.E: 0b1111})):
        layouts, weights, _ = draw_weighted(knowledge, random.Random(11), 60)
        assert len(set(weights)) > 1  # the lead weighs the layouts unevenly
        assert weights == layout_weights(knowledge, layouts)
