"""The facts a Director brings from the table, which a play record cannot show, and the one
registry that declares each of them once.

Each fact is declared once in :data:`FACTS`, by the :class:`Facts` field that holds it
(:func:`fact`): our PBN tag, the key of the quitted rows, the ruling options that give it
(the command line's and the workbench's, whose form is built from the options), whether
the workbench's form carries it, how its text is read and written. The PBN and rows
readers and writers (:mod:`equity.formats.facts`, :mod:`equity.formats.rows`),
:meth:`~equity.app.options.RulingOptions.facts_for` and the workbench loop over
:data:`FACTS`; a fact absent from one of them says so (``absent``). A new fact is a field
here and its declaration in :data:`FACTS` (ARCHITECTURE.md, "a new fact"); the module
refuses to load unless the declarations fill every field once, in the fields' order.

The tags, documented in the README:

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
``[EquityClaimAware "all"]`` or ``[EquityClaimAware "S2"]``
    what the Director found at the table: the claimer was aware of every outstanding
    card (``all``) or of those named (an outstanding trump: 70C2 not met; a higher card
    in a suit he called good); without it, the doubt is his (70A).
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
``[EquityPlayers "club"]``
    the class of player at the table, whose errors the Law 12C1(c) weights reflect.
``[EquitySignals "upside-down"]``
    the defenders' signalling methods (Law 40): ``standard`` or ``upside-down``.
``[EquityUI "3 E: S D=6 | 5 W: N HK"]``
    Law 16B: SEAT had unauthorised information (a question such as "no diamonds,
    partner?", a hesitation: what it conveyed is the Director's finding) that each FACT
    is true of the deal as dealt, bearing on his cards from trick T on (the first trick
    whose card by SEAT it could affect). FACT is ``SEAT SUIT=N``, ``SEAT SUIT>=N``,
    ``SEAT SUIT<=N`` (length as dealt) or ``SEAT CARD``; facts of one group are
    separated by ``;``, groups by ``|``.
``[EquityAI "3 E: S D<=5"]``
    what SEAT may infer from the auction and the play (authorised information) from
    trick T on, in the same grammar, true or not: with Law 16B the Director says what
    the player would believe without the unauthorised information ("South opened 1NT:
    at most five diamonds"), beyond what the model reads of the board's auction
    (:mod:`equity.core.reading.auction`), which it holds together with these.
``[EquityAuthority "ACBL"]``
    the regulating authority whose Law 12 elections apply: ``WBF`` (the default),
    ``EBU`` or ``ACBL`` (:mod:`equity.core.law.law12`).
``[EquityRuledBy "committee"]``
    who assigns the adjusted score: ``director`` (the default), ``committee`` (an
    appeals committee) or ``delegated`` (the Director using the committee's power by
    delegation); under the 1997 Laws it decides whether the score may be weighted
    (Law 12C3).
``[EquityRevoke "4 E S3 established; won E; later yes"]``
    a revoke as the Director learns it at the table, for a board ruled without its
    card play (a hand record with ``[Contract]`` and ``[Result]``): the trick, the
    offender, the revoke card, ``established`` or ``corrected``; who won the revoke
    trick; whether the offending side won a later trick
    (:mod:`equity.core.game.revoke_report`; ruled by :mod:`equity.core.law.reported`).
``[EquityClaimPosition "lead E; won NS 6 EW 2; N S4 H9 C7 C4 D2; E ...; S ...; W ..."]``
    a claim as the Director finds it, for a board ruled without the play before it: who
    is on lead, the tricks each side has won, the cards each seat still holds
    (:mod:`equity.core.game.start_position`); with ``[EquityClaim]`` and ``[Result]``
    the claim is ruled from there (Laws 68-71).
``[EquityPlayFrom "5"]``
    the ``[Play]`` section starts at trick 5 and runs to the end, the play before it not
    given: the hands at trick 5 are the cards played from it; ``"5; won NS 3 EW 1"`` also
    gives the tricks each side won before it, else they follow from ``[Result]``
    (:mod:`equity.core.game.play_from`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.game.cards import (
    SUIT_CHARS,
    Card,
    Choice,
    Deal,
    ModelError,
    Seat,
    Suit,
    count,
    quoted,
    small_int,
)
from equity.core.game.later import parse_later

if TYPE_CHECKING:  # read on first use (parse_later): a revoke ruling reads none of them
    from equity.core.game.claim import Claim, ClaimAgreement, ClaimAware, ClaimOrder
    from equity.core.game.play_from import PlayFrom
    from equity.core.game.revoke_report import RevokeReport
    from equity.core.game.start_position import StartPosition


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


class ClaimStatus(Choice):
    """What became of the claim or concession (Laws 63A3, 63A4, 69A)."""

    AGREED = "agreed"
    """The other side agreed (or said nothing) — the default."""
    DISPUTED = "disputed"
    """The other side objected; the Director adjudicates it (Law 70)."""

    @classmethod
    def noun(cls) -> str:
        return "the claim status"


class RequirementKind(StrEnum):
    """The kinds of :class:`Requirement`."""

    LEAD = "lead"
    PENALTY = "penalty"
    FACED = "faced"


class Requirement(Struct, frozen=True):
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
            raise ModelError(f"requirement trick out of range in {quoted(text)}")
        if kind == "lead" and len(words) == 4:
            return cls(RequirementKind.LEAD, seat, trick, suit=Suit.parse(words[3]))
        if kind == "penalty" and len(words) == 4:
            return cls(RequirementKind.PENALTY, seat, trick, card=Card.parse(words[3]))
        if kind == "faced" and len(words) == 3:
            return cls(RequirementKind.FACED, seat, trick)
        raise ModelError(f"a requirement reads 'TRICK SEAT lead SUIT', 'TRICK SEAT penalty CARD' "
                         f"or 'TRICK SEAT faced': {quoted(text)}")

    @staticmethod
    def parse_list(text: str) -> tuple[Requirement, ...]:
        out = tuple(Requirement.parse(p) for p in text.split(";") if p.strip())
        if not out:  # a tag or option that says nothing is a mistake, not "none"
            raise ModelError(f"{text[:20]!r} names no requirement; give each as 'TRICK SEAT "
                             "lead SUIT', 'TRICK SEAT penalty CARD' or 'TRICK SEAT faced'")
        return out


class Withdrawal(Struct, frozen=True):
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
            raise ModelError("withdrawn card's trick out of range in "
                             f"{quoted(text.strip())}")
        return cls(trick, seat, card)

    @staticmethod
    def parse_list(text: str) -> tuple[Withdrawal, ...]:
        out = tuple(Withdrawal.parse(p) for p in text.split(";") if p.strip())
        if not out:  # the revoke was corrected (Law 62): which card, then?
            raise ModelError(f"{text[:20]!r} names no withdrawn card; give each as 'TRICK "
                             "SEAT CARD' (e.g. '2 E H2'), separated by ';'")
        return out


_OPS = (">=", "<=", "=")


class Told(Struct, frozen=True):
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
                             f"'SEAT CARD' (e.g. 'S D=6', 'W DJ'): {quoted(text.strip())}")
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


class Information(Struct, frozen=True):
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
                             f"'3 E: S D=6'): {quoted(text.strip())}")
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
    raise ModelError(f"signals: {quoted(text)} is not standard or upside-down")


LAWS_EDITIONS = ("2017", "2007", "1997")
"""The editions of the Laws a board may name (``[EquityLaws]``)."""

Values = Mapping[str, Any]
"""What a fact's text says: the :class:`Facts` fields it fills, by name."""


