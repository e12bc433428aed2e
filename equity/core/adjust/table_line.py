"""Law 64C: the table line — the play as the table played it, with the revoke corrected.

The line starts at the revoke's trick. At the revoke the offender plays his *natural
card*: the card the decision model (:mod:`equity.core.player.decision`) chooses for him among
his legal cards, knowing what he knew (nobody has seen a false void).

**A recorded card stands in its situation.** The record says what a player did in one
situation: that trick, with those cards before his in it. Where the line puts him in the
same situation, his recorded card stands (while he holds it and it is legal). Where it
does not — the correction changed the cards before his, or who is on lead — the record
does not say what he would have done: his recorded card stands only if the decision
model would play it too (it is his choice, one of his close choices, or every card
costs nothing). Otherwise the line **leaves the record** there, and the rest is the
likely outcomes from that position (issue 47): the outcome tree
(:mod:`equity.core.player.outcome_tree`) with the same model, the same evidence and the
same Law 84D rule for the non-offenders' close choices as the likely outcomes from the
revoke (:func:`~equity.core.player.likely.continued`) — a distribution, never one
branch of it weighted 100 %. Never a replay of rows out of their situations: once the
line has left the record, no recorded card comes back (a committee asks "what would
likely have happened from here", and the tree answers it).

**Equal cards** (issue 31). A card equal to the recorded one (the tool's classes: every
card ranked between them played) is the recorded card: where the line cannot play the
recorded card (the correction played it, or he holds the revoke card in its place), the
equal card stands for it and situations are compared up to such exchanges.

**Causation** (Law 12B1; 1997: 12C2). A non-offender's recorded card, in its situation,
that loses a trick double dummy is not simply put right: it **stands** — the
non-offenders' own error — unless it was *induced by the revoke*: the decision model in
his seat with what he saw at the table (the table world: the offender's false void,
believed until the offender follows to the suit again) might choose it, while with the
revoke corrected it would not — the revoke changed the card he chose. Both judgements
are made on what he could know (:meth:`DecisionModel.decide_near`, ``judging``), never
on the real deal. Only then does the line leave the record, with the counterfactual
choice.

**Law 50** (:meth:`~equity.core.game.replay.Replay.position`): the line starts with the
major penalty cards and lead requirements in force at the revoke's trick, and every card,
recorded or the model's, is legal under them (a penalty card is played at its first
legal opportunity; a recorded card that is not legal in the line leaves the record).
Before a lead by the partner of a penalty card's holder declarer's side makes its Law
50D2 choice, the best for it in the real layout, preferring among equals an option under
which the recorded lead stands.

The line's outcomes, with their probabilities, are what would have happened (Law
12C1(c), :func:`~equity.core.adjust.weights.default_weights`); the share of the play from
the revoke on that it keeps as recorded (``followed``) is said, not weighed. Where the
record ends in a claim, the rest is double dummy (the claim's
tricks are adjudicated, not played); where it stops without one, too (the ruling is
pending). Every departure, and every error that stands, says why.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct, field

from equity.core.adjust.line import Departure, Leaves
from equity.core.game import (
    Card,
    CardSet,
    Plan,
    Position,
    Replay,
    Revoke,
    Seat,
    Side,
    cards,
    count,
    tricks_through,
)
from equity.core.law import AutomaticRuling
from equity.core.player import (
    NEAR_SHARE,
    Decision,
    DecisionModel,
    Knowledge,
    Outcome,
    Run,
    Start,
    before_lead,
    continued,
)


class TableLine(Struct, frozen=True):
    """The table line as built: its outcomes (one unless it left the record at a close
    decision), where it left the record and why, the non-offenders' errors that stand,
    and the share of the play from the revoke on that it keeps as recorded."""

    outcomes: tuple[Outcome, ...]
    natural: Card
    natural_decision: Decision | None
    """The decision that chose ``natural`` (its choices alone: asked lean, no means)."""
    left: Departure
    departures: tuple[Departure, ...]
    own_errors: tuple[Departure, ...]
    followed: float
    exchanges: tuple[Departure, ...] = ()
    """Where an equal card stood for the recorded one (the line kept the record)."""


class _Recorded(Struct, frozen=True):
    """A recorded card and its situation: who led the trick, the cards before it."""

    leader: Seat
    before: tuple[Card, ...]
    card: Card
    moved: bool = False
    """The revoke card kept back for the moment the offender played the natural card at
    the table: another situation than its own, so it stands only if he would choose it."""
    original: Card | None = None
    """The record's own card here, when ``card`` is another one moved in its place."""

    @property
    def recorded(self) -> Card:
        return self.original if self.original is not None else self.card


