"""Laws 68-71: the Director rules on a claim or concession.

Read against the law book (2017 numbering; the 2007 text is alike):

* **68** — a statement that a side will win a number of the remaining tricks is a claim
  of them, and a concession of the rest; play stops (68D). The claim comes as the table
  stated it (:class:`~equity.core.game.claim.Claim`): who claimed, his statement, and
  ``[Result]``, declarer's total as claimed. Dummy does not claim.
* **69A** — an agreed claim stands: the board is scored as though the tricks had been
  won or lost in play.
* **69B** — agreement may be withdrawn within the correction period when a player "has
  agreed to the loss of a trick that his side would likely have won had the play
  continued". *Our reading*: "likely" as the words say, not Law 71's "any normal play":
  the trick is one its side wins on the line players of its class would most likely have
  played, the claimer's side defending double dummy (:mod:`equity.core.law.claim_lines`).
  The right is the agreeing side's, within the correction period (Law 79C); the Director
  does not withdraw an agreement of his own motion.
* **70** — a contested claim: the Director hears the statement (70B: the claimer may not
  add to it) and adjudicates "as equitably as possible to both sides, but any doubtful
  point as to a claim shall be resolved against the claimer" (70A): the award is the
  worst result for the claimer over the normal lines of his statement (70C, 70D, 70E
  and the footnote's "normal": :mod:`equity.core.law.claim_lines`). Where the
  adjudication would give him more than he claimed, he conceded the rest: Law 71.
* **71** — a concession stands, but the Director cancels the concession of "a trick that
  could not be lost by any normal play of the remaining cards": the conceding side's
  worst normal line, the other side defending double dummy. *Our reading*: his normal
  play is his statement where it says what he plays (a line he stated, a branch of it
  once the play shows its layout: he would play as he said) and every normal card where
  it is silent; what 70A and 70C presume of his belief (a card overlooked, a trump he was
  unaware of) is Law 70's doubt against a contested claim, not Law 71's.

When the Director rules: on a disputed claim (``[EquityClaimStatus "disputed"]``), and
on any claim whose statement the record gives (``[EquityClaim "S: ..."]``, even ``"S:"``:
the Director was called to it, 69B and 71 are checked). An agreed claim recorded
without a statement stands as it did (69A), unexamined.

A claim that meets a revoke: a statement that announces one is no revoke (seed 003,
:mod:`equity.core.law.claim_lines`); a revoke established before the claim keeps Laws
63A3/63A4 and 64, applied to the tricks the claim is awarded
(:func:`equity.core.law.laws.rule`).
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from equity.core.game import (
    BoardError,
    CardSet,
    Claim,
    ClaimAgreement,
    ClaimStatus,
    ClaimWord,
    Plan,
    Position,
    Replay,
    RequirementKind,
    Seat,
    Side,
    Suit,
    Where,
    tricks_through,
)
from equity.core.law.claim_lines import (
    SLIPS,
    TOP_DOWN,
    ClaimLine,
    Doubt,
    Search,
    overlooked,
    presumed_overlooked,
)
from equity.core.law.claim_paragraphs import CLAIM_PARAGRAPHS, ClaimParagraphs
from equity.core.law.claim_ruling import MAX_LINES, ClaimRuling, as_claimed
from equity.core.law.claim_statement import controlled
from equity.core.law.correction import under_claim
from equity.core.law.laws import EDITIONS, Edition, law_69a
from equity.core.law.steps import Step, StepKind
from equity.core.player import DecisionModel, Run, Start
from equity.core.reading import Table


def needs_ruling(replay: Replay) -> bool:
    """Whether the Director rules on the record's claim: a disputed one, or one whose
    statement is recorded (module docstring)."""
    return replay.claimed and replay.board.facts.claim_questioned


def claim_of(replay: Replay) -> Claim:
    """The claim as recorded: the statement, else the claimer alone (declarer unless
    ``[EquityClaim]`` names another)."""
    facts = replay.board.facts
    if facts.claim is not None:
        return facts.claim
    return Claim(facts.claimer or replay.contract.declarer)


def judge_claim(replay: Replay, model: DecisionModel, edition: Edition | str = "2017"
                ) -> Plan[ClaimRuling]:
    """Rule on the record's claim (module docstring), asking double-dummy questions as
    the lines need them. Raises :class:`BoardError` for a claim that cannot be ruled on:
    no total, a claim by dummy, a statement naming a card his side does not hold or one
    that cannot be followed.

    A revoke on the trick before the claim that the claim leaves not established (an
    opponent's disputed claim, Laws 63A4, 69A) is corrected first (Law 62, as
    :func:`~equity.core.law.correction.under_claim` plays the trick again) and the
    claim judged from the corrected position; the award then counts the tricks after
    that trick on top of the record's (the revoke ruling adds the corrected trick)."""
    replay.check_claim()
    claim = claim_of(replay)
    ed = EDITIONS[edition] if isinstance(edition, str) else edition
    start = _start(replay, ed, model.table)
    _check(replay, claim, start.pos)
    facts = replay.board.facts
    agreement = ClaimAgreement(facts.claim_status, facts.claim_agreed)
    side = claim.claimer.side
    declarer = replay.declarer_side
    left = start.pos.tricks_left
    mine = replay.claimed_tricks[side]
    _check_concession(replay, claim, left, mine)
    said = _said(claim, left, mine, start.won[side],
                 start.won[declarer] + (mine if side == declarer else left - mine),
                 start.won != {s: replay.played_won(s) for s in Side})
    aware = facts.claim_aware.mask if facts.claim_aware is not None else 0
    c70 = _law_70c(claim, start.pos, replay, aware)
    shown = overlooked(claim, start.pos, replay.contract, c70, aware)
    only_presumed = presumed_overlooked(claim, start.pos, replay.contract, aware) & ~shown \
        if mine == left else 0  # he claimed everything left
    ruling = _Ruling(replay, claim, agreement, model, start, side, declarer,
                     CLAIM_PARAGRAPHS[ed.name], c70, shown | only_presumed, only_presumed,
                     "top" if facts.claim_order is not None
                     or (facts.authority or "WBF") in TOP_DOWN else None)
    if agreement.status == ClaimStatus.DISPUTED:
        return (yield from ruling.contested(mine, left, said))
    return (yield from ruling.agreed(mine, left, said))


