"""A ruling as scripts read it: one JSON object a board (``equity rule --json``, ``equity
batch``).

The field names are a public contract: fields may be added, never renamed or dropped. See
the manual (docs/json.md) for the list. The scores and their rounding are the view's
(:func:`equity.render.view.score_values`), so the JSON and the text always agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from equity.core.adjust import Departure, Line, Ruling
from equity.core.game import BoardError, Card, Suit, cards
from equity.core.law import (
    AutomaticRuling,
    Finding,
    RevokeRuling,
    Step,
)
from equity.core.player import Inference
from equity.core.reading import BOARD_READINGS, Table
from equity.render.view import no_auction, record_notes, score_values, weight_notes

if TYPE_CHECKING:  # types only: Laws 68-71 and 16B are imported when a ruling has them
    from equity.core.law import ClaimRuling, Doubt, InfoFinding

JSON = dict[str, Any]


def board_id(ruling: AutomaticRuling) -> int | str:
    b = ruling.replay.board
    return b.number if b.number is not None else b.label


def _steps(steps: Sequence[Step]) -> list[JSON]:
    return [{"law": s.law, "text": s.text} for s in steps]


def revoke_json(r: RevokeRuling) -> JSON:
    rev = r.revoke
    out: JSON = {
        "trick": rev.trick,
        "seat": rev.seat.name,
        "card": str(rev.card),
        "suit_led": rev.suit_led.name if rev.suit_led is not None else None,
        "established": r.established,
        "transfer": r.transfer,
        "laws": r.laws,
        "kind": rev.kind,
        "offending_side": r.offender_side.name,
        "corrected": r.corrected,
        "exemption": r.exemption,
        "could_play": [str(c) for c in cards(rev.could_play)],
        "steps": _steps(r.steps),
    }
    if r.correction is not None:
        c = r.correction
        out["correction"] = {
            "penalty_card": str(c.penalty_card) if c.penalty_card else None,
            "non_offenders_may_withdraw": [
                {"seat": s.name, "card": str(card)} for s, card in c.non_offenders_may_withdraw],
            "offenders_may_then_withdraw": [
                {"seat": s.name, "card": str(card)} for s, card in c.offenders_may_then_withdraw],
        }
    if rev.withdrawn:  # corrected at the table (Law 62), as the record shows
        out["withdrawn"] = [{"trick": w.trick, "seat": w.seat.name, "card": str(w.card),
                             "replaced_by": str(w.replaced_by), "law": w.law,
                             "penalty_card": w.penalty} for w in rev.withdrawn]
    return out


def ruling_json(ruling: AutomaticRuling) -> JSON:
    """One board's ruling as a JSON object (one line of ``equity rule --json``)."""
    rp = ruling.replay
    b = rp.board
    return {
        "board": board_id(ruling),
        "source": b.source,
        "contract": str(rp.contract),
        "declarer": rp.contract.declarer.name,
        "laws": ruling.edition.name,
        "table_tricks": ruling.table_tricks,
        "revokes": [revoke_json(r) for r in ruling.revokes],
        "after_transfer_tricks": ruling.after_transfer_tricks,
        "result_tag": b.result,
        "finished": rp.finished,
        "pending": ruling.pending,
        "claimed": rp.claimed,
        "notes": list(record_notes(ruling)),
    }


def table_json(table: Table) -> JSON:
    """What the single-dummy players read from the table (Law 16A1(a)): ``auction``
    (:func:`auction_json`) and, for each card of trick 1 a reading reads (``lead``,
    ``signal``), who played which card, what the reading took from it and ``text``;
    null when there is no such card."""
    out: JSON = {"auction": auction_json(table)}
    for reading in BOARD_READINGS:
        e = table.card(reading.field)
        out[reading.field] = None if e is None else {**e.facts(), "text": e.describe()}
    return out