class Fact(Struct, frozen=True):
    """One fact the Director brings from the table, declared once in :data:`FACTS` by the
    :class:`Facts` field that holds it (:func:`fact`); everything that reads, writes or
    offers a fact loops over :data:`FACTS`."""

    tag: str
    """Our PBN tag (``EquityAttention``)."""
    read: Callable[[str], Values]
    """The tag's text to the values of the fields it fills; raises ModelError in words."""
    write: Callable[[Facts], str | None]
    """The tag's text that says the fact, None when it is the default (no tag written)."""
    key: str | None
    """Its key in the quitted rows (``attention:``); None: not in the rows (see
    :attr:`absent`)."""
    options: tuple[str, ...]
    """The :class:`~equity.app.options.RulingOptions` fields that give it, which are also
    the workbench's form fields (the form is built from the options); () for none."""
    form: bool
    """The workbench fills its options from a hand record's tag, and writes them back as
    the tag in the case's PBN (not as an option of the command line it records)."""
    also: tuple[str, ...]
    """The other :class:`Facts` fields its text fills (``attention_by_trick``)."""
    given: Callable[[Facts, str, Any], Facts] | None
    """How an option's value lands on a board's facts (the options override the tags);
    None: the option's value replaces the field."""
    pick: Callable[[str], str] | None
    """Which of :attr:`options` the workbench fills from the tag's text; None: the
    first."""
    check: Callable[[Values], None] | None
    """A check against the facts read before it (in :data:`FACTS`' order); raises
    ModelError."""
    named: str
    """Its values are names kept above this floor (``authority``: Law 12's regulating
    authorities; ``player class``: the classes of player); the reader checks them
    (:data:`equity.formats.facts.NAMED`) before :attr:`read`."""
    absent: str
    """Why it is not in the rows, not an option or not on the form, where it is not."""
    field: str
    """The :class:`Facts` field that holds it (the first of :attr:`fields`)."""

    @property
    def fields(self) -> tuple[str, ...]:
        """The :class:`Facts` fields it fills."""
        return (self.field, *self.also)

    def apply(self, facts: Facts, option: str, value: Any) -> Facts:
        """``facts`` with ``option``'s ``value`` on top."""
        if self.given is not None:
            return self.given(facts, option, value)
        return replace(facts, **{self.field: value})

    def option_for(self, text: str) -> str:
        """The option the workbench fills with the tag's ``text``."""
        return self.pick(text) if self.pick is not None else self.options[0]


