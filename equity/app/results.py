"""The session's results in and out: ``--traveller`` as the scorer's own export (USEBIO
XML, or a PBN file with ``[ScoreTable]`` sections), ``--pairs NS-EW`` naming the ruled
table's line (left out of the field it is compared with), and ``--results-out FILE``:
the same file with that line replaced by the ruling, every other byte untouched.

What goes in the line (:meth:`Results.entry`): a single result as an ordinary line (its
tricks, N-S score and match points); a weighted or split result (Law 12C1(c), or a
non-reciprocal ruling) with each side's match points, computed per component against the
rest of the traveller and weighted
(:func:`equity.core.game.traveller.weighted_matchpoints`); the score field holds the weighted
mean of the N-S points (the file has no field for components), the tricks field the
heaviest component's; a USEBIO line also gets an XML comment naming the components.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from equity.app.options import RulingOptions
from equity.core import game
from equity.core.adjust import Ruling
from equity.core.game import (
    Board,
    BoardError,
    Contract,
    ModelError,
    Seat,
    Side,
    UsageError,
    Where,
    matchpoints,
    result_text,
    score_ns,
)
from equity.render.brief import wrap
from equity.render.scorer_entry import entry_json, entry_text, mp_text

if TYPE_CHECKING:  # the readers are imported when a results file is given (start-up)
    from equity.core.game import ScorerEntry, Traveller, TravellerLine
    from equity.formats.edits import Edit
    from equity.formats.scoretable import ScoreTableFile
    from equity.formats.usebio import UsebioFile

_PAIRS = re.compile(r"^\s*(\w+)\s*-\s*(\w+)\s*$")


def add_results_arguments(parser: argparse.ArgumentParser) -> None:
    """``--pairs`` and ``--results-out`` under their own heading in ``--help``."""
    group = parser.add_argument_group("the scorer: the session's results")
    group.add_argument("--pairs", metavar="NS-EW",
                       help="the ruled table's pairs on the --traveller (USEBIO or PBN "
                            "ScoreTable), e.g. 3-8: its line is left out of the field")
    group.add_argument("--results-out", metavar="FILE",
                       help="write the --traveller file back with the ruled table's line "
                            "replaced by the ruling (needs --pairs)")


def parse_pairs(text: str) -> tuple[str, str]:
    m = _PAIRS.match(text)
    if m is None:
        raise UsageError(f"--pairs {text!r}: give the N-S and E-W pair numbers as NS-EW, "
                         "e.g. 3-8")
    return m.group(1), m.group(2)


def open_results(path: Path) -> UsebioFile | ScoreTableFile | None:
    """A USEBIO file (``.xml``) or a PBN file with score tables; None for a PBN/LIN file
    of the other tables' plays (read as before, by :func:`~equity.app.pipeline.table_scores`)."""
    from equity.formats.scoretable import has_score_table, read_score_table
    from equity.formats.usebio import read_usebio

    try:
        if path.suffix.lower() == ".xml":
            return read_usebio(path)
        if path.suffix.lower() == ".pbn" and has_score_table(path):
            return read_score_table(path)
    except game.TravellerError as e:
        raise UsageError(str(e)) from None
    return None


