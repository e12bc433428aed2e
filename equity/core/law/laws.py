"""Laws 61-64: revoke, correction, establishment and the automatic trick adjustment.

Read this module against the law book. Each rule is one function named after its
paragraph; the differences between the 2017, 2007 and 1997 editions are data
(:data:`EDITIONS`), not branches scattered through the rules. Law 64C (equity) is not
here: it needs the counterfactual lines and lives in :mod:`equity.core.adjust.ruling`.

Rulings are built from a :class:`~equity.core.game.replay.Replay`; every decision carries the
paragraph it applies and a sentence a Director can read out.

The order of the book: 61A (the revoke), 63A (established? 63A4 with Law 69A for an
agreed claim), then either Law 62 (correction: 62A-C, 62C3, and 62D for trick 12, whose
last two tricks are played out again, :mod:`equity.core.law.correction`; Law 70 for a claim
that did not establish the revoke) or Law 64 (64B exemptions, else the 64A transfer,
decided at the end of play: counted by :func:`equity.core.law.transfer.law_64` from the
facts read here from the replay, as for a revoke reported without the play). A record
that stops without a claim is play that continues: no result yet (:attr:`AutomaticRuling.pending`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.game import (
    Attention,
    Card,
    CardSet,
    ClaimStatus,
    Play,
    Replay,
    Requirement,
    RequirementKind,
    Revoke,
    RevokeKind,
    Seat,
    Side,
    cards,
)
from equity.core.law.law12 import PARAGRAPHS, Assignment, Paragraphs, assignment
from equity.core.law.steps import Step
from equity.core.law.transfer import UNKNOWN, TransferFacts, law_64, law_64b6, named
from equity.core.law.unauthorised import Unauthorised
from equity.core.reading import NO_TABLE, Table

if TYPE_CHECKING:  # types only: Laws 62D and 70 are imported when a ruling plays them out
    from equity.core.law.claim_ruling import ClaimRuling
    from equity.core.law.correction import PlayOut, Rule62D2, TrickChoice

# --- The editions -------------------------------------------------------------------


class Edition(Struct, frozen=True):
    """What differs between editions of the Laws for revokes."""

    name: str
    second_trick_limb: bool
    """Law 64A2 (1997): a second trick when the offending player later won a trick with
    a card he could legally have played to the revoke trick."""
    faced_hands_exempt: bool
    """Law 64B3 (1997, 2007): no transfer for failing to play any card faced on the table
    or belonging to a hand faced on the table; 2017 keeps only penalty cards and dummy."""
    trick_twelve_exempt: bool
    """Law 64B6 (2007 on): no transfer for a revoke on trick 12."""
    both_sides_exempt: bool
    """Law 64B7 (2007 on): no transfer when both sides revoked and both are established."""
    same_trick_correction: bool
    """Law 62C3 and 64B8 (2017): both sides revoked on one trick, only one side has played
    to the next: both revokes are corrected."""
    agreed_claim: str
    """The paragraph under which agreeing to an opponent's claim establishes a revoke."""
    rule_62d2: Rule62D2
    """Law 62D2, the revoker's partner at trick 12: ``"16C"`` (2017: "If a defender
    revokes on the twelfth trick before his partner's turn to play to the trick, Law 16C
    applies") or ``"two suits"`` (2007, 1997: "if he holds cards of two suits, he may not
    choose the play that could possibly have been suggested by seeing the revoke
    card")."""
    withdrawn_info: str
    """The paragraph that makes information from withdrawn plays unauthorised to the
    offending side: 16C2 (2017), 16D2 (2007), 16C2 (1997)."""
    numbered_64c: bool
    """Law 64C in paragraphs (2017: 64C1, 64C2(a) repeated revokes, 64C2(b) both sides);
    1997 and 2007 have one paragraph, Law 64C."""
    repeat_after_first: bool
    """A later revoke by the same player in the same suit (seed 003): True — 64A on the
    first revoke and, for the later one, what would have happened had it not occurred,
    from the position after the first with its transfer (2017 Law 64C2(a); 2007 Law 64C
    as the WBF Laws Committee read it, seed 003's "nowadays"); False — the 1997 method
    ("a long time ago"): Law 64C on the later revoke without the first's transfer, used
    only when it gives the non-offenders more than 64A on the first (equity or the
    transfer, never both)."""

    numbered_16b: bool
    """Extraneous information from partner (a question, a hesitation) in paragraphs (2007,
    2017: Law 16B, 16B1 the logical alternatives, 16B3 the adjustment); 1997 has the rule
    as one paragraph, Law 16A."""

    @property
    def law12(self) -> Paragraphs:
        """This edition's Law 12 paragraphs (and Law 16's authorised information, Law
        84D's doubtful points): every adjusted score cites its paragraphs from here."""
        return PARAGRAPHS[self.name]

    @property
    def partner_information(self) -> str:
        """The law on extraneous information from partner: 16B, or 1997's 16A."""
        return "16B" if self.numbered_16b else "16A"

    def law_16b(self, part: str) -> str:
        """The paragraph of :attr:`partner_information` for ``part`` (``"1"``: the
        logical alternatives, ``"3"``: the adjustment): 1997 has only "16A"."""
        return f"16B{part}" if self.numbered_16b else "16A"

    def law_64c(self, part: str = "1") -> str:
        """The Law 64C paragraph this edition has for ``part`` (``"1"``, ``"2(a)"``,
        ``"2(b)"``): 2017 numbers them, 1997 and 2007 have only "64C"."""
        return f"64C{part}" if self.numbered_64c else "64C"


