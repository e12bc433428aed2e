"""A ruling as plain content: every sentence equity says about a board, made once.

The renderers only lay this content out: :mod:`equity.render.text` (what a Director reads
out at the table), :mod:`equity.render.html` and :mod:`equity.render.markdown` (the document
an appeals committee reads), and :mod:`equity.render.jsonout` (what scripts read) takes its
scores from :func:`score_values`. :func:`automatic_view` covers Laws 61-64A/B (all that
``--no-equity`` rules), :func:`board_view` the whole ruling with Law 64C.

Each step of a ruling keeps its :class:`~equity.core.law.steps.StepKind` (the paragraph says it,
or Law 64C tags it where the step is made), so a layout finds the decision by its kind,
never by its place in the list.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from equity.core.adjust import (
    DIRECTOR,
    EPSILON,
    LIKELY,
    OUTCOME,
    SUBSTITUTION,
    TABLE,
    Assessment,
    Departure,
    Leaves,
    Line,
    Policy,
    Ruling,
    director_weights,
    nos_gain,
)
from equity.core.game import (
    Card,
    Contract,
    Deal,
    Replay,
    Seat,
    Side,
    Suit,
    Vulnerability,
    suit_holding,
)
from equity.core.law import AutomaticRuling, ClaimLine, ClaimRuling, RevokeRuling, Step, StepKind
from equity.core.reading import PLAY_WORDS, Table

DD_NOTE = ("Double dummy assumes perfect play by all four players, every card in view: the "
           "substitution lines are double dummy. The likely outcomes, and the table line "
           "after it leaves the record, are single dummy (each player sees only his own "
           "hand and dummy; each card's chance is the share of the layouts of the unseen "
           "cards in which it is the right choice; an unlikely branch is finished double "
           "dummy): estimates for the Director to weigh, not a verdict.")
"""The caveat printed with the Law 64C lines."""

NO_AUCTION = "no auction in the record: the layouts of the unseen cards draw on the play alone"
"""What the ruling says when the record has no auction to read."""


def unread_auction(unread: str | None) -> str | None:
    """What the ruling says when the record's auction could not be read (``unread``: the
    call named and why; None when it was read, or there is none)."""
    if unread is None:
        return None
    return (f"the record's auction was not read ({unread}): the layouts of the unseen "
            "cards draw on the play alone")


def no_auction(table: Table) -> str:
    """Why the single-dummy players read no auction: none in the record, or not read."""
    return unread_auction(table.unread) or NO_AUCTION


def auction_sentences(table: Table, law: str, outside: int = 0) -> tuple[str, ...]:
    """What the single-dummy players knew from the table (Law 16A1(a); ``law``: the
    edition's paragraph, :attr:`~equity.core.law.law12.Paragraphs.authorised`), in
    sentences: the calls read and what each showed, the calls not read, the calls the
    real hand does not fit (what the Director sees), how a hand outside the calls is
    weighed and how many decisions (``outside``) drew such hands, then the cards read
    (:func:`card_sentences`)."""
    bidding = table.bidding
    if bidding is None:
        return (f"Auction: {no_auction(table)}.", *card_sentences(table, law))
    a = bidding.reading.auction
    out = [f"Auction ({a.dealer.long_name} dealer): "
           + " ".join(c.pretty for c in a.calls) + "."]
    read = [f"{s.name} ({s.rule}): {s.describe() or 'nothing'}" for s in bidding.reading.shown]
    out.append(f"Read (Law {law}, authorised to every player): "
               + ("; ".join(read) if read else "no call") + ".")
    unread = [f"{a.seat(i).long_name}'s {a.calls[i].pretty}" for i in bidding.reading.unread]
    if unread:
        out.append("Not read (they show nothing to the model): " + ", ".join(unread) + ".")
    if bidding.outside:
        out.append("The real hand is outside what its calls show (the Director sees it; "
                   "no player may know it: the calls are never widened to admit it): "
                   + "; ".join(o.describe() for o in bidding.outside) + ".")
    out.append(f"A seat's calls are outside what they show {bidding.style.outside:.0%} of "
               "the time at real tables: the layouts keep such hands with that chance, "
               "the same on every deal"
               + (f" ({outside} decision{'s' if outside > 1 else ''} drew such hands)."
                  if outside else "."))
    return (*out, *card_sentences(table, law))


def card_sentences(table: Table, law: str) -> tuple[str, ...]:
    """What the single-dummy players read from the cards (``law``, as
    :func:`auction_sentences`): each card of trick 1 read (the opening lead, the signal
    to it), then how the cards each line plays are read (the discards); none without a
    play record."""
    if not table.cards:
        return ()
    return (*(e.explain(law) for e in table.cards), *PLAY_WORDS)


SIDE_NAMES = {Side.NS: "North-South", Side.EW: "East-West"}
VUL_NAMES = {Vulnerability.NONE: "None", Vulnerability.BOTH: "Both",
             Vulnerability.NS: "North-South", Vulnerability.EW: "East-West"}
BASIS_NAMES = {"64C": "Law 64C adjusted score", "64A": "Law 64A transfer stands",
               "16C2": "adjusted score for unauthorised information from a correction "
                       "(Laws 16C2, {assigned})",
               "16B": "adjusted score for unauthorised information from partner "
                      "(Laws {partner}, {assigned})",
               "none": "no transfer and no adjustment",
               "70": "the claim adjudicated (Law 70)",
               "69B": "agreement to the claim withdrawn (Law 69B)",
               "71": "concession cancelled (Law 71)",
               "64+70": "Law 64A transfer from the tricks of the adjudicated claim (Laws 64A, 70)",
               "64+69B": "Law 64A transfer from the claim as corrected (Laws 64A, 69B)",
               "64+71": "Law 64A transfer from the claim as corrected (Laws 64A, 71)"}
"""The basis in words, the edition's paragraphs filled in (:func:`basis_name`); each
begins with a capital, as it stands in a sentence or in brackets."""


def basis_cited(ruling: Ruling) -> str:
    """The basis as the headline cites it: the edition's own paragraph ("16B" is 1997's
    Law 16A, "16C2" the edition's paragraph on withdrawn information), the code
    otherwise (JSON ``ruling.basis`` keeps the code)."""
    ed = ruling.automatic.edition
    return {"16B": ed.partner_information,
            "16C2": ed.withdrawn_info}.get(ruling.basis, ruling.basis)


def basis_name(ruling: Ruling) -> str:
    """What the ruling rests on, in words, citing the edition's own paragraphs."""
    ed = ruling.automatic.edition
    partner = ", ".join(dict.fromkeys((ed.law_16b("1"), ed.law_16b("3"))))
    return BASIS_NAMES.get(ruling.basis, ruling.basis).format(
        assigned=ed.law12.assigned, partner=partner)
STAGES = {StepKind.REVOKE: "Revoke", StepKind.ESTABLISHED: "Established",
          StepKind.NOT_ESTABLISHED: "Not established", StepKind.CORRECTION: "Correction",
          StepKind.TRANSFER: "Transfer", StepKind.NO_TRANSFER: "No transfer",
          StepKind.POLICY: "Policy", StepKind.EVENT: "Scoring", StepKind.CHECK: "Equity",
          StepKind.SERIOUS_ERROR: "Serious error", StepKind.DECISION: "Decision",
          StepKind.CLAIM: "Claim"}
"""A step's stage in plain words, by its kind."""
ATTENTION_WORDS = {"play": "during the play", "end": "after the play, hands still on the table",
                   "returned": "after the hands went back in the board",
                   "next-call": "after a non-offender called on the next deal",
                   "round": "after the round"}
NO_CARD = "\u2013"
"""An en dash: where the record has no card (or a trick has no winner yet)."""

Weighted = Sequence[tuple[int, float]]


# --- The sentences ------------------------------------------------------------------------


def ranks(hand: int, suit: Suit) -> str:
    """A suit of a hand as its ranks, highest first ("—" when void)."""
    holding = suit_holding(hand, suit)
    return "".join("23456789TJQKA"[r - 2] for r in range(14, 1, -1) if holding >> r & 1) or "—"


def pct(weight: float) -> str:
    return f"{weight:.0%}"


def tricks_result(c: Contract, tricks: int, finished: bool = True) -> str:
    """E.g. "10 tricks, made with one overtrick" (qualified when the record stops early)."""
    text = f"{tricks} trick{'s' if tricks != 1 else ''}, {c.result_text(tricks)}"
    return text if finished else f"{text} (only as far as the record goes)"


def contract_result(c: Contract, tricks: int, finished: bool = True) -> str:
    """E.g. "3NT by East: 10 tricks, made with one overtrick"."""
    return f"{c.level}{c.strain.symbol} by {c.declarer.long_name}: " \
        f"{tricks_result(c, tricks, finished)}"


@dataclass(frozen=True, slots=True)
class ScoreValues:
    """A result's N-S score as the scorer types it, its expectation and, with a field or a
    comparison, its MPs or IMPs: the rounded figures the JSON carries."""

    score_ns: float
    scorer: str
    weighted: bool
    mp: float | None = None
    mp_pct: float | None = None
    imps: float | None = None

    def said(self) -> str:
        """The score as the scorer types it, with the expectation and MP/IMPs if any."""
        out = self.scorer
        if self.weighted:
            out += f"; expected N-S {self.score_ns:+g}"
        if self.mp is not None and self.mp_pct is not None:
            out += f"; N-S {self.mp:g} MP ({self.mp_pct:.1f}%)"
        elif self.imps is not None:
            out += f"; N-S {self.imps:+.2f} IMPs"
        return out


def score_values(ruling: Ruling, weighted: Weighted) -> ScoreValues:
    score = ruling.score(weighted)
    ev = ruling.event
    mp = mp_pct = imps = None
    if ev.form == "mp":
        points = score.matchpoints(ev.field)
        mp, mp_pct = round(points, 4), round(100 * points / ev.top(), 2)
    elif ev.form == "imps" and ev.other is not None:
        imps = round(score.imps(ev.other), 4)
    return ScoreValues(round(score.expected_ns, 2), score.scorer_text(), len(weighted) > 1,
                       mp, mp_pct, imps)


def score_text(ruling: Ruling, weighted: Weighted) -> str:
    return score_values(ruling, weighted).said()


# --- Laws 61-64A/B ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of the ruling: what it does, the law, what it means here."""

    kind: StepKind
    law: str
    text: str

    @property
    def stage(self) -> str:
        return STAGES[self.kind]


def step_views(steps: Sequence[Step]) -> tuple[StepView, ...]:
    return tuple(StepView(s.kind, s.law, s.text) for s in steps)


@dataclass(frozen=True, slots=True)
class RevokeView:
    """Laws 61-64A/B for one revoke: its steps and what they come to."""

    number: int
    title: str
    """E.g. "Revoke 1: trick 5, East, ♦2, ♣ led"."""
    steps: tuple[StepView, ...]
    outcome: str
    """What the steps come to, in one sentence (the document)."""
    transfer: str | None
    """E.g. "2 tricks to EW" when the revoke stands (the text)."""


@dataclass(frozen=True, slots=True)
class AutomaticView:
    """The Laws 61-64A/B ruling of a board (all that ``--no-equity`` gives)."""

    source: str
    label: str
    contract: Contract
    claimed: bool
    table_result: str
    revokes: tuple[RevokeView, ...]
    after_transfer: str
    notes: tuple[str, ...]
    play_continues: str | None = None
    """Said instead of a result while play continues (the record stops where the Director
    was called, Law 62A): the tricks so far are not a result."""
    after_label: str = "After transfer"
    """What the result after Laws 61-64A/B is called: "After transfer" only when a trick
    was transferred (:func:`after_label`)."""
    claim: ClaimView | None = None
    """The Director's ruling on the claim (Laws 68-71), when he ruled on it."""

    @property
    def table_how(self) -> str:
        """How the table result was reached: "as played", with the claim's tricks as
        claimed or as ruled."""
        if self.claim is not None:
            return f"as played, the claim as ruled under Law {self.claim.law}"
        return "as played" + (", claimed tricks included" if self.claimed else "")


@dataclass(frozen=True, slots=True)
class ClaimLineView:
    """One line of play judged on a claim: its cards, result, and whether it counts."""

    number: int
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]
    result: str
    normal: bool
    deciding: bool
    why: str

    @property
    def played(self) -> str:
        return _played(self.tricks)

    @property
    def label(self) -> str:
        """"the award", "normal" or "not counted"."""
        return "the award" if self.deciding else "normal" if self.normal else "not counted"

    @property
    def brief(self) -> str:
        """The line in one sentence (the text report)."""
        return f"{self.played} -> {self.result} [{self.label}]: {self.why}"


