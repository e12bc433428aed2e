"""Likely outcomes as a tree: the play continued by the decision model, branching where a
player might choose more than one card.

From a position every player in turn asks the :class:`~equity.core.player.decision.DecisionModel`
what he chooses with what he knows (the suits shown out of in *this* line's world). A
decision with one card is played; one with several **branches**: each card he might
choose is followed with its chance (the share of the layouts he could not tell apart in
which it was the right choice). A leaf's probability is the product of the chances on
its path, so the outcomes carry exact probabilities, not frequencies of random playouts,
and they move smoothly with the model's estimates (no single layout can switch a whole
line).

Each player also plays as players of the model's class do
(:mod:`~equity.core.player.player_model`, ``DecisionModel.players``): a card the decision
model finds takes the probability the player model gives it (and that of the cards worth
the same in the real layout: the tie-break decides which right card he finds); a card
worse in the real layout than all of those is an **error**, a leaf of its own valued
from the real layout's card values, which the decision already asked: the card's own
double-dummy value with the share of errors the opponents exploit, the value of the card
he meant with the rest (:func:`~equity.core.player.player_model.exploited`) — so errors
add outcomes, never double-dummy work, and the tree's shape and precision follow
the decision model's chances as before. A leaf's probability is then the product of
the player model's probabilities on its path.

The tree is kept small: a branch is followed card by card only while its probability is
at least :data:`FLOOR`; a less likely one is finished double dummy at once (its result
counts with its probability) — from the real values already known where the player model
asked them, and then a card worse in the real layout than the one he meant is exploited
by the opponents only with the class's share, as an error is. Lines at least
:data:`PRECISE` likely get each decision measured to the model's full precision; less
likely ones, the first layouts only.
Branches of one decision grow side by side, so their questions reach the solver
together.

This module knows card play and little of the law: which world's knowledge a line
starts from is the caller's choice. The Law 50 requirements travel in the position
(:meth:`Position.legal`: a penalty card is played when due); the one choice of the law
the tree makes is declarer's under Law 50D2 before a lead by the partner of a penalty
card's holder (:func:`before_lead`), taken as the non-offenders' best in the real layout.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct, field

from equity.core.game import (
    Card,
    CardSet,
    Plan,
    Play,
    Position,
    Seat,
    Side,
    together,
    tricks_through,
)
from equity.core.player.decision import DecisionModel
from equity.core.player.inference import Inference
from equity.core.player.knowledge import Knowledge, SuitMask, seen_out
from equity.core.player.penalty_choice import choose_50d2, partner_penalties
from equity.core.player.player_model import by_value, described, exploited, informed
from equity.core.reading import PLAY_READINGS, Evidence

FLOOR = 0.1
"""The smallest probability of a line the tree follows card by card; a less likely
choice is finished double dummy (its result still counts, with its probability)."""
PRECISE = 0.25
"""A line at least this probable gets every decision measured to the model's full
precision; a less probable one, the first layouts only."""


def precision(probability: float) -> float:
    """The precision a decision on a line of ``probability`` is measured to (the
    model's full sampling, or its first layouts only)."""
    return 1.0 if probability >= PRECISE - 1e-12 else 0.0



class Run(Struct):
    """A line under way: its position, what has been shown out of, its cards, the tricks
    each side won (the current trick at the start included)."""

    pos: Position
    voids: dict[Seat, SuitMask]
    trick_no: int
    plays: list[Play] = field(default_factory=list)
    won: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    chosen: list[str] = field(default_factory=list)
    """Declarer's Law 50D2 choices on this line ("trick 7: require ♠"), in order."""
    asked_50d2: int = 0
    """The trick whose lead the Law 50D2 choice was last made for (it is made once)."""
    evidence: list[Evidence] = field(default_factory=list)
    """The cards of this world read as it played them (from the first trick: its
    discards), each with what its player held then."""

    def play(self, card: Card) -> None:
        """Play ``card``: record it, learn a void from it and read it
        (:data:`~equity.core.reading.table.PLAY_READINGS`), count a completed trick."""
        pos = self.pos
        led = pos.suit_led
        play = Play(self.trick_no, pos.to_play, card, led)
        self.plays.append(play)
        voids = seen_out(self.voids.get(pos.to_play, 0), play)
        if voids:
            self.voids[pos.to_play] = voids
        else:
            self.voids.pop(pos.to_play, None)
        for reading in PLAY_READINGS:
            found = reading.read(play, pos.hands[pos.to_play], pos.strain)
            if found is not None:
                self.evidence.append(found)
        completes = len(pos.trick) == 3
        self.pos = pos.play(card)
        if completes:
            self.won[self.pos.leader.side] += 1
            self.trick_no += 1

    def knowledge(self, declarer: Seat) -> Knowledge:
        """What the player to play knows on this line: his hand, dummy once the opening
        lead is faced, the suits shown out of and the cards read so far
        (:meth:`Knowledge.at`)."""
        return Knowledge.at(self.pos, declarer, self.voids,
                            dummy_faced=(self.trick_no, len(self.pos.trick)) != (1, 0),
                            evidence=tuple(self.evidence))

    def copy(self) -> Run:
        return Run(self.pos, dict(self.voids), self.trick_no, list(self.plays),
                   dict(self.won), list(self.chosen), self.asked_50d2, list(self.evidence))


def before_lead(run: Run, declarer: Seat, keep: Card | None = None) -> Plan[None]:
    """Law 50D2: when the next card is a lead by the partner of a major penalty card's
    holder, declarer's side chooses (once per lead) to require or forbid the penalty
    card's suit or to leave the lead free (:func:`~equity.core.player.penalty_choice.choose_50d2`:
    the option best for it in the real layout, Law 84D; ``keep``, a recorded lead,
    breaks ties). ``run``'s position takes the option; nothing else happens."""
    if run.asked_50d2 == run.trick_no or not partner_penalties(run.pos):
        return
    run.asked_50d2 = run.trick_no
    name, pos = yield from choose_50d2(run.pos, declarer.side, keep)
    run.pos = pos
    run.chosen.append(f"trick {run.trick_no}: {name} (Law 50D2)")


class Branch(Struct, frozen=True):
    """A decision shown on a path: who chose, where, the cards he might play with their
    probabilities (the player model's), the one taken, and which of them are errors."""

    trick: int
    seat: Seat
    options: tuple[tuple[Card, float], ...]
    taken: Card
    errors: CardSet = 0
    """Cards worse in the real layout than every card the decision model finds."""
    inferences: tuple[Inference, ...] = ()
    """The decision's inference from the table that decides it (Law 16A1(a))."""
    dummy: bool = False
    """The cards are dummy's (declarer chooses them)."""

    def describe(self) -> str:
        """"South, trick 7: ♦Q 55% / ♦A 40% / a careless ♦2 5%" (dummy's: "Dummy
        (North), trick 7: ..."), with the inference that decides it: " — declarer places
        the ♠K with West (...)"."""
        who = f"Dummy ({self.seat.long_name})" if self.dummy else self.seat.long_name
        return f"{who}, trick {self.trick}: " + described(
            self.options, self.errors) + "".join(f" — {i.describe()}"
                                                 for i in self.inferences)


class Leaf(Struct, frozen=True):
    """One outcome: its cards from where the tree started, the tricks each side won, its
    probability and the close decisions on its path."""

    plays: tuple[Play, ...]
    won: dict[Side, int]
    probability: float
    branches: tuple[Branch, ...]
    erred: tuple[Side, bool] | None = None
    """An error's leaf: the side that erred, and whether its opponents exploited it
    (the double-dummy result after the card) or not (the result of the card he meant)."""


SHOWN = 0.02
"""The least probability a card needs to be named in a branch's description."""


def grow(run: Run, declarer: Seat, model: DecisionModel, allowed: CardSet | None = None,
         favour: Side | None = None, probability: float = 1.0,
         path: tuple[Branch, ...] = (), weight: float | None = None) -> Plan[list[Leaf]]:
    """The outcomes of ``run`` played to its last card by the decision model and the
    player model (module docstring); ``allowed`` restricts the first card (the offender's
    legal cards at a corrected revoke). A player of the side ``favour`` does not branch
    and makes no error: of the cards he might choose he plays the one best in the real
    layout (the caller's law: doubtful points go to the non-offenders). Every other
    player's errors (:func:`~equity.core.player.player_model.by_value`) end in a leaf
    valued from the real layout's card values, already known: no extra work.
    ``probability`` is the line's probability under the decision model (it sets the
    tree's size and precision, as without errors), ``weight`` its probability with the
    player model (a leaf's probability; default ``probability``). ``run`` is played on."""
    weight = probability if weight is None else weight
    out: list[Leaf] = []
    while run.pos.tricks_left:
        yield from before_lead(run, declarer)
        seat = run.pos.to_play
        if seat.side == favour:
            card = yield from model.favoured(run.knowledge(declarer), allowed,
                                             precision(probability))
            allowed = None
            run.play(card)
            continue
        # the tree reads the choices alone (never a card's mean): asked lean
        decision = yield from model.decide(run.knowledge(declarer), allowed,
                                           precision(probability), lean=True)
        allowed = None
        real: dict[Card, int] = {}
        choices, errors = dict(decision.options), dict[Card, float]()
        if (len(decision.plays) > 1
                and decision.how not in ("forced", "designated")):
            real = yield from model.real_values(run.pos)
            plays = informed(dict(decision.plays), real, model.players)
            choices, errors = by_value(plays, dict(decision.options), real, decision.card)
        wrong = sum(c.bit for c in errors)
        named = tuple(sorted(((c, p) for c, p in (*choices.items(), *errors.items())
                              if p >= SHOWN),
                             key=lambda cp: (-cp[1], cp[0].rank, cp[0].suit)))
        close = sum(p >= model.sampling.share for _, p in decision.options) >= 2
        share = exploited(model.players, seat.side, declarer.side, favour)
        for card, p in errors.items():
            here = (*path, Branch(run.trick_no, seat, named, card, wrong,
                                  decision.inferences, seat == declarer.partner))
            out += _exploitable(run, declarer, card, real, decision.card, weight * p, here,
                                share)
        if not decision.branches:
            weight *= choices.get(decision.card, 1.0)
            run.play(decision.card)
            continue
        children = []
        for card, chance in decision.options:
            child = run.copy()
            child.play(card)
            here = (*path, Branch(run.trick_no, seat, named, card, wrong,
                                  decision.inferences, seat == declarer.partner)) if close else path
            w = weight * choices.get(card, chance)
            if probability * chance >= FLOOR - 1e-12:
                children.append(grow(child, declarer, model, None, favour,
                                     probability * chance, here, w))
            elif real:
                # finished from the real values already asked (no question); a guess that
                # loses in the real layout is exploited by the opponents as an error is
                if real[card] < real[decision.card]:
                    out += _exploitable(run, declarer, card, real, decision.card, w, here,
                                        share)
                else:
                    out.append(_valued(run, declarer, card, real[card], w, here))
            else:
                children.append(_finished(child, declarer, w, here))
        found = yield from together(*children)
        return out + [leaf for leaves in found for leaf in leaves]
    return [*out, Leaf(tuple(run.plays), dict(run.won), weight, path)]


def _exploitable(run: Run, declarer: Seat, card: Card, real: dict[Card, int], meant: Card,
                 probability: float, path: tuple[Branch, ...], share: float) -> list[Leaf]:
    """``card``, worse in the real layout than the card ``meant``, finished from the
    values already known: with the ``share`` the opponents exploit, its own double-dummy
    value; with the rest, the value of the card meant."""
    seat = run.pos.to_play
    out = []
    if share > 0.0:
        out.append(_valued(run, declarer, card, real[card], probability * share, path,
                          (seat.side, True)))
    if share < 1.0:
        out.append(_valued(run, declarer, card, real[meant], probability * (1.0 - share),
                          path, (seat.side, False)))
    return out


def _valued(run: Run, declarer: Seat, card: Card, value: int, probability: float,
            path: tuple[Branch, ...], erred: tuple[Side, bool] | None = None) -> Leaf:
    """``card`` played, then ``value`` tricks for the player's side from here, already
    known (no question). For an error (``erred``): the card's own double-dummy value when
    the opponents exploit it, the value of the card he meant when they do not."""
    side = declarer.side
    left = run.pos.tricks_left
    mine = value if run.pos.to_play.side == side else left - value
    child = run.copy()
    child.play(card)
    won = {side: run.won[side] + mine, side.other: run.won[side.other] + left - mine}
    return Leaf(tuple(child.plays), won, probability, path, erred)


def _finished(run: Run, declarer: Seat, probability: float, path: tuple[Branch, ...]
              ) -> Plan[list[Leaf]]:
    """A choice too unlikely to follow card by card, its value not yet known: double
    dummy from here."""
    side = declarer.side
    rest = (yield from tricks_through(run.pos, side)) if run.pos.tricks_left else 0
    left = run.pos.tricks_left
    won = {side: run.won[side] + rest, side.other: run.won[side.other] + left - rest}
    return [Leaf(tuple(run.plays), won, probability, path)]


class Outcome(Struct, frozen=True):
    """Outcomes with the same result merged: declarer's tricks, their probability, the
    most probable leaf's cards and close decisions."""

    plays: tuple[Play, ...]
    tricks: int
    probability: float
    branches: tuple[Branch, ...] = ()


def merged(leaves: Sequence[Leaf], side: Side) -> list[Outcome]:
    """``leaves`` grouped by ``side``'s tricks, most tricks first, probabilities summed
    (and scaled to sum to 1); each result speaks through its most probable leaf."""
    total = sum(leaf.probability for leaf in leaves) or 1.0
    by: dict[int, list[Leaf]] = {}
    for leaf in leaves:
        by.setdefault(leaf.won[side], []).append(leaf)
    out = []
    for tricks, group in sorted(by.items(), reverse=True):
        top = max(group, key=lambda leaf: leaf.probability)
        out.append(Outcome(top.plays, tricks, sum(x.probability for x in group) / total,
                           top.branches))
    return out
