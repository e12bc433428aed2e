"""The quitted rows: a case entered as the table shows it, read into boards with their play.

When a revoke is reported the Director has the hand record (the deals) and, in front of
each player, his cards in the order he played them (Law 65C). The rows form writes
exactly that, one line per seat, plus the contract and the facts::

    # board 1 of the evening
    board: 1
    contract: 3NT
    declarer: E
    result: 6
    attention: end
    S: H7 C6 C8 C9 S8 ST HA HK H9 H5 H2 SJ CT
    W: H3 D2 D7 D8 C5 S3 H4 HT CJ S5 CK SA SQ
    N: HJ D3 D4 D5 C2 DT H6 C3 C4 CQ S7 S4 SK
    E: HQ DA DK DQ DJ D9 H8 D6 C7 S2 CA S6 S9

Keys (case-insensitive, one per line, ``#`` starts a comment):

``N:`` / ``E:`` / ``S:`` / ``W:`` (or ``North:`` ...)
    that seat's cards in the order played (``D5``, ``♦5``, ``d10``; commas optional);
    ``?`` for a card nobody remembers. A ``*`` ends the play with a claim. A ``-`` ends
    a row where that seat played no card to the last trick, the seats after it having
    played (as PBN's ``-``): attention was drawn before it played (Law 62A), and their
    cards came after that moment.
``contract:`` ``3NT``, ``4SX``, optionally with the declarer: ``3NT E``, ``4S by S``.
``declarer:`` the declarer's seat, when the contract does not name it.
``deal:`` the deal as PBN writes it (``N:K74.J6.T543.Q432 ...``), when no hand record
    is given.
``board:`` the board number (picks the board of a hand record).
``result:`` declarer's total tricks as the scorer recorded them; with fewer than 52
    cards it is a claim or concession (as PBN's ``[Result]``).
The facts, as our PBN tags say them (:data:`FACT_KEYS`, from each fact's declaration in
    :mod:`equity.core.game.facts`; read by :func:`~equity.formats.facts.parse_facts`, so a
    fact means the same in both forms): ``laws:`` the edition (``[EquityLaws]``);
    ``authority:`` the regulating authority (``[EquityAuthority]``); ``ruled-by:`` who
    assigns the score (``[EquityRuledBy]``); ``attention:`` when attention was drawn
    (``[EquityAttention]``); ``claim:`` who claimed or conceded (``[EquityClaim]``);
    ``claim-status:`` agreed or disputed (``[EquityClaimStatus]``); ``self-inflicted:``
    (``[EquitySelfInflicted]``); ``require:`` Law 61A(b) requirements
    (``[EquityRequirement]``, repeatable); ``withdrawn:`` the cards withdrawn at a
    revoke corrected at the table (``[EquityWithdrawn]``, Law 62; the rows hold each
    trick as finally played); ``players:`` the class of player (``[EquityPlayers]``);
    ``signals:`` the defenders' signals (``[EquitySignals]``); ``ui:`` unauthorised
    information a player had (``[EquityUI]``, Law 16B); ``ai:`` what he may infer from
    the auction and play (``[EquityAI]``). On a hand record's board they replace the
    board's own tags.
``auction:`` the calls from the dealer on, as PBN spells them, optionally after the
    dealer's seat: ``auction: N 1NT P 3NT P P P`` (``1N``/``1NT``, ``P``/``Pass``,
    ``X``, ``XX``, ``AP`` for the three closing passes; any case, commas optional).
    Without a seat the dealer is the ``dealer:`` line's, else the board's. The calls
    must be a legal, ended auction (:meth:`~equity.core.game.calls.Auction.problems`);
    its final contract is the contract, and must agree with a ``contract:`` given too.
    The decision model reads what the calls showed (Law 16A1(a)).
``lead:`` the opening leader, checked against the contract; with ``play-from:`` the seat
    that led that trick (required, not checked: the play before it is not given).
``play-from:`` the rows give the play from this trick to the end, not before
    (``[EquityPlayFrom]``): each row holds the cards its seat played from there, the
    hands at that trick (:mod:`equity.core.game.play_from`); no ``?`` (the cards played
    before it are not known), and no claim.
``revoke:`` a revoke as reported at the table (``[EquityRevoke]``), for a case ruled
    without the card play: ``revoke: 4 E S3 established; won E; later yes`` with
    ``result:`` declarer's tricks in all, and no seat rows
    (:mod:`equity.core.game.revoke_report`).
``claim-position:`` a claim as found at the table (``[EquityClaimPosition]``), for a
    case ruled without the play before it: ``claim-position: lead S; won NS 3 EW 5;
    N SK S7 S4 CQ C4; E ...; S ...; W ...`` with ``claim:``, ``claim-status:`` and
    ``result:`` declarer's tricks in all as claimed, and no seat rows
    (:mod:`equity.core.game.start_position`).
``won:`` optional, the side each trick's quitted cards point to (Law 65C), e.g.
    ``won: EW NS NS ...``; checked against the tricks the rows rebuild.

The tricks are rebuilt as the cards were played: the opening leader's first card, then
clockwise each seat's next card; the winner of each trick (decided by
:class:`~equity.core.game.position.Position`, the one implementation of the rules of play)
leads the next. A card that could not follow suit is marked ``^R`` as PBN does. What
does not fit is a :class:`~equity.core.game.errors.BoardError` naming the board, the seat and
the card: a card not dealt to that seat, a card twice, a row of the wrong length, a
leader that does not fit (the ``won:`` line, or a stopped play whose last trick was not
begun by its leader).

A ``?`` stands for any of the cards dealt to that seat that its row does not name;
:func:`read_rows` gives one board per way of filling them that rebuilds (a single
``?`` in a complete row is always the one missing card).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.game import (
    FACTS,
    Auction,
    Board,
    BoardError,
    Call,
    Card,
    Contract,
    Deal,
    ModelError,
    PlayRecord,
    Position,
    Seat,
    Side,
    Slot,
    Vulnerability,
    Where,
    card_set,
    cards,
    count,
    dealer_for_board,
    record_start,
    small_int,
)
from equity.formats.facts import fact_tags, parse_facts

__all__ = ["FACT_KEYS", "MAX_POSSIBILITIES", "Possibility", "RowsCase", "board_to_rows",
           "parse_rows", "read_rows", "rows_boards"]

MAX_POSSIBILITIES = 24
"""At most this many ways of filling the ``?`` cards are ruled; more is an error."""

UNKNOWN = "?"
NO_CARD = "-"

T = TypeVar("T")

_SEAT_KEYS = {"n": Seat.N, "north": Seat.N, "e": Seat.E, "east": Seat.E,
              "s": Seat.S, "south": Seat.S, "w": Seat.W, "west": Seat.W}
FACT_KEYS = {fact.key: fact.tag for fact in FACTS if fact.key is not None}
"""The rows keys of the facts and the PBN tags they stand for."""
_KEY_OF_TAG = {tag: key for key, tag in FACT_KEYS.items()}
WITHOUT_PLAY = ("EquityRevoke", "EquityClaimPosition")
"""The facts a case is ruled from without its card play (no seat rows)."""

_KEYS = ("board", "deal", "contract", "declarer", "auction", "result", "lead", "won",
         "dealer", "vulnerable", *FACT_KEYS)
_VULNERABLE = {Vulnerability.NONE: "None", Vulnerability.NS: "NS",
               Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class RowsCase(Struct, frozen=True):
    """What a rows text says, before the tricks are rebuilt."""

    source: str
    rows: Mapping[Seat, tuple[Card | None, ...]]
    """Each seat's cards in the order played; None for a ``?``."""
    stops: Mapping[Seat, int] = field(default_factory=dict)
    """The trick to which a seat whose row ends in ``-`` played no card."""
    number: int | None = None
    deal: Deal | None = None
    contract_text: str | None = None
    declarer: Seat | None = None
    result: int | None = None
    claimed: bool = False
    lead: Seat | None = None
    won: tuple[Side, ...] | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    calls: tuple[Call, ...] | None = None
    """The ``auction:`` line's calls (checked once the dealer is known)."""
    auction_dealer: Seat | None = None
    """The seat the ``auction:`` line starts with, if it names one."""
    facts: Mapping[str, str] = field(default_factory=dict)
    """The facts the rows give, as our tags (``{"EquityAttention": "returned"}``)."""
    lines: Mapping[str, int] = field(default_factory=dict)
    """The line each key (``"N"`` for a seat) was read from, for error messages."""

    @property
    def label(self) -> str:
        return f"board {self.number}" if self.number is not None else "the rows"

    @property
    def unknowns(self) -> int:
        return sum(1 for row in self.rows.values() for c in row if c is None)


