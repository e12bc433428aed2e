"""The whole ruling on one board as content (:func:`board_view`): the facts, the deal, the
tricks, the lines grouped by revoke, the verdict and the scores, and what the Director
announces at the table."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from equity.core.adjust import Policy, Ruling
from equity.core.game import Card, Contract, Deal, Replay, Seat, Side, Vulnerability
from equity.core.law import AutomaticRuling, StepKind
from equity.render.view.automatic import (
    PLAY_CONTINUES,
    AutomaticView,
    RevokeView,
    StepView,
    after_label,
    automatic_view,
    result_label,
    step_views,
)
from equity.render.view.lines import LineGroup, line_group
from equity.render.view.sentences import (
    ATTENTION_WORDS,
    SIDE_NAMES,
    VUL_NAMES,
    Weighted,
    auction_sentences,
    basis_cited,
    basis_name,
    contract_result,
    currency_sentence,
    heaviest_first,
    pct,
    score_text,
    tricks_result,
)

if TYPE_CHECKING:  # imported with a claim ruled (automatic_view)
    from equity.render.view.claim import ClaimView


class TrickRow(Struct, frozen=True):
    """One trick of the play table: cards by seat, who led, who won, which are revokes."""

    number: int
    leader: Seat
    cards: tuple[Card | None, Card | None, Card | None, Card | None]
    """Indexed by :class:`Seat` (N, E, S, W); None where no card was played."""
    winner: Seat | None
    revokes: Mapping[Seat, int]
    """Seat -> the revoke's number (1-based, as the ruling numbers them)."""


class BoardView(Struct, frozen=True):
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


def rulings_title(views: Sequence[BoardView], reported: bool = False) -> str:
    """What a document of rulings is called: "Revoke rulings" only when every board in it
    is a revoke's (a revoke as reported is one), "Claim rulings" when every one is a
    claim's without a revoke; a claim ruled under Laws 68-71 is no revoke ruling."""
    if all(v.has_revoke for v in views):
        return "Revoke rulings"
    if not reported and all(v.claim is not None and not v.has_revoke for v in views):
        return "Claim rulings"
    return "Rulings"


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
        play_end=_play_end(auto), checked=ruling.solved and bool(ruling.assessments),
        policy=ruling.policy.value,
        groups=tuple(line_group(ruling, a) for a in ruling.assessments)
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
            return f"{v.brief_verdict} (non-reciprocal, {cited}: the two results agree)"
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
            ("Table result" if auto.claim is None else
             f"Result ({result_label(auto.claim.law, bool(auto.revokes))})",
             tricks_result(c, auto.table_tricks, rp.finished))]
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


def _play_end(auto: AutomaticRuling) -> str | None:
    """How the record ends. A claim is said as made (Law 68), from the claimer's side: the
    Director's award, which replaces the claim's total in the replay, is the ruling's."""
    rp = auto.replay
    done = rp.tricks_done
    if rp.claimed:
        claimer = rp.board.facts.claimer or rp.contract.declarer
        claimed = auto.claim.claimed if auto.claim is not None else rp.claim_tricks
        total = "" if claimed is None else (
            f" for a total of {claimed} tricks to declarer"
            if claimer.side == rp.contract.declarer.side
            else f", leaving declarer {claimed} tricks")
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
    """The scores the text report ends with: the result Laws 61-64 leave (on a board
    without a revoke, the table's or the claim's as ruled: Law 64 has nothing to say
    there), then the ruling."""
    label = (_after_scores_label(ruling) if ruling.automatic.revokes
             else _unrevoked_label(ruling))
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


def _unrevoked_label(ruling: Ruling) -> str:
    """The table's result, or the claim's as the Director ruled it (an adjudicated claim
    is not the table's)."""
    claim = ruling.automatic.claim
    if claim is None:
        return "Table result"
    return "Claim as agreed" if claim.law == "69A" else "Claim as ruled"


def _scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    rp = ruling.automatic.replay
    out = []
    if rp.finished:
        out.append((_unrevoked_label(ruling),
                    score_text(ruling, ((ruling.automatic.table_tricks, 1.0),))))
    if ruling.automatic.revokes:
        out.append((_after_scores_label(ruling), score_text(ruling, ruling.after_transfer)))
    return (*out, *_final_scores(ruling))
