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
* Revokes are taken first one first: each revoke's equity is a whole board result
  (see :mod:`equity.core.lines`), and it replaces the current result only when it is
  better for the non-offenders, so the ruling is never below the 64A result (Law 12B2).
* 64C2(b), both sides revoked: the score is adjusted as though neither had revoked, with
  no comparison (there is no single non-offending side).
* Revokes without a transfer (64B1-B6) get the same check (64C1 "including those not
  subject to rectification").

The policy (always named in the ruling) turns a revoke's lines into a score:

* ``weighted`` (default, Law 12C1(c)): every line weighted equally, unless the Director
  gives weights (:class:`Weights`); the score is the weighted set of results and the
  comparison uses its mean.
* ``dd``: perfect play from the corrected position: the offender picks his best legal
  card, i.e. the substitution line best for the offenders.
* ``favourable``: the non-reciprocal method used before 2016 (ACBL; Law 12C1 of 1997 and
  2007): the non-offenders get the most favourable result that was *likely* (a line whose
  weight is at least ``likely``, 1/3 by default), the offenders the most unfavourable that
  was *at all probable* (weight at least ``probable``, 1/6) — so the two sides can get
  different scores. Doubtful points go to the non-offenders (Law 84D). The weights are
  those of the ``weighted`` policy.

With ``serious_error`` (Law 12C1(e)) the non-offenders, who contributed to their own
damage by a serious error unrelated to the revoke, keep their table score (the Law 64A
result) while the offenders get the adjusted score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from equity.core.cards import Card, Contract, ModelError, Side, Vulnerability
from equity.core.laws import AutomaticRuling, Step, StepKind
from equity.core.lines import SUBSTITUTION, TABLE, Counterfactual, Line
from equity.core.scoring import Event, WeightedScore

EPSILON = 1e-9
TOTAL_POINTS = Event()
"""The default form of scoring: total points."""


class Policy(StrEnum):
    """How a revoke's candidate lines become one (possibly weighted) result."""

    WEIGHTED = "weighted"
    DD = "dd"
    FAVOURABLE = "favourable"

    @classmethod
    def parse(cls, text: str) -> Policy:
        t = text.strip().lower()
        for p in cls:
            if p.value == t:
                return p
        raise ModelError(f"policy must be one of {', '.join(p.value for p in cls)}, not {text!r}")


@dataclass(frozen=True, slots=True)
class Weights:
    """The Director's own weights for the ``weighted`` policy.

    Keys name lines: ``table`` (the table line) or a card (``DT``, ``♦10``: the
    substitution line of that card or of a card equal to it), optionally prefixed by the
    revoke's number as the report numbers them (``2:table``) to apply to that revoke
    only. The rule: each named line gets its weight; what is left of 1 is shared equally
    among the lines not named; if every line is named, the weights are scaled to sum to
    1. Named weights over 1 in total are an error, as is a negative weight.
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
        """The weight given to ``line`` of revoke ``number`` (1-based), if any."""
        names = [TABLE] if line.kind == TABLE else [str(c) for c in line.equivalents]
        for name in names:
            for key in (f"{number}:{name}", name):
                if key in self.given:
                    return self.given[key]
        return None


def _normal_key(key: str) -> str:
    k = key.strip()
    prefix, _, name = k.rpartition(":")
    name = TABLE if name.lower() == TABLE else str(Card.parse(name))
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
    basis: str
    """``"64A"`` (the transfer stands), ``"64C"`` (adjusted score) or ``"none"`` (no
    transfer and no adjustment)."""
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
        return _director_weights(lines, weights, cf.revoke + 1)
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
    """The line best for the non-offenders among those weighing at least ``threshold``
    (if none does, among the heaviest)."""
    lines = cf.lines
    p = _director_weights(lines, weights, cf.revoke + 1)
    candidates = [i for i, w in enumerate(p) if w >= threshold - EPSILON]
    if not candidates:
        top = max(p)
        candidates = [i for i, w in enumerate(p) if w >= top - EPSILON]
    return _one_hot(len(lines), max(candidates, key=lambda i: sign * lines[i].declarer_tricks))


def _one_hot(n: int, pick: int) -> tuple[float, ...]:
    return tuple(1.0 if i == pick else 0.0 for i in range(n))


def _director_weights(lines: Sequence[Line], weights: Weights, number: int
                      ) -> tuple[float, ...]:
    """Law 12C1(c): named lines get their weight, the rest of 1 is shared equally."""
    named = [weights.for_line(ln, number) for ln in lines]
    given = sum(w for w in named if w is not None)
    free = [i for i, w in enumerate(named) if w is None]
    if given > 1 + EPSILON:
        raise ModelError(f"the weights given for revoke {number} add up to {given:g}, over 1")
    if not free:
        if given <= EPSILON:
            return tuple(1.0 / len(lines) for _ in lines)
        return tuple((w or 0.0) / given for w in named)
    share = (1.0 - given) / len(free)
    return tuple(share if w is None else w for w in named)


# --- The comparison -----------------------------------------------------------------------


def _sign(ruling: AutomaticRuling, nos: Side | None) -> int:
    return 1 if nos is None or nos == ruling.replay.declarer_side else -1


def compare(ruling: AutomaticRuling, counterfactuals: Sequence[Counterfactual],
            policy: Policy = Policy.WEIGHTED, weights: Weights = Weights(),
            event: Event = TOTAL_POINTS, vulnerability: Vulnerability = Vulnerability.NONE,
            thresholds: Thresholds = Thresholds(), serious_error: bool = False) -> Ruling:
    """Rule under Law 64C on top of the automatic ruling (see the module docstring)."""
    contract = ruling.replay.contract

    def value_ns(weighted: Sequence[tuple[int, float]]) -> float:
        return event.value_ns(WeightedScore.of(contract, vulnerability, weighted))

    after = ruling.after_transfer_tricks
    transferred = any(r.stands and r.transfer for r in ruling.revokes)
    base = "64A" if transferred else "none"
    current: tuple[tuple[int, float], ...] = ((after, 1.0),)
    steps = [_policy_step(policy, weights, thresholds), _event_step(event)]
    if not counterfactuals:
        steps.append(Step("64C1", "no established revoke stands: no equity check."))
        return Ruling(ruling, policy, (), base, current, tuple(steps), event=event,
                      vulnerability=vulnerability)
    assessments = [Assessment(cf, line_weights(cf, policy, weights, sign, thresholds),
                              offender_weights(cf, policy, weights, sign, thresholds))
                   for cf in counterfactuals for sign in [_sign(ruling, cf.non_offenders)]]
    if not ruling.replay.finished:
        steps.append(Step("64C1", "the play record stops before the end of play without a "
                                  "claim: the Law 64A result counts only the tricks played, "
                                  "the lines all thirteen, so they are shown but not "
                                  "compared; the Director must judge.", StepKind.DECISION))
        return Ruling(ruling, policy, tuple(assessments), base, current, tuple(steps),
                      event=event, vulnerability=vulnerability)
    basis, adjusted_for, offenders, nos_side = base, None, None, None
    for a in assessments:
        cf = a.counterfactual
        if cf.non_offenders is None:
            steps.append(_both_sides_step(ruling, a))
            current, basis, adjusted_for, offenders = a.weighted, "64C", cf.revoke, None
            continue
        gain = nos_gain(contract, vulnerability, event, cf.non_offenders, current, a.weighted)
        steps.append(_check_step(ruling, a, value_ns(current), value_ns(a.weighted),
                                 gain > EPSILON, event))
        if gain > EPSILON:
            current, basis, adjusted_for = a.weighted, "64C", cf.revoke
            offenders = a.offenders_weighted if a.offender_weights is not None else None
            nos_side = cf.non_offenders
    if basis == "64C" and serious_error and nos_side is not None:
        offenders = offenders or current
        current = ((after, 1.0),)
        steps.append(Step("12C1(e)", "the non-offenders contributed to their own damage by a "
                                     "serious error unrelated to the revoke: they keep their "
                                     "table score (the Law 64A result); the offenders get "
                                     "the adjusted score."))
    if offenders is not None and offenders == current:
        offenders = None
    steps.append(_decision_step(ruling, basis, current, adjusted_for, offenders))
    return Ruling(ruling, policy, tuple(assessments), basis, current, tuple(steps),
                  adjusted_for=adjusted_for, offenders_weighted=offenders,
                  non_offenders=nos_side, event=event, vulnerability=vulnerability)


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
    step = Step("64C1", "equity not checked (no double-dummy solving was asked for).")
    return Ruling(ruling, policy, (), "64A" if transferred else "none",
                  ((ruling.after_transfer_tricks, 1.0),), (step,), solved=False,
                  event=event, vulnerability=vulnerability)


def _mean(weighted: Sequence[tuple[int, float]]) -> float:
    return sum(t * w for t, w in weighted)


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
    how = (f"the Director's weights ({given}), the rest shared equally" if given
           else "every line weighted equally")
    return Step("12C1(c)", f"policy weighted: {how}.")


def _tricks(ruling: AutomaticRuling, weighted: Sequence[tuple[int, float]]) -> str:
    c = ruling.replay.contract
    if len(weighted) == 1:
        t = weighted[0][0]
        return f"{t} tricks ({c.result_text(t)})"
    return " + ".join(f"{w:.0%} of {t} tricks" for t, w in weighted)


def _check_step(ruling: AutomaticRuling, a: Assessment, current: float, equity: float,
                gain: bool, event: Event) -> Step:
    cf = a.counterfactual
    rev = ruling.revokes[cf.revoke].revoke
    nos = cf.non_offenders.name if cf.non_offenders is not None else "?"
    head = (f"revoke {cf.revoke + 1} (trick {rev.trick}): the lines give declarer "
            f"{_tricks(ruling, a.weighted)}, mean {a.equity_tricks:.2f}")
    if cf.law == "64C2(a)":
        head += (" (from the position after the earlier revoke, which stands, with its "
                 "Law 64A transfer)")
    worth = (f"worth {equity:+.2f} {event.unit} to N-S against {current:+.2f} after the "
             "Law 64A transfer")
    verdict = (f"{worth}, better for {nos}: insufficiently compensated" if gain
               else f"{worth}, not better for {nos}: compensated")
    return Step(cf.law, f"{head}; {verdict}.")


def _both_sides_step(ruling: AutomaticRuling, a: Assessment) -> Step:
    return Step("64C2(b)", "both sides revoked: the score is adjusted as though neither had "
                           f"revoked: {_tricks(ruling, a.weighted)}.")


def _decision_step(ruling: AutomaticRuling, basis: str,
                   current: Sequence[tuple[int, float]], adjusted_for: int | None,
                   offenders: Sequence[tuple[int, float]] | None) -> Step:
    if basis == "64C":
        assert adjusted_for is not None
        theirs = (f"; the offenders get {_tricks(ruling, offenders)}" if offenders else "")
        return Step("64C", f"adjusted score for revoke {adjusted_for + 1}: "
                           f"{_tricks(ruling, current)}{theirs}, in place of its Law 64A "
                           "transfer (never both); not below the Law 64A result "
                           "(Law 12B2).", StepKind.DECISION)
    if basis == "64A":
        return Step("64A", f"the transfer stands: {_tricks(ruling, current)}.",
                    StepKind.DECISION)
    return Step("64C1", f"no transfer and no adjustment: {_tricks(ruling, current)}.",
                StepKind.DECISION)
