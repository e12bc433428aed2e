"""Every module the faces import only on first use (their ``LATER`` tables), imported at
once. A fork server imports this before its first ruling (the batch's and the workbench's
``PRELOAD``), so that no ruling process imports one on its first claim, auction or revoke
as reported, while ``equity rule`` imports each only for a board that needs it."""

from __future__ import annotations

import importlib

from equity.core import adjust, game, law, player, reading
from equity.render import view

FACES = (game, reading, player, law, adjust, view)
"""The faces that offer names on first use."""

MODULES: tuple[str, ...] = tuple(m for face in FACES for m in getattr(face, "LATER", {}))
"""Their first-use modules, each imported here."""

for _module in MODULES:
    importlib.import_module(_module)

__all__ = ["FACES", "MODULES"]
