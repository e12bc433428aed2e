"""The single-dummy player: what a player knows (knowledge), the card he chooses (the
decision model), the outcomes of play from a position (the outcome tree, likely outcomes)
and the double-dummy questions all of them ask. Built on :mod:`equity.core.game`.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.game import later
from equity.core.player.decision import (
    NEAR_SHARE,
    REFERENCE,
    Decision,
    DecisionModel,
    classes,
    lowest,
)
from equity.core.player.inference import (
    Inference,
    inferences,
)
from equity.core.player.knowledge import (
    Holding,
    Knowledge,
    shown_out,
)
from equity.core.player.likely import (
    DirectorLine,
    DirectorOutcome,
    Estimate,
    Forecast,
    continued,
    director_line,
    forecast,
    leaves,
    likely,
    play_out,
)
from equity.core.player.outcome_tree import (
    Branch,
    Outcome,
    Run,
    before_lead,
    grow,
    merged,
)
from equity.core.player.player_model import (
    DEFAULT_CLASS,
    EXACT,
    RULING_CLASS,
    PlayerClass,
    exploited,
    features,
    informed,
    mixture,
    player_class,
    seat_role,
)
from equity.core.player.start import Start, checkpoint

if TYPE_CHECKING:  # imported on first use (LATER): a ruling's exact players foresee all
    from equity.core.player.unforeseen import (
        Unforeseen,
        blend,
        departure,
    )

LATER = {"equity.core.player.unforeseen": ("Unforeseen", "blend", "departure")}
"""What a class of player does not foresee (its departures from the outcome tree),
imported when a name is first asked for: a ruling's players (the decision model alone)
have none, only a forecast's classes do."""

__getattr__ = later(__name__, LATER)

__all__ = [
    "DEFAULT_CLASS",
    "EXACT",
    "NEAR_SHARE",
    "REFERENCE",
    "RULING_CLASS",
    "Branch",
    "Decision",
    "DecisionModel",
    "DirectorLine",
    "DirectorOutcome",
    "Estimate",
    "Forecast",
    "Holding",
    "Inference",
    "Knowledge",
    "Outcome",
    "PlayerClass",
    "Run",
    "Start",
    "Unforeseen",
    "before_lead",
    "blend",
    "checkpoint",
    "classes",
    "continued",
    "departure",
    "director_line",
    "exploited",
    "features",
    "forecast",
    "grow",
    "inferences",
    "informed",
    "leaves",
    "likely",
    "lowest",
    "merged",
    "mixture",
    "play_out",
    "player_class",
    "seat_role",
    "shown_out",
]
