"""What the table showed every player (Law 16A1(a): the calls and the cards played are
authorised information), read as players read them: the auction as natural bidding
(:mod:`~equity.core.reading.auction`), the opening lead by convention
(:mod:`~equity.core.reading.lead`), the third hand's signal to it
(:mod:`~equity.core.reading.signal`) and a defender's discards
(:mod:`~equity.core.reading.discard`). Each reading says what a card or a call tells of
the hand it came from, as limits (the auction) or as a likelihood fitted on real tables
(its style file beside its module). Built on :mod:`equity.core.game`; knows nothing of
decisions.

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from equity.core.reading.auction import (
    ANY_HCP,
    ANY_LENGTH,
    Bidding,
    Lengths,
    Limits,
    Loosening,
    Reading,
    Shown,
    Span,
    bidding_of,
    hcp,
    lengths,
    read,
)
from equity.core.reading.discard import (
    Discard,
    discards,
    is_discard,
)
from equity.core.reading.evidence import (
    Evidence,
    PlayReading,
    played,
    read_plays,
    then,
)
from equity.core.reading.lead import (
    LeadReading,
    lead_of,
)
from equity.core.reading.signal import (
    SignalReading,
    signal_of,
)
from equity.core.reading.table import (
    BOARD_READINGS,
    NO_TABLE,
    PLAY_READINGS,
    PLAY_WORDS,
    BoardEvidence,
    Table,
    world_evidence,
)

__all__ = [
    "ANY_HCP",
    "ANY_LENGTH",
    "BOARD_READINGS",
    "NO_TABLE",
    "PLAY_READINGS",
    "PLAY_WORDS",
    "Bidding",
    "BoardEvidence",
    "Discard",
    "Evidence",
    "LeadReading",
    "Lengths",
    "Limits",
    "Loosening",
    "PlayReading",
    "Reading",
    "Shown",
    "SignalReading",
    "Span",
    "Table",
    "bidding_of",
    "discards",
    "hcp",
    "is_discard",
    "lead_of",
    "lengths",
    "played",
    "read",
    "read_plays",
    "signal_of",
    "then",
    "world_evidence",
]