class _Ruling(Struct):
    """One claim's ruling under way (what :func:`judge_claim` shares between the laws)."""

    replay: Replay
    claim: Claim
    agreement: ClaimAgreement
    model: DecisionModel
    start: Run
    side: Side
    declarer: Side
    cite: ClaimParagraphs
    c70: bool
    """70C applies: an opponent holds a trump the claimer said nothing of, nor was he
    found aware of it."""
    overlooked: CardSet
    """The cards the claimer evidently overlooked (:func:`~.claim_lines.overlooked`)."""
    presumed: CardSet
    """Of them, those presumed only from a claim of all the rest (not shown by his
    statement)."""
    order: str | None
    """The authority's order within a suit (``"top"``, 70E2), or None."""

    def after(self, mine: int) -> int:
        """Declarer's tricks after the claim when the claimer's side takes ``mine``."""
        return mine if self.side == self.declarer else self.start.pos.tricks_left - mine

    def total(self, mine: int) -> int:
        """Declarer's total when the claimer's side takes ``mine`` of the tricks left."""
        return self.start.won[self.declarer] + self.after(mine)

    def mine(self, line: ClaimLine) -> int:
        """The claimer's side's tricks after the claim on ``line``."""
        won = line.declarer_tricks - self.start.won[self.declarer]
        return won if self.side == self.declarer else self.start.pos.tricks_left - won

    def search(self, side: Side, bound: bool, likely: bool = False, believed: bool = True
               ) -> tuple[Search, Plan[list[ClaimLine]]]:
        """The normal lines of ``side`` (its statement binding when ``bound``; each card
        the one the class most likely plays when ``likely``, 69B); the claimer's belief
        (what he overlooked) in a contested claim only (``believed``)."""
        belief = bound and believed
        s = Search(self.claim, self.replay.contract, side, self.model, bound,
                   c70=belief and self.c70, overlooked=self.overlooked if belief else 0,
                   presumed=self.presumed if belief else 0,
                   slips=SLIPS.get(self.model.players.name, 0), order=self.order,
                   likely=likely, cite=self.cite, dealt=tuple(self.replay.board.deal.hands))
        return s, s.lines(self.start)

    def contested(self, mine: int, left: int, said: Step) -> Plan[ClaimRuling]:
        """Law 70: the worst normal line of his statement; more than he claimed only as
        Law 71 allows: what he could not lose by any normal play."""
        s, plan = self.search(self.side, True)
        lines = yield from plan
        worst = min((ln for ln in lines if ln.normal), key=self.mine)
        awarded, law = self.mine(worst), "70"
        c = self.cite
        steps = [said, Step(c.cite("adjudicated"), f"{self._opponents()} disputed the claim: "
                            "the Director adjudicates it as equitably as possible, any "
                            "doubtful point against the claimer. His statement stands as "
                            f"made ({c.cite('statement')}). Where he said nothing "
                            f"({c.cite('not_embraced')}), every play "
                            f"{_a(self.model.players.name)} player might make holding what "
                            "he believed is normal: careless or inferior for the class ("
                            f"{_slips(SLIPS.get(self.model.players.name, 0))}), never "
                            "irrational (a card another of his beats on every layout he "
                            "could believe in). The opponents defend double dummy.",
                            StepKind.CLAIM)]
        in_favour = list(s.in_favour)
        if awarded > mine:  # he conceded tricks: Law 71 gives back those he cannot lose
            s71, plan71 = self.search(self.side, True, believed=False)
            free = yield from plan71
            floor = min((ln for ln in free if ln.normal), key=self.mine)
            in_favour += s71.in_favour
            if self.mine(floor) < awarded:
                worst, awarded = floor, max(mine, self.mine(floor))
            lines = [*lines, *free]
            law = "71" if awarded > mine else "70"
        return self._ruling(law, mine, awarded, lines, worst, steps, in_favour)

    def agreed(self, mine: int, left: int, said: Step) -> Plan[ClaimRuling]:
        """Law 69: the claim stands; 69B lets the agreeing side withdraw its agreement to
        a trick it would likely have won (its cards the ones its class most likely plays),
        Law 71 gives the claimer's side one it could not lose. Double dummy first: when it
        gives exactly the claim, neither can apply."""
        best = yield from tricks_through(self.start.pos, self.side)
        agreed = Step(self.cite.cite("agreed"), f"{self._opponents()} agreed: the claim "
                      "stands, the board scored as though the tricks had been won or lost "
                      "in play.", StepKind.CLAIM)
        steps = [said, agreed]
        if best == mine:
            steps.append(Step(self.cite.cite("agreed"),
                              f"double dummy {self._side_name(self.side)} take exactly the "
                              f"{_tricks(mine)} claimed: no trick was conceded that could "
                              f"not be lost ({self.cite.cite('concession')}), none agreed to "
                              "that the other side would likely have won "
                              f"({self.cite.cite('withdrawn')}).", StepKind.CLAIM))
            return self._ruling("69A", mine, mine, [], None, steps, [])
        if best > mine:  # he conceded tricks he may not lose: Law 71
            s, plan = self.search(self.side, True, believed=False)
            lines = yield from plan
            worst = min((ln for ln in lines if ln.normal), key=self.mine)
            awarded = max(mine, self.mine(worst))
            return self._ruling("71" if awarded > mine else "69A", mine, awarded, lines,
                                worst, steps, s.in_favour)
        other = self.side.other  # they agreed to lose tricks: Law 69B
        s, plan = self.search(other, False, likely=True)
        lines = yield from plan
        worst = max((ln for ln in lines if ln.normal), key=self.mine)
        awarded = min(mine, self.mine(worst))
        return self._ruling("69B" if awarded < mine else "69A", mine, awarded, lines,
                            worst, steps, s.in_favour)

    def _ruling(self, law: str, mine: int, awarded: int, lines: Sequence[ClaimLine],
                worst: ClaimLine | None, steps: list[Step], in_favour: Sequence[Doubt]
                ) -> ClaimRuling:
        doubtful = _unique([*(worst.doubts if worst is not None else ()), *in_favour])
        steps += [Step(d.law, d.text, StepKind.CLAIM) for d in doubtful]
        if law == "70" and worst is not None and not worst.doubts and awarded < mine:
            c = self.cite
            steps.append(Step(c.cite("statement"), "played as he stated it, his line loses "
                                     f"{_tricks(mine - awarded)} of those he claimed: he may "
                                     "not change his statement nor add to it, and no "
                                     "successful line it does not embrace is accepted "
                                     f"({c.cite('not_embraced')}).", StepKind.CLAIM))
        steps.append(self._award_step(law, mine, awarded, worst))
        shown = ([worst] if worst is not None else []) + sorted(
            (ln for ln in lines if ln is not worst), key=lambda ln: (-ln.normal, -ln.share))
        return ClaimRuling(self.claim, self.agreement, self.replay.claim_tricks or 0,
                           self.total(awarded), self.after(awarded), law,
                           self.model.players.name, tuple(shown[:MAX_LINES]),
                           tuple(doubtful), tuple(steps))

    def _award_step(self, law: str, mine: int, awarded: int, worst: ClaimLine | None
                    ) -> Step:
        total = self.total(awarded)
        who = self._side_name(self.side)
        line = (f"the worst normal line for {who} gives declarer {_tricks(total)}"
                if worst is not None else "")
        if law == "70":
            claimed = as_claimed(self.claim.claimer, self.side == self.declarer,
                                 self.total(mine))
            text = (f"{line}: {who} are awarded {awarded} of the tricks left, declarer "
                    f"{_tricks(total)} ({claimed}).")
        elif law == "71":
            text = (f"{line}; {who} conceded {_tricks(awarded - mine)} they could not lose "
                    f"by any normal play: the concession is cancelled for "
                    f"{'it' if awarded - mine == 1 else 'them'}, declarer {_tricks(total)}.")
        elif law == "69B":
            lost = mine - awarded
            text = (f"played as {self._side_name(self.side.other)} would most likely have "
                    f"played on, declarer takes {_tricks(total)}: they agreed to the loss of "
                    f"{_tricks(lost)} their side would likely have won. Within the "
                    "correction period they may withdraw their agreement to "
                    f"{'it' if lost == 1 else 'them'}: their right, not the Director's of "
                    "his own motion. The board is then scored with declarer "
                    f"{_tricks(total)}.")
        else:
            text = (f"{line}: " if line else "") + (
                f"the claim stands, declarer {_tricks(total)}.")
        cited = {"69A": "agreed", "69B": "withdrawn", "70": "adjudicated", "71": "concession"}
        return Step(self.cite.cite(cited[law]) if law != "70" else "70", text, StepKind.CLAIM)

    def _opponents(self) -> str:
        seats = self.side.other.seats
        agreed = self.agreement.agreed
        if agreed:
            other = next(s for s in seats if s not in agreed)
            return f"{other.long_name} ({agreed[0].long_name} agreed)"
        return self._side_name(self.side.other)

    @staticmethod
    def _side_name(side: Side) -> str:
        return "North-South" if side == Side.NS else "East-West"


