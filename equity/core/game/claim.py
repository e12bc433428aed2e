"""A claim as the table states it (Law 68C): who claimed, and his statement, step by
step, in the order stated. A fact of the board, read from ``[EquityClaim]``; what the
statement means in the play, and how the Director judges it, is the law's
(:mod:`equity.core.law.claims`).

``[EquityClaim "S: HA HK; trumps; ruff S; crossruff"]`` — the claimer's seat, a colon,
then the steps separated by ``;``:

* ``HA HK`` — cards he said he would play, in this order;
* ``trumps`` — draw the opponents' trumps first;
* ``ruff SUIT`` — ruff the trick in progress or the next lead of SUIT (``ruff SUIT
  SEAT``: that hand of his side ruffs; default: the claimer himself);
* ``crossruff`` — ruff back and forth between his side's hands;
* ``winners`` — cash his winners;
* ``concede N`` — he concedes N of the remaining tricks;
* ``finesse CARD`` — take the finesse with CARD;
* ``N SUIT`` (``6 D``) — he counted N tricks in SUIT ("six diamonds, five spades and two
  clubs"), without saying in what order he would take them;
* ``squeeze`` — he said the rest comes from a squeeze;
* ``if CONDITION: STEP`` — a line for one layout ("if clubs are 4-1 I shall ruff the fourth
  round": ``if C 4-1: ruff C``), followed once the play shows the layout;
* ``provided CONDITION: STEP`` — a line he stated on a reading of the hands ("a double
  squeeze, provided the information about the opening bid was accurate": ``provided E has
  5 S: squeeze``), followed from the claim when the deal bears the reading out.

A CONDITION is ``SUIT N-M`` (the opponents' cards of SUIT were dealt N and M, either way
round) or ``SEAT has N SUIT`` (``N+``: N or more) — what the deal is, never what was played.

``"S:"`` is a claim with nothing said; ``"S"`` (no colon, the older form) names the
claimer and says nothing of a statement.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game.cards import Card, Choice, ModelError, Seat, Suit, quoted
from equity.core.game.claim_steps import STEPS, ClaimWord
from equity.core.game.facts import ClaimStatus


class ClaimOrder(Choice):
    """The order the Director found the claimer stated at the table for the suits he
    did not name card by card (70B: his statement stands as made; 70E2 lets an
    authority deem one where he stated none): ``[EquityClaimOrder "top"]``."""

    TOP = "top"
    """Each suit from the top: within a suit, his highest card first."""

    @classmethod
    def noun(cls) -> str:
        return "the order the claimer stated"


class Condition(Struct, frozen=True):
    """What a conditional step says of the deal (never of the play): the opponents'
    cards of ``suit`` were dealt ``low`` and ``high`` between them, either way round
    (``seat`` None: ``C 4-1``), or ``seat`` was dealt ``low`` to ``high`` of ``suit``
    (``E has 5 S``, ``E has 5+ S``). ``proviso``: stated as the reading the line rests
    on (``provided``), not as a branch the play will show (``if``)."""

    suit: Suit
    low: int
    high: int
    seat: Seat | None = None
    proviso: bool = False

    def __str__(self) -> str:
        return self._said(False)

    def describe(self) -> str:
        """In words: "if ♣ 4-1", "provided East has 5 ♠"."""
        return self._said(True)

    def _said(self, words: bool) -> str:
        word = "provided" if self.proviso else "if"
        suit = self.suit.symbol if words else self.suit.name
        if self.seat is None:
            return f"{word} {suit} {self.high}-{self.low}"
        more = self.high == 13 and self.low < 13
        n = f"{self.low}{(' or more' if words else '+') if more else ''}"
        return f"{word} {self.seat.long_name if words else self.seat.name} has {n} {suit}"

    def met(self, lengths: tuple[int, int]) -> bool:
        """Whether dealt lengths meet it: the two opponents' (for a split), or the seat's
        (its first)."""
        if self.seat is None:
            return sorted(lengths) == [self.low, self.high]
        return self.low <= lengths[0] <= self.high

    @classmethod
    def parse(cls, text: str, proviso: bool) -> Condition:
        """"C 4-1", "E has 5 S", "E has 5+ S"."""
        words = text.split()
        if len(words) == 2 and "-" in words[1]:
            a, _, b = words[1].partition("-")
            if not (_count(a, 0) and _count(b, 0)) or int(a) + int(b) > 13:
                raise ModelError(f"'SUIT N-M' splits at most 13 cards: {_quoted(text)}")
            low, high = sorted((int(a), int(b)))
            return cls(Suit.parse(words[0]), low, high, None, proviso)
        if len(words) == 4 and words[1].lower() == "has":
            n = words[2]
            more = n.endswith("+")
            n = n.rstrip("+")
            if not _count(n, 0):
                raise ModelError(f"'SEAT has N SUIT' counts 0-13 cards: {_quoted(text)}")
            return cls(Suit.parse(words[3]), int(n), 13 if more else int(n),
                       Seat.parse(words[0]), proviso)
        raise ModelError(f"a condition reads 'SUIT N-M' or 'SEAT has N SUIT': "
                         f"{_quoted(text)}")


def _count(text: str, least: int) -> bool:
    """Whether ``text`` is a count of cards from ``least`` to 13."""
    return text.isascii() and text.isdigit() and len(text) <= 2 and least <= int(text) <= 13


GRAMMAR = f"a statement reads 'SEAT: STEP; STEP', each STEP one of {STEPS}"


def _quoted(text: str) -> str:
    """``text`` quoted for an error (:func:`quoted`: a 5,000-digit number is named, not
    echoed), without the spaces around it."""
    return quoted(text.strip())


class ClaimStep(Struct, frozen=True):
    """One step of a claim statement (module docstring)."""

    word: ClaimWord
    cards: tuple[Card, ...] = ()
    """``cards``: the cards in the order stated; ``finesse``: the card finessed."""
    suit: Suit | None = None
    """``ruff``: the suit ruffed."""
    seat: Seat | None = None
    """``ruff SUIT SEAT``: the hand that ruffs (None: the claimer)."""
    count: int = 0
    """``concede``: the tricks conceded; ``N SUIT``: the tricks counted in ``suit``."""
    condition: Condition | None = None
    """``if``/``provided``: the layout the step is stated for (None: every layout)."""

    def __str__(self) -> str:
        if self.condition is not None:
            return f"{self.condition}: {self._plain()}"
        return self._plain()

    def _plain(self) -> str:
        if self.word == ClaimWord.CARDS:
            return " ".join(str(c) for c in self.cards)
        if self.word == ClaimWord.RUFF:
            assert self.suit is not None
            by = f" {self.seat.name}" if self.seat is not None else ""
            return f"ruff {self.suit.name}{by}"
        if self.word == ClaimWord.CONCEDE:
            return f"concede {self.count}"
        if self.word == ClaimWord.FINESSE:
            return f"finesse {self.cards[0]}"
        if self.word == ClaimWord.COUNT:
            assert self.suit is not None
            return f"{self.count} {self.suit.name}"
        return self.word.value

    def describe(self) -> str:
        """In words: "♥A ♥K", "ruff a ♠", "take the ♥Q finesse", "if ♣ 4-1, ruff a ♣"."""
        if self.condition is not None:
            return f"{self.condition.describe()}, {self._words()}"
        return self._words()

    def _words(self) -> str:
        if self.word == ClaimWord.CARDS:
            return " ".join(c.pretty for c in self.cards)
        if self.word == ClaimWord.RUFF:
            assert self.suit is not None
            return f"ruff a {self.suit.symbol}" + (
                f" in {self.seat.long_name}'s hand" if self.seat is not None else "")
        if self.word == ClaimWord.CONCEDE:
            return f"concede {self.count} trick{'s' if self.count != 1 else ''}"
        if self.word == ClaimWord.FINESSE:
            return f"take the {self.cards[0].pretty} finesse"
        if self.word == ClaimWord.COUNT:
            assert self.suit is not None
            return f"{self.count} {self.suit.symbol} trick{'s' if self.count != 1 else ''}"
        return {ClaimWord.TRUMPS: "draw trumps", ClaimWord.CROSSRUFF: "crossruff",
                ClaimWord.WINNERS: "cash his winners",
                ClaimWord.SQUEEZE: "squeeze"}[self.word]

    @classmethod
    def parse(cls, text: str) -> ClaimStep:
        """"HA HK", "trumps", "ruff S", "ruff S N", "crossruff", "winners", "concede 2",
        "finesse HQ", "6 D", "squeeze", "if C 4-1: ruff C", "provided E has 5 S: squeeze"."""
        words = text.split()
        if not words:
            raise ModelError(f"an empty step in a claim statement; {GRAMMAR}")
        head, rest = words[0].lower(), words[1:]
        if head in (ClaimWord.IF, ClaimWord.PROVIDED):
            return cls._conditional(text, head == ClaimWord.PROVIDED)
        try:
            if head in (ClaimWord.TRUMPS, ClaimWord.CROSSRUFF, ClaimWord.WINNERS,
                        ClaimWord.SQUEEZE) and not rest:
                return cls(ClaimWord(head))
            if head == ClaimWord.RUFF and len(rest) in (1, 2):
                return cls(ClaimWord.RUFF, suit=Suit.parse(rest[0]),
                           seat=Seat.parse(rest[1]) if len(rest) == 2 else None)
            if head == ClaimWord.CONCEDE and len(rest) == 1:
                n = rest[0]
                if not n.isascii() or not n.isdigit() or len(n) > 2 or not 0 < int(n) <= 13:
                    raise ModelError(f"'concede N' takes a number of tricks 1-13: "
                                     f"{_quoted(text)}")
                return cls(ClaimWord.CONCEDE, count=int(n))
            if head == ClaimWord.FINESSE and len(rest) == 1:
                return cls(ClaimWord.FINESSE, cards=(Card.parse(rest[0]),))
            if head.isascii() and head.isdigit():
                if len(rest) != 1 or len(head) > 2 or not 0 < int(head) <= 13:
                    raise ModelError(f"'N SUIT' counts 1-13 tricks in one suit: "
                                     f"{_quoted(text)}")
                return cls(ClaimWord.COUNT, suit=Suit.parse(rest[0]), count=int(head))
            if head in set(ClaimWord):
                raise ModelError(f"{_quoted(text)}: {GRAMMAR}")
            stated = tuple(Card.parse(w) for w in words)
        except ModelError as e:
            raise ModelError(f"claim statement step {_quoted(text)}: {e}") from None
        if len(set(stated)) < len(stated):
            raise ModelError(f"claim statement step {_quoted(text)} names a card twice")
        return cls(ClaimWord.CARDS, cards=stated)

    @classmethod
    def _conditional(cls, text: str, proviso: bool) -> ClaimStep:
        """"if C 4-1: ruff C", "provided E has 5 S: squeeze": a condition, a colon, one
        step (not itself conditional, nor a concession or a count: those say nothing of
        the play)."""
        head, colon, rest = text.partition(":")
        word = "provided" if proviso else "if"
        if not colon or not rest.strip():
            raise ModelError(f"claim statement step {_quoted(text)}: '{word} CONDITION: "
                             "STEP' needs a colon and a step after it")
        try:
            condition = Condition.parse(head.split(None, 1)[1] if len(head.split()) > 1
                                        else "", proviso)
        except ModelError as e:
            raise ModelError(f"claim statement step {_quoted(text)}: {e}") from None
        step = cls.parse(rest)
        if step.condition is not None or step.word in (ClaimWord.CONCEDE, ClaimWord.COUNT):
            raise ModelError(f"claim statement step {_quoted(text)}: after '{word} "
                             "CONDITION:' comes one step of the play (not another "
                             "condition, a concession or a count)")
        if proviso and condition.seat is None:
            raise ModelError(f"claim statement step {_quoted(text)}: 'provided' reads "
                             "'SEAT has N SUIT' (a split is an 'if')")
        return replace(step, condition=condition)


class Claim(Struct, frozen=True):
    """Who claimed or conceded, and what he said (Law 68C)."""

    claimer: Seat
    steps: tuple[ClaimStep, ...] = ()
    stated: bool = False
    """A statement was recorded (``"S: ..."``, even ``"S:"``: nothing said); False for
    the older ``"S"``, which names the claimer only."""

    def __str__(self) -> str:
        if not self.stated:
            return self.claimer.name
        return f"{self.claimer.name}:" + ("" if not self.steps else " " + "; ".join(
            str(s) for s in self.steps))

    def describe(self) -> str:
        """The statement in words ("nothing said" when empty)."""
        return "; ".join(s.describe() for s in self.steps) or "nothing said"

    @property
    def conceded(self) -> int:
        """The tricks the statement concedes (``concede N`` steps)."""
        return sum(s.count for s in self.steps if s.word == ClaimWord.CONCEDE)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the statement names (``cards`` and ``finesse`` steps), in order."""
        return tuple(c for s in self.steps for c in s.cards)

    @classmethod
    def parse(cls, text: str) -> Claim:
        """"S", "S:", "S: HA HK; trumps; ruff S; crossruff"."""
        head, colon, rest = text.partition(":")
        claimer = Seat.parse(head)
        if not colon:
            return cls(claimer)
        steps = tuple(ClaimStep.parse(p) for p in rest.split(";") if p.strip())
        named = [c for s in steps for c in s.cards]
        if len(set(named)) < len(named):
            dup = next(c for c in named if named.count(c) > 1)
            raise ModelError(f"the claim statement names {dup} twice")
        return cls(claimer, steps, True)


