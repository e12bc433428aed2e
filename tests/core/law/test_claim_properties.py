"""Properties of the Director's ruling on a claim over random deals, points of the play
and statements (Laws 68-71, equity.core.law.claims): every claim is ruled on or refused
with a BoardError naming the board and the tag (never another exception), claims before
the opening lead and defenders' claims among them; and the class the right way round:
an expert claimer is never awarded fewer tricks than a club claimer (his normal lines
are a subset of the club player's)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from msgspec import Struct

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_automatic
from equity.core.game import Board, BoardError, Card, Position, Seat, Strain, Suit, cards
from equity.formats import read_boards

SEATS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")
STRAIN = {"S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C, "NT": Strain.NT}


class ClaimCase(Struct, frozen=True):
    """A random deal played at random (legally) to a point, then claimed."""

    deal: str
    contract: str
    declarer: Seat
    rows: tuple[str, ...]
    claim: str
    status: str
    total: int
    won: int = 0
    """Declarer's tricks before the claim."""
    left: int = 13

    def pbn(self) -> str:
        play = "".join(f"{r}\n" for r in self.rows)
        return (f'[Board "7"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{self.deal}"]\n'
                f'[Declarer "{self.declarer.name}"]\n[Contract "{self.contract}"]\n'
                f'[Result "{self.total}"]\n[EquityClaim "{self.claim}"]\n'
                f'[EquityClaimStatus "{self.status}"]\n'
                f'[Play "{self.declarer.next.name}"]\n{play}*\n')


def _deal(rng: random.Random) -> tuple[list[list[Card]], str]:
    pack = [Card(s, r) for s in Suit for r in range(2, 15)]
    rng.shuffle(pack)
    hands = [sorted(pack[13 * i:13 * i + 13], key=lambda c: (-c.suit, -c.rank)) for i in range(4)]

    def text(hand: list[Card]) -> str:
        return ".".join("".join("23456789TJQKA"[c.rank - 2] for c in sorted(
            (c for c in hand if c.suit == s), key=lambda c: -c.rank))
            for s in (Suit.S, Suit.H, Suit.D, Suit.C))

    return hands, "N:" + " ".join(text(h) for h in hands)


@st.composite
def claim_cases(draw: st.DrawFn) -> ClaimCase:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands, deal = _deal(rng)
    declarer = Seat.parse(draw(st.sampled_from(SEATS)))
    strain = draw(st.sampled_from(STRAINS))
    left = draw(st.sampled_from((13, 1, 2, 3, 4, 5, 3, 2)))  # before the lead now and then
    extra = draw(st.integers(0, 3)) if left < 13 else 0
    bits = [sum(c.bit for c in h) for h in hands]
    pos = Position((bits[0], bits[1], bits[2], bits[3]), STRAIN[strain], declarer.next)
    rows: list[str] = []
    row: list[str] = ["-"] * 4
    won = 0
    for i in range((13 - left) * 4 + extra):
        card = rng.choice(list(cards(pos.legal())))
        # a PBN play row lists the cards by seat from the opening leader, not in play order
        row[(pos.to_play - declarer.next) % 4] = str(card)
        pos = pos.play(card)
        if i % 4 == 3:
            won += pos.leader.side == declarer.side
            rows.append(" ".join(row))
            row = ["-"] * 4
    if any(c != "-" for c in row):
        rows.append(" ".join(row))
    dummy = declarer.partner
    claimer = draw(st.sampled_from([s for s in Seat if s != dummy]) | st.just(dummy))
    mine = [c for s in (claimer, claimer.partner) for c in cards(pos.hands[s])]
    anything = [Card(s, r) for s in Suit for r in range(2, 15)]
    card = st.sampled_from(mine or anything) | st.sampled_from(anything)
    step = st.one_of(
        st.lists(card, min_size=1, max_size=3, unique=True).map(
            lambda cs: " ".join(str(c) for c in cs)),
        st.sampled_from(("trumps", "crossruff", "winners")),
        st.tuples(st.sampled_from("SHDC"), st.sampled_from(("", " N", " E", " S", " W"))).map(
            lambda t: f"ruff {t[0]}{t[1]}"),
        st.integers(0, 14).map(lambda n: f"concede {n}") | st.just("concede " + "9" * 5000),
        card.map(lambda c: f"finesse {c}"),
        st.just("squeeze"),
    )
    condition = st.one_of(  # a line for one layout, or on his reading of the hands
        st.tuples(st.sampled_from("SHDC"), st.integers(0, 9), st.integers(0, 9)).map(
            lambda t: f"if {t[0]} {t[1]}-{t[2]}"),
        st.tuples(st.sampled_from(("if", "provided")), st.sampled_from("NESW"),
                  st.integers(0, 13), st.sampled_from(("", "+")), st.sampled_from("SHDC")).map(
            lambda t: f"{t[0]} {t[1]} has {t[2]}{t[3]} {t[4]}"),
    )
    step = step | st.tuples(condition, step).map(lambda t: f"{t[0]}: {t[1]}")
    steps = draw(st.just([]) | st.lists(step, max_size=3))
    statement = f"{claimer.name}:" + ("" if not steps else " " + "; ".join(steps))
    total = draw(st.integers(won, won + left) | st.integers(0, 13))
    return ClaimCase(deal, f"{draw(st.integers(1, 7))}{strain}", declarer, tuple(rows),
                     statement, draw(st.sampled_from(("agreed", "disputed"))), total, won,
                     left)


def _rule(case: ClaimCase, tmp: Path, players: str = "club") -> int | None:
    """Declarer's total the Director awards (None: the claim needed no ruling)."""
    path = tmp / "claim.pbn"
    path.write_text(case.pbn(), encoding="utf-8")
    found = list(read_boards(path))
    assert len(found) == 1
    board = found[0]
    if isinstance(board, BoardError):
        raise board
    assert isinstance(board, Board)
    ruled = rule_automatic(board, RulingOptions(samples=8, players=players))
    return ruled.claim.awarded if ruled.claim is not None else None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])
@given(case=claim_cases())
def test_every_claim_is_ruled_or_refused_with_an_error_naming_the_board_and_tag(
        case: ClaimCase, tmp_path: Path) -> None:
    event("before the opening lead" if not case.rows else "during the play")
    try:
        _rule(case, tmp_path)
        event("ruled")
    except BoardError as e:
        event("refused")
        said = str(e)
        assert "board 7" in said.lower() or e.label, said
        assert "Traceback" not in said and "internal error" not in said
        assert len(said) < 2000  # a 5,000-digit number is named, not echoed


@st.composite
def contested_claims(draw: st.DrawFn) -> ClaimCase:
    case = draw(claim_cases())
    assume(case.left <= 5)  # two classes ruled each time: a short ending
    assume(case.claim[0] != case.declarer.partner.name)
    return ClaimCase(case.deal, case.contract, case.declarer, case.rows,
                     f"{case.claim[0]}:", "disputed",
                     case.won + draw(st.integers(0, case.left)), case.won, case.left)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])
@given(case=contested_claims())
def test_an_expert_claimer_is_never_awarded_fewer_tricks_than_a_club_claimer(
        case: ClaimCase, tmp_path: Path) -> None:
    club = _rule(case, tmp_path, "club")
    expert = _rule(case, tmp_path, "expert")
    assert club is not None and expert is not None
    declarer_claims = Seat.parse(case.claim[0]).side == case.declarer.side
    assert (expert >= club) if declarer_claims else (expert <= club)
