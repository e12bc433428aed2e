"""Reading the third hand's signal: what the card the opening leader's partner plays to
the lead tells the other players about his holding in the suit.

Law 16A1(a): the cards played are authorised information to every player; Law 40A1(b)
lets a partnership signal by its agreed methods (Law 40B2: disclosed on its convention
card). At trick 1 the third hand who follows suit without trying to win the trick
chooses among his cards that would not win: by the textbook, high encourages (he holds
an honour of the suit: the ace, king or queen — *attitude*) and high shows an even number
of cards (*count*). Declarer, and the leader, read the card as players do: **evidence,
never certainty** — a likelihood over the holdings he may have been dealt
(:meth:`SignalReading.chance`), which weighs the layouts a player draws; it never forbids
one.

The card is read only when it is a signal: trick 1, third to play, following suit, a
card that does not beat the best card of the trick so far, and a choice of at least two
spot cards (nine or lower) that would not win it either (otherwise no card says
anything: :func:`signal_of` gives None). Among his *candidates* — the cards of the suit he
held that would not win — the chance of each is a conditional logit,
``exp(w · features)``, with :data:`FEATURES`: the card's highness among the spot cards
(0 the lowest, 1 the highest; an honour 1), that highness times the count (+1 an even
number of cards in the suit as dealt, -1 odd) and times the attitude (+1 he holds the
ace, king or queen of the suit, -1 not), whether the card is an honour (ten or higher:
thrown under the lead), and whether it is the lowest. The weights are fitted on real tables by
``benchmarks/fitting/fit_signals.py`` and kept in ``signal_style.json`` beside this module. On
them count is seen (an even holding makes a high card likelier), attitude hardly: the
reading gives each the weight the tables give it, no more.

**Upside-down** signals (low encourages, low shows even) are a partnership's agreement
(Law 40): :attr:`SignalStyle.upside_down` flips the sign of the count and attitude
meanings (the fitted weights stay, their reading is mirrored: an assumption, the tables
hold too few declared upside-down pairs to fit). The Director gives the defenders'
methods (``--signals``, ``[EquitySignals]``: :attr:`~equity.core.game.facts.Facts.signals`),
which :func:`signal_of` reads; the default is standard signals, the direction the
fitted tables show (high from an even holding) and the one a player assumes of opponents
he knows nothing of.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game import Board, Card, CardSet, Seat, Strain, Suit, suit_holding
from equity.core.reading.evidence import since

FEATURES = ("high", "high_count", "high_attitude", "honour", "lowest")
"""What the choice of card weighs, for each candidate: its highness among the spot cards
of the candidates (0 lowest … 1 highest; an honour 1); highness times count (+1 even length
as dealt, -1 odd); highness times attitude (+1 he holds the A, K or Q of the suit, -1 not);
the card is a ten or higher (an honour thrown under the lead); the card is the lowest
candidate (the card most played, signal or not)."""

SPOT = 9
"""The highest spot card: a signal needs a choice of two spot cards that would not win."""

_HONOURS = (1 << 14) | (1 << 13) | (1 << 12)
"""The ace, king and queen of a 16-bit suit holding (what attitude shows)."""


class SignalStyle(Struct, frozen=True):
    """How third hands signal, fitted on real tables: a weight per feature of
    :data:`FEATURES`, and whether the partnership plays upside-down signals."""

    weights: tuple[float, ...]
    upside_down: bool = False
    """Low encourages and low shows even (Law 40: a partnership's agreement): the count
    and attitude features change sign."""
    about: str = ""

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"a signal style has a weight for each of {FEATURES}")
        if not all(math.isfinite(w) for w in self.weights):
            raise ValueError("a signal style's weights are finite")


SIGNAL_STYLE_FILE = resources.files(__package__).joinpath("signal_style.json")
"""Where the fitted signal style is kept (``signal_style.json`` beside this module): read here,
written by ``benchmarks/fitting/fit_signals.py --write``."""


def _load() -> SignalStyle:
    data = json.loads(SIGNAL_STYLE_FILE.read_text())
    return SignalStyle(tuple(data["weights"]), False, data.get("about", ""))


SIGNAL_STYLE = _load()
"""The style fitted on the real tables (``signal_style.json``), standard signals."""


def _ranks(holding: int) -> tuple[int, ...]:
    """The ranks of a 16-bit suit holding, low first."""
    return tuple(r for r in range(2, 15) if holding >> r & 1)


def card_features(holding: int, candidates: int, upside_down: bool = False
                  ) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """Per candidate (rank, low first): its :data:`FEATURES`, given the suit as dealt
    (``holding``) and the cards of it that would not win (``candidates``), both 16-bit
    suit holdings. Highness is among the spot cards of the candidates (an honour that
    would not win counts as the highest)."""
    ranks = _ranks(candidates)
    spots = [r for r in ranks if r <= SPOT]
    n = len(spots)
    sign = -1.0 if upside_down else 1.0
    even = sign * (1.0 if holding.bit_count() % 2 == 0 else -1.0)
    attitude = sign * (1.0 if holding & _HONOURS else -1.0)
    out = []
    for r in ranks:
        high = 1.0 if r > SPOT else spots.index(r) / (n - 1) if n > 1 else 0.0
        out.append((r, (high, high * even, high * attitude, float(r > SPOT),
                        float(r == ranks[0]))))
    return tuple(out)


@cache
def card_chances(holding: int, candidates: int, style: SignalStyle) -> Mapping[int, float]:
    """The chance of each candidate (by rank) given the suit as dealt and the cards of
    it that would not win (16-bit suit holdings; cached: a handful of holdings recur
    over the layouts drawn: the mapping is shared, never to be changed)."""
    rows = card_features(holding, candidates, style.upside_down)
    scores = [sum(a * b for a, b in zip(style.weights, f, strict=True)) for _, f in rows]
    top = max(scores, default=0.0)
    exp = [math.exp(s - top) for s in scores]
    total = sum(exp)
    return {r: e / total for (r, _), e in zip(rows, exp, strict=True)}


class SignalReading(Struct, frozen=True):
    """The third hand's card to partner's opening lead as the other players read it:
    who played which card to which lead, the cards of the suit that would not have won
    the trick, and the style of the reading."""

    seat: Seat
    card: Card
    led: Card
    """Partner's opening lead."""
    dealt: CardSet
    """His hand as dealt."""
    strain: Strain
    style: SignalStyle = SIGNAL_STYLE
    losing: int = 0x7FFC
    """The ranks (a 16-bit mask) of the suit led that would not have won the trick when
    he played: below the best card so far (every rank, when dummy ruffed)."""

    what: ClassVar[str] = "the signal to the opening lead"
    how: ClassVar[str] = "read as a signal"
    mark: ClassVar[str] = "sig"
    field: ClassVar[str] = "signal"
    """Its field in the JSON of a ruling and of ``equity likely``."""

    @classmethod
    def of(cls, board: Board) -> SignalReading | None:
        """The board's signal to the opening lead as read (:func:`signal_of`)."""
        return signal_of(board)

    @property
    def held(self) -> CardSet:
        """His cards when he played it: his hand as dealt."""
        return self.dealt

    def key(self, now: CardSet) -> str:
        return f"{self.seat.name}{self.card}{since(self, now):x}"

    def chance(self, dealt: CardSet) -> float:
        """The likelihood of his card given his hand as dealt: 0 if the hand does not
        hold it, else its chance among the hand's cards of the suit that would not win
        (never 0; cheap on every layout drawn — no double dummy, cached by holding)."""
        if not dealt & self.card.bit:
            return 0.0
        holding = suit_holding(dealt, self.card.suit)
        return card_chances(holding, holding & self.losing, self.style)[self.card.rank]

    def describe(self) -> str:
        """ "East played the ♥8 to West's lead"."""
        return (f"{self.seat.long_name} played the {self.card.pretty} to "
                f"{self.seat.partner.long_name}'s lead")

    def facts(self) -> dict[str, Any]:
        """The signal as JSON (with ``text``, :meth:`describe`, beside it)."""
        return {"seat": self.seat.name, "card": str(self.card), "led": str(self.led),
                "upside_down": self.style.upside_down}

    def explain(self, law: str) -> str:
        """What the players who cannot see his hand read from the card, in a sentence
        (``law``: the edition's paragraph that authorises it, 2017's 16A1(a))."""
        way = "an upside-down" if self.style.upside_down else "a standard"
        return (f"Signal: {self.describe()}, read as {way} signal (Law {law}): the "
                "chance of each card he could play without winning, given his holding, as "
                "real third hands play them (count shows in real play, attitude barely): "
                "evidence, never certainty.")


def losing_ranks(led: Card, second: Card, trump: Suit | None) -> int:
    """The ranks of the suit led (a 16-bit mask) that do not beat the best of the lead
    and the second hand's card."""
    if second.suit != led.suit and second.suit == trump:
        return 0x7FFC  # ruffed: nothing of the suit led wins
    best = max(led.rank, second.rank) if second.suit == led.suit else led.rank
    return ((1 << best) - 1) & 0x7FFC


def is_signal(holding: int, losing: int, card: Card) -> bool:
    """Whether ``card`` from ``holding`` (the suit led as dealt, 16-bit) is a signal: it
    does not win (it is in ``losing``), and he had two spot cards that would not win."""
    return bool(holding >> card.rank & 1 and losing >> card.rank & 1
                and (holding & losing & ((1 << (SPOT + 1)) - 1)).bit_count() >= 2)


def signal_of(board: Board, upside_down: bool | None = None,
              style: SignalStyle = SIGNAL_STYLE) -> SignalReading | None:
    """The third hand's signal to the opening lead as the other players read it, from
    the board's play record (None: no contract, the opening lead not a defender's, no
    complete first three cards, he did not follow suit, his card would win the trick,
    or he had no choice of two spot cards that would not). ``upside_down``: the
    defenders' agreed methods (None: the board's ``[EquitySignals]``, else the style's,
    standard by default)."""
    contract, play = board.contract, board.play
    if contract is None or play is None or not play.tricks \
            or board.facts.play_from is not None:  # the play given starts after the lead
        return None
    leader = play.first_leader
    if leader.side == contract.declarer.side:  # declarer's side led (out of turn, accepted)
        return None
    seat = leader.partner
    trick = play.tricks[0]
    led, second, card = trick[leader], trick[leader.next], trick[seat]
    if led is None or second is None or card is None or card.suit != led.suit:
        return None
    dealt = board.deal.hands[seat]
    losing = losing_ranks(led, second, contract.strain.trump)
    if not is_signal(suit_holding(dealt, led.suit), losing, card):
        return None
    if upside_down is None and board.facts.signals is not None:
        upside_down = board.facts.signals == "upside-down"
    if upside_down is not None and upside_down != style.upside_down:
        style = replace(style, upside_down=upside_down)
    return SignalReading(seat, card, led, dealt, contract.strain, style, losing)
