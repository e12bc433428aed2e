"""The readers agree: ``rule``, ``scan`` and ``batch`` see the same boards, errors and
revokes on mutated PBN files (issue 15; see tests/fuzz/differential.py).

A small budget by default (about 15 s: 2 x 400 files); the long run multiplies it::

    cd /work/main && python tests/fuzz/run_long.py 40 tests/test_differential.py
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import differential as dd
from tests.fuzz import strategies as fz
from tests.fuzz import timer

SCALE = max(1, int(os.environ.get("EQUITY_FUZZ_SCALE", "1")))


def budget(n: int) -> settings:
    # no deadline: a busy machine is not a failure; a hang is (tests/fuzz/timer.py)
    return settings(max_examples=n * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])


def run(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "m.pbn"
    path.write_bytes(data)
    with timer.time_limit(20.0):
        dd.check(path)


@given(dd.pbn_mutations(real=False))
@budget(400)
def test_mutated_generated_files_read_alike_on_every_road(tmp_path: Path, data: bytes) -> None:
    run(tmp_path, data)


@given(st.data())
@budget(400)
def test_mutated_real_files_read_alike_on_every_road(tmp_path: Path,
                                                     data: st.DataObject) -> None:
    real = bool(fz.real_files())
    run(tmp_path, data.draw(dd.pbn_mutations(real=real)))
