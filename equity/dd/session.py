"""The one road to DDS: a process's :class:`DdsSession` and its batches.

Every question any caller asks DDS, one position or thousands, goes through
:meth:`DdsSession.solve`: checked (:mod:`equity.dd.checks`), cut into batches of at most
:data:`~equity.dd.binding.MAX_BOARDS` deals (DDS's limit), packed, solved, decoded into
:class:`Answer` values. A single position is a batch of one.

DDS is one library per process with process-wide state (its thread count and per-thread
memory), and it is not re-entrant across callers. So a process has one session
(:func:`session`), which holds the lock every call into DDS takes and the thread count;
the thread count is the session's visible setting, not a module global.

How a batch is solved: one thread per DDS thread slot (ctypes releases the GIL during
the call), the caller's own first, each taking the next deal of the batch not yet
taken, in the order given, so that no thread idles while another has deals left (cut
into fixed halves, a batch waited for the half that held its costliest deal: a position
with 13 tricks left costs a hundred times one with 5). The other slots' threads are
started once for the session and wait between batches (:class:`_Helper`): starting them
for every batch cost about 3 ms a batch on a loaded machine, a ruling asks 30 batches.

DDS keeps a transposition table per thread slot and keeps it for the next deal on that
slot when that deal is similar to the slot's last one (:func:`similar`, DDS's own test);
otherwise it clears the table and searches cold, which for a position with 12 tricks left
cost half as much work again (issue 49). Another layout of the same cards is rarely
similar by that test (an honour that moves is enough), yet the table holds much of what
its search needs: the session asks DDS to keep it there too (:func:`related`,
:data:`~equity.dd.binding.KEEP_TABLE`). The session remembers each slot's last deal and
hands work out by it (:meth:`DdsSession.run`): the batch's first deal goes to a slot that
has it warm (:func:`keeps`), a batch of one included (any thread may use any slot while
the lock is held); and a thread leaves a batch's last heavy deals (fewer than
:data:`LEAVE_BELOW`, of at least :data:`LEAVE_FROM_TRICKS` tricks) to a thread still in
the batch whose slot has them warm rather than start one cold itself. The order given is
kept: a board's positions stay together. Ordering a batch costliest first gained nothing
more and cost that reuse when several boards share a batch (issue
49, benchmarks/RESULTS.md). ``SolveAllBoards`` is not used: it reorders the deals over
its threads on its own and took 2.0-2.6 s on the positions of 240 corpus boards where
``SolveBoard`` in order on one thread took 1.3 s.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from msgspec import Struct

from equity.core.game import FULL_DECK, Card, Position, Side, cards
from equity.dd import binding, checks
from equity.dd.binding import MAX_BOARDS
from equity.dd.checks import SolveError

_DUMP_FILE = "dump.txt"

LEAVE_BELOW = 3
"""A thread whose slot would start a deal cold leaves it, and the batch, to a thread
still in the batch whose slot has it warm when fewer than this many deals (this one
included) are left, and the deal has at least :data:`LEAVE_FROM_TRICKS` tricks left: one
cold search saved against at most two deals solved one after the other instead of side by
side (benchmarks/RESULTS.md, issue 49, session 55)."""

LEAVE_FROM_TRICKS = 10
"""Only a deal with this many tricks left or more is left to a slot that keeps its table
for it: there a cold search costs thousands of nodes more (31,061 against 21,567 for one
twelve-trick layout after its twin), and the kept table pays for a deal solved after
another instead of beside it. Below, solving side by side gains more than the table
saves: replaying the corpus's batches, the same DDS work took 0.93 times the CPU and
0.92 times the wall time of leaving every deal (benchmarks/RESULTS.md)."""

SIMILAR_RATIO = 5
"""DDS's ``SIMILARDEALLIMIT`` (``dds.h``): a deal is similar to a slot's last one when its
cards' sum is more than this many times the sum of the cards that moved."""

DealKey = tuple[int, tuple[int, int, int, int]]
"""What DDS compares a deal with the slot's last by: the strain and the four hands (the
model's card sets, bit for bit DDS's ``remainCards``)."""

BEST, BEST_CARDS, EVERY = 1, 2, 3
"""What a position is solved for, as DDS's ``solutions`` says it: the best score only,
the cards that reach it (with their equals), or every legal card's score. A higher
level answers every lower one; a lower one never a higher one."""


