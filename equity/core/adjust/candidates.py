"""Law 64C: what would have happened without the revoke — the candidate lines.

For every revoke that stands (established and not corrected, Law 63B), including those
Law 64B exempts from the transfer, the play is taken back to the moment just before the
revoke card (laws.md §8) and these lines are built:

* **the table line** (:mod:`equity.core.adjust.table_line`) — the play as the table played it
  with the revoke corrected: the offender's natural card, then each player's recorded
  cards in their order as far as they stand; the non-offenders' own errors stand unless
  the revoke induced them (Law 12B1); single dummy where a card cannot stand; double
  dummy after a claim;
* **likely lines** (:mod:`equity.core.player.likely`) — the outcome tree of the decision model
  from the revoke, each distinct result with its probability (Law 12C1(c));
* **the Director's lines and outcomes**, when he gives any;
* **substitution lines** — one for each legal card the offender could have played
  (cards equal in rank once the cards between them are gone count as one), continued
  double dummy: the perfect-play reference (policy ``dd``). One question at that
  position values them all.

Several revokes (laws.md §6):

* **64C2(b)**, both sides have revokes that stand: one set of lines "as though neither
  had revoked" — built from just before the first revoke, the table line correcting
  every revoke in turn (double and single dummy never revoke).
* otherwise (one offending side): every revoke gets its own lines, first revoke first,
  built from the position after the earlier revokes, which stand as played. Their Law
  64A transfers are applied to every line (so a line's ``declarer_tricks`` is a whole
  board result: earlier revokes rectified by 64A, this one by 64C, later ones never
  happen because no line repeats a revoke). That is the 64C2(a) arithmetic of seed 003,
  used also for revokes in different suits or by different players (*practice*: each
  separately, first first). A transfer never takes more than the offenders won in the
  line from the first transferred revoke's trick on (Law 64A).

The lines are built by a generator, :func:`plan`, that asks its double-dummy questions
when it needs them (:mod:`equity.core.game.questions`): :func:`build` answers each list at
once through a :class:`Solver`, ``equity batch`` collects the questions of many boards
and sends them to DDS together. Either way the lines are built once, from real answers,
each question asked once (:func:`~equity.core.game.questions.once_each`), and every
single-dummy decision is made by one :class:`~equity.core.player.decision.DecisionModel` per
ruling, which remembers it: the table line, the natural card and the likely outcomes ask
the same model.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from equity.core.adjust.line import (
    DIRECTOR,
    LIKELY,
    OUTCOME,
    SUBSTITUTION,
    TABLE,
    Counterfactual,
    Departure,
    Leaves,
    Line,
    LineKind,
)
from equity.core.adjust.table_line import TableLine, table_line
from equity.core.game import (
    Card,
    Information,
    ModelError,
    Plan,
    Play,
    Position,
    Replay,
    Revoke,
    Seat,
    Side,
    Solver,
    Work,
    cards,
    once_each,
    solved,
    together,
    values_of,
)
from equity.core.law import LAW, AutomaticRuling, RevokeRuling, changes, judge
from equity.core.player import (
    DecisionModel,
    DirectorLine,
    DirectorOutcome,
    Estimate,
    Inference,
    Outcome,
    Start,
    classes,
)
from equity.core.player import director_line as play_director_line
from equity.core.player import likely as likely_outcomes

NO_ESTIMATE = Estimate()


def plan(ruling: AutomaticRuling, estimate: Estimate = NO_ESTIMATE,
         work: Work | None = None) -> Plan[tuple[Counterfactual, ...]]:
    """The candidate lines for every revoke of ``ruling`` that stands, first one first,
    asking the double-dummy questions as they come (see the module docstring); what it
    cost is added to ``work``."""
    model = estimate.model(ruling.table, work)
    return once_each(_plan(ruling, estimate, model), model.work)


def _plan(ruling: AutomaticRuling, estimate: Estimate, model: DecisionModel
          ) -> Plan[tuple[Counterfactual, ...]]:
    revokes = yield from _revoke_plan(ruling, estimate, model)
    infos = ruling.replay.board.facts.unauthorised
    if not infos:
        return revokes
    informed: list[list[Counterfactual]] = yield from together(
        *[_information(ruling, info, model) for info in infos])
    return (*revokes, *(cf for cfs in informed for cf in cfs))


def _revoke_plan(ruling: AutomaticRuling, estimate: Estimate, model: DecisionModel
                 ) -> Plan[tuple[Counterfactual, ...]]:
    standing = [i for i, r in enumerate(ruling.revokes) if r.stands]
    judged = [i for i, r in enumerate(ruling.revokes) if changes(r.revoke)]
    if not standing and not judged:
        return ()
    _check_director(ruling, standing, estimate)
    sides = {ruling.revokes[i].offender_side for i in standing}
    ed = ruling.edition
    if len(sides) == 2 and not ed.both_sides_exempt:
        # 1997: no 64B7 and no 64C2(b): each revoke keeps its transfer (seed 003, the
        # Belgian ending: "before 2007 South had to pay a penalty of two tricks");
        # weighing one side's revoke against the other's is the Director's
        return ()
    # 64C2(b) (2017; 2007: 64B7 and Law 64C): as though neither side had revoked
    if len(sides) == 2:
        found_b: list[list[Counterfactual]] = yield from together(
            _single(_counterfactual(ruling, standing[0], tuple(standing), (), None,
                                    ed.law_64c("2(b)"), estimate, standing[0], model)),
            *[_unauthorised(ruling, i, (), model, False) for i in judged])
        return tuple(cf for cfs in found_b for cf in cfs)
    each = []
    for i in sorted([*standing, *judged]):
        rev = ruling.revokes[i]
        earlier = tuple(j for j in standing if j < i)
        if i in judged:  # Law 16C2 on a correction the record shows
            each.append(_unauthorised(ruling, i, earlier, model,
                                      not sides or sides == {rev.offender_side}))
            continue
        repeats = tuple(j for j in earlier if _repeats(ruling.revokes[j], rev))
        law = ed.law_64c("2(a)" if repeats else "1")
        each.append(_single(_counterfactual(ruling, i, (i,), earlier,
                                            rev.offender_side.other, law, estimate,
                                            standing[0], model, repeats)))
    found: list[list[Counterfactual]] = yield from together(*each)
    return tuple(cf for cfs in found for cf in cfs)


def _single(p: Plan[Counterfactual]) -> Plan[list[Counterfactual]]:
    cf = yield from p
    return [cf]


def _unauthorised(ruling: AutomaticRuling, index: int, earlier: tuple[int, ...],
                  model: DecisionModel, weigh: bool) -> Plan[list[Counterfactual]]:
    """Law 16C2 on each 62C2 change of revoke ``index`` (corrected at the table): the
    finding, and where he played a card the withdrawn cards suggested, the adjusted
    play's lines — the likely outcomes with the card he would have chosen without the
    information, and that card double dummy — to weigh against the table's result
    (``weigh``: only when the board's other revokes that stand are the same side's,
    so that one side is protected; otherwise the finding is reported for the
    Director)."""
    rp = ruling.replay
    rev = ruling.revokes[index].revoke
    nos = rev.seat.side.other
    out: list[Counterfactual] = []
    for change in changes(rev):
        f = yield from judge(rp, rev, change, model)
        if not (f.infraction and weigh and rp.finished):
            out.append(Counterfactual(index, LAW, (index,), earlier, nos, (), None, f))
            continue
        card = next(cards(f.start.allowed))
        starts = f.starts() or ((card, 1.0, f.start),)
        drafts = yield from _alternatives(index, change.trick, change.seat, starts,
                                          f.values, f.before, model, nos)
        transfers = [ruling.revokes[j] for j in earlier]
        lines = tuple(_with_transfer(rp, transfers, ln) for ln in drafts)
        out.append(Counterfactual(index, LAW, (index,), earlier, nos, lines, card, f))
    return out


def _information(ruling: AutomaticRuling, info: Information, model: DecisionModel
                 ) -> Plan[list[Counterfactual]]:
    """Law 16B on one group of unauthorised information: the finding and, where he used
    it (16B1) and play is over, the adjusted play's lines — for each logical alternative
    worse for his side than his card, the likely outcomes with it (frequencies: its
    chance without the information times theirs), and each double dummy (16B3, 12C1).
    Which of them the score weighs is Law 12's (:func:`~equity.core.adjust.ruling.compare`:
    all, under 12C1(c); the worst for his side, under 12C1(e) and 1997's 12C2)."""
    from equity.core.law import judge_information  # Law 16B: imported for its facts only

    rp = ruling.replay
    nos = info.seat.side.other
    f = yield from judge_information(rp, info, model)
    s = f.infraction
    if s is None or not rp.finished:
        return [Counterfactual(-1, ruling.edition.partner_information, (), (), nos, (), None,
                               information=f)]
    starts = s.starts() or ((s.without, 1.0, s.start),)
    drafts = yield from _alternatives(-1, s.trick, s.seat, starts, s.values, s.before,
                                      model, nos)
    earlier = [r for r in ruling.revokes if r.stands and r.revoke.trick < s.trick]
    lines = tuple(_with_transfer(rp, earlier, ln) for ln in drafts)
    return [Counterfactual(-1, ruling.edition.partner_information, (), (), nos, lines, s.without,
                           information=f)]


