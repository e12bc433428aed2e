"""What the table showed every player (Law 16A1(a): the calls and the cards played are
authorised information), read as players read them: the auction as natural bidding
(:mod:`~equity.core.reading.auction`), the opening lead by convention
(:mod:`~equity.core.reading.lead`), the third hand's signal to it
(:mod:`~equity.core.reading.signal`) and a defender's discards
(:mod:`~equity.core.reading.discard`). Each reading says what a card or a call tells of
the hand it came from, as limits (the auction) or as a likelihood fitted on real tables
(its style file beside its module, ``*_STYLE_FILE``). Built on :mod:`equity.core.game`;
knows nothing of decisions. A name two readings both define (``FEATURES``,
``suit_features``) is offered here with its reading's prefix (``LEAD_FEATURES``).

Other floors and layers import from here; modules of this floor import each other
directly."""

from __future__ import annotations

from equity.core.reading.auction import (
    ANY_HCP,
    ANY_LENGTH,
    AUCTION_STYLE,
    AUCTION_STYLE_FILE,
    AuctionStyle,
    Bidding,
    Lengths,
    Limits,
    Outside,
    Reading,
    Shown,
    Span,
    bidding_of,
    hcp,
    lengths,
    prior,
    read,
)
from equity.core.reading.discard import (
    DISCARD_STYLE_FILE,
    Discard,
    DiscardStyle,
    discards,
    is_discard,
)
from equity.core.reading.discard import FEATURES as DISCARD_FEATURES
from equity.core.reading.discard import suit_features as discard_suit_features
from equity.core.reading.evidence import (
    Evidence,
    PlayReading,
    played,
    read_plays,
    then,
)
from equity.core.reading.lead import FEATURES as LEAD_FEATURES
from equity.core.reading.lead import (
    LEAD_STYLE,
    LEAD_STYLE_FILE,
    LeadReading,
    LeadStyle,
    conventional,
    lead_of,
)
from equity.core.reading.lead import suit_features as lead_suit_features
from equity.core.reading.signal import FEATURES as SIGNAL_FEATURES
from equity.core.reading.signal import (
    SIGNAL_STYLE_FILE,
    SignalReading,
    SignalStyle,
    card_chances,
    card_features,
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
    "AUCTION_STYLE",
    "AUCTION_STYLE_FILE",
    "BOARD_READINGS",
    "DISCARD_FEATURES",
    "DISCARD_STYLE_FILE",
    "LEAD_FEATURES",
    "LEAD_STYLE",
    "LEAD_STYLE_FILE",
    "NO_TABLE",
    "PLAY_READINGS",
    "PLAY_WORDS",
    "SIGNAL_FEATURES",
    "SIGNAL_STYLE_FILE",
    "AuctionStyle",
    "Bidding",
    "BoardEvidence",
    "Discard",
    "DiscardStyle",
    "Evidence",
    "LeadReading",
    "LeadStyle",
    "Lengths",
    "Limits",
    "Outside",
    "PlayReading",
    "Reading",
    "Shown",
    "SignalReading",
    "SignalStyle",
    "Span",
    "Table",
    "bidding_of",
    "card_chances",
    "card_features",
    "conventional",
    "discard_suit_features",
    "discards",
    "hcp",
    "is_discard",
    "lead_of",
    "lead_suit_features",
    "lengths",
    "played",
    "prior",
    "read",
    "read_plays",
    "signal_of",
    "then",
    "world_evidence",
]
