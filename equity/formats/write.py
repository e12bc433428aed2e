"""Write boards as PBN, so that :func:`equity.formats.read_text` reads back the same board.

:func:`board_to_pbn` writes what a :class:`~equity.core.game.board.Board` holds: the board
number, dealer, vulnerability, deal, contract and declarer, the result, an auction that
has ended (``[Auction]``, four calls a line from the dealer's), the play table
(one row per trick, cards by seat from the opening leader, ``-`` for a missing card,
``^R`` / ``^L`` before a marked card, ``*`` for a claim) and our fact tags
(:data:`~equity.formats.facts.FACT_TAGS`).
A few identification tags of the original (``Event``, ``Site``, ``Date`` ...) are copied
when they are plain text; other tags and notes are not written.

Reading the text back gives a board equal to the original but for ``source``, ``index``
and ``tags``, for every board the readers can produce, with one exception PBN cannot
express: LIN gives the order of play, so a LIN board knows who led each trick
(``PlayRecord.leaders``); PBN tabulates cards by seat and says who led only for a lead
out of turn (``^L``). Leaders that follow the rules go without saying and are dropped;
a leader who was not on lead (and is not marked ``^L``) cannot be written, and
:func:`board_to_pbn` raises :class:`~equity.core.game.errors.BoardError` rather than write a
record that would replay as something else.

Boards no reader produces may not come back the same (they are written anyway): a play
record without a contract, more than 13 tricks, a mark on a missing card, a claim without
the ``*`` (``claimed`` False but a result and fewer than 52 cards: the reader takes the
result as a claim), or a numbered board with unknown vulnerability (the reader gives a
numbered board its standard vulnerability).
"""

from __future__ import annotations

from collections.abc import Iterable

from equity.core.game import (
    Board,
    BoardError,
    Contract,
    PlayRecord,
    Seat,
    Vulnerability,
    Where,
    trick_winner,
)
from equity.formats.facts import fact_tags

__all__ = ["board_to_pbn", "boards_to_pbn"]

COPIED_TAGS = ("Event", "Site", "Date", "Round", "West", "North", "East", "South",
               "Scoring", "Room", "Stage")
"""Identification tags copied from ``Board.tags`` when their value is one line of text."""

_VULNERABLE = {Vulnerability.NONE: "None", Vulnerability.NS: "NS",
               Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}


_PBN_CALL = {"P": "Pass", "X": "X", "XX": "XX"}
"""PBN's spelling of the calls that are not bids (a bid is written "1NT", "2S")."""


def boards_to_pbn(boards: Iterable[Board]) -> str:
    """Several boards as one PBN file (games separated by blank lines)."""
    return "\n".join(board_to_pbn(b) for b in boards)


def board_to_pbn(board: Board) -> str:
    """One board as a PBN game, ending with a newline.

    Raises :class:`BoardError` for a play record PBN cannot hold: a trick led by a
    player who was not on lead, without a ``^L`` mark (as LIN can record it).
    """
    if board.play is not None and board.contract is not None:
        _check_leaders(board, board.play, board.contract)
    out: list[str] = []
    for name in COPIED_TAGS:
        value = board.tags.get(name)
        if value is not None and _plain(value):
            out.append(_tag(name, value))
    if board.number is not None:
        out.append(_tag("Board", str(board.number)))
    if board.dealer is not None:
        out.append(_tag("Dealer", board.dealer.name))
    if board.vulnerability is not None:
        out.append(_tag("Vulnerable", _VULNERABLE[board.vulnerability]))
    out.append(_tag("Deal", board.deal.to_pbn(Seat.N)))
    if board.contract is not None:
        out.append(_tag("Declarer", board.contract.declarer.name))
        out.append(_tag("Contract", str(board.contract)))
    if board.result is not None:
        out.append(_tag("Result", str(board.result)))
    out.extend(_tag(name, value) for name, value in fact_tags(board.facts).items())
    if board.auction is not None and board.auction.complete:
        out.append(_tag("Auction", board.auction.dealer.name))
        calls = [_PBN_CALL.get(str(c), str(c).replace("N", "NT")) for c in board.auction.calls]
        out.extend(" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4))
    if board.play is not None:
        out.append(_tag("Play", board.play.opening_leader.name))
        out.extend(_play_rows(board.play))
    return "\n".join(out) + "\n"


def _play_rows(play: PlayRecord) -> list[str]:
    """One row per trick, cards in seat order from the opening leader; then ``*``."""
    rows = []
    for i, trick in enumerate(play.tricks):
        number = i + 1
        tokens = []
        for k in range(4):
            seat = play.opening_leader.after(k)
            card = trick[seat]
            mark = play.marks.get((number, seat))
            text = str(card) if card is not None else "-"
            tokens.append(f"^{mark} {text}" if mark is not None else text)
        rows.append(" ".join(tokens))
    if play.claimed and not play.claim_unmarked:  # an unmarked claim is written as read
        rows.append("*")
    return rows


def _check_leaders(board: Board, play: PlayRecord, contract: Contract) -> None:
    """Every trick's recorded leader is the one the rules (or a ``^L``) make; PBN says
    nothing else about who led. Checked up to the first incomplete trick, as the replay
    does. A play from a later trick (``[EquityPlayFrom]``) starts with its [Play] seat."""
    leader = contract.opening_leader if board.facts.play_from is None else play.opening_leader
    for i, trick in enumerate(play.tricks):
        given = play.given_leader(i + 1)
        if given is not None and given != leader:
            if play.marks.get((i + 1, given)) != "L":
                raise BoardError(f"PBN cannot record that {given.long_name} led trick {i + 1} "
                                 f"while {leader.long_name} was on lead", board.source,
                                 board.label, Where(trick=i + 1, seat=given.long_name))
            leader = given
        plays = [(s, c) for k in range(4) if (c := trick[s := leader.after(k)]) is not None]
        if len(plays) < 4:
            return
        leader = trick_winner(plays, contract.trump)  # the kernel's rule (Law 44)


def _plain(value: str) -> bool:
    """A value we can copy: one line, no ``#`` (which means "as the previous game")."""
    return value.strip() != "#" and value.isprintable()


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'