def build(ruling: AutomaticRuling, dd: Solver, estimate: Estimate = NO_ESTIMATE,
          work: Work | None = None) -> tuple[Counterfactual, ...]:
    """The candidate lines for every revoke of ``ruling`` that stands, each list of
    questions answered at once by ``dd``; what it cost is added to ``work``."""
    return solved(plan(ruling, estimate, work), dd, work)


def _repeats(first: RevokeRuling, later: RevokeRuling) -> bool:
    """Law 64C2(a): a later revoke by the same player in the same suit."""
    return first.revoke.seat == later.revoke.seat and first.revoke.suit == later.revoke.suit


def _check_director(ruling: AutomaticRuling, standing: Sequence[int], estimate: Estimate
                    ) -> None:
    """A Director's line or outcome must name a revoke that has lines."""
    items: list[DirectorLine | DirectorOutcome] = [*estimate.lines, *estimate.outcomes]
    for item in items:
        if item.revoke is not None and (item.revoke - 1) not in standing:
            raise ModelError(f"{item.name} names revoke {item.revoke}, which has no Law 64C "
                             "lines (it does not stand)")


def _mine(items: Sequence[DirectorLine] | Sequence[DirectorOutcome], index: int,
          first: int) -> list[DirectorLine | DirectorOutcome]:
    return [x for x in items if (x.revoke - 1 if x.revoke is not None else first) == index]


