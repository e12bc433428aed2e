"""The decision model (equity.core.player.decision): forced and free decisions cost nothing,
decisions are remembered and see the same layouts under the same seed, the chances are
the layouts' shares of right choices (checked against a brute-force double-dummy solver
on small endings), sampling stops early on a clear choice, and the tie rules."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from equity.core.game.cards import Card, Seat, Side, Strain, Suit, cards, count, parse_hand
from equity.core.game.position import Position
from equity.core.game.questions import BestCards, CardValues, Question
from equity.core.player.decision import (
    DEFAULT_SAMPLING,
    Decision,
    DecisionModel,
    Sampling,
    classes,
    lowest,
    sure_winners,
)
from equity.core.player.knowledge import Knowledge
from equity.core.player.player_model import player_class
from equity.dd.single_dummy import decide, decide_many
from tests.builders import random_ending
from tests.oracle_sd import OracleValuer, oracle_values, recorded

C = Card.parse
SMALL = Sampling(first=4, step=4, cap=12)
"""Sampling small enough for the brute-force solver, with every stage in use."""


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


# South (declarer) led the ♥2 and West followed with the ♥5; dummy holds the ♥A-Q, the
# king is out. Finesse (♥Q) or play for the drop (♥A)? The ♥Q is right only when West
# holds the king (one layout of three: East has two unseen cards, West one).
FINESSE = Position(hands("-.AQ.-.-", "-.K.-.3", "-.-.-.2", "-.-.-.4"), Strain.NT, Seat.S,
                   (C("H2"), C("H5")))
# South on lead with the ♠A-K and a heart that loses: cash the spades, on every layout.
CASH = Position(hands("3.3.2.-", "-.AKQ.-.-", "AK.2.-.-", "-.-.3.32"), Strain.NT, Seat.S)
# South on lead, NT: every card takes nothing (West holds the aces).
NOTHING = Position(hands("3.3.-.-", "4.4.-.-", "2.2.-.-", "A.A.-.-"), Strain.NT, Seat.S)
# South on lead: the ♠A (a sure winner) and the ♥2 each give one trick.
SURE = Position(hands("-.3.-.4", "2.K.-.-", "A.2.-.-", "-.Q.-.5"), Strain.NT, Seat.S)
# South on lead: the ♥10 is worth a trick in the real layout, the ♠3 none; on some
# layouts they tie (a brute-force search found it).
TIE = Position(hands("T.A.-.-", "-.J.-.Q", "3.T.-.-", "K.-.-.9"), Strain.NT, Seat.S)


def asked_layouts(asked: Sequence[Sequence[Question]]) -> list[Position]:
    """The positions valued by CardValues questions, in the order asked."""
    return [q.position for qs in asked for q in qs if isinstance(q, CardValues)]


def exact_shares(k: Knowledge, side: Side) -> dict[Card, float]:
    """Each card's share of all the layouts consistent with ``k`` (two hidden hands)
    where it is the right choice, valued by brute force; where several tie, the layout
    goes to the best of them in the real layout, then to the lowest."""
    pos = k.position
    a, b = k.hidden
    unseen = list(cards(k.unseen))
    real = oracle_values(pos, side)
    credit: dict[Card, int] = {}
    total = 0
    for mine in combinations(unseen, count(pos.hands[a])):
        ha = sum(c.bit for c in mine)
        hb = k.unseen & ~ha
        if any((k.voids.get(s, 0) >> c.suit) & 1 for s, h in ((a, ha), (b, hb))
               for c in cards(h)):
            continue
        hs = list(pos.hands)
        hs[a], hs[b] = ha, hb
        v = oracle_values(Position((hs[0], hs[1], hs[2], hs[3]), pos.strain, pos.leader,
                                   pos.trick), side)
        top = max(v.values())
        right = [c for c in v if v[c] == top]
        best = max(real[c] for c in right)
        found = lowest([c for c in right if real[c] == best])
        credit[found] = credit.get(found, 0) + 1
        total += 1
    return {c: n / total for c, n in credit.items()}


# --- Forced and free decisions cost nothing ---------------------------------------------------


def test_a_single_legal_card_is_forced_and_solves_nothing() -> None:
    one = Position(hands("-.A.-.-", "-.Q.-.-", "-.2.-.-", "-.-.-.A"), Strain.NT, Seat.S)
    model = DecisionModel()
    d, asked = recorded(model.decide(Knowledge.at(one, Seat.S, {})))
    assert (d.card, d.how, d.layouts, d.options) == (C("H2"), "forced", 0, ((C("H2"), 1.0),))
    assert asked == [] and model.work.layouts == 0 and model.work.decisions == 0


def test_cards_equal_in_rank_are_forced_and_the_lowest_is_played() -> None:
    # South holds the ♥K and ♥J; the ♥Q has been played (it is in no hand): equal.
    pos = Position(hands("-.A3.-.-", "-.T9.-.-", "-.KJ.-.-", "-.87.-.-"), Strain.NT,
                   Seat.S)
    assert classes(pos.legal() & pos.hands[Seat.S], pos) == [(C("HK"), C("HJ"))]
    d, asked = recorded(DecisionModel().decide(Knowledge.at(pos, Seat.S, {})))
    assert (d.card, d.how, d.layouts, asked) == (C("HJ"), "forced", 0, [])
    assert d.equal == ((C("HK"), C("HJ")),) and d.chance(C("HK")) == 1.0
    # with the ♥Q still out (West holds it) the king and the jack are not equal
    live = Position(hands("-.A3.-.-", "-.T9.-.-", "-.KJ.-.-", "-.Q8.-.-"), Strain.NT,
                    Seat.S)
    assert classes(live.hands[Seat.S], live) == [(C("HK"),), (C("HJ"),)]


def test_a_choice_worth_the_same_in_the_real_layout_is_free() -> None:
    model = DecisionModel()
    d, asked = recorded(model.decide(Knowledge.at(NOTHING, Seat.S, {})))
    assert (d.how, d.layouts, d.options) == ("free", 0, ((C("S2"), 1.0),))
    assert dict(d.means) == {C("S2"): 0.0, C("H2"): 0.0}
    # one question: the real layout's card values, nothing sampled
    assert asked == [[CardValues(NOTHING, Side.NS)]]
    assert model.work.layouts == 0 and model.work.decisions == 0


# --- Remembered, reproducible ----------------------------------------------------------------


@pytest.mark.parametrize("pos", [FINESSE, CASH], ids=["close", "clear"])
def test_the_same_decision_asked_twice_is_answered_from_memory(pos: Position) -> None:
    model = DecisionModel(sampling=SMALL)
    k = Knowledge.at(pos, Seat.S, {})
    first, asked = recorded(model.decide(k))
    assert asked and first.how not in ("forced", "free")
    spent = (model.work.layouts, model.work.decisions)
    again, asked_again = recorded(model.decide(k))
    assert again == first
    assert asked_again == []  # no second question
    assert (model.work.layouts, model.work.decisions) == spent


def test_the_same_decision_sees_the_same_layouts_in_any_model() -> None:
    k = Knowledge.at(FINESSE, Seat.S, {})
    d1, asked1 = recorded(DecisionModel(sampling=SMALL).decide(k))
    # another model, which has decided something else first: the decision's layouts
    # come from its own stream, derived from the decision alone (no seed, no history)
    other = DecisionModel(sampling=SMALL)
    recorded(other.decide(Knowledge.at(TIE, Seat.S, {})))
    d2, asked2 = recorded(other.decide(k))
    assert asked1 == asked2 and d1 == d2
    assert len(asked_layouts(asked1)) == 1 + SMALL.cap  # the real layout, then the cap
    # another decision (what he has seen differs: East showed out of clubs), other layouts
    _, asked3 = recorded(DecisionModel(sampling=SMALL).decide(
        Knowledge.at(FINESSE, Seat.S, {Seat.E: 1 << Suit.C})))
    assert asked_layouts(asked3) != asked_layouts(asked1)


# --- Chances ---------------------------------------------------------------------------------


def test_the_chances_sum_to_one_and_the_most_likely_card_is_the_card() -> None:
    for pos in (FINESSE, CASH, TIE):
        d, _ = recorded(DecisionModel().decide(Knowledge.at(pos, Seat.S, {})))
        assert sum(p for _, p in d.options) == pytest.approx(1.0)
        assert d.card == max(d.options, key=lambda cp: cp[1])[0] == d.options[0][0]
        assert [p for _, p in d.options] == sorted((p for _, p in d.options), reverse=True)
        assert d.chance(d.card) == d.options[0][1]


def test_the_means_and_chances_are_those_of_the_layouts_solved() -> None:
    d, asked = recorded(DecisionModel().decide(Knowledge.at(FINESSE, Seat.S, {})))
    layouts = asked_layouts(asked)[1:]  # the first question is the real layout
    assert len(layouts) == d.layouts == DEFAULT_SAMPLING.cap
    values = [oracle_values(p, Side.NS) for p in layouts]
    means = {c: sum(v[c] for v in values) / len(values) for c in values[0]}
    assert dict(d.means) == pytest.approx(means)
    queen = sum(v[C("HQ")] > v[C("HA")] for v in values) / len(values)
    assert dict(d.options) == pytest.approx({C("HQ"): queen, C("HA"): 1 - queen})


def test_a_clear_winner_is_chosen_with_chance_one() -> None:
    d, _ = recorded(DecisionModel().decide(Knowledge.at(CASH, Seat.S, {})))
    assert (d.card, d.options, d.how) == (C("SK"), ((C("SK"), 1.0),), "clear")
    assert d.mean(C("SK")) == 2.0 and d.mean(C("H2")) == 0.0
    assert not d.branches


def test_a_finesse_guess_branches_with_chances_near_the_layouts_share() -> None:
    k = Knowledge.at(FINESSE, Seat.S, {})
    exact = exact_shares(k, Side.NS)
    assert exact == pytest.approx({C("HA"): 2 / 3, C("HQ"): 1 / 3})
    d, _ = recorded(DecisionModel().decide(k))
    assert d.how == "close" and d.branches and d.card == C("HA")
    # the chances converge on the layouts' shares as the layouts grow
    many, _ = recorded(DecisionModel(sampling=Sampling(8, 48, 480)).decide(k))
    assert many.chance(C("HA")) == pytest.approx(exact[C("HA")], abs=0.1)
    assert many.chance(C("HQ")) == pytest.approx(exact[C("HQ")], abs=0.1)
    assert d.chance(C("HA")) == pytest.approx(exact[C("HA")], abs=0.15)
    assert d.describe() == " / ".join(f"{c.pretty} {p:.0%}" for c, p in d.options)


def test_a_shown_out_defender_tells_declarer_where_the_king_is() -> None:
    # East showed out of hearts: the king is with West, the finesse is right everywhere.
    k = Knowledge.at(FINESSE, Seat.S, {Seat.E: 1 << Suit.H})
    assert exact_shares(k, Side.NS) == {C("HQ"): 1.0}
    d, _ = recorded(DecisionModel().decide(k))
    assert (d.card, d.options, d.how) == (C("HQ"), ((C("HQ"), 1.0),), "clear")
    assert d.means[0] == (C("HQ"), 2.0)


def test_a_layout_where_cards_tie_goes_to_the_card_best_in_the_real_layout() -> None:
    real = oracle_values(TIE, Side.NS)
    assert real == {C("HT"): 1, C("S3"): 0}
    k = Knowledge.at(TIE, Seat.S, {})
    # the ♥10 to dummy's ace wins the trick whatever the layout: a sure winner
    assert sure_winners(k, [C("HT"), C("S3")]) == C("HT").bit
    d, asked = recorded(DecisionModel(Sampling(first=48, cap=48)).decide(k, measured=True))
    values = [oracle_values(p, Side.NS) for p in asked_layouts(asked)[1:]]
    assert any(v[C("HT")] == v[C("S3")] for v in values)  # ties occurred
    assert all(v[C("HT")] >= v[C("S3")] for v in values)
    # the ties go to the ♥10 (not to the lower ♠3): chosen on every layout
    assert d.options == ((C("HT"), 1.0),)


# --- The tie rule ----------------------------------------------------------------------------


def test_on_lead_a_tie_goes_to_a_sure_winner_before_the_lowest_card() -> None:
    # Double dummy cannot tell cashing the ace from a low card it will guess right later
    # (strategy fusion): on a tie the player on lead cashes the winner first.
    assert oracle_values(SURE, Side.NS) == {C("SA"): 1, C("H2"): 1}
    k = Knowledge.at(SURE, Seat.S, {})
    legal = [C("SA"), C("H2")]
    assert sure_winners(k, legal) == C("SA").bit
    d, _ = recorded(DecisionModel().decide(k))
    assert (d.how, d.card) == ("free", C("SA"))
    # in a heart contract the ace of spades can be ruffed: no sure winner
    assert sure_winners(Knowledge.at(Position(SURE.hands, Strain.H, Seat.S), Seat.S, {}),
                        legal) == 0
    # following suit, nothing is a sure winner
    assert sure_winners(Knowledge.at(SURE.play(C("H2")), Seat.S, {}), [C("HQ")]) == 0


def test_without_a_sure_winner_a_tie_goes_to_the_lowest_card() -> None:
    assert lowest([C("HK"), C("H3"), C("S3")]) == C("S3")
    # NOTHING: the ♠2 and ♥2 tie (nothing either way): the lowest, spades first
    d, _ = recorded(DecisionModel().decide(Knowledge.at(NOTHING, Seat.S, {})))
    assert d.card == C("S2")
    # a free choice between a ♥3 and a ♠4: the ♥3, the lower rank
    pos = Position(hands("3.2.-.-", "5.5.-.-", "4.3.-.-", "A.A.-.-"), Strain.NT, Seat.S)
    d, _ = recorded(DecisionModel().decide(Knowledge.at(pos, Seat.S, {})))
    assert (d.how, d.card) == ("free", C("H3"))


# --- Adaptive sampling -----------------------------------------------------------------------


def test_sampling_stops_at_first_when_one_card_is_right_on_every_layout() -> None:
    model = DecisionModel(sampling=SMALL)
    d, asked = recorded(model.decide(Knowledge.at(CASH, Seat.S, {})))
    assert model.work.layouts == d.layouts == SMALL.first
    assert model.work.decisions == 1
    assert [len(a) for a in asked] == [1, SMALL.first]  # the real layout, then one batch


def test_sampling_goes_on_to_the_cap_when_the_choice_is_close() -> None:
    model = DecisionModel(sampling=SMALL)
    d, asked = recorded(model.decide(Knowledge.at(FINESSE, Seat.S, {})))
    assert model.work.layouts == d.layouts == d.budget == SMALL.cap
    assert [len(a) for a in asked] == [1, 4, 4, 4]  # first, then step at a time
    # asked cheaply (precision 0), the first layouts only
    cheap = DecisionModel(sampling=SMALL)
    c, _ = recorded(cheap.decide(Knowledge.at(FINESSE, Seat.S, {}), precision=0.0))
    assert cheap.work.layouts == c.layouts == SMALL.first
    # asked with twice the precision, twice the cap
    keen = DecisionModel(sampling=SMALL)
    k2, _ = recorded(keen.decide(Knowledge.at(FINESSE, Seat.S, {}), precision=2.0))
    assert keen.work.layouts == k2.layouts == 2 * SMALL.cap


def test_a_cheap_decision_is_measured_again_when_asked_precisely() -> None:
    model = DecisionModel(sampling=SMALL)
    k = Knowledge.at(FINESSE, Seat.S, {})
    cheap, _ = recorded(model.decide(k, precision=0.0))
    d, asked = recorded(model.decide(k))
    assert asked and d.layouts == SMALL.cap and cheap.layouts == SMALL.first
    # the same stream: the cheap decision's layouts are the first of the precise one's
    assert asked_layouts(asked)[:SMALL.first] == asked_layouts(recorded(
        DecisionModel(sampling=SMALL).decide(k, precision=0.0))[1])[1:]
    assert model.work.decisions == 1
    # and a precise decision serves a cheap question
    _, none = recorded(model.decide(k, precision=0.0))
    assert none == []


def test_a_clear_decision_is_not_sampled_again_for_more_precision() -> None:
    model = DecisionModel(sampling=SMALL)
    k = Knowledge.at(CASH, Seat.S, {})
    recorded(model.decide(k, precision=0.0))
    _, asked = recorded(model.decide(k, precision=2.0))
    assert asked == [] and model.work.layouts == SMALL.first


# --- Reading a decision ----------------------------------------------------------------------


def test_might_choose_accepts_a_card_equal_in_rank_to_the_chosen_one() -> None:
    d, _ = recorded(DecisionModel().decide(Knowledge.at(CASH, Seat.S, {})))
    assert d.card == C("SK") and d.speaker(C("SA")) == C("SK")
    assert d.chance(C("SA")) == d.chance(C("SK")) == 1.0
    assert d.might_choose(C("SA"), share=0.2) and d.might_choose(C("SK"), share=0.2)
    assert not d.might_choose(C("H2"), share=0.2)  # never right: not a choice


def test_might_choose_takes_a_card_from_the_share_on() -> None:
    d, _ = recorded(DecisionModel().decide(Knowledge.at(FINESSE, Seat.S, {})))
    q = d.chance(C("HQ"))
    assert 0 < q < 0.5
    assert d.might_choose(C("HQ"), share=q) and not d.might_choose(C("HQ"), share=q + 0.01)


# --- Driving the plans with a solver -------------------------------------------------------------


def test_decide_many_sends_the_layouts_of_several_decisions_together() -> None:
    ks = [Knowledge.at(FINESSE, Seat.S, {}), Knowledge.at(CASH, Seat.S, {})]
    alone = []
    for k in ks:
        v = OracleValuer()
        alone.append((decide(k, v, DecisionModel(sampling=SMALL)), v.calls))
    both = OracleValuer()
    got = decide_many(ks, both, DecisionModel(sampling=SMALL))
    assert got == [d for d, _ in alone]
    assert both.calls == max(calls for _, calls in alone)


def test_dds_and_the_brute_force_solver_decide_alike() -> None:
    from equity.dd import DdsSolver

    k = Knowledge.at(FINESSE, Seat.S, {})
    assert decide(k, DdsSolver(), DecisionModel()) == decide(
        k, OracleValuer(), DecisionModel())


def test_neither_way_of_a_guess_is_dominated_but_a_show_out_leaves_one() -> None:
    guess, _ = recorded(DecisionModel().decide(Knowledge.at(FINESSE, Seat.S, {})))
    assert guess.dominated == ()  # each way wins on some of his layouts
    shown, _ = recorded(DecisionModel(sampling=Sampling(8, 48, 48)).decide(
        Knowledge.at(FINESSE, Seat.S, {Seat.E: 1 << Suit.H}), measured=True))
    assert C("HA") in shown.dominated and C("HQ") not in shown.dominated


def test_a_decision_no_layout_fits_gets_no_class_probabilities_and_no_error() -> None:
    # the empty score a class's mixture once took max() of (issue 46's internal error)
    k = Knowledge.at(FINESSE, Seat.S, {})
    d = Decision(C("HQ"), ((C("HQ"), 1.0),), (), 0, "clear")
    groups = classes(k.position.legal(), k.position)
    assert DecisionModel(players=player_class("club"))._plays(k.position, groups, d) == ()


def test_a_card_beaten_on_some_layouts_is_dominated_but_beaten_only_on_every_one() -> None:
    # the footnote to Laws 70-71: worse on some layouts he could believe in is careless
    # play a class may make; worse on every one (one card better everywhere) is irrational
    from equity.core.player.decision import _beaten, _dominated

    a, b, c = C("SA"), C("HA"), C("DA")
    values = [{a: 2, b: 1, c: 1}, {a: 1, b: 1, c: 0}]
    assert set(_dominated([a, b, c], values)) == {b, c}
    assert _beaten([a, b, c], values) == (c,)
    shown, _ = recorded(DecisionModel(sampling=Sampling(8, 48, 48)).decide(
        Knowledge.at(FINESSE, Seat.S, {Seat.E: 1 << Suit.H}), measured=True))
    assert C("HA") in shown.beaten  # East showed out: the ace loses to the finesse everywhere


# --- Judgements compared without being made ---------------------------------------------------


def _random_endings(seed: int, n: int) -> Iterator[tuple[random.Random, Position, Knowledge]]:
    """``n`` random 3-card endings (seeded), each with South as declarer's knowledge."""
    rng = random.Random(seed)
    for _ in range(n):
        pos = random_ending(rng, 3)
        yield rng, pos, Knowledge.at(pos, Seat.S, {})