class Answer(Struct, frozen=True):
    """DDS's answer for one position, scored for the side to play.

    ``best`` is the tricks the side to play wins from the position on (current trick
    included) with best play; ``card_scores`` (only when every card was asked for) the
    same after each legal card, every card of a run of equals listed; ``best_cards``
    (only when the best cards alone were asked for, :data:`BEST_CARDS`) the cards that
    reach ``best``, each with it: never taken for every card's scores.
    """

    position: Position
    best: int
    card_scores: tuple[tuple[Card, int], ...] | None = None
    best_cards: tuple[tuple[Card, int], ...] | None = None

    @property
    def level(self) -> int:
        """What it answers: :data:`EVERY`, :data:`BEST_CARDS` or :data:`BEST`."""
        return (EVERY if self.card_scores is not None
                else BEST_CARDS if self.best_cards is not None else BEST)

    def tricks(self, side: Side) -> int:
        """Tricks ``side`` wins from the position on, best play by both sides (``best``
        was range-checked when the answer was decoded)."""
        p = self.position
        to_play = (p.leader + len(p.trick)) & 3
        if to_play & 1 == side:
            return self.best
        return p.hands[to_play].bit_count() - self.best

    def cards(self, side: Side) -> dict[Card, int]:
        """The value for ``side`` of every legal card of the player to play."""
        if self.card_scores is None:
            raise SolveError("this position was solved for its best card only")
        return _for_side(self.card_scores, self.position, side)

    def best_of(self, side: Side) -> dict[Card, int]:
        """The cards of the player to play that reach his best, each with its value for
        ``side`` (from every card's scores where those were asked for)."""
        listed = self.card_scores if self.card_scores is not None else self.best_cards
        if listed is None:
            raise SolveError("this position was solved for its best score only")
        return _for_side(((c, v) for c, v in listed if v == self.best), self.position, side)


def for_side(score: int, position: Position, side: Side) -> int:
    """DDS scores tricks for the side of the player to move; convert to ``side``."""
    left = position.tricks_left
    if not 0 <= score <= left:
        raise SolveError(f"DDS returned an impossible score {score} for {position}")
    return score if position.to_play.side == side else left - score


def deal_key(position: Position) -> DealKey:
    """What DDS compares ``position`` with a slot's last deal by (:func:`similar`)."""
    return int(position.strain), position.hands


def _suit_sum(hand: int) -> int:
    """The sum of a hand's four suit holdings, each read as a number (DDS sums them so)."""
    return (hand & 0xFFFF) + (hand >> 16 & 0xFFFF) + (hand >> 32 & 0xFFFF) + (hand >> 48)


def _tricks(key: DealKey | None) -> int:
    """The tricks left in a deal (its longest hand; 0 for a deal not known)."""
    return 0 if key is None else max(hand.bit_count() for hand in key[1])


def similar(new: DealKey | None, last: DealKey | None) -> bool:
    """Whether DDS keeps a slot's transposition table when ``new`` follows ``last`` on it.

    DDS's ``SolveBoardInternal`` (``SolverIF.cpp``) clears the table for a new strain and
    for a new deal unless the sum of the new deal's holdings (each hand's each suit read
    as a number) is more than :data:`SIMILAR_RATIO` times the sum of the holdings' XORs
    with the last deal's; the same cards are no new deal. So swapping two low cards keeps
    the table, swapping an ace clears it. A deal not known (None) is never similar: a
    slot not used yet is cold.
    """
    if new is None or last is None or new[0] != last[0]:
        return False
    moved = sum(_suit_sum(a ^ b) for a, b in zip(new[1], last[1], strict=True))
    return moved == 0 or sum(_suit_sum(a) for a in new[1]) // moved > SIMILAR_RATIO


def related(new: DealKey | None, last: DealKey | None) -> bool:
    """Whether ``new`` is another layout of ``last``'s cards: the same strain, the same
    cards left in the four hands together, however they lie among them (a decision's
    layouts, or the same deal again).

    Such a deal is solved on the slot with the table kept whatever DDS's own test says
    (:data:`~equity.dd.binding.KEEP_TABLE`): the positions its search meets once the
    cards that moved are played, or where only low cards moved, are in the table
    already. Replaying the seed cases' and the corpus's DDS work on one thread against
    DDS's own test, that cut the CPU by 2-3 and 6 %, the 12-tricks class by 6-8 % on
    14 % fewer nodes; keeping the table for every deal of the same strain cut the nodes
    further but cost more than it saved on the corpus (an unrelated table slows every
    lookup) (issue 49, benchmarks/RESULTS.md, session 56)."""
    if new is None or last is None or new[0] != last[0]:
        return False
    a, b = new[1], last[1]
    return a[0] | a[1] | a[2] | a[3] == b[0] | b[1] | b[2] | b[3]


