"""Read PBN (Portable Bridge Notation 1.0-2.1) files into :class:`~equity.core.game.board.Board`.

We lex PBN ourselves instead of using endplay's ``PBNDecoder``, because that decoder
aborts the whole file on the first bad line, reads the whole file into memory, fails
when ``[Play]`` comes before ``[Contract]``, turns ``-`` fillers into fake no-trump
cards and cannot read the ``^R`` / ``^L`` irregularity marks of PBN 2.1. A revoke
ruling needs exactly those marks and fillers, and a batch run must report a bad board
and go on with the next one.

The lexer streams line by line (lines and blank lines as :mod:`equity.formats.text_lines`
defines them): ``%`` escape lines, ``;`` comments to the end of the line, ``{ ... }``
comments (which may span lines, blank ones included), tag pairs ``[Name "value"]`` and
the section data that follows a tag (``[Play]``, ``[Auction]``, ``...Table``).

**What a game is** (the one definition; the fast reader in native/text.c reads a game
itself only where it provably agrees, and tests/test_fuzz.py checks that it does): a
game is a run of lines that are not blank, ended by a blank line outside a ``{ }``
comment or by the end of the file. ``%`` lines belong to no game; a run of lines that
holds nothing but comments and escapes is no game. Games are numbered 1, 2, ... in file
order ("game 5" in messages). Within a game a tag in :data:`_ONCE` may appear once: a
second one means a missing blank line, and the game is an error.

Limits, so that reading is linear in time and memory on every input: a line holds at
most 1 MiB (:data:`~equity.formats.text_lines.LONGEST_LINE`); a game holds at most
:data:`LONGEST_GAME` characters of tag values and section data and at most
:data:`MOST_ITEMS` tag pairs and tokens; a card or call with its annotations is at most
:data:`_LONGEST_ANNOTATED` characters. Past a limit the game is an error naming the line
(it is read on only to find where it ends).

Each row of the play section is one trick, its cards in seat order from the seat the
``[Play]`` tag names; ``-`` or ``+`` is no card, ``*`` a claim, and ``^R`` / ``^L``
mark the card that follows. Tag order does not matter.

Export conventions that fill in tags: a value ``"#"`` repeats the previous game's
value; a game that has a ``[Play]`` or ``[Contract]`` but no ``[Deal]`` (the other
table of the same board, as rpbridge.net files write it) takes the board's tags
(:data:`INHERITED`) from the previous game; without a ``[Contract]`` (BBO exports of
unfinished boards) the contract comes from a complete ``[Auction]``; rpbridge.net's
redouble ``"3NR"`` reads as ``3NTXX``.

The reader only records what the file says; it applies no card-play rules (trick
winners, legality, who held which card): that is the replay stage's job.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from msgspec import Struct, field

from equity import _native
from equity.core.game import (
    CARD_BY_TEXT,
    Board,
    BoardError,
    Card,
    Contract,
    Deal,
    ModelError,
    PlayRecord,
    Seat,
    Side,
    Slot,
    Vulnerability,
    Where,
    small_int,
)
from equity.formats.facts import board_label, one_game, parse_facts
from equity.formats.text_lines import BLOCK, LONGEST_LINE, OVERLONG, is_blank, not_text

if TYPE_CHECKING:  # imported for a record with calls (_auction)
    from equity.core.game import Auction

INHERITED = ("Event", "Site", "Date", "Stage", "Round", "Scoring",
             "Board", "Dealer", "Vulnerable", "Deal")
"""Tags a game without a ``[Deal]`` takes from the previous game (same board, other table)."""

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*\]')
"""A tag pair. The value is ``[^"\\]*`` runs between escapes, not ``(?:[^"\\]|\\.)*``:
that repeated group cost about 170 bytes of memory per character of the value."""
_TOKEN = re.compile(r"[^\s{;\[]+")
_NONSPACE = re.compile(r"\S")
_UNESCAPE = re.compile(r'\\([\\"])')
_NOTE = re.compile(r"=\d+=")
_NAG = re.compile(r"\$\d+")
_ANNOTATION = re.compile(r"(?:[!?]|=[0-9]+=|\$[0-9]+)+$")
"""Suffix, note and NAG glued to a card or call ("HJ?=1="), dropped (see
:func:`_strip_annotation`). One ``[!?]`` at a time: ``[!?]+`` inside the repeated group
made the search exponential on a token like ``"!!!!!!!!!!!!!!!!!!!!!!!!!!x"``."""
_LONGEST_ANNOTATED = _native.LONGEST_TOKEN
"""No card or call with its annotations is longer; a longer token is not stripped."""
_RESULT_SIDES = re.compile(r"(NS|EW)\s*([0-9]{1,2})(?![0-9])", re.IGNORECASE)
_ONCE = ("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result",
         "Auction", "Play", "EquityLaws", "EquityAttention", "EquityClaim", "EquityRequirement",
         "EquityWithdrawn")
"""Tags a game holds at most once; a second one means a missing blank line between games."""
_LONGEST_PENDING = 8192
"""A tag pair spread over lines (import format) is given up on after this many characters:
it is a lone ``[``, and joining every later line to it would be quadratic."""
_UNKNOWN = ("", "?")
LONGEST_GAME = 4 << 20
"""The most characters of tag values and section tokens a game may hold."""
MOST_ITEMS = 100_000
"""The most tag pairs and section tokens a game may hold."""


class TagPair(Struct):
    """One tag pair and the section data that follows it (token rows with their lines)."""

    name: str
    value: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


class RawGame(Struct):
    """The tag pairs of one game as lexed, with any syntax problems met on the way."""

    index: int
    line: int
    tags: list[TagPair] = field(default_factory=list)
    problems: list[BoardError] = field(default_factory=list)
    """The first syntax problem met (only the first is kept: it is the one reported)."""
    size: int = 0
    """Characters of tag values and tokens kept so far."""
    items: int = 0
    """Tag pairs and tokens kept so far."""

    def problem(self, error: BoardError) -> None:
        if not self.problems:
            self.problems.append(error)

    def keep(self, chars: int, items: int, line: int) -> bool:
        """Count a tag pair or a row of tokens; False (and a problem) past the limits."""
        self.size += chars
        self.items += items
        if self.size <= LONGEST_GAME and self.items <= MOST_ITEMS:
            return True
        self.problem(BoardError(
            f"the game is too long: more than {LONGEST_GAME:,} characters or {MOST_ITEMS:,} "
            f"tag pairs and tokens (is the blank line that ends a game missing?)",
            where=Where(line=line)))
        return False


_ANY_TAG = re.compile(rb'^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]*("|\r?$)', re.MULTILINE)
"""A line that begins a tag pair (a file cut inside its first tag is PBN). A tag pair
inside a line of prose (a README quoting ``[Event "..."]``) is not one: PBN's tag pairs
start their line, after any comment."""
_NO_TEXT = re.compile(rb"(?m)^%.*$|\{[^}]*\}?|\A\xef\xbb\xbf")
"""What a PBN file may hold besides its games: escape lines and comments (and a BOM)."""


def refused(head: bytes) -> str | None:
    """Why a ``.pbn`` file starting with ``head`` (its first block) is not read at all:
    it is not text (:func:`~equity.formats.text_lines.not_text`), or its first
    :data:`~equity.formats.text_lines.BLOCK` bytes hold no tag pair: not a PBN file (a
    README named .pbn gave one error per paragraph). None: read it."""
    problem = not_text(head)
    text = _NO_TEXT.sub(b"", head)
    if problem is not None or _ANY_TAG.search(text) or not text.strip():
        return problem  # not text; a PBN file; or no text at all: no game, no error
    within = "" if len(head) < BLOCK else f" in its first {BLOCK // 1024} KiB"
    return (f"not a PBN file: it holds no tag pair ([Name \"value\"]){within}; a PBN "
            "game is tag pairs such as [Deal \"N:...\"], one a line")


def lex(lines: Iterable[str]) -> Iterator[RawGame]:
    """Split PBN text into games, one :class:`RawGame` at a time."""
    game: RawGame | None = None
    current: TagPair | None = None
    in_comment, comment_line = False, 0
    pending, pending_line = "", 0  # a tag pair spread over lines (import format)
    index = 0
    seen: set[str] = set()  # the game's tags that may occur only once

    for n, line in enumerate(lines, 1):
        pos = 0
        here = n  # the line a tag pair on this line started on
        if line is OVERLONG:  # never blank; its text (comment or not) is not read
            if game is None:
                index += 1
                game = RawGame(index, n)
            game.problem(BoardError(f"the line is longer than {LONGEST_LINE:,} bytes",
                                    where=Where(line=n)))
            pending = ""
            continue
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment = False
            pos = end + 1
        elif line.startswith("%"):
            continue
        elif is_blank(line):
            if pending and game is not None:
                game.problem(BoardError("unterminated tag pair", where=Where(line=pending_line)))
            pending = ""
            if game is not None:
                yield game
                game, current = None, None
                seen = set()
            continue
        elif pending:
            line, here, pending = pending + " " + line, pending_line, ""
        tokens: list[str] = []
        while True:
            nonspace = _NONSPACE.search(line, pos)
            if nonspace is None:
                break
            pos = nonspace.start()
            ch = line[pos]
            if ch == ";":
                break
            if ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    in_comment, comment_line = True, here
                    break
                pos = end + 1
                continue
            if game is None:
                index += 1
                game = RawGame(index, here)
            if ch == "[":
                m = _TAG.match(line, pos)
                if m is None:
                    closed = line.find("]", pos) >= 0
                    if not closed and len(line) - pos > _LONGEST_PENDING:
                        game.problem(BoardError("a tag pair opened with '[' is never closed",
                                                where=Where(line=here)))
                    elif not closed:  # the pair goes on on the next line
                        pending, pending_line = line[pos:], here
                    else:
                        game.problem(BoardError('malformed tag pair (expected [Name "value"])',
                                                where=Where(line=here)))
                    break
                if tokens and current is not None and game.keep(
                        sum(map(len, tokens)), len(tokens), n):
                    current.rows.append((n, tokens))
                tokens = []
                current = TagPair(m.group(1), _UNESCAPE.sub(r"\1", m.group(2)), here)
                if current.name in seen:
                    game.problem(BoardError(
                        f"a second [{current.name}] in one game: is the blank line that "
                        f"ends a game missing?", where=Where(tag=current.name, line=here)))
                elif current.name in _ONCE:
                    seen.add(current.name)
                if game.keep(len(current.value), 1, here):
                    game.tags.append(current)
                pos = m.end()
                continue
            m = _TOKEN.match(line, pos)
            assert m is not None  # any other character starts a token
            tokens.append(m.group())
            pos = m.end()
        if tokens:
            if current is not None:
                if game is not None and game.keep(sum(map(len, tokens)), len(tokens), n):
                    current.rows.append((n, tokens))
            elif game is not None:
                game.problem(BoardError(f"text {tokens[0][:40]!r} outside any tag pair or "
                                        "section", where=Where(line=n)))
    if in_comment:  # a lone "{" would otherwise swallow the rest of the file unseen
        if game is None:
            game = RawGame(index + 1, comment_line)
        game.problem(BoardError("a { comment is never closed: it runs to the end of the file",
                                where=Where(line=comment_line)))
    if game is not None:
        if pending:
            game.problem(BoardError("unterminated tag pair", where=Where(line=pending_line)))
        yield game


def read_pbn(lines: Iterable[str], source: str) -> Iterator[Board | BoardError]:
    """Read PBN text: one :class:`Board` or :class:`BoardError` per game with a deal.

    Games without a ``[Deal]`` and without a ``[Play]`` (tag-syntax tests, file
    headers) are skipped silently.
    """
    prev: dict[str, str] = {}
    for game in lex(lines):
        tags, first = _resolve(game, prev)
        prev = tags
        number = _number_of(tags)
        label = board_label(number, game.index)
        try:
            board = _build(game, tags, first, number, source)
        except BoardError as e:
            yield e.located(source, label)
            continue
        if board is not None:
            yield board


def _resolve(game: RawGame, prev: dict[str, str]) -> tuple[dict[str, str], dict[str, TagPair]]:
    """The game's tag values with ``#`` and inheritance applied, and each tag's first pair.

    A repeated tag (``[Note]``) keeps its first value for interpretation; in the
    returned values all of them are joined by newlines.
    """
    parts: dict[str, list[str]] = {}
    first: dict[str, TagPair] = {}
    for tp in game.tags:
        value = prev.get(tp.name, tp.value) if tp.value == "#" else tp.value
        if tp.name in first:
            parts[tp.name].append(value)
        else:
            first[tp.name] = tp
            parts[tp.name] = [value]
    values = {name: "\n".join(p) for name, p in parts.items()}  # linear, not += per repeat
    if "Deal" not in values and ("Play" in values or "Contract" in values) and "Deal" in prev:
        for name in INHERITED:
            if name not in values and name in prev:
                values[name] = prev[name]
    return values, first


def _board_number(text: str) -> int | None:
    return small_int(text)


def _number_of(tags: dict[str, str]) -> int | None:
    """The game's board number (a repeated ``[Board]``'s first value)."""
    return _board_number(tags.get("Board", "").split("\n")[0])


@one_game
def _build(game: RawGame, tags: dict[str, str], first: dict[str, TagPair],
           number: int | None, source: str) -> Board | None:
    """Interpret one game's tags; raises BoardError (without source and board)."""
    if game.problems:
        raise game.problems[0]
    lines = {name: tp.line for name, tp in first.items()}

    def fail(tag: str, message: str) -> BoardError:
        return BoardError(message, where=Where(tag=tag, line=lines.get(tag)))

    def value(tag: str) -> str | None:
        """The tag's value, None when absent or unknown ("" or "?")."""
        v = tags.get(tag)
        return None if v is None or v.strip() in _UNKNOWN else v.strip()

    play_pair = first.get("Play")
    if value("Deal") is None:
        if play_pair is None:
            return None
        raise fail("Play", "a [Play] section but no [Deal]")
    try:
        deal = Deal.parse_pbn(tags["Deal"])
    except ModelError as e:
        raise fail("Deal", str(e)) from None

    dealer = None
    if (text := value("Dealer")) is not None:
        try:
            dealer = Seat.parse(text)
        except ModelError as e:
            raise fail("Dealer", str(e)) from None

    vul = None
    if (text := value("Vulnerable")) is not None:
        try:
            vul = Vulnerability.parse(text)
        except ModelError as e:
            raise fail("Vulnerable", str(e)) from None
    elif number is not None:
        vul = Vulnerability.for_board(number)

    declarer = None
    if (text := value("Declarer")) is not None:
        try:
            declarer = Seat.parse(text.lstrip("^"))
        except ModelError as e:
            raise fail("Declarer", str(e)) from None

    auction, unread = (_auction(first["Auction"], tags["Auction"]) if "Auction" in first
                       else (None, None))
    if auction is not None and value("Contract") is None and (wrong := auction.problems()):
        auction, unread = None, "; ".join(wrong)  # it cannot give the contract
    final = auction.contract if auction is not None else None
    if declarer is None and final is not None:
        declarer = final.declarer
    contract = None
    passed_out = False
    if (text := value("Contract")) is None:
        if final is not None:  # no [Contract]: the auction tells (BBO exports omit it)
            contract = final
        elif auction is not None:
            passed_out = True
    else:
        if re.fullmatch(r"[1-7][A-Z]+R", text.upper()):
            text = text[:-1] + "XX"  # rpbridge.net writes a redouble as "R"
        if text.upper() in ("PASS", "AP", "PASSED", "P"):
            passed_out = True
        elif declarer is not None:
            try:
                contract = Contract.parse(text, declarer)
            except ModelError as e:
                raise fail("Contract", str(e)) from None
        else:
            try:  # still check the value, so a bad contract is named as such
                Contract.parse(text, Seat.N)
            except ModelError as e:
                raise fail("Contract", str(e)) from None

    if auction is not None and value("Contract") is not None:
        wrong = auction.problems(contract)
        if passed_out and not wrong and final is not None:
            wrong = [f"the auction ends in {final.pretty}, but the contract is a pass-out"]
        if wrong:  # the record is usable without it: not read, and said (Law 16A1(a))
            auction, unread = None, "; ".join(wrong)
    result = _result(value("Result"), declarer, fail)
    facts = parse_facts(tags, lines)

    play = None
    if play_pair is not None:
        play = _play(play_pair, tags["Play"], result, contract,
                     14 - facts.play_from.trick if facts.play_from is not None else 13)
    if play is not None:
        if contract is None and unread is not None:
            raise fail("Auction", f"{unread}: the contract cannot be read from it")
        if contract is None:
            if passed_out:
                raise fail("Play", "play recorded on a passed-out board")
            if value("Contract") is not None:
                raise fail("Declarer", "a [Contract] and a [Play] but no [Declarer]")
            raise fail("Play", "a [Play] section but no [Contract]")
        problems = deal.problems()
        if problems:
            raise fail("Deal", "the deal is not four hands of 13 distinct cards: "
                       + "; ".join(problems))

    return Board(source=source, index=game.index, number=number, dealer=dealer,
                 vulnerability=vul, deal=deal, contract=contract, play=play,
                 result=result, facts=facts, tags=tags, auction=auction,
                 auction_unread=unread)


