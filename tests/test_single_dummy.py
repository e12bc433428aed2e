"""The single-dummy player: it chooses a card of maximal mean tricks over the layouts it
sampled (checked against a brute-force double-dummy solver on small endings), is
reproducible with a seed, uses what the player knows, and plays the lowest of equals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from equity.core.single_dummy import decide, sure_winners

from equity.core.cards import Card, Seat, Side, Strain, Suit, parse_hand
from equity.core.knowledge import Knowledge, sample_layouts
from equity.core.position import Position
from equity.dd.single_dummy import choose, lowest
from tests.oracle_dd import oracle_card_values

C = Card.parse


class OracleValuer:
    """Card values from the brute-force solver (tests/oracle_dd.py); counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def card_values(self, positions: Sequence[Position], side: Side) -> list[dict[Card, int]]:
        self.calls += 1
        return [oracle_card_values(p.hands, p.strain, p.leader, p.trick, side)
                for p in positions]


def hands(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return (parse_hand(n), parse_hand(e), parse_hand(s), parse_hand(w))


# South declares NT with the lead: a two-way guess for the heart queen, and a club loser.
GUESS = Position(hands("-.AJ3.-.4", "-.Q98.-.3", "-.KT2.-.2", "-.-.765.A"), Strain.NT,
                 Seat.S)


def test_the_choice_has_the_best_mean_over_the_sampled_layouts() -> None:
    k = Knowledge.at(GUESS, Seat.S, {})
    choice = choose(k, OracleValuer(), random.Random(11), samples=16)
    layouts = sample_layouts(k, random.Random(11), 16)
    values = [oracle_card_values(p.hands, p.strain, p.leader, p.trick, Side.NS)
              for p in layouts]
    means = {c: sum(v[c] for v in values) / len(values) for c in values[0]}
    assert means[choice.card] == max(means.values())
    assert dict(choice.means) == pytest.approx(means)
    assert choice.samples == 16


def test_the_samples_of_one_decision_go_to_the_solver_in_one_batch() -> None:
    valuer = OracleValuer()
    choose(Knowledge.at(GUESS, Seat.S, {}), valuer, random.Random(1), samples=12)
    assert valuer.calls == 1


def test_the_choice_is_reproducible_with_a_seed() -> None:
    k = Knowledge.at(GUESS, Seat.S, {})
    assert choose(k, OracleValuer(), random.Random(5), 10) == \
        choose(k, OracleValuer(), random.Random(5), 10)


def test_a_shown_out_defender_tells_declarer_where_the_king_is() -> None:
    """South led a heart and West followed low; dummy holds the ace-queen. Had East shown
    out of hearts, the king is with West and the finesse takes both tricks in every
    layout; without that knowledge the king is twice as likely to be with East (two
    unseen cards to one), where the finesse loses both tricks and the ace drops the
    singleton king: the ace is right (2 tricks 2/3 of the time, 1 otherwise)."""
    finesse = Position(hands("-.AQ.-.-", "-.K.-.3", "-.-.-.2", "-.-.-.4"), Strain.NT,
                       Seat.S, (C("H2"), C("H5")))
    knows = choose(Knowledge.at(finesse, Seat.S, {Seat.E: 1 << Suit.H}), OracleValuer(),
                   random.Random(2), samples=8)
    guesses = choose(Knowledge.at(finesse, Seat.S, {}), OracleValuer(), random.Random(2),
                     samples=60)
    assert knows.card == C("HQ") and knows.means[0] == (C("HQ"), 2.0)
    means = dict(guesses.means)
    assert guesses.card == C("HA")
    assert means[C("HA")] == pytest.approx(5 / 3, abs=0.15)
    assert means[C("HQ")] == pytest.approx(2 / 3, abs=0.15)


def test_a_forced_card_needs_no_sampling() -> None:
    one = Position(hands("-.A.-.-", "-.Q.-.-", "-.2.-.-", "-.-.-.A"), Strain.NT, Seat.S)
    valuer = OracleValuer()
    choice = choose(Knowledge.at(one, Seat.S, {}), valuer, random.Random(1))
    assert (choice.card, choice.samples, valuer.calls) == (C("H2"), 0, 0)


def test_ties_go_to_the_lowest_card() -> None:
    assert lowest([C("HK"), C("H3"), C("S3")]) == C("S3")
    # Equal small hearts score alike in every layout: the lowest is played.
    low = Position(hands("-.A.-.2", "-.Q.-.3", "-.5432.-.-", "-.K.-.4"), Strain.NT, Seat.N)
    low = low.play(C("C2")).play(C("C3"))  # South, out of clubs, must choose a discard
    choice = choose(Knowledge.at(low, Seat.S, {}), OracleValuer(), random.Random(1), 6)
    assert choice.card == C("H2")


def test_dds_and_the_brute_force_solver_choose_alike() -> None:
    from equity.dd import DdsSolver

    k = Knowledge.at(GUESS, Seat.S, {})
    assert choose(k, DdsSolver(), random.Random(9), 20) == choose(k, OracleValuer(),
                                                            random.Random(9), 20)


def test_on_lead_a_tie_goes_to_a_sure_winner_before_the_lowest_card() -> None:
    # Double dummy cannot tell cashing the ace from a low card it will guess right later
    # (strategy fusion): on a tie the player on lead cashes the winner first.
    lead = Position(hands("-.3.-.4", "2.K.-.-", "A.2.-.-", "-.Q.-.5"), Strain.NT, Seat.S)
    k = Knowledge.at(lead, Seat.N, {})
    legal = [C("SA"), C("H2")]
    assert sure_winners(k, legal) == C("SA").bit
    tie = [{C("SA"): 1, C("H2"): 1}]
    assert decide(legal, tie).card == C("H2")
    assert decide(legal, tie, sure_winners(k, legal)).card == C("SA")
    # in a heart contract the ace of spades can be ruffed: no sure winner
    suit = Position(lead.hands, Strain.H, Seat.S)
    assert sure_winners(Knowledge.at(suit, Seat.N, {}), legal) == 0
    # following suit, nothing is a sure winner: the lowest of equals is played
    assert sure_winners(Knowledge.at(lead.play(C("H2")), Seat.N, {}), [C("H3")]) == 0
