"""The game's vocabulary: seats, suits, cards, card sets, deals and contracts.

Everything here is a small immutable value. Card sets are plain integers used as
bit-sets (like python-chess's ``Bitboard``): suit ``s`` occupies bits ``16*s .. 16*s+15``
and rank ``r`` (2..14) is bit ``r`` inside its suit, so ``(cs >> 16*s) & 0xFFFF`` is the
suit holding in exactly the encoding DDS uses. Enum values equal the solver's
(DDS and endplay): seats N=0 E=1 S=2 W=3, suits S=0 H=1 D=2 C=3, no trump = 4.

This module knows what a card *is*; what a card *may do* (legality, trick winners)
lives in :mod:`equity.core.game.replay`.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum, StrEnum
from typing import Self, TypeAlias

from msgspec import Struct

from equity.core.game.errors import EquityError

CardSet: TypeAlias = int
"""A set of cards as a bit-set; see the module docstring for the layout."""

CS_EMPTY: CardSet = 0
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"


class ModelError(EquityError):
    """A value that does not describe a card, hand, deal or contract."""


def small_int(text: str, digits: int = 9) -> int | None:
    """``text`` (stripped) as a number if it is at most ``digits`` ASCII digits, else None:
    the one way a number is read from a file, a form or a header.

    Not ``str.isdigit`` and ``int``: the first accepts "²" and "٣", which ``int`` refuses
    (or reads), and ``int`` raises ValueError on a string of thousands of digits (past
    Python's 4,300-digit limit): an internal error where a bad value was meant."""
    t = text.strip()
    if not t or len(t) > digits or not t.isascii() or not t.isdigit():
        return None
    return int(t)


def quoted(text: str, limit: int = 40) -> str:
    """``text`` as an error message quotes it: its first ``limit`` characters, with "…"
    when there were more, so that a value of thousands of characters (a hostile file, a
    form's field) makes a message of a line, not of pages."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


class Choice(StrEnum):
    """A value named by a word (a fact, a policy): read from text by its value, any case."""

    @classmethod
    def parse(cls, text: str) -> Self:
        t = text.strip().lower()
        for member in cls:
            if member.value == t:
                return member
        raise ModelError(f"{cls.noun()} must be one of "
                         f"{', '.join(m.value for m in cls)}, not {quoted(text)}")

    @classmethod
    def noun(cls) -> str:
        """What the value is called in an error message."""
        return cls.__name__.lower()


class Seat(IntEnum):
    """A player's seat at the table (DDS order)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The player on this seat's left, who plays next in rotation."""
        return SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) % 4]

    @property
    def side(self) -> Side:
        return _SIDES[self % 2]

    def after(self, n: int) -> Seat:
        """The seat ``n`` places clockwise from this one."""
        return SEATS[(self + n) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``"N"``, ``"north"``, ``"South"`` ... to a seat."""
        t = text.strip().upper()
        if t not in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
            raise ModelError(f"not a seat: {quoted(text)}")
        return cls("NESW".index(t[0]))

    @property
    def long_name(self) -> str:
        return ("North", "East", "South", "West")[self]


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return _SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))


SEATS: tuple[Seat, ...] = tuple(Seat)
"""The seats in order: indexing or iterating this tuple is much cheaper than calling or
iterating the enum (a ruling does either tens of thousands of times)."""
_SIDES: tuple[Side, ...] = tuple(Side)


class Suit(IntEnum):
    """A suit, in DDS order."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def mask(self) -> CardSet:
        """Every card of this suit."""
        return 0x7FFC << (16 * self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        t = text.strip().upper()
        if len(t) == 1 and t in SUIT_CHARS:
            return Suit(SUIT_CHARS.index(t))
        if len(t) == 1 and t in SUIT_SYMBOLS:
            return Suit(SUIT_SYMBOLS.index(t))
        raise ModelError(f"not a suit: {quoted(text)}")


SUITS: tuple[Suit, ...] = tuple(Suit)
"""The suits in order (cheaper than the enum, as :data:`SEATS`)."""


class Strain(IntEnum):
    """A contract's denomination: a trump suit or no trump (DDS order)."""

    S = 0
    H = 1
    D = 2
    C = 3
    NT = 4

    @property
    def trump(self) -> Suit | None:
        return _TRUMPS[self]

    @property
    def symbol(self) -> str:
        return "NT" if self == Strain.NT else SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Strain:
        t = text.strip().upper()
        if t in ("N", "NT"):
            return Strain.NT
        return Strain(Suit.parse(t))


