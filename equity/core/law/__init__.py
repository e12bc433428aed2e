"""The law: Laws 61-64A/B in three editions (laws), the Law 62D and Law 70 play-outs
(correction), Law 16C2 at a correction (unauthorised), Law 16B (partner_information)
and Law 12 per edition and regulating authority (law12, its table law12.json), and
the Director's ruling on a claim, Laws 68-71 (claims; its statement read card by
card in statement, its normal lines in claim_lines, its paragraphs per edition in
claim_paragraphs). A new law paragraph goes here,
beside the rule it qualifies. Built on :mod:`equity.core.player` and :mod:`equity.core.game`.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.game import later
from equity.core.law.law12 import (
    AUTHORITIES,
    Assignment,
    Paragraphs,
    assignment,
    authority_of,
)
from equity.core.law.laws import (
    EDITIONS,
    AutomaticRuling,
    Edition,
    RevokeRuling,
    rule,
)
from equity.core.law.steps import Step, StepKind
from equity.core.law.unauthorised import (
    LAW,
    Finding,
    Unauthorised,
    changes,
    judge,
)

if TYPE_CHECKING:  # imported on first use (LATER): a revoke ruling runs none of them
    from equity.core.law.claim_lines import SLIPS, TOP_DOWN, ClaimLine, Doubt
    from equity.core.law.claim_paragraphs import CLAIM_PARAGRAPHS, ClaimParagraphs
    from equity.core.law.claim_ruling import MAX_LINES, ClaimRuling, as_claimed
    from equity.core.law.claims import claim_of, judge_claim, needs_ruling
    from equity.core.law.correction import PlayOut
    from equity.core.law.partner_information import InfoFinding, Judged, judge_information
    from equity.core.law.reported import ReportedRuling, rule_reported

LATER = {
    "equity.core.law.claim_lines": ("SLIPS", "TOP_DOWN", "ClaimLine", "Doubt"),
    "equity.core.law.claim_paragraphs": ("CLAIM_PARAGRAPHS", "ClaimParagraphs"),
    "equity.core.law.claim_ruling": ("MAX_LINES", "ClaimRuling", "as_claimed"),
    "equity.core.law.claims": ("claim_of", "judge_claim", "needs_ruling"),
    "equity.core.law.correction": ("PlayOut",),
    "equity.core.law.partner_information": ("InfoFinding", "Judged", "judge_information"),
    "equity.core.law.reported": ("ReportedRuling", "rule_reported"),
}
"""The modules of Laws 68-71, 62D, 16B and a reported revoke, and the names the face
offers from each, imported when a name is first asked for."""

__getattr__ = later(__name__, LATER)

__all__ = [
    "AUTHORITIES",
    "CLAIM_PARAGRAPHS",
    "EDITIONS",
    "LAW",
    "MAX_LINES",
    "SLIPS",
    "TOP_DOWN",
    "Assignment",
    "AutomaticRuling",
    "ClaimLine",
    "ClaimParagraphs",
    "ClaimRuling",
    "Doubt",
    "Edition",
    "Finding",
    "InfoFinding",
    "Judged",
    "Paragraphs",
    "PlayOut",
    "ReportedRuling",
    "RevokeRuling",
    "Step",
    "StepKind",
    "Unauthorised",
    "as_claimed",
    "assignment",
    "authority_of",
    "changes",
    "claim_of",
    "judge",
    "judge_claim",
    "judge_information",
    "needs_ruling",
    "rule",
    "rule_reported",
]
