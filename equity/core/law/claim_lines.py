"""The normal lines of a claim: the play the Director considers after a claim (Laws
70A, 70C-70E, 69B, 71 and the footnote to Laws 70-71; paragraphs per edition,
:mod:`equity.core.law.claim_paragraphs`).

"Normal" includes play that would be "careless or inferior for the class of player
involved" (footnote; the 1997 and 2007 books add "but not irrational"). *Our reading*,
a panel's: normal is what a player of the class might do **holding what he believed**
— not any card a model of real play can produce:

* **his belief**: what he sees (his hand, dummy, the cards played, the suits shown out
  of: :class:`~equity.core.player.Knowledge`), less what he evidently overlooked
  (:func:`overlooked`): an outstanding trump his statement says nothing of (70C: "at all
  likely … unaware"), a higher card outstanding in a suit whose cards he named, in a
  claim of all the rest a side suit's single card that beats his lowest; unless the Director found
  him aware of it (``[EquityClaimAware]``: 70C2 not met);
* **his normal cards**, at each card his statement leaves open (70D1): a card no other
  card of his beats on the layouts he could believe in (a guess is normal both ways:
  each way wins on some layouts; 70E1 then loses it for him unless an opponent has shown
  out, when the losing way is beaten everywhere) — but not an unstated finesse, a lower
  card to his own side's lead where his top card wins the trick for sure (70E1: neither
  accepted nor imposed, the suit is played from the top); on lead, any card he holds for a
  winner, in any order across suits and, within a suit, in any order unless he holds
  its ace or king or the regulating authority deems it played from the top (70E2;
  ``[EquityAuthority]``: :data:`TOP_DOWN`); a card he holds for a winner only through
  what he overlooked is normal however it turns out (the later cards follow from the
  same misbelief); **his discards as he believes his cards** (70A, 70C, 70D1), where
  he overlooked a card: a card he believes a winner is not thrown while he holds a
  side-suit card he believes a loser, and on his side's winning lead, every card of his
  side a winner in his eyes, any discard is open (:meth:`Search._discards`,
  :meth:`Search._all_good`); his equal winners of different suits are lines of their own
  where his statement shows a card he overlooked (:meth:`Search._alike`);
* **irrational**, never normal whatever a model's frequency: a card "worse on every
  layout consistent with his belief" — *our reading*: one other card of his beats it on
  every layout he could believe in (:attr:`~equity.core.player.Decision.beaten`):
  throwing a master he knows while keeping a loser, ruffing his own winner, leading a
  loser he knows of while he holds winners;
* **careless**: the line of his misbelief, which every class may play; and a **slip**, a
  card another beats on some of his layouts but not on every one (a winner he knows of
  cashed in an order that blocks a suit or spends an entry, a card to his side's
  winning lead that blocks the suit or wastes a winner), normal for a class given
  :data:`SLIPS` (club players one a line, experts none): an expert's normal lines are a
  subset of a club player's, so he is never awarded fewer tricks;
* **the statement binds** (70B, 70D1): where it names the card or the kind of card
  (:mod:`equity.core.law.claim_statement`) he plays no other; a line stated for one
  layout (``if``) once the play has shown it to him, a line on his stated reading of the
  hands (``provided``) when the deal bears it out, the reading then part of his belief
  (:meth:`Search._shown`, :meth:`Search._reading`); a stated squeeze without a careless
  slip (:meth:`Search._squeezing`);
* **the opponents defend double dummy**, and of their cards equally good the one that
  puts him to a guess or a problem (70A: any doubtful point against him): on lead, the
  lowest card of each suit is tried while :data:`DEFENCE_BRANCH` tricks or fewer are
  left;
* **seed 003**, a statement that announces a revoke (he says he will ruff a suit he
  still holds): a statement is not a play (Law 68D: play stops), so no revoke occurs and
  Law 64 does not apply; "we take the statement seriously": he may ruff as he said,
  but only if it wins him no more tricks than following suit. Where it would win more,
  the claim is doubtful and every doubtful point goes against him: the lines are those
  where he follows suit, and those where his trump is spent as he said but the trick
  goes where it would have gone had he followed.

The award is the worst result for the claimer over the normal lines (70A). The same
search serves Law 71 (what a conceding side could not lose by any normal play: his
statement binding, his misbelief not presumed) and Law 69B (what the agreeing side would
likely have won: its cards the ones players of the class most likely play, the claimer's
side double dummy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.game import (
    Card,
    CardSet,
    Claim,
    ClaimWord,
    Condition,
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
from equity.core.law.claim_paragraphs import CLAIM_PARAGRAPHS, ClaimParagraphs
from equity.core.law.claim_statement import NOTHING, Said, after, controlled, said, top_cards
from equity.core.player import (
    Decision,
    DecisionModel,
    Holding,
    Knowledge,
    Run,
    classes,
    lowest,
)

SLIPS: dict[str, int] = {"club": 1}
"""The careless slips a normal line of the class may hold; a class not named here none.
The footnote to Laws 70-71 makes normal play "careless or inferior for the class of
player involved" (1997, 2007: "but not irrational"): a slip is a card of his that
another card beats on **some** of the layouts he could believe in but not on every one
(a card beaten on every one is irrational for any class) — a winner he knows of cashed
in an order that blocks a suit or spends an entry on some layout, a card to his own
side's winning lead that blocks the suit (an honour kept) or wastes a winner under it.
What is careless for an expert is a narrower set than for a club player (the footnote's
"for the class of player involved"; the EBU White Book, 8.70.5, calls losing a trick to
a singleton six from 754 "careless"; the ACBL presumes, across suits, the order worst
for the claimer): experts none, club players one a line (a later card that follows from
the same misbelief is no second slip: it is no slip at all). *Our reading*, the line
and the count chosen from the law, not fitted to a case. The expert's lines are then a
subset of the club player's, and he is never awarded fewer tricks."""
TOP_DOWN = frozenset({"ACBL"})
"""The regulating authorities that deem a suit played from the top when the statement
does not say (70E2, 2017; the ACBL's guidance since its 1992 "Duplicate Decisions");
elsewhere any order of the cards he holds for winners is normal."""
BRANCH = 7
"""With more tricks than this left, of the normal cards of the side searched only the one
worst for it double dummy is followed (a long claim's lines branch from the last seven
tricks): the award's line, the worst card at each early choice, at a cost of seconds."""
DEFENCE_BRANCH = 7
"""With this many tricks left or fewer, the defence's equally good leads are each tried
(the one that puts the claimer to a guess is among them); with more, the lowest."""
KEPT = 8
"""The most lines kept from a position (the worst first; the ruling lists as many)."""
PRECISION = 0.0
"""The sampling of a claim's decisions, against the model's cap: whether a card is right
in one of his layouts, not how often."""