def _counterfactual(ruling: AutomaticRuling, index: int, corrected: tuple[int, ...],
                    standing: tuple[int, ...], nos: Side | None, law: str,
                    estimate: Estimate, first: int, model: DecisionModel,
                    repeats: tuple[int, ...] = ()) -> Plan[Counterfactual]:
    rp = ruling.replay
    rev = ruling.revokes[index].revoke
    side = rp.declarer_side
    start = _start(rp, rev)
    mine_lines = [x for x in _mine(estimate.lines, index, first)
                  if isinstance(x, DirectorLine)]
    mine_outcomes = [x for x in _mine(estimate.outcomes, index, first)
                     if isinstance(x, DirectorOutcome)]
    pending = not rp.finished  # nothing is compared: no likely outcomes
    values, table, likely, directed = yield from together(
        values_of(start.position, start.allowed, side),
        table_line(ruling, corrected, nos, model),
        _no_outcomes() if pending else likely_outcomes(start, model, nos),
        together(*[play_director_line(start, d, model, nos) for d in mine_lines]))
    assert isinstance(values, dict) and isinstance(table, TableLine)
    assert isinstance(likely, list) and isinstance(directed, list)
    before = rp.won_before(side, rev.trick)
    drafts: list[Line] = [_table(index, table, o) for o in table.outcomes]
    for o in likely:
        drafts.append(_from_outcome(LIKELY, index, o, "likely", Departure(
            Leaves.REVOKE, rev.trick, rev.seat,
            f"{len(o.plays)} cards by the decision model from the offender's choice "
            f"({o.probability:.0%} likely)")))
    for d, outcomes in zip(mine_lines, directed, strict=True):
        for o in outcomes:
            drafts.append(_from_outcome(DIRECTOR, index, o, d.name, Departure(
                Leaves.REVOKE, rev.trick, rev.seat,
                f"the Director's line {d.text!r}")))
    for oc in mine_outcomes:
        drafts.append(Line(OUTCOME, index, None, (), (), Departure(
            Leaves.OUTCOME, reason=f"the Director's outcome: {oc.tricks} tricks"),
            oc.tricks, 0, name=oc.name))
    for cls in equivalence_classes(start.allowed, start.position):
        drafts.append(Line(SUBSTITUTION, index, cls[-1], cls,
                           (Play(rev.trick, rev.seat, cls[-1], rev.suit_led),),
                           Departure(Leaves.REVOKE, rev.trick, rev.seat,
                                     "the substituted card, then double dummy", cls[-1]),
                           before + values[cls[-1]], 0, name=str(cls[-1])))
    transfers = [ruling.revokes[j] for j in standing]
    lines = tuple(_with_transfer(rp, transfers, ln) for ln in drafts)
    return Counterfactual(index, law, corrected, standing, nos, lines, table.natural,
                          repeats=repeats)


def _no_outcomes() -> Plan[list[Outcome]]:
    return []
    yield []  # a plan that asks nothing


