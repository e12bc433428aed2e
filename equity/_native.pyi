"""The card-play kernel (C, native/kernel.c); the packed layout is in native/kernel.h."""

from typing import Any, TypeAlias

from numpy.typing import NDArray
from typing_extensions import Buffer

Array: TypeAlias = NDArray[Any] | Buffer
"""A C-contiguous array of the dtype native/kernel.h gives (any buffer-protocol object)."""

MAX_REQS: int
LONGEST_LINE: int
LONGEST_TOKEN: int
LONGEST_FAST_GAME: int

TRICKS: int
CARDS: int
ERROR_CODES: dict[str, int]
"""The kernel's error codes by name (``EQ_*`` in kernel.h; "OK" is 0)."""
REVOKE_KINDS: dict[str, int]
"""The kernel's revoke kinds by name ("follow", "lead", "penalty"; ``REV_*``)."""
MARKS: dict[str, int]
"""PBN 2.1 irregularity marks ("R", "L"; ``MARK_*``)."""
REQUIREMENT_KINDS: dict[str, int]
"""Requirement kinds ("lead", "penalty"; ``REQ_*``)."""

def replay_batch(
    *, hands: Array, table: Array, leaders: Array, marks: Array, ntricks: Array,
    strain: Array, declarer: Array, reqs: Array, k: int, order: Array, revoke: Array,
    legal: Array, lead_out: Array, winners: Array, won: Array, error: Array, first: Array,
) -> int: ...
def follow_suit(hand: int, suit_led: int, /) -> int: ...
def legal(hand: int, suit_led: int, lead_suit: int, penalty_card: int, /) -> int: ...
def legal_mask(hand: int, suit_led: int, lead_suit: int, forbidden: int, penalties: int, /
               ) -> int: ...
def trick_winner(trump: int, n: int, c0: int, c1: int = 0, c2: int = 0, c3: int = 0, /
                 ) -> int: ...
def read_pbn_games(
    text: Array, pos: int, cap: int, state: Array, spans: Array, status: Array,
    number: Array, parent: Array, hands: Array, table: Array, leaders: Array, marks: Array,
    ntricks: Array, strain: Array, declarer: Array, /,
) -> tuple[int, int]: ...
def pbn_irregular(text: Array, /) -> int: ...
