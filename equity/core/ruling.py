"""Law 64C1: was the automatic transfer enough? The comparison and the final ruling.

The non-offenders' result after the Law 64A transfers is compared with the equity of the
candidate lines (:mod:`equity.core.lines`) in the event's own currency
(:class:`~equity.core.scoring.Event`: total points by default, matchpoints against a
traveller, IMPs against the other table or a datum): Law 64C compares scores, and at
matchpoints one trick can be worth nothing or a top. The rules applied:

* Adjust only when the non-offenders gain (64C1: "insufficiently compensated"); a tie
  leaves the 64A result.
* For one revoke it is either the 64A transfer or the 64C adjusted score, never both
  (*practice*): a line's tricks carry no transfer for its own revoke, only the transfers
  of earlier revokes that stand (64C2(a), seed 003's arithmetic).
* Several revokes: one rule, independent of their order. The revokes are taken in play
  order; each gets the better for the non-offenders of its Law 64A transfer and its
  Law 64C equity, both measured from the position after the earlier revokes with the
  rectifications they got (64C2(a) is the case of the same player and suit). In
  tricks: with ``P[k]`` the result of revoke k's lines (earlier revokes as played,
  this one and the later ones never happening) and ``P[n+1]`` the table, revoke k's
  rectification is the better of its transfer and ``P[k] - P[k+1]`` (what it cost by
  itself), and the board gets the table plus every rectification. A harmless revoke
  thus keeps its transfer whether it comes before or after a damaging one. Weighted
  results are subtracted quantile by quantile and added as independent weights.
* 64C2(b), both sides revoked: the score is adjusted as though neither had revoked, with
  no comparison (there is no single non-offending side).
* Revokes without a transfer (64B1-B6) get the same check (64C1 "including those not
  subject to rectification").

The policy (always named in the ruling) turns a revoke's lines into a score:

* ``weighted`` (default, Law 12C1(c)): the outcomes that were *likely*. The table line
  (:mod:`equity.core.table_line`: the play as it happened, put right only where the
  revoke caused a difference) speaks for the share of the play it follows as recorded,
  ``followed``; the single-dummy likely lines share the rest by their frequencies. A
  table line that follows the whole record is the whole answer (what happened at the
  table, the revoke corrected, is what would have happened); one that departs at once
  leaves it to the likely lines. Substitution lines (double dummy) weigh nothing unless
  the Director weights them. The Director's lines and outcomes without a weight each
  get an equal share with that default set; lines he weights (:class:`Weights`) get
  their weight and the rest share what is left in the same proportions. The score is
  the weighted set of results and the comparison uses its mean.
* ``dd``: perfect play from the corrected position: the offender picks his best legal
  card, i.e. the substitution line best for the offenders.
* ``favourable``: the non-reciprocal method used before 2016 (ACBL; Law 12C1 of 1997 and
  2007): the non-offenders get the most favourable result that was *likely*, the
  offenders the most unfavourable that was *at all probable* — so the two sides can get
  different scores. The thresholds (``likely``, 1/3 by default; ``probable``, 1/6) apply
  to the distribution of *results*: lines with the same result are merged first, and a
  result qualifies when the results at least as good for the non-offenders weigh at
  least the threshold together (cumulative from the non-offenders' best), so there is
  always one. Doubtful points go to the non-offenders (Law 84D). The weights are those
  of the ``weighted`` policy.

With ``serious_error`` (Law 12C1(e)) the non-offenders contributed to their own damage
by a serious error unrelated to the revoke: the offenders get the adjusted score; the
non-offenders get no redress for the self-inflicted part only. The Director states it in
tricks (``self_inflicted``): the non-offenders get the adjusted score less those tricks,
never less than the Law 64A result. Without it the tool cannot measure it and the
non-offenders keep the Law 64A result (the whole damage beyond it taken as
self-inflicted), which the ruling says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from equity.core.cards import Card, Choice, Contract, ModelError, Side, Vulnerability
from equity.core.laws import AutomaticRuling, Step, StepKind
from equity.core.line import DIRECTOR, LIKELY, OUTCOME, SUBSTITUTION, TABLE, Counterfactual, Line
from equity.core.questions import Work
from equity.core.scoring import Event, WeightedScore

EPSILON = 1e-9
TOTAL_POINTS = Event()
"""The default form of scoring: total points."""


class Basis(StrEnum):
    """What the final ruling rests on (JSON ``ruling.basis``)."""

    TRANSFER = "64A"
    """The Law 64A transfer stands."""
    ADJUSTED = "64C"
    """A Law 64C adjusted score."""
    NONE = "none"
    """No transfer and no adjustment."""


class Policy(Choice):
    """How a revoke's candidate lines become one (possibly weighted) result."""

    WEIGHTED = "weighted"
    DD = "dd"
    FAVOURABLE = "favourable"



