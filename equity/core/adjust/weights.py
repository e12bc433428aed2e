"""Law 12C1(c): how a revoke's candidate lines become one (possibly weighted) result —
the policies, the Director's weights and the default weights.

* ``weighted`` (default, Law 12C1(c)): the outcomes that were *likely*, with their
  probabilities: the table line's (:mod:`equity.core.adjust.table_line`: the play as it
  happened, kept in its situations, the decision model's chances where it leaves the
  record: :func:`default_weights`). The likely lines from the revoke
  (:mod:`equity.core.player.outcome_tree`) and the substitution lines (double dummy)
  weigh nothing unless the Director weights them. The Director's lines and outcomes
  without a weight each get an equal share with that default set; lines he weights
  (:class:`Weights`) get their weight and the rest share what is left in the same
  proportions. Results under the panel's share (:attr:`Thresholds.announce`, 10 % by
  default: a committee announces 80/20, 85/15, 70/20/10) are dropped
  (:func:`only_probable`), and the score is announced in whole 5 % steps
  (:func:`announced`): the lines' weights are those of the announced score. The 'at
  all probable' share is not a weighting rule: it is the offenders' threshold of the
  non-reciprocal assignment below (issue 47).
* ``dd``: perfect play from the corrected position: the offender picks his best legal
  card, i.e. the substitution line best for the offenders.
* ``favourable``: the non-reciprocal method used before 2016 (ACBL; Law 12C1 of 1997 and
  2007): the non-offenders get the most favourable result that was *likely*, the
  offenders the most unfavourable that was *at all probable* — so the two sides can get
  different scores. The thresholds (``likely``, 1/3 by default; ``probable``, 1/6) apply
  to the distribution of *results*: lines with the same result are merged first, and a
  result qualifies when the results at least as good for the non-offenders weigh at
  least the threshold together (cumulative from the non-offenders' best), so there is
  always one. Doubtful points go to the non-offenders (Law 84D).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from msgspec import Struct, field

from equity.core.adjust.line import (
    DIRECTOR,
    LIKELY,
    OUTCOME,
    SUBSTITUTION,
    TABLE,
    Counterfactual,
    Line,
)
from equity.core.game import Card, Choice, ModelError

EPSILON = 1e-9


class Policy(Choice):
    """How a revoke's candidate lines become one (possibly weighted) result."""

    WEIGHTED = "weighted"
    DD = "dd"
    FAVOURABLE = "favourable"



class Weights(Struct, frozen=True):
    """The Director's own weights for the ``weighted`` policy.

    Keys name lines: ``table`` (the table line), ``likely`` (the likely lines together,
    shared by their frequencies), ``line1``, ``line2``... (the Director's lines, in the
    order given), ``outcome1``... (his outcomes) or a card (``DT``, ``♦10``: the
    substitution line of that card or of a card equal to it), optionally prefixed by the
    revoke's number as the report numbers them (``2:table``) to apply to that revoke
    only. The rule: each named line gets its weight; what is left of 1 goes to the lines
    not named, in the proportions of the default weighting; if nothing unnamed has any
    default weight, the named weights are scaled to sum to 1. Named weights over 1 in
    total are an error, as is a negative weight. Weight 0 drops a line (``--drop``).
    """

    given: Mapping[str, float] = field(default_factory=dict)

    @staticmethod
    def parse(items: Sequence[str]) -> Weights:
        """``["table=0.6", "2:DT=0.25"]`` to weights (raises ModelError)."""
        out: dict[str, float] = {}
        for item in items:
            key, sep, value = item.partition("=")
            try:
                w = float(value)
            except ValueError:
                w = -1.0
            if not sep or not key.strip() or not 0 <= w <= 1:
                raise ModelError(f"a weight reads LINE=W with 0 <= W <= 1: {item!r}")
            out[_normal_key(key)] = w
        return Weights(out)

    def for_line(self, line: Line, number: int) -> float | None:
        """The weight given to ``line`` of revoke ``number`` (1-based), if any (for a
        line of a group — ``likely``, a Director's line played out single dummy — the
        weight of the whole group)."""
        names = ([str(c) for c in line.equivalents] if line.kind == SUBSTITUTION
                 else [line.name])
        for name in names:
            for key in (f"{number}:{name}", name):
                if key in self.given:
                    return self.given[key]
        return None

    def dropping(self, names: Sequence[str]) -> Weights:
        """These weights with the lines ``names`` dropped (weight 0)."""
        return Weights({**self.given, **{_normal_key(n): 0.0 for n in names}})