def test_one_key_is_one_judgement_so_knows_same_needs_no_layout() -> None:
    # The causation test skips its two judgements when knows_same says they are one
    # (issue 49): on random endings, the unseen cards dealt again between the hidden
    # hands give another real layout with the same key, and the same judgement; a suit
    # shown out of gives another key.
    compared = 0
    for rng, pos, k in _random_endings(49, 30):
        a, b = k.hidden
        pool = list(cards(pos.hands[a] | pos.hands[b]))
        rng.shuffle(pool)
        n = count(pos.hands[a])
        hs = list(pos.hands)
        hs[a], hs[b] = sum(c.bit for c in pool[:n]), sum(c.bit for c in pool[n:])
        other = Knowledge.at(Position((hs[0], hs[1], hs[2], hs[3]), pos.strain,
                                      pos.leader, pos.trick), Seat.S, {})
        model = DecisionModel(sampling=SMALL)
        assert model.knows_same(k, other)
        mine, _ = recorded(DecisionModel(sampling=SMALL).decide(k, judging=True))
        theirs, _ = recorded(DecisionModel(sampling=SMALL).decide(other, judging=True))
        assert mine == theirs
        compared += mine.how not in ("forced", "designated")
        void = next((s for s in Suit if not pos.hands[a] & sum(
            Card(s, r).bit for r in range(2, 15))), None)
        if void is not None:
            assert not model.knows_same(k, Knowledge.at(pos, Seat.S, {a: 1 << void}))
    assert compared >= 10  # most of them sampled judgements, not forced cards