def _start(replay: Replay, edition: Edition, table: Table) -> Run:
    """The play at the claim: the position (a trick in progress included), the tricks
    each side had won, what the play had shown (voids, discards); a revoke on the last
    trick that the claim leaves not established corrected first (:func:`judge_claim`)."""
    last = replay.tricks[-1] if replay.tricks else None
    if last is not None and not last.complete:
        number, index = last.number, len(last.plays)
    else:
        number, index = replay.tricks_done + 1, 0  # at a claim position: its trick
    found = next(((rev, out) for rev in replay.revokes if rev.trick == number - 1
                  and not rev.corrected_at_table and law_69a(rev, replay, edition)
                  for out in [under_claim(rev, replay, table)] if out is not None), None)
    if found is not None:
        number, index = number - 1, 0
    run = Start.at(replay, number, index).run()
    if found is not None:
        rev, out = found
        for p in out.plays:
            run.play(p.card)
        if rev.seat.side != replay.declarer_side and not any(  # 62B1: a penalty card
                r.kind == RequirementKind.FACED and r.seat == rev.seat and r.trick <= rev.trick
                for r in replay.board.facts.requirements):
            run.pos = run.pos.with_requirements(run.pos.penalties | rev.card.bit,
                                                run.pos.leads)
    run.plays = []
    return run