def overlooked(claim: Claim, pos: Position, contract: Contract, c70: bool,
               aware: CardSet, everything: bool = False) -> CardSet:
    """The opponents' cards the claimer evidently overlooked at the claim: under 70C
    (``c70``: a trump is out and his statement says nothing of that trump) every trump they
    hold; in a suit whose cards of his side he named (he called them good), their cards
    above the lowest he named there; and when he claimed ``everything`` left, in a side
    suit where one card only of theirs beats his side's lowest, that card (he counted
    the suit as good: the miscount of one card is at all likely, of more it is not; the
    ace over dummy's king that "dummy is good" forgot, Aylesbury's "losing winner").
    ``aware``: the cards the Director found he knew of are not overlooked."""
    seat = claim.claimer
    theirs = pos.hands[seat.next] | pos.hands[seat.partner.next]
    out = 0
    trump = contract.strain.trump
    if c70 and trump is not None:
        out |= theirs & trump.mask
    for card in claim.cards:
        out |= sum((Card(card.suit, r).bit for r in range(card.rank + 1, 15)), 0) & theirs
    for step in claim.steps:  # N tricks counted in a suit: its N top cards called good
        if step.word == ClaimWord.COUNT and step.suit is not None:
            out |= _counted(pos, controlled(claim, contract), step.suit, step.count) & theirs
    if everything:
        out |= presumed_overlooked(claim, pos, contract, 0)
    return out & ~aware


def presumed_overlooked(claim: Claim, pos: Position, contract: Contract, aware: CardSet
                        ) -> CardSet:
    """The part of :func:`overlooked` presumed only from a claim of everything left, not
    shown by his statement: in each side suit where one card only of the opponents' beats
    his side's lowest, that card (70A: he counted the suit as good)."""
    seat = claim.claimer
    theirs = pos.hands[seat.next] | pos.hands[seat.partner.next]
    mine = pos.hands[seat] | pos.hands[seat.partner]
    trump = contract.strain.trump
    out = 0
    for suit in Suit:
        low = min((c.rank for c in cards(mine & suit.mask)), default=15)
        one = sum((c.bit for c in cards(theirs & suit.mask) if c.rank > low), 0)
        if suit != trump and one and not one & (one - 1):
            out |= one
    return out & ~aware


class Doubt(Struct, frozen=True):
    """A doubtful point of a line and the law that resolves it: in full (``text``) and
    in a few words for the line that meets it (``short``)."""

    law: str
    text: str
    short: str = ""


class ClaimLine(Struct, frozen=True):
    """One line of play after the claim: its cards, declarer's total tricks, whether it
    counts as a normal line of the claimer's (``normal``; a line that does not count
    says why), its share against the most likely play, and its doubtful points."""

    plays: tuple[Play, ...]
    declarer_tricks: int
    normal: bool
    why: str
    share: float
    doubts: tuple[Doubt, ...] = ()


class Twist(Struct, frozen=True):
    """An announced revoke played as stated (seed 003): the trick goes where it would
    have gone had he followed suit with one of ``instead`` (the worst for him)."""

    trick: int
    index: int
    instead: tuple[Card, ...]


class Option(Struct, frozen=True):
    """A normal card of the side whose lines are searched: the card, its share against
    the card players of the class most likely play there (said, never decisive), the
    doubtful point it makes, and whether it is a careless slip (a winner cashed in an
    order another beats on the layouts he could believe in, :attr:`Search.slips`)."""

    card: Card
    share: float = 1.0
    doubt: Doubt | None = None
    slip: bool = False
    value: int = 0
    """The tricks his side takes from here double dummy after it."""


class _Tail(Struct, frozen=True):
    """A line's rest from a position (:meth:`Search._lines` remembers them): its cards,
    declarer's tricks among them, whether it is normal and why, its share and doubtful
    points from there."""

    plays: tuple[Play, ...]
    tricks: int
    normal: bool
    why: str
    share: float
    doubts: tuple[Doubt, ...]


class _Walk(Struct):
    """A line under way: the play (:class:`~equity.core.player.Run`), the statement's
    step under way, the line's share, its doubtful points and careless slips."""

    run: Run
    at: int = 0
    share: float = 1.0
    doubts: tuple[Doubt, ...] = ()
    twist: Twist | None = None
    slips: int = 0