GROUPS = ("table", "likely")
"""Line names that are not cards (besides ``lineN`` and ``outcomeN``)."""


def _normal_key(key: str) -> str:
    k = key.strip()
    prefix, _, name = k.rpartition(":")
    low = name.strip().lower()
    if low in GROUPS or re.fullmatch(r"(line|outcome)\d+", low):
        name = low
    else:
        name = str(Card.parse(name))
    return f"{prefix}:{name}" if prefix else name


class Assessment(Struct, frozen=True):
    """One revoke's lines under the policy: weights and the result they stand for."""

    counterfactual: Counterfactual
    weights: tuple[float, ...]
    """One per line, summing to 1: the result for the non-offenders."""
    offender_weights: tuple[float, ...] | None = None
    """The offenders' result when it differs (the non-reciprocal ``favourable`` policy)."""

    @property
    def weighted(self) -> tuple[tuple[int, float], ...]:
        """(declarer's tricks, weight) with equal results merged, most tricks first."""
        return merge(self.counterfactual.lines, self.weights)

    @property
    def offenders_weighted(self) -> tuple[tuple[int, float], ...]:
        return merge(self.counterfactual.lines, self.offender_weights or self.weights)

    @property
    def equity_tricks(self) -> float:
        """Declarer's expected tricks under the weights."""
        return sum(t * w for t, w in self.weighted)


def merge(lines: Sequence[Line], weights: Sequence[float]) -> tuple[tuple[int, float], ...]:
    acc: dict[int, float] = {}
    for line, w in zip(lines, weights, strict=True):
        if w > 0:
            acc[line.declarer_tricks] = acc.get(line.declarer_tricks, 0.0) + w
    return tuple(sorted(acc.items(), reverse=True))


# --- Weights under each policy ----------------------------------------------------------


ANNOUNCE = 0.10
"""The least share of a result a weighted score announces (Law 12C1(c)): panels
announce 80/20, 85/15, 70/20/10, never a 5 % component of a guess."""


class Thresholds(Struct, frozen=True):
    """The shares of the weight results are judged by: ``likely`` and ``probable``, the
    non-reciprocal ``favourable`` policy's (1997 Law 12C2, 2007 Law 12C1(e): the law's
    own "likely" and "at all probable"); ``announce``, the least share of a result a
    weighted score announces (Law 12C1(c))."""

    likely: float = 1 / 3
    probable: float = 1 / 6
    announce: float = ANNOUNCE

    def __post_init__(self) -> None:
        if not 0 <= self.probable <= self.likely <= 1:
            raise ModelError("thresholds need 0 <= probable <= likely <= 1")
        if not 0 <= self.announce <= 0.5:
            raise ModelError("a weighted score announces results from a share of 0 to 0.5")


DEFAULT_THRESHOLDS = Thresholds()
"""The thresholds a ruling uses unless the Director's options say otherwise."""


def line_weights(cf: Counterfactual, policy: Policy, weights: Weights, sign: int,
                 thresholds: Thresholds = DEFAULT_THRESHOLDS) -> tuple[float, ...]:
    """The weight of each line of ``cf`` for the non-offenders' result; ``sign`` is +1
    when the non-offenders are declarer's side, -1 when they defend (so
    ``sign * tricks`` is their gain)."""
    lines = cf.lines
    if policy is Policy.WEIGHTED:
        return announced(lines, director_weights(lines, weights, cf.revoke + 1,
                                                 thresholds.announce), sign)
    if policy is Policy.DD:
        subs = [i for i, ln in enumerate(lines) if ln.kind == SUBSTITUTION]
        return _one_hot(len(lines), min(subs, key=lambda i: sign * lines[i].declarer_tricks))
    return _best_for_nos(cf, weights, sign, thresholds.likely)


def offender_weights(cf: Counterfactual, policy: Policy, weights: Weights, sign: int,
                     thresholds: Thresholds = DEFAULT_THRESHOLDS) -> tuple[float, ...] | None:
    """The offenders' result under the non-reciprocal ``favourable`` policy: the most
    unfavourable to them that was at all probable; None for the reciprocal policies."""
    if policy is not Policy.FAVOURABLE:
        return None
    return _best_for_nos(cf, weights, sign, thresholds.probable)


