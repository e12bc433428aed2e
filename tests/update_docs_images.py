"""Update the manual's pictures in ``docs/``: run the browser tests that take them with
``EQUITY_SHOTS`` set to a temporary folder, then copy the pictures ``docs/`` already has
(and only those) from it. A plain ``pytest`` never writes into the tree.

    python tests/update_docs_images.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.builders import ROOT

TESTS = ["tests/app/test_summary.py", "tests/app/test_workbench_table.py",
         "tests/app/test_workbench_browser.py"]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "EQUITY_SHOTS": folder}
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-k",
                              "chromium or first_screen or tapping", *TESTS],
                             cwd=ROOT, env=env, check=False)
        if run.returncode:
            print("update_docs_images: the browser tests failed; docs/ left as it was")
            return run.returncode
        for picture in sorted((ROOT / "docs").glob("*.png")):
            shot = Path(folder) / picture.name
            if shot.is_file():
                shutil.copyfile(shot, picture)
                print(f"docs/{picture.name} updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