class Search(Struct):
    """The normal lines from a position after a claim (module docstring).

    ``side`` is the side whose normal lines are searched (the doubt goes against it: the
    claimer's for Laws 70 and 71, the agreeing side's for 69B); the other side defends
    double dummy. ``claim`` binds the hands it controls when ``bound``; ``c70`` says
    whether Law 70C applies; ``overlooked``, the cards the claimer evidently overlooked
    (:func:`overlooked`; ``presumed``, those only presumed from a claim of all the
    rest); ``slips``, the careless slips a line of the class may hold;
    ``order``, the regulating authority's order within a suit (``"top"``: from the top,
    70E2) or None; ``likely``: each card of the side the one players of the class most
    likely play (69B's "would likely have won")."""

    claim: Claim
    contract: Contract
    side: Side
    model: DecisionModel
    bound: bool = True
    c70: bool = False
    overlooked: CardSet = 0
    slips: int = 1
    presumed: CardSet = 0
    """Of :attr:`overlooked`, the cards presumed overlooked only because he claimed all
    the rest (:func:`overlooked`'s ``everything``), not shown by his statement."""
    order: str | None = None
    likely: bool = False
    cite: ClaimParagraphs = field(default_factory=lambda: CLAIM_PARAGRAPHS["2017"])
    dealt: tuple[CardSet, ...] = ()
    """The hands as dealt, which a conditional step's layout speaks of (``if C 4-1``,
    ``provided E has 5 S``); without them no condition is shown or borne out."""
    in_favour: list[Doubt] = field(default_factory=list)
    """Doubtful points resolved for the claimer (70E1's exception), as they were met."""
    _memo: dict[object, list[_Tail]] = field(default_factory=dict)

    @property
    def declarer(self) -> Seat:
        return self.contract.declarer

    def lines(self, run: Run) -> Plan[list[ClaimLine]]:
        """Every normal line from ``run`` (played on copies) to the last card."""
        return (yield from self._lines(_Walk(run.copy())))

    def _lines(self, w: _Walk) -> Plan[list[ClaimLine]]:
        """The lines from ``w``: the worst for :attr:`side` first, at most
        :data:`KEPT` of them (the rest are no worse). A position met again on another
        line — his winners cashed in another order — is answered once (its tails
        remembered: the same cards, the same step, the same slips, the same suits
        shown out of)."""
        key = (w.run.pos, tuple(sorted(w.run.voids.items())), w.at, w.slips, w.twist)
        tails = self._memo.get(key)
        if tails is None:
            found = yield from self._explore(w)
            kept = self._keep(found)
            self._memo[key] = [self._tail(w, ln) for ln in kept]
            return kept
        return [self._graft(w, t) for t in tails]

    def _keep(self, lines: Sequence[ClaimLine]) -> list[ClaimLine]:
        """The lines worth keeping: normal ones first, the worst for :attr:`side` first,
        one for each result, at most :data:`KEPT`."""
        sign = 1 if self.side == self.declarer.side else -1
        out: dict[tuple[bool, int], ClaimLine] = {}
        for ln in sorted(lines, key=lambda x: (not x.normal, sign * x.declarer_tricks)):
            out.setdefault((ln.normal, ln.declarer_tricks), ln)
        return list(out.values())[:KEPT]

    def _tail(self, w: _Walk, line: ClaimLine) -> _Tail:
        return _Tail(line.plays[len(w.run.plays):],
                     line.declarer_tricks - w.run.won[self.declarer.side],
                     line.normal, line.why, line.share / w.share if w.share else 0.0,
                     line.doubts[len(w.doubts):])

    def _graft(self, w: _Walk, t: _Tail) -> ClaimLine:
        doubts = (*w.doubts, *t.doubts)
        return ClaimLine((*w.run.plays, *t.plays), w.run.won[self.declarer.side] + t.tricks,
                         t.normal, self._why(doubts) if t.normal else t.why,
                         w.share * t.share, doubts)

    def _explore(self, w: _Walk) -> Plan[list[ClaimLine]]:
        while w.run.pos.tricks_left:
            pos = w.run.pos
            if pos.to_play.side != self.side:
                defence = yield from self._defence(pos)
                if len(defence) == 1:
                    w = self._play(w, defence[0], w.at)
                    continue
                found = yield from together(*(self._lines(self._play(w, c, w.at))
                                              for c in defence))
                return [line for lines in found for line in lines]
            here, at = self._said(w)
            if here.revoke:
                return (yield from self._announced(w, here, at))
            options = yield from self._options(w, here)
            nxt = (after(self.claim, at, pos, self.contract, self._shown_by(w))
                   if self._binds(pos) else at)
            if len(options) == 1:
                w = self._play(w, options[0].card, nxt, options[0])
                continue
            found = yield from together(*(self._lines(self._play(w, o.card, nxt, o))
                                          for o in options))
            return [line for lines in found for line in lines]
        return [self._leaf(w)]

    # --- whose card, and which -------------------------------------------------------

    def _binds(self, pos: Position) -> bool:
        return self.bound and pos.to_play in controlled(self.claim, self.contract)

    def _said(self, w: _Walk) -> tuple[Said, int]:
        if not self._binds(w.run.pos):
            return NOTHING, w.at
        return said(self.claim, w.at, w.run.pos, self.contract, self._shown_by(w))

    def _defence(self, pos: Position) -> Plan[list[Card]]:
        """The other side's cards: the best for it double dummy. Of equally good cards,
        against the claimer (70A: any doubtful point against him; 70E1), on lead the
        lowest of each suit — the lead that puts him to a guess or a problem is among
        them, and his normal lines answer each — while :data:`DEFENCE_BRANCH` tricks or
        fewer are left; else, and against the agreeing side of 69B, the lowest."""
        groups = classes(pos.legal(), pos)
        if len(groups) == 1:  # one card, or cards equal in rank: nothing to ask
            return [lowest(groups[0])]
        values = yield from values_of(pos, pos.legal(), self.side)
        worst = min(values.values())
        equal = sorted((c for c, v in values.items() if v == worst),
                       key=lambda c: (c.rank, c.suit))
        if (pos.trick or self.side != self.claim.claimer.side
                or pos.tricks_left > DEFENCE_BRANCH):
            return equal[:1]
        return list({c.suit: c for c in reversed(equal)}.values())

    def _options(self, w: _Walk, here: Said) -> Plan[list[Option]]:
        """The normal cards of the player to play among those the statement leaves him
        (all his legal cards where it is silent), at most one for each double-dummy
        value and belief (:meth:`_alike`; module docstring): a card no other of his
        beats on the layouts he could believe in (a guess is normal both ways); on lead,
        a winner as he believes his winners (70C, a card he overlooked), in any order
        across suits and within a suit as :attr:`order` allows; a winner cashed in an
        order another beats is a careless slip, normal while the line holds fewer than
        :attr:`slips`; any other card is beaten by another on the layouts he could
        believe in: irrational, no line."""
        pos = w.run.pos
        # what the statement leaves him, within what the law lets him play (Law 50's
        # requirements may forbid the card it names: then it says nothing of this one)
        legal = pos.legal()
        believed = self._believed(pos)
        allowed = self._discards(pos, (here.allowed or 0) & legal or legal)
        if here.step is not None and self.claim.steps[here.step].word == ClaimWord.WINNERS:
            allowed |= sum((c.bit for c in believed), 0) & legal  # his winners as he saw them
        knowledge = self._reading(w.run.knowledge(self.declarer))
        decision = yield from self.model.decide(knowledge, allowed, PRECISION)
        if decision.how in ("forced", "designated", "free"):
            return [Option(decision.card)]
        real = yield from self.model.real_values(pos)
        reps = [lowest(g) for g in decision.equal if allowed & g[0].bit]
        best = max(real[c] for c in reps)
        played = dict(decision.played)
        top = max(played.values(), default=0.0) or 1.0
        if self.likely:  # 69B: the card players of the class most likely play
            card = max(reps, key=lambda c: played.get(c, 0.0))
            return [Option(card, 1.0)]
        leads = self._in_order(believed, reps, decision)
        thrown = self._all_good(pos)
        if thrown:  # a discard, every card of his side a winner in his eyes: any of them
            leads = {c: True for c in reps if c.bit & thrown}
        worse = set(decision.dominated) | self._worse_here(decision, reps, real)
        known = yield from self._shown_out(knowledge, allowed, decision, [
            c for c in reps if c in worse and c not in leads and real[c] < best])
        out: dict[tuple[object, ...], Option] = {}
        # one card for each value and belief (:meth:`_alike`), the same whatever the class
        # (the lowest, a winner he holds before a slip): the expert's lines stay a subset
        # of the club player's
        unblock = self._own_lead(pos)
        finesses = self._unstated_finesses(pos, reps, decision)
        finesses |= self._unstated_throw_ins(pos, reps, decision, believed)
        slips = 0 if self._squeezing(here) else self.slips
        for card in sorted(reps, key=lambda c: (c.rank, c.suit)):
            if card in finesses:
                continue  # 70E1: a finesse or throw-in he did not state is no line of his
            misled = leads.get(card)
            # careless, not irrational: a winner he knows of led, or a card to his own
            # side's winning lead in its suit (blocking it, or wasting a winner), that another card
            # beats on some of his layouts but not on every one (footnote to 70-71)
            slip = (card in worse and card not in decision.beaten
                    and (misled is False or (misled is None and card.suit == unblock)))
            if card in known or (card in worse and not misled and not slip) or (
                    slip and w.slips >= slips):
                continue  # irrational, or a slip beyond what the class is allowed
            lost = best - real[card]
            doubt = None
            if lost and misled:
                doubt = self._belief_doubt(w, card, lost, bool(thrown))
            elif lost and slip:
                doubt = self._careless(w, card, lost)
            elif lost:
                doubt = self._doubt(w, decision, card, real[card], best)
            option = Option(card, played.get(card, 0.0) / top, doubt, slip, real[card])
            alike = (real[card], *self._alike(pos, card, misled))
            have = out.get(alike)
            if have is None or (have.slip and not slip):
                out[alike] = option
        found = sorted(out.values(), key=lambda o: (o.slip, -o.share))
        if not found:  # every card set aside (two readings meet): the one he likeliest plays
            card = decision.speaker(decision.card)
            found = [Option(card, 1.0, None, False, real[card])]
        if pos.tricks_left > BRANCH:  # early in a long claim: the worst normal card only
            return [min(found, key=lambda o: (o.value, o.slip))]
        return found

    # --- a conditional statement, a squeeze -----------------------------------------

    def _shown_by(self, w: _Walk) -> Callable[[Condition], bool | None]:
        """Whether a condition of the statement holds on ``w`` (:meth:`_shown`)."""
        return lambda c: self._shown(w, c)

    def _shown(self, w: _Walk, c: Condition) -> bool | None:
        """70D1 (a line embraced in his statement) and 70A (doubtful points against him):
        ``provided`` — whether the deal bears his reading out (the Director sees the
        cards: no doubtful point); ``if`` — whether the play has shown the layout to the
        claimer: True when every layout he could believe in (his cards and dummy's, the
        cards played, the suits shown out of, the hidden hands' sizes) meets it, False
        when none does, None while it is not yet shown (the doubt is his: the step says
        nothing yet)."""
        if len(self.dealt) != 4:
            return False if c.proviso else None
        seats = (c.seat, c.seat) if c.seat is not None else (
            self.claim.claimer.next, self.claim.claimer.partner.next)
        if c.proviso:
            borne = c.met((_length(self.dealt[seats[0]], c.suit),
                           _length(self.dealt[seats[1]], c.suit)))
            self._said_of(c, borne)
            return borne
        met = {c.met(pair) for pair in self._dealt_lengths(w, c.suit, seats)}
        return None if len(met) != 1 else met.pop()

    def _said_of(self, c: Condition, met: bool) -> None:
        """The ruling says once whether the deal bears out a reading he stated."""
        law = self.cite.cite("not_embraced" if met else "adjudicated")
        who = self.claim.claimer.long_name
        text = (f"{who} stated his line {c.describe()}, and the deal bears it out (the "
                "Director sees the cards: no doubtful point): the line is his, played on "
                "that reading" if met else
                f"{who} stated his line {c.describe()}, but the deal does not bear it out: "
                "the line is not his, and the reading no part of his belief")
        doubt = Doubt(law, text, f"{c.describe()}: {'borne out' if met else 'not so'} ({law})")
        if doubt not in self.in_favour:
            self.in_favour.append(doubt)

    def _dealt_lengths(self, w: _Walk, suit: Suit, seats: tuple[Seat, Seat]
                       ) -> set[tuple[int, int]]:
        """The lengths of ``suit`` the two ``seats`` may have been dealt, as the claimer
        can tell: what each has played of it (public) and what each may hold now — his
        own hands' and dummy's cards as they are, a seat shown out of the suit none, the
        suit's unseen cards shared among the hidden hands within their sizes."""
        pos = w.run.pos
        k = Knowledge.at(pos, self.declarer, w.run.voids,
                         dummy_faced=(w.run.trick_no, len(pos.trick)) != (1, 0))
        if k.viewer.side != self.claim.claimer.side:
            k = replace(k, viewer=self.claim.claimer)
        hidden = k.hidden
        sizes = k.sizes()
        unseen = _length(k.unseen, suit)
        ranges: list[range] = []
        for h in hidden:
            if k.voids.get(h, 0) >> suit & 1:
                ranges.append(range(0, 1))
            else:
                ranges.append(range(0, min(unseen, sizes[h]) + 1))
        played = {s: _length(self.dealt[s] & ~pos.hands[s], suit) for s in Seat}
        out: set[tuple[int, int]] = set()
        for held in _shares(ranges, unseen):
            now = {s: _length(pos.hands[s], suit) for s in Seat if s not in hidden}
            now.update((h, n + _length(pos.hands[h] & k.exposed, suit))
                       for h, n in zip(hidden, held, strict=True))
            out.add((played[seats[0]] + now[seats[0]], played[seats[1]] + now[seats[1]]))
        return out

    def _reading(self, knowledge: Knowledge) -> Knowledge:
        """``knowledge`` with the claimer's stated reading of the hands (``provided
        SEAT has N SUIT`` that the deal bears out) when the card is one of his: he placed
        the cards so, and his play is judged on the layouts that agree (70D1: the line
        his statement embraces). A reading the deal does not bear out is no part of it
        (70A)."""
        pos = knowledge.position
        if not (self.bound and len(self.dealt) == 4 and self.side == self.claim.claimer.side
                and pos.to_play in controlled(self.claim, self.contract)):
            return knowledge
        holds = list(knowledge.holds)
        for step in self.claim.steps:
            c = step.condition
            if c is None or not c.proviso or c.seat is None or c.seat in knowledge.seen:
                continue
            if not c.met((_length(self.dealt[c.seat], c.suit), 0)):
                continue
            gone = _length(self.dealt[c.seat] & ~pos.hands[c.seat], c.suit)
            holds.append(Holding(c.seat, c.suit.mask, max(0, c.low - gone),
                                 max(0, c.high - gone)))
        if len(holds) == len(knowledge.holds):
            return knowledge
        return replace(knowledge, holds=tuple(holds))

    def _squeezing(self, here: Said) -> bool:
        """A squeeze stated and under way: the Director accepts the line when his play
        executes it on the layouts he could believe in (70D1: a line embraced in the
        statement), so no careless slip is his (a guess the squeeze leaves is still
        normal both ways, the losing way against him, 70E1)."""
        return here.step is not None and self.claim.steps[here.step].word == ClaimWord.SQUEEZE

    @staticmethod
    def _worse_here(decision: Decision, reps: Sequence[Card], real: dict[Card, int]
                    ) -> set[Card]:
        """The cards never better than another on the layouts he could believe in and
        worse on one of them — dominated, as :attr:`Decision.dominated` says, though the
        sample missed it: on every sampled layout the card scores as another does (the
        same mean, never the right choice), and on the real layout, which is one he could
        believe in (it fits all he has seen), that other card scores more. A card the
        sample cannot tell from a better one is no guess (a guess wins on some of his
        layouts, 70E1) but at best careless (footnote to Laws 70-71): a side ace cashed
        before a round of trumps, as good as a trump lead on every layout drawn and worse
        on the real one (BBO 72042, where the panel's normal line is a round of trumps,
        then the pitches: "So I rule making 6"), a discard whose cost only a bad break
        shows."""
        if decision.how not in ("clear", "likely", "close") or not decision.means:
            return set()
        means = dict(decision.means)
        return {c for c in reps if c in means and decision.chance(c) == 0 and any(
            d in means and real[d] > real[c] and abs(means[d] - means[c]) < 1e-9
            for d in reps)}

    def _alike(self, pos: Position, card: Card, misled: bool | None) -> tuple[object, ...]:
        """What, besides its double-dummy value, tells one normal lead of his from
        another (70D1: "any … normal line of play"; 70A: the doubt is his). Where his
        statement shows a card he overlooked (70C's trump he said nothing of, a higher card
        in a suit he named or counted: :func:`overlooked` without the presumption of a
        claim of all the rest), his leads of different suits, or held good for different
        reasons (a winner he knows of, one only through what he overlooked), are lines of
        their own though they score alike double dummy: which he cashes first decides the
        card he is left to lead believing it good (his ♣K cashed before his ♥K leaves the
        ♣8 he counted good). Cards of one suit held alike are one line. *Our reading*: a
        misbelief only presumed from a claim of all the rest (:attr:`presumed`) is a
        doubtful point met once, on the card that shows it (the lowest of the suit led
        while he holds its winners), not again through every order of his equal winners:
        BBO 66805, 72042 and 81146, where the panels found one trick at most."""
        if pos.trick or not self._misled(pos) & ~self.presumed:
            return ()
        return (card.suit, misled)

    def _unstated_finesses(self, pos: Position, reps: Sequence[Card], decision: Decision
                           ) -> set[Card]:
        """70E1: "The Director shall not accept from claimer any unstated line of play
        the success of which depends upon finding one opponent rather than the other
        with a particular card". *Our reading*: to a trick his own side led, where his
        highest card of the suit wins it whatever the opponents still to play hold (no
        card of theirs he knows of beats it), a lower card of his that wins only where
        the opponent after him lacks a higher one is a finesse, and an unstated
        finesse is no line of his: not accepted when it would win (70E1), not imposed
        when it would lose (his line is the suit from the top: "we don't let him take
        the finesse, because playing the suit from the top is a normal line", the
        EBU's reading of Axxx opposite KJxx; the ACBL Director's "must play the AK").
        Unless failing to finesse would be irrational or an opponent has shown out
        (70E1's exceptions): the top card is then beaten on his layouts (``dominated``)
        and the finesse is his normal card. Only the claimer's own hands, in a
        contested claim (his statement binding): a suit the defence leads is a
        doubtful point against him (70A), not a line he chose."""
        if not (self.bound and self.side == self.claim.claimer.side and pos.trick
                and pos.leader.side == self.side and len(pos.trick) < 3
                and pos.to_play in controlled(self.claim, self.contract)):
            return set()
        suit = pos.trick[0].suit
        mine = [c for c in reps if c.suit == suit]
        if len(mine) < 2:
            return set()
        top = max(mine, key=lambda c: c.rank)
        if top in decision.dominated:
            return set()
        seat = pos.to_play
        theirs = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & ~self.overlooked
        played = pos.trick
        trump = self.contract.strain.trump
        if any(c.suit != suit and c.suit == trump for c in played):
            return set()  # the trick is ruffed: no finesse in the suit led
        # the trick so far: his partner's lead (and nothing else of his side), then an
        # opponent's card perhaps; the opponents' cards to come are among ``theirs``
        against = [c.rank for c in (*played[1:], *cards(theirs)) if c.suit == suit]
        ours = played[0].rank

        def sure(rank: int) -> bool:  # the trick his side's whatever the opponents hold
            return all(r < max(rank, ours) for r in against)

        if not sure(top.rank):
            return set()  # his top card is no sure winner of the trick
        return {c for c in mine if c != top and c not in decision.dominated
                and not sure(c.rank)}  # it may lose the trick: a finesse

    def _unstated_throw_ins(self, pos: Position, reps: Sequence[Card], decision: Decision,
                            believed: dict[Card, bool]) -> set[Card]:
        """70E1: "The Director shall not accept from claimer any unstated line of play
        the success of which depends upon finding one opponent rather than the other
        with a particular card". *Our reading*: on lead, holding a card he knows wins
        the trick (a winner no card of theirs he knows of beats, not one he holds so
        only through what he overlooked) that no other card of his beats on his
        layouts, a card that loses the trick whatever the opponents hold (a card of
        theirs he knows of beats his side's best in its suit, and his partner cannot
        ruff it), right on some of his layouts and worse than his winner on others
        (both right somewhere, or its mean over them lower: one opponent rather than the
        other forced to give him the trick back, a throw-in) is, like the finesse, an
        unstated line: not accepted when it would win, not imposed when it would lose.
        He cashes what he knows to be his (the blml Director, 2012, endorsed by the
        EBU's Gordon Rainsford: "everyone knows she knows the spades are good. So I give
        her the two spade tricks"). Where the loser first is right on every layout (a
        suit's ace knocked out before the last stopper is cashed) the winner is the
        better card, never worse, and the loser stays his line."""
        if not (self.bound and self.side == self.claim.claimer.side and not pos.trick
                and pos.to_play in controlled(self.claim, self.contract)):
            return set()
        means = dict(decision.means)
        known = [decision.speaker(c) for c, m in believed.items()
                 if not m and decision.speaker(c) in reps]
        if not known:
            return set()  # no winner he knows of to cash
        sure = max(means.get(c, 0.0) for c in known)
        right = any(decision.chance(c) > 0 for c in known)  # his winner right somewhere
        seat = pos.to_play
        theirs = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & ~self.overlooked
        ours = pos.hands[seat] | pos.hands[seat.partner]
        partner = pos.hands[seat.partner]
        trump = self.contract.strain.trump
        out: set[Card] = set()
        for c in reps:
            guess = means.get(c, sure) < sure or (right and decision.chance(c) > 0)
            if c in decision.dominated or c in believed or not guess:
                continue  # not a guess against his winner: never worse than it
            top_theirs = max((x.rank for x in cards(theirs & c.suit.mask)), default=0)
            top_ours = max((x.rank for x in cards(ours & c.suit.mask)), default=0)
            if top_theirs < top_ours:
                continue  # his side may win it
            if (trump is not None and c.suit != trump and not partner & c.suit.mask
                    and partner & trump.mask):
                continue  # his partner may ruff it
            out.add(c)
        return out

    def _own_lead(self, pos: Position) -> Suit | None:
        """The suit of the trick in progress when a hand of the side searched led it a
        card the opponents cannot beat in its suit (none of theirs left or played to it
        is higher: what every player can count): his partner's card to it is his chance
        to unblock the suit, or to keep the honour that blocks it. Else None."""
        if not pos.trick or pos.leader.side != self.side:
            return None
        led = pos.trick[0]
        them = pos.hands[pos.leader.next] | pos.hands[pos.leader.partner.next]
        them |= sum((c.bit for c in pos.trick[1:]), 0)
        if any(c.suit == led.suit and c.rank > led.rank for c in cards(them)):
            return None
        return led.suit

    def _discards(self, pos: Position, allowed: CardSet) -> CardSet:
        """His discards as he believes his cards (70A, 70C, 70D1: normal is what a
        player of the class might do holding what he believed): when a hand of the
        claimer's, having overlooked a card of the opponents, cannot follow suit, a card
        he holds for a winner (:meth:`_held_good`) is not thrown while he holds a card of
        a side suit he believes a loser — of ``allowed``, those believed winners are set
        aside; the choice among the rest stays open (a ruff is no discard: his trumps
        stay). Where he overlooked nothing his belief is what he knows, and the decision
        over his layouts judges his discards (a master he knows thrown while he keeps a
        loser is beaten there)."""
        led = pos.suit_led
        seat = pos.to_play
        if led is None or pos.hands[seat] & led.mask or not self._misled(pos):
            return allowed
        trump = self.contract.strain.trump
        discards = allowed & ~(trump.mask if trump is not None else 0)
        winners = sum((c.bit for c in self._held_good(pos)), 0) & discards
        return allowed & ~winners if discards & ~winners else allowed

    def _all_good(self, pos: Position) -> CardSet:
        """His discards (cards of a side suit; a ruff is no discard) when a hand of
        the claimer's, having overlooked a card of the opponents, cannot follow suit to a
        trick his side led and is winning, and every card left in the hands he plays is
        a winner in his eyes (no card of theirs he knows of beats it; no trump of theirs
        he knows of is out): in his eyes his side then takes every trick left whatever
        it throws, so each discard is as good as another and which he throws is open
        (70A, 70C, 70D1: normal is what he might do holding what he believed), however
        it turns out. Else none (with the opponents on lead, a winner thrown may be a
        trick he knows he loses)."""
        led = pos.suit_led
        missed = self._misled(pos)
        if led is None or pos.hands[pos.to_play] & led.mask or not missed:
            return 0
        trump = self.contract.strain.trump
        seat = pos.to_play
        so_far = [(pos.leader.after(i), c) for i, c in enumerate(pos.trick)]
        if pos.leader.side != self.side or trick_winner(so_far, trump).side != self.side:
            return 0
        theirs = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & ~missed
        if trump is not None and theirs & trump.mask:
            return 0
        if any(top_cards(pos, s, missed) != pos.hands[s]
               for s in controlled(self.claim, self.contract)):
            return 0
        return pos.legal() & ~(trump.mask if trump is not None else 0)

    def _misled(self, pos: Position) -> CardSet:
        """The opponents' cards the player to play overlooked: the claimer's
        misbelief is his and his partner's hand he plays for; a defender's partner, and
        the agreeing side of 69B, see for themselves."""
        seat = pos.to_play
        theirs = pos.hands[seat.next] | pos.hands[seat.partner.next]
        return self.overlooked & theirs if (
            self.side == self.claim.claimer.side
            and seat in controlled(self.claim, self.contract)) else 0

    def _believed(self, pos: Position) -> dict[Card, bool]:
        """On lead, the cards of the player to play that he holds for winners
        (:meth:`_held_good`)."""
        return {} if pos.trick else self._held_good(pos)

    def _held_good(self, pos: Position) -> dict[Card, bool]:
        """The cards of the player to play that he holds for winners (no card
        of an opponent he knows of beats them in their suit), each with whether he holds
        it so only through what the claimer overlooked (:attr:`overlooked`: an
        outstanding trump — every side-suit winner is then safe in his eyes —, a higher
        card in a suit he called good). While a trump he knows of is out, only his top
        trumps are sure winners (a side-suit card may be ruffed). The claimer's
        misbelief is his and his partner's hand he plays for; a defender's partner sees
        for himself (:meth:`_misled`)."""
        seat = pos.to_play
        theirs = pos.hands[seat.next] | pos.hands[seat.partner.next]
        missed = self._misled(pos)
        real = top_cards(pos, seat)
        trump = self.contract.strain.trump
        known_trumps = trump is not None and bool(theirs & ~missed & trump.mask)
        if known_trumps:  # a trump he knows is out: a side-suit card is no sure winner
            assert trump is not None
            real &= trump.mask
        if not missed:
            return {c: False for c in cards(real)}
        trumps_missed = trump is not None and bool(theirs & trump.mask) and not known_trumps
        seen = top_cards(pos, seat, missed)
        if known_trumps:
            assert trump is not None
            seen &= trump.mask
        return {c: not real & c.bit or (trumps_missed and c.suit != trump)
                for c in cards(seen)}

    def _in_order(self, believed: dict[Card, bool], reps: Sequence[Card],
                  decision: Decision) -> dict[Card, bool]:
        """His winners as leads (each run's lowest speaks for it): in any order across
        suits; within a suit, in any order of the cards he believes equal, but from the
        top where the authority deems a suit played so (70E2) or where he holds its ace
        or king (a player cashes his top honours first: EBU White Book 8.70.5, "AK5
        opposite 42 … not normal to play the 5 first", against "754 opposite void")."""
        honours = {c.suit for c in believed if c.rank >= 13}
        if self.order == "top" or honours:
            highest: dict[Suit, Card] = {}
            for c in believed:
                if c.suit not in highest or c.rank > highest[c.suit].rank:
                    highest[c.suit] = c
            believed = {c: m for c, m in believed.items() if highest[c.suit] == c
                        or (self.order != "top" and c.suit not in honours)}
        return {decision.speaker(c): m for c, m in believed.items()
                if decision.speaker(c) in reps}

    def _shown_out(self, knowledge: Knowledge, allowed: CardSet, decision: Decision,
                   worse: Sequence[Card]) -> Plan[set[Card]]:
        """70E1's exception, said: of the ``worse`` cards (beaten by another on his
        layouts), those of a suit an opponent has shown out of that would be the losing
        way of a guess were the show-outs unknown: an opponent "failed to follow to the
        suit of that card", so they are no normal line (each is said in
        :attr:`in_favour`)."""
        theirs = {s: m for s, m in knowledge.voids.items() if s.side != self.side and m}
        shown = 0
        for m in theirs.values():
            shown |= m
        worse = [c for c in worse if shown >> c.suit & 1]
        if not worse:
            return set()
        blind = replace(knowledge, voids={
            s: m for s, m in knowledge.voids.items() if s.side == self.side})
        unaware = yield from self.model.decide(blind, allowed)
        if not unaware.layouts:
            return set()
        out = {c for c in worse if c not in unaware.dominated}
        seat = knowledge.position.to_play.long_name
        law = self.cite.cite("finesse")
        for c in sorted(out, key=lambda c: (c.suit, c.rank)):
            who = ", ".join(s.long_name for s, m in sorted(theirs.items())
                            if m >> c.suit & 1)
            self.in_favour.append(Doubt(
                law, f"{seat}'s {c.pretty} would be the losing way of a guess had "
                     f"{who} not shown out of {c.suit.symbol} before it: an opponent "
                     "failed to follow to the suit, so the winning play is accepted "
                     f"(the exception of {law}).", f"{seat}'s {c.pretty} not considered "
                                                   f"({law})"))
        return out

    # --- a statement that announces a revoke (seed 003) ------------------------------

    def _announced(self, w: _Walk, here: Said, at: int) -> Plan[list[ClaimLine]]:
        """He said he would ruff a suit he holds: the ruff as stated (``R``), following
        suit (``F``), and the ruff spent but the trick scored as had he followed
        (``R'``). He may ruff if R wins him no more than F; else R' and F count."""
        pos = w.run.pos
        assert here.allowed is not None
        trump = min(cards(here.allowed), key=lambda c: c.rank)
        nxt = after(self.claim, at, pos, self.contract, self._shown_by(w))
        follow = yield from self._options(w, NOTHING)
        twist = Twist(w.run.trick_no, len(pos.trick), tuple(o.card for o in follow))
        seat = pos.to_play.long_name
        led = pos.suit_led.symbol if pos.suit_led is not None else ""
        law = self.cite.cite("adjudicated")
        revoke = Doubt(law, f"trick {w.run.trick_no}: {seat} said he would ruff the {led} "
                       f"but holds {_listed(pos.hands[pos.to_play] & pos.legal())}: a "
                       "statement is not a play (68D), so nothing was revoked; his "
                       f"{trump.pretty} is spent as he said, but it may win him no trick "
                       "his statement would not: the trick goes where it would have gone had "
                       f"he followed suit, the doubt against him ({law})",
                       f"trick {w.run.trick_no}: {trump.pretty} spent as stated, the trick "
                       f"scored as had he followed ({law})")
        stated, spent, *followed = yield from together(
            self._lines(self._play(w, trump, nxt)),
            self._lines(self._play(w, trump, nxt, Option(trump, 1.0, revoke), twist)),
            *(self._lines(self._play(w, o.card, nxt, o)) for o in follow))
        followed_lines = [line for lines in followed for line in lines]
        sign = 1 if self.side == self.declarer.side else -1
        r = _worst(stated, sign)
        f = _worst(followed_lines, sign)
        if r is None or f is None or sign * r <= sign * f:  # it wins him nothing: he may
            may = Doubt(law, f"trick {w.run.trick_no}: {seat} said he would ruff the {led} "
                        f"but holds {_listed(pos.hands[pos.to_play] & pos.legal())}: a "
                        "statement is not a play (68D), so nothing was revoked; the ruff wins "
                        "him no more than following suit, so he may ruff as he said "
                        f"({law})",
                        f"trick {w.run.trick_no}: {trump.pretty} ruffed as stated, no gain "
                        f"({law})")
            return [self._with(x, may, len(w.doubts)) for x in stated] + [replace(
                x, normal=False, why=f"{seat} said he would ruff: following suit is not "
                                     "his line") for x in followed_lines]
        return [*followed_lines, *spent] + [replace(x, normal=False, why=(
            "the ruff as stated would win him a trick he loses by following suit: not "
            f"accepted, the doubt against him ({law})")) for x in stated]

    # --- playing a card ----------------------------------------------------------------

    def _play(self, w: _Walk, card: Card, at: int, option: Option | None = None,
              twist: Twist | None = None) -> _Walk:
        """``w`` with ``card`` played (a copy; ``option``: the normal card it is, its
        share, doubt and slip); a trick holding an announced revoke is won where it
        would have been had he followed suit (:class:`Twist`)."""
        option = option or Option(card)
        doubt = option.doubt
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
        return _Walk(run, at, w.share * option.share,
                     (*w.doubts, doubt) if doubt is not None else w.doubts, twist,
                     w.slips + option.slip)

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
        if self.likely:
            return "each card the one a player of the class would most likely play"
        return ("the statement as made, no card it leaves open costing a trick" if self.bound
                else "no card costing a trick")

    def _with(self, line: ClaimLine, doubt: Doubt, at: int) -> ClaimLine:
        """``line`` with one more doubtful point, met before those after the first
        ``at`` (the doubts of the line before the point it was met)."""
        doubts = (*line.doubts[:at], doubt, *line.doubts[at:])
        return replace(line, doubts=doubts, why=self._why(doubts))

    def _where(self, w: _Walk, card: Card) -> tuple[str, str]:
        pos = w.run.pos
        seat = pos.to_play
        return (f"trick {w.run.trick_no}: {seat.long_name} might "
                f"{'lead' if not pos.trick else 'play'} {card.pretty}",
                f"trick {w.run.trick_no}: {seat.name}{card.pretty}")

    def _against(self) -> str:
        """The paragraph a card of the side searched is judged by: the claimer's own
        hands 70D1 (2017; 70D in 1997), his partner's in a defender's claim 70D2 (2017
        only; 70A before), the agreeing side's 69B."""
        seat_side = self.claim.claimer.side
        if self.side != seat_side:
            return self.cite.cite("withdrawn")
        return self.cite.cite("not_embraced")

    def _law_for(self, w: _Walk) -> str:
        if self.side == self.claim.claimer.side and w.run.pos.to_play not in controlled(
                self.claim, self.contract):
            return self.cite.cite("defender_partner")
        return self._against()

    def _doubt(self, w: _Walk, decision: Decision, card: Card, value: int, best: int
               ) -> Doubt:
        """The doubtful point of playing ``card``, right in some of his layouts
        (``value`` tricks for his side from here, against ``best``): the losing way of a
        guess (70E1: an unstated line that depends on finding one opponent rather than
        the other with a card is not accepted)."""
        head, where = self._where(w, card)
        lost = best - value
        cost = f"{_tricks(lost)} fewer double dummy"
        chance = decision.chance(card)
        law = (self._law_for(w) if self.side != self.claim.claimer.side
               or w.run.pos.to_play not in controlled(self.claim, self.contract)
               else self.cite.cite("finesse"))
        odds = (f"right in {chance:.0%} of the layouts he cannot tell apart" if chance > 0
                else "as good as any card in some of the layouts he cannot tell apart")
        return Doubt(law, f"{head}: a guess ({odds}, wrong in this one) — {cost}; an "
                          "unstated line whose success depends on finding one opponent "
                          "rather than the other with a card is not accepted",
                     f"{where}, the losing way of a guess ({law})")

    def _careless(self, w: _Walk, card: Card, lost: int) -> Doubt:
        """A careless slip: a card another beats on some of his layouts, none on every
        one (a winner cashed in a blocking order, a suit not unblocked); the class's one
        slip of the line (:data:`SLIPS`)."""
        head, where = self._where(w, card)
        law = self._law_for(w)
        return Doubt(law, f"{head}: another card is better on some of the layouts he could "
                          "believe in, none on every one — careless for "
                          f"{self.model.players.name} players, not irrational (one slip a "
                          f"line) — {_tricks(lost)} fewer double dummy",
                     f"{where}, a careless slip ({law})")

    def _belief_doubt(self, w: _Walk, card: Card, lost: int, thrown: bool = False
                      ) -> Doubt:
        """A card he holds for a winner only through what he overlooked (``thrown``: a
        discard, every card of his side a winner in his eyes): 70C for an outstanding
        trump, 70A for a higher card in a suit he called good."""
        head, where = self._where(w, card)
        pos = w.run.pos
        seat = pos.to_play
        theirs = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & self.overlooked
        trump = self.contract.strain.trump
        if thrown:
            law = self.cite.cite("trump" if trump is not None and theirs & trump.mask
                                 else "adjudicated")
            return Doubt(law, f"{head}: a discard, every card of his side a winner in his "
                              f"eyes ({_listed(theirs)} overlooked), so which he throws is "
                              f"open — {_tricks(lost)} fewer double dummy; a doubtful point "
                              "is resolved against the claimer",
                         f"{where} thrown, {_listed(theirs)} overlooked ({law})")
        if trump is not None and theirs & trump.mask:
            law = self.cite.cite("trump")
            return Doubt(law, f"{head}, unaware of the opponents' trump "
                              f"{_listed(theirs & trump.mask)} (he said nothing of it, and "
                              "that he was unaware of it is at all likely) — "
                              f"{_tricks(lost)} fewer double dummy",
                         f"{where} led into the outstanding trump ({law})")
        law = self.cite.cite("adjudicated")
        return Doubt(law, f"{head}, which he held for a winner, {_listed(theirs)} overlooked "
                          f"— {_tricks(lost)} fewer double dummy; a doubtful point is "
                          "resolved against the claimer",
                     f"{where}, {_listed(theirs)} overlooked ({law})")