@dataclass(frozen=True, slots=True)
class Weights:
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


@dataclass(frozen=True, slots=True)
class Assessment:
    """One revoke's lines under the policy: weights and the result they stand for."""

    counterfactual: Counterfactual
    weights: tuple[float, ...]
    """One per line, summing to 1: the result for the non-offenders."""
    offender_weights: tuple[float, ...] | None = None
    """The offenders' result when it differs (the non-reciprocal ``favourable`` policy)."""

    @property
    def weighted(self) -> tuple[tuple[int, float], ...]:
        """(declarer's tricks, weight) with equal results merged, most tricks first."""
        return _merge(self.counterfactual.lines, self.weights)

    @property
    def offenders_weighted(self) -> tuple[tuple[int, float], ...]:
        return _merge(self.counterfactual.lines, self.offender_weights or self.weights)

    @property
    def equity_tricks(self) -> float:
        """Declarer's expected tricks under the weights."""
        return sum(t * w for t, w in self.weighted)


@dataclass(frozen=True, slots=True)
class Ruling:
    """A board's final ruling: Laws 61-64A/B plus the Law 64C judgement."""

    automatic: AutomaticRuling
    policy: Policy
    assessments: tuple[Assessment, ...]
    basis: Basis
    weighted: tuple[tuple[int, float], ...]
    """The ruling as (declarer's tricks, weight); one entry unless the score is weighted."""
    steps: tuple[Step, ...]
    adjusted_for: int | None = None
    """Index of the revoke whose lines gave the 64C adjusted score."""
    solved: bool = True
    """False when the ruling was made without solving (``--no-equity``)."""
    offenders_weighted: tuple[tuple[int, float], ...] | None = None
    """The offenders' result when the sides get different scores (non-reciprocal
    ``favourable`` policy, or Law 12C1(e)); None when both get ``weighted``."""
    non_offenders: Side | None = None
    event: Event = field(default_factory=Event)
    vulnerability: Vulnerability = Vulnerability.NONE
    sensitivity: str | None = None
    """How far the weights may move before the decision changes (None without lines)."""
    work: Work | None = None
    """What the ruling cost (JSON ``stats``): positions, decisions, layouts, seconds."""

    def score(self, weighted: Sequence[tuple[int, float]] | None = None) -> WeightedScore:
        """A result (by default the ruling's) as a score on this board."""
        return WeightedScore.of(self.automatic.replay.contract, self.vulnerability,
                                weighted if weighted is not None else self.weighted)

    def side_results(self) -> dict[Side, tuple[tuple[int, float], ...]]:
        """Each side's result: the same unless the ruling is non-reciprocal."""
        if self.offenders_weighted is None or self.non_offenders is None:
            return {Side.NS: self.weighted, Side.EW: self.weighted}
        return {self.non_offenders: self.weighted,
                self.non_offenders.other: self.offenders_weighted}

    @property
    def after_transfer(self) -> tuple[tuple[int, float], ...]:
        return ((self.automatic.after_transfer_tricks, 1.0),)

    @property
    def pending(self) -> bool:
        """Play continues (the record stops without a claim): no result yet."""
        return self.automatic.pending

    @property
    def declarer_tricks(self) -> int | None:
        """The single result, or None when the ruling is a weighted score."""
        return self.weighted[0][0] if len(self.weighted) == 1 else None

    @property
    def mean_tricks(self) -> float:
        return sum(t * w for t, w in self.weighted)

    @property
    def equity_tricks(self) -> float | None:
        """The equity compared with the 64A result: that of the lines that decided the
        ruling, else the one best for the non-offenders; None without lines."""
        if not self.assessments:
            return None
        if self.adjusted_for is not None:
            return next(a.equity_tricks for a in self.assessments
                        if a.counterfactual.revoke == self.adjusted_for)
        sign = _sign(self.automatic, self.assessments[0].counterfactual.non_offenders)
        return max((a.equity_tricks for a in self.assessments), key=lambda e: sign * e)

    @property
    def lines(self) -> tuple[tuple[Line, float], ...]:
        """Every line of every revoke with its weight."""
        return tuple((ln, w) for a in self.assessments
                     for ln, w in zip(a.counterfactual.lines, a.weights, strict=True))


