"""Laws 68-71 per edition: the paragraph a claim ruling cites for each point, in the
edition's own numbering, as :mod:`equity.core.law.law12` does for Law 12.

The books number the claim laws differently: the 2017 Laws split 70D (70D1, the line
not embraced in the statement; 70D2, a defender's claim that depends on his partner's
choice, new in 2017) and 70E (70E1, the unstated finesse; 70E2, the order a regulating
authority may specify, new in 2017); the 1997 Laws have one 70D and one 70E, and
neither a defender's-partner paragraph nor an authority's order (70A's doubtful point
then carries them). The table is data, ``claim_paragraphs.json`` beside this module
(read once; ``docs/claims.md`` shows it)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from msgspec import Struct

CLAIM_FILE = resources.files(__package__).joinpath("claim_paragraphs.json")

ROLES = ("claim", "agreed", "withdrawn", "adjudicated", "statement", "trump",
         "not_embraced", "defender_partner", "finesse", "order", "concession")
"""What a claim ruling cites a paragraph for."""


class ClaimParagraphs(Struct, frozen=True):
    """One edition's paragraph for each point of a claim ruling (:data:`ROLES`):
    :meth:`cite` gives the paragraph a ruling reads out (where the edition has none, the
    paragraph that carries the point instead)."""

    edition: str
    own: dict[str, str | None]
    instead: dict[str, str]

    def cite(self, role: str) -> str:
        """The paragraph for ``role`` in this edition ("70D1" in 2017, "70D" in 1997)."""
        if role not in self.own:
            raise KeyError(f"no claim paragraph for {role!r}")
        found = self.own[role]
        return found if found is not None else self.instead[role]

    def has(self, role: str) -> bool:
        """Whether this edition has a paragraph of its own for ``role``."""
        return self.own.get(role) is not None


def _load() -> dict[str, ClaimParagraphs]:
    data: dict[str, Any] = json.loads(CLAIM_FILE.read_text(encoding="utf-8"))
    out = {}
    for name, row in data["editions"].items():
        out[name] = ClaimParagraphs(name, {r: row[r] for r in ROLES}, dict(row["instead"]))
    return out


CLAIM_PARAGRAPHS: dict[str, ClaimParagraphs] = _load()
"""Each edition's claim paragraphs, by edition name."""


__all__ = ["CLAIM_PARAGRAPHS", "ROLES", "ClaimParagraphs"]
