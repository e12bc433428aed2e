"""Read PBN or LIN text in tests: every item, the one board, or the one error."""

from __future__ import annotations

from collections.abc import Callable

from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.formats import read_text


def reader(fmt: str) -> tuple[Callable[[str], list[Board | BoardError]],
                              Callable[[str], Board], Callable[[str], BoardError]]:
    """``items``, ``one`` and ``error`` for text in ``fmt`` ("pbn" or "lin")."""
    def items(text: str) -> list[Board | BoardError]:
        return list(read_text(text, fmt, f"t.{fmt}"))

    def one(text: str) -> Board:
        out = items(text)
        assert len(out) == 1, out
        assert isinstance(out[0], Board), out[0]
        return out[0]

    def error(text: str) -> BoardError:
        out = items(text)
        assert len(out) == 1, out
        assert isinstance(out[0], BoardError), out[0]
        return out[0]

    return items, one, error
