"""Duplicate scoring, weighted scores (Law 12C1(c)), matchpoints and IMPs."""

from __future__ import annotations

import pytest

from equity.core.game.cards import Contract, Seat, Strain, Vulnerability
from equity.core.game.scoring import WeightedScore, datum, imps, matchpoints, score_ns
from tests.oracle_endplay import endplay_score_ns

NV, V = Vulnerability.NONE, Vulnerability.BOTH

# (contract, declarer's tricks, vulnerable?, declarer's score) — standard duplicate scores.
KNOWN = [
    ("1NT", 7, NV, 90), ("1NT", 8, NV, 120), ("2S", 8, NV, 110), ("3NT", 9, NV, 400),
    ("3NT", 10, NV, 430), ("4S", 10, NV, 420), ("4H", 11, NV, 450), ("5C", 11, NV, 400),
    ("5D", 12, NV, 420), ("6S", 12, NV, 980), ("6NT", 12, NV, 990), ("7NT", 13, NV, 1520),
    ("7S", 13, NV, 1510), ("1C", 7, NV, 70), ("2C", 8, NV, 90), ("3C", 9, NV, 110),
    ("4C", 10, NV, 130), ("3NT", 9, V, 600), ("4S", 10, V, 620), ("4S", 11, V, 650),
    ("6S", 12, V, 1430), ("7NT", 13, V, 2220), ("7C", 13, V, 2140), ("5C", 11, V, 600),
    ("2S", 8, V, 110), ("1NTX", 7, NV, 180), ("2SX", 8, NV, 470), ("1CX", 7, NV, 140),
    ("1NTX", 8, NV, 280), ("3NTX", 9, NV, 550), ("4SX", 10, NV, 590), ("4SX", 11, NV, 690),
    ("2SX", 8, V, 670), ("1NTX", 7, V, 180), ("4SX", 10, V, 790), ("4SX", 11, V, 990),
    ("1CX", 7, V, 140), ("1CX", 8, V, 340), ("1CX", 8, NV, 240), ("1NTXX", 7, NV, 560),
    ("1NTXX", 7, V, 760), ("2CXX", 8, NV, 560), ("7NTXX", 13, V, 2980), ("6CX", 12, NV, 1090),
    ("4S", 9, NV, -50), ("4S", 7, NV, -150), ("4S", 9, V, -100), ("4S", 6, V, -400),
    ("4SX", 9, NV, -100), ("4SX", 8, NV, -300), ("4SX", 7, NV, -500), ("4SX", 6, NV, -800),
    ("4SX", 5, NV, -1100), ("4SX", 9, V, -200), ("4SX", 8, V, -500), ("4SX", 7, V, -800),
    ("4SX", 6, V, -1100), ("4SXX", 9, NV, -200), ("4SXX", 8, NV, -600),
    ("4SXX", 7, NV, -1000), ("4SXX", 6, NV, -1600), ("4SXX", 9, V, -400),
    ("4SXX", 8, V, -1000), ("4SXX", 7, V, -1600), ("7NT", 0, V, -1300),
]


@pytest.mark.parametrize(("contract", "tricks", "vul", "points"), KNOWN)
def test_contract_scores_match_the_known_table(contract: str, tricks: int,
                                               vul: Vulnerability, points: int) -> None:
    assert score_ns(Contract.parse(contract, Seat.S), tricks, vul) == points
    assert score_ns(Contract.parse(contract, Seat.E), tricks, vul) == -points


def test_vulnerability_is_the_declaring_side_s() -> None:
    c = Contract.parse("4S", Seat.N)
    assert score_ns(c, 10, Vulnerability.NS) == 620
    assert score_ns(c, 10, Vulnerability.EW) == 420


@pytest.mark.parametrize(("diff", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
    (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
    (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
    (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
    (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
    (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24), (-620, -12)])
def test_imp_scale_boundaries(diff: int, expected: int) -> None:
    assert imps(diff) == expected


def test_matchpoints_two_per_score_beaten_one_per_tie() -> None:
    assert matchpoints(420, [420, 170, 450, -50]) == 5.0


def test_datum_drops_top_and_bottom_and_rounds_to_ten() -> None:
    assert datum([420, 420, 450, -50, 1430]) == 430
    assert datum([100, 115]) == 110


def test_weighted_score_merges_equal_results_and_says_it_as_the_scorer_types_it() -> None:
    c = Contract.parse("4S", Seat.S)
    w = WeightedScore.of(c, NV, [(10, 0.3), (9, 0.4), (10, 0.3)])
    assert [(x.tricks, round(x.weight, 2)) for x in w.components] == [(10, 0.6), (9, 0.4)]
    assert w.scorer_text() == "60% 4S by S = (+420) / 40% 4S by S -1 (-50)"
    assert w.expected_ns == pytest.approx(232.0)


def test_weighted_matchpoints_weight_the_matchpoints_not_the_points() -> None:
    c = Contract.parse("4S", Seat.S)
    w = WeightedScore.of(c, NV, [(10, 0.5), (9, 0.5)])
    field = [420, 170, 170]
    # +420 scores 2 (tie 1 + beats 170 twice = 5) ... -50 scores 0; mean of points would
    # be +185, which beats 170 twice (4): different, and the law says weight the MPs.
    assert w.matchpoints(field) == pytest.approx(0.5 * 5 + 0.5 * 0)
    assert matchpoints(w.expected_ns, field) == 4


def test_weighted_imps_weight_the_imps() -> None:
    c = Contract.parse("4S", Seat.S)
    w = WeightedScore.of(c, V, [(10, 0.5), (9, 0.5)])
    assert w.imps(-100) == pytest.approx(0.5 * imps(720) + 0.5 * imps(0))


@pytest.mark.parametrize("vul", list(Vulnerability))
def test_law_77_scores_agree_with_endplay_on_every_contract_and_result(
        vul: Vulnerability) -> None:
    for level in range(1, 8):
        for strain in Strain:
            for doubled in (0, 1, 2):
                for declarer in (Seat.N, Seat.E):
                    c = Contract(level, strain, doubled, declarer)
                    for tricks in range(14):
                        assert score_ns(c, tricks, vul) == endplay_score_ns(c, tricks, vul), (
                            str(c), declarer, tricks)
