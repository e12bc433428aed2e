"""The single-dummy player: what a player knows (knowledge), the card he chooses (the
decision model), the outcomes of play from a position (the outcome tree, likely outcomes)
and the double-dummy questions all of them ask. Built on :mod:`equity.core.game`.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from equity.core.player.auction import (
    ANY_HCP,
    ANY_LENGTH,
    Bidding,
    Limits,
    Loosening,
    Reading,
    Shown,
    Span,
    bidding_of,
    hcp,
    read,
)
from equity.core.player.decision import (
    DEFAULT_SAMPLING,
    REFERENCE,
    Decision,
    DecisionModel,
    Sampling,
    classes,
    lowest,
    sure_winners,
)
from equity.core.player.discard import (
    Discard,
    discards,
)
from equity.core.player.inference import (
    Inference,
    inferences,
)
from equity.core.player.knowledge import (
    Holding,
    Knowledge,
    SuitMask,
    shown_out,
)
from equity.core.player.lead import (
    LeadReading,
    lead_of,
)
from equity.core.player.likely import (
    DEFAULT_SEED,
    DirectorLine,
    DirectorOutcome,
    Estimate,
    Start,
    checkpoint,
    director_line,
    leaves,
    likely,
    play_out,
)
from equity.core.player.outcome_tree import (
    Branch,
    Leaf,
    Outcome,
    Run,
    before_lead,
    grow,
    merged,
)
from equity.core.player.penalty_choice import (
    choose_50d2,
    options_50d2,
)
from equity.core.player.player_model import (
    DEFAULT_CLASS,
    EXACT,
    RULING_CLASS,
    PlayerClass,
    exploited,
    player_class,
)
from equity.core.player.questions import (
    BatchSolver,
    CardValues,
    Plan,
    Question,
    Reply,
    Solver,
    Tricks,
    Work,
    answer,
    once_each,
    run,
    solved,
    together,
    tricks_through,
    values_of,
)
from equity.core.player.signal import (
    SignalReading,
    signal_of,
)
from equity.core.player.unforeseen import (
    Unforeseen,
    blend,
    departure,
)

__all__ = [
    "ANY_HCP",
    "ANY_LENGTH",
    "DEFAULT_CLASS",
    "DEFAULT_SAMPLING",
    "DEFAULT_SEED",
    "EXACT",
    "REFERENCE",
    "RULING_CLASS",
    "BatchSolver",
    "Bidding",
    "Branch",
    "CardValues",
    "Decision",
    "DecisionModel",
    "DirectorLine",
    "DirectorOutcome",
    "Discard",
    "Estimate",
    "Holding",
    "Inference",
    "Knowledge",
    "LeadReading",
    "Leaf",
    "Limits",
    "Loosening",
    "Outcome",
    "Plan",
    "PlayerClass",
    "Question",
    "Reading",
    "Reply",
    "Run",
    "Sampling",
    "Shown",
    "SignalReading",
    "Solver",
    "Span",
    "Start",
    "SuitMask",
    "Tricks",
    "Unforeseen",
    "Work",
    "answer",
    "before_lead",
    "bidding_of",
    "blend",
    "checkpoint",
    "choose_50d2",
    "classes",
    "departure",
    "director_line",
    "discards",
    "exploited",
    "grow",
    "hcp",
    "inferences",
    "lead_of",
    "leaves",
    "likely",
    "lowest",
    "merged",
    "once_each",
    "options_50d2",
    "play_out",
    "player_class",
    "read",
    "run",
    "shown_out",
    "signal_of",
    "solved",
    "sure_winners",
    "together",
    "tricks_through",
    "values_of",
]
