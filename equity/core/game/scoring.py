"""Scores: duplicate contract scores, weighted scores (Law 12C1(c)), matchpoints and IMPs.

Contract scores are Law 77's table (checked in the tests against a table of known scores
and against endplay's ``Contract.score`` on every contract and result). Everything here
is seen from North-South: a positive number is good for North-South. Matchpoints and
IMPs of a weighted score are the weighted sum of each component's matchpoints or IMPs,
never the matchpoints of the weighted points
(Law 12C1(c): "each component is scored, then weighted").
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from functools import lru_cache

from msgspec import Struct

from equity.core.game.cards import Contract, Side, Strain, Vulnerability

# WBF IMP scale: the upper bound of each band of point differences, 0 IMPs to 23 IMPs;
# a difference above the last bound is worth 24.
IMP_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090,
              1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)


@lru_cache(maxsize=4096)
def score_ns(contract: Contract, tricks: int, vul: Vulnerability) -> int:
    """North-South's duplicate score when declarer takes ``tricks`` tricks (Law 77)."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks out of range: {tricks}")
    points = declarer_score(contract, tricks, vul.is_vulnerable(contract.declarer.side))
    return points if contract.declarer.side == Side.NS else -points


def declarer_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's side's duplicate score (Law 77's table): trick score, overtricks,
    game or part-score, slam and insult bonuses; or the undertrick penalty."""
    level, doubled = contract.level, contract.doubled
    over = tricks - level - 6
    if over < 0:
        down = -over
        if doubled == 0:
            return -(100 if vulnerable else 50) * down
        # doubled: 100/200/200/300... not vulnerable, 200/300/300... vulnerable
        if vulnerable:
            penalty = 200 + 300 * (down - 1)
        else:
            penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -penalty * doubled
    per_trick = 20 if contract.strain in (Strain.C, Strain.D) else 30
    first = 40 if contract.strain == Strain.NT else per_trick
    factor = (1, 2, 4)[doubled]
    trick_score = (first + per_trick * (level - 1)) * factor
    score = trick_score
    score += (300 if not vulnerable else 500) if trick_score >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    if doubled:
        score += 50 * doubled
        score += over * (200 if vulnerable else 100) * doubled
    else:
        score += over * per_trick
    return score


def imps(difference: float) -> int:
    """IMPs for a point difference on the WBF scale (sign kept)."""
    n = bisect.bisect_left(IMP_BOUNDS, abs(difference))
    return n if difference >= 0 else -n


def matchpoints(score: float, field: Sequence[int]) -> float:
    """Matchpoints of a North-South score against the other tables' N-S scores:
    2 for each score beaten, 1 for each tie."""
    return float(sum(2 if score > s else 1 if score == s else 0 for s in field))


def datum(field: Sequence[int]) -> int:
    """The IMP datum of a field: the mean N-S score after dropping the top and the bottom
    score (when there are at least five), rounded to the nearest 10."""
    scores = sorted(field)
    if not scores:
        raise ValueError("a datum needs at least one score")
    if len(scores) >= 5:
        scores = scores[1:-1]
    mean = sum(scores) / len(scores)
    return round(mean / 10.0) * 10


def result_text(contract: Contract, tricks: int) -> str:
    """The result as a scorer writes it: "4S by S =", "4S by S -1", "3NT by E +1"."""
    d = tricks - contract.level - 6
    return f"{contract} by {contract.declarer.name} " + ("=" if d == 0 else f"{d:+d}")


class Component(Struct, frozen=True):
    """One component of a (possibly weighted) score."""

    tricks: int
    weight: float
    score_ns: int


class WeightedScore(Struct, frozen=True):
    """A score assigned as several results with weights summing to 1 (Law 12C1(c))."""

    contract: Contract
    vulnerability: Vulnerability
    components: tuple[Component, ...]

    @classmethod
    def of(cls, contract: Contract, vul: Vulnerability,
           weighted_tricks: Sequence[tuple[int, float]]) -> WeightedScore:
        """Merge results with the same number of tricks; weights are normalised to 1."""
        total = sum(w for _, w in weighted_tricks)
        if total <= 0:
            raise ValueError("weights must add up to more than 0")
        merged: dict[int, float] = {}
        for tricks, w in weighted_tricks:
            merged[tricks] = merged.get(tricks, 0.0) + w / total
        comps = tuple(Component(t, w, score_ns(contract, t, vul))
                      for t, w in sorted(merged.items(), key=lambda kv: -kv[1]) if w > 0)
        return cls(contract, vul, comps)

    @classmethod
    def single(cls, contract: Contract, vul: Vulnerability, tricks: int) -> WeightedScore:
        return cls.of(contract, vul, [(tricks, 1.0)])

    @property
    def is_weighted(self) -> bool:
        return len(self.components) > 1

    @property
    def expected_ns(self) -> float:
        """The expected N-S points (weighted mean)."""
        return sum(c.weight * c.score_ns for c in self.components)

    @property
    def expected_tricks(self) -> float:
        return sum(c.weight * c.tricks for c in self.components)

    def matchpoints(self, field: Sequence[int]) -> float:
        """Weighted N-S matchpoints against a field of other tables' N-S scores."""
        return sum(c.weight * matchpoints(c.score_ns, field) for c in self.components)

    def imps(self, other: float) -> float:
        """Weighted N-S IMPs against the other table's N-S score (or a datum)."""
        return sum(c.weight * imps(c.score_ns - other) for c in self.components)

    def scorer_text(self) -> str:
        """As the scorer types it: "60% 4S by S = (+420) / 40% 4S by S -1 (-50)"."""
        return " / ".join(
            (f"{round(c.weight * 100):d}% " if self.is_weighted else "")
            + f"{result_text(self.contract, c.tricks)} ({c.score_ns:+d})"
            for c in self.components)


FORMS = ("tricks", "points", "mp", "imps")


class Event(Struct, frozen=True):
    """The event's form of scoring, in which Law 64C compares results.

    ``points`` (total points, the default), ``mp`` (matchpoints against ``field``, the
    other tables' N-S scores), ``imps`` (IMPs against ``other``: the other table's N-S
    score at teams, or the datum of ``field``), or ``tricks`` (declarer's tricks, for
    comparison with the trick-only rulings).
    """

    form: str = "points"
    field: tuple[int, ...] = ()
    other: float | None = None
    other_is_datum: bool = False

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ValueError(f"form of scoring must be one of {', '.join(FORMS)}")
        if self.form == "mp" and not self.field:
            raise ValueError("matchpoints need the other tables' scores (a traveller)")
        if self.form == "imps" and self.other is None:
            raise ValueError("IMPs need the other table's score or a field for a datum")

    @classmethod
    def imps_against_datum(cls, field: Sequence[int]) -> Event:
        return cls("imps", tuple(field), float(datum(field)), other_is_datum=True)

    def value_ns(self, score: WeightedScore) -> float:
        """North-South's value of a (weighted) score in this event's currency."""
        if self.form == "tricks":
            t = score.expected_tricks
            return t if score.contract.declarer.side == Side.NS else 13 - t
        if self.form == "points":
            return score.expected_ns
        if self.form == "mp":
            return score.matchpoints(self.field)
        assert self.other is not None
        return score.imps(self.other)

    @property
    def unit(self) -> str:
        return {"tricks": "tricks", "points": "points", "mp": "matchpoints",
                "imps": "IMPs"}[self.form]

    def describe(self) -> str:
        if self.form == "mp":
            return f"matchpoints against {len(self.field)} other scores"
        if self.form == "imps":
            against = (f"the datum {self.other:+.0f} of {len(self.field)} scores"
                       if self.other_is_datum else f"the other table's {self.other:+.0f}")
            return f"IMPs against {against}"
        return "total points" if self.form == "points" else "declarer's tricks"

    def top(self) -> float:
        """The matchpoint top (for percentages)."""
        return 2.0 * len(self.field)


def read_traveller(text: str) -> tuple[int, ...]:
    """N-S scores from a traveller: numbers separated by spaces, commas or lines;
    ``#`` starts a comment. Raises ValueError naming the bad entry."""
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for item in line.split("#", 1)[0].replace(",", " ").split():
            try:
                out.append(int(item))
            except ValueError:
                raise ValueError(f"line {lineno}: {item!r} is not a N-S score") from None
    if not out:
        raise ValueError("the traveller holds no scores")
    return tuple(out)