def _fail(replay: Replay, message: str, tag: str = "EquityClaim") -> BoardError:
    b = replay.board
    return BoardError(message, b.source, b.label, Where(tag=tag))


def _check(replay: Replay, claim: Claim, pos: Position) -> None:
    """Bad input gets a clear error: a claim by dummy, a step naming a card his side does
    not hold, a statement that cannot be followed."""
    contract = replay.contract
    if claim.claimer == contract.dummy:
        raise _fail(replay, f"{claim.claimer.long_name} is dummy: dummy does not claim "
                            "(declarer plays dummy's cards); name declarer or a defender")
    hands = controlled(claim, contract)
    mine = 0
    for s in hands:
        mine |= pos.hands[s]
    who = " or ".join(s.long_name for s in sorted(hands))
    for card in claim.cards:
        if not mine & card.bit:
            holder = next((s for s in Seat if pos.hands[s] & card.bit), None)
            why = (f"{holder.long_name} holds it" if holder is not None
                   else "it has been played")
            extra = (" (a defender speaks for his own hand only: 2017 Law 70D2)"
                     if holder is not None and holder.side == claim.claimer.side else "")
            raise _fail(replay, f"the claim statement names {card.pretty}, which {who} "
                                f"does not hold at the claim: {why}{extra}")
    trump = contract.strain.trump
    for step in claim.steps:
        if step.word not in (ClaimWord.TRUMPS, ClaimWord.RUFF, ClaimWord.CROSSRUFF):
            continue
        if trump is None:
            raise _fail(replay, f"the claim statement's '{step}' cannot be followed: "
                                f"{contract} has no trumps")
        if step.word == ClaimWord.RUFF:
            _check_ruff(replay, claim, pos, step.suit, step.seat, hands)
        if step.word == ClaimWord.CROSSRUFF:
            short = [s for s in claim.claimer.side.seats if not pos.hands[s] & trump.mask]
            if short:
                raise _fail(replay, f"the claim statement's 'crossruff' cannot be "
                                    f"followed: {short[0].long_name} holds no trump")


