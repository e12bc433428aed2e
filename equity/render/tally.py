"""What a batch output says, board by board and in all: read from the JSON objects of
``equity batch`` / ``equity rule --json`` (the public contract, not the ruling types), so
that an output written by any earlier equity can be summed up.

:func:`outcome` flattens one line into a :class:`BoardOutcome` (the row of the CSV and
the unit of the summary); :class:`Tally` adds them up. Nothing here is worded: the
text table, the HTML page and the CSV lay these values out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from msgspec import Struct, field

from equity.core.game import Seat

JSON = Mapping[str, Any]

ROLES = ("declarer", "dummy", "defender")
LAW_ORDER = ("64A1", "64A2", "64A", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7",
             "64B8", "62", "62D")
"""The rule each revoke was settled by, in the order the summary lists them: the two
transfers (64A1, 64A2; "64A" an established revoke with no trick to transfer: play
continues, or earlier revokes' transfers took every trick it would take), each
exemption of Law 64B, a correction under Law 62 (or a claim adjudicated under Law 70
with the revoke corrected), a trick-12 revoke corrected under Law 62D."""

OVERRUN = "double-dummy solving exceeded "
WORKER_STOPPED = "the worker stopped"
"""How batch's machine errors begin, as ``equity.app.batch.keys`` writes them (this layer
cannot import the app's; a test holds the two equal)."""
EQUITY_CHECK = "Law 64C check"


def revoke_law(revoke: JSON) -> str:
    """The rule that settled a revoke (one of :data:`LAW_ORDER`)."""
    laws: Sequence[str] = revoke.get("laws") or ()
    if revoke.get("corrected"):
        return "62D" if any(law.startswith("62D") for law in laws) else "62"
    exemption = revoke.get("exemption")
    if exemption:
        return str(exemption)
    for law in ("64A1", "64A2"):
        if law in laws and revoke.get("transfer") != 0:  # 0: no trick left to transfer
            return law
    return "64A"


def role(seat: str, declarer: str | None) -> str:
    """Whether the revoker was declarer, dummy or a defender."""
    if declarer is None or seat not in Seat.__members__:
        return "defender"
    s, d = Seat[seat], Seat[declarer]
    return "declarer" if s == d else "dummy" if s == d.partner else "defender"


def error_kind(message: str, where: JSON | None) -> str:
    """A board error's kind, for counting: the machine's (time limit, worker), the Law
    64C check's, the play record's (a trick or card named) or the file's."""
    if message.startswith(OVERRUN):
        return "time limit"
    if message.startswith(WORKER_STOPPED):
        return "worker stopped"
    if message.startswith(EQUITY_CHECK):
        return "Law 64C check"
    if where and ("trick" in where or "card" in where):
        return "play record"
    return "reading"


class RevokeOutcome(Struct, frozen=True):
    trick: int
    seat: str
    card: str
    law: str
    role: str
    transfer: int
    offending_side: str | None


class BoardOutcome(Struct, frozen=True):
    """One output line, flat: what the CSV row and the summary need of it."""

    key: str | None
    source: str | None
    board: Any
    kind: str
    """``ruled``, ``skipped`` (no play record), ``error`` or ``unreadable`` (not JSON)."""
    contract: str | None = None
    declarer: str | None = None
    table_tricks: int | None = None
    revokes: tuple[RevokeOutcome, ...] = ()
    after_transfer_tricks: int | None = None
    basis: str | None = None
    """``64A``, ``64C`` or ``none``; None without the Law 64C check (``--no-equity``)."""
    final_tricks: int | None = None
    expected_tricks: float | None = None
    score_ns: float | None = None
    after_transfer_score_ns: float | None = None
    scorer: str | None = None
    mp: tuple[float, float] | None = None
    """(after transfer, ruling) N-S matchpoints, with a field."""
    mp_pct: tuple[float, float] | None = None
    imps: tuple[float, float] | None = None
    non_offenders: str | None = None
    pending: bool = False
    error: str | None = None
    error_kind: str | None = None
    stats: Mapping[str, float] = field(default_factory=dict)

    @property
    def transfer(self) -> int:
        return sum(r.transfer for r in self.revokes)

    @property
    def adjusted(self) -> bool:
        """Whether the score was adjusted (Law 64C, Laws 16C2/12C1 at a correction, or
        Laws 16B/12C1)."""
        return self.basis in ("64C", "16C2", "16B")

    def _gain(self, pair: tuple[float, float] | None) -> float | None:
        """The non-offenders' gain over the 64A result in an N-S currency."""
        if pair is None or self.non_offenders is None:
            return None
        after, ruling = pair
        return ruling - after if self.non_offenders == "NS" else after - ruling

    @property
    def gain_points(self) -> float | None:
        if self.score_ns is None or self.after_transfer_score_ns is None:
            return None
        return self._gain((self.after_transfer_score_ns, self.score_ns))

    @property
    def gain_tricks(self) -> float | None:
        """The non-offenders' gain in tricks (declarer's tricks turned to their side)."""
        if self.expected_tricks is None or self.after_transfer_tricks is None:
            return None
        d = self.expected_tricks - self.after_transfer_tricks
        return d if self.declarer_side == self.non_offenders else -d

    @property
    def gain_mp(self) -> float | None:
        return self._gain(self.mp)

    @property
    def gain_scored(self) -> tuple[str, float] | None:
        """The gain in the event's own scoring, which Law 64C compares: matchpoints with
        a field, IMPs against another table or a datum, else total points."""
        for currency, gain in (("matchpoints", self.gain_mp), ("IMPs", self.gain_imps),
                               ("points", self.gain_points)):
            if gain is not None:
                return currency, gain
        return None

    @property
    def scoring_disagrees(self) -> bool:
        """Whether the gain in the event's scoring and in tricks have opposite signs (a
        weighted score worth more in points with fewer tricks on average)."""
        scored, tricks = self.gain_scored, self.gain_tricks
        return (scored is not None and tricks is not None and abs(scored[1]) > 0.005
                and abs(tricks) > 0.005 and (scored[1] > 0) != (tricks > 0))

    @property
    def gain_imps(self) -> float | None:
        return self._gain(self.imps)

    @property
    def declarer_side(self) -> str | None:
        if self.declarer is None or self.declarer not in Seat.__members__:
            return None
        return Seat[self.declarer].side.name


def _pair(value: Any) -> tuple[float, float] | None:
    if isinstance(value, Mapping) and value.get("ruling") is not None \
            and value.get("after_transfer") is not None:
        return float(value["after_transfer"]), float(value["ruling"])
    return None


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def outcome(obj: JSON) -> BoardOutcome:
    """One line of a batch output (or of ``rule --json``), flat."""
    key, source, board = obj.get("key"), obj.get("source"), obj.get("board")
    if "error" in obj:
        message = str(obj.get("error"))
        return BoardOutcome(key, source, board, "error", error=message,
                            error_kind=error_kind(message, obj.get("where")))
    if "skipped" in obj:
        return BoardOutcome(key, source, board, "skipped")
    declarer = obj.get("declarer")
    revs = tuple(RevokeOutcome(int(r["trick"]), str(r["seat"]), str(r["card"]),
                               revoke_law(r), role(str(r["seat"]), declarer),
                               int(r.get("transfer") or 0), r.get("offending_side"))
                 for r in obj.get("revokes") or ())
    ruling: JSON = obj.get("ruling") or {}
    after: JSON = ruling.get("after_transfer") or {}
    weighted = ruling.get("weighted") or []
    expected = (sum(w["declarer_tricks"] * w["weight"] for w in weighted) if weighted
                else _number(ruling.get("declarer_tricks")) if ruling
                else _number(obj.get("after_transfer_tricks")))
    adjusted = ruling.get("adjusted_revoke")
    offender = (revs[adjusted].offending_side if isinstance(adjusted, int)
                and 0 <= adjusted < len(revs)
                else next((r.offending_side for r in revs if r.transfer), None)
                or (revs[0].offending_side if revs else None))
    non_offenders = {"NS": "EW", "EW": "NS"}.get(offender or "")
    stats = obj.get("stats")
    return BoardOutcome(
        key, source, board, "ruled",
        contract=obj.get("contract"), declarer=declarer,
        table_tricks=obj.get("table_tricks"), revokes=revs,
        after_transfer_tricks=obj.get("after_transfer_tricks"),
        basis=ruling.get("basis") if ruling else None,
        final_tricks=(ruling.get("declarer_tricks") if ruling
                      else None if obj.get("pending") else obj.get("after_transfer_tricks")),
        expected_tricks=None if obj.get("pending") else expected,
        score_ns=_number(ruling.get("score_ns")),
        after_transfer_score_ns=_number(after.get("score_ns")),
        scorer=ruling.get("scorer"),
        mp=_pair(ruling.get("mp")), mp_pct=_pair(ruling.get("mp_pct")),
        imps=_pair(ruling.get("imps")),
        non_offenders=non_offenders, pending=bool(obj.get("pending")),
        stats={k: float(v) for k, v in stats.items() if _number(v) is not None}
        if isinstance(stats, Mapping) else {})


def unreadable(line: int, message: str) -> BoardOutcome:
    """A line of the file that is not a JSON object (counted as an error)."""
    return BoardOutcome(None, None, None, "unreadable", error=f"line {line}: {message}",
                        error_kind="unreadable line")


STATS = ("positions", "decisions", "layouts", "dds_seconds", "seconds")
"""The DDS work a ruling records in its ``stats`` object, when it does."""


class Counts(Struct):
    """What a run met, board by board, under one set of names: ``equity scan`` and
    ``equity batch`` count as they go (:mod:`equity.app.scan`,
    :class:`equity.app.batch.Summary`), ``equity summary`` from an output's lines
    (:class:`Tally`); each fills what its stage sees, and words it in its own line."""

    screened: int = 0
    """Boards read with a contract and a play record."""
    unplayed: int = 0
    """Boards without a play record: nothing to rule (``"skipped"`` in an output)."""
    ruled: int = 0
    errors: int = 0
    """Boards, files or output lines in error (each an error line)."""
    revokes: int = 0


class Tally(Counts):
    """A batch output added up."""

    lines: int = 0
    pending: int = 0
    error_kinds: Counter[str] = field(default_factory=Counter)
    """:attr:`~Counts.errors` by kind (:func:`error_kind`)."""
    by_law: Counter[str] = field(default_factory=Counter)
    by_trick: Counter[int] = field(default_factory=Counter)
    by_role: Counter[str] = field(default_factory=Counter)
    transfers: int = 0
    """Revokes with a trick transferred (Law 64A)."""
    tricks_transferred: int = 0
    basis: Counter[str] = field(default_factory=Counter)
    adjusted: list[BoardOutcome] = field(default_factory=list)
    """The boards whose score Law 64C adjusted (basis 64C)."""
    with_stats: list[BoardOutcome] = field(default_factory=list)
    in_error: list[BoardOutcome] = field(default_factory=list)

    def add(self, b: BoardOutcome) -> None:
        self.lines += 1
        if b.kind in ("error", "unreadable"):
            self.errors += 1
            self.error_kinds[b.error_kind or "other"] += 1
            self.in_error.append(b)
            return
        if b.kind == "skipped":
            self.unplayed += 1
            return
        self.ruled += 1
        self.pending += b.pending
        for r in b.revokes:
            self.revokes += 1
            self.by_law[r.law] += 1
            self.by_trick[r.trick] += 1
            self.by_role[r.role] += 1
            self.transfers += r.transfer > 0
            self.tricks_transferred += r.transfer
        self.basis[b.basis or "no 64C check"] += 1
        if b.adjusted:
            self.adjusted.append(b)
        if b.stats:
            self.with_stats.append(b)

    @classmethod
    def of(cls, outcomes: Iterable[BoardOutcome]) -> Tally:
        t = cls()
        for b in outcomes:
            t.add(b)
        return t

    def gains(self, currency: str) -> list[float]:
        """The non-offenders' gain of each 64C adjustment in ``currency`` (``tricks``,
        ``points``, ``mp``, ``imps``), where the line gives it."""
        out = []
        for b in self.adjusted:
            g = {"tricks": b.gain_tricks, "points": b.gain_points, "mp": b.gain_mp,
                 "imps": b.gain_imps}[currency]
            if g is not None:
                out.append(g)
        return out

    def stat(self, name: str) -> list[float]:
        """One ``stats`` figure of every ruling that records it."""
        return [b.stats[name] for b in self.with_stats if name in b.stats]