def auction_json(table: Table) -> JSON:
    """What the single-dummy players knew from the auction (Law 16A1(a)): the calls,
    each call read with what it showed (``hcp`` and ``lengths`` as [lo, hi], only the
    suits it limits), the calls not read, the calls the real hand does not fit
    (``outside``: what the Director sees, never what a player knows) and how often a
    seat's calls are outside what they show at real tables (``outside_share``: the
    players keep such hands with that chance), and by one step only (``near_share``: a
    near miss, kept likelier than a hand further out; null: every hand outside alike);
    ``loosened`` is empty (no call is widened
    to fit the deal). With no auction, empty lists and a ``note``; ``unread``: why the
    record's auction was not read (naming the call), else null."""
    bidding = table.bidding
    if bidding is None:
        return {"dealer": None, "calls": [], "read": [], "not_read": [], "loosened": [],
                "outside": [], "outside_share": None, "near_share": None,
                "note": no_auction(table),
                "unread": table.unread}
    from equity.core.reading import ANY_HCP, ANY_LENGTH  # (start-up: with an auction only)

    a = bidding.reading.auction
    return {
        "dealer": a.dealer.name,
        "calls": [str(c) for c in a.calls],
        "read": [{"call": s.index, "seat": s.seat.name, "bid": str(s.call), "rule": s.rule,
                  "shows": s.describe(),
                  "hcp": list(s.hcp) if s.hcp != ANY_HCP else None,
                  "lengths": {Suit(k).name: list(span) for k, span in enumerate(s.lengths)
                              if span != ANY_LENGTH}}
                 for s in bidding.reading.shown],
        "not_read": [{"call": i, "seat": a.seat(i).name, "bid": str(a.calls[i])}
                     for i in bidding.reading.unread],
        "loosened": [],
        "outside": [{"call": o.shown.index, "seat": o.shown.seat.name,
                     "bid": str(o.shown.call), "text": o.describe()}
                    for o in bidding.outside],
        "outside_share": bidding.style.outside,
        "near_share": bidding.style.near,
        "note": None,
        "unread": None,
    }


def error_json(err: BoardError) -> JSON:
    return err.to_json()


# --- Law 64C: the lines and the final ruling (equity.core.adjust.ruling) ---------------------


def line_json(line: Line, weight: float) -> JSON:
    """One candidate line: what was played, where it left the record, its tricks."""
    left = line.left_record
    return {
        "kind": line.kind,
        "revoke": _revoke_index(line.revoke),
        "card": str(line.card) if line.card is not None else None,
        "equivalents": [str(c) for c in line.equivalents],
        "declarer_tricks": line.declarer_tricks,
        "weight": round(weight, 6),
        "play_tricks": line.play_tricks,
        "earlier_transfer": line.earlier_transfer,
        "cards": [{"trick": p.trick, "seat": p.seat.name, "card": str(p.card)}
                  for p in line.cards],
        "left_record": {"at": left.at, "trick": left.trick,
                        "seat": left.seat.name if left.seat is not None else None,
                        "reason": left.reason},
        "name": line.name,
        "frequency": round(line.frequency, 6),
        "branches": list(line.branches),
        "followed": round(line.followed, 6),
        "departures": [departure_json(d) for d in line.departures],
        "own_errors": [departure_json(d) for d in line.own_errors],
        "exchanges": [departure_json(d) for d in line.exchanges],
        "inferences": [inference_json(i, trick) for trick, i in line.inferences],
    }


def inference_json(i: Inference, trick: int | None = None) -> JSON:
    """An inference from the table that decides a close decision (Law 16A1(a)): who
    places which card with whom, the share of his layouts that do, the share without
    the table's reading, and the sentence."""
    out: JSON = {} if trick is None else {"trick": trick}
    out.update(viewer=i.viewer.name, card=str(i.card), seat=i.seat.name,
               share=round(i.share, 6), share_unread=round(i.share_unread, 6),
               text=i.describe())
    return out


def departure_json(d: Departure) -> JSON:
    """Where a line leaves the record: trick, seat, the line's card, the record's card,
    and why."""
    return {"at": d.at, "trick": d.trick, "seat": d.seat.name if d.seat is not None else None,
            "card": str(d.card) if d.card is not None else None,
            "recorded": str(d.recorded) if d.recorded is not None else None,
            "reason": d.reason}


def _weighted_json(ruling: Ruling, weighted: Sequence[tuple[int, float]]) -> list[JSON]:
    score = ruling.score(weighted)
    return [{"declarer_tricks": c.tricks, "weight": round(c.weight, 6), "score_ns": c.score_ns}
            for c in score.components]


