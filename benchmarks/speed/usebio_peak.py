"""Peak memory of reading a large USEBIO traveller (figures in RESULTS.md).

``python -m benchmarks.speed.usebio_peak MEGABYTES`` writes a session of that size (EBU 1.2
layout, nine pairs a board) to a temporary file, reads it with
:func:`equity.formats.usebio.read_usebio` and prints the file's size and the process's
peak resident memory (``ru_maxrss``), before and after reading.

``python -m benchmarks.speed.usebio_peak MEGABYTES --write`` (issue 42) instead runs ``equity
rule`` on seed 001 with that session as ``--traveller`` (its board 1 holds the ruled
table, N-S 1 v E-W 11, as played, and match points as equity scores them, so that every
line of the board is rewritten) and ``--results-out``, and prints that process's peak
resident memory.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
from pathlib import Path

LINE = """    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>
      <EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>
      <CONTRACT>3NT</CONTRACT>
      <PLAYED_BY>E</PLAYED_BY>
      <LEAD>S4</LEAD>
      <TRICKS>9</TRICKS>
      <SCORE>-400</SCORE>
      <NS_MATCH_POINTS>4</NS_MATCH_POINTS>
      <EW_MATCH_POINTS>12</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
"""


RULED = (LINE.replace("<TRICKS>9", "<TRICKS>6").replace("<SCORE>-400", "<SCORE>150")
         .replace("<NS_MATCH_POINTS>4", "<NS_MATCH_POINTS>16")
         .replace("<EW_MATCH_POINTS>12", "<EW_MATCH_POINTS>0"))
"""Board 1's first line: seed 001's table (3NT by East, six tricks, +150), top 16."""
FIELD = (LINE.replace("<NS_MATCH_POINTS>4", "<NS_MATCH_POINTS>7")
         .replace("<EW_MATCH_POINTS>12", "<EW_MATCH_POINTS>9"))
"""Board 1's other lines, matchpointed against it and each other."""


def write_session(path: Path, megabytes: float) -> None:
    with open(path, "w", encoding="ascii") as f:
        f.write('<?xml version="1.0" encoding="ISO-8859-1"?>\n<USEBIO Version="1.2">\n'
                "<EVENT><SESSION>\n")
        board = 0
        while f.tell() < megabytes * 1e6:
            board += 1
            f.write(f"  <BOARD>\n    <BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
            for ns in range(1, 10):
                line = LINE if board > 1 else RULED if ns == 1 else FIELD
                f.write(line.format(ns=ns, ew=ns + 10))
            f.write("  </BOARD>\n")
        f.write("</SESSION></EVENT>\n</USEBIO>\n")


def write_back(session: Path) -> None:
    """``equity rule`` writing ``session`` back with seed 001's ruling: its peak RSS."""
    root = Path(__file__).resolve().parents[2]  # the repository
    seed = root / "tests" / "cases" / "001_3nt_east_diamond_discard.pbn"
    out = session.with_name("ruled.xml")
    run = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(seed),
                          "--traveller", str(session), "--pairs", "1-11", "--results-out",
                          str(out), "--no-equity", "--brief"], capture_output=True, text=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    said = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""
    print(f"file {session.stat().st_size / 1e6:.1f} MB: equity rule --results-out peak RSS "
          f"{peak:.0f} MB ({peak / (session.stat().st_size / 1e6):.1f}x the file); exit "
          f"{run.returncode}; {said}")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1][0].isdigit() else 50
    from equity.formats.usebio import read_usebio

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.xml"
        write_session(path, megabytes)
        if "--write" in sys.argv:
            write_back(path)
            return
        before = peak_mb()
        f = read_usebio(path)
        size = path.stat().st_size / 1e6
        print(f"file {size:.1f} MB, {len(f.traveller.lines)} lines; peak RSS before "
              f"reading {before:.0f} MB, after {peak_mb():.0f} MB "
              f"({peak_mb() / size:.1f}x the file)")


if __name__ == "__main__":
    main()