EDITIONS: dict[str, Edition] = {
    "2017": Edition("2017", second_trick_limb=False, faced_hands_exempt=False,
                    trick_twelve_exempt=True, both_sides_exempt=True,
                    same_trick_correction=True, agreed_claim="63A4",
                    rule_62d2="16C", withdrawn_info="16C2",
                    numbered_64c=True, repeat_after_first=True, numbered_16b=True),
    "2007": Edition("2007", second_trick_limb=False, faced_hands_exempt=True,
                    trick_twelve_exempt=True, both_sides_exempt=True,
                    same_trick_correction=False, agreed_claim="63A3",
                    rule_62d2="two suits", withdrawn_info="16D2",
                    numbered_64c=False, repeat_after_first=True, numbered_16b=True),
    "1997": Edition("1997", second_trick_limb=True, faced_hands_exempt=True,
                    trick_twelve_exempt=False, both_sides_exempt=False,
                    same_trick_correction=False, agreed_claim="63A3",
                    rule_62d2="two suits", withdrawn_info="16C2",
                    numbered_64c=False, repeat_after_first=False, numbered_16b=False),
}


# --- What a ruling says ---------------------------------------------------------------


class Correction(Struct, frozen=True):
    """Law 62: how a revoke that is not established (or must be corrected) is put right."""

    penalty_card: Card | None
    """Law 62B1: a defender's withdrawn card becomes a major penalty card."""
    non_offenders_may_withdraw: tuple[tuple[Seat, Card], ...]
    """Law 62C1: cards the non-offenders played after the revoke, which they may take back."""
    offenders_may_then_withdraw: tuple[tuple[Seat, Card], ...]
    """Law 62C2: the offending side's later cards, which may be taken back after a
    non-offender withdrew one (a defender's then becomes a penalty card)."""


class RevokeRuling(Struct, frozen=True):
    """Everything Laws 61-64A/B say about one revoke."""

    revoke: Revoke
    offender_side: Side
    established: bool
    corrected: bool
    transfer: int
    transferred_tricks: tuple[int, ...]
    """Which tricks were transferred (0 stands for a trick won under a claim)."""
    steps: tuple[Step, ...]
    correction: Correction | None = None
    exemption: str | None = None
    """The Law 64B paragraph that removed the transfer, if any."""
    play_out: PlayOut | None = None
    """Law 62D: a corrected revoke on trick 12, with tricks 12 and 13 played out."""

    @property
    def laws(self) -> list[str]:
        return [s.law for s in self.steps]

    @property
    def stands(self) -> bool:
        """Established and not corrected: the revoke trick stands as played (Law 63B)."""
        return self.established and not self.corrected


class AutomaticRuling(Struct, frozen=True):
    """A board's revokes ruled under Laws 61-64A/B, before any Law 64C judgement."""

    replay: Replay
    edition: Edition
    revokes: tuple[RevokeRuling, ...]
    notes: tuple[str, ...] = field(default=())
    table: Table = NO_TABLE
    """What the board's table showed every player, read once (Law 16A1(a)): every
    judgement of a player's choice on the board reads it, and the report says it."""
    claim: ClaimRuling | None = None
    """The Director's ruling on the claim (Laws 68-71), when he ruled on it: the
    replay's claimed total is then the one he awarded."""

    @property
    def basis(self) -> str | None:
        """What the result rests on before Law 64C: the claim's law (``"70"``,
        ``"69B"``, ``"71"``) joined to a Law 64A transfer as ``"64+70"``; None when
        neither a claim ruling nor a transfer shaped it."""
        law = self.claim.basis if self.claim is not None else None
        if law is None:
            return None
        return f"64+{law}" if any(r.transfer for r in self.revokes) else law

    @property
    def table_tricks(self) -> int:
        return self.replay.declarer_tricks

    @property
    def assignment(self) -> Assignment:
        """How the Director assigns an adjusted score on this board (Law 12): the
        edition's method as the board's regulating authority and who rules make it, the
        board's PBN ``[Date]`` where an election ended on a day."""
        facts = self.replay.board.facts
        return assignment(self.edition.name, facts.authority, facts.ruled_by,
                          self.replay.board.tags.get("Date"))

    @property
    def play_out(self) -> PlayOut | None:
        """Law 62D: the played-out correction of a trick-12 revoke, if there is one."""
        outs = [r.play_out for r in self.revokes if r.play_out is not None]
        return outs[-1] if outs else None

    @property
    def pending(self) -> bool:
        """The play record stops before the end of play without a claim (the Director
        was called during the play) and no Law 62D play-out completes it: play
        continues, and there is no result yet."""
        return not self.replay.finished and self.play_out is None

    @property
    def corrected_tricks(self) -> int:
        """Declarer's tricks before any transfer: the table's, or after a trick-12
        revoke's correction (Law 62D) the corrected play-out's, never the table's."""
        out = self.play_out
        return out.declarer_tricks if out is not None else self.table_tricks

    @property
    def after_transfer_tricks(self) -> int:
        """Declarer's tricks after every Law 64A transfer (from the corrected result
        when Law 62D corrected a trick-12 revoke)."""
        declarer = self.replay.declarer_side
        delta = 0
        for r in self.revokes:
            delta += -r.transfer if r.offender_side == declarer else r.transfer
        return self.corrected_tricks + delta


