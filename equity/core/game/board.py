"""What a file says about one board: the deal, the contract, the play record, and the
facts a play record cannot show (when attention was drawn to a revoke, who claimed,
penalty cards and lead requirements in force).

These are the values :mod:`equity.formats` produces and :mod:`equity.core.game.replay` consumes.
The fact tags are our own PBN tags, documented in the README:

``[EquityLaws "2007"]``
    the edition of the Laws to apply (2017, 2007 or 1997).
``[EquityAttention "end"]`` or ``[EquityAttention "end; 5=round"]``
    when attention was first drawn to the revokes: ``play`` (during the play),
    ``end`` (after the play, before the hands went back in the board; the default),
    ``returned`` (after the hands went back in the board, before the next deal's calls),
    ``next-call`` (after a non-offender called on the next deal, Law 64B4),
    ``round`` (after the round ended, Law 64B5). ``T=when`` sets it for the revoke
    on trick T only.
``[EquityClaim "S"]`` or ``[EquityClaim "S: HA HK; trumps; ruff S"]``
    who made the claim or concession marked ``*`` in the play (default: declarer),
    and, after a colon, his statement step by step (:mod:`equity.core.game.claim`;
    ``"S:"``: nothing said). A statement asks the Director to rule on the claim
    (Laws 69-71, :mod:`equity.core.law.claims`).
``[EquityClaimStatus "disputed"]``
    ``agreed`` (the default: the other side agreed, Laws 63A3/63A4 and 69A) or
    ``disputed`` (the other side objected: an opponent's claim then does not
    establish the offenders' revoke, Law 63A4; the claim is adjudicated, Law 70);
    ``"disputed; N agreed"`` where the opponents differ: North agreed (an offender's
    agreement establishes his revoke, 63A3/63A4), the claim is adjudicated.
``[EquitySelfInflicted "1"]``
    Law 12C1(e) (with ``--serious-error``): the tricks of the damage that the
    non-offenders' own serious error caused, as the Director finds.
``[EquityRequirement "1 W lead H; 3 E penalty SK; 6 S faced"]``
    Law 61A(b) requirements: from trick T, SEAT must lead SUIT the next time he
    leads (a lead penalty, Laws 26/50D2/56); SEAT holds CARD as a major penalty card
    that must be played at the first legal opportunity (Law 50D1); SEAT's hand is
    faced on the table (matters for Law 64B3 in the 2007 and 1997 editions).
``[EquityWithdrawn "2 E H2; 2 S S5; 2 W S3"]``
    a revoke corrected at the table, with the play going on (Law 62): each card
    withdrawn, as TRICK SEAT CARD, in the order withdrawn; ``[Play]`` shows each trick
    as finally played. The revoke card comes first (62B: its replacement is the
    offender's card in the record), then the cards the non-offenders took back (62C1)
    and the offending side's card taken back after them (62C2).
``[EquityUI "3 E: S D=6 | 5 W: N HK"]``
    Law 16B: SEAT had unauthorised information (a question such as "no diamonds,
    partner?", a hesitation: what it conveyed is the Director's finding) that each FACT
    is true of the deal as dealt, bearing on his cards from trick T on (the first trick
    whose card by SEAT it could affect). FACT is ``SEAT SUIT=N``, ``SEAT SUIT>=N``,
    ``SEAT SUIT<=N`` (length as dealt) or ``SEAT CARD``; facts of one group are
    separated by ``;``, groups by ``|``.
``[EquityAuthority "ACBL"]``
    the regulating authority whose Law 12 elections apply: ``WBF`` (the default),
    ``EBU`` or ``ACBL`` (:mod:`equity.core.law.law12`).
``[EquityRuledBy "committee"]``
    who assigns the adjusted score: ``director`` (the default), ``committee`` (an
    appeals committee) or ``delegated`` (the Director using the committee's power by
    delegation); under the 1997 Laws it decides whether the score may be weighted
    (Law 12C3).
``[EquityAI "3 E: S D<=5"]``
    what SEAT may infer from the auction and the play (authorised information) from
    trick T on, in the same grammar, true or not: with Law 16B the Director says what
    the player would believe without the unauthorised information ("South opened 1NT:
    at most five diamonds"), beyond what the model reads of the board's auction
    (:mod:`equity.core.reading.auction`), which it holds together with these.
``[EquityRevoke "4 E S3 established; won E; later yes"]``
    a revoke as the Director learns it at the table, for a board ruled without its
    card play (a hand record with ``[Contract]`` and ``[Result]``): the trick, the
    offender, the revoke card, ``established`` or ``corrected``; who won the revoke
    trick; whether the offending side won a later trick
    (:mod:`equity.core.game.revoke_report`; ruled by :mod:`equity.core.law.reported`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from equity.core.game.calls import Auction
from equity.core.game.cards import (
    SUIT_CHARS,
    Card,
    Choice,
    Contract,
    Deal,
    ModelError,
    Seat,
    Suit,
    Vulnerability,
    count,
    small_int,
)
from equity.core.game.claim import Claim, ClaimStatus
from equity.core.game.revoke_report import RevokeReport

Slot = Card | None
"""One seat's card in a trick, or None where no card was played."""


