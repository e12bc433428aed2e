"""The long fuzz run: every fuzz target of tests/test_fuzz.py and the differential
targets of tests/test_differential.py (rule, scan and batch read mutated files alike;
tests/fuzz/differential.py) with many more examples.

    cd /work/main && python tests/fuzz/run_long.py [SCALE] [pytest args...]
    cd /work/main && python tests/fuzz/run_long.py 100 -k differential   # ~40 min

At scale 40 the differential targets run 2 x 16,000 mutated files (about 10 minutes on
one core). A failure prints the file's bytes (``Falsifying example``); put them in a
test of tests/parse/test_games.py.

SCALE (default 40) multiplies each target's example count; Hypothesis prints how many
inputs each target ran (``--hypothesis-show-statistics``). Nothing is written to the
repository but Hypothesis's example database (.hypothesis/, git-ignored).
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.builders import ROOT

REPO = ROOT


def main(argv: list[str]) -> int:
    scale = argv[0] if argv and argv[0].isdigit() else "40"
    rest = argv[1:] if argv and argv[0].isdigit() else argv
    env = {**os.environ, "EQUITY_FUZZ_SCALE": scale,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    cmd = [sys.executable, "-m", "pytest", "tests/test_fuzz.py", "tests/test_differential.py",
           "-q", "-p", "no:cacheprovider",
           "--hypothesis-show-statistics", *rest]
    return subprocess.call(cmd, cwd=REPO, env=env)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