def _values_json(ruling: Ruling, weighted: Sequence[tuple[int, float]]) -> JSON:
    """A result's N-S score and, with a field or comparison, its MPs or IMPs."""
    v = score_values(ruling, weighted)
    out: JSON = {"score_ns": v.score_ns, "scorer": v.scorer}
    if v.mp is not None:
        out.update(mp=v.mp, mp_pct=v.mp_pct)
    elif v.imps is not None:
        out["imps"] = v.imps
    return out


def equity_json(ruling: Ruling) -> JSON:
    """:func:`ruling_json` plus the Law 64C fields: ``lines``, ``equity_tricks`` and
    ``ruling`` (basis, result or weighted result with scores, policy, law steps)."""
    out = ruling_json(ruling.automatic)
    eq = ruling.equity_tricks
    out["vulnerable"] = ruling.vulnerability.name
    notes = [n for a in ruling.assessments for n in weight_notes(ruling, a)]
    out["lines"] = [{**line_json(ln, w), "score_ns": ruling.score(((ln.declarer_tricks, 1.0),))
                     .components[0].score_ns, "weight_note": note}
                    for (ln, w), note in zip(ruling.lines, notes, strict=True)]
    out["equity_tricks"] = round(eq, 6) if eq is not None else None
    out.update(table_json(ruling.automatic.table))
    after = _values_json(ruling, ruling.after_transfer)
    mine = _values_json(ruling, ruling.weighted)
    out["ruling"] = {
        "basis": ruling.basis,
        "declarer_tricks": ruling.declarer_tricks,
        "weighted": _weighted_json(ruling, ruling.weighted),
        "score_ns": mine["score_ns"],
        "scorer": mine["scorer"],
        "form": ruling.event.form,
        "after_transfer": after,
        **{k: {"after_transfer": after[k], "ruling": mine[k]}
           for k in ("mp", "mp_pct", "imps") if k in mine},
        "policy": ruling.policy.value,
        "law12": law12_json(ruling.automatic),
        "adjusted_revoke": ruling.adjusted_for,
        "pending": ruling.pending,
        "checks": [{"revoke": _revoke_index(a.counterfactual.revoke),
                    "law": a.counterfactual.law,
                    "equity_tricks": round(a.equity_tricks, 6)} for a in ruling.assessments],
        "solved": ruling.solved,
        "steps": _steps(ruling.steps),
        "sensitivity": ruling.sensitivity,
        "natural_cards": [{"revoke": _revoke_index(a.counterfactual.revoke),
                           "card": str(a.counterfactual.natural)}
                          for a in ruling.assessments if a.counterfactual.natural is not None],
    }
    if ruling.automatic.claim is not None:  # Laws 68-71
        out["ruling"]["claim"] = claim_json(ruling.automatic.claim)
    if ruling.findings or ruling.informed:  # Laws 16C2 (a correction) and 16B
        out["ruling"]["unauthorised"] = [
            *(_finding_json(i, f) for i, f in ruling.findings),
            *(_information_json(f, ruling.automatic.edition.partner_information)
              for f in ruling.informed)]
    if ruling.offenders_weighted is not None:
        for side, weighted in ruling.side_results().items():
            out["ruling"][side.name.lower()] = {
                "weighted": _weighted_json(ruling, weighted), **_values_json(ruling, weighted)}
    if ruling.pending:  # play continues: no result and no score yet (Laws 62A, 64A)
        del out["ruling"]["scorer"]
        out["ruling"].update(score_ns=None, declarer_tricks=None, weighted=[],
                             after_transfer=None)
    return out


def law12_json(auto: AutomaticRuling) -> JSON:
    """How an adjusted score is assigned on the board (Law 12): the law's method
    (``weighted``, ``non-reciprocal``), its paragraph in the edition, the regulating
    authority, who rules, and why (the sentences the policy step says)."""
    a = auto.assignment
    return {"method": a.method, "law": a.law, "authority": a.authority,
            "ruled_by": a.ruled_by.value, "why": list(a.why)}