# --- The favoured side's card: settled as soon as it is known ---------------------------------


def _full_choice(model: DecisionModel, k: Knowledge, precision: float = 1.0) -> Card:
    """The favoured player's card the long way: the full decision, then the best of its
    options in the real layout (the likeliest of equals)."""
    d, _ = recorded(model.decide(k, precision=precision))
    if not d.branches:
        return d.card
    real = oracle_values(k.position, k.position.to_play.side)
    best = max(real[c] for c, _ in d.options)
    return next(c for c, _ in d.options if real[c] == best)


def test_the_favoured_card_is_the_full_decisions_best_option_in_the_real_layout() -> None:
    # property (issue 49): on random endings the card favoured() settles early is the
    # one the full decision gives, never on more layouts; and a full decision asked for
    # after it is the one a fresh model makes at the budget the settled one had
    settled = 0
    for _, _, k in _random_endings(4949, 40):
        for precision in (0.0, 1.0):
            fresh = DecisionModel(sampling=SMALL)
            want = _full_choice(fresh, k, precision)
            model = DecisionModel(sampling=SMALL)
            card, _ = recorded(model.favoured(k, precision=precision))
            assert card == want
            assert model.work.layouts <= fresh.work.layouts
            settled += model.work.layouts < fresh.work.layouts
            # asked in full afterwards (a smaller budget, then the same): as if made in
            # full at first
            for later in (0.0, precision):
                full, _ = recorded(model.decide(k, precision=later))
                again = DecisionModel(sampling=SMALL)
                recorded(again.decide(k, precision=precision))
                expected, _ = recorded(again.decide(k, precision=later))
                assert full == expected
    assert settled >= 3  # some were settled before their budget was sampled


