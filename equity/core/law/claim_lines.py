"""The normal lines of a claim: the play the Director considers after a claim (Laws
70A, 70C-70E, 69B, 71 and the footnote to Laws 68-71).

"Normal" includes play that would be "careless or inferior for the class of player
involved, but not irrational" (footnote). Our reading, with the player model as the
class of player (:mod:`equity.core.player.player_model`: how often players of the
class play each card, their errors included):

* **a line is normal** when players of the class would follow it at least once for
  every :data:`NORMAL_SHARE` times they follow the most likely play: at each card the
  statement leaves open, the card's probability is divided by that of the card most
  likely there, and the shares are multiplied along the line. A careless card that
  costs a trick (club players play such cards about one time in a hundred) is normal;
  one that costs two tricks at once, or two careless cards on one line, is irrational.
  A guess (a card right in some of the layouts he cannot tell apart) keeps most of its
  share: both ways of a guess are normal lines;
* **the statement binds** (70B, 70D1): where it names the card or the kind of card
  (:mod:`equity.core.law.claim_statement`) he plays no other; where it is silent every normal
  card is a line;
* **the opponents defend double dummy**: against each normal line they play the card
  best for them with every card in view (Law 70 resolves doubtful points against the
  claimer: the defence he may meet is the best one); of cards equally good, the lowest;
* **70C**, an outstanding trump he did not mention: while an opponent holds a trump,
  every lead of a side-suit winner (a card no opponent can beat in its suit) is a
  normal lead too, as a claimer unaware of the trump would make it; "at all likely that
  he was unaware" is presumed when his statement says nothing of trumps (we cannot hear
  the table; the doubt is his);
* **70E1**, an unstated finesse or guess: a guess is a normal line both ways; but a
  card that loses only by misplacing an opponent's card, once an opponent has shown out
  of the suit, is not accepted against him (the exception of 70E1): with the show-out
  unknown it would have been a guess, with it the winning play is the only normal one;
* **seed 003**, a statement that announces a revoke (he says he will ruff a suit he
  still holds): a statement is not a play (Law 68D: play stops), so no revoke occurs and
  Law 64 does not apply; "we take the statement seriously": he may ruff as he said,
  but only if it wins him no more tricks than following suit. Where it would win more,
  the claim is doubtful and every doubtful point goes against him: the lines are those
  where he follows suit, and those where his trump is spent as he said but the trick
  goes where it would have gone had he followed.

The award is the worst result for the claimer over the normal lines (70A). The same
search serves Law 71 (what a conceding side could not lose by any normal play: the
statement set aside) and Law 69B (what the agreeing side would have won by every normal
play of its own, the claimer's side defending double dummy).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from equity.core.game import (
    Card,
    CardSet,
    Claim,
    ClaimWord,
    Contract,
    Plan,
    Play,
    Position,
    Seat,
    Side,
    Suit,
    cards,
    together,
    trick_winner,
    values_of,
)
from equity.core.law.claim_statement import NOTHING, Said, after, controlled, said, top_cards
from equity.core.player import (
    Decision,
    DecisionModel,
    Knowledge,
    Run,
)

NORMAL_SHARE = 200
"""A line is normal when players of the class follow it at least once for every this
many times they follow the most likely play (module docstring)."""
MEASURED_SHARE = 0.25
"""A line at least this share of the most likely play gets its decisions measured to
the model's full sampling; a less likely one, on the first layouts only (as the outcome
tree does for its unlikely branches): whether a card is normal there turns on shares
far from the line's own."""


@dataclass(frozen=True, slots=True)
class Doubt:
    """A doubtful point of a line and the law that resolves it: in full (``text``) and
    in a few words for the line that meets it (``short``)."""

    law: str
    text: str
    short: str = ""


