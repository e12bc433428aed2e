"""Law 12C1(c): what was *likely* — single-dummy playouts, and the Director's own lines.

* **Likely lines.** From the position just before the revoke card, the offender plays
  his natural card (the card a single-dummy player in his seat chooses) and every player
  then plays single dummy to the end (:mod:`equity.core.playout`), knowing what he could
  see in the counterfactual world (the revoke corrected: nobody saw a false void). Several
  independent playouts, each with its own seeded random stream; the distribution of
  declarer's tricks over them is the 12C1(c) weighting, each distinct result shown with
  its frequency and one representative playout.
* **The Director's lines** (``--line``): a card sequence from the revoke on, the
  offender's card first, continued double dummy (``then dd``, the default), single dummy
  (``then sd``: playouts, so a distribution) or settled by a claim (``then claim K``:
  declarer takes K of the tricks left). **Outcomes** (``--outcome``): a plain number of
  declarer's tricks. A ``N:`` prefix attaches one to revoke N (default: the first
  revoke with lines).

Nothing here judges: the weights are :mod:`equity.core.ruling`'s business.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from equity.core.cards import Card, CardSet, ModelError, Seat, Side
from equity.core.knowledge import Knowledge, SuitMask
from equity.core.playout import Run, finish
from equity.core.position import Position
from equity.core.questions import Plan, together, tricks_through
from equity.core.replay import Play
from equity.core.single_dummy import DEFAULT_SAMPLES, choose

DEFAULT_PLAYOUTS = 10
"""Single-dummy playouts per revoke unless the Director says otherwise (``--playouts``):
frequencies in tenths, one ruling of seed 001 in about a second on this machine."""
DEFAULT_SEED = 1


@dataclass(frozen=True, slots=True)
class DirectorLine:
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


@dataclass(frozen=True, slots=True)
class DirectorOutcome:
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
        t = body.strip().lower().removesuffix("tricks").strip()
        if not t.isdigit() or not 0 <= int(t) <= 13:
            raise ModelError(f"an outcome is declarer's tricks, 0 to 13: {text!r}")
        return DirectorOutcome(number, int(t), revoke)


def _revoke_prefix(text: str) -> tuple[int | None, str]:
    head, sep, body = text.partition(":")
    if sep and head.strip().isdigit():
        return int(head), body
    return None, text


@dataclass(frozen=True, slots=True)
class Estimate:
    """How the likely lines are estimated, and the Director's own lines and outcomes."""

    seed: int = DEFAULT_SEED
    samples: int = DEFAULT_SAMPLES
    """Layouts per single-dummy decision."""
    playouts: int = DEFAULT_PLAYOUTS
    """Single-dummy playouts per revoke (0: no likely lines)."""
    lines: tuple[DirectorLine, ...] = ()
    outcomes: tuple[DirectorOutcome, ...] = ()

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ModelError("a single-dummy decision needs at least one sampled layout")
        if not 0 <= self.playouts <= 1000:
            raise ModelError("playouts: 0 to 1000")


@dataclass(frozen=True, slots=True)
class Start:
    """Where a revoke's lines start: the position just before the revoke card, its trick
    number, the tricks each side had won, the suits shown out of (the counterfactual
    world: the revoke has not happened yet), the offender and his allowed cards."""

    position: Position
    trick: int
    won: dict[Side, int]
    voids: dict[Seat, SuitMask]
    declarer: Seat
    offender: Seat
    allowed: CardSet


@dataclass(frozen=True, slots=True)
class Outcome:
    """A line's outcome: its cards from the revoke on, declarer's tricks, how often."""

    plays: tuple[Play, ...]
    tricks: int
    frequency: float


def likely(start: Start, playouts: int, seed: str, samples: int) -> Plan[list[Outcome]]:
    """``playouts`` single-dummy playouts from ``start``, grouped by declarer's tricks
    (most first): each distinct result with its frequency and its first playout."""
    if playouts <= 0:
        return []
    rngs = [random.Random(f"{seed}:likely:{k}") for k in range(playouts)]
    runs = [_run(start) for _ in rngs]
    naturals = yield from together(*[
        choose(Knowledge.at(start.position, start.declarer, start.voids), g, samples,
               start.allowed) for g in rngs])
    for r, d in zip(runs, naturals, strict=True):
        r.play(d.card)
    yield from finish(runs, start.declarer, rngs, samples)
    return _grouped(runs, start)


def director_line(start: Start, line: DirectorLine, playouts: int, seed: str, samples: int
                  ) -> Plan[list[Outcome]]:
    """The Director's ``line`` played from ``start`` and finished as it says (raises
    ModelError for a card not held or not legal: no line revokes)."""
    r = _run(start)
    for i, card in enumerate(line.cards):
        pos = r.pos
        if not pos.tricks_left:
            raise ModelError(f"{line.name}: more cards than the tricks left ({card})")
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
        rngs = [random.Random(f"{seed}:{line.name}:{k}") for k in range(max(1, playouts))]
        runs = [_copy(r) for _ in rngs]
        yield from finish(runs, start.declarer, rngs, samples)
        return _grouped(runs, start)
    rest = (yield from tricks_through(r.pos, side)) if left else 0
    return [Outcome(tuple(r.plays), r.won[side] + rest, 1.0)]


def _run(start: Start) -> Run:
    r = Run(start.position, dict(start.voids), start.trick)
    r.won = dict(start.won)
    return r


def _copy(r: Run) -> Run:
    out = Run(r.pos, dict(r.voids), r.trick_no, list(r.plays))
    out.won = dict(r.won)
    return out


def _grouped(runs: Sequence[Run], start: Start) -> list[Outcome]:
    side = start.declarer.side
    by: dict[int, list[Run]] = {}
    for r in runs:
        by.setdefault(r.won[side], []).append(r)
    return [Outcome(tuple(rs[0].plays), t, len(rs) / len(runs))
            for t, rs in sorted(by.items(), reverse=True)]
