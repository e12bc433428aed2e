"""A ruling as a Director reads it out (text) and as scripts read it (JSON).

The JSON field names are a public contract: fields may be added, never renamed or
dropped. See the README for the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from equity.core.cards import cards
from equity.core.errors import BoardError
from equity.core.laws import AutomaticRuling, RevokeRuling
from equity.core.lines import Line
from equity.core.ruling import Ruling

JSON = dict[str, Any]


def board_id(ruling: AutomaticRuling) -> int | str:
    b = ruling.replay.board
    return b.number if b.number is not None else b.label


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
        "steps": [{"law": s.law, "text": s.text} for s in r.steps],
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
        "notes": list(ruling.notes),
    }


def error_json(err: BoardError) -> JSON:
    return err.to_json()


def ruling_text(ruling: AutomaticRuling) -> str:
    """The ruling as a Director would read it out at the table."""
    rp = ruling.replay
    c = rp.contract
    head = f"{rp.board.source}, {rp.board.label}: {c.pretty}"
    lines = [head, "-" * len(head)]
    how = "as played" + (", claimed tricks included" if rp.claimed else "")
    if ruling.pending:
        lines.append(f"Play continues: the record stops at trick {len(rp.tricks)}, where the "
                     f"Director was called (declarer has won {ruling.table_tricks} so far; "
                     "not a result).")
    else:
        lines.append(f"Table result ({how}): {_result(ruling, ruling.table_tricks)}.")
    if not ruling.revokes:
        lines.append("No revoke in the play record.")
    for i, r in enumerate(ruling.revokes, 1):
        rev = r.revoke
        led = f", {rev.suit_led.symbol} led" if rev.suit_led is not None else ""
        lines.append("")
        lines.append(f"Revoke {i}: trick {rev.trick}, {rev.seat.long_name}, "
                     f"{rev.card.pretty}{led}.")
        for s in r.steps:
            lines.append(f"  Law {s.law}: {s.text}")
        if r.stands and not ruling.pending:
            lines.append(f"  Transfer: {r.transfer} trick{'s' if r.transfer != 1 else ''} to "
                         f"{r.offender_side.other.name}.")
    if ruling.revokes and not ruling.pending:
        lines.append("")
        lines.append(f"After transfer: {_result(ruling, ruling.after_transfer_tricks)}.")
    for n in ruling.notes:
        lines.append(f"Note: {n}.")
    return "\n".join(lines)


def _result(ruling: AutomaticRuling, tricks: int) -> str:
    c = ruling.replay.contract
    return (f"{c.level}{c.strain.symbol} by {c.declarer.long_name}: {tricks} "
            f"trick{'s' if tricks != 1 else ''}, {c.result_text(tricks)}")


# --- Law 64C: the lines and the final ruling (equity.core.ruling) ------------------------------


def _pct(w: float) -> str:
    return f"{w:.0%}"


def line_json(line: Line, weight: float) -> JSON:
    """One candidate line: what was played, where it left the record, its tricks."""
    left = line.left_record
    return {
        "kind": line.kind,
        "revoke": line.revoke,
        "card": str(line.card),
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
    }


def _weighted_json(ruling: Ruling, weighted: Sequence[tuple[int, float]]) -> list[JSON]:
    score = ruling.score(weighted)
    return [{"declarer_tricks": c.tricks, "weight": round(c.weight, 6), "score_ns": c.score_ns}
            for c in score.components]


def _values_json(ruling: Ruling, weighted: Sequence[tuple[int, float]]) -> JSON:
    """A result's N-S score and, with a field or comparison, its MPs or IMPs."""
    score = ruling.score(weighted)
    ev = ruling.event
    out: JSON = {"score_ns": round(score.expected_ns, 2), "scorer": score.scorer_text()}
    if ev.form == "mp":
        mp = score.matchpoints(ev.field)
        out.update(mp=round(mp, 4), mp_pct=round(100 * mp / ev.top(), 2))
    elif ev.form == "imps" and ev.other is not None:
        out["imps"] = round(score.imps(ev.other), 4)
    return out


def equity_json(ruling: Ruling) -> JSON:
    """:func:`ruling_json` plus the Law 64C fields: ``lines``, ``equity_tricks`` and
    ``ruling`` (basis, result or weighted result with scores, policy, law steps)."""
    out = ruling_json(ruling.automatic)
    eq = ruling.equity_tricks
    out["vulnerable"] = ruling.vulnerability.name
    out["lines"] = [{**line_json(ln, w), "score_ns": ruling.score(((ln.declarer_tricks, 1.0),))
                     .components[0].score_ns} for ln, w in ruling.lines]
    out["equity_tricks"] = round(eq, 6) if eq is not None else None
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
        "adjusted_revoke": ruling.adjusted_for,
        "pending": ruling.pending,
        "checks": [{"revoke": a.counterfactual.revoke, "law": a.counterfactual.law,
                    "equity_tricks": round(a.equity_tricks, 6)} for a in ruling.assessments],
        "solved": ruling.solved,
        "steps": [{"law": s.law, "text": s.text} for s in ruling.steps],
    }
    if ruling.offenders_weighted is not None:
        for side, weighted in ruling.side_results().items():
            out["ruling"][side.name.lower()] = {
                "weighted": _weighted_json(ruling, weighted), **_values_json(ruling, weighted)}
    if ruling.pending:  # play continues: no result, no score (issue 11, item 3)
        del out["ruling"]["scorer"]
        out["ruling"].update(score_ns=None, declarer_tricks=None, weighted=[],
                             after_transfer=None)
    return out