def _merge(lines: Sequence[Line], weights: Sequence[float]) -> tuple[tuple[int, float], ...]:
    acc: dict[int, float] = {}
    for line, w in zip(lines, weights, strict=True):
        if w > 0:
            acc[line.declarer_tricks] = acc.get(line.declarer_tricks, 0.0) + w
    return tuple(sorted(acc.items(), reverse=True))


# --- Weights under each policy ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The non-reciprocal ``favourable`` policy's thresholds, as shares of the weight."""

    likely: float = 1 / 3
    probable: float = 1 / 6

    def __post_init__(self) -> None:
        if not 0 <= self.probable <= self.likely <= 1:
            raise ModelError("thresholds need 0 <= probable <= likely <= 1")


def line_weights(cf: Counterfactual, policy: Policy, weights: Weights, sign: int,
                 thresholds: Thresholds = Thresholds()) -> tuple[float, ...]:
    """The weight of each line of ``cf`` for the non-offenders' result; ``sign`` is +1
    when the non-offenders are declarer's side, -1 when they defend (so
    ``sign * tricks`` is their gain)."""
    lines = cf.lines
    if policy is Policy.WEIGHTED:
        return _director_weights(lines, weights, cf.revoke + 1, thresholds.probable)
    if policy is Policy.DD:
        subs = [i for i, ln in enumerate(lines) if ln.kind == SUBSTITUTION]
        return _one_hot(len(lines), min(subs, key=lambda i: sign * lines[i].declarer_tricks))
    return _best_for_nos(cf, weights, sign, thresholds.likely)


def offender_weights(cf: Counterfactual, policy: Policy, weights: Weights, sign: int,
                     thresholds: Thresholds = Thresholds()) -> tuple[float, ...] | None:
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
    p = _director_weights(lines, weights, cf.revoke + 1)
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


def default_weights(lines: Sequence[Line]) -> tuple[float, ...]:
    """Law 12C1(c), our reading (module docstring): the table line its ``followed``
    share, the likely lines the rest by frequency (the table line all of it when there
    are none), substitution lines nothing; each Director's line or outcome an equal
    share with that set."""
    likely = [i for i, ln in enumerate(lines) if ln.kind == LIKELY]
    f = next((ln.followed for ln in lines if ln.kind == TABLE), 0.0) if likely else 1.0
    base = [0.0] * len(lines)
    for i, ln in enumerate(lines):
        if ln.kind == TABLE:
            base[i] = f * ln.frequency
        elif ln.kind == LIKELY:
            base[i] = (1.0 - f) * ln.frequency
    groups = sorted({ln.name for ln in lines if ln.kind in (DIRECTOR, OUTCOME)})
    if not groups:
        return tuple(base)
    share = 1.0 / (len(groups) + 1)
    return tuple(share * ln.frequency if ln.kind in (DIRECTOR, OUTCOME) else share * b
                 for ln, b in zip(lines, base, strict=True))


def _director_weights(lines: Sequence[Line], weights: Weights, number: int,
                      floor: float = 0.0) -> tuple[float, ...]:
    """The weighted policy's weights: named lines (or groups) get their weight, the rest
    of 1 goes to the others in the default proportions (:func:`default_weights`); with
    ``floor``, results less probable than that are dropped (:func:`_only_probable`)."""
    base = default_weights(lines)
    named = [weights.for_line(ln, number) for ln in lines]
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
    return _only_probable(lines, out, named, floor)


def _only_probable(lines: Sequence[Line], weights: list[float],
                   named: Sequence[float | None], floor: float) -> tuple[float, ...]:
    """Law 12C1(c) weighs the outcomes that were likely: a result whose default weight
    comes to less than half of ``floor`` (the 'at all probable' threshold, 1/6 by
    default) is dropped; one between half the threshold and the threshold keeps a part
    of its weight growing linearly to all of it, so that a hair's change in an estimate
    never makes the score jump; the others are scaled up to fill the rest. Weights the
    Director gave are kept as given."""
    merged: dict[int, float] = {}
    for ln, w, n in zip(lines, weights, named, strict=True):
        if n is None:
            merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    free = sum(merged.values())
    if floor <= 0 or free <= EPSILON:
        return tuple(weights)
    share = {t: min(1.0, max(0.0, (w / free - floor / 2) / (floor / 2)))
             for t, w in merged.items()}
    kept = sum(merged[t] * share[t] for t in merged)
    if kept <= EPSILON:
        return tuple(weights)
    return tuple(w if n is not None else w * share[ln.declarer_tricks] * free / kept
                 for ln, w, n in zip(lines, weights, named, strict=True))


