"""Read BBO's LIN files into :class:`~equity.core.game.board.Board`.

LIN is a flat run of ``key|value|`` pairs; line breaks are noise. A file may hold many
boards: vugraph files start each one with ``qx|`` (``qx|o1|`` open room, board 1),
other files with ``pn|`` or ``md|``. The keys we read:

``md|3SAKQHT9D32C...,...,...,|``
    dealer (1=S 2=W 3=N 4=E), then the hands of South, West, North and East; the last
    may be empty and is then completed.
``sv|`` vulnerability (o/0 none, n NS, e EW, b both); ``ah|Board 12|`` the number.
``mb|`` one call each (``p``, ``d``, ``r``, ``1S``, ``3N``, maybe ending in ``!``);
    the contract comes from the auction.
``pc|`` one card each, in the order played; each card goes to the seat that was dealt
    it, and the seat of a trick's first card is its leader.
``mc|N|`` a claim (or concession) giving declarer N tricks in all.

We do not take endplay's LIN reading whole: its result is wrong without ``mc``. Our
``Board.result`` is the ``mc`` value, or None.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator

from msgspec import Struct, field

from equity.core.game import (
    CS_EMPTY,
    FULL_DECK,
    RANK_CHARS,
    Auction,
    Board,
    BoardError,
    Card,
    CardSet,
    Contract,
    Deal,
    Facts,
    ModelError,
    PlayRecord,
    Seat,
    Slot,
    Suit,
    Vulnerability,
    Where,
    count,
    dealer_for_board,
    small_int,
)
from equity.formats.facts import board_label, one_game
from equity.formats.text_lines import LONGEST_LINE, OVERLONG

_KEY = re.compile(r"[a-z]{2}")
_CALL = re.compile(r"([1-7])(NT|N|S|H|D|C)")
_DEALER = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_HAND_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
        "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH}
LONGEST_PIECE = 100_000
"""The longest text between two bars we keep; a longer one is garbage."""
_KEPT_PROBLEMS = 10
MOST_TOKENS = 10_000
"""The most key|value| pairs one board may hold (a real board has a few hundred)."""
_TOO_MANY = f"more than {MOST_TOKENS:,} key|value| pairs in one board"
"""Garbage errors kept per board (only the first is reported)."""
_REPEATED = ("mb", "pc", "an", "nt", "pg", "mc")
"""Keys that occur many times in a board and are not kept in ``Board.tags``."""


class Token(Struct):
    key: str
    value: str
    line: int


class RawBoard(Struct):
    """One board's tokens, and the garbage met while splitting them."""

    index: int
    tokens: list[Token] = field(default_factory=list)
    problems: list[BoardError] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)
    """``pn``/``vg`` of the file header (vugraph files), for ``Board.tags``."""
    has_deal: bool = False

    def add(self, tok: Token) -> None:
        self.tokens.append(tok)
        self.has_deal = self.has_deal or tok.key == "md"


def tokens(lines: Iterable[str]) -> Iterator[Token | BoardError]:
    """The ``key|value|`` pairs of LIN text; an error for a piece that is not a key.

    After garbage we skip one piece and try again, so a stray value does not shift
    every later key into a value. A piece (the text between two bars) longer than
    :data:`LONGEST_PIECE` is garbage; its text is not kept, so a file without bars cannot
    fill the memory.
    """
    part: list[str] = []  # the piece being read, line by line
    size = 0
    pieces: deque[tuple[str | None, int]] = deque()  # (text between bars or None, its line)
    n = 0
    bars = False  # whether any '|' was met
    for n, line in enumerate(lines, 1):
        if line is OVERLONG:  # its text is not read: the piece it is in is garbage
            yield BoardError(f"the line is longer than {LONGEST_LINE:,} bytes",
                             where=Where(line=n))
            part, size = [], LONGEST_PIECE + 1
            continue
        *done, last = line.split("|")
        bars = bars or bool(done)
        for p in done:
            part.append(p)
            size += len(p)
            pieces.append(("".join(part) if size <= LONGEST_PIECE else None, n))
            part, size = [], 0
        size += len(last)
        if size <= LONGEST_PIECE:
            part.append(last)
        else:
            part = []
        while len(pieces) >= 2:
            key, line_no = pieces.popleft()
            if key is not None and _KEY.fullmatch(key.strip().lower()):
                value = pieces.popleft()[0]
                if value is None:
                    yield BoardError(f"the value of {key.strip().lower()}| is longer than "
                                     f"{LONGEST_PIECE} characters",
                                     where=Where(tag=key.strip().lower(), line=line_no))
                else:
                    yield Token(key.strip().lower(), value.strip(), line_no)
            else:
                shown = key.strip()[:20] if key is not None else f"({LONGEST_PIECE}+ characters)"
                yield BoardError(f"garbage {shown!r} where a LIN key belongs",
                                 where=Where(line=line_no))
    rest = [p if p is not None else "..." for p, _ in pieces]
    rest.append("".join(part) if size <= LONGEST_PIECE else "...")
    tail = "|".join(p.strip() for p in rest if p.strip())
    if tail and not bars:
        yield BoardError(f"the file ends with {tail[:30]!r}, which is not a whole key|value| "
                         "pair: there is no '|' in the file (LIN separates its keys and "
                         "values with '|'; this file's separators are something else)",
                         where=Where(line=n))
    elif tail:
        yield BoardError(f"the file ends with {tail[:30]!r}, which is not a whole "
                         f"key|value| pair (cut short?)", where=Where(line=n))