def _auction(pair: TagPair, seat_text: str) -> tuple[Auction | None, str | None]:
    """The ``[Auction]`` section's calls from the tag's seat, or None and why they cannot
    be read, naming the call; (None, None) for a section without calls. A ``-`` (no call
    known, before the dealer) counts as a pass; whether the calls are a legal auction is
    the caller's question (:meth:`~equity.core.game.calls.Auction.problems`)."""
    calls: list[str] = []
    for raw in (raw for _, row in pair.rows for raw in row):
        tok = _strip_annotation(raw).upper()
        if not tok or tok.startswith("^") or tok == "*":
            continue
        if tok == "AP":
            calls += ["P", "P", "P"]
            break
        if tok in ("PASS", "P", "-"):
            calls.append("P")
        elif tok in ("X", "XX"):
            calls.append(tok)
        elif re.fullmatch(r"[1-7](NT|N|S|H|D|C)", tok):
            calls.append(tok[:2])
        elif tok == "+":
            return None, f"the auction is marked as not finished ('+') after call {len(calls)}"
        else:
            return None, f"call {len(calls) + 1}, {raw[:20]!r}: not a call"
    if not calls:
        return None, None
    try:
        seat = Seat.parse(seat_text)
    except ModelError:
        return None, f"the [Auction] tag names no seat for the first call: {seat_text[:20]!r}"
    from equity.core.game import Auction  # (start-up: a record with calls only)

    return Auction.of(seat, calls), None


