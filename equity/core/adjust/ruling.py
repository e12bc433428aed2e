"""Law 64C1: was the automatic transfer enough? The comparison and the final ruling.

The non-offenders' result after the Law 64A transfers is compared with the equity of the
candidate lines (:mod:`equity.core.adjust.candidates`) in the event's own currency
(:class:`~equity.core.game.scoring.Event`: total points by default, matchpoints against a
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

The policy (always named in the ruling: ``weighted``, ``dd`` or ``favourable``) turns a
revoke's lines into a score: :mod:`equity.core.adjust.weights`. How far the weights may move
before the decision changes: :mod:`equity.core.adjust.sensitivity`.

With ``serious_error`` (Law 12C1(e)) the non-offenders contributed to their own damage
by a serious error unrelated to the revoke: the offenders get the adjusted score; the
non-offenders get no redress for the self-inflicted part only. The Director states it in
tricks (``self_inflicted``): the non-offenders get the adjusted score less those tricks,
never less than the Law 64A result. Without it the tool cannot measure it and the
non-offenders keep the Law 64A result (the whole damage beyond it taken as
self-inflicted), which the ruling says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.adjust.line import Counterfactual, Line
from equity.core.adjust.sensitivity import sensitivity as sensitivity_sentence
from equity.core.adjust.weights import (
    DEFAULT_THRESHOLDS,
    EPSILON,
    GRID,
    Assessment,
    Policy,
    Thresholds,
    Weights,
    announce_result,
    line_weights,
    offender_weights,
)
from equity.core.game import (
    Card,
    Contract,
    Event,
    Seat,
    Side,
    Vulnerability,
    WeightedScore,
    Work,
)
from equity.core.law import (
    AutomaticRuling,
    Finding,
    Paragraphs,
    Step,
    StepKind,
)

if TYPE_CHECKING:  # types only: Law 16B is imported when a ruling has its facts
    from equity.core.law import InfoFinding, Judged

TOTAL_POINTS = Event()
"""The default form of scoring: total points."""
NO_WEIGHTS = Weights()


class Basis(StrEnum):
    """What the final ruling rests on (JSON ``ruling.basis``)."""

    TRANSFER = "64A"
    """The Law 64A transfer stands."""
    ADJUSTED = "64C"
    """A Law 64C adjusted score."""
    UNAUTHORISED = "16C2"
    """An adjusted score because a player of the offending side chose, at a correction,
    a card the withdrawn cards suggested (Laws 16C2, 12C1)."""
    INFORMATION = "16B"
    """An adjusted score because a player chose a card that unauthorised information
    from partner (a question, a hesitation) suggested over a logical alternative (Laws
    16B1, 16B3, 12C1)."""
    NONE = "none"
    """No transfer and no adjustment."""
    CLAIM = "70"
    """The Director adjudicated a contested claim (Law 70): its award is the result."""
    AGREEMENT_WITHDRAWN = "69B"
    """An agreed claim, its agreement withdrawn by the agreeing side for a trick it would
    likely have won (Law 69B)."""
    CONCESSION_CANCELLED = "71"
    """A concession cancelled for a trick that could not be lost by any normal play
    (Law 71)."""
    TRANSFER_CLAIM = "64+70"
    """A Law 64A transfer from the tricks of an adjudicated claim."""
    TRANSFER_AGREEMENT = "64+69B"
    TRANSFER_CONCESSION = "64+71"

    @property
    def adjusted(self) -> bool:
        """An adjusted score (Law 64C or Laws 16B/16C2 and 12C1), not the automatic
        result."""
        return self in (Basis.ADJUSTED, Basis.UNAUTHORISED, Basis.INFORMATION)


class Ruling(Struct, frozen=True):
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
    findings: tuple[tuple[int, Finding], ...] = ()
    """Law 16C2 on each 62C2 change at a correction the record shows, with the index of
    its revoke (JSON ``ruling.unauthorised``)."""
    informed: tuple[InfoFinding, ...] = ()
    """Law 16B on each group of unauthorised information from partner (JSON
    ``ruling.unauthorised``, with ``law`` "16B")."""
    weights: Weights = NO_WEIGHTS
    """The weights the Director named (``--weight``, ``--drop``) that the lines were
    weighed with (what the report says of a line he set to nothing)."""
    thresholds: Thresholds = field(default_factory=Thresholds)
    """The 'likely' and 'at all probable' shares the results were weighed with."""

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


# --- The comparison -----------------------------------------------------------------------


def _sign(ruling: AutomaticRuling, nos: Side | None) -> int:
    return 1 if nos is None or nos == ruling.replay.declarer_side else -1


Dist = tuple[tuple[int, float], ...]
"""A result as (declarer's tricks, weight), weights summing to 1."""


def compare(ruling: AutomaticRuling, counterfactuals: Sequence[Counterfactual],
            policy: Policy | None = None, weights: Weights = NO_WEIGHTS,
            event: Event = TOTAL_POINTS, vulnerability: Vulnerability = Vulnerability.NONE,
            thresholds: Thresholds = DEFAULT_THRESHOLDS, serious_error: bool = False
            ) -> Ruling:
    """Rule under Law 64C on top of the automatic ruling (see the module docstring),
    then Law 16B on any unauthorised information from partner. ``policy`` None: the
    Director's method on the board (:attr:`AutomaticRuling.assignment`, Law 12)."""
    policy = policy_of(ruling, policy)
    informed = [cf for cf in counterfactuals if cf.information is not None]
    out = _compare(ruling, [cf for cf in counterfactuals if cf.information is None], policy,
                   weights, event, vulnerability, thresholds, serious_error)
    out = replace(out, weights=weights, thresholds=thresholds)
    found = tuple((cf.revoke, cf.finding) for cf in counterfactuals if cf.finding is not None)
    if found:
        out = replace(out, findings=found)
    if informed and not ruling.revokes:  # no revoke: Law 64C has nothing to say
        out = replace(out, steps=tuple(
            st for st in out.steps if not st.law.startswith("64C")))
    for cf in informed:
        out = _law_16b(out, cf, weights, thresholds)
    return _on_claim(out)


def policy_of(ruling: AutomaticRuling, policy: Policy | None) -> Policy:
    """The policy the Director named, else the method Law 12 gives him on the board:
    weighted, or non-reciprocal (``favourable``)."""
    if policy is not None:
        return policy
    return Policy.WEIGHTED if ruling.assignment.weighted else Policy.FAVOURABLE


def _on_claim(out: Ruling) -> Ruling:
    """The basis of a result that a ruling on the claim shaped (Laws 69B, 70, 71; with a
    Law 64A transfer ``64+70``), where no adjusted score replaced it."""
    claimed = out.automatic.basis
    if claimed is None or out.basis not in (Basis.NONE, Basis.TRANSFER):
        return out
    return replace(out, basis=Basis(claimed))


def _law_16b(out: Ruling, cf: Counterfactual, weights: Weights, thresholds: Thresholds
             ) -> Ruling:
    """Law 16B on one group of unauthorised information: its finding as a step and, when
    he used it (16B1) and play is over, its adjusted play weighed (as a Law 64C line,
    Law 12C1(c)) against the ruling so far: the non-offenders get it when it is better
    for them (16B3)."""
    f = cf.information
    assert f is not None
    ruling = out.automatic
    steps = [*out.steps, _information_step(ruling, cf)]
    informed = (*out.informed, f)
    if not cf.lines or not ruling.replay.finished or cf.non_offenders is None:
        return replace(out, steps=tuple(steps), informed=informed)
    cf, which = _alternatives_weighed(ruling, cf, out.policy)
    steps.append(which)
    assert cf.non_offenders is not None
    sign = _sign(ruling, cf.non_offenders)
    a = Assessment(cf, line_weights(cf, out.policy, weights, sign, thresholds),
                   offender_weights(cf, out.policy, weights, sign, thresholds))
    current = out.weighted
    gain = nos_gain(ruling.replay.contract, out.vulnerability, out.event, cf.non_offenders,
                    current, a.weighted)
    s = f.infraction
    assert s is not None
    nos = side_name(cf.non_offenders)
    b3 = ruling.edition.law_16b("3")
    several = _several(cf)
    played_with = _with(cf, s.without)
    worth = (f"the play with {played_with} gives declarer {_tricks(ruling, a.weighted)}, "
             f"mean {_mean(a.weighted):.2f}, against {_tricks(ruling, current)} so far")
    if gain <= EPSILON:
        steps.append(Step(b3, f"{worth}: not better for {nos}: {nos} were not damaged by the "
                              "infraction; the score stands.", StepKind.CHECK))
        return replace(out, steps=tuple(steps), informed=informed,
                       assessments=(*out.assessments, a))
    theirs = a.offenders_weighted if a.offender_weights is not None else None
    steps.append(Step(b3, f"{worth}: better for {nos}: {nos} were damaged by the "
                          "infraction.", StepKind.CHECK))
    assigned = ruling.edition.law12.assigned
    instead = (f"{s.seat.long_name}'s logical alternatives weighed" if several else
               f"{s.seat.long_name}'s logical alternative {s.without.pretty}")
    steps.append(Step(b3, f"adjusted score (Laws {b3}, {assigned}): "
                          f"{_tricks(ruling, a.weighted)}"
                              + (f"; the offenders get {_tricks(ruling, theirs)}"
                                 if theirs and theirs != a.weighted else "")
                              + f", the play with {instead} in place of {s.played.pretty}.",
                      StepKind.DECISION))
    return replace(
        out, steps=tuple(steps), informed=informed, assessments=(*out.assessments, a),
        basis=Basis.INFORMATION, weighted=a.weighted, adjusted_for=None,
        offenders_weighted=theirs if theirs and theirs != a.weighted else None,
        non_offenders=cf.non_offenders if theirs and theirs != a.weighted else None)


def _alternatives_weighed(ruling: AutomaticRuling, cf: Counterfactual, policy: Policy
                          ) -> tuple[Counterfactual, Step]:
    """Which logical alternatives the adjusted play after a Law 16B or 16C2 infraction
    starts from, and the step that says which and why (issue 47), one rule for both:
    weighted (Law 12C1(c), the WBF, the EBU, the ACBL from 2016) every alternative worse
    for his side than his card, each by its chance for a player of the class without the
    information, the alternatives as good for his side as his card not counted (the
    non-offenders get the benefit of the doubt); assigned (2007 Law 12C1(e), 1997 Law
    12C2) or ``dd``, the worst for the offenders (Law 84D)."""
    seat, played, without, shares, law = _infraction(ruling, cf)
    p = ruling.edition.law12
    who = seat.long_name
    if policy is Policy.WEIGHTED and len(shares) > 1:
        each = ", ".join(f"{c.pretty} {w:.0%}" for c, w in shares)
        return cf, Step(p.weighted, f"the adjusted play weighs {who}'s logical "
                        f"alternatives worse for his side than {played.pretty} by their "
                        f"chances for a player of the class without the information: {each} "
                        f"(Law {p.weighted}: the Director weighs the results that were "
                        "likely; an alternative as good for his side as the card he played "
                        f"does not count: the doubt is the non-offenders', Law {p.doubtful}).",
                        StepKind.POLICY)
    kept = tuple(ln for ln in cf.lines if ln.card == without)
    if len(shares) < 2:
        return replace(cf, lines=kept), Step(
            law, f"the adjusted play starts from {who}'s one logical alternative worse for "
            f"his side than {played.pretty}, {without.pretty}.", StepKind.POLICY)
    why = (f"policy {policy.value}: an assigned score, not weighted; Law "
           f"{p.of('non-reciprocal') or p.probable}" if policy is not Policy.DD else
           "policy dd: perfect play")
    return replace(cf, lines=kept), Step(
        p.doubtful, f"the adjusted play starts from {who}'s logical alternative worst for "
        f"his side, {without.pretty} ({why}; the doubt goes against the offenders, Law "
        f"{p.doubtful}).", StepKind.POLICY)


def _several(cf: Counterfactual) -> bool:
    """Whether the adjusted play weighs several logical alternatives (Law 12C1(c))."""
    return len({ln.card for ln in cf.lines if ln.card is not None}) > 1


def _with(cf: Counterfactual, without: Card) -> str:
    """What the adjusted play is played with, in words: his logical alternatives
    weighed, or the one (``without``)."""
    return "his logical alternatives weighed" if _several(cf) else without.pretty


def _infraction(ruling: AutomaticRuling, cf: Counterfactual
                ) -> tuple[Seat, Card, Card, tuple[tuple[Card, float], ...], str]:
    """The infraction a counterfactual adjusts, Law 16B (its paragraph 16B3, 1997's 16A)
    or 16C2 at a correction (the edition's own: 2017 and 1997 16C2, 2007 16D2): who
    played, his card, his alternative worst for his side, the alternatives worse for his
    side with their shares, and the paragraph that adjusts."""
    if cf.information is not None:
        s = cf.information.infraction
        assert s is not None
        return (s.seat, s.played, s.without, s.shares or ((s.without, 1.0),),
                ruling.edition.law_16b("3"))
    f = cf.finding
    assert f is not None and f.unauthorised is not None
    without = f.unauthorised.without
    shares = tuple((c, w) for c, w, _ in f.starts()) or ((without, 1.0),)
    return f.change.seat, f.change.replaced_by, without, shares, ruling.edition.withdrawn_info


def _information_step(ruling: AutomaticRuling, cf: Counterfactual) -> Step:
    """Law 16B1 in words: what he knew, what it suggested, the logical alternative."""
    f = cf.information
    assert f is not None
    who = f.info.seat.long_name
    b1 = ruling.edition.law_16b("1")
    head = (f"{who} had unauthorised information from trick {f.info.trick}: "
            f"{f.info.describe()}")
    s = f.infraction
    if s is None:
        judged = "".join(f" At trick {j.trick} he played {j.played.pretty}: "
                         f"{_judged_words(j)}." for j in f.judged)
        return Step(b1, f"{head}; of his {f.checked} later decision"
                            f"{'s' if f.checked != 1 else ''} with cards of different value "
                            "none chose a card it suggested over a logical alternative "
                            f"worse for his side: his play stands.{judged}", StepKind.CHECK)
    las = ", ".join(c.pretty for c in s.alternatives)
    text = (f"{head}. At trick {s.trick} his logical alternatives without it were {las}; "
            f"it suggested {s.suggested.pretty} (chosen {s.chances[0]:.0%} without the "
            f"information, {s.chances[1]:.0%} with it) and he played {s.played.pretty}, "
            f"better for his side double dummy than {s.without.pretty} "
            f"({s.before + s.values[s.played]} against {s.before + s.values[s.without]} "
            f"tricks for declarer): {s.played.pretty} was not allowed ({b1})")
    if not ruling.replay.finished:
        text += ("; play continues: the Director adjusts at the end of play if it "
                 "damaged the non-offenders")
    return Step(b1, text + ".", StepKind.CHECK)


def _judged_words(j: Judged) -> str:
    """One judged decision in words: each card's chance without and with the
    information, its value, his logical alternatives, the layouts it was judged on."""
    cards = "; ".join(f"{c.pretty} {p0:.0%} without, {p1:.0%} with ({v} tricks for "
                      f"declarer)" for c, p0, p1, v in j.cards if p0 >= 0.005 or p1 >= 0.005)
    las = ", ".join(c.pretty for c in j.alternatives)
    return (f"{cards}; his logical alternatives without it: {las} (judged on {j.layouts} "
            "layouts of what he could know, the same with and without the information)")


def _compare(ruling: AutomaticRuling, counterfactuals: Sequence[Counterfactual],
             policy: Policy, weights: Weights, event: Event, vulnerability: Vulnerability,
             thresholds: Thresholds, serious_error: bool) -> Ruling:
    after = ruling.after_transfer_tricks
    transferred = any(r.transfer for r in ruling.revokes)
    base = Basis.TRANSFER if transferred else Basis.NONE
    current: Dist = ((after, 1.0),)
    # Law 16C2 findings with nothing to weigh are reported, not compared
    found = [_finding_step(ruling, cf) for cf in counterfactuals if not cf.lines]
    counterfactuals = [cf for cf in counterfactuals if cf.lines]
    # the policy and the currency only where there are lines to weigh and compare
    steps = [_policy_step(ruling, policy, weights, thresholds), _event_step(event)] \
        if counterfactuals else []
    steps += found
    if not counterfactuals:
        steps.append(_pending_step(ruling) if ruling.pending else
                     _no_revoke(ruling) if not ruling.revokes else
                     Step(ruling.edition.law_64c(), _nothing_stands(ruling)))
        return Ruling(ruling, policy, (), base, current, tuple(steps), event=event,
                      vulnerability=vulnerability)
    # Law 16C2 adjusted plays: which logical alternatives, per Law 12 (as for 16B)
    said: list[Step | None] = []
    weighed: list[Counterfactual] = []
    for cf in counterfactuals:
        which: Step | None = None
        if cf.finding is not None and cf.finding.infraction:
            cf, which = _alternatives_weighed(ruling, cf, policy)
        weighed.append(cf)
        said.append(which)
    counterfactuals = weighed
    assessments = [Assessment(cf, line_weights(cf, policy, weights, sign, thresholds),
                              offender_weights(cf, policy, weights, sign, thresholds))
                   for cf in counterfactuals for sign in [_sign(ruling, cf.non_offenders)]]
    if not ruling.replay.finished:
        steps.append(_pending_step(ruling))
        steps.append(Step(ruling.edition.law_64c(), "the lines are shown but not "
                                                    "compared: the Law 64A "
                                  "transfer and the equity check come at the end of play; "
                                  "the Director must judge.", StepKind.DECISION))
        return Ruling(ruling, policy, tuple(assessments), base, current, tuple(steps),
                      event=event, vulnerability=vulnerability)
    if len(assessments) == 1 and assessments[0].counterfactual.non_offenders is None:
        a = assessments[0]
        steps.append(_both_sides_step(ruling, a))
        steps.append(_decision_step(ruling, Basis.ADJUSTED, a.weighted, a.counterfactual.revoke,
                                    None, both_sides=True))
        return Ruling(ruling, policy, tuple(assessments), Basis.ADJUSTED, a.weighted,
                      tuple(steps), adjusted_for=a.counterfactual.revoke,
                      event=event, vulnerability=vulnerability)
    return _chain(ruling, assessments, policy, event, vulnerability, serious_error, steps,
                  thresholds, said)


def _chain(ruling: AutomaticRuling, assessments: list[Assessment], policy: Policy,
           event: Event, vulnerability: Vulnerability, serious_error: bool,
           steps: list[Step], thresholds: Thresholds, said: Sequence[Step | None]
           ) -> Ruling:
    """Several revokes, one rule (module docstring): in play order, each revoke gets the
    better for the non-offenders of its transfer and its equity, measured from the
    position after the earlier revokes with their rectifications (``said``: for each,
    the step saying which logical alternatives a Law 16C2 adjusted play weighs)."""
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
    # each revoke's rectification (its transfer, or what its equity took away), by index
    rect: dict[int, Quantiles] = {}
    rect_off: dict[int, Quantiles] = {}
    basis = Basis.TRANSFER if any(r.transfer for r in ruling.revokes) \
        else Basis.NONE
    adjusted_for: int | None = None
    done: list[tuple[int, str]] = []  # the earlier revokes' rectifications, in words
    for k, a in enumerate(assessments):
        cf = a.counterfactual
        rv = ruling.revokes[cf.revoke]
        t = rv.transfer if rv.offender_side != declarer else -rv.transfer
        nxt = played[k + 1] if k + 1 < len(played) else table
        nxt_off = theirs[k + 1] if k + 1 < len(theirs) else table
        earlier = _sum(rect.values())
        # 1997 (seed 003, "a long time ago"): a repeated revoke's equity is measured
        # without the transfer of the revoke it repeats, and replaces it
        dropped = cf.repeats if not ruling.edition.repeat_after_first else ()
        kept = _sum(q for j, q in rect.items() if j not in dropped)
        with_transfer = _result(_align(_align(nxt, earlier, 1), _point(t), 1))
        with_equity = _result(_align(played[k], kept, 1))
        gain = nos_gain(contract, vulnerability, event, nos, with_transfer, with_equity)

        def gain_with(weights: Sequence[float], a: Assessment = a,
                      before: Quantiles = kept, current: Dist = with_transfer) -> float:
            equity = _result(_align(_quantiles(_play_dist(a, weights)), before, 1))
            return nos_gain(contract, vulnerability, event, nos, current, equity)

        sensitivity.append(sensitivity_sentence(a, policy, gain_with, thresholds, sign_of(nos),
                                        len(assessments) > 1))
        if cf.finding is not None:
            steps.append(_finding_step(ruling, cf))
        if (which := said[k]) is not None:
            steps.append(which)
        steps.append(_check_step(ruling, a, with_equity, value_ns(with_transfer),
                                 value_ns(with_equity), gain > EPSILON, event,
                                 _earlier_words(done) if k else ""))
        if gain > EPSILON:
            for j in dropped:
                rect[j] = rect_off[j] = _point(0)
            rect[cf.revoke] = _align(played[k], nxt, -1)
            rect_off[cf.revoke] = _align(theirs[k], nxt_off, -1)
            adjusted_for = cf.revoke
            basis = (Basis.ADJUSTED if basis is Basis.ADJUSTED or cf.finding is None
                     else Basis.UNAUTHORISED)
            done.append((cf.revoke, "adjusted score"))
        else:
            rect[cf.revoke] = rect_off[cf.revoke] = _point(t)
            if t:
                done.append((cf.revoke, "transfer"))
    earlier = _sum(rect.values())
    earlier_off = _sum(rect_off.values())
    # several revokes' results added: announced as one weighted score again (Law 12C1(c))
    floor = thresholds.announce if policy is Policy.WEIGHTED else 0.0
    current = announce_result(_result(_align(table, earlier, 1)), floor, sign_of(nos))
    offenders: Dist | None = announce_result(_result(_align(table, earlier_off, 1)), floor,
                                             sign_of(nos))
    after: Dist = ((ruling.after_transfer_tricks, 1.0),)
    if basis.adjusted and \
            nos_gain(contract, vulnerability, event, nos, after, current) <= EPSILON:
        # Law 12B2: the adjustments together must leave the non-offenders better off
        steps.append(Step(ruling.edition.law12.severity, "the revokes' rectifications "
                          f"together are not better for {nos.name} than the Law 64A result: "
                          "it stands.", StepKind.DECISION))
        current, offenders, adjusted_for = after, None, None
        basis = Basis.TRANSFER if any(r.transfer for r in ruling.revokes) \
            else Basis.NONE
    nos_side = nos if basis.adjusted else None
    if basis.adjusted and serious_error:
        current = _serious_error(ruling, current, steps)
    if offenders == current or not basis.adjusted:
        offenders = None
    weighed = next((a.counterfactual for a in assessments
                    if a.counterfactual.revoke == adjusted_for and a.counterfactual.finding
                    is not None and _several(a.counterfactual)), None)
    steps.append(_decision_step(ruling, basis, current, adjusted_for, offenders,
                                alternatives="his logical alternatives weighed"
                                if weighed is not None else ""))
    if basis.adjusted:
        low = _below_64a(ruling, current, nos)
        if low is not None:
            steps.append(low)
    return Ruling(ruling, policy, tuple(assessments), basis, current, tuple(steps),
                  adjusted_for=adjusted_for, offenders_weighted=offenders,
                  non_offenders=nos_side, event=event, vulnerability=vulnerability,
                  sensitivity=" ".join(sensitivity))


def _serious_error(ruling: AutomaticRuling, adjusted: Dist, steps: list[Step]) -> Dist:
    """Law 12C1(e) (2007: 12C1(b)): the non-offenders get no redress for the
    self-inflicted part of the damage: the adjusted score less the tricks the Director
    finds self-inflicted (his finding, ``Facts.self_inflicted``), never less than the
    Law 64A result."""
    after = ruling.after_transfer_tricks
    sign = 1 if ruling.replay.declarer_side == _nos_of(ruling) else -1
    own = ruling.replay.board.facts.self_inflicted
    law = ruling.edition.law12.serious_error
    if own is None:
        steps.append(Step(law, "the non-offenders contributed to their own damage by a "
                               "serious error unrelated to the revoke; the Director has not "
                               "said how much of the damage it caused, so all of it beyond "
                               "the Law 64A result is taken as self-inflicted: they keep the "
                               "Law 64A result; the offenders get the adjusted score.",
                          StepKind.SERIOUS_ERROR))
        return ((after, 1.0),)
    out = _merge_dist((t - sign * own if sign * (t - sign * own) > sign * after else after, w)
                      for t, w in adjusted)
    steps.append(Step(law, "the non-offenders contributed to their own damage by a serious "
                           f"error unrelated to the revoke, which cost them {own} "
                           f"trick{'s' if own != 1 else ''} (the Director's finding): they "
                           "get the adjusted score less that self-inflicted part, never less "
                           f"than the Law 64A result ({_tricks(ruling, out)}); the offenders "
                           "get the adjusted score.", StepKind.SERIOUS_ERROR))
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
    p = ruling.edition.law12
    return Step(p.weighted, f"the weighted score includes results below the Law 64A result "
                            f"({after} tricks) for the non-offenders: {parts}; the score as "
                            "a whole is better for them than the Law 64A result, which is "
                            f"why it replaces it (Laws {ruling.edition.law_64c()}, "
                            f"{p.severity}).", StepKind.DECISION)


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


def _sum(items: Iterable[Quantiles]) -> Quantiles:
    """Several results added segment by segment."""
    out = _point(0)
    for q in items:
        out = _align(out, q, 1)
    return out


def _result(q: Quantiles) -> Dist:
    """A quantile function as a result: declarer's tricks (kept in 0..13) and weights."""
    return _merge_dist((max(0, min(13, v)), w) for w, v in q)


def _no_revoke(ruling: AutomaticRuling) -> Step:
    """A board without a revoke: nothing of Law 64 to say; the result is the table's, or
    the claim as the Director ruled it (Laws 69-71)."""
    claim = ruling.claim
    if claim is None:
        return Step("61A", "no revoke: the result obtained at the table stands.",
                    StepKind.DECISION)
    law = claim.law if claim.law != "70" else "70A"
    return Step(law, f"no revoke: the board is scored as the Director ruled the claim, "
                     f"declarer {claim.awarded} tricks.", StepKind.DECISION)


def _nothing_stands(ruling: AutomaticRuling) -> str:
    sides = {r.offender_side for r in ruling.revokes if r.stands}
    if len(sides) == 2:  # only under 1997, which has no 64B7 and no 64C2(b)
        return ("both sides revoked: the 1997 Laws have no Law 64B7 and no 64C2(b), so each "
                "revoke keeps its Law 64A transfer; whether one side's revoke left the other "
                "insufficiently compensated is the Director's to judge (the tool does not "
                "weigh one side's revoke against the other's).")
    if any(r.transfer for r in ruling.revokes):  # Law 43B2(b)
        return ("the revoke was corrected and Law 64 applied as if it were established "
                "(Law 43B2(b)): the play after it is the table's own, so there is nothing "
                "for an equity check to restore; the transfer stands.")
    return "no established revoke stands: no equity check."


def _pending_step(ruling: AutomaticRuling) -> Step:
    head = ("play continues (the record stops without a claim, where the Director was "
            "called): there is no result yet; ")
    if not any(r.stands for r in ruling.revokes):
        return Step("62A", head + "no revoke is established: it is corrected (Law 62) and "
                                  "play goes on; there is no Law 64A transfer and no Law 64C "
                                  "check.", StepKind.DECISION)
    return Step("64A", head + "an established revoke's transfer is decided at the end of "
                              "play (64A1/64A2), and the Law 64C check after it.",
                StepKind.DECISION)


def nos_gain(contract: Contract, vulnerability: Vulnerability, event: Event, nos: Side,
             current: Sequence[tuple[int, float]], equity: Sequence[tuple[int, float]]
             ) -> float:
    """How much better ``equity`` is than ``current`` for the non-offenders ``nos``, in the
    event's currency (Law 64C1: adjust only when they are insufficiently compensated)."""
    def value_ns(weighted: Sequence[tuple[int, float]]) -> float:
        return event.value_ns(WeightedScore.of(contract, vulnerability, weighted))

    return (1 if nos == Side.NS else -1) * (value_ns(equity) - value_ns(current))


def without_equity(ruling: AutomaticRuling, policy: Policy | None = None,
                   event: Event = TOTAL_POINTS,
                   vulnerability: Vulnerability = Vulnerability.NONE) -> Ruling:
    """The ruling with no Law 64C check (``--no-equity``): the 64A result as it stands."""
    transferred = any(r.transfer for r in ruling.revokes)
    step = (_pending_step(ruling) if ruling.pending else
            Step(ruling.edition.law_64c(), "equity not checked (no double-dummy solving "
                                           "was asked for)."))
    return Ruling(ruling, policy_of(ruling, policy), (),
                  Basis.TRANSFER if transferred else Basis.NONE,
                  ((ruling.after_transfer_tricks, 1.0),), (step,), solved=False,
                  event=event, vulnerability=vulnerability)


def _mean(weighted: Sequence[tuple[int, float]]) -> float:
    return sum(t * w for t, w in weighted)


# --- The steps a Director reads out ---------------------------------------------------------


def _event_step(event: Event) -> Step:
    return Step("64C", f"results are compared in {event.describe()} (Law 64C compares "
                       "scores in the event's own form of scoring).", StepKind.EVENT)


def _policy_step(ruling: AutomaticRuling, policy: Policy, weights: Weights,
                 thresholds: Thresholds) -> Step:
    """The method the adjusted score is assigned by, with the edition's paragraph (Law
    12, :attr:`~equity.core.law.laws.Edition.law12`), why the law gives it on this board,
    and whether the Director chose another."""
    p = ruling.edition.law12
    assigned = ruling.assignment
    law, said = _METHOD_WORDS[policy](p, weights, thresholds)
    why = list(assigned.why)
    if _method(policy) != assigned.method or policy is Policy.DD:
        why.append(f"The Director's choice: the law's method here is {assigned.method} "
                   f"(Law {assigned.law}).")
    return Step(law, " ".join([said, *why]), StepKind.POLICY)


def _method(policy: Policy) -> str:
    return "non-reciprocal" if policy is Policy.FAVOURABLE else "weighted"


def _dd_words(p: Paragraphs, weights: Weights, thresholds: Thresholds) -> tuple[str, str]:
    return p.probable, ("policy dd: the probable outcome is taken as perfect play from the "
                        "corrected position, the offender choosing his best legal card.")


def _non_reciprocal_words(p: Paragraphs, weights: Weights, thresholds: Thresholds
                          ) -> tuple[str, str]:
    """1997 Law 12C2, 2007 Law 12C1(e); the 2017 Laws have no such paragraph."""
    law = p.non_reciprocal or p.probable
    none = ("" if p.non_reciprocal else
            f" (the {p.edition} Laws have no non-reciprocal paragraph: the Director's "
            "reading of the probable outcome)")
    return law, (f"policy favourable, non-reciprocal{none}: the non-offenders get the "
                 "most favourable result that was likely (weight at least "
                 f"{thresholds.likely:.0%}), the offenders the most unfavourable result "
                 f"that was at all probable (weight at least {thresholds.probable:.0%}); "
                 "the two sides' scores need not balance.")


def _weighted_words(p: Paragraphs, weights: Weights, thresholds: Thresholds
                    ) -> tuple[str, str]:
    given = (", ".join(f"{k}={v:g}" for k, v in weights.given.items())
             if weights.given else "")
    how = (f"the Director's weights ({given}), the rest in the default proportions"
           if given else "the default weights")
    off = [f"{k}={v:g}" for k, v in weights.given.items()
           if abs(v / GRID - round(v / GRID)) > EPSILON]
    kept = (f"; the Director's weights off the 5% grid ({', '.join(off)}) are kept as "
            "given, and the result they make is announced on it" if off else "")
    return p.weighted, (f"policy weighted, {how}: the results with their probabilities as "
                        "the table line gives them (the play as it happened, the revoke "
                        "corrected and only what it caused put right, the decision model's "
                        "chances where it leaves the record); the likely lines from the "
                        "revoke and the substitution lines (double dummy) are references "
                        "only. Results under the share a weighted score announces "
                        f"({thresholds.announce:.0%}) are dropped, and each result's weight "
                        "is announced in whole 5% steps summing to 100%, the score computed "
                        f"from the announced weights{kept}.")


_METHOD_WORDS = {Policy.DD: _dd_words, Policy.FAVOURABLE: _non_reciprocal_words,
                 Policy.WEIGHTED: _weighted_words}
"""Each policy's paragraph (by the edition's table) and its sentence."""


def _tricks(ruling: AutomaticRuling, weighted: Sequence[tuple[int, float]]) -> str:
    c = ruling.replay.contract
    if len(weighted) == 1:
        t = weighted[0][0]
        return f"{t} tricks ({c.result_text(t)})"
    return " + ".join(f"{w:.0%} of {t} tricks" for t, w in weighted)


def _check_step(ruling: AutomaticRuling, a: Assessment, equity_dist: Dist, current: float,
                equity: float, gain: bool, event: Event, earlier: str) -> Step:
    """Law 64C on one revoke: the lines' result against the Law 64A result, and whether
    the non-offenders, named, were damaged (``earlier``: the rectifications of the
    earlier revokes the comparison stands after, in words; "" for the first)."""
    cf = a.counterfactual
    rev = ruling.revokes[cf.revoke].revoke
    nos = side_name(cf.non_offenders) if cf.non_offenders is not None else "?"
    head = (f"revoke {cf.revoke + 1} (trick {rev.trick}): the lines give declarer "
            f"{_tricks(ruling, equity_dist)}, mean {_mean(equity_dist):.2f}")
    if earlier and cf.repeats and not ruling.edition.repeat_after_first:
        head += (" (from the position after the earlier revokes, which stand as played; "
                 "the same player revoked again in the same suit: the practice of the "
                 "time, which the 1997 Laws do not write down — as the EBL directors' "
                 "notes 'All you should know about revokes' describe it ('a long time "
                 "ago we followed a different line') — takes this revoke's equity without "
                 "the transfer for the revoke it repeats, and uses it only when it gives "
                 "the non-offenders more than the Law 64A result: equity or the transfer, "
                 "never both)")
    elif earlier:
        head += (" (from the position after the earlier revokes, which stand as played, "
                 "with their rectifications" + _repeat_clause(ruling, cf) + ")")
    rv = ruling.revokes[cf.revoke]
    after = f" {earlier}" if earlier else ""
    against = ("as the table played it" if cf.finding is not None
               else f"with its Law 64A transfer{after}" if rv.transfer
               else f"with no trick transferred (Law {rv.exemption}){after}" if rv.exemption
               else f"with no trick transferred{after}")
    worth = f"worth {equity:+.2f} {event.unit} to N-S against {current:+.2f} {against}"
    if cf.finding is not None:
        who = cf.finding.change.seat.long_name
        played = (f"{who}'s logical alternatives weighed" if _several(cf) else
                  f"the card {who} would have chosen")
        head = (f"revoke {cf.revoke + 1} (trick {rev.trick}): the play with {played} "
                f"without the information gives declarer {_tricks(ruling, equity_dist)}, "
                f"mean {_mean(equity_dist):.2f}")
    if cf.finding is not None:
        damaged, whole = (f"{nos} were damaged by the infraction",
                          f"{nos} were not damaged by it")
    elif rv.transfer:
        damaged, whole = (f"the transfer did not compensate {nos}, who were damaged by "
                          "the revoke", f"the transfer compensated {nos}")
    else:
        damaged, whole = (f"{nos} were damaged by the revoke",
                          f"{nos} were not damaged by the revoke")
    verdict = (f"{worth}, better for {nos}: {damaged}" if gain
               else f"{worth}, not better for {nos}: {whole}")
    return Step(cf.law, f"{head}; {verdict}.")


SIDE_WORDS = {Side.NS: "N-S", Side.EW: "E-W"}


def side_name(side: Side) -> str:
    """A side as the ruling names it: "N-S", "E-W"."""
    return SIDE_WORDS[side]


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _earlier_words(done: Sequence[tuple[int, str]]) -> str:
    """The rectifications of earlier revokes a score stands after: "after the first
    revoke's transfer", "after the first revoke's transfer and the second's adjusted
    score" (``done``: (revoke index, "transfer" or "adjusted score"))."""
    parts = [f"the {ORDINALS[i] if i < len(ORDINALS) else f'#{i + 1}'}"
             + ("" if k else " revoke") + f"'s {how}" for k, (i, how) in enumerate(done)]
    if not parts:
        return ""
    return "after " + (parts[0] if len(parts) == 1 else
                       ", ".join(parts[:-1]) + " and " + parts[-1])


def _repeat_clause(ruling: AutomaticRuling, cf: Counterfactual) -> str:
    """Why a repeated revoke is judged after the first one's transfer, per edition."""
    if not cf.repeats:
        return ""
    if ruling.edition.numbered_64c:
        return ("; 64C2(a): the same player revoked again in the same suit (judged after "
                "the first revoke, with its transfer: WBF Laws Committee minute)")
    return ("; the same player revoked again in the same suit: 64A on the first revoke and, "
            "for this one, what would have happened had it not occurred (Law 64C as the "
            "WBF Laws Committee reads it; the 2017 Laws wrote it as 64C2(a))")


def _finding_step(ruling: AutomaticRuling, cf: Counterfactual) -> Step:
    """Law 16C2 on a 62C2 change at a correction the record shows: what the withdrawn
    cards suggested, what he would have chosen without them, and what follows."""
    f = cf.finding
    assert f is not None
    rp = ruling.replay
    p = ruling.edition.law12
    who = f.change.seat.long_name
    played = f.change.replaced_by.pretty
    info = f.unauthorised
    law = ruling.edition.withdrawn_info
    head = (f"revoke {cf.revoke + 1} (trick {f.change.trick}): {who} took back "
            f"{f.change.card.pretty} and played {played}")
    if info is None:
        return Step(law, f"{head}; the cards the non-offenders took back suggested "
                            "nothing over another card (or nothing was left to decide): "
                            "his choice stands.", StepKind.CHECK)
    text = (f"{head}; without the withdrawn {info.withdrawn.pretty} (unauthorised to "
            f"his side, Law {law}) he would choose {info.without.pretty}, with it "
            f"{info.suggested.pretty}")
    if not f.infraction:
        why = ("it is no better for his side" if not info.forbidden else
               f"he did not play {info.suggested.pretty}")
        return Step(law, f"{text}; {why}: his choice stands.", StepKind.CHECK)
    if not cf.lines:
        why = ("play continues: the Director adjusts at the end of play if it damaged "
               "the non-offenders" if not rp.finished else
               "the other side's revokes stand too: the Director combines the two")
        return Step(law, f"{text}, better for his side: {played} was not allowed "
                            f"(Law {p.doubtful}: the doubt against the offenders); {why}.",
                    StepKind.CHECK)
    return Step(law, f"{text}, better for his side: {played} was not allowed; the "
                        f"play is estimated with {_with(cf, info.without)} (Laws {p.assigned}, "
                        f"{p.doubtful}).", StepKind.CHECK)


def _both_sides_step(ruling: AutomaticRuling, a: Assessment) -> Step:
    """Law 64B7 (no transfer) and 64C2(b): both sides offended, so there is no
    non-offending side to compensate: the score is adjusted as though neither revoke had
    occurred, and where that is the table's result, the score stands."""
    exempt = next((r.exemption for r in ruling.revokes if r.exemption), None)
    why = f" (Law {exempt}: no trick transferred)" if exempt else ""
    stands = (a.weighted == ((ruling.corrected_tricks, 1.0),))
    return Step(ruling.edition.law_64c("2(b)"),
                f"both sides offended: each side revoked{why}; the score is adjusted as "
                f"though neither revoke had occurred: {_tricks(ruling, a.weighted)}"
                + (", the table's result: the score stands." if stands else "."),
                StepKind.CHECK)


def _decision_step(ruling: AutomaticRuling, basis: Basis,
                   current: Sequence[tuple[int, float]], adjusted_for: int | None,
                   offenders: Sequence[tuple[int, float]] | None,
                   both_sides: bool = False, alternatives: str = "") -> Step:
    """The decision (``alternatives``: after a Law 16C2 infraction, the logical
    alternatives the adjusted play weighed, in words, when several)."""
    p = ruling.edition.law12
    if basis.adjusted:
        assert adjusted_for is not None
        theirs = (f"; the offenders get {_tricks(ruling, offenders)}" if offenders else "")
        if basis is Basis.UNAUTHORISED:
            law = ruling.edition.withdrawn_info
            with_ = alternatives or "the card he would have chosen"
            return Step(law, f"adjusted score for revoke {adjusted_for + 1}'s correction "
                             f"(Laws {law}, {p.assigned}): {_tricks(ruling, current)}"
                             f"{theirs}, the play with {with_} without the unauthorised "
                             "information.", StepKind.DECISION)
        if both_sides:
            return Step(ruling.edition.law_64c("2(b)"),
                        f"the score as though neither revoke had occurred: "
                        f"{_tricks(ruling, current)} (both sides offended: no side is "
                        "compensated).", StepKind.DECISION)
        rv = ruling.revokes[adjusted_for]
        place = (", in place of its Law 64A transfer (never both)" if rv.transfer else
                 ", no trick having been transferred for it")
        return Step("64C", f"adjusted score for revoke {adjusted_for + 1}: "
                           f"{_tricks(ruling, current)}{theirs}{place}; not below the "
                           f"Law 64A result (Law {p.severity}).", StepKind.DECISION)
    if basis is Basis.TRANSFER:
        return Step("64A", f"the transfer stands: {_tricks(ruling, current)}.",
                    StepKind.DECISION)
    return Step(ruling.edition.law_64c(), f"no transfer and no adjustment: "
                                          f"{_tricks(ruling, current)}.",
                StepKind.DECISION)


__all__ = ["TOTAL_POINTS", "Basis", "Ruling", "compare", "nos_gain", "without_equity"]
