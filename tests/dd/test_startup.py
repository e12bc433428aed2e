"""Start-up: the commands that never solve never load DDS, and those that do load only
DDS's binding, not endplay's package (which imports matplotlib, ~0.7 s)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.builders import ROOT

EXAMPLE = ROOT / "equity" / "examples" / "3nt_east_diamond_revoke.pbn"

LOADED = """
import sys
from equity.app.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print('endplay' in sys.modules, 'matplotlib' in sys.modules, 'endplay._dds' in sys.modules,
      file=sys.stderr)
"""


def loaded(*args: str) -> str:
    """Whether a run of ``equity ARGS`` imported endplay's package, matplotlib and DDS's
    binding (the last line of stderr)."""
    out = subprocess.run([sys.executable, "-c", LOADED.format(args=list(args))], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return out.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("args", [["--help"], ["scan", str(EXAMPLE)]],
                         ids=["help", "scan"])
def test_commands_that_never_solve_never_import_endplay(args: list[str]) -> None:
    assert loaded(*args) == "False False False"


def test_rule_loads_dds_binding_without_endplay_or_matplotlib() -> None:
    assert loaded("rule", "--example") == "False False True"


def test_a_later_import_of_endplay_shares_the_loaded_binding() -> None:
    code = ("from equity.dd import binding; b = binding.dds(); import endplay._dds as e; "
            "import endplay; print(e is b and endplay._dds is b)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "True"
