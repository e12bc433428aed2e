"""Hypothesis strategies for hostile input: real records mutated, random bytes, random
PBN and LIN, and random boards in the readers' domain (for the writer's round trip).

The real records come from ``../shared/data/external`` (see tests/conftest.py); the
strategies that need them are empty there when it is absent, and the tests skip.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from hypothesis import strategies as st
from msgspec.structs import replace

from equity.core.game.board import Board, PlayRecord, Slot
from equity.core.game.cards import (
    FULL_DECK,
    Card,
    Contract,
    Deal,
    Seat,
    Strain,
    Suit,
    Vulnerability,
    card_set,
    cards,
)
from equity.core.game.errors import BoardError
from equity.core.game.facts import Attention, Facts, Requirement
from equity.formats import read_boards
from tests.builders import CLAIM_HELD, EXTERNAL

DECK: tuple[Card, ...] = tuple(cards(FULL_DECK))
SEATS = tuple(Seat)


# ---------------------------------------------------------------- real data


@cache
def real_files() -> tuple[Path, ...]:
    """Every real PBN and LIN file, smallest first (empty when the data is absent)."""
    if not EXTERNAL.is_dir():
        return ()
    files = [p for p in EXTERNAL.rglob("*") if p.suffix.lower() in (".pbn", ".lin")
             and p.is_file()]
    return tuple(sorted(files, key=lambda p: (p.stat().st_size, str(p))))


@cache
def real_boards_with_play() -> tuple[Board, ...]:
    """Every real board that reads and has a play record."""
    out = []
    for path in real_files():
        for item in read_boards(path):
            if isinstance(item, Board) and item.play is not None and item.contract is not None:
                out.append(item)
    return tuple(out)


def normalised(board: Board) -> Board:
    """What survives a PBN round trip: no source, index or tags, no reader's word on an
    auction it could not read (that auction is not written), and a trick's leader only
    where the record marks a lead out of turn (PBN cannot say who led otherwise)."""
    play = board.play
    if play is not None:
        leaders = tuple(
            seat if seat is not None and play.marks.get((i + 1, seat)) == "L" else None
            for i, seat in enumerate(play.leaders))
        play = replace(play, leaders=leaders)
    return replace(board, source="", index=0, tags={}, play=play,
                   auction_unread=None)


def real_board() -> st.SearchStrategy[Board]:
    boards = real_boards_with_play()
    return st.sampled_from(boards) if boards else st.nothing()


@st.composite
def real_text(draw: st.DrawFn, max_bytes: int = 6000) -> tuple[str, bytes]:
    """A real file's suffix and a window of its bytes starting at a line start."""
    files = real_files()
    path = draw(st.sampled_from(files))
    data = path.read_bytes()
    if len(data) > max_bytes:
        starts = [0] + [m.end() for m in re.finditer(rb"\n\n", data[: len(data) - max_bytes])]
        start = draw(st.sampled_from(starts[:2000]))
        data = data[start:start + max_bytes]
    return path.suffix.lower(), data


# ---------------------------------------------------------------- byte mutations

JUNK = st.sampled_from([
    b"", b"\x00", b"\xff\xfe", b"\xc3", b"\xe2\x82", b"\r", b"\n", b"\n\n", b"\r\n",
    b"{", b"}", b"[", b"]", b'"', b"\\", b";", b"%", b"|", b"||", b"*", b"-", b"^R", b"^L",
    b"\xb2", b"\xef\xbb\xbf", b"=1=", b"$3", b"!" * 40 + b"x", b"9" * 60,
    b'[Deal "', b'[Play "W"]', b"pc|", b"md|", b"qx|o1|", b"SA", b"HT", b"C2", b"D10",
])


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with one to four byte-level mutations."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(
            ["truncate", "insert", "delete", "duplicate", "flip", "tag", "swap_lines"]))
        n = len(out)
        i = draw(st.integers(0, n))
        if kind == "truncate":
            del out[i:]
        elif kind == "insert":
            chunk = draw(st.one_of(JUNK, st.binary(max_size=12)))
            out[i:i] = chunk
        elif kind == "delete":
            del out[i:i + draw(st.integers(1, 40))]
        elif kind == "duplicate":
            out[i:i] = out[i:i + draw(st.integers(1, 200))]
        elif kind == "flip" and n:
            j = min(i, n - 1)
            out[j] = draw(st.integers(0, 255))
        elif kind == "tag":
            tags = list(re.finditer(rb'\[(\w+) "([^"\n]*)"\]', bytes(out)))
            if tags:
                m = draw(st.sampled_from(tags))
                value = draw(st.one_of(st.sampled_from(TAG_VALUES).map(str.encode),
                                       st.binary(max_size=10)))
                out[m.start(2):m.end(2)] = value.replace(b'"', b"")
        elif kind == "swap_lines":
            lines = bytes(out).split(b"\n")
            if len(lines) > 1:
                a = draw(st.integers(0, len(lines) - 1))
                b = draw(st.integers(0, len(lines) - 1))
                lines[a], lines[b] = lines[b], lines[a]
                out = bytearray(b"\n".join(lines))
    return bytes(out)