class ClaimAgreement(Struct, frozen=True):
    """What the other side did about the claim (Laws 68D, 69A): agreed (the default) or
    disputed; where the opponents differ, the seats that agreed (an offender's
    agreement establishes his revoke, Laws 63A3/63A4)."""

    status: ClaimStatus = ClaimStatus.AGREED
    agreed: tuple[Seat, ...] = ()
    """With ``disputed``: the opponents of the claimer who agreed all the same."""

    def __str__(self) -> str:
        if not self.agreed:
            return self.status.value
        return f"{self.status.value}; " + " ".join(s.name for s in self.agreed) + " agreed"

    @classmethod
    def parse(cls, text: str) -> ClaimAgreement:
        """"agreed", "disputed", "disputed; N agreed"."""
        head, semi, rest = text.partition(";")
        status = ClaimStatus.parse(head)
        if not semi:
            return cls(status)
        words = rest.split()
        if len(words) < 2 or words[-1].lower() != "agreed":
            raise ModelError(f"the claim status reads 'agreed', 'disputed' or 'disputed; "
                             f"SEAT agreed': {text.strip()!r}")
        if status != ClaimStatus.DISPUTED:
            raise ModelError(f"{text.strip()!r}: the seats that agreed are named only "
                             "when the claim was disputed")
        seats = tuple(Seat.parse(w) for w in words[:-1])
        if len(set(seats)) != len(seats) or len({s.side for s in seats}) != 1 \
                or len(seats) > 1:
            raise ModelError(f"{text.strip()!r}: name the one opponent who agreed (when "
                             "both agreed, the claim was agreed)")
        return cls(status, seats)