def split_boards(lines: Iterable[str]) -> Iterator[RawBoard]:
    """Group tokens into boards: a board starts at ``qx``, or at ``pn``/``md`` once the
    board being read already has its deal. A group without calls, cards or deal (a
    vugraph header, commentary) is no board; its ``pn``/``vg`` go to the boards after it.
    """
    index = 0
    board = RawBoard(0)
    header: dict[str, str] = {}
    for tok in tokens(lines):
        if isinstance(tok, BoardError):
            if len(board.problems) < _KEPT_PROBLEMS:
                board.problems.append(tok)
            continue
        if tok.key == "qx" or (tok.key in ("pn", "md") and board.has_deal):
            if _is_board(board):
                index += 1
                board.index = index
                yield board
            else:
                header.update((t.key, t.value) for t in board.tokens if t.key in ("pn", "vg"))
            board = RawBoard(0, header=dict(header))
        if len(board.tokens) < MOST_TOKENS:
            board.add(tok)
        elif not board.problems or board.problems[-1].message != _TOO_MANY:
            board.problems.append(BoardError(_TOO_MANY, where=Where(line=tok.line)))
    if _is_board(board):
        board.index = index + 1
        yield board


def _is_board(board: RawBoard) -> bool:
    return any(t.key in ("md", "pc", "mb") for t in board.tokens) or bool(board.problems)


def read_lin(lines: Iterable[str], source: str) -> Iterator[Board | BoardError]:
    """Read LIN text: one :class:`Board` or :class:`BoardError` per board."""
    for raw in split_boards(lines):
        number = _number(raw)
        try:
            yield _build(raw, number, source)
        except BoardError as e:
            yield e.located(source, board_label(number, raw.index))


def _number(raw: RawBoard) -> int | None:
    """From ``ah|Board 12|``, else from ``qx|o12|``."""
    for key in ("ah", "qx"):
        for t in raw.tokens:
            if t.key == key:
                m = re.search(r"[0-9]+", t.value)
                if m and (number := small_int(m.group())) is not None:
                    return number
    return None


ROOMS = {"o": "Open", "c": "Closed"}
"""A vugraph ``qx`` value's first letter: the room the board was played in."""


@one_game
def _build(raw: RawBoard, number: int | None, source: str) -> Board:
    if raw.problems:
        raise raw.problems[0]
    tags: dict[str, str] = {}
    for t in raw.tokens:
        if t.key not in _REPEATED:
            tags.setdefault(t.key, t.value)
    for key, value in raw.header.items():
        tags.setdefault(key, value)
    room = ROOMS.get(tags.get("qx", "")[:1])
    if room is not None:  # qx|o12| / qx|c12|: PBN's [Room], as the PBN writer keeps it
        tags.setdefault("Room", room)
    md = next((t for t in raw.tokens if t.key == "md"), None)
    if md is None:
        raise BoardError("a board with calls or play but no deal (md)",
                         where=Where(tag="md", line=raw.tokens[0].line))
    dealer, deal = parse_md(md)
    if dealer is None and number is not None:
        dealer = dealer_for_board(number)

    vul = None
    sv = next((t for t in raw.tokens if t.key == "sv"), None)
    if sv is not None and sv.value:
        v = sv.value.strip().lower()
        if v not in _VUL:
            raise BoardError(f"not a vulnerability: {sv.value!r}",
                             where=Where(tag="sv", line=sv.line))
        vul = _VUL[v]
    elif number is not None:
        vul = Vulnerability.for_board(number)

    bids = [t for t in raw.tokens if t.key == "mb"]
    calls = [_call(t) for t in bids]
    contract = None
    auction = Auction.of(dealer, calls) if calls and dealer is not None else None
    unread = None
    cards = [t for t in raw.tokens if t.key == "pc"]
    if auction is not None and (wrong := auction.problems()):
        if cards:  # the contract is the auction's, and the play needs one
            raise BoardError(f"{'; '.join(wrong)}: the contract cannot be read from it",
                             where=Where(tag="mb", line=bids[0].line))
        auction, unread = None, "; ".join(wrong)
    if any(c not in ("P", "X", "XX") for c in calls):
        if auction is None and unread is None:
            raise BoardError("an auction but no dealer", where=Where(tag="md", line=md.line))
        contract = auction.contract if auction is not None else None

    result = None
    for t in raw.tokens:
        if t.key == "mc":
            tricks = small_int(t.value, 2)
            if tricks is None or not 0 <= tricks <= 13:
                raise BoardError(f"a claim must give declarer 0 to 13 tricks, not {t.value!r}",
                                 where=Where(tag="mc", line=t.line))
            result = tricks

    play = None
    if cards:
        if contract is None:
            raise BoardError("play recorded without a contract (passed out or no auction)",
                             where=Where(tag="pc", line=cards[0].line))
        problems = deal.problems()
        if problems:
            raise BoardError("the deal is not four hands of 13 distinct cards: "
                             + "; ".join(problems), where=Where(tag="md", line=md.line))
        play = _play(cards, deal, contract, result)

    return Board(source=source, index=raw.index, number=number, dealer=dealer,
                 vulnerability=vul, deal=deal, contract=contract, play=play,
                 result=result, facts=Facts(), tags=tags, auction=auction,
                 auction_unread=unread)