# --- The comparison -----------------------------------------------------------------------


def _sign(ruling: AutomaticRuling, nos: Side | None) -> int:
    return 1 if nos is None or nos == ruling.replay.declarer_side else -1


Dist = tuple[tuple[int, float], ...]
"""A result as (declarer's tricks, weight), weights summing to 1."""


def compare(ruling: AutomaticRuling, counterfactuals: Sequence[Counterfactual],
            policy: Policy = Policy.WEIGHTED, weights: Weights = Weights(),
            event: Event = TOTAL_POINTS, vulnerability: Vulnerability = Vulnerability.NONE,
            thresholds: Thresholds = Thresholds(), serious_error: bool = False) -> Ruling:
    """Rule under Law 64C on top of the automatic ruling (see the module docstring)."""
    after = ruling.after_transfer_tricks
    transferred = any(r.stands and r.transfer for r in ruling.revokes)
    base = Basis.TRANSFER if transferred else Basis.NONE
    current: Dist = ((after, 1.0),)
    steps = [_policy_step(policy, weights, thresholds), _event_step(event)]
    if not counterfactuals:
        steps.append(_pending_step() if ruling.pending else
                     Step("64C1", "no established revoke stands: no equity check."))
        return Ruling(ruling, policy, (), base, current, tuple(steps), event=event,
                      vulnerability=vulnerability)
    assessments = [Assessment(cf, line_weights(cf, policy, weights, sign, thresholds),
                              offender_weights(cf, policy, weights, sign, thresholds))
                   for cf in counterfactuals for sign in [_sign(ruling, cf.non_offenders)]]
    if not ruling.replay.finished:
        steps.append(_pending_step())
        steps.append(Step("64C1", "the lines are shown but not compared: the Law 64A "
                                  "transfer and the equity check come at the end of play; "
                                  "the Director must judge.", StepKind.DECISION))
        return Ruling(ruling, policy, tuple(assessments), base, current, tuple(steps),
                      event=event, vulnerability=vulnerability)
    if len(assessments) == 1 and assessments[0].counterfactual.non_offenders is None:
        a = assessments[0]
        steps.append(_both_sides_step(ruling, a))
        steps.append(_decision_step(ruling, Basis.ADJUSTED, a.weighted, a.counterfactual.revoke,
                                    None))
        return Ruling(ruling, policy, tuple(assessments), Basis.ADJUSTED, a.weighted,
                      tuple(steps), adjusted_for=a.counterfactual.revoke,
                      event=event, vulnerability=vulnerability)
    return _chain(ruling, assessments, policy, event, vulnerability, serious_error, steps,
                  thresholds)