def equity_text(ruling: Ruling) -> str:
    """:func:`ruling_text` followed by every line, the policy and the Law 64C decision."""
    auto = ruling.automatic
    out = [ruling_text(auto)]
    if ruling.solved and ruling.assessments:
        out += ["", f"Law 64C: was the transfer enough? (policy {ruling.policy.value})",
                "Double dummy assumes perfect play by all four players, every card in view: "
                "an idealisation for the Director to weigh, not a verdict."]
        for a in ruling.assessments:
            cf = a.counterfactual
            rev = auto.revokes[cf.revoke].revoke
            out.append(f"Revoke {cf.revoke + 1} (trick {rev.trick}, {rev.seat.long_name}), "
                       f"Law {cf.law}:")
            for n, (line, w) in enumerate(zip(cf.lines, a.weights, strict=True), 1):
                out.append(f"  {n}. {_line_text(line)} [weight {_pct(w)}]")
            out.append(f"  equity: {a.equity_tricks:.2f} tricks for declarer")
    out += ["", "Decision:"]
    out += [f"  Law {s.law}: {s.text}" for s in ruling.steps]
    if ruling.pending:
        out.append("Ruling: play continues; no result yet.")
        return "\n".join(out)
    res = " + ".join(f"{_pct(w)} of {_result(auto, t)}" for t, w in ruling.weighted) \
        if len(ruling.weighted) > 1 else _result(auto, ruling.weighted[0][0])
    out.append(f"Ruling ({ruling.basis}): {res}.")
    out.append("")
    out.append(f"Scores ({ruling.vulnerability.name.lower()} vulnerable; "
               f"{ruling.event.describe()}):")
    out.append(f"  after the Law 64A transfer: {_score_text(ruling, ruling.after_transfer)}")
    if ruling.offenders_weighted is None:
        out.append(f"  ruling: {_score_text(ruling, ruling.weighted)}")
    else:
        for side, weighted in ruling.side_results().items():
            out.append(f"  ruling for {side.name}: {_score_text(ruling, weighted)}")
    return "\n".join(out)


def _score_text(ruling: Ruling, weighted: Sequence[tuple[int, float]]) -> str:
    v = _values_json(ruling, weighted)
    extra = ""
    if "mp" in v:
        extra = f"; N-S {v['mp']:g} MP ({v['mp_pct']:.1f}%)"
    elif "imps" in v:
        extra = f"; N-S {v['imps']:+.2f} IMPs"
    exp = f"; expected N-S {v['score_ns']:+g}" if len(weighted) > 1 else ""
    return f"{v['scorer']}{exp}{extra}"


def _line_text(line: Line) -> str:
    by_trick: dict[int, list[str]] = {}
    for p in line.cards:
        by_trick.setdefault(p.trick, []).append(f"{p.seat.name}{p.card.pretty}")
    played = "; ".join(f"t{t}: {' '.join(cs)}" for t, cs in by_trick.items())
    eq = "" if len(line.equivalents) < 2 else \
        " (= " + " ".join(c.pretty for c in line.equivalents) + ")"
    left = line.left_record
    if left.at == "revoke":
        where = "then double dummy"
    elif left.at == "card":
        seat = left.seat.long_name if left.seat is not None else "?"
        where = f"left the record at trick {left.trick}, {seat} ({left.reason}); double dummy"
    elif left.at == "end":
        where = "the whole record stands"
    else:
        where = f"{left.reason}; double dummy"
    tricks = f"{line.declarer_tricks} tricks"
    if line.earlier_transfer:
        tricks = (f"{line.play_tricks} tricks in play, {line.earlier_transfer:+d} for the "
                  f"earlier revoke's transfer = {tricks}")
    return f"{line.kind} {line.card.pretty}{eq}: {played}; {where} -> {tricks}"


def board_json(ruling: Ruling) -> JSON:
    """A board's JSON object: with the Law 64C fields when the lines were solved, else the
    Laws 61-64A/B ruling alone (``--no-equity``)."""
    return equity_json(ruling) if ruling.solved else ruling_json(ruling.automatic)


def board_text(ruling: Ruling) -> str:
    """A board's ruling as text: with Law 64C when the lines were solved, else alone."""
    return equity_text(ruling) if ruling.solved else ruling_text(ruling.automatic)
