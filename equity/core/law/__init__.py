"""The law: Laws 61-64A/B in three editions (laws), the Law 62D and Law 70 play-outs
(correction) and Law 16C2 at a correction (unauthorised). A new law paragraph goes here,
beside the rule it qualifies. Built on :mod:`equity.core.player` and :mod:`equity.core.game`.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from equity.core.law.correction import (
    PlayOut,
)
from equity.core.law.laws import (
    EDITIONS,
    AutomaticRuling,
    Edition,
    RevokeRuling,
    Step,
    StepKind,
    rule,
)
from equity.core.law.partner_information import (
    InfoFinding,
    judge_information,
)
from equity.core.law.unauthorised import (
    LAW,
    Finding,
    Unauthorised,
    changes,
    judge,
)

__all__ = [
    "EDITIONS",
    "LAW",
    "AutomaticRuling",
    "Edition",
    "Finding",
    "InfoFinding",
    "PlayOut",
    "RevokeRuling",
    "Step",
    "StepKind",
    "Unauthorised",
    "changes",
    "judge",
    "judge_information",
    "rule",
]
