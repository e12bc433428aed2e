"""The Law 64C adjustment: the candidate lines (candidates.plan), the table line, the
weights of Law 12C1(c), the comparison that makes the ruling, and its sensitivity.
Built on the three floors below.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.adjust.candidates import (
    build,
    plan,
)
from equity.core.adjust.line import (
    DIRECTOR,
    LIKELY,
    OUTCOME,
    SUBSTITUTION,
    TABLE,
    Counterfactual,
    Departure,
    Leaves,
    Line,
    LineKind,
)
from equity.core.adjust.ruling import (
    TOTAL_POINTS,
    Basis,
    Ruling,
    compare,
    nos_gain,
    without_equity,
)
from equity.core.adjust.table_line import (
    TableLine,
)
from equity.core.adjust.weights import (
    ANNOUNCE,
    EPSILON,
    Assessment,
    Policy,
    Thresholds,
    Weights,
    check_weights,
    director_weights,
    line_names,
)
from equity.core.game import later

if TYPE_CHECKING:  # imported on first use (LATER): only a revoke ruled as reported runs it
    from equity.core.adjust.deal_screen import ReportedCase, Screen, screen

LATER = {"equity.core.adjust.deal_screen": ("ReportedCase", "Screen", "screen")}
"""The Law 64C screen from the deal alone of a revoke ruled as reported, imported when a
name is first asked for (its module is not called ``screen``: importing it by its path
would set the face's ``screen`` to the module)."""

__getattr__ = later(__name__, LATER)

__all__ = [
    "ANNOUNCE",
    "DIRECTOR",
    "EPSILON",
    "LIKELY",
    "OUTCOME",
    "SUBSTITUTION",
    "TABLE",
    "TOTAL_POINTS",
    "Assessment",
    "Basis",
    "Counterfactual",
    "Departure",
    "Leaves",
    "Line",
    "LineKind",
    "Policy",
    "ReportedCase",
    "Ruling",
    "Screen",
    "TableLine",
    "Thresholds",
    "Weights",
    "build",
    "check_weights",
    "compare",
    "director_weights",
    "line_names",
    "nos_gain",
    "plan",
    "screen",
    "without_equity",
]
