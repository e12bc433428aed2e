"""The facts a play record cannot show: their types, and the registry that declares each
once (every field of Facts held to its declaration)."""

from __future__ import annotations

import pytest

from equity.core.game.cards import Card, ModelError, Seat, Suit
from equity.core.game.facts import (
    FACTS,
    Attention,
    Fact,
    Facts,
    Requirement,
    fact,
)
from tests.builders import EVERY_FACT as SAMPLE


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


def test_the_sample_sets_every_field_so_each_fact_is_held_to_its_declaration() -> None:
    default = Facts()
    assert [name for name in Facts.__struct_fields__
            if getattr(SAMPLE, name) == getattr(default, name)] == []


def test_every_field_of_facts_is_filled_by_exactly_one_declared_fact() -> None:
    filled = [name for f in FACTS for name in f.fields]
    assert sorted(filled) == sorted(Facts.__struct_fields__)
    assert len(set(filled)) == len(filled)


def test_each_fact_has_its_own_tag_rows_key_and_options() -> None:
    for attr in ("tag", "key"):
        said = [getattr(f, attr) for f in FACTS if getattr(f, attr) is not None]
        assert len(said) == len(set(said)), attr
    options = [o for f in FACTS for o in f.options]
    assert len(options) == len(set(options))


def test_a_fact_absent_from_the_rows_or_the_options_must_say_why() -> None:
    with pytest.raises(ValueError, match="absent"):
        fact("new", "EquityNew", read=lambda t: {"new": t}, write=lambda f: None,
             options=("new",))
    quiet = fact("new", "EquityNew", read=lambda t: {"new": t}, write=lambda f: None,
                 absent="the Director says it in the report only")
    assert quiet.key is None and quiet.options == () and not quiet.form
    assert quiet.field == "new"
    with pytest.raises(ValueError, match="form"):
        fact("new", "EquityNew", read=lambda t: {"new": t}, write=lambda f: None, key="new",
             options=("new",), form=False)
    assert all(f.absent for f in FACTS if f.key is None or not f.options or not f.form)


@pytest.mark.parametrize("declared", FACTS, ids=lambda f: f.tag)
def test_each_fact_reads_back_what_it_writes_and_writes_nothing_by_default(declared: Fact
                                                                            ) -> None:
    text = declared.write(SAMPLE)
    assert text is not None and declared.write(Facts()) is None
    assert dict(declared.read(text)) == {name: getattr(SAMPLE, name)
                                         for name in declared.fields}