def keeps(new: DealKey | None, last: DealKey | None) -> bool:
    """Whether the slot whose last deal was ``last`` searches ``new`` with its table kept:
    by DDS's own test (:func:`similar`) or because the session asks it to
    (:func:`related`)."""
    return related(new, last) or similar(new, last)


def _for_side(scores: Iterable[tuple[Card, int]], position: Position, side: Side
              ) -> dict[Card, int]:
    """:func:`for_side` for each card's score, in order (the scores were range-checked when
    the answer was decoded)."""
    if position.to_play.side == side:
        return dict(scores)
    left = position.tricks_left
    return {c: left - v for c, v in scores}


class DdsSession:
    """This process's DDS: the lock every call takes, and the thread count.

    Use :func:`session` rather than building one: DDS's state is per process, so two
    sessions would share it without knowing.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._threads = 0  # loading the binding runs SetMaxThreads(0)
        self._slots = max(1, int(binding.dds_info().noOfThreads))
        self._helpers: list[_Helper] = []
        self._pid = os.getpid()
        self._last: list[DealKey | None] = [None] * self._slots
        """Each DDS slot's last deal (None: unknown), which decides whether DDS keeps that
        slot's transposition table for the next (:func:`similar`)."""
        self.started = 0
        """Helper threads started so far (the batch's threads 1..): each once for the
        session."""

    @property
    def threads(self) -> int:
        """The thread count DDS was last given (0: DDS's own choice)."""
        return self._threads

    def set_threads(self, n: int) -> None:
        """Let DDS use at most ``n`` threads (``0``: DDS decides from the cores and memory).

        DDS's ``SetMaxThreads`` reallocates its per-thread memory: call it rarely, e.g.
        once per worker process when several share the machine (``set_threads(1)``).
        """
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"thread count must be a non-negative integer: {n!r}")
        with self._lock:
            binding.set_max_threads(n)
            self._threads = n
            self._slots = max(1, int(binding.dds_info().noOfThreads))
            self._last = [None] * self._slots  # the slots' memory was made anew

    def info(self) -> Any:
        """DDS's ``GetDDSInfo`` (version, threads)."""
        with self._lock:
            return binding.dds_info()

    def solve(self, positions: Sequence[Position],
              every: Sequence[bool | int] | bool = False, check: bool = True
              ) -> list[Answer]:
        """Answers for ``positions``, each for the best card or, where ``every`` says so,
        for every legal card (True: DDS's ``solutions=3``) or a level of its own
        (:data:`BEST`, :data:`BEST_CARDS`, :data:`EVERY`), in batches of at most
        :data:`MAX_BOARDS`.

        Every position is checked first (``check=False``: the caller already did, with
        :func:`~equity.dd.checks.validate_all`); a bad one raises :class:`SolveError`
        naming its index. Put a deal's positions next to each other: a slot's
        transposition table is kept between similar deals, and between layouts of the
        same cards, that come in a row (:func:`keeps`).
        """
        flags = [_level(every)] * len(positions) if isinstance(every, bool) else [
            _level(e) for e in every]
        if len(flags) != len(positions):
            raise SolveError("one every-card flag per position")
        if check:
            checks.validate_all(positions)
        out: list[Answer] = []
        for start in range(0, len(positions), MAX_BOARDS):
            chunk = positions[start : start + MAX_BOARDS]
            wanted = flags[start : start + MAX_BOARDS]
            solved = self.run(self.pack(chunk, wanted), [deal_key(p) for p in chunk])
            out += [_decode(p, solved.solvedBoard[i], e)
                    for i, (p, e) in enumerate(zip(chunk, wanted, strict=True))]
        return out

    def pack(self, positions: Sequence[Position], every: Sequence[bool | int]) -> Any:
        """One DDS batch (``struct boards``) of at most :data:`MAX_BOARDS` checked
        positions. Separate from :meth:`run` so that benchmarks can time DDS alone."""
        if len(positions) > MAX_BOARDS or len(positions) != len(every):
            raise SolveError(f"a DDS batch takes 1 to {MAX_BOARDS} positions, one flag each")
        bop = binding.new_boards()
        bop.noOfBoards = len(positions)
        for i, (p, e) in enumerate(zip(positions, every, strict=True)):
            binding.fill_deal(bop.deals[i], p)
            level = _level(e)
            bop.target[i] = 0 if level == EVERY else -1
            bop.solutions[i] = level
            bop.mode[i] = 1
        return bop

    def run(self, bop: Any, keys: Sequence[DealKey | None] | None = None) -> Any:
        """Solve a packed batch by ``SolveBoard`` calls, one thread per DDS thread slot
        (the caller's first), each taking the next deal not yet taken, in order; the raw
        ``solvedBoards``. ``keys`` are the deals' :func:`deal_key` (None: not known, each
        then treated as cold on every slot), by which the work is handed out as the module
        docstring says."""
        n = bop.noOfBoards
        keys = list(keys) if keys is not None else [None] * n
        if len(keys) != n:
            raise SolveError("one deal key per deal of the batch")
        solved = binding.new_solved()
        if n == 0:
            return solved
        runs = max(1, min(self._slots, n))
        active = [True] * runs  # which threads are still taking deals
        taken = [0]
        take = threading.Lock()
        errors: list[BaseException] = []
        stop = threading.Event()
        last = self._last
        slot_of: list[int] = []  # each thread's DDS slot, set under the session's lock

        def next_deal(k: int) -> int | None:
            """The next deal for thread ``k``, or None when it leaves the batch."""
            with take:
                i = taken[0]
                key = keys[i] if i < n else None
                if i >= n or (
                        n - i < LEAVE_BELOW and _tricks(key) >= LEAVE_FROM_TRICKS
                        and not keeps(key, last[slot_of[k]])
                        and any(active[j] and keeps(key, last[slot_of[j]])
                                for j in range(runs) if j != k)):
                    active[k] = False
                    return None
                taken[0] = i + 1
                bop.mode[i] = binding.KEEP_TABLE if related(key, last[slot_of[k]]) else 1
                last[slot_of[k]] = key
                return i

        def solve_run(k: int, first: int | None = None) -> None:
            slot = slot_of[k]
            try:
                i = first if first is not None else next_deal(k)
                while i is not None and not stop.is_set():
                    binding.solve_board(bop, i, solved, slot)
                    i = next_deal(k)
            except BaseException as e:  # raised again in the caller's thread
                last[slot] = None  # what DDS kept of the deal is not known
                stop.set()
                errors.append(e)
            finally:
                active[k] = False

        with self._call(f"a batch of {n} positions"):
            # the threads' slots: first a slot that has the first deal warm
            slot_of += sorted(range(self._slots),
                              key=lambda s: not keeps(keys[0], last[s]))[:runs]
            first = next_deal(0)  # this thread's, taken before any other starts
            if runs == 1:
                solve_run(0, first)
            else:
                self._in_slots(lambda k: solve_run(k, first if k == 0 else None), runs,
                               stop)
            if errors:
                raise errors[0]
        solved.noOfBoards = n
        return solved

    @property
    def idle(self) -> bool:
        """No helper thread is inside a batch (every one waits for the next)."""
        return all(h.done.is_set() for h in self._helpers)

    def _in_slots(self, work: Callable[[int], None], runs: int, stop: threading.Event
                  ) -> None:
        """``work(k)`` for k in 0..runs-1: 0 in this thread, the others on the session's
        helper threads, returning once every one has ended, even when interrupted.

        An exception raised in this thread meanwhile (Ctrl-C's KeyboardInterrupt, a signal
        handler's) sets ``stop`` (``work`` checks it between two DDS calls) and is raised
        again only once no helper thread is inside DDS: the interpreter must never exit
        under a DDS call still solving (``Segmentation fault`` after a Ctrl-C of
        ``equity likely``, issue 42). The helper threads are started with SIGINT and SIGTERM
        blocked, so that no signal lands in them; while work is handed out this thread
        blocks them too, so that none lands between two hand-outs."""
        interrupted: BaseException | None = None
        given: list[_Helper] = []
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            for h in self._helper_threads(runs - 1):
                h.give(work)
                given.append(h)
        except BaseException as e:  # e.g. no thread can be started: end those given work
            interrupted = e
            stop.set()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        try:
            if interrupted is None:
                work(0)
        except BaseException as e:
            interrupted = e
            stop.set()
        for h in given:
            while not h.done.is_set():
                try:
                    h.done.wait()
                except BaseException as e:  # raised below, once every helper has ended
                    interrupted = interrupted or e
                    stop.set()
        if interrupted is not None:
            raise interrupted

    def _helper_threads(self, n: int) -> list[_Helper]:
        """The batch's threads 1..n, started on first need (signals blocked: the
        caller blocks them). A forked child has none of its parent's threads: it starts
        its own."""
        if os.getpid() != self._pid:
            self._helpers, self._pid = [], os.getpid()
        for i, h in enumerate(self._helpers):
            if not h.thread.is_alive():  # only if its work let an error escape
                self._helpers[i] = _Helper(i + 1)
                self._helpers[i].thread.start()
                self.started += 1
        while len(self._helpers) < n:
            h = _Helper(len(self._helpers) + 1)
            h.thread.start()
            self._helpers.append(h)
            self.started += 1
        return self._helpers[:n]

    @contextmanager
    def _call(self, what: str) -> Iterator[None]:
        """Hold the lock; turn a DDS error into :class:`SolveError`; leave no dump.txt.

        DDS writes ``dump.txt`` into the working directory whenever it rejects its input.
        The checks should make that impossible; if it happens anyway, the dump goes into
        the error message and the file is removed (unless it was there before the call).
        """
        error = binding.dds_error()
        path = os.path.join(os.getcwd(), _DUMP_FILE)
        with self._lock:
            existed = os.path.exists(path)
            try:
                yield
            except error as e:
                dump = ""
                if not existed and os.path.exists(path):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        dump = f.read(600)
                raise SolveError(f"DDS rejected {what}: {e}"
                                 + (f"\n{dump}" if dump else "")) from e
            finally:
                if not existed and os.path.exists(path):
                    os.remove(path)


