"""Peak memory of reading a large USEBIO traveller (figures in RESULTS.md).

``python -m benchmarks.speed.usebio_peak MEGABYTES`` writes a session of that size (EBU 1.2
layout, nine pairs a board) to a temporary file, reads it with
:func:`equity.formats.usebio.read_usebio` and prints the file's size and the process's
peak resident memory (``ru_maxrss``), before and after reading.
"""

from __future__ import annotations

import resource
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


def write_session(path: Path, megabytes: float) -> None:
    with open(path, "w", encoding="ascii") as f:
        f.write('<?xml version="1.0" encoding="ISO-8859-1"?>\n<USEBIO Version="1.2">\n'
                "<EVENT><SESSION>\n")
        board = 0
        while f.tell() < megabytes * 1e6:
            board += 1
            f.write(f"  <BOARD>\n    <BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
            for ns in range(1, 10):
                f.write(LINE.format(ns=ns, ew=ns + 10))
            f.write("  </BOARD>\n")
        f.write("</SESSION></EVENT>\n</USEBIO>\n")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 50
    from equity.formats.usebio import read_usebio

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.xml"
        write_session(path, megabytes)
        before = peak_mb()
        f = read_usebio(path)
        size = path.stat().st_size / 1e6
        print(f"file {size:.1f} MB, {len(f.traveller.lines)} lines; peak RSS before "
              f"reading {before:.0f} MB, after {peak_mb():.0f} MB "
              f"({peak_mb() / size:.1f}x the file)")


if __name__ == "__main__":
    main()
