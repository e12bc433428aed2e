"""One error model for bad input: every error names the file, the board and the place.

Every error the package raises on purpose derives from :class:`EquityError` (a
``ValueError``), so that the pipeline, batch and the workbench catch exactly these and
report them in words; anything else is an internal error (a bug), reported as one, its
traceback shown with ``EQUITY_DEBUG=1``::

    EquityError (ValueError)                     equity.core.game.errors
    ├── BoardError      one board's input: names the file, board and place
    ├── UsageError      a command line or option that does not make sense
    │   ├── OptionError         a ruling option (equity.app.options)
    │   └── OutputError         an output the run refuses (equity.app.batch.output)
    ├── ModelError      a value that is no card, hand, deal or contract (core.game.cards)
    │   └── LayoutError         no layout fits what a player knows (core.player.knowledge)
    ├── TravellerError  a traveller that cannot serve the board (core.game.traveller)
    ├── TooMuchWork     a ruling over its positions cap (core.player.questions)
    ├── SolveError      a position DDS must not be given, or rejected (equity.dd.checks)
    ├── DealTextError   a typed deal that cannot be read (equity.formats.dealtext)
    ├── PdfError        the PDF could not be made (equity.render.pdf)
    └── ApiError        a workbench request refused, with its HTTP status
                        (equity.app.workbench.server)

Signals between parts of the program are not errors and stay outside the tree, so that
no ``except EquityError`` swallows them: ``Busy`` (the workbench's queue is full),
``OutputFull`` (a disk full under batch), ``Overrun`` (a board over its time limit),
``Stopped`` (a workbench ruling past its time, or dead) and ``Terminated`` (a signal, a
``BaseException``).

A :class:`BoardError` is raised (or, in batch reading, yielded) for anything wrong with
one board; it never escapes to the user as a traceback. ``str(error)`` reads like
``"deals.pbn, board 3 (game 3): trick 5, East, S2: East does not hold S2 (played at trick 2)"``.
Messages of the core name no command-line flag: the layers above word the options.
"""

from __future__ import annotations

from msgspec import Struct


class EquityError(ValueError):
    """The root of every error the package raises on purpose (module docstring)."""


class Where(Struct):
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


class BoardError(EquityError):
    """Something wrong with one board's input; names the file, board and place."""

    def __init__(self, message: str, source: str = "<input>", board: str | None = None,
                 where: Where | None = None) -> None:
        self.message = message
        self.source = source
        self.board = board
        self.where = where if where is not None else Where()
        super().__init__(str(self))

    def __eq__(self, other: object) -> bool:
        """The same error: the same words about the same place (so unhashable, as a
        mutable value)."""
        if not isinstance(other, BoardError):
            return NotImplemented
        return ((self.message, self.source, self.board, self.where)
                == (other.message, other.source, other.board, other.where))

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
            "where": {k: v for k in Where.__struct_fields__
                      if (v := getattr(self.where, k)) is not None},
        }


class UsageError(EquityError):
    """A command-line option or argument that does not make sense."""
