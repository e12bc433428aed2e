"""Law 12C1(c): what was *likely* — the outcome tree from the revoke, and the Director's
own lines.

* **Likely outcomes.** From the position just before the revoke card, the offender makes
  his decision among his legal cards (the natural card, or a branch when the choice is
  close) and every player then plays by the decision model to the end
  (:mod:`equity.core.player.outcome_tree`), knowing what he could see in the counterfactual
  world (the revoke corrected: nobody saw a false void). Each distinct result comes with
  its probability — the product of the chances that each close choice on its path was
  right — and its most probable line.
* **The Director's lines** (``--line``): a card sequence from the revoke on, the
  offender's card first, continued double dummy (``then dd``, the default), by the
  decision model (``then sd``: an outcome tree, so a distribution) or settled by a claim
  (``then claim K``: declarer takes K of the tricks left). **Outcomes** (``--outcome``):
  a plain number of declarer's tricks. A ``N:`` prefix attaches one to revoke N
  (default: the first revoke with lines).

Nothing here judges: the weights are :mod:`equity.core.adjust.ruling`'s business.
"""

from __future__ import annotations

import re

from msgspec import Struct

from equity.core.game import (
    Card,
    CardSet,
    ModelError,
    Plan,
    Replay,
    Seat,
    Side,
    Work,
    small_int,
    tricks_through,
)
from equity.core.player.decision import DEFAULT_SAMPLING, REFERENCE, DecisionModel, Sampling
from equity.core.player.outcome_tree import (
    Branch,
    Leaf,
    Outcome,
    Run,
    before_lead,
    grow,
    merged,
)
from equity.core.player.player_model import EXACT, PlayerClass
from equity.core.player.start import Start
from equity.core.reading import NO_TABLE, Table


class DirectorLine(Struct, frozen=True):
    """A line the Director composed: cards from the revoke on, then how it ends."""

    number: int
    """Its place among the Director's lines (``line1`` is 1)."""
    cards: tuple[Card, ...]
    then: str
    """``"dd"``, ``"sd"`` or ``"claim"``."""
    claim: int | None = None
    """With ``then claim``: declarer's tricks of those left."""
    revoke: int | None = None
    """The revoke it belongs to (1-based, as the report numbers them); None: the first."""
    text: str = ""

    @property
    def name(self) -> str:
        return f"line{self.number}"

    @staticmethod
    def parse(text: str, number: int) -> DirectorLine:
        """``"[N:] C1 C2 ... [then dd | then sd | then claim K]"`` (raises ModelError)."""
        revoke, body = _revoke_prefix(text)
        then, claim = "dd", None
        m = re.search(r"\bthen\s+(.+)$", body, re.IGNORECASE)
        if m:
            how = m.group(1).strip().lower()
            body = body[:m.start()]
            k = re.fullmatch(r"claim\s+(\d{1,2})", how)
            if how in ("dd", "double dummy"):
                then = "dd"
            elif how in ("sd", "single dummy"):
                then = "sd"
            elif k:
                then, claim = "claim", int(k.group(1))
            else:
                raise ModelError(f"a Director's line ends 'then dd', 'then sd' or 'then "
                                 f"claim K', not {m.group(0)!r}")
        words = [w for w in re.split(r"[\s,]+", body.strip()) if w]
        if not words:
            raise ModelError(f"a Director's line needs at least the offender's card: {text!r}")
        return DirectorLine(number, tuple(Card.parse(w) for w in words), then, claim,
                            revoke, text.strip())


class DirectorOutcome(Struct, frozen=True):
    """A plain result the Director names: declarer's tricks."""

    number: int
    tricks: int
    revoke: int | None = None

    @property
    def name(self) -> str:
        return f"outcome{self.number}"

    @staticmethod
    def parse(text: str, number: int) -> DirectorOutcome:
        """``"[N:] T"``, T declarer's tricks 0-13 (raises ModelError)."""
        revoke, body = _revoke_prefix(text)
        t = small_int(body.strip().lower().removesuffix("tricks"), 2)
        if t is None or not 0 <= t <= 13:
            raise ModelError(f"an outcome is declarer's tricks, 0 to 13: {text[:40]!r}")
        return DirectorOutcome(number, t, revoke)


def _revoke_prefix(text: str) -> tuple[int | None, str]:
    head, sep, body = text.partition(":")
    trick = small_int(head) if sep else None
    if trick is not None:
        return trick, body
    return None, text


class Estimate(Struct, frozen=True):
    """How the likely outcomes are estimated, and the Director's own lines and outcomes."""

    samples: int = DEFAULT_SAMPLING.cap
    """The most layouts a close decision may use (the cap of the adaptive sampling)."""
    reference: bool = False
    """Spend :data:`~equity.core.player.decision.REFERENCE` times the sampling, to check that the
    default has converged."""
    lines: tuple[DirectorLine, ...] = ()
    outcomes: tuple[DirectorOutcome, ...] = ()
    players: PlayerClass = EXACT
    """The class of player whose errors and conventions the lines weigh
    (:mod:`~equity.core.player.player_model`; ``--players``)."""

    def __post_init__(self) -> None:
        if not 4 <= self.samples <= 4096:
            raise ModelError("samples: a close decision needs 4 to 4096 layouts")

    @property
    def sampling(self) -> Sampling:
        """The decision model's sampling: the default's stages up to ``samples`` layouts,
        times :data:`REFERENCE` with ``reference``."""
        d = DEFAULT_SAMPLING
        base = Sampling(min(d.first, self.samples), d.step, self.samples, d.share)
        return base.times(REFERENCE) if self.reference else base

    def model(self, table: Table = NO_TABLE, work: Work | None = None) -> DecisionModel:
        """A fresh decision model for one ruling on the board whose table is ``table``
        (:meth:`DecisionModel.of`), its cost added to ``work`` (default: its own)."""
        model = DecisionModel.of(table, self.sampling, self.players)
        if work is not None:
            model.work = work
        return model