def _chain(ruling: AutomaticRuling, assessments: list[Assessment], policy: Policy,
           event: Event, vulnerability: Vulnerability, serious_error: bool,
           steps: list[Step], thresholds: Thresholds) -> Ruling:
    """Several revokes, one rule (module docstring): in play order, each revoke gets the
    better for the non-offenders of its transfer and its equity, measured from the
    position after the earlier revokes with their rectifications."""
    contract = ruling.replay.contract
    declarer = ruling.replay.declarer_side

    def value_ns(weighted: Sequence[tuple[int, float]]) -> float:
        return event.value_ns(WeightedScore.of(contract, vulnerability, weighted))

    table = _point(ruling.corrected_tricks)
    nos = assessments[0].counterfactual.non_offenders
    assert nos is not None
    sensitivity: list[str] = []

    def sign_of(side: Side) -> int:
        return 1 if side == declarer else -1
    played = [_quantiles(_play_dist(a, a.weights)) for a in assessments]
    theirs = [_quantiles(_play_dist(a, a.offender_weights or a.weights)) for a in assessments]
    earlier = _point(0)
    earlier_off = _point(0)
    basis = Basis.TRANSFER if any(r.stands and r.transfer for r in ruling.revokes) \
        else Basis.NONE
    adjusted_for: int | None = None
    for k, a in enumerate(assessments):
        cf = a.counterfactual
        rv = ruling.revokes[cf.revoke]
        t = rv.transfer if rv.offender_side != declarer else -rv.transfer
        nxt = played[k + 1] if k + 1 < len(played) else table
        nxt_off = theirs[k + 1] if k + 1 < len(theirs) else table
        with_transfer = _result(_align(_align(nxt, earlier, 1), _point(t), 1))
        with_equity = _result(_align(played[k], earlier, 1))
        gain = nos_gain(contract, vulnerability, event, nos, with_transfer, with_equity)

        def gain_with(weights: Sequence[float], a: Assessment = a,
                      before: Quantiles = earlier, current: Dist = with_transfer) -> float:
            equity = _result(_align(_quantiles(_play_dist(a, weights)), before, 1))
            return nos_gain(contract, vulnerability, event, nos, current, equity)

        sensitivity.append(_sensitivity(a, policy, gain_with, thresholds, sign_of(nos),
                                        len(assessments) > 1))
        steps.append(_check_step(ruling, a, with_equity, value_ns(with_transfer),
                                 value_ns(with_equity), gain > EPSILON, event, k > 0))
        if gain > EPSILON:
            earlier = _align(earlier, _align(played[k], nxt, -1), 1)
            earlier_off = _align(earlier_off, _align(theirs[k], nxt_off, -1), 1)
            basis, adjusted_for = Basis.ADJUSTED, cf.revoke
        else:
            earlier = _align(earlier, _point(t), 1)
            earlier_off = _align(earlier_off, _point(t), 1)
    current = _result(_align(table, earlier, 1))
    offenders: Dist | None = _result(_align(table, earlier_off, 1))
    after: Dist = ((ruling.after_transfer_tricks, 1.0),)
    if basis is Basis.ADJUSTED and \
            nos_gain(contract, vulnerability, event, nos, after, current) <= EPSILON:
        # Law 12B2: the adjustments together must leave the non-offenders better off
        steps.append(Step("12B2", "the revokes' rectifications together are not better for "
                                  f"{nos.name} than the Law 64A result: it stands."))
        current, offenders, adjusted_for = after, None, None
        basis = Basis.TRANSFER if any(r.stands and r.transfer for r in ruling.revokes) \
            else Basis.NONE
    nos_side = nos if basis is Basis.ADJUSTED else None
    if basis is Basis.ADJUSTED and serious_error:
        current = _serious_error(ruling, current, steps)
    if offenders == current or basis is not Basis.ADJUSTED:
        offenders = None
    steps.append(_decision_step(ruling, basis, current, adjusted_for, offenders))
    if basis is Basis.ADJUSTED:
        low = _below_64a(ruling, current, nos)
        if low is not None:
            steps.append(low)
    return Ruling(ruling, policy, tuple(assessments), basis, current, tuple(steps),
                  adjusted_for=adjusted_for, offenders_weighted=offenders,
                  non_offenders=nos_side, event=event, vulnerability=vulnerability,
                  sensitivity=" ".join(sensitivity))


def _serious_error(ruling: AutomaticRuling, adjusted: Dist, steps: list[Step]) -> Dist:
    """Law 12C1(e): the non-offenders get no redress for the self-inflicted part of the
    damage: the adjusted score less the tricks the Director finds self-inflicted (his
    finding, ``Facts.self_inflicted``), never less than the Law 64A result."""
    after = ruling.after_transfer_tricks
    sign = 1 if ruling.replay.declarer_side == _nos_of(ruling) else -1
    own = ruling.replay.board.facts.self_inflicted
    if own is None:
        steps.append(Step("12C1(e)", "the non-offenders contributed to their own damage by a "
                                     "serious error unrelated to the revoke; the Director "
                                     "has not said how much of the damage it caused "
                                     "(--self-inflicted), so all of it beyond the Law 64A "
                                     "result is taken as self-inflicted: they keep the "
                                     "Law 64A result; the offenders get the adjusted "
                                     "score."))
        return ((after, 1.0),)
    out = _merge_dist((t - sign * own if sign * (t - sign * own) > sign * after else after, w)
                      for t, w in adjusted)
    steps.append(Step("12C1(e)", "the non-offenders contributed to their own damage by a "
                                 f"serious error unrelated to the revoke, which cost them "
                                 f"{own} trick{'s' if own != 1 else ''} (the Director's "
                                 "finding): they get the adjusted score less that "
                                 "self-inflicted part, never less than the Law 64A result "
                                 f"({_tricks(ruling, out)}); the offenders get the adjusted "
                                 "score."))
    return out


def _nos_of(ruling: AutomaticRuling) -> Side:
    standing = [r for r in ruling.revokes if r.stands]
    return standing[0].offender_side.other


