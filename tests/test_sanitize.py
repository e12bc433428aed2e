"""The C reader and kernel under AddressSanitizer and UBSan, in every CI run (a small
budget: 2,000 mutated files, a few seconds with the build).

tests/fuzz/sanitize.c reads each file as ``scan`` does (eq_pbn_irregular, then
eq_read_pbn_games in small chunks) and replays every chunk in the kernel; any report of
a sanitizer ends the driver with an error. Longer run::

    EQUITY_FUZZ_SCALE=100 python -m pytest tests/test_sanitize.py -q
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.builders import ROOT
from tests.fuzz import differential as dd
from tests.fuzz import strategies as fz

SCALE = max(1, int(os.environ.get("EQUITY_FUZZ_SCALE", "1")))
FILES = 2000 * SCALE

CC = shutil.which("gcc") or shutil.which("cc")


def _driver(tmp: Path) -> Path:
    exe = tmp / "sanitize"
    cmd = [str(CC), "-std=c99", "-O1", "-g", "-fsanitize=address,undefined",
           "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", f"-I{ROOT / 'native'}",
           str(ROOT / "tests" / "fuzz" / "sanitize.c"), str(ROOT / "native" / "text.c"),
           str(ROOT / "native" / "kernel.c"), "-o", str(exe)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip(f"cannot build with sanitizers: {run.stderr.strip()[:200]}")
    return exe


def _mutate(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randint(0, len(out))
        kind = rng.randrange(8)
        if kind == 0:
            del out[i:]
        elif kind == 1:
            out[i:i] = rng.choice(dd.WS_BYTES + dd.NOT_BLANK + dd.ANNOTATIONS
                                  + [b"\r", b"\n\n", b"{", b"}", b"[", b'"', b"%", b"^R"])
        elif kind == 2:
            del out[i:i + rng.randint(1, 40)]
        elif kind == 3:
            out[i:i] = out[i:i + rng.randint(1, 300)]
        elif kind == 4 and out:
            out[min(i, len(out) - 1)] = rng.randrange(256)
        elif kind == 5:
            out = bytearray(bytes(out).replace(b"\n", rng.choice([b"\r\n", b"\r\r\n"])))
        elif kind == 6:
            out[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 12)))
        else:
            out = out[i:] + out[:i]
    return bytes(out)


def _seeds() -> list[bytes]:
    real = [p.read_bytes()[:20_000] for p in fz.real_files() if p.suffix.lower() == ".pbn"]
    if real:
        return real
    from tests.formats.reading import GAMES
    return [GAMES.encode()]


@pytest.mark.skipif(CC is None, reason="no C compiler")
def test_reader_and_kernel_are_clean_under_asan_and_ubsan(tmp_path: Path) -> None:
    exe = _driver(tmp_path)
    rng = random.Random(15)
    seeds = _seeds()
    paths = []
    for i in range(FILES):
        path = tmp_path / f"m{i}.pbn"
        path.write_bytes(_mutate(rng, rng.choice(seeds)))
        paths.append(str(path))
    env = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
    for k in range(0, len(paths), 100):
        run = subprocess.run([str(exe), *paths[k:k + 100]], capture_output=True, text=True,
                             env=env, timeout=300)
        assert run.returncode == 0 and not run.stderr, run.stderr[-3000:]
        games, _ = map(int, run.stdout.split())
        assert games > 0