@dataclass(frozen=True, slots=True)
class ClaimView:
    """The Director's ruling on a claim (Laws 68-71), as plain strings."""

    title: str
    """E.g. "Claim by South (declarer) at trick 9, disputed by East-West"."""
    statement: str
    steps: tuple[StepView, ...]
    """The ruling's steps up to the award: what was claimed and said, the law applied,
    each doubtful point with the law that resolved it."""
    lines: tuple[ClaimLineView, ...]
    award: StepView
    law: str
    players: str
    """The class of player whose normal play was judged."""
    brief: str
    """The ruling on the claim in one sentence, with its law."""

    @property
    def lines_head(self) -> str:
        return (f"Lines judged (normal play for {self.players} players, careless or "
                "inferior but not irrational; the other side double dummy)")


def claim_view(auto: AutomaticRuling) -> ClaimView | None:
    """The claim ruling of ``auto`` in words (None when the Director did not rule)."""
    cr = auto.claim
    if cr is None:
        return None
    rp = auto.replay
    c = rp.contract
    who = cr.claim.claimer
    role = " (declarer)" if who == c.declarer else ""
    other = SIDE_NAMES[who.side.other]
    status = (f"disputed by {other}" if cr.agreement.status.value == "disputed"
              else f"agreed by {other}")
    if cr.agreement.agreed:
        status += f" ({cr.agreement.agreed[0].long_name} agreed)"
    lines = tuple(_claim_line(i, ln, cr) for i, ln in enumerate(cr.lines, 1))
    said = cr.claim.describe() if cr.claim.stated else "no statement recorded"
    steps = step_views(cr.steps)
    return ClaimView(f"Claim by {who.long_name}{role}, {status}", said, steps[:-1], lines,
                     steps[-1], cr.law, cr.players, _claim_brief(cr))