class _Helper:
    """A batch's thread ``number`` (1..; the caller's own is 0), kept for the session: it
    waits for work, does it (``work(number)``, which picks the DDS slot and catches its own
    errors) and sets ``done``. A daemon: it is
    never inside DDS once the batch that gave it work has returned, so the interpreter
    may exit while it waits."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.done = threading.Event()
        self.done.set()
        self._go = threading.Semaphore(0)
        self._work: Callable[[int], None] | None = None
        self.thread = threading.Thread(target=self._loop, name=f"dds-{number}", daemon=True)

    def give(self, work: Callable[[int], None]) -> None:
        """Run ``work`` on this thread; ``done`` is set when it has returned."""
        self.done.clear()
        self._work = work
        self._go.release()

    def _loop(self) -> None:
        while True:
            self._go.acquire()
            work, self._work = self._work, None
            try:
                if work is not None:
                    work(self.number)
            finally:
                self.done.set()


def _level(e: bool | int) -> int:
    """A request's level: True every card, False the best score, else the level given."""
    if isinstance(e, bool):
        return EVERY if e else BEST
    if e not in (BEST, BEST_CARDS, EVERY):
        raise SolveError(f"no such request level {e}")
    return e


def _decode(p: Position, fut: Any, level: int) -> Answer:
    """One position's ``futureTricks`` as an :class:`Answer` (scores for the side to play).

    With every card asked for (or the best cards), DDS lists one card per run of
    equivalent cards and the rest in an ``equals`` bit mask; every card is listed in the
    answer.
    """
    if level == BEST:
        score = int(fut.score[0])
        if not 0 <= score <= p.hands[(p.leader + len(p.trick)) & 3].bit_count():
            raise SolveError(f"DDS returned an impossible score {score} for {p}")
        return Answer(p, score)
    listed: list[tuple[Card, int]] = []
    named = 0  # the cards listed, as a card set
    to_play = p.to_play
    left = p.tricks_left
    n = fut.cards
    # the arrays read once as lists (each ctypes field access makes a new array object)
    scores = fut.score[:n]
    for suit, rank, equals, score in zip(fut.suit[:n], fut.rank[:n], fut.equals[:n], scores,
                                         strict=True):
        if not 0 <= score <= left:
            raise SolveError(f"DDS returned an impossible score {score} for {p}")
        run = (((1 << rank) | equals) << 16 * suit) & FULL_DECK  # the card and its equals
        listed += [(c, score) for c in cards(run)]
        named |= run
    if not listed or named & ~p.hands[to_play]:
        raise SolveError(f"DDS listed a card {to_play.long_name} does not hold")
    best = max(scores)
    if level == BEST_CARDS:
        if any(v != best for v in scores):
            raise SolveError(f"DDS listed a card below the best for {p}")
        return Answer(p, best, best_cards=tuple(listed))
    return Answer(p, best, tuple(listed))


_SESSION: DdsSession | None = None
_MAKING = threading.Lock()


def session() -> DdsSession:
    """This process's DDS session (made, and DDS loaded, on first use)."""
    global _SESSION
    with _MAKING:
        if _SESSION is None:
            binding.dds()
            _SESSION = DdsSession()
        return _SESSION
