"""A point of the record as the players knew it there (:class:`Start`): the position with the
Law 50 requirements in force, the tricks won, the suits shown out of and the cards read, and
the player to play with the cards he may choose. Every line that starts inside the record —
the likely outcomes, a Director's line, a claim's lines, a forecast — starts from one,
made by :meth:`Start.at`, the one door to a point of the record; :func:`checkpoint` is the
start of a trick (``equity likely --after-trick``)."""

from __future__ import annotations

from msgspec import Struct

from equity.core.game import (
    CardSet,
    ModelError,
    Position,
    Replay,
    Seat,
    Side,
)
from equity.core.player.knowledge import Knowledge, SuitMask, shown_out
from equity.core.player.outcome_tree import Run
from equity.core.reading import Evidence, world_evidence


class Start(Struct, frozen=True):
    """A point of play where lines start: the position (with the Law 50 requirements in
    force), its trick number, the tricks each side had won, what the players had seen
    there — the suits shown out of, the cards read (:attr:`evidence`) — and the player
    to play with the cards he may choose. :meth:`at` is the one door to a point of the
    record."""

    position: Position
    trick: int
    won: dict[Side, int]
    voids: dict[Seat, SuitMask]
    declarer: Seat
    offender: Seat
    """The player to play (at a revoke, the offender)."""
    allowed: CardSet
    evidence: tuple[Evidence, ...] = ()
    """The cards read before it (:func:`~equity.core.reading.table.world_evidence`: the
    discards)."""

    @classmethod
    def at(cls, rp: Replay, trick: int, index: int = 0, allowed: CardSet | None = None
           ) -> Start:
        """The record just before card ``index`` (0-3) of trick ``trick``, as the players
        knew it then: the position with the Law 50 requirements in force
        (:meth:`Replay.position`), the tricks won, the suits shown out of and the cards
        read in the plays before (:meth:`Replay.plays_before`) — nothing later.
        ``allowed``: the cards the player to play may choose (default: his legal cards)."""
        pos = rp.position(trick, index)
        before = rp.plays_before(trick, index)
        return cls(pos, trick, {side: rp.won_before(side, trick) for side in Side},
                   shown_out(before), rp.contract.declarer, pos.to_play,
                   pos.legal() if allowed is None else allowed,
                   world_evidence(before, rp.board.deal, rp.contract.strain))

    def run(self) -> Run:
        """A line from here, nothing played yet."""
        r = Run(self.position, dict(self.voids), self.trick)
        r.won = dict(self.won)
        r.evidence = list(self.evidence)
        return r

    def knowledge(self, exposed: CardSet = 0) -> Knowledge:
        """What the player to play knows here (:meth:`Knowledge.at`), ``exposed`` cards
        besides the penalty cards in force seen by all."""
        return Knowledge.at(self.position, self.declarer, self.voids,
                            dummy_faced=(self.trick, len(self.position.trick)) != (1, 0),
                            exposed=exposed, evidence=self.evidence)


def checkpoint(rp: Replay, after: int) -> Start:
    """Where the record stands at the start of trick ``after + 1`` (:meth:`Start.at`):
    what the players know then, nothing later (``equity likely --after-trick``). Raises
    ModelError when the record does not reach that trick (a claim or the end came
    first)."""
    done = [t for t in rp.tricks if t.complete]
    if not 0 <= after <= 12:
        raise ModelError(f"--after-trick must be 0 to 12, not {after}")
    if rp.opening is not None and not rp.tricks:  # a claim's cards still held
        if after != rp.opening.trick - 1:
            raise ModelError(f"the record starts at trick {rp.opening.trick}, the cards still "
                             f"held at the claim ([EquityClaimPosition]): --after-trick "
                             f"{rp.opening.trick - 1}")
        return Start.at(rp, after + 1)
    if after + 1 < rp.first_trick:  # the play given starts later ([EquityPlayFrom])
        raise ModelError(f"the play given starts at trick {rp.first_trick} "
                         f"([EquityPlayFrom]), the play before it not known: --after-trick "
                         f"{rp.first_trick - 1} or later")
    last = rp.trick(after)
    if rp.tricks_done < after or (after >= rp.first_trick and (last is None
                                                               or last.winner is None)):
        raise ModelError(f"the record stops before the end of trick {after} "
                         f"({len(done)} complete tricks)")
    return Start.at(rp, after + 1)