def _table(index: int, t: TableLine, o: Outcome) -> Line:
    return Line(TABLE, index, t.natural, (t.natural,), o.plays, t.left, o.tricks, 0,
                frequency=o.probability, followed=t.followed, departures=t.departures,
                own_errors=t.own_errors, exchanges=t.exchanges, name=str(TABLE),
                branches=tuple(b.describe() for b in o.branches),
                inferences=_inferences(o))


def _alternatives(index: int, trick: int, seat: Seat,
                  starts: Sequence[tuple[Card, float, Start]], values: dict[Card, int],
                  before: int, model: DecisionModel, nos: Side) -> Plan[list[Line]]:
    """The adjusted play's lines after a Law 16B or 16C2 infraction, one implementation
    for both: for each logical alternative weighed (``starts``: the card, its share for
    a player of the class without the information, where its play starts) the likely
    outcomes from it, each with the frequency share times its probability (Law
    12C1(c)), and the card double dummy (``values``: declarer's tricks from here after
    each card, ``before``: his tricks before). Which of them the score weighs is Law
    12's (:func:`~equity.core.adjust.ruling.compare`: all, under 12C1(c); the worst for
    his side, under 12C1(e) and 1997's 12C2)."""
    found: list[list[Outcome]] = yield from together(
        *[likely_outcomes(start, model, nos) for _, _, start in starts])
    words = "his logical alternative without the information"
    drafts: list[Line] = []
    for (card, share, _), outcomes in zip(starts, found, strict=True):
        chosen = f"weighed {share:.0%}; " if share < 1 else ""
        drafts += [replace(_from_outcome(LIKELY, index, o, "likely", Departure(
            Leaves.REVOKE, trick, seat,
            f"{len(o.plays)} cards by the decision model from {card.pretty}, {words} "
            f"({chosen}{o.probability:.0%} likely from there)")),
            frequency=share * o.probability) for o in outcomes]
    for card, _, start in starts:
        drafts.append(Line(
            SUBSTITUTION, index, card, (card,),
            (Play(trick, seat, card, start.position.suit_led),),
            Departure(Leaves.REVOKE, trick, seat, f"{words}, then double dummy", card),
            before + values[card], 0, name=str(card)))
    return drafts


def _from_outcome(kind: LineKind, index: int, o: Outcome, name: str, left: Departure
                  ) -> Line:
    card = o.plays[0].card if o.plays else None
    return Line(kind, index, card, (card,) if card is not None else (), o.plays, left,
                o.tricks, 0, frequency=o.probability, name=name,
                branches=tuple(b.describe() for b in o.branches),
                inferences=_inferences(o))


def _inferences(o: Outcome) -> tuple[tuple[int, Inference], ...]:
    """The inferences deciding the close decisions on ``o``'s path, each with its trick."""
    return tuple((b.trick, i) for b in o.branches for i in b.inferences)


def _with_transfer(rp: Replay, earlier: Sequence[RevokeRuling], line: Line) -> Line:
    """``line`` with the 64A transfers of the earlier standing revokes, never more than
    the offenders won in it from the first such revoke's trick on (64A)."""
    total = sum(r.transfer for r in earlier)
    if total == 0:
        return line
    offenders = earlier[0].offender_side
    first = min(r.revoke.trick for r in earlier)
    won_total = line.play_tricks if offenders == rp.declarer_side else 13 - line.play_tricks
    won_from_first = won_total - rp.won_before(offenders, first)
    taken = max(0, min(total, won_from_first))
    return replace(
        line, earlier_transfer=-taken if offenders == rp.declarer_side else taken)


# --- Positions and card values -----------------------------------------------------------


def position_before(rp: Replay, rev: Revoke) -> Position:
    """The position just before the revoke card was played, with the Law 50
    requirements in force there (:meth:`Replay.position
    <equity.core.game.replay.Replay.position>`: major penalty cards, lead requirements),
    so that every line from it plays a penalty card when due."""
    return rp.position(rev.trick, rp.index_of(rev.trick, rev.seat))


def _start(rp: Replay, rev: Revoke) -> Start:
    """Where ``rev``'s lines start (:meth:`~equity.core.player.start.Start.at`), the
    offender's cards those he could play as the replay found them (Law 64B3: a penalty
    card due, when the revoke is the failure to play it), which his legal cards give as
    well."""
    i = rp.index_of(rev.trick, rev.seat)
    pos = rp.position(rev.trick, i)
    return Start.at(rp, rev.trick, i, rev.could_play & pos.hands[rev.seat] or pos.legal())


equivalence_classes = classes
"""The legal cards grouped into runs of equal rank (:func:`equity.core.player.decision.classes`)."""


__all__ = ["build", "equivalence_classes", "plan", "position_before"]