# --- Law 61: the revoke ----------------------------------------------------------------


def law_61a(rev: Revoke, replay: Replay) -> Step:
    """61A: failing to follow suit when able, or to lead or play a required card or suit."""
    who = _who(rev.seat, replay)
    if rev.kind == RevokeKind.FOLLOW:
        assert rev.suit_led is not None
        if rev.seat == replay.contract.dummy:  # declarer plays dummy's cards
            return Step("61A", f"{_who(replay.contract.declarer, replay)} played dummy's "
                               f"{rev.card.pretty} to a {rev.suit_led.symbol} lead at trick "
                               f"{rev.trick} while dummy ({rev.seat.long_name}) held "
                               f"{_list(rev.could_play)}: a revoke.")
        return Step("61A", f"{who} played {rev.card.pretty} to a {rev.suit_led.symbol} lead at "
                           f"trick {rev.trick} while holding {_list(rev.could_play)}: a revoke.")
    if rev.kind == RevokeKind.LEAD:
        return Step("61A", f"{who} led {rev.card.pretty} at trick {rev.trick} but had to lead "
                           f"{rev.suit.symbol} ({rev.requirement}) and could: a revoke.")
    return Step("61A", f"{who} played {rev.card.pretty} at trick {rev.trick} instead of the "
                       f"major penalty card {_card(rev.requirement)}, which he could legally "
                       "play (Law 50D1): a revoke.")


# --- Law 63: establishment -------------------------------------------------------------


def law_63a(rev: Revoke, replay: Replay, edition: Edition) -> Step | None:
    """63A: established when the offender or his partner plays to the next trick (63A1),
    or the offending side claims or concedes (63A3), or agrees to the opponents' claim
    (63A4; 63A3 before 2017). Declarer playing from dummy is his partner's play.

    63A4 (2017) refers to Law 69A: agreement is established only when the round ends or
    the agreeing side calls on a later board without objection; attention drawn before
    that moment (``play``, ``end``, ``returned``) finds the revoke not established. An
    opponent's claim that the offending side disputed establishes nothing (63A3 of 2007
    says "acquiesces", 63A4 "agrees"). A claim by the offending side itself establishes
    the revoke whatever became of it (63A3: "makes a claim")."""
    side = rev.seat.side
    for trick in replay.tricks:
        if trick.number == rev.trick + 1:
            for p in trick.plays:
                if p.seat.side == side:
                    return Step("63A1", f"{_who(p.seat, replay)} played to trick {trick.number}: "
                                        "the revoke is established.")
    if replay.claimed:
        facts = replay.board.facts
        claimer = facts.claimer or replay.contract.declarer
        if claimer.side == side:
            return Step("63A3", f"{_who(claimer, replay)} claimed after the revoke: "
                                "the revoke is established.")
        if law_69a(rev, replay, edition) is not None:
            return None
        agreed = [s for s in facts.claim_agreed if s.side == side]
        if agreed:  # the opponents differed: an offender's agreement is his side's
            return Step(edition.agreed_claim, f"{agreed[0].long_name}, of the offending "
                                              "side, agreed to the opponents' claim (his "
                                              "partner disputed it): the revoke is "
                                              "established.")
        if edition.agreed_claim == "63A4":
            return Step("63A4", "the offending side agreed to the opponents' claim and the "
                                "agreement is established (Law 69A: no objection before "
                                "the round ended or before they called on a later board): "
                                "the revoke is established.")
        return Step(edition.agreed_claim, "the offending side agreed to the opponents' claim: "
                                          "the revoke is established.")
    return None


def law_69a(rev: Revoke, replay: Replay, edition: Edition) -> Step | None:
    """Why an opponent's claim has not (yet) established the revoke, if it has not: it
    was disputed (no agreement, 63A3/63A4), or (2017, 63A4) attention was drawn before
    the agreement was established under Law 69A."""
    facts = replay.board.facts
    claimer = facts.claimer or replay.contract.declarer
    if not replay.claimed or claimer.side == rev.seat.side:
        return None
    offender_agreed = any(s.side == rev.seat.side for s in facts.claim_agreed)
    if facts.claim_status == ClaimStatus.DISPUTED and not offender_agreed:
        return Step(edition.agreed_claim, "the offending side disputed the opponents' claim: "
                                          "they did not agree to it, so it does not "
                                          "establish the revoke.")
    if edition.agreed_claim == "63A4" and \
            facts.attention_for(rev.trick).before_agreement_established:
        return Step("63A4", "the offending side agreed to the opponents' claim, but attention "
                            "was drawn before that agreement was established (Law 69A: the "
                            "round ends or the agreeing side calls on a later board without "
                            "objection): the revoke is not established.")
    return None


