"""Ctrl-C at random moments of ``equity likely`` (figures in RESULTS.md, issue 42).

``python -m benchmarks.speed.ctrl_c [TRIES] [--dds | --module]`` runs ``equity likely`` on
seed 001 from trick 3 as its console script runs it (the script's folder first on the import
path), sends SIGINT to its process group (as a terminal does) at a random moment 0.1-3.0 s
after the start, and counts the exit codes: 130 (interrupted), 0 (it had finished), -2
(killed by SIGINT), -11 (``Segmentation fault``), and the runs whose stderr held a
traceback. ``--module`` runs it as ``python -S -m equity.app.cli`` instead, SIGINT
0.05-0.6 s after the start: ``python -m`` exits through the path where CPython acts on a
Ctrl-C it believes unhandled (issue 49), which the console script's ``sys.exit`` skips.
``--dds`` aims at DDS's threads instead: a batch of 200 twelve-card endings on two DDS
threads (``DdsSession.solve``), SIGINT 0.05-1 s into it.
"""

from __future__ import annotations

import collections
import contextlib
import os
import random
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository (this file is in benchmarks/speed)
LIKELY = f"""import sys
sys.path.insert(1, {str(ROOT)!r})
from equity.app.cli import main
if __name__ == "__main__":
    sys.exit(main())
"""
DDS = f"""import random, sys
sys.path.insert(1, {str(ROOT)!r})
from equity.dd.session import session
from tests.builders import random_ending
rng = random.Random(1)
positions = [random_ending(rng, 13) for _ in range(200)]
print("solving", flush=True)
try:
    session().solve(positions)
except KeyboardInterrupt:
    sys.exit(130)
"""


def main() -> None:
    tries = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 50
    dds = "--dds" in sys.argv
    module = "--module" in sys.argv and not dds
    rng = random.Random(23)
    codes: collections.Counter[int] = collections.Counter()
    traces = 0
    case = ROOT / "tests" / "cases" / "001_3nt_east_diamond_discard.pbn"
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "program.py"
        script.write_text(DDS if dds else LIKELY)
        args = [] if dds else ["likely", str(case), "--after-trick", "2"]
        program = ["-S", "-m", "equity.app.cli"] if module else [str(script)]
        path = os.pathsep.join([str(ROOT), *{sysconfig.get_paths()[k]
                                             for k in ("purelib", "platlib")}])
        env = {**os.environ, "PYTHONPATH": path} if module else None
        for _ in range(tries):
            run = subprocess.Popen([sys.executable, *program, *args], cwd=tmp, env=env,
                                   stdout=subprocess.PIPE if dds else subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, start_new_session=True)
            if dds:
                assert run.stdout is not None
                run.stdout.readline()  # solving
            time.sleep(rng.uniform(0.05, 1.0) if dds else
                       rng.uniform(0.05, 0.6) if module else rng.uniform(0.1, 3.0))
            with contextlib.suppress(ProcessLookupError):  # it had finished
                os.killpg(run.pid, signal.SIGINT)
            _, err = run.communicate(timeout=120)
            codes[run.returncode] += 1
            traces += b"Traceback" in err
    what = "a DDS batch" if dds else "python -m equity.app.cli likely" if module else \
        "equity likely"
    print(f"{tries} tries of {what}: "
          + ", ".join(f"exit {code}: {n}" for code, n in sorted(codes.items()))
          + f"; {traces} with a traceback")


if __name__ == "__main__":
    main()
