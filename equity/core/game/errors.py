"""One error model for bad input: every error names the file, the board and the place.

A :class:`BoardError` is raised (or, in batch reading, yielded) for anything wrong with
one board; it never escapes to the user as a traceback. ``str(error)`` reads like
``"deals.pbn, board 3 (game 3): trick 5, East, S2: East does not hold S2 (played at trick 2)"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Where:
    """Where in a board the problem is. Every field is optional."""

    tag: str | None = None
    line: int | None = None
    trick: int | None = None
    seat: str | None = None
    card: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.tag is not None:
            parts.append(f"[{self.tag}]")
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.seat is not None:
            parts.append(self.seat)
        if self.card is not None:
            parts.append(self.card)
        return ", ".join(parts)


@dataclass
class BoardError(ValueError):
    """Something wrong with one board's input; names the file, board and place."""

    message: str
    source: str = "<input>"
    board: str | None = None
    where: Where = field(default_factory=Where)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        head = self.source + (f", {self.board}" if self.board else "")
        place = str(self.where)
        return f"{head}: {place + ': ' if place else ''}{self.message}"

    def located(self, source: str, board: str | None) -> BoardError:
        """The same error, naming the file and board it came from."""
        return BoardError(self.message, source, board, self.where)

    def to_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "board": self.board,
            "error": self.message,
            "where": {k: v for k, v in vars(self.where).items() if v is not None},
        }


class UsageError(ValueError):
    """A command-line option or argument that does not make sense."""