def _keep_back(record: dict[tuple[int, Seat], _Recorded], trick: int, seat: Seat,
               natural: Card, revoke_card: Card) -> None:
    """The offender played ``natural`` in place of ``revoke_card`` at ``trick``: where he
    played ``natural`` later in the record, he holds the revoke card instead (laws.md §8:
    he keeps the revoke card for later)."""
    later = next((k for k, r in sorted(record.items())
                  if k[1] == seat and k[0] > trick and r.card == natural), None)
    if later is not None:
        r = record[later]
        record[later] = _Recorded(r.leader, r.before, revoke_card, moved=True,
                                  original=r.recorded)


def equal_card(pos: Position, seat: Seat, recorded: Card) -> Card | None:
    """A card ``seat`` holds and may play that is equal to ``recorded`` (no longer his):
    of its suit, with every card ranked between them played to an earlier trick — the
    tool's classes of equal cards (:func:`~equity.core.player.decision.classes`). The
    nearest in rank; None when there is none."""
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick:
        live |= c.bit
    mine = [c for c in cards(pos.hands[seat] & pos.legal()) if c.suit == recorded.suit
            and c != recorded]
    equal = [c for c in mine if not any(
        live & Card(c.suit, r).bit for r in range(min(c.rank, recorded.rank) + 1,
                                                  max(c.rank, recorded.rank)))]
    return min(equal, key=lambda c: abs(c.rank - recorded.rank), default=None)


def _record(rp: Replay, first: int) -> dict[tuple[int, Seat], _Recorded]:
    out = {}
    for t in rp.tricks_from(first):
        for i, p in enumerate(t.plays):
            out[(t.number, p.seat)] = _Recorded(t.leader, tuple(q.card for q in t.plays[:i]),
                                                p.card)
    return out


ON, STOP = True, False
"""What a step of the table line returns: it goes on card by card, or it stops there
(the outcome tree, a claim or the record's end finishes it: :meth:`_Walk.finish`)."""


