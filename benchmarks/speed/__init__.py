"""Timing: the pytest-benchmark files (``bench_*.py``) with their helpers (``common``,
``naive``: the script an analyst would write without equity's batch), and the scripts
that time the workbench under hostile clients and the USEBIO reader's memory; every goal
is a ratio of two timings taken side by side in one run (the machine is shared), and the
figures, with the machine they ran on, are in benchmarks/RESULTS.md."""