# ---------------------------------------------------------------- random PBN / LIN

TAG_NAMES = ["Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result",
             "Play", "Auction", "EquityLaws", "EquityAttention", "EquityClaim",
             "EquityRequirement", "Event", "Note", "Site", "X"]
TAG_VALUES = ["", "?", "#", "N", "E", "S", "W", "x", "4S", "3NTX", "7NXX", "8S", "0H", "Pass",
              "None", "All", "NS", "EW", "9", "13", "14", "-1", "NS 9", "EW 4", "\u00b2",
              "2017", "1999", "end", "round; 3=play", "5=never", "1 W lead H", "3 E penalty SK",
              "6 S faced", "1 Q lead", "99999999999999999999", "^5",
              "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
              "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ -",
              "N:AKQJT.5432.5432.2 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
              "N:AKQJT.5432.5432 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432",
              "Q:... ... ... ...", "N:", "N:XYZ.1.2.3 - - -"]
PLAY_TOKENS = [*(str(c) for c in DECK), "-", "--", "+", "*", "^R", "^L", "^RSK", "=1=", "$4",
               "!", "?", "HJ?=1=", "S10", "ZZ", "{c}", "{", "}", ";x", '"', "[", "]"]


@st.composite
def random_deal_text(draw: st.DrawFn) -> str:
    """A PBN deal, right or slightly wrong."""
    perm = draw(st.permutations(DECK))
    hands = [card_set(perm[13 * i:13 * i + 13]) for i in range(4)]
    deal = Deal((hands[0], hands[1], hands[2], hands[3])).to_pbn(draw(st.sampled_from(SEATS)))
    if draw(st.booleans()):
        i = draw(st.integers(2, len(deal) - 1))
        deal = deal[:i] + draw(st.sampled_from(["", "A", "T", "..", " ", "-", "1"])) + deal[i + 1:]
    return deal


@st.composite
def random_pbn(draw: st.DrawFn) -> str:
    """PBN-looking text: games of tag pairs (plausible or not), play rows, comments."""
    games = []
    for _ in range(draw(st.integers(1, 3))):
        lines = []
        for _ in range(draw(st.integers(0, 10))):
            name = draw(st.one_of(st.sampled_from(TAG_NAMES), st.text(max_size=6)))
            if name == "Deal":
                value = draw(st.one_of(random_deal_text(), st.sampled_from(TAG_VALUES)))
            else:
                value = draw(st.one_of(st.sampled_from(TAG_VALUES), st.text(max_size=12)))
            lines.append(f'[{name} "{value}"]')
            if name == "Play" and draw(st.booleans()):
                for _ in range(draw(st.integers(0, 15))):
                    row = draw(st.lists(st.sampled_from(PLAY_TOKENS), max_size=6))
                    lines.append(" ".join(row))
            if draw(st.integers(0, 9)) == 0:
                lines.append(draw(st.sampled_from(["{ comment", "}", "% x", "; c", "[Bad",
                                                   "junk", "\t", "[Deal", '"]'])))
        sep = draw(st.sampled_from(["\n", "\r\n", "\r"]))
        games.append(sep.join(lines))
    return draw(st.sampled_from(["\n\n", "\r\n\r\n", "\n"])).join(games)


LIN_KEYS = ["md", "pc", "mb", "mc", "sv", "ah", "qx", "pn", "nt", "pg", "an", "rh", "st", "zz"]


@st.composite
def random_lin(draw: st.DrawFn) -> str:
    """LIN-looking text: key|value| pairs (plausible or not), line breaks anywhere."""
    parts = []
    for _ in range(draw(st.integers(0, 40))):
        key = draw(st.one_of(st.sampled_from(LIN_KEYS), st.text(max_size=3)))
        if key == "md" and draw(st.booleans()):
            perm = draw(st.permutations(DECK))
            hands = [_lin_hand(perm[13 * i:13 * i + 13]) for i in range(4)]
            value = draw(st.sampled_from("12345")) + ",".join(hands[:draw(st.integers(2, 4))])
        elif key == "pc":
            value = draw(st.one_of(st.sampled_from([str(c) for c in DECK]),
                                   st.text(max_size=3)))
        elif key == "mb":
            value = draw(st.sampled_from(["p", "d", "r", "1S", "3N", "7C", "8S", "2H!", "x"]))
        else:
            value = draw(st.one_of(st.sampled_from(["", "1", "13", "14", "o", "b", "Board 3",
                                                    "o12", "\u00b2", "9" * 30]),
                                   st.text(max_size=8)))
        parts.append(f"{key}|{value}|")
        if draw(st.integers(0, 5)) == 0:
            parts.append(draw(st.sampled_from(["\n", "\r\n", "|", "junk", ""])))
    return "".join(parts)


