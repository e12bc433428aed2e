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
directly. What only fitting a reading needs (its features, its style file, the reading of
one card) is not offered here: the fitters (``benchmarks/fitting``) import it from the
reading's own module, the one exception ``tests/test_layering.py`` declares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.game import later
from equity.core.reading.discard import (
    is_discard,
)
from equity.core.reading.evidence import (
    Evidence,
    PlayReading,
    played,
    read_plays,
    then,
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

if TYPE_CHECKING:  # imported on first use (LATER): a board without an auction reads none
    from equity.core.reading.auction import (
        ANY_HCP,
        ANY_LENGTH,
        AUCTION_STYLE,
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
    )

LATER = {"equity.core.reading.auction": (
    "ANY_HCP", "ANY_LENGTH", "AUCTION_STYLE", "AuctionStyle", "Bidding", "Lengths", "Limits",
    "Outside", "Reading", "Shown", "Span", "bidding_of", "hcp", "lengths", "prior")}
"""The auction read as natural bidding, imported when a name is first asked for: a board
whose record has no auction (quitted rows, most hand records) never reads one."""

__getattr__ = later(__name__, LATER)

__all__ = [
    "ANY_HCP",
    "ANY_LENGTH",
    "AUCTION_STYLE",
    "BOARD_READINGS",
    "NO_TABLE",
    "PLAY_READINGS",
    "PLAY_WORDS",
    "AuctionStyle",
    "Bidding",
    "BoardEvidence",
    "Evidence",
    "Lengths",
    "Limits",
    "Outside",
    "PlayReading",
    "Reading",
    "Shown",
    "Span",
    "Table",
    "bidding_of",
    "hcp",
    "is_discard",
    "lengths",
    "played",
    "prior",
    "read_plays",
    "then",
    "world_evidence",
]