class Attention(Choice):
    """When attention was first drawn to a revoke (Laws 62D, 64B4, 64B5)."""

    PLAY = "play"
    END = "end"
    RETURNED = "returned"
    NEXT_CALL = "next-call"
    ROUND = "round"
    DUMMY_ASKED = "dummy-asked"
    """During the play, by dummy's question after he lost his rights (Law 43B2(b)):
    declarer corrects his revoke, and Law 64 applies as if it were established."""

    @property
    def before_hands_returned(self) -> bool:
        """Law 62D: found before all four hands were returned to the board."""
        return self in (Attention.PLAY, Attention.END, Attention.DUMMY_ASKED)

    @property
    def before_agreement_established(self) -> bool:
        """Law 69A: agreement to a claim is established when the round ends or the
        agreeing side calls on a later board. Our reading: attention drawn during the
        play, at its end or after the hands went back (``play``, ``end``, ``returned``)
        comes before that moment; after a call on the next deal (``next-call``) or after
        the round (``round``), the agreement is established."""
        return self in (Attention.PLAY, Attention.END, Attention.RETURNED,
                        Attention.DUMMY_ASKED)


class RuledBy(Choice):
    """Who assigns the adjusted score (``[EquityRuledBy]``): it matters under the 1997
    Laws, whose Law 12C3 (weighting) is an appeals committee's power, a Director's only
    where the regulating authority delegates it."""

    DIRECTOR = "director"
    COMMITTEE = "committee"
    DELEGATED = "delegated"
    """The Director, using the appeals committee's power by delegation."""

    @classmethod
    def noun(cls) -> str:
        return "who rules"


class RequirementKind(StrEnum):
    """The kinds of :class:`Requirement`."""

    LEAD = "lead"
    PENALTY = "penalty"
    FACED = "faced"