def _lin_hand(hand: tuple[Card, ...] | list[Card]) -> str:
    cs = card_set(list(hand))
    out = ""
    for suit in Suit:
        out += suit.name + "".join(str(c)[1] for c in cards(cs) if c.suit == suit)
    return out


# ---------------------------------------------------------------- random boards

STRAINS = tuple(Strain)


@st.composite
def facts(draw: st.DrawFn) -> Facts:
    by_trick = draw(st.dictionaries(st.integers(1, 13), st.sampled_from(list(Attention)),
                                    max_size=3))
    reqs = draw(st.lists(st.one_of(
        st.builds(lambda s, t, u: Requirement("lead", s, t, suit=u),
                  st.sampled_from(SEATS), st.integers(1, 13), st.sampled_from(list(Suit))),
        st.builds(lambda s, t, c: Requirement("penalty", s, t, card=c),
                  st.sampled_from(SEATS), st.integers(1, 13), st.sampled_from(DECK)),
        st.builds(lambda s, t: Requirement("faced", s, t),
                  st.sampled_from(SEATS), st.integers(1, 13))), max_size=3))
    return Facts(laws=draw(st.sampled_from([None, "2017", "2007", "1997"])),
                 attention=draw(st.sampled_from(list(Attention))),
                 attention_by_trick=by_trick,
                 claimer=draw(st.none() | st.sampled_from(SEATS)),
                 requirements=tuple(reqs))