class ClaimAware(Struct, frozen=True):
    """What the Director found at the table about what the claimer knew (Laws 70B3,
    70C2): that he was aware of the opponents' outstanding cards — ``all`` of them, or
    the ``cards`` named (an outstanding trump, a higher card in a suit he called good).
    A card he was aware of is not one he overlooked: 70C2 is not met for it. Without
    the finding the doubt is the claimer's (70A). ``[EquityClaimAware "all"]``,
    ``[EquityClaimAware "S2 HQ"]``."""

    everything: bool = False
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return "all" if self.everything else " ".join(str(c) for c in self.cards)

    def describe(self) -> str:
        """In words: "every outstanding card", "♠2 ♥Q"."""
        return ("every outstanding card" if self.everything
                else " ".join(c.pretty for c in self.cards))

    @property
    def mask(self) -> int:
        """The cards he was aware of, as a card set (every card for ``all``)."""
        if self.everything:
            return (1 << 64) - 1
        out = 0
        for c in self.cards:
            out |= c.bit
        return out

    @classmethod
    def parse(cls, text: str) -> ClaimAware:
        """"all", "S2 HQ"."""
        words = text.split()
        if not words:
            raise ModelError("the claimer's awareness reads 'all' or the cards he was "
                             "aware of ('S2 HQ')")
        if len(words) == 1 and words[0].lower() == "all":
            return cls(everything=True)
        if len(words) > 13:
            raise ModelError("the claimer's awareness names at most 13 cards")
        found = tuple(Card.parse(w) for w in words)
        if len(set(found)) < len(found):
            raise ModelError(f"the claimer's awareness names a card twice: {_quoted(text)}")
        return cls(cards=found)

