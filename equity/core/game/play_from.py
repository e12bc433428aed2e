"""A play record that starts at a named trick: the play from there, without the play before.

A revoke reported without the play (``[EquityRevoke]``) may need the play for Law 64C,
and only from the trick the screen names (:mod:`equity.core.adjust.deal_screen`). On a board
played out, the cards played from trick N to 13 are the four hands at trick N, and the
tricks each side won before N follow from declarer's tricks in all (``[Result]``) and
those from N on; so a record of tricks N to 13 is a starting position, like a claim's
cards still held (:mod:`equity.core.game.start_position`): the earlier play is not known,
to the law or to the players' model, and nothing of it is invented.

``[EquityPlayFrom "5"]`` — the board's ``[Play]`` section starts at trick 5 (its seat,
``[Play "N"]``, led it) and runs to the end of trick 13; ``"5; won NS 3 EW 1"`` also gives
the tricks each side won before it (then checked against ``[Result]`` when there is one).
"""

from __future__ import annotations

from msgspec import Struct

from equity.core.game.cards import ModelError, Side, quoted, small_int
from equity.core.game.start_position import parse_won

GRAMMAR = ("a play from a trick reads 'TRICK' or 'TRICK; won NS N EW N' (the tricks each "
           "side won before it), TRICK 2 to 13, e.g. '5' or '5; won NS 3 EW 1'")


class PlayFrom(Struct, frozen=True):
    """The trick the record starts at and, when the Director gives them, the tricks each
    side won before it (module docstring)."""

    trick: int
    won: tuple[int, int] | None = None
    """N-S's and E-W's tricks before :attr:`trick`; None: from declarer's tricks in all."""

    def won_by(self, side: Side) -> int | None:
        """The tricks ``side`` won before :attr:`trick`, when given."""
        if self.won is None:
            return None
        return self.won[0] if side == Side.NS else self.won[1]

    def __str__(self) -> str:
        if self.won is None:
            return str(self.trick)
        return f"{self.trick}; won NS {self.won[0]} EW {self.won[1]}"

    @classmethod
    def parse(cls, text: str) -> PlayFrom:
        """Read ``[EquityPlayFrom]``'s value. Raises :class:`ModelError` naming what is
        wrong: not a trick 2 to 13, tricks won that do not add up to those before it."""
        first, _, rest = text.partition(";")
        trick = small_int(first.strip(), 2)
        if trick is None or not 2 <= trick <= 13:
            raise ModelError(f"{GRAMMAR}; not {quoted(text)}")
        words = rest.split()
        if not words:
            return cls(trick)
        if words[0].lower() != "won":
            raise ModelError(f"{GRAMMAR}; not {quoted(text)}")
        won = parse_won(words[1:], rest.strip())
        if sum(won) != trick - 1:
            raise ModelError(f"the tricks won before trick {trick} (N-S {won[0]}, E-W "
                             f"{won[1]}) must add up to the {trick - 1} played before it")
        return cls(trick, won)


__all__ = ["GRAMMAR", "PlayFrom"]