def _below_64a(ruling: AutomaticRuling, result: Dist, nos: Side) -> Step | None:
    """Law 12B2 / 64C: say so when a weighted adjusted score has components below the
    Law 64A result for the non-offenders (the whole score is still better for them)."""
    if len(result) < 2:
        return None
    after = ruling.after_transfer_tricks
    sign = 1 if nos == ruling.replay.declarer_side else -1
    low = [(t, w) for t, w in result if sign * t < sign * after]
    if not low:
        return None
    parts = " + ".join(f"{w:.0%} of {t} tricks" for t, w in low)
    return Step("12C1(c)", f"the weighted score includes results below the Law 64A result "
                           f"({after} tricks) for the non-offenders: {parts}; the score as a "
                           "whole is better for them than the Law 64A result, which is why "
                           "it replaces it (Laws 64C1, 12B2).", StepKind.DECISION)


def _play_dist(a: Assessment, weights: Sequence[float]) -> Dist:
    """A revoke's lines as played out (no transfers of earlier revokes: the chain adds
    the earlier revokes' own rectifications)."""
    acc: dict[int, float] = {}
    for line, w in zip(a.counterfactual.lines, weights, strict=True):
        if w > 0:
            acc[line.play_tricks] = acc.get(line.play_tricks, 0.0) + w
    return tuple(sorted(acc.items(), reverse=True))


def _merge_dist(items: Iterable[tuple[int, float]]) -> Dist:
    acc: dict[int, float] = {}
    for t, w in items:
        if w > EPSILON:
            acc[t] = acc.get(t, 0.0) + w
    total = sum(acc.values())
    return tuple((t, w / total) for t, w in sorted(acc.items(), reverse=True))


Quantiles = tuple[tuple[float, int], ...]
"""A result as a quantile function: (share, value) segments from the worst luck to the
best (declarer's fewest tricks first). Results are added and subtracted segment by
segment (the same luck in every one of them), so that taking a revoke's own damage
``P[k] - P[k+1]`` and adding ``P[k+1]`` back gives exactly ``P[k]``."""


def _quantiles(d: Dist) -> Quantiles:
    return tuple((w, t) for t, w in sorted(d))


def _point(value: int) -> Quantiles:
    return ((1.0, value),)


def _align(a: Quantiles, b: Quantiles, sign: int) -> Quantiles:
    """``a + sign * b``, segment by segment."""
    out: list[tuple[float, int]] = []
    i = j = 0
    left_a, left_b = a[0][0], b[0][0]
    while i < len(a) and j < len(b):
        w = min(left_a, left_b)
        if w > EPSILON:
            out.append((w, a[i][1] + sign * b[j][1]))
        left_a -= w
        left_b -= w
        if left_a <= EPSILON:
            i += 1
            left_a = a[i][0] if i < len(a) else 0.0
        if left_b <= EPSILON:
            j += 1
            left_b = b[j][0] if j < len(b) else 0.0
    return tuple(out)


def _result(q: Quantiles) -> Dist:
    """A quantile function as a result: declarer's tricks (kept in 0..13) and weights."""
    return _merge_dist((max(0, min(13, v)), w) for w, v in q)


def _pending_step() -> Step:
    return Step("64A", "play continues (the record stops without a claim, where the Director "
                       "was called): there is no result yet; an established revoke's transfer "
                       "is decided at the end of play (64A1/64A2), and the Law 64C check "
                       "after it.", StepKind.DECISION)


def nos_gain(contract: Contract, vulnerability: Vulnerability, event: Event, nos: Side,
             current: Sequence[tuple[int, float]], equity: Sequence[tuple[int, float]]
             ) -> float:
    """How much better ``equity`` is than ``current`` for the non-offenders ``nos``, in the
    event's currency (Law 64C1: adjust only when they are insufficiently compensated)."""
    def value_ns(weighted: Sequence[tuple[int, float]]) -> float:
        return event.value_ns(WeightedScore.of(contract, vulnerability, weighted))

    return (1 if nos == Side.NS else -1) * (value_ns(equity) - value_ns(current))