def _counted(pos: Position, hands: frozenset[Seat], suit: Suit, n: int) -> CardSet:
    """The cards of ``suit`` above the lowest of the ``n`` he counted as tricks there:
    the ``n`` highest of his longest holding of it (of the hands he speaks for) — he
    took every one for a winner, so any higher card of the opponents he overlooked."""
    longest = max((pos.hands[s] & suit.mask for s in hands),
                  key=lambda m: (m.bit_count(), m))
    counted = sorted(cards(longest), key=lambda c: -c.rank)[:n]
    if not counted:
        return 0
    return sum((Card(suit, r).bit for r in range(counted[-1].rank + 1, 15)), 0)


def _length(hand: CardSet, suit: Suit) -> int:
    return (hand & suit.mask).bit_count()


def _shares(ranges: Sequence[range], total: int) -> list[tuple[int, ...]]:
    """Every way of sharing ``total`` cards among hands each holding a number in its
    range."""
    if not ranges:
        return [()] if total == 0 else []
    return [(n, *rest) for n in ranges[0] if n <= total
            for rest in _shares(ranges[1:], total - n)]


def _suits(mask: int) -> list[Suit]:
    return [s for s in Suit if mask >> s & 1]


def _worst(lines: Sequence[ClaimLine], sign: int) -> int | None:
    """Declarer's tricks on the normal line worst for the side ``sign`` (+1: declarer's
    side) of ``lines``; None when none is normal."""
    found = [sign * x.declarer_tricks for x in lines if x.normal]
    return sign * min(found) if found else None


def _listed(cs: CardSet) -> str:
    return " ".join(c.pretty for c in cards(cs))


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"