# --- Law 62: correction -----------------------------------------------------------------


def law_62(rev: Revoke, replay: Replay, why: Step) -> tuple[Correction, list[Step]]:
    """62A-C: the revoke is corrected: the offender substitutes a legal card (62B);
    a defender's withdrawn card becomes a major penalty card (62B1), declarer's or
    dummy's goes back with no rectification (62B2); the non-offenders may take back
    the cards they played after it (62C1), and then the offending side (62C2)."""
    steps = [why]
    declarer_side = replay.declarer_side
    defender = rev.seat.side != declarer_side
    faced = defender and _faced(rev, replay)
    who = _who(rev.seat, replay)
    legal = _list(rev.could_play)
    if defender and not faced:
        steps.append(Step("62B1", f"{who} withdraws {rev.card.pretty} and plays a legal card "
                                  f"({legal}); {rev.card.pretty} becomes a major penalty card."))
    elif faced:
        steps.append(Step("62B2", f"{who} withdraws {rev.card.pretty}, a card of his faced "
                                  f"hand, and plays a legal card ({legal}); no further "
                                  "rectification."))
    else:
        steps.append(Step("62B2", f"{who} withdraws {rev.card.pretty} and plays a legal card "
                                  f"({legal}); no further rectification."))
    later = _plays_after(rev, replay)
    if rev.trick == 12:  # 62D: tricks 12 and 13 are played out again; trick 13 is not
        later = [p for p in later if p.trick == 12]  # a card "withdrawn"
    theirs = tuple((p.seat, p.card) for p in later if p.seat.side != rev.seat.side)
    # 62C2: only the next offender in rotation after a non-offender who withdraws:
    # the offender's partner, when he played to the revoke trick after a non-offender.
    mine = tuple((p.seat, p.card) for p in later
                 if p.seat == rev.seat.partner and p.trick == rev.trick
                 and any(q.trick == rev.trick and q.seat.side != rev.seat.side
                         for q in later[:later.index(p)]))
    if theirs:
        steps.append(Step("62C1", "each non-offender may withdraw a card played after the "
                                  f"revoke: {_plays(theirs)}."))
    if mine:
        seat, card = mine[0]
        penalty = (" (his withdrawn card becomes a major penalty card)"
                   if seat.side != declarer_side else "")
        steps.append(Step("62C2", f"if a non-offender does, {_who(seat, replay)}, the next "
                                  f"offender in rotation, may then withdraw {card.pretty}"
                                  f"{penalty}."))
    return Correction(rev.card if defender and not faced else None, theirs, mine), steps


def law_62d(rev: Revoke, replay: Replay) -> Step | None:
    """62D1: a revoke on trick 12, even established, is corrected if attention is drawn
    before all four hands have been returned to the board."""
    if rev.trick == 12 and replay.board.facts.attention_for(12).before_hands_returned:
        return Step("62D1", "a revoke on trick 12 found before the hands were returned to "
                            "the board must be corrected, established or not.")
    return None


def law_62d_play_out(rev: Revoke, replay: Replay, edition: Edition, table: Table
                     ) -> tuple[PlayOut | None, list[Step]]:
    """62D: the corrected trick 12 and trick 13 played out (62B, 62C1, 62D2 choices,
    each side choosing what is best for it within Law 16C2 — or, 2007/1997, 62D2's
    two-suits wording; trick 13 plays itself); the ruling's trick count is the
    corrected one, never the table's."""
    from equity.core.law.correction import trick_twelve

    out = trick_twelve(rev, replay, table, edition.rule_62d2, edition.withdrawn_info)
    if out is None:
        return None, []
    steps = _choice_steps(out, replay, edition.rule_62d2)
    played = "; ".join(
        f"trick {n}: " + " ".join(f"{p.seat.name} {p.card.pretty}" for p in out.plays
                                  if p.trick == n) for n in (12, 13))
    made = replay.declarer_tricks
    steps.append(Step("62D1", f"tricks 12 and 13 played out with the correction ({played}): "
                              f"declarer wins {out.declarer_last_two} of them, "
                              f"{out.declarer_tricks} tricks in all"
                              + (f" (the table's {made} do not count)"
                                 if replay.finished and made != out.declarer_tricks else "")
                              + "."))
    return out, steps


def law_70(rev: Revoke, replay: Replay, table: Table, ruled: bool = False
           ) -> tuple[PlayOut | None, list[Step]]:
    """70: the claim is adjudicated with the (not established) revoke corrected,
    doubtful points against the revoker (70A, 84D): the revoke trick is played again as
    Law 62 allows, and the tricks the claim gave each side after it stand."""
    from equity.core.law.correction import under_claim

    out = under_claim(rev, replay, table)
    c = replay.claim_tricks
    if out is None:
        return None, [Step("70", "the claim is adjudicated with the revoke corrected, "
                                 "doubtful points resolved against the revoker's side "
                                 "(Laws 70A, 84D); no Law 64A transfer. The claimed total"
                           + (f" ({c} tricks for declarer)" if c is not None else "")
                           + " is the result unless the Director finds that the corrected "
                             "play gives the non-offenders more.")]
    steps = _choice_steps(out, replay)
    trick = " ".join(f"{p.seat.name} {p.card.pretty}" for p in out.plays)
    won = out.declarer_last_two - replay.claimed_tricks[replay.declarer_side]
    after = ("the tricks the Director awarded after it (his ruling on the claim)"
             if ruled else "the tricks the claim gave each side after it")
    steps.append(Step("70", f"the claim is adjudicated with the revoke corrected (trick "
                            f"{rev.trick}: {trick}, {'won' if won else 'lost'} by declarer); "
                            f"{after} stand, doubtful points resolved against the revoker's "
                            "side (Laws 70A, 84D); no Law 64A transfer: declarer "
                            f"{out.declarer_tricks} tricks"
                            + (f" (claimed: {c})" if c is not None and not ruled else "")
                            + "."))
    return out, steps


