"""DDS's C ABI as endplay ships it: the one module that touches endplay's internals.

endplay binds DDS with ctypes in its private module ``endplay._dds`` (the structures of
``dll.h`` and a wrapper per function that turns an error code into ``DDSError``). That
module needs only the standard library, but ``import endplay._dds`` first runs
``endplay/__init__.py``, which imports all of endplay and with it matplotlib: about
0.7 s of start-up for nothing we use. So the binding is loaded here by its file path,
under its own name (``endplay._dds``) so that a later ``import endplay`` (a test oracle,
a benchmark) finds and shares it instead of loading DDS a second time (which would call
``SetMaxThreads(0)`` again behind our back).

Everything else in :mod:`equity.dd` goes through the names below; nothing else reaches
``_dll``, ``_data`` or ``endplay._dds``.
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
import threading
from functools import cache
from types import ModuleType
from typing import Any

from equity.core.game import Position

MAX_BOARDS = 200
"""The most boards one DDS batch call takes (DDS's ``MAXNOOFBOARDS``)."""

_NAME = "endplay._dds"
_LOADING = threading.Lock()


@cache
def dds() -> ModuleType:
    """endplay's ctypes binding of DDS, loaded on first use without the rest of endplay.

    Loading it runs DDS's ``SetMaxThreads(0)`` (DDS picks its thread count).
    """
    with _LOADING:
        loaded = sys.modules.get(_NAME)
        if loaded is not None:
            return loaded
        package = importlib.util.find_spec("endplay")  # finds, does not import, endplay
        if package is None or not package.submodule_search_locations:
            raise ImportError("the endplay package (which ships DDS) is not installed")
        where = f"{package.submodule_search_locations[0]}/_dds/__init__.py"
        spec = importlib.util.spec_from_file_location(_NAME, where)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load DDS's binding from {where}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[_NAME] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[_NAME]
            raise
        return module


def dds_error() -> type[Exception]:
    """The exception the binding raises when a DDS function returns an error code."""
    error: type[Exception] = dds().DDSError
    return error


def new_boards() -> Any:
    """An empty DDS ``struct boards`` (a batch of up to :data:`MAX_BOARDS` deals)."""
    return dds().boards()


def new_solved() -> Any:
    """An empty DDS ``struct solvedBoards`` (a batch's answers)."""
    return dds().solvedBoards()


def fill_deal(data: Any, position: Position) -> None:
    """Write the position into DDS's ``struct deal`` ``data`` (every field is set).

    ``first`` is the leader to the current trick and the cards already played to it go
    into ``currentTrickSuit/Rank`` (rank 2..14, zero for "no card"), not into the hands:
    that is how DDS represents a trick in progress. The suit holdings are copied bit for
    bit: the model's encoding is DDS's.
    """
    data.trump = int(position.strain)
    data.first = int(position.leader)
    suits, ranks = [0, 0, 0], [0, 0, 0]
    for i, card in enumerate(position.trick):
        suits[i], ranks[i] = int(card.suit), card.rank
    data.currentTrickSuit[:] = suits
    data.currentTrickRank[:] = ranks
    for seat in range(4):
        h = position.hands[seat]
        data.remainCards[seat][:] = [h & 0x7FFC, (h >> 16) & 0x7FFC, (h >> 32) & 0x7FFC,
                                     (h >> 48) & 0x7FFC]


def solve_board(bop: Any, i: int, solved: Any, thread: int) -> None:
    """DDS's ``SolveBoard`` on deal ``i`` of a packed batch, into ``solved``'s slot ``i``,
    on DDS thread slot ``thread`` (whose transposition table carries over to the next
    call on that slot). ctypes releases the GIL for the call, so calls on different
    slots run in parallel."""
    dds().SolveBoard(bop.deals[i], bop.target[i], bop.solutions[i], bop.mode[i],
                     solved.solvedBoard[i], thread)


def set_max_threads(n: int) -> None:
    """DDS's ``SetMaxThreads`` (0: DDS decides from the cores and memory)."""
    dds().SetMaxThreads(n)


class _DDSInfo(ctypes.Structure):
    """DDS 2.9's ``struct DDSInfo``, with spare room at the end in case the library is
    newer. endplay's own ``DDSInfo`` is smaller (it lacks ``numBits``, ``numCores`` and
    ``threadSizes`` and has half the ``systemString``), so passing it to ``GetDDSInfo``
    would overrun it and corrupt the heap."""

    _fields_ = [
        ("major", ctypes.c_int),
        ("minor", ctypes.c_int),
        ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10),
        ("system", ctypes.c_int),
        ("numBits", ctypes.c_int),
        ("compiler", ctypes.c_int),
        ("constructor", ctypes.c_int),
        ("numCores", ctypes.c_int),
        ("threading", ctypes.c_int),
        ("noOfThreads", ctypes.c_int),
        ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024),
        ("_spare", ctypes.c_char * 4096),
    ]


def dds_info() -> _DDSInfo:
    """DDS's ``GetDDSInfo``: version and thread count."""
    info = _DDSInfo()
    dds()._dll.GetDDSInfo(ctypes.byref(info))
    return info
