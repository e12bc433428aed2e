"""The outcome tree (equity.core.player.outcome_tree): every card legal and played once, voids
learned from the play, branches at a guess with the decision's chances, leaves whose
probabilities sum to 1, results merged most tricks first, top tricks taken as double
dummy would, an unlikely branch finished double dummy."""

from __future__ import annotations

import pytest

from equity.core.game.cards import Card, Seat, Side, Strain, Suit, parse_hand
from equity.core.game.position import Position
from equity.core.game.replay import Play
from equity.core.player import outcome_tree
from equity.core.player.decision import DecisionModel, Sampling
from equity.core.player.knowledge import Knowledge
from equity.core.player.outcome_tree import Branch, Leaf, Outcome, Run, grow, merged
from tests.oracle_dd import oracle_tricks
from tests.oracle_sd import recorded

C = Card.parse
SMALL = Sampling(first=4, step=4, cap=12)


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


ENDING = Position(hands("AK.32.-.-", "QJ.54.-.-", "T9.AK.-.-", "87.QJ.-.-"), Strain.NT, Seat.S)
# Trick 12: South led the ♥2, West played the ♥5; dummy's ♥A-Q, East holds the king.
# The ♥A is right when East holds the king (two layouts of three), the ♥Q when West does.
FINESSE = Position(hands("-.AQ.-.-", "-.K.-.3", "-.-.-.2", "-.-.-.4"), Strain.NT, Seat.S,
                   (C("H2"), C("H5")))


def finesse_run() -> Run:
    """The finesse at trick 12, North-South having won 6 tricks and East-West 5."""
    r = Run(FINESSE, {}, 12)
    r.won = {Side.NS: 6, Side.EW: 5}
    return r


def leaves_of(run: Run, model: DecisionModel | None = None) -> list[Leaf]:
    leaves, _ = recorded(grow(run, Seat.S, model or DecisionModel(sampling=SMALL)))
    return leaves


def test_every_card_is_legal_and_played_once_and_the_tricks_add_up() -> None:
    r = Run(ENDING, {}, 10)
    r.won = {Side.NS: 5, Side.EW: 4}
    (leaf,) = leaves_of(r)
    assert len(leaf.plays) == 16 and len({x.card for x in leaf.plays}) == 16
    assert leaf.won[Side.NS] + leaf.won[Side.EW] == 13
    assert [x.trick for x in leaf.plays] == [10] * 4 + [11] * 4 + [12] * 4 + [13] * 4
    pos = ENDING
    for x in leaf.plays:
        assert x.seat == pos.to_play and pos.legal() & x.card.bit
        assert x.suit_led == pos.suit_led
        pos = pos.play(x.card)
    assert leaf.probability == 1.0 and leaf.branches == ()


def test_a_player_who_shows_out_is_known_void_from_then_on() -> None:
    start = Position(hands("A2.-.-.-", "K.3.-.-", "Q.4.-.-", "-.5.-.2"), Strain.NT, Seat.N)
    r = Run(start, {}, 12)
    for card in ("SA", "SK", "SQ"):
        r.play(C(card))
        assert r.voids == {}
    r.play(C("C2"))  # West discards on the spade lead
    assert r.voids == {Seat.W: 1 << Suit.S}
    assert r.won == {Side.NS: 1, Side.EW: 0} and r.trick_no == 13
    # the voids reach the decision: from here declarer knows West has no spade
    assert Knowledge.at(r.pos, Seat.S, r.voids).voids == {Seat.W: 1 << Suit.S}


def test_top_tricks_are_taken_by_the_tree_as_double_dummy() -> None:
    best = oracle_tricks(ENDING.hands, Strain.NT, Seat.S, (), Side.NS)
    leaves = leaves_of(Run(ENDING, {}, 10), DecisionModel(SMALL))
    assert [leaf.won[Side.NS] for leaf in leaves] == [best]