def parse_md(tok: Token) -> tuple[Seat | None, Deal]:
    """The dealer and deal of an ``md`` value; one missing hand is completed."""
    def fail(message: str) -> BoardError:
        return BoardError(message, where=Where(tag="md", line=tok.line))

    text = tok.value.strip()
    dealer = None
    if text[:1].isdigit():
        if text[0] not in _DEALER:
            raise fail(f"the dealer digit must be 1 to 4, not {text[0]!r}")
        dealer = _DEALER[text[0]]
        text = text[1:]
    parts = text.split(",")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        raise fail(f"more than four hands in {tok.value!r}")
    hands: list[CardSet] = [CS_EMPTY] * 4
    unknown: list[Seat] = []
    for seat, part in zip(_HAND_ORDER, [*parts, "", "", ""][:4], strict=True):
        if not part.strip():
            unknown.append(seat)
            continue
        try:
            hands[seat] = parse_lin_hand(part)
        except ModelError as e:
            raise fail(f"{seat.long_name}'s hand: {e}") from None
    if len(unknown) == 1:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        if sum(count(h) for h in hands) == 39 and count(rest) == 39:
            hands[unknown[0]] = FULL_DECK & ~rest
    return dealer, Deal((hands[0], hands[1], hands[2], hands[3]))


def parse_lin_hand(text: str) -> CardSet:
    """LIN hand notation, suit letters each followed by ranks: "SAKQHT9D32C5" ("10" too)."""
    cs = CS_EMPTY
    suit: Suit | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif ch in RANK_CHARS and suit is not None:
            bit = Card(suit, RANK_CHARS.index(ch) + 2).bit
            if cs & bit:
                raise ModelError(f"card {Card(suit, RANK_CHARS.index(ch) + 2)} twice in {text!r}")
            cs |= bit
        else:
            raise ModelError(f"unexpected {ch!r} in {text!r}")
    return cs


def _call(tok: Token) -> str:
    """One ``mb`` value as "P", "X", "XX" or a bid like "3N"; alert marks dropped."""
    v = tok.value.strip().rstrip("!").strip().upper()
    if v in ("P", "PASS"):
        return "P"
    if v in ("D", "X", "DBL"):
        return "X"
    if v in ("R", "XX", "RDBL"):
        return "XX"
    m = _CALL.fullmatch(v)
    if m is None:
        raise BoardError(f"not a call: {tok.value!r}", where=Where(tag="mb", line=tok.line))
    return m.group(1) + m.group(2)[0]


def _play(cards: list[Token], deal: Deal, contract: Contract,
          result: int | None) -> PlayRecord:
    """Cards in playing order to tricks by seat; each trick's first card names its leader."""
    if len(cards) > 52:
        t = cards[52]
        raise BoardError(f"more than 52 cards played ({len(cards)})",
                         where=Where(tag="pc", line=t.line, trick=14, card=t.value))
    tricks: list[list[Slot]] = []
    leaders: list[Seat | None] = []
    for i, t in enumerate(cards):
        trick = i // 4 + 1
        try:
            card = Card.parse(t.value)
        except ModelError:
            raise BoardError(f"not a card: {t.value!r}",
                             where=Where(tag="pc", line=t.line, trick=trick,
                                         card=t.value)) from None
        seat = deal.holder(card)
        if seat is None:
            raise BoardError(f"{card} was dealt to nobody",
                             where=Where(tag="pc", line=t.line, trick=trick, card=str(card)))
        if i % 4 == 0:
            tricks.append([None] * 4)
            leaders.append(seat)
        if tricks[-1][seat] is not None:
            raise BoardError(f"{seat.long_name} plays twice to trick {trick}",
                             where=Where(tag="pc", line=t.line, trick=trick,
                                         seat=seat.long_name, card=str(card)))
        tricks[-1][seat] = card
    return PlayRecord(
        opening_leader=contract.opening_leader,
        tricks=tuple((s[0], s[1], s[2], s[3]) for s in tricks),
        leaders=tuple(leaders),
        claimed=result is not None,
        claim_tricks=result,
    )