def _choice_steps(out: PlayOut, replay: Replay, rule_62d2: Rule62D2 = "16C") -> list[Step]:
    """Each choice of a corrected trick with the result of every option (Law 62)."""
    steps = []
    number = out.plays[0].trick
    for ch in out.choices:
        opts = ", ".join(f"{c.pretty} ({t} trick{'s' if t != 1 else ''} for declarer)"
                         for c, t in ch.options)
        who = _who(ch.seat, replay)
        if ch.law == "62B" and len(ch.options) == 1:
            continue
        if ch.law == "62B":
            text = (f"{who} plays a legal card to trick {number}: {opts}; he plays "
                    f"{ch.chosen.pretty}.")
        elif ch.law == "62D2":
            text = _62d2_text(ch, who, opts, rule_62d2)
        elif ch.played is None:
            text = (f"{who} had not played to trick {number} yet: {opts}; he plays "
                    f"{ch.chosen.pretty}.")
        elif ch.law == "62C1":
            text = (f"{who} may withdraw {ch.played.pretty} and play another card: {opts}; "
                    f"he plays {ch.chosen.pretty}.")
        else:
            text = (f"{who} may then change {ch.played.pretty} (a non-offender changed his "
                    f"card): {opts}; he plays {ch.chosen.pretty}.")
        steps.append(Step(ch.law, text))
        info = ch.unauthorised
        if info is not None and info.law != "62D2":
            steps.append(Step(info.law, _information_text(info, ch, who)))
    return steps


def _62d2_text(ch: TrickChoice, who: str, opts: str, rule_62d2: Rule62D2) -> str:
    """62D2: the revoker's partner plays to the corrected trick 12 (2017: Law 16C
    applies, its step follows; 2007/1997: the two-suits wording, said here)."""
    info = ch.unauthorised
    head = (f"{who}, the offender's partner, plays to trick 12 after a defender's revoke "
            "that came before his turn")
    nothing = (" The revoke card suggested no play other than the one he would choose "
               "without it: his choice stands.")
    if rule_62d2 == "two suits" and info is None and ch.suits_held < 2:
        return (f"{head}; he holds cards of one suit only, so 62D2 bars nothing: {opts}; "
                f"he plays {ch.chosen.pretty}.")
    if rule_62d2 == "two suits" and info is None:
        return (f"{head} and he holds cards of two suits: he may not choose the play that "
                f"could possibly have been suggested by seeing the revoke card: {opts}; he "
                f"plays {ch.chosen.pretty}.{nothing}")
    if info is None or info.law != "62D2":
        return (f"{head}; Law 16C applies to what the revoke card told him: {opts}; he "
                f"plays {ch.chosen.pretty}." + ("" if info is not None else nothing))
    if not info.forbidden:
        return (f"{head}; he holds cards of one suit only, so the play the revoke card "
                f"suggested ({info.suggested.pretty}) is not barred: {opts}; he plays "
                f"{ch.chosen.pretty}.")
    return (f"{head} and he holds cards of two suits: he may not choose the play that "
            f"could possibly have been suggested by seeing the revoke card "
            f"({info.withdrawn.pretty} suggested {info.suggested.pretty}; without it he "
            f"would play {info.without.pretty}): {opts}; he plays {ch.chosen.pretty}.")


def _information_text(info: Unauthorised, ch: TrickChoice, who: str) -> str:
    """Law 16C2 (16D2 in 2007): what the withdrawn card suggested and what he plays."""
    told = (f"{who} saw the withdrawn {info.withdrawn.pretty}: information from it is "
            f"unauthorised to the offending side. It suggested {info.suggested.pretty}; "
            f"without it he would play {info.without.pretty}")
    if info.forbidden:
        return (f"{told}. {info.suggested.pretty} would be better for his side, so it is "
                "not allowed (doubt against the offenders, Law 84D): he plays "
                f"{ch.chosen.pretty} instead.")
    return (f"{told}. {info.suggested.pretty} would gain his side nothing over it, so "
            f"nothing is barred: he plays {ch.chosen.pretty}.")