def _best_for_nos(cf: Counterfactual, weights: Weights, sign: int, threshold: float
                  ) -> tuple[float, ...]:
    """The most favourable result for the non-offenders that reaches ``threshold`` on
    the distribution of results: lines with the same result merged, weights cumulated
    from the non-offenders' best result down; the first result whose cumulative weight
    reaches the threshold (one always does: the total is 1). Its weight goes to the
    first line with that result."""
    lines = cf.lines
    p = director_weights(lines, weights, cf.revoke + 1)
    merged: dict[int, float] = {}
    for ln, w in zip(lines, p, strict=True):
        merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    cumulative = 0.0
    pick = min(merged, key=lambda t: sign * t)
    for tricks in sorted(merged, key=lambda t: -sign * t):
        cumulative += merged[tricks]
        if cumulative >= threshold - EPSILON:
            pick = tricks
            break
    return _one_hot(len(lines), next(i for i, ln in enumerate(lines)
                                     if ln.declarer_tricks == pick))


def _one_hot(n: int, pick: int) -> tuple[float, ...]:
    return tuple(1.0 if i == pick else 0.0 for i in range(n))


def default_weights(lines: Sequence[Line], free: Sequence[bool] | None = None
                    ) -> tuple[float, ...]:
    """Law 12C1(c), our reading: the probabilities of the results. The table line gives
    them (:mod:`~equity.core.adjust.table_line`: the play as the table played it, each
    recorded card standing in its own situation — every error the ruling finds to stand
    stands in it — and the decision model's choices with their chances where the line
    leaves the record); where there is no table line (an adjusted play from a Law 16B or
    16C2 alternative) the likely lines from the adjusted card do. Likely lines beside a
    table line and substitution lines (double dummy) are references, weighing nothing
    unless the Director weights them; each Director's line or outcome an equal share
    with that set. ``free``: the lines the Director has not weighted himself (default:
    all); the rest of his weights goes to them so — to the likely lines when he weighted
    the table line."""
    free = [True] * len(lines) if free is None else list(free)
    source = TABLE if any(ln.kind == TABLE and f for ln, f in zip(lines, free, strict=True)) \
        else LIKELY
    base = [ln.frequency if ln.kind == source and f else 0.0
            for ln, f in zip(lines, free, strict=True)]
    groups = sorted({ln.name for ln in lines if ln.kind in (DIRECTOR, OUTCOME)})
    if not groups:
        return tuple(base)
    share = 1.0 / (len(groups) + 1)
    return tuple(share * ln.frequency if ln.kind in (DIRECTOR, OUTCOME) else share * b
                 for ln, b in zip(lines, base, strict=True))


def line_names(cf: Counterfactual) -> list[str]:
    """The names the Director may weigh a revoke's lines by, as ``--weight`` takes them:
    ``table``, ``likely``, ``line1``..., ``outcome1``... and the offender's cards."""
    out: dict[str, None] = {}
    for line in cf.lines:
        names = [str(c) for c in line.equivalents] if line.kind == SUBSTITUTION else [line.name]
        out.update((n, None) for n in names if n)
    return list(out)


def check_weights(weights: Weights, lines: Sequence[Counterfactual]) -> None:
    """Every line the Director named (``--weight``, ``--drop``) is a line of the board:
    a name that matches none is an error naming the lines there are, never ignored."""
    for key in weights.given:
        prefix = key.rpartition(":")[0]
        revokes = [cf for cf in lines if not prefix or str(cf.revoke + 1) == prefix]
        probe = Weights({key: 0.0})
        if any(probe.for_line(line, cf.revoke + 1) is not None
               for cf in revokes for line in cf.lines):
            continue
        there = "; ".join(f"revoke {cf.revoke + 1}: {', '.join(line_names(cf))}"
                          for cf in lines)
        which = f"revoke {prefix}" if prefix else "any revoke"
        raise ModelError(f"the weight for '{key}' names no line of {which} on this board "
                         f"(the lines are {there or 'none'})")