def claim_json(c: ClaimRuling) -> JSON:
    """The Director's ruling on a claim (Laws 68-71): who claimed, declarer's total as
    claimed and as awarded, the statement (as the tag reads it, and in words), the law,
    every line judged (the deciding one first) and each doubtful point with its law."""
    return {
        "claimer": c.claim.claimer.name,
        "claimed": c.claimed,
        "awarded": c.awarded,
        "statement": str(c.claim) if c.claim.stated else None,
        "said": c.claim.describe() if c.claim.stated else None,
        "status": c.agreement.status.value,
        "agreed": [s.name for s in c.agreement.agreed],
        "law": c.law,
        "players": c.players,
        "lines": [{"cards": [{"trick": p.trick, "seat": p.seat.name, "card": str(p.card)}
                             for p in ln.plays],
                   "declarer_tricks": ln.declarer_tricks, "normal": ln.normal, "why": ln.why,
                   "share": round(ln.share, 6), "doubtful": [_doubt_json(d) for d in ln.doubts]}
                  for ln in c.lines],
        "doubtful": [_doubt_json(d) for d in c.doubtful],
        "steps": _steps(c.steps),
    }


def _doubt_json(d: Doubt) -> JSON:
    return {"law": d.law, "text": d.text}


def _finding_json(revoke: int, f: Finding) -> JSON:
    info = f.unauthorised
    return {"law": "16C2", "revoke": revoke, "trick": f.change.trick, "seat": f.change.seat.name,
            "took_back": str(f.change.card), "played": str(f.change.replaced_by),
            "information": str(info.withdrawn) if info else None,
            "suggested": str(info.suggested) if info else None,
            "without": str(info.without) if info else None,
            "forbidden": info.forbidden if info else False,
            "infraction": f.infraction,
            "weighed": _weighed_json((c, w) for c, w, _ in f.starts())}


def _weighed_json(shares: Iterable[tuple[Card, float]]) -> list[JSON]:
    """At an infraction (Laws 16B, 16C2), his logical alternatives worse for his side
    than his card, each with its share for a player of the class without the
    information: what a weighted score weighs (Law 12C1(c))."""
    return [{"card": str(c), "share": round(w, 6)} for c, w in shares]


def _revoke_index(index: int) -> int | None:
    """A revoke's index; None for Law 16B lines, which no revoke caused (-1 inside)."""
    return index if index >= 0 else None


def _information_json(f: InfoFinding, law: str) -> JSON:
    """Law 16B (``law``: 16A under 1997) on one group of unauthorised information, as
    the 16C2 items say a finding, with the facts; ``alternatives`` his logical
    alternatives (at the infraction, else at the first decision judged) and ``judged``
    every decision judged: each card's chance without and with the information, its
    value, the layouts it was judged on."""
    s = f.infraction
    return {"law": law, "revoke": None, "trick": s.trick if s else f.info.trick,
            "seat": f.info.seat.name, "facts": [str(x) for x in f.info.facts],
            "from_trick": f.info.trick, "checked": f.checked,
            "played": str(s.played) if s else None,
            "information": "; ".join(str(x) for x in f.info.facts),
            "suggested": str(s.suggested) if s else None,
            "alternatives": [str(c) for c in (s.alternatives if s else
                                              f.judged[0].alternatives if f.judged else ())],
            "without": str(s.without) if s else None,
            "forbidden": s is not None, "infraction": s is not None,
            "weighed": _weighed_json(s.shares if s else ()),
            "judged": [{"trick": j.trick, "played": str(j.played), "layouts": j.layouts,
                        "alternatives": [str(c) for c in j.alternatives],
                        "cards": [{"card": str(c), "without": round(p0, 6),
                                   "with": round(p1, 6), "declarer_tricks": v}
                                  for c, p0, p1, v in j.cards]} for j in f.judged]}


def board_json(ruling: Ruling) -> JSON:
    """A board's JSON object: with the Law 64C fields when the lines were solved, else the
    Laws 61-64A/B ruling alone (``--no-equity``)."""
    out = equity_json(ruling) if ruling.solved else ruling_json(ruling.automatic)
    if ruling.work is not None:
        out["stats"] = ruling.work.as_dict()
    return out