@dataclass(frozen=True, slots=True)
class ClaimLine:
    """One line of play after the claim: its cards, declarer's total tricks, whether it
    counts as a normal line of the claimer's (``normal``; a line that does not count
    says why), its share against the most likely play, and its doubtful points."""

    plays: tuple[Play, ...]
    declarer_tricks: int
    normal: bool
    why: str
    share: float
    doubts: tuple[Doubt, ...] = ()


@dataclass(frozen=True, slots=True)
class Twist:
    """An announced revoke played as stated (seed 003): the trick goes where it would
    have gone had he followed suit with one of ``instead`` (the worst for him)."""

    trick: int
    index: int
    instead: tuple[Card, ...]


@dataclass
class _Walk:
    """A line under way: the play (:class:`~equity.core.player.Run`), the statement's
    step under way, the line's share and its doubtful points."""

    run: Run
    at: int = 0
    share: float = 1.0
    doubts: tuple[Doubt, ...] = ()
    twist: Twist | None = None


@dataclass
class Search:
    """The normal lines from a position after a claim (module docstring).

    ``side`` is the side whose normal lines are searched (the doubt goes against it: the
    claimer's for Laws 70 and 71, the agreeing side's for 69B); the other side defends
    double dummy. ``claim`` binds the hands it controls when ``bound``; ``c70`` says
    whether Law 70C applies."""

    claim: Claim
    contract: Contract
    side: Side
    model: DecisionModel
    bound: bool = True
    c70: bool = False
    in_favour: list[Doubt] = field(default_factory=list)
    """Doubtful points resolved for the claimer (70E1's exception), as they were met."""

    @property
    def declarer(self) -> Seat:
        return self.contract.declarer

    def lines(self, run: Run) -> Plan[list[ClaimLine]]:
        """Every normal line from ``run`` (played on copies) to the last card."""
        return (yield from self._lines(_Walk(run.copy())))

    def _lines(self, w: _Walk) -> Plan[list[ClaimLine]]:
        while w.run.pos.tricks_left:
            pos = w.run.pos
            if pos.to_play.side != self.side:
                card = yield from self._defence(pos)
                w = self._play(w, card, w.at)
                continue
            here, at = self._said(w)
            if here.revoke:
                return (yield from self._announced(w, here, at))
            options = yield from self._options(w, here)
            nxt = after(self.claim, at, pos, self.contract) if self._binds(pos) else at
            if len(options) == 1:
                card, share, doubt = options[0]
                w = self._play(w, card, nxt, share, doubt)
                continue
            found = yield from together(*(self._lines(self._play(w, c, nxt, s, d))
                                          for c, s, d in options))
            return [line for lines in found for line in lines]
        return [self._leaf(w)]

    # --- whose card, and which -------------------------------------------------------

    def _binds(self, pos: Position) -> bool:
        return self.bound and pos.to_play in controlled(self.claim, self.contract)

    def _said(self, w: _Walk) -> tuple[Said, int]:
        if not self._binds(w.run.pos):
            return NOTHING, w.at
        return said(self.claim, w.at, w.run.pos, self.contract)

    def _defence(self, pos: Position) -> Plan[Card]:
        """The other side's card: the best for it double dummy, the lowest of equals."""
        values = yield from values_of(pos, pos.legal(), self.side)
        worst = min(values.values())
        return min((c for c, v in values.items() if v == worst), key=lambda c: (c.rank, c.suit))

    def _options(self, w: _Walk, here: Said) -> Plan[list[tuple[Card, float, Doubt | None]]]:
        """The normal cards of the player to play among those the statement leaves him
        (all his legal cards where it is silent): each with its share (its probability
        against the most likely card's) and the doubtful point it makes, at most one card
        for each double-dummy value (the most likely of them)."""
        pos = w.run.pos
        # what the statement leaves him, within what the law lets him play (Law 50's
        # requirements may forbid the card it names: then it says nothing of this one)
        allowed = (here.allowed or 0) & pos.legal() or pos.legal()
        knowledge = w.run.knowledge(self.declarer)
        decision = yield from self.model.decide(
            knowledge, allowed, 1.0 if w.share >= MEASURED_SHARE else 0.0)
        if decision.how in ("forced", "designated", "free"):
            return [(decision.card, 1.0, None)]
        real = yield from self.model.real_values(pos)
        best = max(real[c] for c, _ in decision.played)
        top = max(p for _, p in decision.played)
        unaware = self._unaware(w, here, allowed)
        known = yield from self._shown_out(knowledge, allowed, decision, [
            c for c, _ in decision.played if real[c] < best and c not in unaware])
        out: dict[int, tuple[Card, float, Doubt | None]] = {}
        for card, p in decision.played:
            share = p / top
            if w.share * share * NORMAL_SHARE < 1.0 or real[card] in out or card in known:
                continue
            doubt = None
            if real[card] < best and card in unaware:
                doubt = self._trump_doubt(w, card, best - real[card])
            elif real[card] < best:
                doubt = self._doubt(w, decision, card, real[card], best, p)
            out[real[card]] = (card, share, doubt)
        for card in unaware:  # 70C: as normal as his most likely card
            if real[card] not in out:
                out[real[card]] = (card, 1.0, self._trump_doubt(w, card, best - real[card])
                                   if real[card] < best else None)
        return sorted(out.values(), key=lambda o: -o[1])

    def _shown_out(self, knowledge: Knowledge, allowed: CardSet, decision: Decision,
                   worse: Sequence[Card]) -> Plan[set[Card]]:
        """70E1's exception: of the ``worse`` cards (right in none of his layouts), those
        of a suit an opponent has shown out of that would be the losing way of a guess
        were the show-outs unknown: an opponent "failed to follow to the suit of that
        card", so they are no normal line (each is said in :attr:`in_favour`)."""
        theirs = {s: m for s, m in knowledge.voids.items() if s.side != self.side and m}
        shown = 0
        for m in theirs.values():
            shown |= m
        worse = [c for c in worse if decision.chance(c) <= 0 and shown >> c.suit & 1]
        if not worse:
            return set()
        blind = dataclasses.replace(knowledge, voids={
            s: m for s, m in knowledge.voids.items() if s.side == self.side})
        unaware = yield from self.model.decide(blind, allowed)
        out = {c for c in worse if unaware.chance(c) > 0}
        seat = knowledge.position.to_play.long_name
        for c in out:
            who = ", ".join(s.long_name for s, m in sorted(theirs.items())
                            if m >> c.suit & 1)
            self.in_favour.append(Doubt(
                "70E1", f"{seat}'s {c.pretty} would be the losing way of a guess had "
                        f"{who} not shown out of {c.suit.symbol} before it: an opponent "
                        "failed to follow to the suit, so the winning play is accepted "
                        "(the exception of 70E1).", f"{seat}'s {c.pretty} not considered (70E1)"))
        return out

    def _unaware(self, w: _Walk, here: Said, allowed: CardSet) -> set[Card]:
        """70C: the side-suit winners he might lead unaware of an outstanding trump."""
        pos = w.run.pos
        trump = self.contract.strain.trump
        if not self.c70 or pos.trick or trump is None or not self._binds(pos):
            return set()
        seat = pos.to_play
        if not (pos.hands[seat.next] | pos.hands[seat.partner.next]) & trump.mask:
            return set()
        if here.step is not None and self.claim.steps[here.step].word != ClaimWord.WINNERS:
            return set()
        return set(cards(top_cards(pos, seat) & allowed & ~trump.mask))

    # --- a statement that announces a revoke (seed 003) ------------------------------

    def _announced(self, w: _Walk, here: Said, at: int) -> Plan[list[ClaimLine]]:
        """He said he would ruff a suit he holds: the ruff as stated (``R``), following
        suit (``F``), and the ruff spent but the trick scored as had he followed
        (``R'``). He may ruff if R wins him no more than F; else R' and F count."""
        pos = w.run.pos
        assert here.allowed is not None
        trump = min(cards(here.allowed), key=lambda c: c.rank)
        nxt = after(self.claim, at, pos, self.contract)
        follow = yield from self._options(w, NOTHING)
        twist = Twist(w.run.trick_no, len(pos.trick), tuple(c for c, _, _ in follow))
        seat = pos.to_play.long_name
        led = pos.suit_led.symbol if pos.suit_led is not None else ""
        revoke = Doubt("70A", f"trick {w.run.trick_no}: {seat} said he would ruff the {led} "
                       f"but holds {_listed(pos.hands[pos.to_play] & pos.legal())}: a "
                       "statement is not a play (Law 68D), so there is no revoke and Law 64 "
                       f"does not apply; his {trump.pretty} is spent as he said, but it may "
                       "win him no trick: the trick goes where it would have gone had he "
                       "followed suit (seed 003)",
                       f"trick {w.run.trick_no}: {trump.pretty} spent as stated, the trick "
                       "scored as had he followed (70A, seed 003)")
        stated, spent, *followed = yield from together(
            self._lines(self._play(w, trump, nxt)),
            self._lines(self._play(w, trump, nxt, 1.0, revoke, twist)),
            *(self._lines(self._play(w, c, nxt, s, d)) for c, s, d in follow))
        followed_lines = [line for lines in followed for line in lines]
        sign = 1 if self.side == self.declarer.side else -1
        r = _worst(stated, sign)
        f = _worst(followed_lines, sign)
        if r is None or f is None or sign * r <= sign * f:  # it wins him nothing: he may
            may = Doubt("70A", f"trick {w.run.trick_no}: {seat} said he would ruff the {led} "
                        f"but holds {_listed(pos.hands[pos.to_play] & pos.legal())}: a "
                        "statement is not a play (Law 68D), so there is no revoke and Law 64 "
                        "does not apply; the ruff wins him no more than following suit, so "
                        "he may ruff as he said (seed 003)",
                        f"trick {w.run.trick_no}: {trump.pretty} ruffed as stated, no gain "
                        "(70A, seed 003)")
            return [self._with(x, may) for x in stated] + [dataclasses.replace(
                x, normal=False, why=f"{seat} said he would ruff: following suit is not "
                                     "his line") for x in followed_lines]
        return [*followed_lines, *spent] + [dataclasses.replace(x, normal=False, why=(
            "the ruff as stated would win him a trick he loses by following suit: not "
            "accepted (seed 003)")) for x in stated]

    # --- playing a card ----------------------------------------------------------------

    def _play(self, w: _Walk, card: Card, at: int, share: float = 1.0,
              doubt: Doubt | None = None, twist: Twist | None = None) -> _Walk:
        """``w`` with ``card`` played (a copy); a trick holding an announced revoke is
        won where it would have been had he followed suit (:class:`Twist`)."""
        run = w.run.copy()
        pos = run.pos
        completes = len(pos.trick) == 3
        twist = twist or w.twist
        run.play(card)
        if completes and twist is not None and twist.trick == run.trick_no - 1:
            played = [(pos.leader.after(i), c) for i, c in enumerate((*pos.trick, card))]
            where = self._had_he_followed(played, twist)
            won = run.pos.leader
            if where != won:
                run.pos = Position(run.pos.hands, run.pos.strain, where, (),
                                   run.pos.penalties, run.pos.leads)
                run.won[won.side] -= 1
                run.won[where.side] += 1
            twist = None
        return _Walk(run, at, w.share * share,
                     (*w.doubts, doubt) if doubt is not None else w.doubts, twist)

    def _had_he_followed(self, played: Sequence[tuple[Seat, Card]], twist: Twist) -> Seat:
        """Who would have won the trick had he followed with one of ``twist.instead``:
        the opponents if any of them lets them (doubt against him, 70A)."""
        trump = self.contract.strain.trump
        winners = []
        for c in twist.instead:
            trick = list(played)
            trick[twist.index] = (trick[twist.index][0], c)
            winners.append(trick_winner(trick, trump))
        return next((s for s in winners if s.side != self.side), winners[0])

    # --- what a line says ---------------------------------------------------------------

    def _leaf(self, w: _Walk) -> ClaimLine:
        tricks = w.run.won[self.declarer.side]
        return ClaimLine(tuple(w.run.plays), tricks, True, self._why(w.doubts), w.share,
                         w.doubts)

    def _why(self, doubts: Sequence[Doubt]) -> str:
        """A normal line in a few words: its doubtful points, or that it has none."""
        if doubts:
            return "; ".join(d.short or d.text for d in doubts)
        return ("the statement as made, every card it leaves open the one players of the "
                "class most likely play" if self.bound else
                "every card the one players of the class most likely play")

    def _with(self, line: ClaimLine, doubt: Doubt) -> ClaimLine:
        """``line`` with one more doubtful point, met before the others."""
        doubts = (doubt, *line.doubts)
        return dataclasses.replace(line, doubts=doubts, why=self._why(doubts))

    def _doubt(self, w: _Walk, decision: Decision, card: Card, value: int, best: int,
               p: float) -> Doubt:
        """The doubtful point of playing ``card`` (``value`` tricks for his side from
        here, against ``best``) and the law that resolves it against the claimer."""
        pos = w.run.pos
        seat = pos.to_play
        right = max(decision.played, key=lambda cp: cp[1])[0]
        lost = best - value
        cost = f"{lost} trick{'s' if lost != 1 else ''} fewer double dummy"
        head = (f"trick {w.run.trick_no}: {seat.long_name} might "
                f"{'lead' if not pos.trick else 'play'} {card.pretty} ({p:.0%}")
        where = f"trick {w.run.trick_no}: {seat.name}{card.pretty}"
        if decision.chance(card) > 0:
            return Doubt("70E1", f"{head}: a guess, right in {decision.chance(card):.0%} of "
                         "the layouts he cannot tell apart, wrong in this one) — "
                         f"{cost}; an unstated line whose success depends on finding one "
                         "opponent rather than the other with a card is not accepted",
                         f"{where}, the losing way of a guess (70E1)")
        law = ("70D2" if self.side == self.claim.claimer.side
               and seat not in controlled(self.claim, self.contract)
               else "69B" if self.side != self.claim.claimer.side else "70D1")
        return Doubt(law, f"{head} for players of the class, against "
                     f"{right.pretty}): careless or inferior, not irrational — {cost}",
                     f"{where}, careless ({law})")

    def _trump_doubt(self, w: _Walk, card: Card, lost: int) -> Doubt:
        """70C: leading a side-suit winner into an outstanding trump he did not mention."""
        seat = w.run.pos.to_play
        return Doubt("70C", f"trick {w.run.trick_no}: {seat.long_name} might lead "
                            f"{card.pretty}, unaware of the opponents' trump (he said nothing "
                            "of it; that he was unaware is at all likely) — "
                            f"{lost} trick{'s' if lost != 1 else ''} fewer double dummy",
                     f"trick {w.run.trick_no}: {seat.name}{card.pretty} led into the "
                     "outstanding trump (70C)")


def _suits(mask: int) -> list[Suit]:
    return [s for s in Suit if mask >> s & 1]


def _worst(lines: Sequence[ClaimLine], sign: int) -> int | None:
    """Declarer's tricks on the normal line worst for the side ``sign`` (+1: declarer's
    side) of ``lines``; None when none is normal."""
    found = [sign * x.declarer_tricks for x in lines if x.normal]
    return sign * min(found) if found else None


def _listed(cs: CardSet) -> str:
    return " ".join(c.pretty for c in cards(cs))