def without_equity(ruling: AutomaticRuling, policy: Policy = Policy.WEIGHTED,
                   event: Event = TOTAL_POINTS,
                   vulnerability: Vulnerability = Vulnerability.NONE) -> Ruling:
    """The ruling with no Law 64C check (``--no-equity``): the 64A result as it stands."""
    transferred = any(r.stands and r.transfer for r in ruling.revokes)
    step = (_pending_step() if ruling.pending else
            Step("64C1", "equity not checked (no double-dummy solving was asked for)."))
    return Ruling(ruling, policy, (), Basis.TRANSFER if transferred else Basis.NONE,
                  ((ruling.after_transfer_tricks, 1.0),), (step,), solved=False,
                  event=event, vulnerability=vulnerability)


def _mean(weighted: Sequence[tuple[int, float]]) -> float:
    return sum(t * w for t, w in weighted)


# --- Sensitivity: how far the weights may move --------------------------------------------


def _sensitivity(a: Assessment, policy: Policy, gain_with: Callable[[Sequence[float]], float],
                 thresholds: Thresholds, sign: int, several: bool) -> str:
    """One sentence: the weight of the table line at which this revoke's decision
    (adjust, or keep the Law 64A result) would change, the other lines keeping their
    proportions; for ``dd`` and ``favourable``, what moves their result instead."""
    cf = a.counterfactual
    head = f"Revoke {cf.revoke + 1}: " if several else ""
    lines = cf.lines
    if policy is Policy.DD:
        return (f"{head}policy dd: one line decides (the offender's best legal card, "
                "double dummy); no weight enters.")
    if policy is Policy.FAVOURABLE:
        return head + _favourable_sensitivity(a, sign, thresholds)
    tables = {i: ln.frequency for i, ln in enumerate(lines) if ln.kind == TABLE}
    if not tables:
        return f"{head}no table line: the decision rests on the Director's lines alone."
    now = sum(a.weights[i] for i in tables)
    others = [0.0 if i in tables else w for i, w in enumerate(a.weights)]
    if sum(others) <= EPSILON:
        others = [0.0 if i in tables else (ln.frequency if ln.kind == LIKELY else 0.0)
                  for i, ln in enumerate(lines)]
    if sum(others) <= EPSILON:
        others = [0.0 if i in tables else 1.0 for i in range(len(lines))]
    total = sum(others)
    if total <= EPSILON:
        return (f"{head}the table line is the only line: no weight can move this "
                "decision (add a line or an outcome to test it).")
    direction = [w / total for w in others]

    def gain(t: float) -> float:
        return gain_with([t * tables[i] if i in tables else (1 - t) * d
                          for i, d in enumerate(direction)])

    adjust = gain(now) > EPSILON
    verdict = "the adjustment" if adjust else "the Law 64A result"
    flips = [t for t in (0.0, 1.0) if (gain(t) > EPSILON) != adjust]
    if not flips:
        return (f"{head}{verdict} stands whatever weight the table line gets (it has "
                f"{now:.0%}; the other lines keep their proportions).")
    lo, hi = sorted((now, flips[0]))
    for _ in range(40):  # the flip point, to well under a percent
        mid = (lo + hi) / 2
        if ((gain(mid) > EPSILON) != adjust) == (flips[0] > now):
            hi = mid
        else:
            lo = mid
    edge = (lo + hi) / 2
    show = f"{edge:.0%}" if 0.005 < edge < 0.995 else f"{edge:.1%}"
    other = "the Law 64A result would stand" if adjust else "the score would be adjusted"
    if show in (f"{now:.0%}", f"{now:.1%}"):  # the flip is at the present weight
        return (f"{head}{verdict} is on the edge: it holds at the table line's present "
                f"weight ({now:.0%}), and with any weight {'above' if flips[0] > now else 'below'}"
                f" it, the other lines keeping their proportions, {other}.")
    side = "or more" if flips[0] > now else "or less"
    return (f"{head}{verdict} holds while the table line weighs "
            f"{'less' if flips[0] > now else 'more'} than {show} (it has {now:.0%}); at "
            f"{show} {side}, the other lines keeping their proportions, {other}.")


def _favourable_sensitivity(a: Assessment, sign: int, thresholds: Thresholds) -> str:
    """The ``likely`` thresholds between which the non-offenders' result stays."""
    merged: dict[int, float] = {}
    weights = _director_weights(a.counterfactual.lines, Weights(), a.counterfactual.revoke + 1)
    for ln, w in zip(a.counterfactual.lines, weights, strict=True):
        merged[ln.declarer_tricks] = merged.get(ln.declarer_tricks, 0.0) + w
    cumulative = 0.0
    for tricks in sorted(merged, key=lambda t: -sign * t):
        before = cumulative
        cumulative += merged[tricks]
        if cumulative >= thresholds.likely - EPSILON:
            return (f"policy favourable: the non-offenders' result, {tricks} tricks, holds "
                    f"for a 'likely' threshold above {before:.0%} and up to "
                    f"{cumulative:.0%} (it is {thresholds.likely:.0%}).")
    return "policy favourable: one result only."


