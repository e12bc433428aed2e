"""A board's stable name in the output, and the lines that name it."""


from __future__ import annotations

import json

from equity.core.game import Board, BoardError, Where
from equity.render.jsonout import JSON


def board_key(source: str, index: int | str) -> str:
    """A board's stable name in the output: its file and its position in the file."""
    return f"{source}#{index}"


def keyed(obj: JSON, key: str) -> str:
    return json.dumps({**obj, "key": key}, ensure_ascii=False)


def error_line(e: BoardError, key: str) -> str:
    return keyed(e.to_json(), key)


def board_error(board: Board, message: str) -> str:
    """An error line for a board whose ruling failed outside the laws' own checks."""
    e = BoardError(message, board.source, board.label, Where())
    return error_line(e, board_key(board.source, board.index))


OVERRUN = "double-dummy solving exceeded "
"""How the error line of a board over the time limit begins (rounds.Overrun's message)."""
WORKER_STOPPED = "the worker stopped"
"""How the error line of a board whose worker process died begins."""


def is_retryable(line: object) -> bool:
    """Whether an output line is an error of the machine, not of the board (a time limit
    overrun, which depends on the load, or a worker that died): a rerun rules it again."""
    if not isinstance(line, dict):
        return False
    error = line.get("error")
    return isinstance(error, str) and error.startswith((OVERRUN, WORKER_STOPPED))