def _claim_line(number: int, line: ClaimLine, cr: ClaimRuling) -> ClaimLineView:
    by_trick: dict[int, list[tuple[Seat, Card]]] = {}
    for p in line.plays:
        by_trick.setdefault(p.trick, []).append((p.seat, p.card))
    return ClaimLineView(number, tuple((t, tuple(ps)) for t, ps in by_trick.items()),
                         f"{line.declarer_tricks} tricks", line.normal,
                         number == 1 and cr.deciding is line, line.why)


def _claim_brief(cr: ClaimRuling) -> str:
    who = cr.claim.claimer.long_name
    if cr.law == "70":
        return (f"Law 70: {who}'s claim is adjudicated, doubtful points against him: "
                f"declarer {cr.awarded} tricks (claimed {cr.claimed})")
    if cr.law == "71":
        return (f"Law 71: {who} conceded tricks his side could not lose by any normal play: "
                f"declarer {cr.awarded} tricks (claimed {cr.claimed})")
    if cr.law == "69B":
        return (f"Law 69B: the agreement to {who}'s claim is withdrawn for tricks the other "
                f"side would have won on every normal line: declarer {cr.awarded} tricks "
                f"(claimed {cr.claimed})")
    return f"Law 69A: {who}'s claim stands: declarer {cr.awarded} tricks"


PLAY_CONTINUES = "play continues; no result yet"


def automatic_view(auto: AutomaticRuling) -> AutomaticView:
    rp = auto.replay
    c = rp.contract
    stop = (f"the record stops at trick {len(rp.tricks)}, where the Director was called "
            f"(declarer has won {auto.table_tricks} so far; not a result)"
            if auto.pending else None)
    return AutomaticView(
        rp.board.source, rp.board.label, c, rp.claimed, contract_result(c, auto.table_tricks),
        tuple(_revoke_view(i, r, auto.pending) for i, r in enumerate(auto.revokes, 1)),
        contract_result(c, auto.after_transfer_tricks), record_notes(auto), stop,
        after_label(auto), claim_view(auto))


def record_notes(auto: AutomaticRuling) -> tuple[str, ...]:
    """The notes of a ruling: what the reader could not read of the record (an auction),
    then the law stage's."""
    unread = unread_auction(auto.replay.board.auction_unread)
    return (*((unread,) if unread else ()), *auto.notes)


def after_label(auto: AutomaticRuling) -> str:
    """The name of the result after Laws 61-64A/B: "After transfer" only when Law 64A
    transferred a trick; a claim adjudicated with the revoke corrected (Law 70) or no
    transfer at all says so instead."""
    if any(r.transfer for r in auto.revokes):
        return "After transfer"
    if any(s.law == "70" for r in auto.revokes for s in r.steps):
        return "After Laws 61-64 (the claim adjudicated under Law 70; no trick transferred)"
    return "After Laws 61-64 (no trick transferred)"


def revoke_title(number: int, r: RevokeRuling) -> str:
    rev = r.revoke
    led = f", {rev.suit_led.symbol} led" if rev.suit_led is not None else ""
    return f"Revoke {number}: trick {rev.trick}, {rev.seat.long_name}, {rev.card.pretty}{led}"


def _revoke_view(number: int, r: RevokeRuling, pending: bool = False) -> RevokeView:
    """One revoke; no transfer is stated while play continues (it is decided at the end
    of play, Laws 64A1/64A2)."""
    transfer = (f"{r.transfer} trick{'s' if r.transfer != 1 else ''} to "
                f"{r.offender_side.other.name}") if (r.stands or r.transfer) \
        and not pending else None
    return RevokeView(number, revoke_title(number, r), step_views(r.steps), _outcome(r),
                      transfer)


def _outcome(r: RevokeRuling) -> str:
    """What Laws 62-64B come to for one revoke, in one sentence."""
    to = SIDE_NAMES[r.offender_side.other]
    if r.corrected and r.transfer:  # Law 43B2(b): as if established
        plural = "s" if r.transfer != 1 else ""
        return (f"Corrected (Law 62), and Law 64 applied as if established (Law 43B2(b)); "
                f"{r.transfer} trick{plural} transferred to {to}.")
    if r.corrected:
        how = "established but corrected" if r.established else "not established: corrected"
        return f"{how.capitalize()} (Law 62); no trick transferred."
    if r.exemption is not None:
        return f"Established; no trick transferred (Law {r.exemption})."
    which = ", ".join("a trick won under the claim" if n == 0 else f"trick {n}"
                      for n in r.transferred_tricks)
    plural = "s" if r.transfer != 1 else ""
    return (f"Established; {r.transfer} trick{plural} transferred to {to}"
            + (f" ({which})." if which else "."))