def _check_ruff(replay: Replay, claim: Claim, pos: Position, suit: Suit | None,
                seat: Seat | None, hands: frozenset[Seat]) -> None:
    trump = replay.contract.strain.trump
    assert trump is not None
    ruffer = seat if seat is not None else claim.claimer
    if suit == trump:
        raise _fail(replay, f"the claim statement says 'ruff {trump.name}': {trump.name} "
                            "is the trump suit")
    if ruffer not in hands:
        raise _fail(replay, f"the claim statement has {ruffer.long_name} ruff, but the "
                            f"claimer speaks for {' and '.join(s.long_name for s in hands)}"
                            " only")
    if not pos.hands[ruffer] & trump.mask:
        raise _fail(replay, f"the claim statement's ruff cannot be followed: "
                            f"{ruffer.long_name} holds no trump at the claim")


def _check_concession(replay: Replay, claim: Claim, left: int, mine: int) -> None:
    """``concede N`` must agree with ``[Result]``: a claim of the rest."""
    conceded = claim.conceded
    if conceded and conceded != left - mine:
        raise _fail(replay, f"the claim statement concedes {_tricks(conceded)} of the "
                            f"{left} left, but [Result] gives the claimer's side {mine} of "
                            f"them (conceding {left - mine})", "Result")


def _said(claim: Claim, left: int, mine: int, before: int, total: int, corrected: bool
          ) -> Step:
    """Law 68: what was claimed and said (``before``: the tricks his side had won,
    ``total``: declarer's as claimed; both with a revoke trick ``corrected``)."""
    who = claim.claimer.long_name
    trick = 14 - left
    what = (f"conceded the last {left}" if mine == 0 else
            f"claimed the last {left}" if mine == left else
            f"claimed {mine} of the last {left}")
    rest = ", conceding the rest," if 0 < mine < left else ""
    stated = (f"; his statement: {claim.describe()}" if claim.stated
              else "; no statement is recorded")
    fixed = ", the revoke trick corrected" if corrected else ""
    return Step("68", f"{who} {what} (declarer {total}){rest} at trick {trick}, his side "
                      f"having won {before}{fixed}{stated}.", StepKind.CLAIM)


def _law_70c(claim: Claim, pos: Position, replay: Replay, aware: CardSet) -> bool:
    """70C1: a trump remains with an opponent and the claimer "made no statement about
    that trump" — *our reading*: only a ``trumps`` step (he will draw them) speaks of the
    opponents' trump; his own trumps named or counted as tricks speak of his cards, not of
    theirs (NBB District Delft, "Verkeerde claim of niet": "I shall make the ♥K, ♥Q and
    ♣10" with the ♥8 out, ruled under 70C); 70C2: that he
    was unaware of it is at all likely — *our reading*: when one trump is out (a
    claimer who says nothing while two or more are out plans to draw them, or he could
    not claim), unless the Director found him aware of it (``aware``: what he read from
    the play and the claimer's competence are his finding, not a presumption)."""
    trump = replay.contract.strain.trump
    if trump is None:
        return False
    seat = claim.claimer
    out = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & trump.mask & ~aware
    if not out or out & (out - 1):  # 70C2: unaware of *a* trump, at all likely only of one
        return False
    return not any(s.word == ClaimWord.TRUMPS for s in claim.steps)


def _unique(doubts: Sequence[Doubt]) -> list[Doubt]:
    return list(dict.fromkeys(doubts))


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def _a(word: str) -> str:
    """``word`` with its indefinite article."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _slips(n: int) -> str:
    """What careless play the class may make (:data:`SLIPS`), in words."""
    if not n:
        return ("none for this class: no card another of his beats on some of his layouts "
                "and matches on the rest")
    return (f"at most {n} careless slip{'s' if n > 1 else ''} a line: a card another of his "
            "beats on some of his layouts, not on every one")
