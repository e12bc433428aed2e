"""The facts a play record cannot show, as our PBN tags and options give them."""

from __future__ import annotations

import pytest

from equity.core.game.board import Attention, Facts, PlayRecord, Requirement
from equity.core.game.cards import Card, ModelError, Seat, Suit


def test_requirements_read_lead_penalty_and_faced() -> None:
    reqs = Requirement.parse_list("1 W lead H; 3 E penalty SK; 6 S faced")
    assert reqs == (Requirement("lead", Seat.W, 1, suit=Suit.H),
                    Requirement("penalty", Seat.E, 3, card=Card.parse("SK")),
                    Requirement("faced", Seat.S, 6))
    assert [str(r) for r in reqs] == ["1 W lead H", "3 E penalty SK", "6 S faced"]


@pytest.mark.parametrize("bad", ["W lead H", "14 W lead H", "1 W lead", "1 W discard H"])
def test_a_requirement_that_does_not_parse_is_a_model_error(bad: str) -> None:
    with pytest.raises(ModelError):
        Requirement.parse(bad)


def test_attention_default_and_per_trick() -> None:
    default, per = Facts.parse_attention("end; 12=round")
    assert default == Attention.END and per == {12: Attention.ROUND}
    facts = Facts(attention=default, attention_by_trick=per)
    assert facts.attention_for(12) == Attention.ROUND and facts.attention_for(3) == Attention.END


def test_law_62d_before_the_hands_are_returned() -> None:
    assert Attention.END.before_hands_returned
    assert not Attention.RETURNED.before_hands_returned


def test_unknown_attention_is_a_model_error() -> None:
    with pytest.raises(ModelError, match="next-call"):
        Attention.parse("later")


def test_the_first_leader_is_the_seat_the_record_gives_north_included() -> None:
    trick = (None, None, None, None)
    given = PlayRecord(Seat.E, (trick, trick), (Seat.N, None))
    assert given.first_leader == Seat.N  # seat 0: not taken for "not given"
    assert (given.given_leader(1), given.given_leader(2), given.given_leader(3)) == (
        Seat.N, None, None)
    assert PlayRecord(Seat.E, (trick,), (None,)).first_leader == Seat.E
    assert PlayRecord(Seat.E, (), ()).first_leader == Seat.E