class Card(Struct, frozen=True, order=True):
    """One playing card. ``str(card)`` is the suit letter then the rank ("S2", "HT")."""

    suit: Suit
    rank: int  # 2..14, ace high

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise ModelError(f"rank out of range: {self.rank}")

    @property
    def bit(self) -> CardSet:
        """This card as a one-card set."""
        return 1 << (16 * self.suit + self.rank)

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    def __str__(self) -> str:
        return f"{SUIT_CHARS[self.suit]}{self.rank_char}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """With a suit symbol, e.g. "♠2"."""
        return f"{self.suit.symbol}{self.rank_char}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "S2", "HT", "h10", "♠A"; the suit comes first."""
        known = CARD_BY_TEXT.get(text)
        if known is not None:  # the common spelling, e.g. "SA" (cards are immutable)
            return known
        t = text.strip().upper()
        if len(t) < 2:
            raise ModelError(f"not a card: {quoted(text)}")
        suit = Suit.parse(t[0])
        return cls(suit, parse_rank(t[1:], text))

    @classmethod
    def from_bit(cls, index: int) -> Card:
        """The card whose bit is ``1 << index``."""
        return cls(Suit(index // 16), index % 16)


_TRUMPS: tuple[Suit | None, ...] = (*SUITS, None)
"""Each strain's trump suit by value (no trump: None)."""

_CARD_AT: dict[int, Card] = {16 * suit + rank: Card(suit, rank)
                             for suit in SUITS for rank in range(2, 15)}
"""Every card by its bit index: cards are immutable values, so :func:`cards` hands out
these rather than making new ones."""

CARD_BY_TEXT: dict[str, Card] = {
    f"{s}{r}": Card(Suit(i), k + 2) for i, s in enumerate(SUIT_CHARS)
    for k, r in enumerate(RANK_CHARS)}
"""Every card by its ``str`` (what :meth:`Card.parse` reads most)."""


_RANK_OF: dict[str, int] = {ch: k + 2 for k, ch in enumerate(RANK_CHARS)}
"""Rank characters as :func:`parse_rank` reads them (upper case, no blanks)."""


def parse_rank(text: str, context: str = "") -> int:
    """"A", "K", ..., "T" or "10", "9" ... "2" to 14..2."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_CHARS:
        raise ModelError(f"not a rank: {quoted(text)}"
                         + (f" in {quoted(context)}" if context else ""))
    return RANK_CHARS.index(t) + 2


def cards(cs: CardSet) -> Iterator[Card]:
    """The cards of a set, spades first, high card first within a suit."""
    for suit in SUITS:
        holding = suit_holding(cs, suit)
        while holding:  # the highest card left first
            rank = holding.bit_length() - 1
            holding ^= 1 << rank
            yield _CARD_AT[16 * suit + rank]


def count(cs: CardSet) -> int:
    return cs.bit_count()


def suit_holding(cs: CardSet, suit: Suit) -> int:
    """The 16-bit holding of one suit (bit r set for rank r), as DDS encodes it."""
    return (cs >> (16 * suit)) & 0x7FFC


def card_set(items: Iterator[Card] | list[Card] | tuple[Card, ...]) -> CardSet:
    cs = 0
    for c in items:
        cs |= c.bit
    return cs


FULL_DECK: CardSet = Suit.S.mask | Suit.H.mask | Suit.D.mask | Suit.C.mask


def format_hand(cs: CardSet, void: str = "") -> str:
    """PBN hand notation: suits S.H.D.C, high cards first, e.g. "AKQ.T98.-.J2" style."""
    parts = []
    for suit in Suit:
        h = suit_holding(cs, suit)
        parts.append("".join(RANK_CHARS[r - 2] for r in range(14, 1, -1) if h >> r & 1) or void)
    return ".".join(parts)


def parse_hand(text: str) -> CardSet:
    """PBN hand notation "AKQ.T98..J2" (spades, hearts, diamonds, clubs) to a card set."""
    t = text.strip()
    if t in ("-", ""):
        return CS_EMPTY
    suits = t.split(".")
    if len(suits) != 4:
        raise ModelError(f"a hand needs four suits separated by dots: {quoted(text)}")
    cs = 0
    for suit, ranks in zip(Suit, suits, strict=True):
        ranks = ranks.replace("10", "T")
        if ranks == "-":
            continue
        for ch in ranks:
            bit = 1 << (16 * suit + (_RANK_OF.get(ch) or parse_rank(ch, text)))
            if cs & bit:
                raise ModelError(f"card {Card(suit, parse_rank(ch))} twice in hand "
                                 f"{quoted(text)}")
            cs |= bit
    return cs


class Deal(Struct, frozen=True):
    """The four hands as dealt, indexed by :class:`Seat`."""

    hands: tuple[CardSet, CardSet, CardSet, CardSet]

    def __getitem__(self, seat: Seat) -> CardSet:
        return self.hands[seat]

    def holder(self, card: Card) -> Seat | None:
        """The seat that was dealt ``card`` (None if nobody was)."""
        for seat in Seat:
            if self.hands[seat] & card.bit:
                return seat
        return None

    def problems(self) -> list[str]:
        """What makes this deal impossible, in words (empty when it is a proper deal)."""
        out = []
        for seat in Seat:
            n = count(self.hands[seat])
            if n != 13:
                out.append(f"{seat.long_name} holds {n} cards, not 13")
        for a in Seat:
            for b in Seat:
                if a < b and self.hands[a] & self.hands[b]:
                    dup = ", ".join(str(c) for c in cards(self.hands[a] & self.hands[b]))
                    out.append(f"{dup} dealt to both {a.long_name} and {b.long_name}")
        return out

    @classmethod
    def parse_pbn(cls, text: str) -> Deal:
        """PBN ``[Deal]`` value, "N:hand hand hand hand" clockwise from the named seat.

        A hand given as "-" is unknown; if exactly one hand is unknown and the other
        three hold 39 distinct cards, it is completed with the remaining 13.
        """
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise ModelError(f"a deal starts with the first seat and a colon: {quoted(text, 80)}")
        first = Seat.parse(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise ModelError(f"a deal needs four hands: {quoted(text, 80)}")
        hands = [CS_EMPTY] * 4
        unknown = []
        for i, part in enumerate(parts):
            seat = first.after(i)
            if part == "-":
                unknown.append(seat)
            hands[seat] = parse_hand(part)
        if len(unknown) == 1:
            rest = hands[0] | hands[1] | hands[2] | hands[3]
            if sum(count(h) for h in hands) == 39 and count(rest) == 39:
                hands[unknown[0]] = FULL_DECK & ~rest
        return cls((hands[0], hands[1], hands[2], hands[3]))

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.name}:" + " ".join(
            format_hand(self.hands[first.after(i)]) for i in range(4)
        )


class Contract(Struct, frozen=True):
    """The final contract: level, strain, doubling (0, 1, 2) and declarer."""

    level: int
    strain: Strain
    doubled: int
    declarer: Seat

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ModelError(f"contract level out of range: {self.level}")
        if self.doubled not in (0, 1, 2):
            raise ModelError(f"doubling must be 0, 1 or 2: {self.doubled}")

    def __str__(self) -> str:
        """"4S", "3NTX", "6HXX" (without declarer)."""
        return f"{self.level}{'NT' if self.strain == Strain.NT else self.strain.name}" + (
            "X" * self.doubled
        )

    @property
    def pretty(self) -> str:
        """"4♠ by South", "3NT doubled by East"."""
        dbl = ("", " doubled", " redoubled")[self.doubled]
        return f"{self.level}{self.strain.symbol}{dbl} by {self.declarer.long_name}"

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.next

    @property
    def trump(self) -> Suit | None:
        return self.strain.trump

    @classmethod
    def parse(cls, text: str, declarer: Seat) -> Contract:
        """PBN ``[Contract]`` value such as "4S", "3NTX", "6HXX" (passed-out is not a contract)."""
        t = text.strip().upper()
        if not t or t[0] not in "0123456789":  # not isdigit(): "²" is a digit to Python
            raise ModelError(f"not a contract: {quoted(text)}")
        level = int(t[0])
        rest = t[1:]
        doubled = len(rest) - len(rest.rstrip("X"))
        rest = rest.rstrip("X")
        try:
            strain = Strain.parse(rest)
        except ModelError:
            raise ModelError(f"not a contract: {quoted(text)}") from None
        return cls(level, strain, doubled, declarer)

    def hand(self, seat: Seat) -> str:
        """Whose hand a card of ``seat`` is, as a ruling names it: "dummy" for dummy's
        (declarer plays it: "dummy's ♠4"), else the seat ("North")."""
        return "dummy" if seat == self.dummy else seat.long_name

    def result_text(self, tricks: int) -> str:
        """"one down", "made", "made with two overtricks" for declarer's ``tricks``."""
        need = self.level + 6
        words = ("", "one", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "eleven", "twelve", "thirteen")
        if tricks < need:
            return f"{words[need - tricks]} down"
        if tricks == need:
            return "made exactly"
        over = tricks - need
        return f"made with {words[over]} overtrick{'s' if over > 1 else ''}"


class Vulnerability(IntEnum):
    """Who is vulnerable (endplay's ``Vul`` order)."""

    NONE = 0
    BOTH = 1
    NS = 2
    EW = 3

    def is_vulnerable(self, side: Side) -> bool:
        return self == Vulnerability.BOTH or (
            self == (Vulnerability.NS if side == Side.NS else Vulnerability.EW)
        )

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        t = text.strip().upper()
        table = {
            "NONE": cls.NONE, "LOVE": cls.NONE, "-": cls.NONE, "": cls.NONE, "O": cls.NONE,
            "ALL": cls.BOTH, "BOTH": cls.BOTH, "B": cls.BOTH,
            "NS": cls.NS, "N-S": cls.NS, "N": cls.NS,
            "EW": cls.EW, "E-W": cls.EW, "E": cls.EW,
        }
        if t not in table:
            raise ModelError(f"not a vulnerability: {quoted(text)}")
        return table[t]

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """The standard vulnerability of board ``number`` (cycle of 16)."""
        return (cls.NONE, cls.NS, cls.EW, cls.BOTH, cls.NS, cls.EW, cls.BOTH, cls.NONE,
                cls.EW, cls.BOTH, cls.NONE, cls.NS, cls.BOTH, cls.NONE, cls.NS,
                cls.EW)[(number - 1) % 16]


def dealer_for_board(number: int) -> Seat:
    """The standard dealer of board ``number``: N, E, S, W in turn."""
    return Seat((number - 1) % 4)