def fact(name: str, tag: str, *, read: Callable[[str], Values],
         write: Callable[[Facts], str | None], key: str | None = None,
         options: tuple[str, ...] = (), form: bool = True, also: tuple[str, ...] = (),
         given: Callable[[Facts, str, Any], Facts] | None = None,
         pick: Callable[[str], str] | None = None,
         check: Callable[[Values], None] | None = None, named: str = "",
         absent: str = "") -> Fact:
    """The declaration of the fact the :class:`Facts` field ``name`` holds (its entry in
    :data:`FACTS`)."""
    if (key is None or not options or not form) and not absent:
        raise ValueError(f"{tag}: say why it is absent from the rows, the options or the "
                         "workbench's form")
    return Fact(tag, read, write, key, options, form and bool(options), also, given, pick,
                check, named, absent, name)


def _one(name: str, parse: Callable[[str], Any]) -> Callable[[str], Values]:
    """A reader of a tag that fills the one field ``name`` with ``parse(text)``."""
    return lambda text: {name: parse(text)}


def _laws(text: str) -> str:
    laws = text.strip()
    if laws not in LAWS_EDITIONS:
        raise ModelError(f"the Laws edition must be one of {', '.join(LAWS_EDITIONS)}, "
                         f"not {quoted(laws)}")
    return laws


def _read_attention(text: str) -> Values:
    attention, per_trick = Facts.parse_attention(text)
    bad = [t for t in per_trick if not 1 <= t <= 13]
    if bad:
        raise ModelError(f"trick {bad[0]} is not between 1 and 13")
    return {"attention": attention, "attention_by_trick": per_trick}


def _write_attention(facts: Facts) -> str | None:
    if facts.attention == Attention.END and not facts.attention_by_trick:
        return None
    parts = [facts.attention.value]
    parts += [f"{t}={a.value}" for t, a in sorted(facts.attention_by_trick.items())]
    return "; ".join(parts)


def _given_attention(facts: Facts, option: str, text: str) -> Facts:
    """``--attention`` sets the default and adds its per-trick times to the tag's."""
    default, per = Facts.parse_attention(text)
    return replace(facts, attention=default,
                   attention_by_trick={**facts.attention_by_trick, **per})


def _read_claim(text: str) -> Values:
    from equity.core.game.claim import Claim

    said = Claim.parse(text)
    return {"claimer": said.claimer, "claim": said if said.stated else None}


def _write_claim(facts: Facts) -> str | None:
    if facts.claim is not None:
        return str(facts.claim)
    return facts.claimer.name if facts.claimer is not None else None


def _given_claim(facts: Facts, option: str, value: Any) -> Facts:
    """``--claimer SEAT`` names the claimer; ``--claim`` gives him and his statement."""
    if option == "claimer":
        return replace(facts, claimer=value)
    return replace(facts, claimer=value.claimer,
                   claim=value if value.stated else None)


def _read_claim_status(text: str) -> Values:
    from equity.core.game.claim import ClaimAgreement

    agreement = ClaimAgreement.parse(text)
    return {"claim_status": agreement.status, "claim_agreed": agreement.agreed}


def _check_claim_status(values: Values) -> None:
    """Law 68B: only an opponent of the claimer agrees to his claim."""
    claimer, agreed = values.get("claimer"), values.get("claim_agreed", ())
    if claimer is not None and any(s.side == claimer.side for s in agreed):
        raise ModelError(f"{agreed[0].long_name} is on the claimer's side: only an "
                         f"opponent of {claimer.long_name} agrees to his claim")