def law_62c3(rev: Revoke, board_revokes: list[tuple[Revoke, Step | None]], edition: Edition
             ) -> Step | None:
    """62C3 (2017): both sides revoked on the same trick and only one side has played to
    the next trick: both revokes are corrected."""
    if not edition.same_trick_correction:
        return None
    same = [(o, est) for o, est in board_revokes if o.trick == rev.trick]
    sides = {o.seat.side for o, _ in same}
    established = {o.seat.side for o, est in same if est is not None and est.law == "63A1"}
    if len(sides) == 2 and len(established) == 1:
        return Step("62C3", "both sides revoked on this trick and only one side has played to "
                            "the next: both revokes are corrected.")
    return None


# --- Law 64: the facts its count reads (the count itself: transfer.py) -----------------


class _Pool:
    """The tricks each side won, from which transfers are taken, so that no trick is
    transferred for two revokes and never more than the offending side won (Law 64A)."""

    def __init__(self, replay: Replay) -> None:
        self.tricks: dict[Side, list[int]] = {Side.NS: [], Side.EW: []}
        for t in replay.tricks:
            if t.winner is not None:
                self.tricks[t.winner.side].append(t.number)
        for side, n in replay.claimed_tricks.items():
            self.tricks[side].extend([0] * n)  # 0: a trick won under the claim

    def _left(self, side: Side, trick: int) -> list[int]:
        """``side``'s tricks from ``trick`` on not taken yet, in order, claimed last."""
        return sorted((n for n in self.tricks[side] if n == 0 or n >= trick),
                      key=lambda n: (n == 0, n))

    def available(self, side: Side, trick: int) -> int:
        """How many tricks from ``trick`` on a transfer may still take from ``side``."""
        return len(self._left(side, trick))

    def take(self, side: Side, trick: int, count: int) -> tuple[int, ...]:
        """Take ``count`` of them: the revoke trick ``trick`` first, then the later
        ones in order, tricks under the claim last."""
        taken = tuple(self._left(side, trick)[:count])
        for n in taken:
            self.tricks[side].remove(n)
        return taken


def _transfer_facts(rev: Revoke, replay: Replay, earlier: list[RevokeRuling],
                    both_sides: bool, pool: _Pool) -> TransferFacts:
    """What Law 64 counts from, as the replay shows it: who won the revoke trick,
    whether the offending side won a later trick (known at the end of play), the tricks
    the earlier revokes' transfers left (``pool``), 1997's second limb, and 64B's
    exceptions (64B2: a second revoke in the same suit by the same player, the first
    established)."""
    side = rev.seat.side
    ended = replay.finished
    return TransferFacts(
        replay.contract, rev.seat, rev.trick,
        revoke_trick=next((t.winner for t in replay.tricks if t.number == rev.trick), None),
        later=replay.won_from(side, rev.trick + 1) > 0 if ended else UNKNOWN,
        available=pool.available(side, rev.trick),
        legal_card_later=_won_later_with_legal_card(rev, replay),
        repeats=next(((rev.suit, e.revoke.trick) for e in earlier if e.stands
                      and e.revoke.seat == rev.seat and e.revoke.suit == rev.suit), None),
        penalty_card=rev.kind == RevokeKind.PENALTY,
        faced=_faced(rev, replay),
        attention=replay.board.facts.attention_for(rev.trick),
        both_sides=both_sides, ended=ended)


# --- The board --------------------------------------------------------------------------


def rule(replay: Replay, edition: Edition | str = "2017", claim: ClaimRuling | None = None,
         table: Table | None = None) -> AutomaticRuling:
    """Rule on every revoke of a replayed board, first one first (Laws 61-64A/B). With
    ``claim``, the Director's ruling on the record's claim (Laws 68-71,
    :mod:`equity.core.law.claims`), the tricks under the claim are those he awarded:
    the Law 64A transfers and the Law 64C check start from them. ``table``: what the
    board's table showed every player (default: read from the board,
    :meth:`~equity.core.reading.table.Table.of`), which the ruling carries on.

    Raises :class:`~equity.core.game.errors.BoardError` when a claim makes the result unknowable."""
    ed = EDITIONS[edition] if isinstance(edition, str) else edition
    replay.check_claim()
    table = Table.of(replay.board) if table is None else table
    if claim is not None:
        replay = replace(replay, claim_tricks=replay.played_won(
            replay.declarer_side) + claim.awarded_after)
    # Law 63A: is each revoke established? Laws 62D and 62C3: must it be corrected anyway?
    established = [(r, None if r.corrected_at_table else law_63a(r, replay, ed))
                   for r in replay.revokes]
    corrected = [law_62c3(r, established, ed) or law_62d(r, replay) for r, _ in established]
    # Law 64B7 looks at the revokes that stand, of both sides.
    standing = {r.seat.side for (r, est), c in zip(established, corrected, strict=True)
                if est is not None and c is None}
    both_sides = len(standing) == 2

    pool = _Pool(replay)
    out: list[RevokeRuling] = []
    for (rev, est), correction in zip(established, corrected, strict=True):
        if rev.corrected_at_table and _dummy_asked(rev, replay):
            out.append(_rule_dummy_asked(rev, replay, ed, out, pool))
        elif rev.corrected_at_table:
            out.append(_rule_table_correction(rev, replay))
        elif est is None or correction is not None:
            out.append(_rule_correction(rev, replay, est, correction, ed, table,
                                        claim is not None))
        else:
            out.append(_rule_transfer(rev, replay, ed, est, out, both_sides, pool))
    return AutomaticRuling(replay, ed, tuple(out), _notes(replay, out), table, claim)


