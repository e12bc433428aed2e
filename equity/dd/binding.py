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
import functools
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
            _guard(loaded)
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
        _guard(module)
        return module


_SLOT_USERS = ("SolveBoard", "SolveBoardPBN", "SolveAllBoards", "SolveAllBoardsBin",
               "SolveAllChunks", "SolveAllChunksBin", "SolveAllChunksPBN", "CalcDDtable",
               "CalcDDtablePBN", "CalcAllTables", "CalcAllTablesPBN", "AnalysePlayBin",
               "AnalysePlayPBN", "AnalyseAllPlaysBin", "AnalyseAllPlaysPBN", "SetMaxThreads",
               "SetResources", "SetThreading", "FreeMemory")
"""The binding's functions that search on DDS's thread slots or remake their memory."""


def _guard(module: ModuleType) -> None:
    """Make every call of ``module``'s :data:`_SLOT_USERS` from elsewhere (endplay's own
    ``solve_board``, ``calc_dd_table``, a test's oracle) forget the slots' strains, so that
    :func:`solve_board` never keeps a table another caller left in another strain. The
    originals stay in ``module._equity_raw`` for this module's own calls."""
    if hasattr(module, "_equity_raw"):
        return
    raw: dict[str, Any] = {}
    for name in _SLOT_USERS:
        call = getattr(module, name, None)
        if call is None:
            continue
        raw[name] = call

        @functools.wraps(call)
        def forgetting(*args: Any, _call: Any = call) -> Any:
            forget_slots()
            return _call(*args)

        setattr(module, name, forgetting)
    module._equity_raw = raw  # type: ignore[attr-defined]


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


KEEP_TABLE = 2
"""DDS's ``mode`` 2: search with the thread slot's transposition table as the slot's last
call left it, whatever the deal. DDS's table holds positions by their cards' relative
ranks and who holds them, so it answers for any deal; only a new strain makes its
entries wrong (``dll-description.md``: reusing it "will still run" on another deal, the
caller must make sure it is safe). :func:`solve_board` passes it on only where the slot's
last deal, solved here, had the same strain."""

_strain_on: dict[int, int] = {}
"""Each DDS thread slot's last deal's strain, for the calls made through
:func:`solve_board` that returned; a slot not in it is unknown (never used, its call
failed, or DDS reached by another road since: :func:`_guard`, :func:`forget_slots`)."""


def solve_board(bop: Any, i: int, solved: Any, thread: int) -> None:
    """DDS's ``SolveBoard`` on deal ``i`` of a packed batch, into ``solved``'s slot ``i``,
    on DDS thread slot ``thread`` (whose transposition table carries over to the next
    call on that slot). ctypes releases the GIL for the call, so calls on different
    slots run in parallel.

    A deal marked :data:`KEEP_TABLE` is solved so only if the slot's last deal had its
    strain; otherwise with ``mode`` 1 (DDS keeps the table by its own test)."""
    deal = bop.deals[i]
    mode = bop.mode[i]
    strain = deal.trump
    if mode == KEEP_TABLE and _strain_on.get(thread) != strain:
        mode = 1
    _strain_on.pop(thread, None)  # unknown until the call returns
    dds()._equity_raw["SolveBoard"](deal, bop.target[i], bop.solutions[i], mode,
                                    solved.solvedBoard[i], thread)
    _strain_on[thread] = strain


def forget_slots() -> None:
    """Forget every slot's last strain: DDS was reached by another road (a caller of the
    library itself, past the binding's functions, must call this), or its memory made
    anew."""
    _strain_on.clear()


def set_max_threads(n: int) -> None:
    """DDS's ``SetMaxThreads`` (0: DDS decides from the cores and memory)."""
    dds().SetMaxThreads(n)  # forgets the slots' strains (:func:`_guard`)


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