def director_weights(lines: Sequence[Line], weights: Weights, number: int,
                      floor: float = 0.0) -> tuple[float, ...]:
    """The weighted policy's weights: named lines (or groups) get their weight, the rest
    of 1 goes to the others in the default proportions (:func:`default_weights`); with
    ``floor``, results less probable than that are dropped (:func:`only_probable`)."""
    named = [weights.for_line(ln, number) for ln in lines]
    base = default_weights(lines, [w is None for w in named])
    groups: dict[str, float] = {}
    for ln, w in zip(lines, named, strict=True):
        if w is not None:
            groups[ln.name or str(ln.card)] = w
    given = sum(groups.values())
    if given > 1 + EPSILON:
        raise ModelError(f"the weights given for revoke {number} add up to {given:g}, over 1")
    grouped = {ln.kind for ln in lines if ln.kind in (TABLE, LIKELY, DIRECTOR)}
    out = [0.0] * len(lines)
    for i, (ln, w) in enumerate(zip(lines, named, strict=True)):
        if w is not None:
            out[i] = w * (ln.frequency if ln.kind in grouped else 1.0)
    free = sum(b for b, w in zip(base, named, strict=True) if w is None)
    if free > EPSILON:
        rest = max(0.0, 1.0 - given)
        for i, w in enumerate(named):
            if w is None:
                out[i] = rest * base[i] / free
    elif given > EPSILON:
        out = [w / given for w in out]
    else:
        raise ModelError(f"every line of revoke {number} has weight 0")
    return only_probable(lines, out, named, floor)


def only_probable(lines: Sequence[Line], weights: list[float],
                  named: Sequence[float | None], floor: float) -> tuple[float, ...]:
    """A weighted score is a few potential results (Law 12C1(c)): the results of the
    lines the Director did not weigh himself, lines with the same result merged, that
    come to less than ``floor`` (the share a weighted score announces, ``--announce``,
    10 % by default) are dropped, and the others scaled up to fill their place. When no result
    reaches the floor the most probable one(s) stay. Weights the Director gave are kept
    as given."""
    merged: dict[int, float] = {}
    for ln, w, n in zip(lines, weights, named, strict=True):
        if n is None:
            merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    free = sum(merged.values())
    if floor <= 0 or free <= EPSILON:
        return tuple(weights)
    kept = {t for t, w in merged.items() if w / free >= floor - EPSILON} or \
        {t for t, w in merged.items() if w >= max(merged.values()) - EPSILON}
    scale = free / sum(merged[t] for t in kept)
    return tuple(w if n is not None else w * scale if ln.declarer_tricks in kept else 0.0
                 for ln, w, n in zip(lines, weights, named, strict=True))


GRID = 0.05
"""A weighted score is announced in whole steps of 5 %."""


def announced(lines: Sequence[Line], weights: Sequence[float], sign: int
              ) -> tuple[float, ...]:
    """The weights as the Director announces the score: each result's weight (lines with
    the same result merged) in whole :data:`GRID` steps summing to 100 %, by the largest
    remainder (a tie goes to the result better for the non-offenders, Law 84D); a result
    rounded to 0 % is dropped. Each line keeps its share of its result, so the score
    computed from the lines is the score announced."""
    merged: dict[int, float] = {}
    for ln, w in zip(lines, weights, strict=True):
        if w > EPSILON:
            merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    grid = on_grid(merged, sign)
    return tuple(w * grid[ln.declarer_tricks] / merged[ln.declarer_tricks]
                 if w > EPSILON else 0.0 for ln, w in zip(lines, weights, strict=True))


def announce_result(result: Sequence[tuple[int, float]], floor: float, sign: int
                    ) -> tuple[tuple[int, float], ...]:
    """A result (declarer's tricks, weight) as announced: the results under ``floor``
    dropped (the most probable kept when none reaches it) and the rest on the grid
    (:func:`on_grid`), most tricks first. A single result is itself."""
    if len(result) < 2:
        return tuple(result)
    top = max(w for _, w in result)
    kept = {t: w for t, w in result if w >= floor - EPSILON} or \
        {t: w for t, w in result if w >= top - EPSILON}
    grid = on_grid(kept, sign)
    return tuple((t, w) for t, w in sorted(grid.items(), reverse=True) if w > 0)


def on_grid(result: Mapping[int, float], sign: int) -> dict[int, float]:
    """A result (declarer's tricks to weight) in whole :data:`GRID` steps summing to 1:
    each weight's whole steps, then the steps left to the largest remainders (ties to
    the result better for the non-offenders, ``sign * tricks`` the larger). Results
    rounded to nothing map to 0."""
    total = sum(result.values())
    steps = round(1 / GRID)
    units = {t: round(w / total * steps, 9) for t, w in result.items()}
    whole = {t: int(u) for t, u in units.items()}
    left = steps - sum(whole.values())
    for t in sorted(units, key=lambda t: (-(units[t] - whole[t]), -sign * t))[:left]:
        whole[t] += 1
    return {t: n / steps for t, n in whole.items()}