class _Walk(Struct):
    """The table line under way: the line, the record it keeps, what it found so far.
    Each way a recorded card stands (or does not) is a method; :meth:`step` chooses."""

    rp: Replay
    model: DecisionModel
    nos: Side | None
    first: Revoke
    fixes: dict[tuple[int, Seat], Revoke]
    run: Run
    record: dict[tuple[int, Seat], _Recorded]
    natural: Decision | None = None
    departures: list[Departure] = field(default_factory=list)
    own_errors: list[Departure] = field(default_factory=list)
    exchanges: list[Departure] = field(default_factory=list)
    swaps: dict[Card, Card] = field(default_factory=dict)
    """Recorded card → the equal card the line played for it."""
    kept: int = 0
    """Recorded cards from the revoke card on that the line kept."""
    corrections: int = 0
    counting: bool = False
    left: Departure | None = None

    @property
    def declarer(self) -> Seat:
        return self.rp.contract.declarer

    def step(self) -> Plan[bool]:
        """The next card of the line, by the way its recorded card stands."""
        run = self.run
        seat = run.pos.to_play
        self.counting = self.counting or (run.trick_no, seat) == (self.first.trick,
                                                                 self.first.seat)
        rec = self.record.get((run.trick_no, seat))
        if rec is None:
            return self._record_ends()
        if not run.pos.trick:  # Law 50D2 before the lead; the recorded lead breaks ties
            yield from before_lead(run, self.declarer,
                                   rec.card if self._in_situation(rec) else None)
        pos = run.pos
        fix = self.fixes.get((run.trick_no, seat))
        if fix is not None and self._in_situation(rec):
            return (yield from self._corrected(fix))
        playable = bool(pos.hands[seat] & rec.card.bit and pos.legal() & rec.card.bit)
        equal = None if playable else equal_card(pos, seat, rec.recorded)
        if equal is not None and self._in_situation(rec):
            return self._equal(rec, equal)
        if playable and not rec.moved and self._in_situation(rec):
            return (yield from self._in_its_situation(rec.card))
        return (yield from self._elsewhere(rec, playable))

    def _in_situation(self, rec: _Recorded) -> bool:
        return _in_situation(self.run.pos, rec, self.swaps)

    def _keep(self, card: Card) -> bool:
        """The recorded card (or one standing for it) played: the line keeps the record."""
        self.kept += self.counting
        self.run.play(card)
        return ON

    def _record_ends(self) -> bool:
        """No recorded card here: a claim, or the record stops; double dummy from here."""
        run, seat = self.run, self.run.pos.to_play
        self.left = (Departure(Leaves.CLAIM, run.trick_no, seat, "the record ends in a "
                               "claim or concession: double dummy from here")
                     if self.rp.claimed else
                     Departure(Leaves.STOP, run.trick_no, seat,
                               "the play record stops here: double dummy from here"))
        return STOP

    def _corrected(self, fix: Revoke) -> Plan[bool]:
        """The revoke itself, put right: the offender's natural card."""
        run = self.run
        decision = yield from _correction(self.model, run.knowledge(self.declarer), fix)
        self.natural = self.natural or decision
        self.corrections += 1  # the record cannot speak for the correction itself
        _keep_back(self.record, run.trick_no, fix.seat, decision.card, fix.card)
        run.play(decision.card)
        return ON

    def _equal(self, rec: _Recorded, equal: Card) -> bool:
        """A card equal to the recorded one is the recorded card (the line keeps the
        record); where he later played this one, he holds the other."""
        run, seat = self.run, self.run.pos.to_play
        self.exchanges.append(Departure(
            Leaves.EQUAL, run.trick_no, seat,
            f"{seat.long_name} no longer holds {rec.recorded.pretty}; {equal.pretty}, "
            "equal to it, is the recorded card: the line keeps the record", equal,
            rec.recorded))
        self.swaps[rec.recorded] = equal
        _keep_back(self.record, run.trick_no, seat, equal, rec.card)
        return self._keep(equal)

    def _in_its_situation(self, card: Card) -> Plan[bool]:
        """The recorded card in its own situation stands — a non-offender's error too,
        unless the revoke induced it (the causation test): then the line leaves here."""
        run, pos = self.run, self.run.pos
        if self.nos is not None and pos.to_play.side == self.nos:
            real = yield from self.model.real_values(pos)
            lost = max(real.values()) - real[card] if count(pos.legal()) > 1 else 0
            if lost > 0 and not pos.revoke_on_trick:
                induced = yield from _induced(self.rp, run, self.model, self.declarer, card,
                                              lost)
                if induced is not None:
                    self.departures.append(induced)
                    self.left = induced
                    return STOP
                self.own_errors.append(_own_error(run, pos.to_play, card, lost,
                                                  self.rp.contract.hand(pos.to_play)
                                                  .capitalize()))
        return self._keep(card)

    def _elsewhere(self, rec: _Recorded, playable: bool) -> Plan[bool]:
        """The recorded card out of its situation (or not playable here): it stands if
        he would choose it here; else the line leaves the record, and the rest is the
        likely outcomes from here (:meth:`finish`)."""
        run, pos, seat = self.run, self.run.pos, self.run.pos.to_play
        # read for its choices alone (never a card's mean): asked lean
        decision = yield from self.model.decide(run.knowledge(self.declarer), lean=True)
        if playable and decision.might_choose(rec.card, self.model.sampling.share):
            return self._keep(rec.card)
        here = Departure(Leaves.CARD, run.trick_no, seat,
                         _why_left(self.rp, pos, seat, rec, playable, decision),
                         decision.card, rec.card)
        self.departures.append(here)
        self.left = here
        return STOP

    def finish(self) -> Plan[list[Outcome]]:
        """The line's outcomes from where it stopped walking: where it left the record,
        the likely outcomes from there (:func:`~equity.core.player.likely.continued`,
        the non-offenders' close choices their best, Law 84D)."""
        run, side = self.run, self.rp.declarer_side
        if self.left is None:
            self.left = Departure(Leaves.END, reason="every recorded card to the end stands")
            return [Outcome(tuple(run.plays), run.won[side], 1.0)]
        if self.left.at in (Leaves.CLAIM, Leaves.STOP):
            self.departures.append(self.left)
            rest = yield from tricks_through(run.pos, side)
            return [Outcome(tuple(run.plays), run.won[side] + rest, 1.0)]
        return (yield from continued(run, self.declarer, self.model, self.nos))


