"""The inference that decides a choice (equity.core.player.inference): a card whose place
turns the choice and which the auction moved is named with the call that moved it; a
card whose place does not turn it, or no auction, names nothing."""

from __future__ import annotations

from msgspec.structs import replace

from equity.core.game.calls import Auction
from equity.core.game.cards import Card, Deal, Seat, Strain, parse_hand
from equity.core.game.position import Position
from equity.core.player.decision import DecisionModel, Sampling
from equity.core.player.inference import MOVED, Inference, inferences, reasons
from equity.core.player.knowledge import Knowledge
from equity.core.player.outcome_tree import Branch
from equity.core.reading.auction import Bidding, read
from equity.core.reading.table import Table
from equity.render.forecast import _decision
from equity.render.jsonout import inference_json
from tests.oracle_sd import recorded

C = Card.parse

# Trick 11 of 3NT by South. West opened 1NT (15-17) and has shown 11 points in the
# cards he played (♠AK, ♥J, ♦K; the ♥4 to this trick). South led the ♥2 towards dummy's
# ♥AQ: the ♥Q wins when West holds the ♥K, the ♥A when East holds it (singleton: every
# other heart is gone). The unseen cards are ♥K ♠Q ♦Q ♣J ♣T, two of them West's: blind,
# he holds the ♥K two times in five; with the four points his 1NT still needs, three
# times in four (K-Q, K-Q, K-J, Q-Q).
DEAL = Deal.parse_pbn("N:JT5.AQT9.AJT.AK4 9876.K.9876.JT98 43.87652.54.Q765 "
                      "AKQ2.J43.KQ32.32")
ENDING = Position((parse_hand("-.AQ.-.4"), parse_hand("-.K.-.JT"), parse_hand("-.-.4.5"),
                   parse_hand("Q.-.Q.-")), Strain.NT, Seat.S, (C("H2"), C("H4")))
BIDDING = Bidding.check(read(Auction.of(Seat.W, ["1N", "P", "P", "3N", "P", "P", "P"])),
                        DEAL)
SAMPLING = Sampling(first=16, step=16, cap=48)


def knowledge(bidding: Bidding | None = BIDDING) -> Knowledge:
    return replace(Knowledge.at(ENDING, Seat.S, {}),
                   table=Table(bidding) if bidding is not None else None)


def layout(west: str, east: str) -> Position:
    """ENDING with the unseen cards dealt ``west`` / ``east``."""
    h = ENDING.hands
    return Position((h[0], parse_hand(east), h[2], parse_hand(west)), ENDING.strain,
                    ENDING.leader, ENDING.trick)


# The four deals the 1NT allows, each once.
WITHIN = [layout("Q.K.-.-", "-.-.Q.JT"), layout("-.K.Q.-", "Q.-.-.JT"),
          layout("-.K.-.J", "Q.-.Q.T"), layout("Q.-.Q.-", "-.K.-.JT")]


def test_the_auction_reads_as_the_example_says() -> None:
    assert BIDDING.loosened == ()
    k = knowledge()
    assert k.hidden == (Seat.E, Seat.W) and k.viewer == Seat.S
    assert reasons(k, Seat.W) == ["West's 1NT (1NT opening, 15-17 HCP, ♠ 2-5, ♥ 2-5, "
                                  "♦ 2-5, ♣ 2-5)"]
    assert reasons(knowledge(None), Seat.W) == []


def test_an_opening_that_places_a_king_is_named() -> None:
    decision, _ = recorded(DecisionModel(sampling=SAMPLING, table=Table(BIDDING))
                           .decide(knowledge(None)))
    assert decision.card == C("HQ") and decision.branches
    (i,) = decision.inferences
    assert (i.card, i.seat, i.viewer, i.declarer) == (C("HK"), Seat.W, Seat.S, True)
    assert i.share > 0.6 and 0.3 < i.share_unread < 0.5 and i.moved >= MOVED
    assert i.describe().startswith(
        f"declarer places the ♥K with West ({i.share:.0%} of his layouts, "
        f"{i.share_unread:.0%} without the auction): West's 1NT (1NT opening, 15-17 HCP")


def test_no_auction_names_nothing() -> None:
    decision, _ = recorded(DecisionModel(sampling=SAMPLING).decide(knowledge(None)))
    assert decision.branches and decision.card == C("HA")  # blind: East 3 in 5
    assert decision.inferences == ()
    rights = [C("HQ") if p.hands[Seat.W] & C("HK").bit else C("HA") for p in WITHIN]
    assert inferences(knowledge(None), WITHIN, rights, "k") == ()


def test_the_card_whose_place_turns_the_choice_is_named_with_both_shares() -> None:
    rights = [C("HQ") if p.hands[Seat.W] & C("HK").bit else C("HA") for p in WITHIN]
    (i,) = inferences(knowledge(), WITHIN, rights, "k")
    assert (i.card, i.seat, i.share) == (C("HK"), Seat.W, 0.75)
    assert 0.3 < i.share_unread < 0.5  # two cards of five, counted on 200 draws
    assert inferences(knowledge(), WITHIN, rights, "k") == (i,)  # the same draw


def test_a_card_whose_placement_does_not_change_the_choice_is_not_named() -> None:
    # the ♥K moved from 40% to 75%, but the ♥A is most often right wherever it lies
    rights = [C("HQ"), C("HA"), C("HA"), C("HA")]
    assert inferences(knowledge(), WITHIN, rights, "k") == ()


def test_a_card_the_reading_barely_moved_is_not_named() -> None:
    # the ♠Q's place turns the choice (the ♥K's does not: the ♥A is right as often as
    # the ♥Q when East holds it), but these layouts place it as the cards alone do
    layouts = [*WITHIN, layout("-.-.Q.J", "Q.K.-.T")]
    rights = [C("HQ") if p.hands[Seat.W] & C("SQ").bit else C("HA") for p in layouts]
    assert inferences(knowledge(), layouts, rights, "k") == ()
    by_king = [C("HQ") if p.hands[Seat.W] & C("HK").bit else C("HA") for p in layouts]
    assert inferences(knowledge(), layouts, by_king, "k")  # the ♥K's, moved to 3 in 5


INFERENCE = Inference(C("SK"), Seat.W, 0.85, 0.5, "West's 1NT (1NT opening, 15-17 HCP)",
                      Seat.S, True)


def test_a_branch_point_says_the_inference_that_decides_it() -> None:
    b = Branch(7, Seat.S, ((C("SQ"), 0.55), (C("SA"), 0.45)), C("SQ"), 0, (INFERENCE,))
    assert b.describe() == ("South, trick 7: ♠Q 55% / ♠A 45% — declarer places the ♠K "
                            "with West (85% of his layouts, 50% without the auction): "
                            "West's 1NT (1NT opening, 15-17 HCP)")
    assert replace(b, inferences=()).describe() == \
        "South, trick 7: ♠Q 55% / ♠A 45%"


def test_the_json_of_a_decision_lists_its_inferences() -> None:
    b = Branch(7, Seat.S, ((C("SQ"), 0.55), (C("SA"), 0.45)), C("SQ"), 0, (INFERENCE,))
    assert _decision(b)["inferences"] == [inference_json(INFERENCE)] == [{
        "viewer": "S", "card": "SK", "seat": "W", "share": 0.85, "share_unread": 0.5,
        "text": INFERENCE.describe()}]
    assert inference_json(INFERENCE, 7)["trick"] == 7