class Results(Struct):
    """What ``rule`` reads and writes of the session's results."""

    file: UsebioFile | ScoreTableFile | None
    pairs: tuple[str, str] | None
    out: Path | None
    board: int | None
    """``--board``: the traveller's board (else each board's own number)."""
    written: int = 0

    @classmethod
    def from_args(cls, args: argparse.Namespace, options: RulingOptions) -> Results:
        pairs_text = getattr(args, "pairs", None)
        out_text = getattr(args, "results_out", None)
        path = options.traveller if isinstance(options.traveller, Path) else None
        file = open_results(path) if path is not None else None
        pairs = parse_pairs(pairs_text) if pairs_text else None
        out = Path(out_text) if out_text else None
        if (pairs is not None or out is not None) and file is None:
            raise UsageError("--pairs and --results-out need the session's results as "
                             "--traveller: a USEBIO .xml file or a PBN file with "
                             "[ScoreTable] sections")
        if out is not None and pairs is None:
            raise UsageError("--results-out replaces the ruled table's line: name it with "
                             "--pairs NS-EW")
        if out is not None and file is not None:
            from equity.app.outfile import check_output, refuse_inputs

            refuse_inputs("--results-out", out, _inputs(args, path))
            check_output(out, "--results-out")
            if out.exists():
                this_session(file, out)
        return cls(file, pairs, out, getattr(args, "board", None))

    @property
    def traveller(self) -> Traveller | None:
        return self.file.traveller if self.file is not None else None

    def number(self, board: Board) -> int:
        n = self.board if self.board is not None else board.number
        if n is None:
            raise BoardError("the board has no number to find on the traveller",
                             board.source, board.label, Where(tag="Board"))
        return n

    def field_for(self, board: Board) -> tuple[int, ...]:
        """The other tables' N-S scores; the board's error when the traveller cannot give
        them (no such board, no such pairs), or when it has several lines for the board
        and ``--pairs`` does not say which is the ruled table's (its own result would be
        counted in its field: other match points, silently)."""
        assert self.traveller is not None
        try:
            number = self.number(board)
            if self.pairs is None and len(self.traveller.board(number)) > 1:
                lines = ", ".join(f"{ln.ns_pair}-{ln.ew_pair}"
                                  for ln in self.traveller.board(number))
                raise game.TravellerError(
                    f"board {number} of the traveller {self.traveller.source} has "
                    f"{len(self.traveller.board(number))} lines ({lines}): name the ruled "
                    "table's with --pairs NS-EW, so that its own result is left out of the "
                    "field it is compared with")
            return self.traveller.field(number, self.pairs)
        except game.TravellerError as e:
            raise BoardError(str(e), board.source, board.label, Where()) from None

    def check_pairs(self, ruling: Ruling) -> None:
        """Raise the board's error when ``--pairs`` names a line that is not the ruled
        table's: its contract, declarer, tricks or score none of the record's (the table
        result as played, after a Law 62 correction, or after the Law 64A transfer, as
        the scorer may have entered it). A mistyped --pairs would replace another
        table's result and re-matchpoint the others against it."""
        if self.traveller is None or self.pairs is None:
            return
        auto = ruling.automatic
        board = auto.replay.board
        contract = auto.replay.contract
        try:
            number = self.number(board)
            line = self.traveller.line(number, self.pairs)
        except game.TravellerError as e:
            raise BoardError(str(e), board.source, board.label, Where()) from None
        tricks = sorted({auto.table_tricks, auto.corrected_tricks, auto.after_transfer_tricks})
        scores = {score_ns(contract, t, ruling.vulnerability) for t in tricks}
        given = _line_contract(line, contract.declarer)
        wrong = ((given is not None and given != contract)
                 or (line.declarer is not None and given is None
                     and line.declarer.strip()[:1].upper() != contract.declarer.name)
                 or (not auto.pending and line.tricks is not None and line.tricks not in tricks)
                 or (not auto.pending and line.score_ns is not None
                     and line.score_ns not in scores))
        if wrong:
            said = []
            if line.contract is not None:
                said.append(f"{line.contract} by {line.declarer or '?'}")
            if line.tricks is not None:
                said.append(f"{line.tricks} tricks")
            if line.score_ns is not None:
                said.append(f"{line.score_ns:+d}")
            played = ", ".join(said)
            record = (f"{contract.pretty}, {' or '.join(map(str, tricks))} tricks ("
                      + " or ".join(f"{s:+d}" for s in sorted(scores)) + ")")
            raise BoardError(f"--pairs {'-'.join(self.pairs)}: that line of board {number} on "
                             f"the traveller is {played}, not the ruled record's {record}: is "
                             "--pairs right?", board.source, board.label, Where())

    def entry(self, ruling: Ruling, traveller: Traveller | None = None
              ) -> ScorerEntry | None:
        """The ruled table's entry on ``traveller`` (default: the one read), when a
        traveller and its pairs are given and the ruling has a result."""
        traveller = traveller or self.traveller
        if traveller is None or self.pairs is None or ruling.pending:
            return None
        number = self.number(ruling.automatic.replay.board)
        contract = ruling.automatic.replay.contract
        sides = ruling.side_results()

        def components(side: Side) -> tuple[tuple[float, int, str], ...]:
            return tuple((c.weight, c.score_ns, result_text(contract, c.tricks))
                         for c in ruling.score(sides[side]).components)

        ns, ew = components(Side.NS), components(Side.EW)
        field = traveller.field(number, self.pairs)
        top = traveller.top(number, self.pairs)
        ns_mp, ew_mp = game.weighted_matchpoints([(w, s) for w, s, _ in ns],
                                            [(w, s) for w, s, _ in ew], field, top)
        return game.ScorerEntry(number, *self.pairs, ns, ew, ns_mp, ew_mp, top)

    def text(self, ruling: Ruling) -> str:
        e = self.entry(ruling)
        return "" if e is None else "\n" + wrap(entry_text(e))

    def with_entry(self, obj: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
        """The board's JSON with ``ruling.scorer_entry`` when there is one."""
        e = self.entry(ruling)
        if e is not None and isinstance(obj.get("ruling"), dict):
            obj["ruling"]["scorer_entry"] = entry_json(e)
        return obj

    def write(self, ruling: Ruling) -> str:
        """Write --results-out with this ruling's line and the other tables' match points
        on the board recomputed against it (one ruling a run); returns the line that says
        what was written.

        A locked read-modify-write: with the file's lock held (a lock file beside it,
        :func:`~equity.app.outfile.one_writer`) the file is read again as it is now, the
        line replaced and the file written back: when it already holds this session's
        results (an earlier or a simultaneous run's rulings on other boards), they are
        kept, and two runs writing it at once take turns instead of one losing the
        other's ruling.
        """
        if self.out is None or self.file is None:
            return ""
        if ruling.pending:
            raise UsageError("--results-out: the ruling has no result yet (play continues)")
        if self.written:
            raise UsageError("--results-out writes one board's ruling: give --board N")
        from equity.app.outfile import one_writer, write_pieces
        from equity.formats.edits import spliced
        from equity.formats.scoretable import row_edits
        from equity.formats.usebio import UsebioFile, line_edits

        with one_writer(self.out):
            base = this_session(self.file, self.out) if self.out.exists() else self.file
            e = self.entry(ruling, base.traveller)
            assert e is not None
            tricks = ruling.score(ruling.side_results()[Side.NS]).components[0].tricks
            others = rescored(base.traveller, e)
            edits: list[Edit] = []
            if isinstance(base, UsebioFile):
                edits += line_edits(base, e.board, (e.ns_pair, e.ew_pair),
                                    usebio_values(e, tricks), usebio_comment(e))
                for pairs, (ns, ew) in (others or {}).items():
                    edits += line_edits(base, e.board, pairs, {
                        "NS_MATCH_POINTS": mp_text(ns), "EW_MATCH_POINTS": mp_text(ew)})
            else:
                edits += row_edits(base, e.board, (e.ns_pair, e.ew_pair),
                                   score_table_values(e, tricks, base))
                for pairs, (ns, ew) in (others or {}).items():
                    edits += row_edits(base, e.board, pairs, score_table_mps(ns, ew, e.top))
            write_pieces(self.out, spliced(base.data, edits), "file")
        self.written += 1
        if others is None:
            return (f"equity: --results-out: {self.out}: the ruled line of board {e.board} "
                    "is written, but the other tables' match points on it are as the file "
                    "had them (they were not scored as equity scores them): re-score board "
                    f"{e.board} in the scoring program")
        return (f"equity: --results-out: {self.out}: board {e.board}, the ruled line and "
                f"the other {len(others)} tables' match points against it")


def _line_contract(line: TravellerLine, declarer: Seat) -> Contract | None:
    """A traveller line's contract and declarer, when it gives them readably."""
    if line.contract is None:
        return None
    try:
        seat = Seat.parse(line.declarer) if line.declarer else declarer
        return Contract.parse(line.contract, seat)
    except ModelError:
        return None


def this_session(traveller: UsebioFile | ScoreTableFile, out: Path
                 ) -> UsebioFile | ScoreTableFile:
    """``out`` read as the traveller's kind of file, when it holds the same session: the
    same boards and tables (an earlier --results-out of this traveller, its rulings in
    it). Raises :class:`UsageError` otherwise: it is not replaced."""
    from equity.formats.scoretable import read_score_table
    from equity.formats.usebio import UsebioFile, read_usebio

    def other(why: str) -> UsageError:
        return UsageError(f"--results-out {out} already holds {why}, not the results of "
                          f"the traveller {traveller.traveller.source}: give a new file, or "
                          "remove it")

    try:
        held = (read_usebio(out) if isinstance(traveller, UsebioFile)
                else read_score_table(out))
    except game.TravellerError as e:
        raise other(f"something else ({e})") from None
    keys = ({(ln.board, ln.ns_pair, ln.ew_pair) for ln in t.lines}
            for t in (held.traveller, traveller.traveller))
    if next(keys) != next(keys):
        raise other("other boards or tables")
    return held


def rescored(traveller: Traveller, e: ScorerEntry
             ) -> dict[tuple[str, str], tuple[float, float]] | None:
    """The other tables' (N-S, E-W) match points on the ruled board once the ruled table
    has its ruling: each ordinary line against the other ordinary lines and, component by
    component, against the ruled table's result for that side (weighted, Law 12C1(c));
    artificial lines keep theirs. None when the file's own match points are not those
    this computes for the table result as played (another method: the scorer re-scores);
    an empty mapping when the file has no match points to recompute."""
    lines = traveller.board(e.board)
    ruled = traveller.line(e.board, (e.ns_pair, e.ew_pair))
    others = [ln for ln in lines if ln.pairs != ruled.pairs and ln.score_ns is not None
              and ln.ns_mp is not None and ln.ew_mp is not None]
    ordinary = [ln for ln in lines if ln.pairs != ruled.pairs and ln.score_ns is not None]

    def mps(line: TravellerLine, ns: Sequence[tuple[float, int]],
            ew: Sequence[tuple[float, int]]) -> tuple[float, float]:
        assert line.score_ns is not None
        rest = [ln.score_ns for ln in ordinary if ln is not line and ln.score_ns is not None]
        comparisons = 2 * (len(rest) + (1 if ns else 0))
        if comparisons == 0:
            return e.top / 2, e.top / 2
        scale = e.top / comparisons
        mine = matchpoints(line.score_ns, rest)
        ns_mp = mine + sum(w * matchpoints(line.score_ns, [s]) for w, s in ns)
        ew_mp = (2 * len(rest) - mine) + sum(w * (2 - matchpoints(line.score_ns, [s]))
                                             for w, s in ew)
        return ns_mp * scale, ew_mp * scale

    table = [(1.0, ruled.score_ns)] if ruled.score_ns is not None else []
    for line in others:
        ns_mp, ew_mp = mps(line, table, table)
        assert line.ns_mp is not None and line.ew_mp is not None
        if abs(ns_mp - line.ns_mp) > 0.011 or abs(ew_mp - line.ew_mp) > 0.011:
            return None
    ns = [(w, s) for w, s, _ in e.ns]
    ew = [(w, s) for w, s, _ in e.ew]
    return {line.pairs: mps(line, ns, ew) for line in others}


def score_table_mps(ns: float, ew: float, top: float) -> dict[str, str]:
    """A row's match points (and percentages, where the table has them)."""
    out = {"MP_NS": mp_text(ns), "MP_EW": mp_text(ew)}
    if top > 0:
        out["Percentage_NS"] = mp_text(100 * ns / top)
        out["Percentage_EW"] = mp_text(100 * ew / top)
    return out


def _inputs(args: argparse.Namespace, traveller: Path | None) -> list[tuple[str, str]]:
    """The files ``rule`` reads: the ruled file, the hand record of ``--deal``, the
    rows of ``--rows``, the traveller."""
    out = [("ruled file", getattr(args, "file", None)),
           ("hand record", getattr(args, "deal", None)),
           ("rows file", getattr(args, "rows", None)),
           ("traveller", str(traveller) if traveller is not None else None)]
    return [(name, p) for name, p in out if isinstance(p, str) and p not in ("", "-")]


def _mean_ns(e: ScorerEntry) -> int:
    return round(sum(w * s for w, s, _ in e.ns))


def usebio_values(e: ScorerEntry, tricks: int) -> dict[str, str]:
    """The ruled line's elements: tricks and N-S score (the weighted mean of the N-S
    points when weighted), each side's match points."""
    return {"TRICKS": str(tricks), "SCORE": str(_mean_ns(e)),
            "NS_MATCH_POINTS": mp_text(e.ns_mp), "EW_MATCH_POINTS": mp_text(e.ew_mp)}


def usebio_comment(e: ScorerEntry) -> str | None:
    if not e.weighted and not e.split:
        return None
    what = "split score" if e.split else "weighted score"  # its paragraph is the ruling's
    return (f"equity: {what}, match points per component, weighted: "
            + entry_text(e).removeprefix("For the scorer: "))


def score_table_values(e: ScorerEntry, tricks: int, f: ScoreTableFile) -> dict[str, str]:
    """The ruled row's items: the same as USEBIO's, plus percentages where the table has
    them; the score in Score_NS when N-S scored, else in Score_EW (``-`` in the other),
    as PBN writes it; signed in Score_NS when the table has no Score_EW column."""
    score = _mean_ns(e)
    columns = {c.name for row in f.rows.values() for c in row.columns}
    out = {"Result": str(tricks), "MP_NS": mp_text(e.ns_mp), "MP_EW": mp_text(e.ew_mp)}
    if "Score_EW" in columns:
        out["Score_NS"], out["Score_EW"] = ((str(score), "-") if score >= 0
                                            else ("-", str(-score)))
    else:
        out["Score_NS"] = str(score)
    if e.top > 0:
        out["Percentage_NS"] = mp_text(100 * e.ns_mp / e.top)
        out["Percentage_EW"] = mp_text(100 * e.ew_mp / e.top)
    return out