def table_line(ruling: AutomaticRuling, corrected: Sequence[int], nos: Side | None,
               model: DecisionModel) -> Plan[TableLine]:
    """The table line for the revokes of ``corrected`` (first one first); ``nos`` is the
    side whose recorded errors get the causation test (None under 64C2(b))."""
    rp = ruling.replay
    revokes = [ruling.revokes[i].revoke for i in corrected]
    first = revokes[0]
    walk = _Walk(rp, model, nos, first, {(r.trick, r.seat): r for r in revokes},
                 Start.at(rp, first.trick).run(), _record(rp, first.trick))
    while walk.run.pos.tricks_left:
        if not (yield from walk.step()):
            break
    outcomes = yield from walk.finish()
    start_at = next((i for i, p in enumerate(outcomes[0].plays)
                     if (p.trick, p.seat) == (first.trick, first.seat)), 0)
    outcomes = [Outcome(o.plays[start_at:], o.tricks, o.probability, o.branches)
                for o in outcomes]
    natural = walk.natural
    walked = _recorded_from(rp, first) - walk.corrections
    assert walk.left is not None
    return TableLine(tuple(outcomes), natural.card if natural is not None else first.card,
                     natural, walk.departures[0] if walk.departures else walk.left,
                     tuple(walk.departures), tuple(walk.own_errors),
                     walk.kept / walked if walked > 0 else 0.0, tuple(walk.exchanges))


def _recorded_from(rp: Replay, first: Revoke) -> int:
    """The recorded cards from the revoke card on (the record the line could keep)."""
    plays = [p for t in rp.tricks_from(first.trick) for p in t.plays]
    at = next(i for i, p in enumerate(plays) if p.seat == first.seat)
    return len(plays) - at


def _in_situation(pos: Position, rec: _Recorded, swaps: dict[Card, Card]) -> bool:
    """Whether the line puts the player where the record had him: the same trick (the
    caller's key), the same leader and the same cards before his — up to the equal
    cards the line played for recorded ones (``swaps``: recorded card to its equal)."""
    return pos.leader == rec.leader and pos.trick == tuple(swaps.get(c, c)
                                                           for c in rec.before)


def _correction(model: DecisionModel, knowledge: Knowledge, rev: Revoke) -> Plan[Decision]:
    """The revoke put right: the offender's natural card among the cards he had to play
    (his decision with the revoke corrected: nobody has seen a false void)."""
    pos = knowledge.position
    allowed: CardSet = rev.could_play & pos.hands[rev.seat] or pos.legal()
    decision = yield from model.decide(knowledge, allowed, lean=True)  # its card alone
    return decision