def _rule_correction(rev: Revoke, replay: Replay, est: Step | None, why: Step | None,
                     ed: Edition, table: Table, claim_ruled: bool = False) -> RevokeRuling:
    """Law 62: a revoke not established (62A), or one that must be corrected all the
    same (62D, 62C3; then Law 64B8 for the established one of 62C3). A trick-12 revoke
    is corrected by playing tricks 12 and 13 out again (62D). A revoke that an
    opponent's claim has not established (63A4, 69A) is corrected and the claim is
    adjudicated (Law 70)."""
    steps = [law_61a(rev, replay)]
    if est is not None:
        steps.append(est)
    unsettled = law_69a(rev, replay, ed) if est is None else None
    if unsettled is not None:
        steps.append(unsettled)
    reason = why or Step("62A", "the offending side has not played to the next trick nor "
                                "claimed: the revoke is not established and must be corrected."
                         if unsettled is None else
                         "the revoke is not established and must be corrected.")
    correction, more = law_62(rev, replay, reason)
    steps += more
    play_out = None
    if rev.trick == 12:
        play_out, played = law_62d_play_out(rev, replay, ed, table)
        if play_out is not None:  # the play-out's own 62C2/62D2 choices replace the list
            steps = [s for s in steps if s.law != "62C2"]
        steps += played
    if unsettled is not None and play_out is None:
        play_out, adjudicated = law_70(rev, replay, table, claim_ruled)
        if play_out is not None:
            steps = [s for s in steps if s.law != "62C2"]
        steps += adjudicated
    exemption = None
    if est is not None and why is not None and why.law == "62C3":
        exemption = "64B8"
        steps.append(Step("64B8", "the revoke was corrected under Law 62C3: no transfer."))
    return RevokeRuling(rev, rev.seat.side, est is not None, True, 0, (), tuple(steps),
                        correction, exemption, play_out)


def _rule_table_correction(rev: Revoke, replay: Replay) -> RevokeRuling:
    """Law 62 as the table applied it (the record shows the correction): the revoke was
    not established (62A), the offender put a legal card in its place (62B), a
    defender's withdrawn card became a major penalty card (62B1; the replay holds him to
    it, Law 50D), the non-offenders took back cards as they chose (62C1; Law 16C1: the
    information is theirs) and the offending side's next player after them changed his
    (62C2; Law 16C2 limits his choice: judged with the equity check, which needs the
    double-dummy solver). No transfer: the trick count is the table's."""
    steps = [law_61a(rev, replay),
             Step("62A", "attention was drawn before the revoke was established: it was "
                         "corrected at the table, as the record shows.")]
    for w in rev.withdrawn:
        who = _who(w.seat, replay)
        penalty = f"; {w.card.pretty} became a major penalty card" if w.penalty else ""
        if w.law == "62B":
            steps.append(Step("62B1" if w.penalty else "62B2",
                              f"{who} withdrew {w.card.pretty} and played "
                              f"{w.replaced_by.pretty}{penalty}"
                              + ("" if w.penalty else "; no further rectification") + "."))
        elif w.law == "62C1":
            steps.append(Step("62C1", f"{who} took back {w.card.pretty} and played "
                                      f"{w.replaced_by.pretty} (his side's information "
                                      "from withdrawn cards is authorised, Law 16C1)."))
        else:
            steps.append(Step("62C2", f"{who}, next in rotation, then took back "
                                      f"{w.card.pretty} and played {w.replaced_by.pretty}"
                                      f"{penalty}; his side may not choose a card the "
                                      "withdrawn cards suggested (Law 16C2)."))
    penalty_card = rev.card if rev.withdrawn[0].penalty else None
    correction = Correction(
        penalty_card,
        tuple((w.seat, w.card) for w in rev.withdrawn if w.law == "62C1"),
        tuple((w.seat, w.card) for w in rev.withdrawn if w.law == "62C2"))
    return RevokeRuling(rev, rev.seat.side, False, True, 0, (), tuple(steps), correction)


def _dummy_asked(rev: Revoke, replay: Replay) -> bool:
    """Law 43B2(b): dummy, having lost his rights, was first to ask declarer about a
    revoke of declarer's own hand (``[EquityAttention "dummy-asked"]``)."""
    return (replay.board.facts.attention_for(rev.trick) == Attention.DUMMY_ASKED
            and rev.seat == replay.contract.declarer)