@dataclass(frozen=True, slots=True)
class Requirement:
    """A Law 61A(b) requirement: a card or suit a player must lead or play when able.

    ``kind`` is ``"lead"`` (SEAT must lead ``suit`` the first time he leads from
    ``trick`` on), ``"penalty"`` (``card`` is SEAT's major penalty card from ``trick`` on)
    or ``"faced"`` (SEAT's hand lies face up from ``trick`` on; not itself a requirement,
    but Law 64B3 of 2007/1997 turns on it).
    """

    kind: RequirementKind
    seat: Seat
    trick: int
    suit: Suit | None = None
    card: Card | None = None

    def __str__(self) -> str:
        what = {"lead": f"lead {self.suit.name if self.suit is not None else '?'}",
                "penalty": f"penalty {self.card}", "faced": "faced"}[self.kind]
        return f"{self.trick} {self.seat.name} {what}"

    @classmethod
    def parse(cls, text: str) -> Requirement:
        """"1 W lead H", "3 E penalty SK", "6 S faced"."""
        words = text.split()
        trick = small_int(words[0], 2) if words else None
        try:
            if trick is None or len(words) < 3:
                raise ModelError(text)
            seat, kind = Seat.parse(words[1]), words[2].lower()
        except ModelError as e:
            raise ModelError(f"a requirement reads 'TRICK SEAT lead|penalty|faced ...': "
                             f"{text.strip()[:60]!r}") from e
        if not 1 <= trick <= 13:
            raise ModelError(f"requirement trick out of range in {text!r}")
        if kind == "lead" and len(words) == 4:
            return cls(RequirementKind.LEAD, seat, trick, suit=Suit.parse(words[3]))
        if kind == "penalty" and len(words) == 4:
            return cls(RequirementKind.PENALTY, seat, trick, card=Card.parse(words[3]))
        if kind == "faced" and len(words) == 3:
            return cls(RequirementKind.FACED, seat, trick)
        raise ModelError(f"a requirement reads 'TRICK SEAT lead SUIT', 'TRICK SEAT penalty CARD' "
                         f"or 'TRICK SEAT faced': {text!r}")

    @staticmethod
    def parse_list(text: str) -> tuple[Requirement, ...]:
        out = tuple(Requirement.parse(p) for p in text.split(";") if p.strip())
        if not out:  # a tag or option that says nothing is a mistake, not "none"
            raise ModelError(f"{text[:20]!r} names no requirement; give each as 'TRICK SEAT "
                             "lead SUIT', 'TRICK SEAT penalty CARD' or 'TRICK SEAT faced'")
        return out


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A card played and then withdrawn when a revoke was corrected (Law 62): SEAT's
    CARD at trick TRICK; the record shows the card that replaced it."""

    trick: int
    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.trick} {self.seat.name} {self.card}"

    @classmethod
    def parse(cls, text: str) -> Withdrawal:
        """"2 E H2"."""
        words = text.split()
        trick = small_int(words[0], 2) if len(words) == 3 else None
        try:
            if trick is None:
                raise ModelError(text)
            seat, card = Seat.parse(words[1]), Card.parse(words[2])
        except ModelError as e:
            raise ModelError(f"a withdrawn card reads 'TRICK SEAT CARD' (e.g. '2 E H2'): "
                             f"{text.strip()[:60]!r}") from e
        if not 1 <= trick <= 13:
            raise ModelError(f"withdrawn card's trick out of range in {text.strip()!r}")
        return cls(trick, seat, card)

    @staticmethod
    def parse_list(text: str) -> tuple[Withdrawal, ...]:
        out = tuple(Withdrawal.parse(p) for p in text.split(";") if p.strip())
        if not out:  # the revoke was corrected (Law 62): which card, then?
            raise ModelError(f"{text[:20]!r} names no withdrawn card; give each as 'TRICK "
                             "SEAT CARD' (e.g. '2 E H2'), separated by ';'")
        return out


_OPS = (">=", "<=", "=")


@dataclass(frozen=True, slots=True)
class Told:
    """One thing a player was told about the deal as dealt (Law 16B, the Director's
    finding): ``SEAT SUIT=N`` / ``SEAT SUIT>=N`` / ``SEAT SUIT<=N`` (how many cards of
    the suit SEAT was dealt) or ``SEAT CARD`` (SEAT was dealt CARD)."""

    seat: Seat
    suit: Suit | None = None
    op: str = "="
    length: int = 0
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.seat.name} {self.card}"
        assert self.suit is not None
        return f"{self.seat.name} {SUIT_CHARS[self.suit]}{self.op}{self.length}"

    def describe(self) -> str:
        """In words: "South was dealt six diamonds", "West was dealt the ♦J"."""
        if self.card is not None:
            return f"{self.seat.long_name} was dealt {self.card.pretty}"
        assert self.suit is not None
        much = {"=": "exactly", ">=": "at least", "<=": "at most"}[self.op]
        return f"{self.seat.long_name} was dealt {much} {self.length} {self.suit.symbol}"

    def true_of(self, deal: Deal) -> bool:
        """Whether the deal as dealt bears it out."""
        hand = deal.hands[self.seat]
        if self.card is not None:
            return bool(hand & self.card.bit)
        assert self.suit is not None
        n = count(hand & self.suit.mask)
        return {"=": n == self.length, ">=": n >= self.length,
                "<=": n <= self.length}[self.op]

    @classmethod
    def parse(cls, text: str) -> Told:
        """"S D=6", "S D>=6", "N H<=2", "W DJ"."""
        words = text.split()
        if len(words) != 2:
            raise ModelError(f"a fact reads 'SEAT SUIT=N', 'SEAT SUIT>=N', 'SEAT SUIT<=N' or "
                             f"'SEAT CARD' (e.g. 'S D=6', 'W DJ'): {text.strip()!r}")
        seat = Seat.parse(words[0])
        what = words[1]
        for op in _OPS:
            if op in what:
                suit, _, n = what.partition(op)
                length = small_int(n, 2)
                if length is None or length > 13:
                    raise ModelError(f"a suit length is a number 0-13: {text.strip()[:60]!r}")
                return cls(seat, Suit.parse(suit), op, length)
        return cls(seat, card=Card.parse(what))


@dataclass(frozen=True, slots=True)
class Information:
    """What SEAT knew about the deal as dealt, from trick ``trick`` on (the Director's
    finding). Unauthorised (Law 16B: a question, a hesitation; PBN
    ``[EquityUI "T SEAT: FACT; FACT | T SEAT: FACT"]``): each of ``facts`` is true of
    the deal, and it bears on his cards from trick T on (the first trick whose card by
    SEAT it could affect). Authorised (``[EquityAI]``, same grammar): what he may infer
    from the auction and the play that the decision model does not read ("South opened
    1NT: at most five diamonds"), whether or not it is true."""

    trick: int
    seat: Seat
    facts: tuple[Told, ...]

    def __str__(self) -> str:
        return f"{self.trick} {self.seat.name}: " + "; ".join(str(f) for f in self.facts)

    def describe(self) -> str:
        return "; ".join(f.describe() for f in self.facts)

    @classmethod
    def parse(cls, text: str) -> Information:
        """"3 E: S D=6; S D>=6"."""
        head, colon, rest = text.partition(":")
        words = head.split()
        if not colon or len(words) != 2 or not rest.strip():
            raise ModelError(f"unauthorised information reads 'T SEAT: FACT; FACT' (e.g. "
                             f"'3 E: S D=6'): {text.strip()!r}")
        trick = small_int(words[0], 2)
        if trick is None or not 1 <= trick <= 13:
            raise ModelError(f"the trick of unauthorised information is a number 1-13: "
                             f"{text.strip()[:60]!r}")
        facts = tuple(Told.parse(p) for p in rest.split(";") if p.strip())
        if not facts:
            raise ModelError(f"{text.strip()[:60]!r} names no fact; give 'T SEAT: FACT; FACT' "
                             "(e.g. '3 E: S D=6')")
        return cls(trick, Seat.parse(words[1]), facts)

    @staticmethod
    def parse_list(text: str) -> tuple[Information, ...]:
        out = tuple(Information.parse(p) for p in text.split("|") if p.strip())
        if not out:  # a tag or option that says nothing is a mistake, not "none"
            raise ModelError(f"{text[:20]!r} names no information; give 'T SEAT: FACT; "
                             "FACT' (e.g. '3 E: S D=6'), groups separated by '|'")
        return out


SIGNALS = ("standard", "upside-down")
"""The signalling methods a partnership may have agreed (Law 40): high encourages and
high-low shows an even number (standard), or the reverse (upside-down)."""


def parse_signals(text: str) -> str:
    """ "standard", "upside-down" (also "upside down", "UDCA", "reverse")."""
    t = text.strip().lower().replace("_", "-").replace(" ", "-")
    if t in ("udca", "reverse", "upside-down", "upsidedown"):
        return "upside-down"
    if t == "standard":
        return t
    raise ModelError(f"signals: {text!r} is not standard or upside-down")


@dataclass(frozen=True, slots=True)
class Facts:
    """What the Director learns at the table and the play record cannot show."""

    laws: str | None = None
    attention: Attention = Attention.END
    attention_by_trick: Mapping[int, Attention] = field(default_factory=dict)
    claimer: Seat | None = None
    requirements: tuple[Requirement, ...] = ()
    withdrawn: tuple[Withdrawal, ...] = ()
    """Cards withdrawn when a revoke was corrected at the table (Law 62), in order."""
    claim_status: ClaimStatus = ClaimStatus.AGREED
    self_inflicted: int | None = None
    """Law 12C1(e): the tricks the non-offenders' own serious error cost them, as the
    Director finds (with ``--serious-error``); None when not stated."""
    players: str | None = None
    """The class of player at the table (``[EquityPlayers]``): whose errors the Law 12C1(c)
    weights reflect (:mod:`equity.core.player.player_model`); None: the default class."""
    signals: str | None = None
    """The defenders' signalling methods (``[EquitySignals]``): ``standard`` or
    ``upside-down`` (:data:`SIGNALS`); None: standard, as the real tables signal."""
    unauthorised: tuple[Information, ...] = ()
    """Law 16B: unauthorised information a player had (``[EquityUI]``), in order."""
    authorised: tuple[Information, ...] = ()
    """What a player may infer from the auction and the play (``[EquityAI]``), used with
    Law 16B to judge his choices with and without the unauthorised information."""
    claim: Claim | None = None
    """The claim with its statement (``[EquityClaim "S: ..."]``); None when no statement
    was recorded (the older ``"S"`` names the claimer only: :attr:`claimer`)."""
    claim_agreed: tuple[Seat, ...] = ()
    """With ``disputed``: the claimer's opponent who agreed all the same
    (``"disputed; N agreed"``)."""
    authority: str | None = None
    """The regulating authority whose elections under Law 12 apply (``[EquityAuthority]``,
    a name of :data:`~equity.core.law.law12.AUTHORITIES`); None: the WBF."""
    ruled_by: RuledBy = RuledBy.DIRECTOR
    """Who assigns the adjusted score (``[EquityRuledBy]``)."""
    revoke_report: RevokeReport | None = None
    """A revoke as reported at the table, for a board ruled without its card play
    (``[EquityRevoke]``, :mod:`equity.core.game.revoke_report`)."""

    def attention_for(self, trick: int) -> Attention:
        return self.attention_by_trick.get(trick, self.attention)

    @property
    def claim_questioned(self) -> bool:
        """A claim's statement is recorded or the claim was disputed: the Director rules
        on a claim the record ends in (Laws 68-71), with or without a revoke."""
        return self.claim is not None or self.claim_status == ClaimStatus.DISPUTED

    @staticmethod
    def parse_attention(text: str) -> tuple[Attention, dict[int, Attention]]:
        """"end", "round", "end; 5=round" -> (default, per-trick overrides)."""
        default = Attention.END
        per: dict[int, Attention] = {}
        said = False
        for part in text.replace(",", ";").split(";"):
            p = part.strip()
            if not p:
                continue
            if "=" in p:
                t, _, w = p.partition("=")
                trick = small_int(t, 2)
                if trick is None:
                    raise ModelError(f"'{p[:60]}': expected TRICK=WHEN")
                per[trick] = Attention.parse(w)
            else:
                default = Attention.parse(p)
                said = True
        if not said and not per:  # a tag or option that says nothing is a mistake
            raise ModelError(f"attention {text[:20]!r} is empty: say when it was drawn ("
                             f"{', '.join(a.value for a in Attention)}), or 'T=WHEN' for "
                             "the revoke on trick T")
        return default, per


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The play as recorded, trick by trick.

    ``tricks[i]`` holds the cards of trick ``i + 1`` indexed by :class:`Seat` (as PBN
    tabulates them); ``None`` where no card was played (PBN's ``-``, or the play
    stopped). ``leaders[i]`` is the seat that led trick ``i + 1`` when the record says
    so (LIN gives the order of play; PBN marks an accepted lead out of turn with
    ``^L``), else ``None``: the leader then follows from the rules. ``marks`` holds the
    PBN 2.1 irregularity marks, keyed by (trick number, seat): ``"R"`` revoke,
    ``"L"`` lead out of turn.
    """

    opening_leader: Seat
    tricks: tuple[tuple[Slot, Slot, Slot, Slot], ...]
    leaders: tuple[Seat | None, ...]
    marks: Mapping[tuple[int, Seat], str] = field(default_factory=dict)
    claimed: bool = False
    claim_tricks: int | None = None
    """Declarer's total tricks under the claim or concession (PBN ``[Result]``, LIN ``mc``)."""
    claim_unmarked: bool = False
    """The claim was read, not marked: a PBN ``[Play]`` that stops before the end without
    ``*`` but with a ``[Result]`` (many exporters omit the ``*``); the ruling says so."""

    def given_leader(self, trick: int) -> Seat | None:
        """The seat the record says led ``trick`` (1-based), or None when it says not."""
        return self.leaders[trick - 1] if 0 < trick <= len(self.leaders) else None

    @property
    def first_leader(self) -> Seat:
        """Who led trick 1: the record's seat (a lead out of turn accepted), else the
        opening leader (North is seat 0: tested against None, never for truth)."""
        given = self.given_leader(1)
        return given if given is not None else self.opening_leader


@dataclass(frozen=True, slots=True)
class Board:
    """One board read from a file."""

    source: str
    index: int
    """1-based position of the board in its file."""
    number: int | None
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal
    contract: Contract | None
    play: PlayRecord | None
    result: int | None
    """Declarer's tricks according to the file (PBN ``[Result]``, LIN ``mc``), if given."""
    facts: Facts = field(default_factory=Facts)
    tags: Mapping[str, str] = field(default_factory=dict)
    auction: Auction | None = None
    """The calls as the record gives them (PBN ``[Auction]``, LIN ``mb``, the quitted
    rows' ``auction:``), when it gives a legal, ended auction that makes the contract;
    None otherwise (hand records)."""
    auction_unread: str | None = None
    """Why the record's auction was not read (a call that is no call, an auction the
    laws do not allow or not ended, one that makes another contract), naming the call:
    the ruling says so; None when it was read or the record has none."""

    @property
    def room(self) -> str | None:
        """The room of a two-room match the board was played in ("Open", "Closed": PBN
        ``[Room]``, a vugraph LIN's ``qx|o1|``), None when the record does not say."""
        return self.tags.get("Room") or None

    @property
    def label(self) -> str:
        """How errors and reports name this board: "board 3" or "game 5"."""
        if self.number is not None:
            return f"board {self.number}"
        return f"game {self.index}"
