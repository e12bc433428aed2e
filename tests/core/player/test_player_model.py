"""The player model (equity.core.player.player_model): every legal card has a chance,
the probabilities sum to 1, conventions share equal cards, errors are valued from the
real layout without extra double-dummy work, the same tree under any run."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.game.cards import Card, ModelError, Seat, Side, Strain, parse_hand
from equity.core.game.position import Position
from equity.core.game.questions import BestCards, CardValues
from equity.core.player.decision import DecisionModel, Sampling, classes, lowest
from equity.core.player.outcome_tree import Run, grow
from equity.core.player.player_model import (
    EXACT,
    FEATURES,
    PlayerClass,
    by_value,
    described,
    exploited,
    features,
    informed,
    mixture,
    player_class,
)
from tests.oracle_sd import OracleValuer, recorded

C = Card.parse
SMALL = Sampling(first=4, step=4, cap=12)
CARELESS = PlayerClass("careless", 0.5, 2.0, (0.0,) * len(FEATURES))


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


def feature(pos: Position, card: str, name: str) -> float:
    group = next(g for g in classes(pos.legal(), pos) if C(card) in g)
    return features(pos, group)[FEATURES.index(name)]


def test_the_fitted_classes_are_package_data_and_unknown_ones_are_refused() -> None:
    for name in ("club", "expert", "robot"):
        cls = player_class(name)
        assert 0 < cls.mix < 1 and cls.beta >= 0 and "fitted on" in cls.about
        assert 0 <= cls.exploited_by_declarer <= 1 and 0 <= cls.exploited_by_defenders <= 1
    assert player_class(None) == player_class("club")
    assert player_class("exact") == EXACT
    with pytest.raises(ModelError, match="unknown class of player 'kibitzer'"):
        player_class("kibitzer")


def test_every_card_gets_a_chance_and_the_probabilities_sum_to_one() -> None:
    a, b, c = C("SA"), C("S2"), C("HK")
    feats = {x: (0.0,) * len(FEATURES) for x in (a, b, c)}
    p = mixture({a: 1.0}, {a: 3.0, b: 2.0, c: 1.0}, feats, CARELESS)
    assert sum(p.values()) == pytest.approx(1.0)
    assert p[a] > p[b] > p[c] > 0  # the worse a card looks, the rarer the error


def test_the_decision_model_alone_keeps_its_chances() -> None:
    a, b = C("SA"), C("S2")
    feats = {x: (1.0,) * len(FEATURES) for x in (a, b)}
    p = mixture({a: 0.7, b: 0.3}, {a: 2.5, b: 2.0}, feats, EXACT)
    assert p == pytest.approx({a: 0.7, b: 0.3})


def test_equal_cards_share_the_chance_by_convention() -> None:
    lo, seq = C("D9"), C("CJ")
    w = [0.0] * len(FEATURES)
    w[FEATURES.index("lead_sequence")] = 2.0
    cls = PlayerClass("leads", 0.0, 0.0, tuple(w))
    feats = {lo: features_for(lead_sequence=0.0), seq: features_for(lead_sequence=1.0)}
    p = mixture({lo: 1.0}, {lo: 3.0, seq: 3.0}, feats, cls)
    assert p[seq] > 0.85 and p[lo] < 0.15  # not "the lowest card, 100 %"


def features_for(**given: float) -> tuple[float, ...]:
    return tuple(given.get(f, 0.0) for f in FEATURES)


def test_conventions_top_of_sequence_second_hand_low_cover_and_ruff() -> None:
    lead = Position(hands("QJ9.-.-.-", "T.-.-.32", "-.-.-.654", "-.-.-.987"),
                    Strain.NT, Seat.N)
    assert feature(lead, "SQ", "lead_sequence") == 1.0
    assert feature(lead, "S9", "lead_sequence") == 0.0
    second = Position(hands("-.-.-.KT", "-.-.-.A32", "-.-.-.65", "-.-.-.Q8"),
                      Strain.NT, Seat.W, (C("CQ"),))
    assert feature(second, "CT", "follow_low") == 1.0  # second hand low
    assert feature(second, "CK", "cover") == 1.0  # cover an honour
    ruff = Position(hands("-.-.-.-", "-.-.-.-", "-.-.-.-", "-.2.-.-"), Strain.H, Seat.N,
                    (C("CK"), C("CA"), C("C6")))
    assert feature(ruff, "H2", "ruff") == 1.0
    assert feature(ruff, "H2", "follow_low") == 0.0


def test_equal_cards_in_the_real_layout_are_one_outcome_and_worse_ones_errors() -> None:
    a, q, two, three = C("HA"), C("HQ"), C("H2"), C("H3")
    plays = {a: 0.5, q: 0.3, two: 0.15, three: 0.05}
    chances = {a: 0.6, q: 0.4}
    real = {a: 2, q: 1, two: 2, three: 0}
    choices, errors = by_value(plays, chances, real, a)
    assert choices == pytest.approx({a: 0.65, q: 0.3})  # ♥2 is worth ♥A: found as ♥A
    assert errors == pytest.approx({three: 0.05})


# Trick 12 at no trumps, North on lead: East must keep his ♠A for dummy's ♠3; if he
# throws it on the ♣A, North-South take both tricks.
ENDING = Position(hands("3.-.-.A", "A.2.-.-", "2.A.-.-", "-.-.32.-"), Strain.NT, Seat.N)


def ending() -> Run:
    r = Run(ENDING, {}, 12)
    r.won = {Side.NS: 6, Side.EW: 5}
    return r


def test_errors_add_outcomes_but_no_double_dummy_work() -> None:
    exact, asked_exact = recorded(grow(ending(), Seat.S, DecisionModel(SMALL)))
    valuer = OracleValuer()
    careless, asked = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=CARELESS)),
                               valuer)
    assert sum(leaf.probability for leaf in careless) == pytest.approx(1.0)
    assert len(careless) > len(exact) == 1
    # the same questions (the exact class asks a layout's best cards alone, the careless
    # one every card's, which its errors need): errors are valued from known values
    assert asked == [[CardValues(q.position, q.side) if isinstance(q, BestCards) else q
                      for q in round_] for round_ in asked_exact]
    assert any(b.errors for leaf in careless for b in leaf.branches)
    assert max(leaf.won[Side.NS] for leaf in careless) > exact[0].won[Side.NS]  # East errs


def test_insight_lifts_the_cards_right_in_the_real_layout() -> None:
    a, q, two = C("HA"), C("HQ"), C("H2")
    plays = {a: 0.5, q: 0.3, two: 0.2}
    real = {a: 1, q: 2, two: 2}
    assert informed(plays, real, CARELESS) == plays  # no insight: unchanged
    seeing = informed(plays, real, replace(CARELESS, insight=1.0))
    assert sum(seeing.values()) == pytest.approx(1.0)
    assert seeing[q] / seeing[a] == pytest.approx(0.6 * 2.718281828, rel=1e-6)
    assert seeing[q] / seeing[two] == pytest.approx(1.5)  # the right cards keep their ratio


def test_an_error_the_opponents_do_not_see_ends_as_the_card_he_meant() -> None:
    blind = replace(CARELESS, exploited_by_declarer=0.0)
    exact, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL)))
    leaves, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=blind)))
    errs = [leaf for leaf in leaves if leaf.erred is not None]
    assert errs and all(leaf.erred == (Side.EW, False) for leaf in errs)
    assert {leaf.won[Side.NS] for leaf in leaves} == {exact[0].won[Side.NS]}


def test_an_errors_probability_is_split_by_the_share_exploited() -> None:
    def error_mass(share: float) -> tuple[float, float]:
        cls = replace(CARELESS, exploited_by_declarer=share)
        leaves, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=cls)))
        seen = sum(x.probability for x in leaves if x.erred == (Side.EW, True))
        missed = sum(x.probability for x in leaves if x.erred == (Side.EW, False))
        return seen, missed

    seen, missed = error_mass(0.25)
    assert seen > 0 and seen == pytest.approx((seen + missed) * 0.25)
    assert sum(error_mass(1.0)) == pytest.approx(seen + missed)
    assert error_mass(1.0)[1] == 0.0


def test_shares_exploited_are_by_the_erring_side_and_the_favoured_side_sees_all() -> None:
    cls = replace(CARELESS, exploited_by_declarer=0.3, exploited_by_defenders=0.6)
    assert exploited(cls, Side.EW, Side.NS) == 0.3  # a defender's error, declarer exploits
    assert exploited(cls, Side.NS, Side.NS) == 0.6  # declarer's error, the defenders do
    assert exploited(cls, Side.EW, Side.NS, favour=Side.NS) == 1.0  # Law 84D
    assert exploited(cls, Side.NS, Side.NS, favour=Side.NS) == 0.6
    with pytest.raises(ModelError, match="exploited"):
        replace(CARELESS, exploited_by_defenders=1.5)


def test_the_favoured_side_exploits_every_error_of_its_opponents() -> None:
    blind = replace(CARELESS, exploited_by_declarer=0.0)
    leaves, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=blind),
                              favour=Side.NS))
    assert {leaf.erred for leaf in leaves} - {None} == {(Side.EW, True)}


def test_the_favoured_side_makes_no_errors() -> None:
    leaves, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=CARELESS),
                              favour=Side.NS))
    assert all(Seat(b.seat).side == Side.EW for leaf in leaves for b in leaf.branches)


def test_the_same_tree_every_time() -> None:
    def tree() -> list[tuple[int, float]]:
        leaves, _ = recorded(grow(ending(), Seat.S, DecisionModel(SMALL, players=CARELESS)))
        return [(leaf.won[Side.NS], leaf.probability) for leaf in leaves]

    assert tree() == tree()


def test_a_free_decision_is_shared_by_convention_but_does_not_branch() -> None:
    pos = Position(hands("-.-.-.KQ", "-.-.-.A3", "-.-.-.65", "-.-.-.J8"), Strain.NT, Seat.N)
    model = DecisionModel(SMALL, players=player_class("club"))
    from equity.core.player.knowledge import Knowledge

    d, _ = recorded(model.decide(Knowledge.at(pos, Seat.S, {})))
    assert d.how in ("forced", "free", "clear", "likely", "close")
    assert sum(p for _, p in d.played) == pytest.approx(1.0)
    assert lowest([c for c, _ in d.played]) in {c for c, _ in d.played}


def test_a_card_played_a_fifth_of_the_time_or_more_is_not_called_careless() -> None:
    # issue 42, 12: "a careless ♣2 34%" read as a slip; a card players of the class
    # choose that often is a choice, named as worse double dummy
    often, rare, right = Card.parse("C2"), Card.parse("S4"), Card.parse("H6")
    text = described([(right, 0.56), (often, 0.34), (rare, 0.10)], often.bit | rare.bit)
    assert text == "♥6 56% / ♣2 34% (worse double dummy) / a careless ♠4 10%"