def _rule_dummy_asked(rev: Revoke, replay: Replay, ed: Edition,
                      earlier: list[RevokeRuling], pool: _Pool) -> RevokeRuling:
    """Law 43B2(b) (1997, 2007, 2017 alike): declarer corrects the revoke (62B2, as the
    record shows) "and the penalty provisions of Law 64 apply as if the revoke had been
    established" — with the corrected card as the card played to the revoke trick: it
    may win that trick (WBF Laws Committee minute, 2000; seed 003: "if declarer plays the
    highest card in the suit led it might become a second penalty trick"). The edition's
    64A and 64B apply; the transfer is counted on the record, which shows the corrected
    trick."""
    corrected = _rule_table_correction(rev, replay)
    sub = rev.withdrawn[0].replaced_by
    steps = [st if st.law != "62B2" else
             Step("62B2", f"declarer withdrew {rev.card.pretty} and played {sub.pretty} "
                          "(subject to Law 43B2(b)).")
             for st in corrected.steps]
    steps = [*steps,
             Step("43B2(b)", "dummy, having lost his rights, was first to ask declarer about "
                             f"the revoke: declarer substituted {sub.pretty}, and Law 64 "
                             "applies as if the revoke had been established, with "
                             f"{sub.pretty} as the card played to the revoke trick.")]
    count = law_64(_transfer_facts(rev, replay, earlier, False, pool), ed)
    if count.exemption is not None:
        return RevokeRuling(rev, rev.seat.side, True, True, 0, (), (*steps, *count.steps),
                            corrected.correction, count.exemption)
    if count.transfer is None:
        steps.append(Step("64A", "play continues: the transfer is decided at the end of play "
                                 "(64A1/64A2)."))
        return RevokeRuling(rev, rev.seat.side, True, True, 0, (), tuple(steps),
                            corrected.correction)
    taken = pool.take(rev.seat.side, rev.trick, count.transfer)
    return RevokeRuling(rev, rev.seat.side, True, True, len(taken), taken,
                        (*steps, *count.steps), corrected.correction)


def _rule_transfer(rev: Revoke, replay: Replay, ed: Edition, est: Step,
                   earlier: list[RevokeRuling], both_sides: bool, pool: _Pool
                   ) -> RevokeRuling:
    """Law 64: an established revoke that stands: an exception of 64B, or the 64A
    transfer — decided at the end of play, so not while play continues."""
    steps = [law_61a(rev, replay), est]
    count = law_64(_transfer_facts(rev, replay, earlier, both_sides, pool), ed)
    steps += count.steps
    if count.exemption is not None:
        if ed.trick_twelve_exempt and rev.trick == 12 and count.exemption != "64B6":
            steps.append(law_64b6())
        return RevokeRuling(rev, rev.seat.side, True, False, 0, (), tuple(steps),
                            exemption=count.exemption)
    if count.transfer is None:
        steps.append(Step("64A", "the revoke stands (Law 63B); play continues, and the "
                                 "transfer is decided at the end of play (64A1/64A2) from "
                                 "the tricks the offending side wins from the revoke trick "
                                 "on."))
        return RevokeRuling(rev, rev.seat.side, True, False, 0, (), tuple(steps))
    taken = pool.take(rev.seat.side, rev.trick, count.transfer)
    return RevokeRuling(rev, rev.seat.side, True, False, len(taken), taken, tuple(steps))


def _notes(replay: Replay, revokes: list[RevokeRuling]) -> tuple[str, ...]:
    notes = []
    if replay.after_stop:
        stray = ", ".join(f"{seat.long_name} {card.pretty}" for seat, card in replay.after_stop)
        notes.append(f"the play stopped at the missing card of trick {len(replay.tricks)}; "
                     f"the cards recorded after it ({stray}) were played after that moment "
                     "and neither count nor establish a revoke (Law 62A prevails over 63A1 "
                     "when attention was drawn first)")
    record = replay.board.play
    if record is not None and record.claim_unmarked:
        notes.append(f"the [Play] stops at trick {len(replay.tricks)} without a claim mark "
                     f"('*'); with its [Result] ({record.claim_tricks} tricks for declarer) "
                     "it is read as a claim or concession of that total, as many programs "
                     "write one; if the Director was called during the play instead, the "
                     "record should carry no [Result]")
    if not replay.finished and not any(r.play_out for r in revokes):
        notes.append("the play record stops before the end of play without a claim (the "
                     "Director was called during the play): play continues, and there is "
                     "no result yet; the tricks are counted only as far as the record goes")
    return tuple(notes)


# --- Helpers ------------------------------------------------------------------------------


def _who(seat: Seat, replay: Replay) -> str:
    return named(seat, replay.contract)


def _plays(plays: tuple[tuple[Seat, Card], ...]) -> str:
    return ", ".join(f"{seat.long_name} {card.pretty}" for seat, card in plays)


def _list(cs: CardSet) -> str:
    return " ".join(c.pretty for c in cards(cs))


def _card(req: Requirement | None) -> str:
    return req.card.pretty if req is not None and req.card is not None else "?"


def _faced(rev: Revoke, replay: Replay) -> bool:
    return any(r.kind == RequirementKind.FACED and r.seat == rev.seat and r.trick <= rev.trick
               for r in replay.board.facts.requirements)


def _plays_after(rev: Revoke, replay: Replay) -> list[Play]:
    out: list[Play] = []
    seen = False
    for t in replay.tricks:
        for p in t.plays:
            if seen:
                out.append(p)
            if t.number == rev.trick and p.seat == rev.seat:
                seen = True
    return out


def _won_later_with_legal_card(rev: Revoke, replay: Replay) -> int | None:
    for t in replay.tricks:
        if t.number > rev.trick and t.winner == rev.seat:
            card = t.card_of(rev.seat)
            if card is not None and rev.could_play & card.bit:
                return t.number
    return None