def test_a_guess_branches_with_the_decisions_chances_and_the_leaves_sum_to_one() -> None:
    model = DecisionModel(sampling=SMALL)
    decision, _ = recorded(model.decide(Knowledge.at(FINESSE, Seat.S, {})))
    assert decision.how == "close"
    leaves = leaves_of(finesse_run(), model)
    assert sum(leaf.probability for leaf in leaves) == pytest.approx(1.0)
    by_card = {leaf.plays[0].card: leaf for leaf in leaves}
    assert set(by_card) == {C("HA"), C("HQ")}
    for card, chance in decision.options:
        leaf = by_card[card]
        assert leaf.probability == pytest.approx(chance)
        assert len(leaf.plays) == 6  # grown card by card to the end
        (branch,) = leaf.branches
        assert (branch.trick, branch.seat, branch.taken) == (12, Seat.N, card)
        assert branch.options == decision.options
    # the ace drops East's singleton king (both tricks); the queen loses both
    assert by_card[C("HA")].won == {Side.NS: 8, Side.EW: 5}
    assert by_card[C("HQ")].won == {Side.NS: 6, Side.EW: 7}
    # North is dummy: declarer's choice from dummy is named as dummy's (issue 42, 12)
    assert by_card[C("HQ")].branches[0].describe() == "Dummy (North), trick 12: " + \
        " / ".join(f"{c.pretty} {p:.0%}" for c, p in decision.options)


def test_the_tree_asks_nothing_twice_of_the_same_model() -> None:
    model = DecisionModel(sampling=SMALL)
    first, asked = recorded(grow(finesse_run(), Seat.S, model))
    assert asked
    again, asked_again = recorded(grow(finesse_run(), Seat.S, model))
    assert again == first and asked_again == []


def test_the_first_card_is_restricted_to_the_allowed_cards() -> None:
    leaves, _ = recorded(grow(finesse_run(), Seat.S, DecisionModel(sampling=SMALL),
                              allowed=C("HQ").bit))
    assert [leaf.plays[0].card for leaf in leaves] == [C("HQ")]
    assert [leaf.probability for leaf in leaves] == [1.0]


def test_a_branch_below_the_floor_is_finished_double_dummy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # with the floor above the finesse's chance (a third: enough layouts to tell), the
    # queen's branch stops at its card
    model = DecisionModel(sampling=Sampling(8, 24, 96))
    decision, _ = recorded(model.decide(Knowledge.at(FINESSE, Seat.S, {})))
    q = decision.chance(C("HQ"))
    assert 0 < q < 0.5
    monkeypatch.setattr(outcome_tree, "FLOOR", 0.5)
    leaves = leaves_of(finesse_run(), model)
    assert sum(leaf.probability for leaf in leaves) == pytest.approx(1.0)
    by_card = {leaf.plays[0].card: leaf for leaf in leaves}
    finished, grown = by_card[C("HQ")], by_card[C("HA")]
    assert [p.card for p in finished.plays] == [C("HQ")]  # stopped at once
    after = FINESSE.play(C("HQ"))
    dd = oracle_tricks(after.hands, after.strain, after.leader, after.trick, Side.NS)
    assert finished.won[Side.NS] == 6 + dd
    assert finished.won[Side.NS] + finished.won[Side.EW] == 13
    assert finished.probability == pytest.approx(q)
    assert len(grown.plays) == 6  # the likely branch is still played card by card


def test_merged_groups_leaves_by_result_most_tricks_first() -> None:
    def leaf(card: str, ns: int, p: float) -> Leaf:
        return Leaf((Play(12, Seat.N, C(card), Suit.H),), {Side.NS: ns, Side.EW: 13 - ns},
                    p, (Branch(12, Seat.N, ((C(card), p),), C(card)),))

    leaves = [leaf("H2", 8, 0.1), leaf("HQ", 9, 0.2), leaf("HA", 8, 0.3), leaf("HK", 7, 0.2),
              leaf("H3", 9, 0.1)]
    out = merged(leaves, Side.NS)
    assert [o.tricks for o in out] == [9, 8, 7]
    assert [o.probability for o in out] == pytest.approx([0.3 / 0.9, 0.4 / 0.9, 0.2 / 0.9])
    # each result speaks through its most probable leaf
    assert [o.plays[0].card for o in out] == [C("HQ"), C("HA"), C("HK")]
    assert out[1].branches == leaves[2].branches
    # the defenders' view: their tricks, most first
    assert [o.tricks for o in merged(leaves, Side.EW)] == [6, 5, 4]


def test_merged_tree_outcomes_sum_to_one() -> None:
    out = merged(leaves_of(finesse_run()), Side.NS)
    assert [o.tricks for o in out] == [8, 6]
    assert sum(o.probability for o in out) == pytest.approx(1.0)
    assert all(isinstance(o, Outcome) and o.plays for o in out)