def likely(start: Start, model: DecisionModel, favour: Side | None = None
           ) -> Plan[list[Outcome]]:
    """The outcome tree from ``start``, results merged (most tricks first); ``favour``:
    the side whose close choices go its way (:func:`~equity.core.player.outcome_tree.grow`)."""
    return (yield from continued(start.run(), start.declarer, model, favour, start.allowed))


def continued(run: Run, declarer: Seat, model: DecisionModel, favour: Side | None = None,
              allowed: CardSet | None = None) -> Plan[list[Outcome]]:
    """The likely outcomes of a line under way (``run``, left as it is), from where it
    stands to the last card, results merged: the one implementation behind
    :func:`likely` and the table line's rest where it leaves the record (Law 12C1(c):
    a distribution of results, each with its probability). ``allowed`` restricts the
    first card; ``favour`` as in :func:`likely` (Law 84D for the non-offenders)."""
    found = yield from grow(run.copy(), declarer, model, allowed, favour)
    return merged(found, declarer.side)


def leaves(start: Start, model: DecisionModel, favour: Side | None = None
           ) -> Plan[list[Leaf]]:
    """The outcome tree's leaves from ``start``, unmerged (each error's leaves apart)."""
    return (yield from grow(start.run(), start.declarer, model, start.allowed, favour))


def play_out(start: Start, model: DecisionModel) -> Plan[tuple[list[Outcome], list[Branch]]]:
    """The likely outcomes from ``start``, favouring nobody (``equity likely``), and
    every decision shown on a path of the tree (those that branch, and the errors), in
    order of play."""
    leaves = yield from grow(start.run(), start.declarer, model, start.allowed)
    shown: dict[tuple[int, Seat, tuple[tuple[Card, float], ...]], Branch] = {}
    for leaf in leaves:
        for b in leaf.branches:
            if len(b.options) < 2:
                continue
            shown.setdefault((b.trick, b.seat, b.options), b)
    order = sorted(shown.values(), key=lambda b: (b.trick, b.seat.value))
    return merged(leaves, start.declarer.side), order


class Forecast(Struct, frozen=True):
    """What a table goes on to make from a point of its record (``equity likely``):
    declarer's final tricks with their probabilities — the outcome tree's (``foreseen``)
    mixed with the class's departures from double dummy (``outcomes``,
    :func:`~equity.core.player.unforeseen.blend`) — the decisions shown on the tree's
    paths, double dummy from the same point, and what it cost."""

    replay: Replay
    start: Start
    players: PlayerClass
    table: Table
    """What the board's table showed every player (read once)."""
    outcomes: dict[int, float]
    foreseen: dict[int, float]
    decisions: tuple[Branch, ...]
    double_dummy: int
    """Declarer's final tricks with best play by all four from the start."""
    work: Work

    @property
    def after(self) -> int:
        """The tricks of the record played before the start."""
        return self.start.trick - 1


def forecast(rp: Replay, start: Start, model: DecisionModel) -> Plan[Forecast]:
    """The likely outcomes from ``start`` of ``rp``'s record, favouring nobody
    (:func:`play_out`), and double dummy from there, as a :class:`Forecast`."""
    from equity.core.player.unforeseen import blend  # (start-up: a forecast's only)

    outcomes, decisions = yield from play_out(start, model)
    side = start.declarer.side
    rest = yield from tricks_through(start.position, side)
    won = start.won[side]
    tree = {o.tricks: o.probability for o in outcomes}
    table = blend(tree, model.players.unforeseen, start.trick - 1, won + rest, won,
                  won + start.position.tricks_left)
    return Forecast(rp, start, model.players, model.table, table, tree, tuple(decisions),
                    won + rest, model.work)


def director_line(start: Start, line: DirectorLine, model: DecisionModel,
                  favour: Side | None = None) -> Plan[list[Outcome]]:
    """The Director's ``line`` played from ``start`` and finished as it says (raises
    ModelError for a card not held or not legal: no line revokes)."""
    r = start.run()
    for i, card in enumerate(line.cards):
        if not r.pos.tricks_left:
            raise ModelError(f"{line.name}: more cards than the tricks left ({card})")
        yield from before_lead(r, start.declarer, card)  # Law 50D2, his card breaking ties
        pos = r.pos
        seat = pos.to_play
        allowed = start.allowed if i == 0 else pos.legal()
        if not pos.hands[seat] & card.bit:
            raise ModelError(f"{line.name}: {seat.long_name} does not hold {card.pretty} "
                             f"at card {i + 1}")
        if not allowed & card.bit:
            raise ModelError(f"{line.name}: {card.pretty} is not a legal card for "
                             f"{seat.long_name} at card {i + 1} (no line revokes)")
        r.play(card)
    side = start.declarer.side
    left = r.pos.tricks_left
    if line.then == "claim":
        assert line.claim is not None
        if not 0 <= line.claim <= left:
            raise ModelError(f"{line.name}: a claim of {line.claim} tricks, but {left} are left")
        return [Outcome(tuple(r.plays), r.won[side] + line.claim, 1.0)]
    if line.then == "sd" and left:
        leaves = yield from grow(r, start.declarer, model, None, favour)
        return merged(leaves, side)
    rest = (yield from tricks_through(r.pos, side)) if left else 0
    return [Outcome(tuple(r.plays), r.won[side] + rest, 1.0)]


