"""The decision model: what a single-dummy player chooses, as a function of what he knows.

A player at a decision cannot see every card. What he chooses depends only on the
position and on what he knows (:class:`~equity.core.player.knowledge.Knowledge`: his hand,
dummy, the cards played, the suits shown out of), so a decision is a **function**, not a
draw: :class:`DecisionModel` answers the same question with the same decision, every
time (it remembers them within a ruling), and gives each decision its layouts from a
stream derived from the position and the knowledge alone — no seed (so the same decision always sees
the same layouts, and every card is compared on the same layouts: paired differences).

How a decision is made, cheapest first:

1. **Forced** — one legal card, or legal cards all equal in rank (every card between them
   is gone, which every player can see): nothing to decide, no solving. A major penalty
   card due now (Law 50D1, :meth:`Position.legal`) is forced this way.
   **Designated** — two or more penalty cards due now, not equal: Law 50D1 gives the
   choice to declarer, so it is no decision of the player's; the non-offenders take
   the one worst for the holder's side in the real layout (one double-dummy question).
2. **Free** — the legal cards are all worth the same double dummy in the real layout:
   whatever he chooses costs nothing, so there is no decision to estimate; he plays the
   lowest card (on lead a sure winner first). One double-dummy question, shared with
   every other use of that position. A **judgement** of what he would do (Laws 16B,
   16C, 84D: ``judging``) is never cut short so: it is made on his layouts alone.
3. **Sampled** — layouts of the unseen cards that fit what he knows are drawn
   (:func:`~equity.core.player.knowledge.draw_weighted`, in mirrored pairs, each weighed
   by the likelihood of what the play showed him) and every card is valued in each. A
   card's **chance** is the share of the layouts, by weight, in which it is the right
   choice. Where several cards are equally right in a layout the layout goes, in a
   **judgement** of what he would do (``judging``: Laws 16B, 16C, 84D), to the one of
   them best over all his layouts (its mean), then to the tie rule (a sure winner on
   lead, else the lowest) — what he can see, never the real deal; in the **play** of a
   line the law has fixed (Law 12C1(c)'s likely outcomes), to the one a competent player
   finds, the best in the real layout: the layouts are double dummy, which cannot tell,
   say, an unblocking card from a blocking one, and the class's errors are the player
   model's to add (:func:`_found`). Sampling stops at ``first`` layouts when one card is right
   in all of them (*clear*), else goes on to ``cap``; a decision is *close* when two
   cards or more each have at least ``share``, *likely* when one card has nearly all.

A judgement depends on what the player knows and on nothing else: its memo key and the
stream its layouts are drawn from are made of what he can see (his hand, dummy, the
cards played, how many cards each hidden hand holds, what he reads), never of where the
unseen cards really lie (a decision in the play keeps the stream, and is remembered with
the real layout whose ties it broke). **With and without** unauthorised information (Laws 16B, 16C:
:meth:`DecisionModel.judge`) the two decisions are made on the same solved layouts,
drawn half from each picture and weighed for each (importance weights): they differ by
the information alone.

Each decision also carries ``plays``: what a player of the model's class actually plays,
errors and conventions included (:mod:`equity.core.player.player_model`; none for the
class ``exact``, the decision model alone). The outcome tree follows those.

The chances are where the probabilities Law 12C1(c) weighs start: the chance, over what
the player could not see, that each choice was right (the player model turns them into
how often he plays each card). They move smoothly with the layouts (one
more layout moves a chance by one layout's share), so that the ruling converges as the
sampling grows instead of jumping between lines. The model knows no law: which world's knowledge to
ask about (the table's or the revoke corrected) is the caller's business.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.game import (
    Card,
    CardSet,
    Plan,
    Position,
    Seat,
    Work,
    cards,
    count,
    many_best_cards,
    many_card_values,
    together,
    values_of,
)
from equity.core.player.inference import Inference, inferences
from equity.core.player.knowledge import (
    Holding,
    Knowledge,
    LayoutError,
    auction_key,
    draw_weighted,
    layout_weights,
)
from equity.core.player.player_model import EXACT, PlayerClass, features, mixture
from equity.core.reading import NO_TABLE, Table

CLOSER = 4.0
"""How many times the layouts a decision near a line of the law's tests is sampled
again (:meth:`DecisionModel.decide_near`)."""
NEAR_SHARE = 0.1
"""How near the share that makes a card one he might choose (a logical alternative, a
card the revoke induced) a chance must lie for the decision to be sampled
:data:`CLOSER` times further: at the default sampling one layout moves a chance by two
points, so a card this near could fall on either side."""
REFERENCE = 16
"""How many times the default sampling ``--reference`` spends, to check convergence."""


class Sampling(Struct, frozen=True):
    """How much a close decision may cost, and when two cards count as a choice.

    ``first`` layouts, then ``step`` more at a time up to ``cap``; ``share``: the
    probability from which a card is one a competent player might choose (a branch).
    """

    first: int = 8
    step: int = 24
    cap: int = 48
    share: float = 0.2

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.cap or self.step < 1:
            raise ValueError("sampling: 1 <= first <= cap and step >= 1")
        if not 0 < self.share <= 0.5:
            raise ValueError("sampling: 0 < share <= 0.5")

    def times(self, k: int) -> Sampling:
        """``k`` times the layouts at every stage (``--reference`` is :data:`REFERENCE`)."""
        return Sampling(self.first * k, self.step * k, self.cap * k, self.share)


DEFAULT_SAMPLING = Sampling()


class Decision(Struct, frozen=True):
    """A decision: the card he most likely plays, every card he might play with its
    chance, and the work it took."""

    card: Card
    """The most likely card (forced, free: the one he plays)."""
    options: tuple[tuple[Card, float], ...]
    """The cards he might choose with their chances (summing to 1), most likely first:
    the share of the layouts in which each is the right choice."""
    means: tuple[tuple[Card, float], ...]
    """Each legal card's mean tricks for the chooser's side over the layouts, best first
    (the real layout's values when the decision is free; empty when forced, and when
    only the right cards were asked for: :meth:`DecisionModel.decide`'s ``lean``)."""
    layouts: int
    """How many layouts were solved (0: forced or free)."""
    how: str
    """``forced``, ``designated`` (penalty cards: the non-offenders' choice, Law 50D1),
    ``free``, ``clear`` (one card right on every layout), ``likely`` (one
    card right on all but a few) or ``close`` (two or more cards each right on a real
    share of the layouts: a guess)."""
    equal: tuple[tuple[Card, ...], ...] = ()
    """The legal cards in runs of equal rank (:func:`classes`); each run's lowest card
    speaks for it in ``options`` and ``means``."""
    budget: int = 0
    """The most layouts it was allowed (0: forced or free, nothing to sample): a decision
    asked for again with a larger budget is sampled further."""
    plays: tuple[tuple[Card, float], ...] = ()
    """What a player of the model's class plays (:mod:`equity.core.player.player_model`):
    every legal run's card with its probability, errors and conventions included, most
    likely first (empty: as ``options``, forced or designated)."""
    dominated: tuple[Card, ...] = ()
    """The cards (each run's lowest) another card beats on some of his layouts and
    matches on all the others: never better, sometimes worse, whatever he believes of
    the unseen cards (none when the choice is free or forced, or no layout fitted)."""
    beaten: tuple[Card, ...] = ()
    """Of the ``dominated`` cards, those one other card beats on **every** layout he
    could believe in: worse whatever the unseen cards are (a ruling's "irrational"; a
    card beaten on some layouts only may be merely careless)."""
    inferences: tuple[Inference, ...] = ()
    """A reading of the table (the auction, the opening lead, the signal, the discards)
    that places a card whose place decides the choice
    (:mod:`equity.core.player.inference`; sampled decisions that branch)."""

    @property
    def played(self) -> tuple[tuple[Card, float], ...]:
        """The player model's probabilities (``plays``), or ``options`` without them."""
        return self.plays or self.options

    def mean(self, card: Card) -> float:
        """``card``'s mean over the layouts."""
        return dict(self.means)[card]

    @property
    def best(self) -> float:
        return self.means[0][1] if self.means else 0.0

    @property
    def branches(self) -> bool:
        return len(self.options) > 1

    def chance(self, card: Card) -> float:
        """The chance that he chooses ``card`` (or a card equal in rank to it)."""
        mine = self.speaker(card)
        return next((p for c, p in self.options if c == mine), 0.0)

    def speaker(self, card: Card) -> Card:
        """The card that speaks for ``card``: the lowest of its run of equal cards."""
        return next((lowest(g) for g in self.equal if card in g), card)

    def might_choose(self, card: Card, share: float) -> bool:
        """Whether ``card`` is one he might choose: any card when the choice is free or
        forced, else his most likely card or one with a chance of ``share`` or more."""
        if self.how in ("free", "forced"):
            return True
        return self.speaker(card) == self.card or self.chance(card) >= share

    def describe(self, share: float = 0.0) -> str:
        """The choices in words: "♦Q 55% / ♦A 45%" (those with ``share`` or more)."""
        return " / ".join(f"{c.pretty} {p:.0%}" for c, p in self.options if p >= share)


_SAMPLED = ("clear", "likely", "close")
"""How a decision made on sampled layouts is called (:attr:`Decision.how`)."""


def lowest(candidates: Sequence[Card]) -> Card:
    """The lowest card (by rank, then spades before hearts before diamonds before clubs)."""
    return min(candidates, key=lambda c: (c.rank, c.suit))


def classes(legal: CardSet, pos: Position) -> list[tuple[Card, ...]]:
    """The legal cards grouped into runs of equal rank, high card first within a run:
    two cards of a suit are equal when every card ranked between them has been played to
    an earlier trick (not held by anyone, not on the current trick) — which every player
    can see."""
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick:
        live |= c.bit
    out: list[tuple[Card, ...]] = []
    group: list[Card] = []
    for c in cards(legal):
        prev = group[-1] if group else None
        if prev is not None and prev.suit == c.suit and not live & (
                # the cards of the suit ranked strictly between c and prev
                ((1 << prev.rank) - (2 << c.rank)) << 16 * c.suit):
            group.append(c)
            continue
        if group:
            out.append(tuple(group))
        group = [c]
    if group:
        out.append(tuple(group))
    return out


def sure_winners(knowledge: Knowledge, legal: Sequence[Card]) -> CardSet:
    """The leads among ``legal`` whose trick his side wins whatever the layout: no card
    the viewer cannot see beats the card led, or his partner's best card of the suit
    where he sees it (dummy's, or declarer's for dummy), and nobody can ruff (no trumps,
    or a trump lead). Double dummy cannot tell cashing a winner from taking a finesse it
    will guess right later (the "strategy fusion" of Monte-Carlo players): a player keeps
    his options by cashing first — the lowest such lead first (:func:`_tie_break`), so
    a low card to partner's ace comes before the long hand's winners, which never blocks
    a suit."""
    pos = knowledge.position
    if pos.trick:
        return 0
    trump = pos.strain.trump
    partner = pos.to_play.partner
    seen = partner in knowledge.seen or pos.to_play == knowledge.dummy
    beside = pos.hands[partner] if seen else 0
    unseen = list(cards(knowledge.unseen))

    def wins(c: Card) -> bool:
        top = max(x.rank for x in (c, *cards(beside)) if x.suit == c.suit)
        return not any(u.suit == c.suit and u.rank > top for u in unseen)
    return sum(c.bit for c in legal if (trump is None or c.suit == trump) and wins(c))


def _key(knowledge: Knowledge, allowed: CardSet) -> str:
    """What the decision depends on, as text — what the player can see and nothing
    else: the hands he sees, how many cards each hidden hand holds and which cards are
    unseen, the trick, the strain, what he has inferred and was told, what he reads
    from the table, the cards he may play, the requirements in force. Never where the
    unseen cards really lie: a decision is the same whatever they are."""
    pos = knowledge.position
    seen = knowledge.seen
    hands = ".".join(f"{pos.hands[s]:x}" if s in seen else
                     f"?{count(pos.hands[s] & ~knowledge.exposed)}" for s in Seat)
    voids = ",".join(f"{s.name}{m}" for s, m in sorted(knowledge.voids.items()) if m)
    return (f"{hands}|{knowledge.unseen:x}|{pos.strain}|{pos.leader.name}|"
            f"{''.join(str(c) for c in pos.trick)}|{knowledge.viewer.name}|{voids}|"
            f"{int(knowledge.dummy_faced)}|{allowed:x}"
            + (f"|{knowledge.exposed:x}" if knowledge.exposed else "")
            + (f"|told{knowledge.holds}" if knowledge.holds else "")
            + (f"|bid{told}" if (told := auction_key(knowledge)) else "")
            + _evidence_key(knowledge)
            + (f"|{pos.penalties:x}|{','.join(map(str, pos.leads))}"
               if pos.penalties or pos.leads else ""))


def _evidence_key(knowledge: Knowledge) -> str:
    """The cards he reads (:attr:`Knowledge.read`) as a decision depends on them: each
    reading's mark, then its cards' keys, readings in the order first read."""
    marks: dict[str, list[str]] = {}
    hands = knowledge.position.hands
    for e in knowledge.read:
        marks.setdefault(e.mark, []).append(e.key(hands[e.seat]))
    return "".join(f"|{mark}{','.join(keys)}" for mark, keys in marks.items())


def _stream(key: str) -> random.Random:
    """The layouts' stream of the decision of ``key``: the same decision, the same
    layouts, whatever was decided before or in which ruling (no seed)."""
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


class _Solved(Struct):
    """Layouts drawn and solved for a decision: each with its card values and weights
    (one per picture it is judged in: the player's; with and without information)."""

    knowledge: Knowledge
    """What the layouts were drawn for (the player's picture, or, when nothing fits
    it, the same without what he was told and what he read)."""
    layouts: list[Position] = field(default_factory=list)
    values: list[dict[Card, int]] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    """Each layout's weight as drawn (:func:`draw_weighted`: what the play showed him),
    which :func:`layout_weights` would give it again."""
    outside: int = 0
    """How many have a hidden hand outside the auction's limits."""
    settled: bool = False
    """Stopped early: the card to settle was best in a layout (:meth:`DecisionModel.favoured`)."""


class DecisionModel(Struct):
    """Single-dummy decisions for one ruling (or one batch task): remembered, each with
    its own layout stream, sampled adaptively (module docstring)."""

    sampling: Sampling = DEFAULT_SAMPLING
    work: Work = field(default_factory=Work)
    players: PlayerClass = EXACT
    """The class of player whose card probabilities (``Decision.plays``) it gives."""
    table: Table = NO_TABLE
    """What the board's table showed every player (:class:`~equity.core.reading.table.Table`:
    the auction, the opening lead, the signal to it), read once where the model is made
    for a board: every decision's knowledge takes it (Law 16A1(a): the calls and cards
    are authorised to every player), whoever built the knowledge."""
    _memo: dict[str, Decision] = field(default_factory=dict)
    _pairs: dict[str, tuple[Decision, Decision]] = field(default_factory=dict)
    _real: dict[Position, dict[Card, int]] = field(default_factory=dict)
    _settled: dict[str, int] = field(default_factory=dict)
    """The decisions a favoured player's card was settled in before their budget was
    sampled (:meth:`favoured`), each with that budget."""
    _lean: dict[str, Decision] = field(default_factory=dict)
    """The decisions made on the layouts' best cards alone (``lean``), never handed to a
    caller that wants the means: a decision is in this or in ``_memo``, not in both."""

    @classmethod
    def of(cls, table: Table = NO_TABLE, sampling: Sampling = DEFAULT_SAMPLING,
           players: PlayerClass = EXACT) -> DecisionModel:
        """A fresh model for one ruling on the board whose table is ``table``."""
        return cls(sampling, players=players, table=table)

    def real_values(self, pos: Position) -> Plan[dict[Card, int]]:
        """Each legal card's double-dummy value for the side to play in the real layout
        (remembered: the table line's causation test asks for the same positions)."""
        if pos not in self._real:
            self._real[pos] = yield from values_of(pos, pos.legal(), pos.to_play.side)
        return self._real[pos]

    def decide_near(self, knowledges: Sequence[Knowledge],
                    near: Callable[[list[Decision]], bool], measured: bool = False
                    ) -> Plan[list[Decision]]:
        """The judgements of ``knowledges`` side by side, and again on :data:`CLOSER`
        times the layouts when ``near`` finds them close to a line a ruling turns on (a
        threshold of the law's tests): the side of the line must not turn on a layout or
        two, and the decisions compared are measured alike."""
        decisions = yield from together(*(self.decide(k, measured=measured, judging=True)
                                           for k in knowledges))
        if near(decisions):
            decisions = yield from together(*(self.decide(k, precision=CLOSER,
                                                          measured=measured, judging=True)
                                              for k in knowledges))
        return decisions

    def knows_same(self, a: Knowledge, b: Knowledge) -> bool:
        """Whether a judgement of what he would do (``judging``) is the same in ``a`` as
        in ``b`` without making it: he sees the same, may play the same cards and reads
        the same (the decision's key, :func:`_key`), and a decision is a function of
        that alone. Two such judgements need no layout solved to be compared."""
        a, b = self._knowing(a), self._knowing(b)
        return _key(a, a.position.legal()) == _key(b, b.position.legal())

    def _knowing(self, knowledge: Knowledge) -> Knowledge:
        """``knowledge`` with what the table showed every player, unless it says it."""
        if knowledge.table is None:
            return replace(knowledge, table=self.table)
        return knowledge

    def _trivial(self, knowledge: Knowledge, legal_set: CardSet
                 ) -> Plan[Decision | None]:
        """A decision with nothing to decide: one run of equal cards (forced), or two
        or more penalty cards due (designated, Law 50D1); None otherwise."""
        pos = knowledge.position
        groups = classes(legal_set, pos)
        if len(groups) == 1:
            card = lowest(groups[0])
            return Decision(card, ((card, 1.0),), (), 0, "forced", tuple(groups))
        if pos.penalties and not legal_set & ~pos.penalties:
            return (yield from self._designated(pos, groups))
        return None

    def decide(self, knowledge: Knowledge, allowed: CardSet | None = None,
               precision: float = 1.0, measured: bool = False, judging: bool = False,
               lean: bool = False) -> Plan[Decision]:
        """The decision of the player to play in ``knowledge.position`` among ``allowed``
        (default: his legal cards). ``precision`` scales the cap of the sampling: 0, the
        first layouts only (a line too unlikely to need more); above 1, more than the
        cap (a choice on which the whole ruling turns). ``measured``: the cards' means
        are wanted, not only the choice, so a clear decision is sampled to the cap too
        (a comparison of means, as the causation test makes, converges only so).
        ``judging``: a judgement of what he would do (Laws 16B, 16C, 84D), made on his
        layouts even where every card is worth the same in the real layout.
        ``lean``: the caller reads only the card, ``options``, ``how``, ``inferences``
        and ``plays`` — where those need no card's mean (a decision in the play, all his
        free-play legal cards allowed, the class :data:`EXACT`), each layout is asked
        only which cards are best in it (DDS's cheaper question) and ``means``,
        ``dominated``, ``beaten`` are left empty. Such a decision is never handed to a
        caller that is not lean: his is made as it would have been made then."""
        made = yield from self._decide(knowledge, allowed, precision, measured, judging,
                                       lean=lean)
        assert isinstance(made, Decision)  # only a favoured player's card is settled early
        return made

    def favoured(self, knowledge: Knowledge, allowed: CardSet | None = None,
                 precision: float = 1.0) -> Plan[Card]:
        """The card a player of the side the caller's law favours plays (doubtful points
        go to the non-offenders): of the cards he might choose (:meth:`decide`'s
        ``options``), the one best in the real layout, the likeliest of equals.

        Where one card alone is best in the real layout, it is his card as soon as one
        layout shows it best (he might choose it, and none of his choices is better): the
        decision's further layouts are not solved. What was settled so is remembered with
        its budget, and a full decision asked for later is made as :meth:`decide` would
        have made it here, so that nothing else the ruling says depends on the shortcut.
        """
        made = yield from self._decide(knowledge, allowed, precision, False, False, True,
                                       lean=True)
        if isinstance(made, Card):
            return made
        if not made.branches:
            return made.card
        real = yield from self.real_values(knowledge.position)
        best = max(real[c] for c, _ in made.options)
        return next(c for c, _ in made.options if real[c] == best)

    def _decide(self, knowledge: Knowledge, allowed: CardSet | None, precision: float,
                measured: bool, judging: bool, settle: bool = False, lean: bool = False
                ) -> Plan[Decision | Card]:
        """:meth:`decide`; with ``settle`` (:meth:`favoured`), the real layout's one best
        card once a layout shows it best, without the rest of the decision; ``lean`` as
        :meth:`decide` says, where it is allowed."""
        knowledge = self._knowing(knowledge)
        pos = knowledge.position
        legal_set = pos.legal() if allowed is None else (allowed & pos.legal() or allowed)
        trivial = yield from self._trivial(knowledge, legal_set)
        if trivial is not None:
            return trivial
        groups = classes(legal_set, pos)
        reps = [lowest(g) for g in groups]
        prefer = sure_winners(knowledge, reps)
        real: dict[Card, int] | None = None
        if not judging:
            real = yield from self.real_values(pos)
            if len({real.get(c) for c in reps}) == 1:
                card = _tie_break(reps, prefer)
                decision = Decision(card, ((card, 1.0),),
                                    _ranked({c: real[c] for c in reps}), 0, "free",
                                    tuple(groups))
                return replace(decision,
                               plays=self._plays(pos, groups, decision))
        key = _key(knowledge, legal_set)
        # the play's tie-break reads the real layout (:func:`_found`): remembered for
        # it; a judgement is remembered for what he knows alone
        memo = key if judging else f"{key}|{'.'.join(f'{h:x}' for h in pos.hands)}"
        s = self.sampling
        budget = max(s.first, round(s.cap * precision))
        top = None if real is None else max(real[c] for c in reps)
        alone = [c for c in reps if real is not None and real[c] == top]
        settled = alone[0] if settle and len(alone) == 1 else None
        # the layouts' best cards alone give the choice where no mean is read: the play
        # (its ties go by the real layout), no means wanted, none for the player model,
        # and DDS's legal cards his (no penalty card nor lead rule, nothing disallowed)
        lean = (lean and real is not None and not measured and self.players == EXACT
                and legal_set == pos.free.legal())
        earlier = self._settled.get(memo)
        if earlier is not None:
            if settled is not None:
                return settled
            # settled early before: the full decision as it would have been made then
            yield from self._made(knowledge, key, memo, reps, prefer, groups, earlier,
                                  False, real, lean=lean)
        thin = self._lean.get(memo)
        if not lean and thin is not None:
            # made lean before: the full decision as it would have been made then
            yield from self._made(knowledge, key, memo, reps, prefer, groups, thin.budget,
                                  False, real)
        known = self._memo.get(memo) or (self._lean.get(memo) if lean else None)
        if known is not None and (known.budget >= budget
                                  or known.how not in ("close", "likely")) and not (
                measured and known.how in _SAMPLED and known.layouts < budget):
            return known
        made = yield from self._made(knowledge, key, memo, reps, prefer, groups, budget,
                                     measured, real, settled, lean)
        return made

    def _made(self, knowledge: Knowledge, key: str, memo: str, reps: Sequence[Card],
              prefer: CardSet, groups: Sequence[tuple[Card, ...]], budget: int,
              measured: bool, real: dict[Card, int] | None, settled: Card | None = None,
              lean: bool = False) -> Plan[Decision | Card]:
        """The decision sampled to ``budget`` and remembered under ``memo`` (the real
        layout's values ``real`` break a layout's ties; None: a judgement); or
        ``settled``, once a layout shows it best, remembered as settled. ``lean``: on
        the layouts' best cards alone, remembered apart."""
        known = self._memo.get(memo) or self._lean.get(memo)
        found = yield from self._solve(knowledge, key, reps, budget, measured, settled,
                                       lean)
        if known is not None:  # the stream starts again: its first layouts were solved
            self.work.layouts -= known.layouts
        self.work.decisions += known is None and memo not in self._settled
        if settled is not None and found.settled:
            self._settled[memo] = budget
            return settled
        decision = _decision(knowledge, key, reps, prefer, groups, budget, found,
                             found.weights, self.sampling.share, real, lean)
        decision = replace(
            decision, plays=self._plays(knowledge.position, groups, decision))
        (self._lean if lean else self._memo)[memo] = decision
        (self._memo if lean else self._lean).pop(memo, None)
        self._settled.pop(memo, None)
        return decision

    def judge(self, blind: Knowledge, told: Knowledge,
              near: Callable[[tuple[Decision, Decision]], bool] | None = None
              ) -> Plan[tuple[Decision, Decision]]:
        """Laws 16B, 16C: his decision without the information (``blind``) and with it
        (``told``: the same knowledge, what he was told about the hidden hands its
        :attr:`~Knowledge.holds`), on the same solved layouts — half drawn from each
        picture, each weighed for both (importance weights), so the two differ by the
        information alone — and again on :data:`CLOSER` times the layouts when ``near``
        finds them close to a line the law's test turns on."""
        pair = yield from self._judge(blind, told, 1.0)
        if near is not None and near(pair):
            pair = yield from self._judge(blind, told, CLOSER)
        return pair

    def _judge(self, blind: Knowledge, told: Knowledge, precision: float
               ) -> Plan[tuple[Decision, Decision]]:
        blind, told = self._knowing(blind), self._knowing(told)
        pos = blind.position
        legal_set = pos.legal()
        trivial = yield from self._trivial(blind, legal_set)
        if trivial is not None:
            return trivial, trivial
        groups = classes(legal_set, pos)
        reps = [lowest(g) for g in groups]
        prefer = sure_winners(blind, reps)
        s = self.sampling
        budget = max(s.first, round(s.cap * precision))
        key_a, key_b = _key(blind, legal_set), _key(told, legal_set)
        pair_key = f"{key_a}|with|{key_b}"
        known = self._pairs.get(pair_key)
        if known is not None and known[0].budget >= budget:
            return known
        a = yield from self._solve(blind, key_a, reps, budget, True)
        b = yield from self._solve(told, key_b, reps, budget, True)
        self.work.decisions += 2 * (known is None)
        pool = _Solved(blind, a.layouts + b.layouts, a.values + b.values,
                       a.weights + b.weights, a.outside + b.outside)
        # the pool's density q = n_a P_blind + n_b P_told, each picture the layouts of
        # what he sees that fit its holds: P = P_seen * fits / share
        seen = replace(blind, holds=())
        share_a = _share_fitting(seen, blind.holds, key_a)
        share_b = _share_fitting(seen, told.holds, key_b)
        evidence = layout_weights(seen, pool.layouts)
        fit_a = [_fits(p, blind.holds) for p in pool.layouts]
        fit_b = [_fits(p, told.holds) for p in pool.layouts]
        q = [len(a.layouts) * fa / share_a + len(b.layouts) * fb / share_b
             for fa, fb in zip(fit_a, fit_b, strict=True)]
        w_a = [e * f / d if d else 0.0 for e, f, d in zip(evidence, fit_a, q, strict=True)]
        w_b = [e * f / d if d else 0.0 for e, f, d in zip(evidence, fit_b, q, strict=True)]
        pair = (_decision(blind, key_a, reps, prefer, groups, budget, pool, w_a, s.share),
                _decision(told, pair_key, reps, prefer, groups, budget, pool, w_b, s.share))
        pair = (replace(pair[0], plays=self._plays(pos, groups, pair[0])),
                replace(pair[1], plays=self._plays(pos, groups, pair[1])))
        self._pairs[pair_key] = pair
        return pair

    def _solve(self, knowledge: Knowledge, key: str, reps: Sequence[Card], cap: int,
               measured: bool, settled: Card | None = None, lean: bool = False
               ) -> Plan[_Solved]:
        """Layouts of what he knows, drawn from the decision's own stream and valued:
        ``first``, then ``step`` more at a time up to ``cap`` — stopping as soon as one
        card is right in every layout unless the means are ``measured``, or as soon as
        ``settled`` is best in a layout of some weight (:meth:`favoured`). No layout
        when none fits what he believes (what he was told, the count), even without the
        table's reading. ``lean``: each layout's best cards alone are asked (its values
        hold those cards only)."""
        pos = knowledge.position
        side = pos.to_play.side
        ask = many_best_cards if lean else many_card_values
        rng = _stream(key)
        found = _Solved(knowledge)
        s = self.sampling
        want = min(s.first, cap)
        try:
            while len(found.values) < want:
                layouts, weights, outside = draw_weighted(knowledge, rng,
                                                          want - len(found.values))
                kept = [(p, w) for p, w in zip(layouts, weights, strict=True)
                        if not p.revoke_on_trick]
                if not kept:
                    break
                drawn = [p for p, _ in kept]
                values = yield from ask(drawn, side)
                found.layouts += drawn
                found.values += values
                found.weights += [w for _, w in kept]
                found.outside += outside
                self.work.layouts += len(drawn)
                if settled is not None and any(
                        w > 0 and settled in _best_of(reps, v)
                        for v, w in zip(values, found.weights[-len(values):], strict=True)):
                    found.settled = True
                    break
                if want >= cap or (not measured and _sure(reps, found.values)):
                    break
                want = min(cap, want + s.step)
        except LayoutError:
            plain = replace(knowledge.unread(), holds=())
            if not found.values and plain != knowledge:
                # nothing fits what he believes: what he sees alone
                return (yield from self._solve(plain, f"{key}|plain", reps, cap, measured,
                                               settled, lean))
        self.work.loosened += found.outside > 0 and key not in self._memo
        return found

    def _plays(self, pos: Position, groups: Sequence[tuple[Card, ...]], decision: Decision
               ) -> tuple[tuple[Card, float], ...]:
        """The player model's probabilities for ``decision`` (no solving: its chances and
        means, each run's conventions); none for :data:`EXACT`, the decision model alone."""
        if self.players == EXACT or decision.how == "forced" or not decision.means:
            return ()  # no layout fitted what he knows: the decision model's tie rule alone
        feats = {lowest(g): features(pos, g) for g in groups}
        p = mixture(dict(decision.options), dict(decision.means), feats, self.players)
        return tuple(sorted(p.items(), key=lambda cp: (-cp[1], cp[0].rank, cp[0].suit)))

    def _designated(self, pos: Position, groups: list[tuple[Card, ...]]) -> Plan[Decision]:
        """Law 50D1: two or more of his major penalty cards are due and declarer
        designates which he plays: the non-offenders take the one worst for the
        holder's side in the real layout (the lowest of equals)."""
        real = yield from self.real_values(pos)
        reps = [lowest(g) for g in groups]
        worst = min(real[c] for c in reps)
        card = lowest([c for c in reps if real[c] == worst])
        return Decision(card, ((card, 1.0),), _ranked({c: real[c] for c in reps}), 0,
                        "designated", tuple(groups))


SHARE_LAYOUTS = 400
"""How many layouts of the picture without the information are counted (not solved)
for the share of them that fits it (:meth:`DecisionModel.judge`'s importance weights)."""


def _fits(layout: Position, holds: Sequence[Holding]) -> bool:
    return all(h.fits(layout.hands[h.seat]) for h in holds)


def _share_fitting(seen: Knowledge, holds: Sequence[Holding], key: str) -> float:
    """The share of the layouts of what he sees (``seen``, by weight) that fit
    ``holds``: how much likelier a layout that fits them is under the picture with
    them (1 without any; never 0, a picture that fits nothing is a rare one)."""
    if not holds:
        return 1.0
    try:
        layouts, weights, _ = draw_weighted(seen, _stream(f"share|{key}"), SHARE_LAYOUTS)
    except LayoutError:
        return 1.0 / (SHARE_LAYOUTS + 1)
    total = sum(weights)
    fit = sum(w for p, w in zip(layouts, weights, strict=True) if _fits(p, holds))
    return max(fit / total if total > 0 else 0.0, 1.0 / (SHARE_LAYOUTS + 1))


def _sure(reps: Sequence[Card], values: Sequence[dict[Card, int]]) -> bool:
    """Whether one card is right (best) in every layout valued."""
    common = set(reps)
    for v in values:
        common &= set(_best_of(reps, v))
        if not common:
            return False
    return True


def _best_of(reps: Sequence[Card], v: dict[Card, int]) -> list[Card]:
    """The cards of ``reps`` best in a layout whose values are ``v`` (every legal
    card's, or the best cards' alone: a lean decision's)."""
    values = [v.get(c) for c in reps]  # None: not valued (a lean decision's other cards)
    top = max(x for x in values if x is not None)
    return [c for c, x in zip(reps, values, strict=True) if x == top]


def _decision(knowledge: Knowledge, key: str, reps: Sequence[Card], prefer: CardSet,
              groups: Sequence[tuple[Card, ...]], budget: int, found: _Solved,
              weights: Sequence[float], share: float,
              real: dict[Card, int] | None = None, lean: bool = False) -> Decision:
    """The decision the valued layouts give, each weighed by ``weights``: each card's
    mean, its chance (the weight of the layouts where it is the right choice,
    :func:`_chances`), how it is called; the inference from the table that decides it.
    With no layout (none fits what he believes), the tie rule on his cards. ``lean``:
    the layouts hold their best cards' values alone (``real`` breaks their ties): no
    means, no dominated cards."""
    total = sum(weights)
    if not found.values or total <= 0:
        card = _tie_break(reps, prefer)
        return Decision(card, ((card, 1.0),), (), 0, "clear", tuple(groups), budget)
    means = {} if lean else {
        c: sum(w * v[c] for v, w in zip(found.values, weights, strict=True)) / total
        for c in reps}
    right = [_found(reps, v, means if real is None else real, prefer) for v in found.values]
    chances = _chances(right, weights)
    options = tuple(sorted(chances.items(), key=lambda cp: (-cp[1], cp[0].rank, cp[0].suit)))
    how = "clear" if len(options) == 1 else (
        "close" if sum(p >= share for _, p in options) >= 2 else "likely")
    inferred = (inferences(knowledge, found.layouts, right, key, weights)
                if len(options) > 1 else ())
    return Decision(options[0][0], options, _ranked(means), len(found.values), how,
                    tuple(groups), budget,
                    dominated=() if lean else _dominated(reps, found.values),
                    beaten=() if lean else _beaten(reps, found.values),
                    inferences=inferred)


def _dominated(reps: Sequence[Card], values: Sequence[dict[Card, int]]) -> tuple[Card, ...]:
    """The cards of ``reps`` that another beats on some layout (``values``) and matches
    on every other."""
    return tuple(c for c in reps if any(
        d != c and all(v[d] >= v[c] for v in values) and any(v[d] > v[c] for v in values)
        for d in reps))


def _beaten(reps: Sequence[Card], values: Sequence[dict[Card, int]]) -> tuple[Card, ...]:
    """The cards of ``reps`` that one other card beats on every layout (``values``)."""
    return tuple(c for c in reps if values and any(
        d != c and all(v[d] > v[c] for v in values) for d in reps))


def _chances(right: Sequence[Card], weights: Sequence[float]) -> dict[Card, float]:
    """Each card's chance of being the one he chooses: the share of the layouts (each
    by its weight: what the play showed) in which it is the right choice (``right``: the
    card each layout credits, :func:`_found`). Only cards with a chance are listed; the
    chances sum to 1."""
    credit: dict[Card, float] = {}
    for found, w in zip(right, weights, strict=True):
        if w > 0:
            credit[found] = credit.get(found, 0.0) + w
    total = sum(credit.values())
    return {c: n / total for c, n in credit.items()}


def _found(reps: Sequence[Card], v: dict[Card, int],
           means: dict[Card, float] | dict[Card, int], prefer: CardSet) -> Card:
    """The card a layout (its values ``v``) credits: the right one; of several equally
    right, the one best by ``means`` — over all his layouts in a judgement (what he can
    reckon), in the real layout in the play (the card a competent player finds) — then
    the tie rule."""
    level = _best_of(reps, v)
    best = max(means[c] for c in level)
    return _tie_break([c for c in level if means[c] == best], prefer)


def _tie_break(tied: Sequence[Card], prefer: CardSet) -> Card:
    """Among equally good cards: the lowest sure winner on lead, else the lowest card."""
    return lowest([c for c in tied if prefer & c.bit] or list(tied))


def _ranked(means: dict[Card, float] | dict[Card, int]) -> tuple[tuple[Card, float], ...]:
    return tuple(sorted(((c, float(m)) for c, m in means.items()),
                        key=lambda cm: (-cm[1], cm[0].rank, cm[0].suit)))