def _why_left(rp: Replay, pos: Position, seat: Seat, rec: _Recorded, playable: bool,
              decision: Decision) -> str:
    """Why the line leaves the record at ``rec``'s card."""
    card = rec.card
    revoked = any(r.seat == seat and r.card == card for r in rp.revokes)
    if not pos.hands[seat] & card.bit:
        why = f"{seat.long_name} no longer holds {card.pretty} in this line"
    elif not pos.legal() & card.bit:
        why = (f"{seat.long_name} revoked with {card.pretty} here in the record; the line "
               "does not repeat a revoke" if revoked else
               f"{card.pretty} is not a legal card for {seat.long_name} in this line")
    elif rec.moved:
        why = (f"{seat.long_name} held back his revoke card {card.pretty} for the moment "
               "he played the natural card in the record, but here he would not choose it")
    else:
        why = (f"{rp.contract.hand(seat).capitalize()}'s {card.pretty} was played with "
               f"{_situation(rec)} in the record; here the trick holds "
               f"{_situation_now(pos)}, and he would not choose it")
    choice = (decision.card.pretty if not decision.branches else decision.describe(0.1))
    return f"{why} ({choice}): the likely outcomes from here"


def _situation(rec: _Recorded) -> str:
    return (" ".join(c.pretty for c in rec.before) if rec.before else
            f"{rec.leader.long_name} on lead")


def _situation_now(pos: Position) -> str:
    return (" ".join(c.pretty for c in pos.trick) if pos.trick else
            f"{pos.leader.long_name} on lead")


def _own_error(run: Run, seat: Seat, card: Card, lost: int, hand: str) -> Departure:
    """A non-offender's card that stands (the report's heading cites the edition's Law 12
    paragraph on damage); ``hand``: whose card it is, "dummy" for dummy's."""
    return Departure(Leaves.CARD, run.trick_no, seat,
                     f"{hand}'s {card.pretty} loses {_tricks(lost)} double dummy "
                     "but stands: with the revoke corrected the decision model might still "
                     "choose it, or it would not with what he saw at the table either: the "
                     "revoke did not change the card he chose, so it did not cause it",
                     card, card)


def _induced(rp: Replay, run: Run, model: DecisionModel, declarer: Seat, card: Card,
             lost: int) -> Plan[Departure | None]:
    """The causation test for a non-offender's recorded card in its situation (module
    docstring): the departure when the revoke induced it, else None."""
    pos = run.pos
    seat = pos.to_play
    # what he knew at the table: the record's position, its false voids believed
    table_k = Start.at(rp, run.trick_no, rp.index_of(run.trick_no, seat)).knowledge()
    counter_k = run.knowledge(declarer)
    if model.knows_same(table_k, counter_k):
        # what he saw at the table is what he would see with the revoke corrected: the
        # same judgement both ways, so the revoke did not change his card (Law 12B1)
        return None
    share = model.sampling.share

    def near(d: list[Decision]) -> bool:
        return any(abs(x.chance(card) - share) < NEAR_SHARE for x in d)
    at_table, corrected = yield from model.decide_near((table_k, counter_k), near)
    if corrected.might_choose(card, share) or not at_table.might_choose(card, share):
        return None
    choice = (corrected.card.pretty if not corrected.branches else
              corrected.describe(0.1))
    why = (f"{rp.contract.hand(seat).capitalize()}'s {card.pretty} loses {_tricks(lost)} "
           "double dummy and was induced by the revoke: with what he saw at the table the "
           f"decision model might choose it ({at_table.chance(card):.0%}); with the revoke "
           f"corrected he chooses {choice}; the likely outcomes from here")
    return Departure(Leaves.INDUCED, run.trick_no, seat, why, corrected.card, card)


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"