@st.composite
def play_records(draw: st.DrawFn) -> PlayRecord | None:
    """Any play table the PBN reader can produce (cards need not be held or legal)."""
    first = draw(st.sampled_from(SEATS))
    tricks: list[tuple[Slot, Slot, Slot, Slot]] = []
    leaders: list[Seat | None] = []
    marks: dict[tuple[int, Seat], str] = {}
    for number in range(1, draw(st.integers(0, 13)) + 1):
        slots: list[Slot] = [draw(st.none() | st.sampled_from(DECK)) for _ in range(4)]
        leader = None
        for seat in SEATS:
            if slots[seat] is not None and draw(st.integers(0, 7)) == 0:
                mark = draw(st.sampled_from("RL"))
                if mark == "L" and leader is not None:
                    mark = "R"
                marks[(number, seat)] = mark
                leader = seat if mark == "L" else leader
        tricks.append((slots[0], slots[1], slots[2], slots[3]))
        leaders.append(leader)
    n_cards = sum(c is not None for t in tricks for c in t)
    claimed = draw(st.booleans())
    if n_cards == 0 and not claimed:
        return None
    return PlayRecord(first, tuple(tricks), tuple(leaders), marks, claimed, None)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board as a reader could produce it (so the writer must give it back)."""
    number = draw(st.none() | st.integers(0, 999_999_999))
    perm = draw(st.permutations(DECK))
    hands = [card_set(perm[13 * i:13 * i + 13]) for i in range(4)]
    proper = draw(st.integers(0, 5)) > 0
    if not proper:  # an improper deal: some cards moved or dropped
        for _ in range(draw(st.integers(1, 4))):
            c = draw(st.sampled_from(DECK))
            seat = draw(st.sampled_from(SEATS))
            hands[seat] ^= c.bit
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    contract = draw(st.none() | st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS),
                                          st.integers(0, 2), st.sampled_from(SEATS)))
    play = draw(play_records()) if contract is not None and proper else None
    result = draw(st.none() | st.integers(0, 13))
    if play is not None:
        n_cards = sum(c is not None for t in play.tricks for c in t)
        claimed = play.claimed or (result is not None and n_cards < 52)
        play = replace(play, claimed=claimed,
                       claim_tricks=result if claimed else None)
    return Board(source="gen.pbn", index=1, number=number,
                 dealer=draw(st.none() | st.sampled_from(SEATS)),
                 vulnerability=draw(st.sampled_from(list(Vulnerability)) if number is not None
                                    else st.none() | st.sampled_from(list(Vulnerability))),
                 deal=deal, contract=contract, play=play, result=result, facts=draw(facts()))


# ---------------------------------------------------------------- play mutations


@st.composite
def mutated_play(draw: st.DrawFn, board: Board) -> Board:
    """``board`` with one to three changes to its play record or contract: a card deleted,
    duplicated, swapped or replaced, a trick dropped or added, a claim changed, a mark
    added, the opening leader or the declarer changed."""
    assert board.play is not None and board.contract is not None
    play, contract, result = board.play, board.contract, board.result
    for _ in range(draw(st.integers(1, 3))):
        tricks = [list(t) for t in play.tricks]
        leaders = list(play.leaders)
        slots = [(i, s) for i in range(len(tricks)) for s in range(4)]
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "drop_trick",
                                     "add_trick", "claim", "mark", "leader", "declarer"]))
        if kind in ("delete", "duplicate", "swap", "replace") and slots:
            i, s = draw(st.sampled_from(slots))
            if kind == "delete":
                tricks[i][s] = None
            elif kind == "replace":
                tricks[i][s] = draw(st.sampled_from(DECK))
            else:
                j, t = draw(st.sampled_from(slots))
                if kind == "duplicate":
                    tricks[j][t] = tricks[i][s]
                else:
                    tricks[i][s], tricks[j][t] = tricks[j][t], tricks[i][s]
        elif kind == "drop_trick" and tricks:
            i = draw(st.integers(0, len(tricks) - 1))
            del tricks[i]
            del leaders[i:i + 1]
        elif kind == "add_trick":
            tricks.append([draw(st.none() | st.sampled_from(DECK)) for _ in range(4)])
            leaders.append(None)
        elif kind == "claim":
            claimed = draw(st.booleans())
            result = draw(st.none() | st.integers(0, 13))
            play = replace(play, claimed=claimed,
                           claim_tricks=result if claimed else None)
        elif kind == "mark" and slots:
            i, s = draw(st.sampled_from(slots))
            mark = draw(st.sampled_from("RL"))
            play = replace(play, marks={**play.marks, (i + 1, Seat(s)): mark})
            if mark == "L":
                leaders[i] = Seat(s)
        elif kind == "leader":
            play = replace(play, opening_leader=draw(st.sampled_from(SEATS)))
        elif kind == "declarer":
            contract = replace(contract, declarer=draw(st.sampled_from(SEATS)),
                               strain=draw(st.sampled_from(STRAINS)))
        play = replace(
            play, tricks=tuple((t[0], t[1], t[2], t[3]) for t in tricks),
            leaders=tuple(leaders))
    return replace(board, play=play, contract=contract, result=result)


def errors_only(items: list[Board | BoardError]) -> list[BoardError]:
    return [x for x in items if isinstance(x, BoardError)]


# ---------------------------------------------------------------- hostile fact values

HUGE = "9" * 5000
HOSTILE_VALUES = [
    "", " ", ";", ";;;", "-1", "0", "1", "14", "99", HUGE, "-" + HUGE, "1e3", "0x5", "\uff15",
    "²", "٣", "\u202e", "\ufeff", "a" * 20_000, "top", "TOP", "lead", "won", "N", "Q", "♠A",
    "S1", "5; won", f"5; won NS {HUGE} EW 1", "5; won NS -1 EW 5", "5; won NS 2 EW 2 EW 2",
    "lead \uff25; won NS 3 EW 5", CLAIM_HELD.replace("CJ", "HQ"), CLAIM_HELD.replace("CJ", "CK"),
    CLAIM_HELD.replace("lead S", "lead Q"), CLAIM_HELD.replace("won NS 3 EW 5", "won NS 5 EW 3"),
    CLAIM_HELD.replace("won NS 3 EW 5", "won NS 0 EW 0"), "2", "13", "12; won NS 11 EW 0"]
"""Values a fact of ours is tried with, through each door (tag, rows key, option):
empty, huge and negative numbers, tricks 0 and 14, unknown words and seats, unicode
digits and letters, very long strings, claim positions with a card twice, a card dealt
elsewhere or tricks won that do not add up."""

WORDS = ["lead", "won", "NS", "EW", "N", "E", "S", "W", ";", "-", "top", "SA", "HQ", "C2",
         "0", "5", "13", "14", "-1", HUGE, "\uff25", "\uff15", "♠K", "\u202e", "x" * 300]


@st.composite
def mutated_words(draw: st.DrawFn, valid: str) -> str:
    """``valid`` with one to three of its words dropped, doubled, swapped or replaced."""
    words = valid.replace(";", " ; ").split()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words) - 1))
        op = draw(st.sampled_from(["drop", "twice", "swap", "replace"]))
        if op == "drop" and len(words) > 1:
            del words[i]
        elif op == "twice":
            words.insert(i, words[i])
        elif op == "swap":
            j = draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
        else:
            words[i] = draw(st.sampled_from(WORDS))
    return " ".join(words).replace(" ; ", "; ")


LINE_SAFE = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                          blacklist_characters='"\\')


def hostile_value(valid: str) -> st.SearchStrategy[str]:
    """A value for a fact whose valid form is like ``valid``: a known bad one, text, or
    ``valid`` mutated. Nothing that ends a line or a PBN tag's value."""
    return st.one_of(st.sampled_from(HOSTILE_VALUES), st.text(LINE_SAFE, max_size=80),
                     mutated_words(valid))