def _result(text: str | None, declarer: Seat | None,
            fail: Callable[[str, str], BoardError]) -> int | None:
    """Declarer's tricks from ``[Result]``: "9", "^5", "NS 9 EW 4" or "NS 11"."""
    if text is None:
        return None
    t = text.lstrip("^").strip()
    if (n := small_int(t, 2)) is not None:
        tricks = n
    else:
        sides = {s.upper(): int(k) for s, k in _RESULT_SIDES.findall(t)}
        if not sides or _RESULT_SIDES.sub("", t).strip():
            raise fail("Result", f"not a number of tricks: {text!r}")
        if declarer is None:
            return None
        mine = "NS" if declarer.side == Side.NS else "EW"
        theirs = "EW" if mine == "NS" else "NS"
        tricks = sides[mine] if mine in sides else 13 - sides[theirs]
    if not 0 <= tricks <= 13:
        raise fail("Result", f"not a number of tricks: {text!r}")
    return tricks


def _play_error(message: str, line: int, trick: int, seat: Seat | None = None,
                token: str | None = None) -> BoardError:
    return BoardError(message, where=Where(tag="Play", line=line, trick=trick,
                                           seat=seat.long_name if seat is not None else None,
                                           card=token))


def _play(pair: TagPair, leader_text: str, result: int | None,
          contract: Contract | None, length: int = 13) -> PlayRecord | None:
    """The ``[Play]`` section as a :class:`PlayRecord`; None when it holds no card and no
    claim (e.g. ``[Play ""]`` on a passed-out board, or a bare ``+``). ``length``: how
    many the play runs to (fewer for a play from a later trick, ``[EquityPlayFrom]``);
    a record that stops short with a ``[Result]`` is read as a claim.

    Each row is one trick, its cards in seat order from the seat named by the tag
    (whoever led it). ``-`` and ``+`` stand for no card, ``*`` marks a claim, ``^R`` /
    ``^L`` mark the card that follows; notes ``=1=``, NAGs ``$14`` and ``!``/``?``
    suffixes are skipped.
    """
    first: Seat | None = contract.opening_leader if contract is not None else None
    t = leader_text.strip()
    if t not in _UNKNOWN:
        try:
            first = Seat.parse(t)
        except ModelError as e:
            raise BoardError(str(e), where=Where(tag="Play", line=pair.line)) from None
    tricks: list[tuple[Slot, Slot, Slot, Slot]] = []
    leaders: list[Seat | None] = []
    marks: dict[tuple[int, Seat], str] = {}
    claimed = False
    n_cards = 0

    for line, row in pair.rows:
        trick = len(tricks) + 1
        slots: list[Slot] = []
        leader: Seat | None = None
        mark: str | None = None
        for tok in _split_marks(row):
            seat = first.after(len(slots)) if first is not None else None
            card = CARD_BY_TEXT.get(tok)  # most tokens: a card as plainly written
            if card is None:
                if tok == "*":
                    claimed = True
                    continue
                if _NOTE.fullmatch(tok) or _NAG.fullmatch(tok) or not tok.strip("!?"):
                    continue
                if tok in ("^R", "^L"):
                    if mark is not None:
                        raise _play_error(f"two irregularity marks ({mark} and {tok}) on one "
                                          "card", line, trick, seat, tok)
                    mark = tok
                    continue
                if tok == "+" or not tok.strip("-"):  # "--" too, as some exporters write
                    if mark is not None:
                        raise _play_error(f"the mark {mark} must precede a card, not {tok!r}",
                                          line, trick, seat, tok)
                    slots.append(None)
                    continue
                try:
                    card = Card.parse(_strip_annotation(tok))
                except ModelError:
                    raise _play_error(f"unknown card {tok!r}", line, trick, seat, tok) from None
            if seat is None:
                raise _play_error("the [Play] tag does not name the seat on lead",
                                  line, trick, None, tok)
            if mark is not None:
                marks[(trick, seat)] = mark[1]
                if mark == "^L":
                    leader = seat
                mark = None
            slots.append(card)
            n_cards += 1
        if mark is not None:
            raise _play_error(f"the mark {mark} is not followed by a card", line, trick,
                              first.after(len(slots)) if first is not None else None, mark)
        if not slots:
            continue
        if len(slots) > 4:
            raise _play_error(f"a row of the play holds {len(slots)} cards, not four",
                              line, trick, None, str(slots[4] or "-"))
        if trick > 13:
            raise _play_error("more than 13 tricks in the play", line, trick)
        by_seat: list[Slot] = [None] * 4
        for i, c in enumerate(slots):
            by_seat[(first or Seat.N).after(i)] = c
        tricks.append((by_seat[0], by_seat[1], by_seat[2], by_seat[3]))
        leaders.append(leader)

    if n_cards == 0 and not claimed:
        return None
    if first is None:
        raise BoardError("the [Play] tag does not name the seat on lead",
                         where=Where(tag="Play", line=pair.line))
    unmarked = n_cards < 4 * length and result is not None and not claimed
    if unmarked:
        claimed = True  # many exporters write the claimed result but omit the "*"
    return PlayRecord(opening_leader=first, tricks=tuple(tricks), leaders=tuple(leaders),
                      marks=marks, claimed=claimed,
                      claim_tricks=result if claimed else None, claim_unmarked=unmarked)


def _strip_annotation(tok: str) -> str:
    """A card or call without the suffix, note and NAG glued to it ("HJ?=1=" -> "HJ")."""
    return tok if len(tok) > _LONGEST_ANNOTATED else _ANNOTATION.sub("", tok)


def _split_marks(row: list[str]) -> Iterator[str]:
    """The row's tokens, with a mark glued to its card ("^RSK") split off."""
    for tok in row:
        if tok.startswith("^") and len(tok) > 2:
            yield tok[:2]
            yield tok[2:]
        else:
            yield tok
