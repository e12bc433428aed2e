"""The words a ruling is made of: names of sides, vulnerabilities and bases, the auction's
sentences, contracts and results, and a score in its currency; every renderer's sentences
are built from these."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from equity.core.adjust import Ruling, nos_gain
from equity.core.game import Card, Contract, Seat, Side, Suit, Vulnerability, suit_holding
from equity.core.law import StepKind
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
    near = ("" if bidding.style.near is None else
            f", {bidding.style.near:.0%} by one step only (a point over or under, a card "
            "more or less: a near miss, kept likelier than a hand further out)")
    out.append(f"A seat's calls are outside what they show {bidding.style.outside:.0%} of "
               f"the time at real tables{near}: the layouts keep such hands with that "
               "chance, the same on every deal"
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
               "70": "the claim adjudicated, Law 70",
               "69B": "agreement to the claim withdrawn, Law 69B",
               "71": "concession cancelled, Law 71",
               "64+70": "Law 64A transfer from the tricks of the adjudicated claim (Laws 64A, 70)",
               "64+69B": "Law 64A transfer from the claim as corrected (Laws 64A, 69B)",
               "64+71": "Law 64A transfer from the claim as corrected (Laws 64A, 71)"}
"""The basis in words, the edition's paragraphs filled in (:func:`basis_name`); each
stands in brackets ("Laws 61-64: ... (the claim adjudicated, Law 70)"), so a claim's
names its law after a comma, not in brackets of its own."""


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


class ScoreValues(Struct, frozen=True):
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


def played_text(tricks: Sequence[tuple[int, Sequence[tuple[Seat, Card]]]]) -> str:
    """The cards trick by trick, as "t5: E♦2 S♦A; t6: ..."."""
    return "; ".join(f"t{t}: " + " ".join(f"{s.name}{c.pretty}" for s, c in plays)
                     for t, plays in tricks)


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
