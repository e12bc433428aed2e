"""A board's stable name in the output, and the lines that name it."""


from __future__ import annotations

import json

from equity.core.board import Board
from equity.core.errors import BoardError, Where
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