def test_a_favoured_finesse_is_settled_on_the_first_layout_that_shows_the_real_best_card(
        ) -> None:
    # FINESSE, the king with East: the ♥A is the one best card in the real layout; the
    # first layouts already show it best somewhere, so the rest are not solved
    k = Knowledge.at(FINESSE, Seat.S, {})
    model = DecisionModel(sampling=SMALL)
    card, _ = recorded(model.favoured(k))
    full = DecisionModel(sampling=SMALL)
    assert card == _full_choice(full, k) == C("HA")
    assert model.work.layouts == SMALL.first < full.work.layouts == SMALL.cap


# --- Lean decisions: the layouts' best cards alone where no mean is read -----------------------


def _lean_part(d: Decision) -> tuple[object, ...]:
    """What a lean caller (the outcome tree) reads of a decision."""
    return (d.card, d.options, d.how, d.inferences, d.plays, d.layouts, d.budget, d.equal)


def test_a_lean_decision_chooses_as_the_full_one_on_the_layouts_best_cards_alone() -> None:
    # property (issue 49): on random endings a decision in the play asked lean gives
    # the full decision's choices on the same layouts, each asked only for its best
    # cards (the real layout alone for every card's values); a full decision asked for
    # afterwards is the one a model that never asked lean makes (a lean decision is
    # never handed to a caller that reads means), and a lean one after a full one is it
    lean_made = 0
    for _, _, k in _random_endings(4951, 40):
        for precision in (0.0, 1.0):
            fresh = DecisionModel(sampling=SMALL)
            full, _ = recorded(fresh.decide(k, precision=precision))
            model = DecisionModel(sampling=SMALL)
            lean, asked = recorded(model.decide(k, precision=precision, lean=True))
            assert _lean_part(lean) == _lean_part(full)
            questions = [q for round_ in asked for q in round_]
            assert all(isinstance(q, BestCards) or q.position == k.position.free
                       for q in questions)
            if lean.layouts:
                lean_made += 1
                assert not lean.means and not lean.dominated and not lean.beaten
                assert sum(isinstance(q, BestCards) for q in questions) == lean.layouts
            for later in (0.0, precision):
                again, _ = recorded(model.decide(k, precision=later))
                assert again == recorded(fresh.decide(k, precision=later))[0]
                assert _lean_part(recorded(model.decide(k, precision=later, lean=True))[0]
                                  ) == _lean_part(again)
    assert lean_made >= 10  # most were sampled, not forced or free


def test_a_judgement_a_measured_decision_or_another_class_is_never_lean() -> None:
    # their means are read (the tie-break over his layouts, the causation test's
    # comparison, the player model's errors): every layout is valued in full
    for _, _, k in _random_endings(4952, 12):
        for plan in (DecisionModel(sampling=SMALL).decide(k, judging=True, lean=True),
                     DecisionModel(sampling=SMALL).decide(k, measured=True, lean=True),
                     DecisionModel(sampling=SMALL, players=player_class("club")).decide(
                         k, lean=True)):
            _, asked = recorded(plan)
            assert not any(isinstance(q, BestCards) for round_ in asked for q in round_)