def _write_claim_status(facts: Facts) -> str | None:
    if facts.claim_status == ClaimStatus.AGREED and not facts.claim_agreed:
        return None
    from equity.core.game.claim import ClaimAgreement

    return str(ClaimAgreement(facts.claim_status, facts.claim_agreed))


def _given_claim_status(facts: Facts, option: str, value: ClaimAgreement) -> Facts:
    return replace(facts, claim_status=value.status, claim_agreed=value.agreed)


def _tricks(text: str) -> int:
    tricks = small_int(text, 2)
    if tricks is None or tricks > 13:
        raise ModelError("the self-inflicted part is a number of tricks")
    return tricks


def _given_requirements(facts: Facts, option: str, value: tuple[Requirement, ...]
                        ) -> Facts:
    """``--require`` adds to the board's requirements."""
    return replace(facts, requirements=facts.requirements + value)


def _said(name: str) -> Callable[[Facts], str | None]:
    """A writer of a field that is None by default, said as it is."""
    return lambda facts: None if getattr(facts, name) is None else str(getattr(facts, name))


def _joined(name: str, sep: str) -> Callable[[Facts], str | None]:
    """A writer of a tuple field, its items said in order separated by ``sep``."""
    return lambda facts: sep.join(str(x) for x in getattr(facts, name)) or None


def _write_ruled_by(facts: Facts) -> str | None:
    return None if facts.ruled_by is RuledBy.DIRECTOR else facts.ruled_by.value


class Facts(Struct, frozen=True, kw_only=True):
    """What the Director learns at the table and the play record cannot show; the fact
    that fills each field is declared in :data:`FACTS`."""

    laws: str | None = None
    attention: Attention = Attention.END
    attention_by_trick: Mapping[int, Attention] = field(default_factory=dict)
    """Per revoke's trick, where it differs from :attr:`attention` (``[EquityAttention]``)."""
    claimer: Seat | None = None
    """Who claimed or conceded (``[EquityClaim]``); None: declarer."""
    claim: Claim | None = None
    """The claim with its statement (``[EquityClaim "S: ..."]``); None when no statement
    was recorded (the older ``"S"`` names the claimer only: :attr:`claimer`)."""
    claim_status: ClaimStatus = ClaimStatus.AGREED
    claim_agreed: tuple[Seat, ...] = ()
    """With ``disputed``: the claimer's opponent who agreed all the same
    (``"disputed; N agreed"``, ``[EquityClaimStatus]``)."""
    claim_aware: ClaimAware | None = None
    """What the Director found the claimer aware of at the claim (``[EquityClaimAware]``:
    ``all``, or the outstanding cards named): 70C2 is not met for them; None: not found,
    the doubt is the claimer's (70A)."""
    claim_order: ClaimOrder | None = None
    """The order the Director found the claimer stated for the suits he did not name card
    by card (``[EquityClaimOrder "top"]``: each from the top, 70B); None: none stated,
    the authority's order applies (70E2) or any normal order (70D1)."""
    self_inflicted: int | None = None
    """Law 12C1(e): the tricks the non-offenders' own serious error cost them, as the
    Director finds (with ``--serious-error``); None when not stated."""
    requirements: tuple[Requirement, ...] = ()
    """Law 61A(b) requirements in force (``[EquityRequirement]``)."""
    withdrawn: tuple[Withdrawal, ...] = ()
    """Cards withdrawn when a revoke was corrected at the table (Law 62), in order."""
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
    authority: str | None = None
    """The regulating authority whose elections under Law 12 apply (``[EquityAuthority]``,
    a name of :data:`~equity.core.law.law12.AUTHORITIES`); None: the WBF."""
    ruled_by: RuledBy = RuledBy.DIRECTOR
    """Who assigns the adjusted score (``[EquityRuledBy]``)."""
    revoke_report: RevokeReport | None = None
    """A revoke as reported at the table, for a board ruled without its card play
    (``[EquityRevoke]``, :mod:`equity.core.game.revoke_report`)."""
    claim_position: StartPosition | None = None
    """A claim as found at the table, for a board ruled without the play before it: the
    cards still held, who is on lead, the tricks each side had won
    (``[EquityClaimPosition]``, :mod:`equity.core.game.start_position`)."""
    play_from: PlayFrom | None = None
    """The record starts at this trick, the play before it not given (``[EquityPlayFrom]``,
    :mod:`equity.core.game.play_from`)."""

    def attention_for(self, trick: int) -> Attention:
        return self.attention_by_trick.get(trick, self.attention)

    @property
    def without_play(self) -> bool:
        """The board is ruled from facts reported at the table, without its card play:
        a revoke (``[EquityRevoke]``) or a claim from the cards still held
        (``[EquityClaimPosition]``)."""
        return self.revoke_report is not None or self.claim_position is not None

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


