"""What a Law 64C candidate line is: its kind, its cards, where and why it leaves the
play record, and declarer's tricks in it (built by :mod:`equity.core.adjust.candidates`)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from msgspec import Struct, field

from equity.core.game import Card, Play, Seat, Side
from equity.core.player import Inference

if TYPE_CHECKING:
    from equity.core.law import Finding, InfoFinding


class LineKind(StrEnum):
    """What a line is (its JSON value is the enum's value)."""

    SUBSTITUTION = "substitution"
    """A legal card in place of the revoke card, then double dummy: a reference."""
    TABLE = "table"
    """The actual play with the correction swapped in, each recorded card kept in its
    situation, the decision model's from where the line leaves the record."""
    LIKELY = "likely"
    """An outcome of the decision model from the revoke: the offender's choice, then
    every player choosing with what he could see (Law 12C1(c) *likely*)."""
    DIRECTOR = "director"
    """A line the Director composed (``--line``)."""
    OUTCOME = "outcome"
    """A plain result the Director named (``--outcome``)."""


SUBSTITUTION = LineKind.SUBSTITUTION
TABLE = LineKind.TABLE
LIKELY = LineKind.LIKELY
DIRECTOR = LineKind.DIRECTOR
OUTCOME = LineKind.OUTCOME


class Leaves(StrEnum):
    """Where or why a line leaves the play record (:attr:`Departure.at`; JSON: the
    value)."""

    REVOKE = "revoke"
    """From the revoke on the line does not follow the record (substitution, likely,
    Director's lines)."""
    CARD = "card"
    """The recorded card can no longer stand (not held, not legal, a revoke)."""
    INDUCED = "induced"
    """A non-offender's recorded card was induced by the revoke (Law 12B1): with what
    he saw at the table he chose it, with the revoke corrected he would not have."""
    CLAIM = "claim"
    """The record ends in a claim or concession: double dummy from there."""
    STOP = "stop"
    """The record stops early without one."""
    EQUAL = "equal"
    """Not a departure: a card equal to the recorded one stands for it (the tool's
    classes of equal cards), and the line keeps the record."""
    END = "end"
    """Every card to the end of the record stands."""
    OUTCOME = "outcome"
    """Not a line of play: a result named by the Director."""


class Departure(Struct, frozen=True):
    """A place where a line leaves the play record, and why.

    ``at`` says how (:class:`Leaves`); ``trick`` and ``seat`` where; ``card`` is the card
    the line plays there and ``recorded`` the record's card it replaces, when there are
    cards.
    """

    at: Leaves
    trick: int | None = None
    seat: Seat | None = None
    reason: str = ""
    card: Card | None = None
    recorded: Card | None = None


class Line(Struct, frozen=True):
    """One candidate line for one revoke, with declarer's total tricks."""

    kind: LineKind
    revoke: int
    """Index of the revoke in ``AutomaticRuling.revokes`` (the first one for 64C2(b));
    -1 for the lines of Law 16B, which no revoke caused."""
    card: Card | None
    """The legal card the offender plays in place of the revoke card (None for a
    Director's outcome)."""
    equivalents: tuple[Card, ...]
    """The cards equal in rank to ``card`` at that moment (``card`` included)."""
    cards: tuple[Play, ...]
    """The line's cards from the revoke on (for a likely outcome, one representative
    playout)."""
    left_record: Departure
    """Where the line first leaves the record (or why it never does)."""
    play_tricks: int
    """Declarer's tricks in this line as played out."""
    earlier_transfer: int
    """Tricks added to declarer by the Law 64A transfers of earlier revokes that stand
    (negative when declarer's side revoked), already capped (Law 64A)."""
    frequency: float = 1.0
    """The probability of this outcome among its group's (the likely outcomes, the table
    line after it leaves the record, a Director's line continued by the decision model):
    the product of the chances that each close choice on its path was right; 1 for a
    line of one outcome."""
    followed: float = 0.0
    """The table line: the share of the recorded cards from the revoke on that it plays
    as recorded (said in the report; the line's outcomes carry the probability); 0 for
    other lines."""
    departures: tuple[Departure, ...] = ()
    """Every place the line leaves the record, in order, each with its reason."""
    own_errors: tuple[Departure, ...] = ()
    """Recorded cards of the non-offenders that lose a trick double dummy but stand:
    not induced by the revoke (Law 12B1: only the damage the infraction caused is redressed)."""
    name: str = ""
    """The line's name for the Director's weights: ``table``, ``likely``, a card
    (``DT``), ``line1``, ``outcome1``."""
    branches: tuple[str, ...] = ()
    """The close decisions on this line's path, each with its choices and their
    probabilities ("South, trick 7: ♦Q 55% / ♦A 45%"), in order."""
    exchanges: tuple[Departure, ...] = ()
    """The table line: where a card equal to the recorded one stood for it."""
    inferences: tuple[tuple[int, Inference], ...] = ()
    """The inferences from the table (Law 16A1(a)) that decide the close decisions of
    :attr:`branches`, each with its trick (:mod:`equity.core.player.inference`)."""

    @property
    def declarer_tricks(self) -> int:
        """The board result this line stands for: play tricks plus earlier transfers."""
        return self.play_tricks + self.earlier_transfer


class Counterfactual(Struct, frozen=True):
    """The candidate lines for one revoke (for all revokes under 64C2(b)), or for one
    use of unauthorised information from partner (Law 16B)."""

    revoke: int
    """Index of the revoke; -1 under Law 16B."""
    law: str
    """``"64C1"``, ``"64C2(a)"`` (a later revoke by the same player in the same suit),
    ``"64C2(b)"`` (both sides revoked) — ``"64C"`` for all three under 1997 and 2007,
    whose Law 64C has one paragraph — or ``"16C2"`` (a corrected revoke's 62C2 change
    that the withdrawn cards suggested: the adjusted play, Law 12C1)."""
    corrected: tuple[int, ...]
    """The revokes the lines correct."""
    standing: tuple[int, ...]
    """Earlier revokes that stand as played in these lines."""
    non_offenders: Side | None
    """The side Law 64C protects; None under 64C2(b), where both sides offended."""
    lines: tuple[Line, ...] = field(default=())
    natural: Card | None = None
    """The offender's natural card: the one a single-dummy player in his seat chooses
    at the revoke (the table line substitutes it); under 16C2 the card the changing
    player would have chosen without the unauthorised information."""
    finding: Finding | None = None
    """Law 16C2 on a 62C2 change (law ``"16C2"``); without lines when there was no
    infraction (nothing to weigh: the finding is reported)."""
    information: InfoFinding | None = None
    """Law 16B on unauthorised information from partner (law ``"16B"``, ``"16A"`` under
    1997; ``revoke`` -1:
    no revoke is involved); without lines when there was no infraction."""
    repeats: tuple[int, ...] = ()
    """The earlier revokes that this one repeats (same player, same suit: 2017 Law
    64C2(a); under 1997 and 2007 their one Law 64C, ``law`` then ``"64C"``)."""