# --- The steps a Director reads out ---------------------------------------------------------


def _event_step(event: Event) -> Step:
    return Step("64C", f"results are compared in {event.describe()} (Law 64C compares "
                       "scores in the event's own form of scoring).", StepKind.EVENT)


def _policy_step(policy: Policy, weights: Weights, thresholds: Thresholds) -> Step:
    if policy is Policy.DD:
        return Step("12C1(b)", "policy dd: the probable outcome is taken as perfect play from "
                               "the corrected position, the offender choosing his best legal "
                               "card.")
    if policy is Policy.FAVOURABLE:
        return Step("84D", "policy favourable (non-reciprocal): the non-offenders get the most "
                           "favourable result that was likely (weight at least "
                           f"{thresholds.likely:.0%}), the offenders the most unfavourable "
                           f"that was at all probable (weight at least "
                           f"{thresholds.probable:.0%}); doubtful points go to the "
                           "non-offenders.")
    given = (", ".join(f"{k}={v:g}" for k, v in weights.given.items())
             if weights.given else "")
    how = (f"the Director's weights ({given}), the rest in the default proportions"
           if given else "the default weights")
    return Step("12C1(c)", f"policy weighted, {how}: the table line (the play as it "
                           "happened, the revoke corrected and only what it caused put "
                           "right) for the share of the play it follows as recorded, the "
                           "single-dummy likely lines for the rest by their frequencies; "
                           "substitution lines (double dummy) are a reference only.")


def _tricks(ruling: AutomaticRuling, weighted: Sequence[tuple[int, float]]) -> str:
    c = ruling.replay.contract
    if len(weighted) == 1:
        t = weighted[0][0]
        return f"{t} tricks ({c.result_text(t)})"
    return " + ".join(f"{w:.0%} of {t} tricks" for t, w in weighted)


def _check_step(ruling: AutomaticRuling, a: Assessment, equity_dist: Dist, current: float,
                equity: float, gain: bool, event: Event, later: bool) -> Step:
    cf = a.counterfactual
    rev = ruling.revokes[cf.revoke].revoke
    nos = cf.non_offenders.name if cf.non_offenders is not None else "?"
    head = (f"revoke {cf.revoke + 1} (trick {rev.trick}): the lines give declarer "
            f"{_tricks(ruling, equity_dist)}, mean {_mean(equity_dist):.2f}")
    if later:
        head += (" (from the position after the earlier revokes, which stand as played, "
                 "with their rectifications"
                 + ("; 64C2(a): the same player revoked again in the same suit" if
                    cf.law == "64C2(a)" else "") + ")")
    worth = (f"worth {equity:+.2f} {event.unit} to N-S against {current:+.2f} with its "
             "Law 64A transfer")
    verdict = (f"{worth}, better for {nos}: insufficiently compensated" if gain
               else f"{worth}, not better for {nos}: compensated")
    return Step(cf.law, f"{head}; {verdict}.")


def _both_sides_step(ruling: AutomaticRuling, a: Assessment) -> Step:
    return Step("64C2(b)", "both sides revoked: the score is adjusted as though neither had "
                           f"revoked: {_tricks(ruling, a.weighted)}.")


def _decision_step(ruling: AutomaticRuling, basis: Basis,
                   current: Sequence[tuple[int, float]], adjusted_for: int | None,
                   offenders: Sequence[tuple[int, float]] | None) -> Step:
    if basis is Basis.ADJUSTED:
        assert adjusted_for is not None
        theirs = (f"; the offenders get {_tricks(ruling, offenders)}" if offenders else "")
        return Step("64C", f"adjusted score for revoke {adjusted_for + 1}: "
                           f"{_tricks(ruling, current)}{theirs}, in place of its Law 64A "
                           "transfer (never both); not below the Law 64A result "
                           "(Law 12B2).", StepKind.DECISION)
    if basis is Basis.TRANSFER:
        return Step("64A", f"the transfer stands: {_tricks(ruling, current)}.",
                    StepKind.DECISION)
    return Step("64C1", f"no transfer and no adjustment: {_tricks(ruling, current)}.",
                StepKind.DECISION)