FACTS: tuple[Fact, ...] = (
    fact("laws", "EquityLaws", read=_one("laws", _laws), write=_said("laws"), key="laws",
         options=("laws",)),
    fact("attention",
         "EquityAttention", read=_read_attention, write=_write_attention, key="attention",
         options=("attention",), also=("attention_by_trick",), given=_given_attention),
    fact("claimer", "EquityClaim", read=_read_claim, write=_write_claim, key="claim",
         options=("claimer", "claim"), also=("claim",), given=_given_claim,
         pick=lambda text: "claim" if ":" in text else "claimer"),
    fact("claim_status", "EquityClaimStatus", read=_read_claim_status, write=_write_claim_status,
         key="claim-status", options=("claim_status",), also=("claim_agreed",),
         given=_given_claim_status, check=_check_claim_status),
    fact("claim_aware", "EquityClaimAware",
         read=_one("claim_aware", parse_later("equity.core.game.claim", "ClaimAware")),
         write=_said("claim_aware"), key="claim-aware", options=("claim_aware",)),
    fact("claim_order", "EquityClaimOrder",
         read=_one("claim_order", parse_later("equity.core.game.claim", "ClaimOrder")),
         write=_said("claim_order"), key="claim-order", options=("claim_order",)),
    fact("self_inflicted", "EquitySelfInflicted", read=_one("self_inflicted", _tricks),
         write=_said("self_inflicted"), key="self-inflicted", options=("self_inflicted",)),
    fact("requirements", "EquityRequirement", read=_one("requirements", Requirement.parse_list),
         write=_joined("requirements", "; "), key="require", options=("requirements",),
         given=_given_requirements),
    fact("withdrawn", "EquityWithdrawn", read=_one("withdrawn", Withdrawal.parse_list),
         write=_joined("withdrawn", "; "), key="withdrawn", options=("withdrawn",)),
    fact("players",
         "EquityPlayers", read=_one("players", str), write=_said("players"), key="players",
         options=("players",), named="player class"),
    fact("signals", "EquitySignals", read=_one("signals", parse_signals), write=_said("signals"),
         key="signals", options=("signals",)),
    fact("unauthorised", "EquityUI", read=_one("unauthorised", Information.parse_list),
         write=_joined("unauthorised", " | "), key="ui", options=("unauthorised",)),
    fact("authorised", "EquityAI", read=_one("authorised", Information.parse_list),
         write=_joined("authorised", " | "), key="ai", options=("authorised",)),
    fact("authority", "EquityAuthority", read=_one("authority", str), write=_said("authority"),
         key="authority", options=("authority",), named="authority"),
    fact("ruled_by", "EquityRuledBy", read=_one("ruled_by", RuledBy.parse), write=_write_ruled_by,
         key="ruled-by", options=("ruled_by",)),
    fact("revoke_report", "EquityRevoke",
         read=_one("revoke_report", parse_later("equity.core.game.revoke_report",
         "RevokeReport")),
         write=_said("revoke_report"), key="revoke", options=("revoke",)),
    fact("claim_position", "EquityClaimPosition",
         read=_one("claim_position", parse_later("equity.core.game.start_position",
         "StartPosition")),
         write=_said("claim_position"), key="claim-position", options=("claim_position",)),
    fact("play_from", "EquityPlayFrom",
         read=_one("play_from", parse_later("equity.core.game.play_from", "PlayFrom")),
         write=_said("play_from"), key="play-from", options=("play_from",)),
)
"""Every fact, declared once, in the order of the :class:`Facts` fields that hold them
(the order a writer puts the tags)."""

if tuple(name for f in FACTS for name in f.fields) != Facts.__struct_fields__:
    raise ValueError("FACTS must fill each field of Facts once, in the fields' order")

__all__ = ["FACTS", "LAWS_EDITIONS", "SIGNALS", "Attention", "ClaimStatus", "Fact", "Facts",
           "Information", "Requirement", "RequirementKind", "RuledBy", "Told", "Values",
           "Withdrawal", "fact", "parse_signals"]