# --- Law 64C: the lines ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineView:
    """One candidate line of Law 64C with its cards, departure, tricks, score, weight."""

    number: int
    kind: str
    """"table line", "likely", "substitution", "Director's line", "Director's outcome"."""
    card: str
    """The line's card at the revoke, with the cards equal to it, e.g. "♦5 (= ♦5 ♦4)"."""
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]
    """The line's cards from the revoke on, grouped by trick: (trick, ((seat, card), ...))."""
    left: str
    """Where the line left the table's play (and double dummy took over)."""
    result: str
    score: str
    weight: str
    """The weight, and the offenders' where a non-reciprocal ruling gives them another."""
    brief: str
    """The whole line in one sentence, as the text report reads it out."""
    share: str
    """The weight alone, e.g. "50%"."""
    departures: tuple[str, ...] = ()
    """Every place the line leaves the record, with why (the table line), e.g. "Trick 7,
    East: recorded ♥8 → ♦6. East's ♥8 was following ..."."""
    own_errors: tuple[str, ...] = ()
    """The non-offenders' recorded errors that stand: not caused by the revoke."""
    exchanges: tuple[str, ...] = ()
    """Where an equal card stood for the recorded one (the line kept the record)."""
    weight_note: str = ""
    """Why a line weighs nothing, in a few words (:func:`weight_notes`); "" otherwise."""
    damage_law: str = ""
    """The edition's paragraph on damage (2017 Law 12B1): the own errors stand because
    only what the revoke caused is redressed."""

    @property
    def weighed(self) -> str:
        """The weight with its note: "0% (below the share a weighted score announces ...)"."""
        return f"{self.share}: {self.weight_note}" if self.weight_note else self.share

    @property
    def played(self) -> str:
        """The cards as "t5: E♦2 S♦A; t6: ..."."""
        return _played(self.tricks)

    @property
    def departures_head(self) -> str:
        """The heading of :attr:`departures`."""
        return f"Where line {self.number} ({self.kind}) leaves the record, and why"

    @property
    def own_errors_head(self) -> str:
        """The heading of :attr:`own_errors`."""
        law = f" (Law {self.damage_law})" if self.damage_law else ""
        return (f"The non-offenders' own errors in line {self.number} ({self.kind}), which "
                f"stand: the revoke did not cause them{law}")

    @property
    def details(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(heading, items) for the departures and the own errors the line has."""
        return tuple((head, items) for head, items in (
            (self.departures_head, self.departures),
            (f"Where line {self.number} ({self.kind}) plays a card equal to the recorded "
             "one, and keeps the record", self.exchanges),
            (self.own_errors_head, self.own_errors))
            if items)


@dataclass(frozen=True, slots=True)
class LineGroup:
    """The lines of one revoke (of all revokes under Law 64C2(b)) and their equity."""

    title: str
    """E.g. "Revoke 1 (trick 5, East), Law 64C1"."""
    lines: tuple[LineView, ...]
    equity: str
    brief_equity: str
    distribution: str | None = None
    """The likely outcomes and their probabilities, e.g. "Likely outcomes from North's
    natural card ♦T: 55% 10 tricks, 45% 9." (None without likely lines)."""
    branches: tuple[str, ...] = ()
    """Where the likely outcomes branch: "South, trick 7: ♦Q 55% / ♦A 45%"."""
    law: str = ""
    """The paragraph the lines answer: "64C1", "64C2(a)", "64C2(b)" (or "64C" under
    1997 and 2007), "16C2" or "16B"."""


def lines_question(groups: Sequence[LineGroup], transferred: bool) -> str:
    """The question the lines answer: Law 16C2's or 16B's when they are all of that
    law, else Law 64C's (said without "the transfer" when none was made)."""
    laws = {g.law for g in groups}
    if laws in ({"16C2"}, {"16B"}, {"16A"}):
        return (f"Law {laws.pop()}: what would the play have been without the unauthorised "
                "information?")
    return ("Law 64C: was the transfer enough?" if transferred else
            "Law 64C: did the revoke damage the non-offenders? (no trick was transferred)")


def _line_group(ruling: Ruling, a: Assessment) -> LineGroup:
    cf = a.counterfactual
    if cf.information is not None and cf.information.infraction is not None:
        s = cf.information.infraction
        title = (f"Unauthorised information (trick {s.trick}, {s.seat.long_name}), "
                 f"Law {cf.law}")
        chooser = s.seat
    else:
        rev = ruling.automatic.revokes[cf.revoke].revoke
        title = (f"Revoke {cf.revoke + 1} (trick {rev.trick}, {rev.seat.long_name}), "
                 f"Law {cf.law}")
        chooser = rev.seat if cf.finding is None else cf.finding.change.seat
    theirs = a.offender_weights
    first_table = next((n for n, ln in enumerate(cf.lines, 1) if ln.kind == TABLE), None)
    notes = weight_notes(ruling, a)
    lines = tuple(_line_view(ruling, n, line, w, None if theirs is None else theirs[n - 1],
                             first_table if line.kind == TABLE and n != first_table
                             else None, notes[n - 1])
                  for n, (line, w) in enumerate(zip(cf.lines, a.weights, strict=True), 1))
    return LineGroup(title, lines, f"Equity: {a.equity_tricks:.2f} tricks for declarer "
                                   "(the weighted mean of the lines).",
                     f"equity: {a.equity_tricks:.2f} tricks for declarer",
                     _distribution(cf.lines, chooser, cf.natural,
                                   cf.law if cf.information is not None
                                   else "16C2" if cf.finding is not None else None),
                     _branch_points(cf.lines), cf.law)


def _branch_points(lines: Sequence[Line]) -> tuple[str, ...]:
    """The close decisions of the likely outcomes and of the table line, once each."""
    seen: dict[str, None] = {}
    for ln in lines:
        if ln.kind in (LIKELY, TABLE):
            for b in ln.branches:
                seen.setdefault(f"{KIND_LABELS[ln.kind]}: {b}")
    return tuple(seen)


def _distribution(lines: Sequence[Line], offender: Seat, natural: Card | None,
                  unauthorised: str | None = None) -> str | None:
    """The likely outcomes' results with their probabilities, most tricks first."""
    shares: dict[int, float] = {}
    for ln in lines:
        if ln.kind == LIKELY:
            shares[ln.declarer_tricks] = shares.get(ln.declarer_tricks, 0.0) + ln.frequency
    if not shares:
        return None
    parts = [f"{pct(f)} {t}" + ("" if i else f" trick{'s' if t != 1 else ''}")
             for i, (t, f) in enumerate(sorted(shares.items(), reverse=True))]
    what = (f"card without the unauthorised information (Law {unauthorised})"
            if unauthorised else "natural card")
    start = (f" from {offender.long_name}'s {what} {natural.pretty}"
             if natural is not None else "")
    return f"Likely outcomes{start}: {', '.join(parts)}."


def weight_notes(ruling: Ruling, a: Assessment) -> tuple[str, ...]:
    """Why each line of ``a`` that weighs nothing does, in a few words ("" for the
    others): the Director dropped it, its result was below the share a weighted score
    announces or rounded to 0% on the 5% grid (Law 12C1(c), the edition's paragraph), it is a
    double-dummy reference only, or the policy took another line."""
    cf = a.counterfactual
    lines, number = cf.lines, cf.revoke + 1
    if ruling.policy is Policy.DD:
        return tuple("" if w > EPSILON else "policy dd counts the offender's best card only"
                     for w in a.weights)
    if ruling.policy is Policy.FAVOURABLE:
        return tuple("" if w > EPSILON else "policy favourable takes one result"
                     for w in a.weights)
    given = ruling.weights
    try:
        before = director_weights(lines, given, number)  # before the floor
    except ValueError:
        before = tuple(a.weights)
    unnamed: dict[int, float] = {}
    for ln, w in zip(lines, before, strict=True):
        if given.for_line(ln, number) is None:
            unnamed[ln.declarer_tricks] = unnamed.get(ln.declarer_tricks, 0.0) + w
    total = sum(unnamed.values()) or 1.0
    law = ruling.automatic.edition.law12.weighted
    rounded = f"its result rounded to 0% on the 5% grid (Law {law})"
    out: list[str] = []
    for ln, w, b in zip(lines, a.weights, before, strict=True):
        named = given.for_line(ln, number)
        if w > EPSILON:
            out.append("")
        elif named is not None:
            out.append(rounded if named > EPSILON else "dropped by the Director")
        elif ln.kind == SUBSTITUTION:
            out.append("a double-dummy reference only")
        elif b > EPSILON:
            t = ln.declarer_tricks
            share = unnamed.get(t, 0.0) / total
            out.append(f"below the share a weighted score announces "
                       f"({pct(ruling.thresholds.announce)}): {t} trick{'s' if t != 1 else ''} "
                       f"came to {pct(share)} of the weight (Law {law})"
                       if share < ruling.thresholds.announce - EPSILON else rounded)
        elif ln.kind == LIKELY:
            out.append("a reference: the table line's probabilities are the default weights "
                       f"(Law {law}; --weight likely=W weighs it)")
        else:
            out.append("no weight left to it by the Director's weights")
    return tuple(out)


def _line_view(ruling: Ruling, number: int, line: Line, weight: float,
               offender_weight: float | None, same_as: int | None = None,
               note: str = "") -> LineView:
    """One line in words; ``same_as``: the number of the table line whose departures
    and own errors this one shares (the table line's other outcomes list them once)."""
    by_trick: dict[int, list[tuple[Seat, Card]]] = {}
    for p in line.cards:
        by_trick.setdefault(p.trick, []).append((p.seat, p.card))
    tricks = tuple((t, tuple(ps)) for t, ps in by_trick.items())
    card = line.card.pretty if line.card is not None else "-"
    if len(line.equivalents) > 1:
        card += " (= " + " ".join(c.pretty for c in line.equivalents) + ")"
    result = f"{line.declarer_tricks}"
    if line.earlier_transfer:
        result = (f"{line.play_tricks} in play, {line.earlier_transfer:+d} for the earlier "
                  f"revoke's transfer = {line.declarer_tricks}")
    w = pct(weight)
    if offender_weight is not None and offender_weight != weight:
        w += f" (offenders {pct(offender_weight)})"
    elif note:
        w += f" ({note})"
    score = ruling.score(((line.declarer_tricks, 1.0),)).scorer_text()
    label = KIND_LABELS[line.kind]
    if line.kind in (TABLE, LIKELY, DIRECTOR) and line.frequency < 1:
        label += f" ({line.frequency:.0%} likely)"
    if line.kind == DIRECTOR:
        label += f" {line.name}"
    listed = len(line.departures) if line.left_record in line.departures else 0
    if line.kind == OUTCOME:
        brief = f"{label}: {_brief_tricks(line)}"
    elif same_as is not None:
        brief = (f"{label} {card}: {_played(tricks)}; leaves the record as line {same_as} "
                 f"-> {_brief_tricks(line)}")
    else:
        brief = (f"{label} {card}: {_played(tricks)}; "
                 f"{_brief_departure(line.left_record, line.kind, bool(listed))} -> "
                 f"{_brief_tricks(line)}")
    if same_as is not None:
        return LineView(number, label, card, tricks,
                        f"as line {same_as}, then another of the likely choices", result,
                        score, w, brief, pct(weight), weight_note=note)
    return LineView(number, label, card, tricks,
                    _departure(line.left_record, line.kind, listed), result, score, w, brief,
                    pct(weight), tuple(_departure_item(d, ruling.automatic.edition.law12.damage)
                                       for d in line.departures),
                    tuple(_departure_item(d) for d in line.own_errors),
                    tuple(_departure_item(d) for d in line.exchanges),
                    weight_note=note, damage_law=ruling.automatic.edition.law12.damage)


def _sentence(text: str) -> str:
    """``text`` as a sentence: capital first letter, full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else f"{text}."


def _where(d: Departure) -> str:
    """E.g. "trick 7, East" (as much as the departure says)."""
    return ", ".join(x for x in (f"trick {d.trick}" if d.trick is not None else "",
                                 d.seat.long_name if d.seat is not None else "") if x)


def _cards(d: Departure) -> str:
    """The record's card and the line's: "recorded ♥8 → ♦6", or "♦A as recorded"."""
    if d.card is None or d.recorded is None:
        return ""
    if d.card == d.recorded:
        return f"{d.card.pretty} as recorded"
    return f"recorded {d.recorded.pretty} \u2192 {d.card.pretty}"


def _departure_item(d: Departure, damage: str = "") -> str:
    """One departure (or own error) for the list: where, the cards, why; a card the
    revoke induced cites ``damage``, the edition's paragraph (2017 Law 12B1: only what
    the infraction caused is redressed)."""
    head = ": ".join(x for x in (_where(d), _cards(d)) if x)
    why = f"{d.reason} (Law {damage})" if damage and d.at == Leaves.INDUCED else d.reason
    return _sentence(head) + " " + _sentence(why) if head else _sentence(why)


def _played(tricks: Sequence[tuple[int, Sequence[tuple[Seat, Card]]]]) -> str:
    return "; ".join(f"t{t}: " + " ".join(f"{s.name}{c.pretty}" for s, c in plays)
                     for t, plays in tricks)


KIND_LABELS = {TABLE: "table line", SUBSTITUTION: "substitution", LIKELY: "likely",
               DIRECTOR: "Director's line", OUTCOME: "Director's outcome"}
"""How each kind of line is named in the documents."""


def _continuation(kind: str) -> str:
    return "double dummy" if kind == SUBSTITUTION else "single dummy"


def _departure(left: Departure, kind: str, listed: int = 0) -> str:
    """Where a line left the table's play, in words (the document); the reason only
    when the line's departures are not ``listed`` below the table."""
    if left.at == Leaves.REVOKE:
        if kind == SUBSTITUTION:
            return f"at the revoke (trick {left.trick}): the legal card, then double dummy"
        return f"at the revoke (trick {left.trick}): {left.reason}"
    if left.at in (Leaves.CARD, Leaves.INDUCED):
        seat = left.seat.long_name if left.seat is not None else "?"
        if listed:
            which = ("listed below" if listed == 1
                     else f"the first of {listed} departures listed below")
            return f"trick {left.trick}, {seat}: {_cards(left)} ({which})"
        return f"trick {left.trick}, {seat}: {left.reason}"
    if left.at == Leaves.END:
        return "never: every recorded card stands with the correction"
    return left.reason