class Possibility(Struct, frozen=True):
    """One board the rows rebuild, and what its ``?`` cards were taken to be:
    (seat, place in that seat's row = trick number, card)."""

    board: Board
    unknown: tuple[tuple[Seat, int, Card], ...] = ()

    def describe(self) -> str:
        """"North's card 5 = ♣2, North's card 6 = ♦T" (empty without ``?``)."""
        return ", ".join(f"{s.long_name}'s card {i} = {c.pretty}" for s, i, c in self.unknown)


def _fail(message: str, source: str, label: str | None, line: int | None = None,
          seat: Seat | None = None, card: str | None = None, trick: int | None = None
          ) -> BoardError:
    name = seat.long_name if seat is not None else None
    return BoardError(message, source, label,
                      Where(line=line, trick=trick, seat=name, card=card))


def _card(token: str) -> Card:
    t = token.strip().rstrip(",;")
    if t and t[0] in _SYMBOLS:
        t = _SYMBOLS[t[0]] + t[1:]
    return Card.parse(t)


def parse_rows(text: str, source: str = "<rows>") -> RowsCase:
    """Read a rows text (see the module's documentation). Raises :class:`BoardError`
    naming the line, and the seat and card where there is one."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    rows: dict[Seat, tuple[Card | None, ...]] = {}
    stops: dict[Seat, int] = {}
    requirements: list[str] = []
    claimed = False
    number: int | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        k = key.strip().lower()
        if not sep or (k not in _SEAT_KEYS and k not in _KEYS):
            raise _fail(f"a line reads KEY: VALUE with KEY a seat (N, E, S, W) or one of "
                        f"{', '.join(_KEYS)}: {line[:60]!r}", source, None, n)
        if k == "board":  # first, so later errors name the board
            number = small_int(value)
            if number is None:
                raise _fail(f"not a board number: {value.strip()[:20]!r}", source, None, n)
        label = f"board {number}" if number is not None else None
        if k in _SEAT_KEYS:
            seat = _SEAT_KEYS[k]
            if seat.name in lines:
                raise _fail(f"{seat.long_name}'s row is given twice (lines "
                            f"{lines[seat.name]} and {n})", source, label, n, seat)
            lines[seat.name] = n
            row: list[Card | None] = []
            for token in value.replace(",", " ").split():
                if token == "*":
                    claimed = True
                    continue
                if seat in stops:
                    raise _fail(f"'{NO_CARD}' (no card: the play stopped before "
                                f"{seat.long_name} played) ends the row, but {token[:20]!r} "
                                "follows it", source, label, n, seat, token[:20], len(row) + 1)
                if token == NO_CARD:
                    stops[seat] = len(row) + 1
                    continue
                if token == UNKNOWN:
                    row.append(None)
                    continue
                try:
                    row.append(_card(token))
                except ModelError:
                    raise _fail(f"not a card: {token[:20]!r}", source, label, n, seat,
                                token[:20], len(row) + 1) from None
            rows[seat] = tuple(row)
            continue
        if k == "require":
            requirements.append(value.strip())
            lines.setdefault(k, n)
            continue
        if k in values:
            raise _fail(f"'{k}:' is given twice (lines {lines[k]} and {n})", source, label, n)
        values[k] = value.strip()
        lines[k] = n
    if requirements:
        values["require"] = "; ".join(requirements)
    return replace(_case(values, lines, rows, claimed, number, source), stops=stops)


def _case(values: Mapping[str, str], lines: Mapping[str, int],
          rows: Mapping[Seat, tuple[Card | None, ...]], claimed: bool, number: int | None,
          source: str) -> RowsCase:
    label = f"board {number}" if number is not None else None

    def fail(key: str, message: str) -> BoardError:
        return _fail(message, source, label, lines.get(key))

    def parsed(key: str, parse: Callable[[str], T]) -> T | None:
        """The value of ``key:`` read by ``parse`` (None when not given)."""
        if not values.get(key):
            return None
        try:
            return parse(values[key])
        except ModelError as e:
            raise fail(key, f"{key}: {e}") from None

    def seat_of(key: str) -> Seat | None:
        return parsed(key, Seat.parse)

    deal = parsed("deal", Deal.parse_pbn)
    contract_text = values.get("contract") or None
    declarer = seat_of("declarer")
    if contract_text is not None:
        words = contract_text.replace(" by ", " ").split()
        if len(words) == 2:
            named = seat_of_text(words[1])
            if named is None:
                raise fail("contract", f"a contract reads like '3NT' or '3NT E': "
                           f"{contract_text[:30]!r}")
            if declarer is not None and declarer != named:
                raise fail("contract", f"the contract names {named.long_name} as declarer, "
                           f"declarer: says {declarer.long_name}")
            declarer, contract_text = named, words[0]
        elif len(words) != 1:
            raise fail("contract", f"a contract reads like '3NT' or '3NT E': "
                       f"{contract_text[:30]!r}")
    result: int | None = None
    if values.get("result"):
        t = values["result"]
        result = small_int(t, 2)
        if result is None or result > 13:
            raise fail("result", f"result: declarer's tricks, 0 to 13, not {t[:20]!r}")
    won: tuple[Side, ...] | None = None
    if values.get("won"):
        sides = {"NS": Side.NS, "N-S": Side.NS, "EW": Side.EW, "E-W": Side.EW}
        try:
            won = tuple(sides[w.upper()] for w in values["won"].replace(",", " ").split())
        except KeyError as e:
            raise fail("won", f"won: one side per trick, NS or EW, not {e.args[0]!r}"
                       ) from None
    vulnerability = parsed("vulnerable", Vulnerability.parse)
    dealer = seat_of("dealer")
    auction_dealer, calls = parsed("auction", _calls) or (None, None)
    if auction_dealer is not None and dealer is not None and auction_dealer != dealer:
        raise fail("auction", f"the auction starts with {auction_dealer.long_name}, "
                   f"dealer: says {dealer.long_name}")
    facts = {tag: values[key] for key, tag in FACT_KEYS.items() if values.get(key)}
    try:
        parse_facts(facts)
    except BoardError as e:
        key = _KEY_OF_TAG[e.where.tag or ""]
        raise fail(key, f"{key}: {e.message}") from None
    return RowsCase(source=source, rows=dict(rows), number=number, deal=deal,
                    contract_text=contract_text, declarer=declarer, result=result,
                    claimed=claimed, lead=seat_of("lead"), won=won, dealer=dealer,
                    vulnerability=vulnerability, calls=calls, auction_dealer=auction_dealer,
                    facts=facts, lines=dict(lines))


def _calls(text: str) -> tuple[Seat | None, tuple[Call, ...]]:
    """An ``auction:`` value: the dealer's seat if it starts with one, and the calls
    (``AP``, all pass, is the three closing passes). Raises :class:`ModelError`."""
    words = text.replace(",", " ").split()
    dealer = seat_of_text(words[0]) if words else None
    calls: list[Call] = []
    for word in words[1:] if dealer is not None else words:
        if word.upper() == "AP":
            calls.extend(Call.parse("P") for _ in range(3))
        else:
            calls.append(Call.parse(word))
    if not calls:
        raise ModelError("no calls: write them from the dealer on, e.g. 'N 1NT P 3NT P P P'")
    return dealer, tuple(calls)


def seat_of_text(text: str) -> Seat | None:
    try:
        return Seat.parse(text)
    except ModelError:
        return None


def _base_board(case: RowsCase, base: Board | None) -> Board:
    """The board the rows are played on: the hand record's, with the rows' values on
    top (contract, auction, result, facts)."""
    label = case.label if base is None else base.label

    def fail(key: str, message: str) -> BoardError:
        return _fail(message, case.source, label, case.lines.get(key))

    deal = case.deal if case.deal is not None else (base.deal if base is not None else None)
    if deal is None:
        raise fail("deal", "no deal: give a hand record (--deal FILE) or a 'deal:' line")
    if base is not None and case.deal is not None and case.deal != base.deal:
        raise fail("deal", f"the 'deal:' line is not the hand record's deal of {base.label}")
    problems = deal.problems()
    if problems:
        raise fail("deal", "the deal is not a deal: " + "; ".join(problems))
    number = case.number if case.number is not None else (base.number if base else None)
    dealer = case.dealer if case.dealer is not None else case.auction_dealer
    if dealer is None and base is not None:
        dealer = base.dealer
    if dealer is None and number is not None:
        dealer = dealer_for_board(number)
    auction = _auction(case, dealer, fail)
    declarer = case.declarer
    if declarer is None and base is not None and base.contract is not None:
        declarer = base.contract.declarer
    contract: Contract | None = base.contract if base is not None else None
    if case.contract_text is not None:
        if declarer is None:
            if auction is None or auction.contract is None:
                raise fail("contract", "who was declarer? Add 'declarer: E' (or '3NT E')")
            declarer = auction.contract.declarer
        try:
            contract = Contract.parse(case.contract_text, declarer)
        except ModelError as e:
            raise fail("contract", str(e)) from None
    elif auction is not None:
        contract = auction.contract
        if contract is None:
            raise fail("auction", "the auction was passed out (Law 22B): there is no play "
                       "to rule on")
        if case.declarer is not None and case.declarer != contract.declarer:
            raise fail("declarer", f"declarer: says {case.declarer.long_name}, the auction makes "
                       f"{contract.declarer.long_name} declarer")
    elif contract is not None and declarer is not None and declarer != contract.declarer:
        contract = replace(contract, declarer=declarer)
    if contract is None:
        raise fail("contract", "no contract: add 'contract: 3NT' and 'declarer: E'")
    if auction is not None and (wrong := auction.problems(contract)):
        raise fail("auction", "; ".join(wrong))
    facts = parse_facts({**(fact_tags(base.facts) if base is not None else {}),
                         **case.facts})
    vulnerability = case.vulnerability if case.vulnerability is not None else (
        base.vulnerability if base is not None else None)
    if number is not None:
        vulnerability = vulnerability if vulnerability is not None else (
            Vulnerability.for_board(number))
    return Board(source=base.source if base is not None else case.source,
                 index=base.index if base is not None else 1, number=number, dealer=dealer,
                 vulnerability=vulnerability, deal=deal, contract=contract, play=None,
                 result=case.result, facts=facts,
                 tags=dict(base.tags) if base is not None else {}, auction=auction)


def _auction(case: RowsCase, dealer: Seat | None, fail: Callable[[str, str], BoardError]
             ) -> Auction | None:
    """The ``auction:`` line's calls from ``dealer``, checked to be a legal, ended
    auction (:meth:`Auction.problems`); None when the rows give no auction."""
    if case.calls is None:
        return None
    if dealer is None:
        raise fail("auction", "who dealt? Start the auction with the dealer's seat "
                   "('auction: N 1NT P 3NT P P P'), or add 'dealer:' or 'board:'")
    auction = Auction(dealer, case.calls)
    problems = auction.problems()
    if problems:
        raise fail("auction", "auction: " + "; ".join(problems))
    return auction


def _check_rows(case: RowsCase, board: Board, contract: Contract, partial: bool) -> None:
    """What can be told before rebuilding: each card dealt to its seat, no card twice,
    rows of a length the play allows (any, while ``partial``), the opening leader."""
    label = board.label

    def fail(seat: Seat, message: str, card: Card | None = None, place: int | None = None
             ) -> BoardError:
        return _fail(message, case.source, label, case.lines.get(seat.name), seat,
                     str(card) if card is not None else None, place)

    start = board.facts.play_from
    if start is not None:
        _check_from(case, board, start.trick)
    elif case.lead is not None and case.lead != contract.opening_leader:
        raise _fail(f"lead: {case.lead.long_name} does not fit: against {contract.pretty} "
                    f"{contract.opening_leader.long_name} leads (a lead out of turn cannot "
                    "be entered as rows; write the case in PBN with ^L)", case.source, label,
                    case.lines.get("lead"), case.lead)
    seen: dict[Card, Seat] = {}
    for seat in Seat:
        row = case.rows.get(seat, ())
        for place, card in enumerate(row, 1):
            if card is None:
                continue
            if card in seen:
                where = ("twice in this row" if seen[card] == seat
                         else f"also in {seen[card].long_name}'s row")
                raise fail(seat, f"{card} is entered {where}", card, place)
            seen[card] = seat
            if not board.deal[seat] & card.bit:
                holder = board.deal.holder(card)
                raise fail(seat, f"{seat.long_name} does not hold {card} (dealt to "
                           f"{holder.long_name if holder else 'nobody'}): card {place} of "
                           "the row", card, place)
    lengths = {seat: len(case.rows.get(seat, ())) + (seat in case.stops) for seat in Seat}
    most = 14 - start.trick if start is not None else 13
    for seat in Seat:
        if lengths[seat] > most:
            raise fail(seat, f"{seat.long_name}'s row has {lengths[seat]} cards, more than "
                       f"{most}")
    if len(set(case.stops.values())) > 1:
        by_trick = sorted(case.stops, key=lambda seat: (case.stops[seat], seat))
        a, b = by_trick[0], by_trick[-1]
        raise fail(b, f"'{NO_CARD}' stops {a.long_name}'s row at trick {case.stops[a]} and "
                   f"{b.long_name}'s at trick {case.stops[b]}: the play stops once")
    # a play from a later trick runs to the end; its [Result] is the tricks in all
    claimed = case.claimed or (case.result is not None and start is None)
    attention = case.facts.get("EquityAttention", "")
    during_play = any(p.strip().rpartition("=")[2].strip().lower() == "play"
                      for p in attention.replace(",", ";").split(";"))
    stopped = partial or claimed or during_play or bool(case.stops)
    total = sum(lengths.values())
    reported = any(tag in case.facts for tag in WITHOUT_PLAY)
    if total == 0 and not claimed and not reported:
        raise _fail("no play: enter each seat's cards in the order played (or the revoke "
                    "as reported, 'revoke:')", case.source, label)
    if total == 0 and reported:  # ruled from the facts (Law 64A), without the play
        return
    if total < 4 * most and not stopped:
        short = min(Seat, key=lambda s: (lengths[s], s))
        raise fail(short, f"{short.long_name}'s row has {lengths[short]} cards, not {most} "
                   "(if the play stopped at a claim, add 'result:' with declarer's tricks "
                   "or end a row with '*'; if it stopped when attention was drawn, "
                   "'attention: play')")
    if not partial and max(lengths.values()) - min(lengths.values()) > 1:
        long = max(Seat, key=lambda s: (lengths[s], -s))
        short = min(Seat, key=lambda s: (lengths[s], s))
        raise fail(long, f"{long.long_name}'s row has {lengths[long]} cards but "
                   f"{short.long_name}'s only {lengths[short]}: every seat plays one card "
                   "to each trick")


def _check_from(case: RowsCase, board: Board, trick: int) -> None:
    """What a play from ``trick`` (``play-from:``) needs besides: who led it, no ``?``
    (the cards played before it are not known), no claim."""
    where = case.source, board.label
    if case.lead is None and any(case.rows.values()):
        raise _fail(f"lead: who led trick {trick}? The rows start there (play-from: "
                    f"{trick}): add 'lead: SEAT'", *where, case.lines.get("play-from"))
    if any(c is None for row in case.rows.values() for c in row):
        raise _fail(f"a play from trick {trick} cannot have '?' cards: the cards played "
                    "before it are not known, so nothing says which one it was",
                    *where, case.lines.get("play-from"))
    if case.claimed:
        raise _fail(f"a play from trick {trick} runs to the end of trick 13 (its cards are "
                    "the hands there): no claim", *where, case.lines.get("play-from"))


def _fillings(case: RowsCase, board: Board) -> Iterator[dict[Seat, list[Card]]]:
    """Every way of putting a card where a row has ``?``: the cards dealt to that seat
    and not named in its row, in every order."""
    per_seat: list[list[list[Card]]] = []
    for seat in Seat:
        row = case.rows.get(seat, ())
        holes = [i for i, c in enumerate(row) if c is None]
        named = {c for c in row if c is not None}
        free = [c for c in cards(board.deal[seat]) if c not in named]
        options = []
        for chosen in itertools.permutations(free, len(holes)):
            filled = list(row)
            for i, c in zip(holes, chosen, strict=True):
                filled[i] = c
            options.append([c for c in filled if c is not None])
        per_seat.append(options)
    for combo in itertools.product(*per_seat):
        yield {seat: combo[seat] for seat in Seat}


def _rebuild(case: RowsCase, board: Board, contract: Contract,
             rows: Mapping[Seat, Sequence[Card]], partial: bool = False) -> PlayRecord:
    """The tricks, as the cards were played: the opening leader, then each trick's
    winner leads (Position decides winners); a card that could not follow is ``^R``.
    ``partial``: rows being entered seat by seat may run ahead of the tricks; the
    tricks stop where the next seat to play has no card yet."""
    label = board.label
    start = board.facts.play_from
    first = start.trick if start is not None else 1
    held = tuple(card_set(list(rows[s])) for s in Seat)
    lead = case.lead if start is not None and case.lead is not None \
        else contract.opening_leader
    position = Position((held[0], held[1], held[2], held[3]) if start is not None
                        else board.deal.hands, contract.strain, lead)
    used = dict.fromkeys(Seat, 0)
    tricks: list[tuple[Slot, Slot, Slot, Slot]] = []
    marks: dict[tuple[int, Seat], str] = {}
    for number in range(first, 14):
        row = number - first + 1  # the record's row: its trick counted from the first
        leader = position.leader
        slots: list[Slot] = [None, None, None, None]
        played = 0
        stop: Seat | None = None  # the seat that played no card ('-'): the play stops
        for k in range(4):
            seat = leader.after(k)
            if case.stops.get(seat) == number and used[seat] == len(rows[seat]):
                stop = stop if stop is not None else seat
                continue
            if used[seat] >= len(rows[seat]):
                break
            card = rows[seat][used[seat]]
            if stop is None:  # after the stop a card is recorded, not played (Law 62A)
                if position.is_revoke(card):
                    marks[(row, seat)] = "R"
                position = position.play(card)
            slots[seat] = card
            used[seat] += 1
            played += 1
        if played:
            tricks.append((slots[0], slots[1], slots[2], slots[3]))
        if stop is not None:
            left = [s for s in Seat if used[s] < len(rows[s])]
            if left and not partial:
                s = left[0]
                raise _fail(f"the play stops at trick {number}, where {stop.long_name} played "
                            f"no card ('{NO_CARD}'), but {s.long_name} has a card left "
                            f"({rows[s][used[s]]})", case.source, label,
                            case.lines.get(s.name), s, str(rows[s][used[s]]), number)
            break
        if case.won is not None and played == 4 and row <= len(case.won):
            winner = position.leader
            if winner.side != case.won[row - 1]:
                raise _fail(f"the rows make {winner.long_name} win trick {number} (and lead "
                            f"the next), but the quitted cards point to "
                            f"{case.won[row - 1].name}: the leader does not fit",
                            case.source, label, case.lines.get("won"), winner, None, number)
        if played < 4:
            left = [s for s in Seat if used[s] < len(rows[s])]
            if left and not partial:
                short = _short_row(rows, leader.after(played), number)
                if short is not None:
                    raise _fail(short, case.source, label,
                                case.lines.get(leader.after(played).name),
                                leader.after(played), None, number)
                s = left[0]
                raise _fail(f"the play stops at trick {number}, where {leader.long_name} was "
                            f"on lead{' and had no card left' if played == 0 else ''}, "
                            f"but {s.long_name} has a card left ({rows[s][used[s]]}): the "
                            "leader does not fit", case.source, label, case.lines.get(s.name),
                            s, str(rows[s][used[s]]), number)
            break
    if case.won is not None and len(case.won) > len(tricks):
        raise _fail(f"won: gives {len(case.won)} tricks, the rows {len(tricks)}",
                    case.source, label, case.lines.get("won"))
    n_cards = sum(count(board.deal.hands[s]) - count(position.hands[s]) for s in Seat)
    claimed = case.claimed or (n_cards < 52 and case.result is not None and start is None)
    return PlayRecord(opening_leader=lead, tricks=tuple(tricks),
                      leaders=tuple(None for _ in tricks), marks=marks, claimed=claimed,
                      claim_tricks=case.result if claimed else None)


def _short_row(rows: Mapping[Seat, Sequence[Card]], seat: Seat, trick: int
               ) -> str | None:
    """When the play stops because ``seat`` has no card left while every other row is
    longer, the fault is most likely a card missing from ``seat``'s row: the message that
    says so (None when the rows do not point at one row)."""
    n = len(rows[seat])
    others = [len(rows[s]) for s in Seat if s != seat]
    if not all(m > n for m in others):
        return None
    longer = f"the others {others[0]}" if len(set(others)) == 1 else \
        "the others " + ", ".join(str(m) for m in others)
    return (f"{seat.long_name}'s row has {n} card{'s' if n != 1 else ''}, {longer}: "
            f"{seat.long_name} is to play to trick {trick} and has no card left; is a card "
            f"missing from {seat.long_name}'s row?")


def rows_boards(case: RowsCase, base: Board | None = None, partial: bool = False
                ) -> list[Possibility]:
    """The boards ``case`` rebuilds on the hand record's board ``base`` (or on its own
    ``deal:``): one, or one per way of filling its ``?`` cards. ``partial``: the play is
    still being entered, so it may stop anywhere (the rows still differ by at most one
    card). Raises :class:`BoardError` for rows that do not fit the deal or each
    other."""
    board = _base_board(case, base)
    contract = board.contract
    assert contract is not None
    _check_rows(case, board, contract, partial)
    if any(tag in case.facts for tag in WITHOUT_PLAY) and not any(case.rows.values()) \
            and not case.stops:
        # ruled from the facts reported, without the play: no play record, and the
        # hand record's result when the rows give none
        if base is not None and board.result is None:
            board = replace(board, result=base.result)
        return [Possibility(board)]
    holes = [(seat, i + 1) for seat in Seat
             for i, c in enumerate(case.rows.get(seat, ())) if c is None]
    out: list[Possibility] = []
    first_error: BoardError | None = None
    seen: set[tuple[tuple[Slot, Slot, Slot, Slot], ...]] = set()
    for n, rows in enumerate(_fillings(case, board)):
        if n >= 10_000 or len(out) > MAX_POSSIBILITIES:
            raise _fail(f"too many ways to fill the '?' cards (more than "
                        f"{MAX_POSSIBILITIES}): enter the cards that are remembered",
                        case.source, board.label)
        try:
            play = _rebuild(case, board, contract, rows, partial)
        except BoardError as e:
            first_error = first_error or e
            continue
        if play.tricks in seen:
            continue
        seen.add(play.tricks)
        unknown = tuple((seat, place, rows[seat][place - 1]) for seat, place in holes)
        out.append(Possibility(replace(board, play=play), unknown))
    if not out:
        assert first_error is not None
        raise first_error
    return out


def read_rows(text: str, source: str = "<rows>", base: Board | None = None
              ) -> list[Possibility]:
    """:func:`parse_rows` then :func:`rows_boards`."""
    return rows_boards(parse_rows(text, source), base)


def played_rows(board: Board) -> dict[Seat, list[str]]:
    """Each seat's row as rows write it: its cards in the order played, and ``-`` where
    it played no card to the last trick while a seat after it did (the play stopped
    there). Rows say nothing about who led: for play without a lead out of turn."""
    play, contract = board.play, board.contract
    out: dict[Seat, list[str]] = {s: [] for s in Seat}
    if play is None or contract is None:
        return out
    position = Position(record_start(board)[0], contract.strain, play.opening_leader)
    for trick in play.tricks:
        order = [(seat, trick[seat]) for seat in (position.leader.after(k) for k in range(4))]
        last = max((k for k, (_, c) in enumerate(order) if c is not None), default=-1)
        for k, (seat, card) in enumerate(order):
            if card is not None:
                out[seat].append(str(card))
            elif k < last:
                out[seat].append(NO_CARD)
        for _, card in order:
            if card is None:
                break
            position = position.play(card)
    return out


def board_to_rows(board: Board) -> str:
    """A board with its play as a rows text (the inverse of :func:`read_rows` for play
    that rows can express: no lead out of turn, no missing card before the last trick;
    a play from a later trick, ``[EquityPlayFrom]``, names who led it, ``lead:``)."""
    out = []
    if board.number is not None:
        out.append(f"board: {board.number}")
    if board.dealer is not None:
        out.append(f"dealer: {board.dealer.name}")
    if board.vulnerability is not None:
        out.append(f"vulnerable: {_VULNERABLE[board.vulnerability]}")
    out.append(f"deal: {board.deal.to_pbn()}")
    if board.contract is not None:
        out.append(f"contract: {board.contract}")
        out.append(f"declarer: {board.contract.declarer.name}")
    if board.auction is not None:
        out.append(f"auction: {board.auction.dealer.name} {board.auction}")
    if board.result is not None:
        out.append(f"result: {board.result}")
    out.extend(f"{_KEY_OF_TAG[tag]}: {value}" for tag, value in fact_tags(board.facts).items())
    if board.play is not None and board.facts.play_from is not None:
        out.append(f"lead: {board.play.opening_leader.name}")
    if board.play is not None:
        first = board.play.opening_leader
        rows = played_rows(board)
        for k in range(4):
            seat = first.after(k)
            row = rows[seat] + (["*"] if board.play.claimed and k == 0 else [])
            out.append(f"{seat.name}: {' '.join(row)}")
    return "\n".join(out) + "\n"