def _brief_departure(left: Departure, kind: str, listed: bool = False) -> str:
    """Where a line left the table's play, in few words (the text); the reason only when
    the line's departures are not ``listed`` under it."""
    if left.at == Leaves.REVOKE:
        return f"then {_continuation(kind)}" if kind != DIRECTOR else left.reason
    if left.at in (Leaves.CARD, Leaves.INDUCED):
        seat = left.seat.long_name if left.seat is not None else "?"
        why = "" if listed else f" ({left.reason})"
        return f"first left the record at trick {left.trick}, {seat}{why}"
    if left.at == Leaves.END:
        return "every recorded card stands"
    return left.reason


def _brief_tricks(line: Line) -> str:
    tricks = f"{line.declarer_tricks} tricks"
    if line.earlier_transfer:
        return (f"{line.play_tricks} tricks in play, {line.earlier_transfer:+d} for the "
                f"earlier revoke's transfer = {tricks}")
    return tricks


# --- The whole board ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick of the play table: cards by seat, who led, who won, which are revokes."""

    number: int
    leader: Seat
    cards: tuple[Card | None, Card | None, Card | None, Card | None]
    """Indexed by :class:`Seat` (N, E, S, W); None where no card was played."""
    winner: Seat | None
    revokes: Mapping[Seat, int]
    """Seat -> the revoke's number (1-based, as the ruling numbers them)."""


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything said about one board, as plain strings and cards."""

    automatic: AutomaticView
    anchor: str
    title: str
    facts: tuple[tuple[str, str], ...]
    deal: Deal
    dealer: Seat | None
    vulnerability: Vulnerability
    tricks: tuple[TrickRow, ...]
    play_end: str | None
    """A claim, or a record that stops before the end, said in words."""
    checked: bool
    """Whether the Law 64C lines were solved and compared (the text's 64C section)."""
    policy: str
    groups: tuple[LineGroup, ...]
    decision: tuple[StepView, ...]
    sensitivity: str | None
    """The weight of the table line at which the decision would change, in one sentence
    per revoke (None when no lines were compared)."""
    basis_code: str
    """"64C", "64A", "16C2", "16B" or "none"."""
    basis_cited: str
    """The basis as the headline cites it, the edition's paragraph (:func:`basis_cited`:
    1997's "16A" for "16B")."""
    basis: str
    """The basis in words."""
    verdict: str
    """The ruling in words, e.g. "3NT by East: 10 tricks, made with one overtrick"."""
    brief_verdict: str
    """The ruling as the text reads it out: each weighted result with its contract."""
    scoring: str
    """The vulnerability and the form of scoring, e.g. "none vulnerable; total points"."""
    brief_scores: tuple[tuple[str, str], ...]
    """(label, score) as the text lists them: after the transfer, then the ruling's."""
    scores: tuple[tuple[str, str], ...]
    """(label, score as the scorer types it), the final score(s) last."""
    final: tuple[tuple[str, str], ...]
    """The final score(s) only: one, or one per side when the ruling is non-reciprocal."""
    auction: tuple[str, ...] = ()
    """What the single-dummy players knew from the auction (:func:`auction_sentences`);
    empty when no lines were solved."""
    weighting_law: str = ""
    """The edition's paragraph on weighted scores (2017 12C1(c), 1997 12C3)."""

    @property
    def contract(self) -> Contract:
        return self.automatic.contract

    @property
    def revokes(self) -> tuple[RevokeView, ...]:
        return self.automatic.revokes

    @property
    def notes(self) -> tuple[str, ...]:
        return self.automatic.notes

    @property
    def has_revoke(self) -> bool:
        return bool(self.automatic.revokes)

    @property
    def claim(self) -> ClaimView | None:
        return self.automatic.claim

    @property
    def has_ruling(self) -> bool:
        """A revoke, a ruling on the claim, or a Law 16B finding on unauthorised
        information: something ruled."""
        return (self.has_revoke or self.claim is not None
                or any(s.law.startswith(("16B", "16A")) for s in self.decision))

    @property
    def decision_head(self) -> str:
        if self.has_revoke:
            return "Law 64C: policy and decision"
        if any(s.law.startswith(("16B", "16A")) for s in self.decision):
            return "Law 16B: unauthorised information from partner"
        return "Decision"


def board_view(ruling: Ruling) -> BoardView:
    """The content for one ruled board."""
    auto = ruling.automatic
    rp = auto.replay
    board = rp.board
    c = rp.contract
    brief_verdict = _results(c, ruling.weighted)
    return BoardView(
        automatic=automatic_view(auto), anchor=_anchor(board.label),
        title=board.label.capitalize(), facts=_facts(ruling), deal=board.deal,
        dealer=board.dealer, vulnerability=ruling.vulnerability, tricks=_trick_rows(auto),
        play_end=_play_end(rp), checked=ruling.solved and bool(ruling.assessments),
        policy=ruling.policy.value,
        groups=tuple(_line_group(ruling, a) for a in ruling.assessments)
        if ruling.solved else (),
        decision=_with_currency(step_views(ruling.steps), ruling),
        sensitivity=(ruling.sensitivity or None) if ruling.solved else None,
        basis_code=ruling.basis, basis_cited=basis_cited(ruling),
        basis=basis_name(ruling), verdict=_verdict(ruling),
        brief_verdict=brief_verdict,
        scoring=f"{ruling.vulnerability.name.lower()} vulnerable; {ruling.event.describe()}",
        brief_scores=_brief_scores(ruling), scores=_scores(ruling), final=_final_scores(ruling),
        auction=auction_sentences(auto.table, auto.edition.law12.authorised,
                                  ruling.work.loosened if ruling.work else 0)
        if ruling.solved else (), weighting_law=auto.edition.law12.weighted)


def announcement(ruling: Ruling) -> str | None:
    """The Law 64C decision (or Law 16C2's, 16B's) in the one sentence the Director
    announces, naming the side (None: nothing was checked). A transfer that did not
    compensate is said only where a trick was transferred; with none (64B1-B6) the
    non-offenders were damaged, or not; both sides revoked (64B7): the score as though
    neither had, the table's when it is that."""
    v = board_view(ruling)
    if not v.checked:
        return None
    auto = ruling.automatic
    ed = auto.edition
    nos = _non_offenders(ruling)
    side = SIDE_NAMES[nos] if nos is not None else "the non-offenders"
    exempt = next((r.exemption for r in auto.revokes if r.stands and r.exemption), None)
    none = f"No trick was transferred (Law {exempt}); " if exempt else ""
    verdict = _announced_verdict(ruling, v)
    if v.basis_code == "64C" and nos is None:  # Law 64B7, 64C2(b)
        stands = ruling.weighted == ((auto.corrected_tricks, 1.0),)
        return (f"Both sides offended: each side revoked{f' (Law {exempt})' if exempt else ''}"
                f"; Law {ed.law_64c('2(b)')}: the score is adjusted as though neither "
                f"revoke had occurred: {verdict}"
                + (", the table's result: the score stands." if stands else "."))
    if v.basis_code == "64C":
        if any(r.transfer for r in auto.revokes):
            return (f"Law 64C: the transfer did not compensate {side}, the non-offenders; "
                    f"the score is adjusted to {verdict}.")
        return (f"{none}Law 64C: {side} were damaged by the revoke; the score is adjusted "
                f"to {verdict}.")
    if v.basis_code == "16C2":
        return (f"Law 16C2: a card the withdrawn cards suggested was chosen at the "
                f"correction; {side} were damaged by the infraction; the score is adjusted "
                f"to {verdict}.")
    if v.basis_code == "16B":
        return (f"Law {ed.partner_information}: a card unauthorised information from partner "
                f"suggested was chosen over a logical alternative; {side} were damaged by "
                f"the infraction; the score is adjusted to {verdict}.")
    if v.basis_code == "64A" or v.basis_code.startswith("64+"):
        return f"Law 64C: the transfer compensated {side}; the Law 64A result stands."
    return (f"{none}Law 64C: {side} were not damaged by the revoke; the result is "
            f"{v.brief_verdict}.")


def _non_offenders(ruling: Ruling) -> Side | None:
    """The side damaged or not (None when both sides offended, Law 64B7)."""
    if ruling.non_offenders is not None:
        return ruling.non_offenders
    sides = {a.counterfactual.non_offenders for a in ruling.assessments}
    if sides:
        return sides.pop() if len(sides) == 1 else None
    standing = {r.offender_side for r in ruling.automatic.revokes if r.stands}
    return standing.pop().other if len(standing) == 1 else None


def _announced_verdict(ruling: Ruling, v: BoardView) -> str:
    """The adjusted score as announced: each side's when the ruling is non-reciprocal,
    with the edition's paragraph."""
    if ruling.offenders_weighted is None or ruling.non_offenders is None:
        if ruling.policy is Policy.FAVOURABLE and ruling.basis.adjusted:
            law = ruling.automatic.edition.law12.non_reciprocal
            cited = f"Law {law}" if law else "the Director's choice"
            return (f"{v.brief_verdict} (the non-reciprocal method of {cited}: here the "
                    "non-offenders' and the offenders' results are the same)")
        return v.brief_verdict
    c = ruling.automatic.replay.contract
    law = ruling.automatic.assignment.law if ruling.policy is Policy.FAVOURABLE else \
        ruling.automatic.edition.law12.serious_error
    nos = ruling.non_offenders
    return (f"{_results(c, ruling.weighted)} for {SIDE_NAMES[nos]} and "
            f"{_results(c, ruling.offenders_weighted)} for {SIDE_NAMES[nos.other]} "
            f"(each side its own, Law {law})")


def _results(c: Contract, weighted: Weighted) -> str:
    """A result as a verdict names it: "3NT by East: 10 tricks, made ..." or each weighted
    part with its contract, the heaviest first."""
    if len(weighted) == 1:
        return contract_result(c, weighted[0][0])
    return " + ".join(f"{pct(w)} of {contract_result(c, t)}" for t, w in heaviest_first(weighted))


def heaviest_first(weighted: Sequence[tuple[int, float]]) -> list[tuple[int, float]]:
    """A weighted result's parts in the order the scorer's line lists them (the heaviest
    first, as :meth:`~equity.core.game.scoring.WeightedScore.scorer_text`), so the
    decision and the score to enter name them in one order."""
    return sorted(weighted, key=lambda tw: -tw[1])


CURRENCY_NAMES = {"points": "total points", "mp": "matchpoints", "imps": "IMPs"}


def currency_sentence(ruling: Ruling) -> str | None:
    """One sentence when the event's scoring and the trick count disagree on whether the
    lines are better for the non-offenders (a weighted score worth more in points with
    fewer tricks on average, or the reverse): Law 64C compares scores, so the scoring
    decides. None when they agree, or there is nothing to compare."""
    nos = ruling.non_offenders
    form = ruling.event.form
    if (not ruling.solved or ruling.pending or nos is None or form not in CURRENCY_NAMES
            or not ruling.assessments):
        return None
    if ruling.basis.adjusted:
        lines = ruling.weighted
    elif len(ruling.assessments) == 1:
        lines = ruling.assessments[0].weighted
    else:
        return None
    c = ruling.automatic.replay.contract
    current = ruling.after_transfer
    sign = 1 if c.declarer.side == nos else -1
    tricks = sign * (sum(t * w for t, w in lines) - sum(t * w for t, w in current))
    value = nos_gain(c, ruling.vulnerability, ruling.event, nos, current, lines)
    if abs(tricks) < 0.005 or abs(value) < 0.005 or (tricks > 0) == (value > 0):
        return None
    side, currency = SIDE_NAMES[nos], CURRENCY_NAMES[form]
    what = ("the weighted score" if ruling.basis.adjusted and len(lines) > 1
            else "the adjusted score" if ruling.basis.adjusted else "the Law 64C lines")
    better, worse = ((f"better for {side} in {currency} ({value:+.2f})",
                      f"worse in tricks ({tricks:+.2f} on average)") if value > 0 else
                     (f"worse for {side} in {currency} ({value:+.2f})",
                      f"better in tricks ({tricks:+.2f} on average)"))
    return (f"{what[:1].upper()}{what[1:]} is {better} than the Law 64A result but {worse}: "
            f"Law 64C compares scores in the event's own form of scoring, so the "
            f"{currency} decide.")


def _with_currency(steps: tuple[StepView, ...], ruling: Ruling) -> tuple[StepView, ...]:
    """The decision's steps with :func:`currency_sentence` after the Law 64C check."""
    said = currency_sentence(ruling)
    if said is None:
        return steps
    at = max((k + 1 for k, s in enumerate(steps) if s.kind is StepKind.CHECK),
             default=len(steps))
    return (*steps[:at], StepView(StepKind.CHECK, "64C", said), *steps[at:])


def _anchor(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "board"


def _facts(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    """The board's particulars: where it comes from, who sat where, what was played."""
    auto = ruling.automatic
    rp = auto.replay
    board, c = rp.board, rp.contract
    out = [("Board", board.label.capitalize()), ("Source", board.source)]
    out += [(tag, board.tags[tag]) for tag in ("Event", "Site", "Date")
            if board.tags.get(tag, "").strip() not in ("", "?", "#")]
    players = [f"{s.long_name} {board.tags[s.long_name]}" for s in Seat
               if board.tags.get(s.long_name, "").strip() not in ("", "?")]
    if players:
        out.append(("Players", ", ".join(players)))
    out += [("Dealer", board.dealer.long_name if board.dealer is not None else "not given"),
            ("Vulnerable", VUL_NAMES[ruling.vulnerability]),
            ("Contract", c.pretty),
            ("Declarer", f"{c.declarer.long_name} (dummy {c.dummy.long_name})"),
            ("Laws", f"{auto.edition.name} Laws of Duplicate Bridge"),
            ("Law 12", _assigned_words(auto)),
            ("Attention drawn", _attention(rp)),
            ("Table result", tricks_result(c, auto.table_tricks, rp.finished))]
    reqs = [str(r) for r in board.facts.requirements]
    if reqs:
        out.insert(-1, ("Requirements", "; ".join(reqs)))
    return tuple(out)


def _assigned_words(auto: AutomaticRuling) -> str:
    """The law's method for an adjusted score on the board (Law 12): weighted or
    non-reciprocal, as the regulating authority and who rules make it."""
    a = auto.assignment
    return (f"adjusted scores {a.method} by default (Law {a.law}); regulating authority "
            f"{a.authority}; ruled by {a.ruled_by.value}")


def _attention(rp: Replay) -> str:
    """When attention was drawn to the revokes (Laws 62D, 64B4, 64B5), in words."""
    f = rp.board.facts
    per = "".join(f"; for trick {t}: {ATTENTION_WORDS.get(a.value, a.value)}"
                  for t, a in sorted(f.attention_by_trick.items()))
    return f"{ATTENTION_WORDS.get(f.attention.value, f.attention.value)}{per}"


def _trick_rows(auto: AutomaticRuling) -> tuple[TrickRow, ...]:
    numbers = {(r.revoke.trick, r.revoke.seat): i for i, r in enumerate(auto.revokes, 1)}
    rows = []
    for t in auto.replay.tricks:
        by_seat: list[Card | None] = [None, None, None, None]
        for p in t.plays:
            by_seat[p.seat] = p.card
        rows.append(TrickRow(t.number, t.leader, (by_seat[0], by_seat[1], by_seat[2],
                                                  by_seat[3]), t.winner,
                             {s: n for (k, s), n in numbers.items() if k == t.number}))
    return tuple(rows)


def _play_end(rp: Replay) -> str | None:
    done = len(rp.complete_tricks)
    if rp.claimed:
        claimer = rp.board.facts.claimer or rp.contract.declarer
        total = "" if rp.claim_tricks is None else \
            f" for a total of {rp.claim_tricks} tricks to declarer"
        return f"After trick {done}: claim or concession by {claimer.long_name}{total}."
    if not rp.finished:
        where = (f"during trick {done + 1}" if len(rp.tricks) > done
                 else f"after trick {done}")
        return f"The play record stops {where}, where the Director was called."
    return None


def _verdict(ruling: Ruling) -> str:
    """The ruling in words; for a non-reciprocal ruling, each side's result."""
    c = ruling.automatic.replay.contract
    finished = ruling.automatic.replay.finished

    def said(weighted: Weighted) -> str:
        if len(weighted) == 1:
            return tricks_result(c, weighted[0][0], finished)
        return " + ".join(f"{pct(w)} of {tricks_result(c, t)}"
                          for t, w in heaviest_first(weighted))

    head = f"{c.level}{c.strain.symbol} by {c.declarer.long_name}: "
    if ruling.pending:
        return head + PLAY_CONTINUES
    if ruling.offenders_weighted is None or ruling.non_offenders is None:
        return head + said(ruling.weighted)
    nos = ruling.non_offenders
    return (head + f"{said(ruling.weighted)} for {SIDE_NAMES[nos]} (the non-offenders); "
            f"{said(ruling.offenders_weighted)} for {SIDE_NAMES[nos.other]}")


def _brief_scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    label = _after_scores_label(ruling)
    after = (label[0].lower() + label[1:],
             score_text(ruling, ruling.after_transfer))
    if ruling.offenders_weighted is None:
        return after, ("ruling", score_text(ruling, ruling.weighted))
    return after, *((f"ruling for {side.name}", score_text(ruling, weighted))
                    for side, weighted in ruling.side_results().items())


def _after_scores_label(ruling: Ruling) -> str:
    label = after_label(ruling.automatic)
    return "After the Law 64A transfer" if label == "After transfer" else label


def _final_scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    """The final score, or each side's when the ruling is non-reciprocal. A record that
    stops before the end of play has no final score: its count is only as far as it goes."""
    label = ("Final score" if ruling.automatic.replay.finished
             else "Score as far as the record goes (not a final score)")
    if ruling.offenders_weighted is None:
        return ((label, score_text(ruling, ruling.weighted)),)
    return tuple((f"{label} for {SIDE_NAMES[side]}", score_text(ruling, weighted))
                 for side, weighted in ruling.side_results().items())


def _scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    rp = ruling.automatic.replay
    out = []
    if rp.finished:
        out.append(("Table result",
                    score_text(ruling, ((ruling.automatic.table_tricks, 1.0),))))
    if ruling.automatic.revokes:
        out.append((_after_scores_label(ruling), score_text(ruling, ruling.after_transfer)))
    return (*out, *_final_scores(ruling))
