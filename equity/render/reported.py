"""A revoke ruled from the reported facts (no card play): its JSON, its text and the
sentences the workbench reads out.

The JSON uses :func:`equity.render.jsonout.ruling_json`'s field names where they mean
the same (``board``, ``contract``, ``table_tricks``, ``revokes``,
``after_transfer_tricks``, ``ruling``), adds ``reported: true``, ``decision`` (the
ruling in one sentence), ``needs`` (what the ruling would need, each with its law),
``complete`` and ``screen`` (the Law 64C screen from the deal alone, or null); the
names are a public contract as the others are (docs/json.md).
"""

from __future__ import annotations

from typing import Any

from equity.core.adjust import ReportedCase
from equity.core.game import Seat

JSON = dict[str, Any]


def _seat(seat: Seat | None) -> str | None:
    return seat.name if seat is not None else None


def reported_json(case: ReportedCase) -> JSON:
    """One board's object, as ``equity rule --json`` writes it for a reported revoke."""
    r = case.ruling
    b, report = r.board, r.report
    assert b.contract is not None
    s = case.screen
    basis = ("64B" if r.exemption is not None else "64A" if report.established else "62")
    return {
        "board": b.number if b.number is not None else b.label,
        "source": b.source,
        "contract": str(b.contract),
        "declarer": b.contract.declarer.name,
        "laws": r.edition.name,
        "reported": True,
        "table_tricks": r.table_tricks,
        "revokes": [{
            "trick": report.trick, "seat": report.seat.name, "card": str(report.card),
            "established": report.established, "corrected": not report.established,
            "won_by": _seat(report.won_by), "later": report.later,
            "transfer": r.transfer, "offending_side": r.offender_side.name,
            "exemption": r.exemption, "laws": [st.law for st in r.steps],
            "steps": [{"law": st.law, "text": st.text} for st in r.steps]}],
        "after_transfer_tricks": r.after_transfer_tricks,
        "result_tag": b.result,
        "needs": list(r.needs) + ([f"Law {s.law}: the play from trick {s.trick}"]
                                  if s is not None and s.may_be_short else []),
        "complete": case.complete,
        "screen": None if s is None else {
            "law": s.law,
            "outcomes": {str(t): round(p, 6) for t, p in sorted(s.outcomes.items())},
            "after_transfer": s.after_transfer,
            "non_offenders": s.non_offenders.name,
            "short_share": round(s.short_share, 6),
            "threshold": round(s.threshold, 6),
            "may_be_short": s.may_be_short,
            "play_from_trick": s.trick if s.may_be_short else None,
            "text": s.step().text,
        },
        "decision": decision(case),
        "ruling": {
            "basis": basis,
            "declarer_tricks": r.after_transfer_tricks,
            "score_ns": case.score_ns,
            "scorer": case.result,
            "vulnerable": case.vulnerability.name,
        },
    }


def decision(case: ReportedCase) -> str:
    """The ruling in one sentence with its law: what is known, and what is needed."""
    r = case.ruling
    law = r.steps[-1].law
    if r.after_transfer_tricks is None:
        return f"Laws 61-64: not ruled yet; needed: {'; '.join(r.needs)}."
    tricks = r.after_transfer_tricks
    if not r.report.established:
        said = f"Law 62: the revoke is corrected; no transfer: {case.result} stands"
    elif r.exemption is not None:
        said = f"Law {r.exemption}: no transfer: {case.result} stands"
    else:
        n = r.transfer or 0
        said = (f"Law {law}: {n} trick{'s' if n != 1 else ''} transferred: declarer "
                f"{tricks} tricks, {case.result}")
    s = case.screen
    if s is not None and s.may_be_short:
        said += (f"; Law {s.law} may give the non-offenders more: enter the play from "
                 f"trick {s.trick}")
    elif s is not None:
        said += f"; Law {s.law}: the transfer compensates them on the deal alone"
    return said + "."


def read_out(case: ReportedCase) -> list[tuple[int, str]]:
    """The ruling's sentences in order (depth, text): the board, each step with its
    law, the screen, what is needed, the score."""
    r = case.ruling
    b = r.board
    assert b.contract is not None
    made = (f"declarer {r.table_tricks} tricks in all" if r.table_tricks is not None
            else "declarer's tricks not given")
    out: list[tuple[int, str]] = [(0, f"{b.label.capitalize()}, {b.contract.pretty}: {made} "
                                      "(as reported; no card play entered).")]
    out += [(1, f"Law {st.law}: {st.text}") for st in r.steps]
    if case.screen is not None:
        step = case.screen.step()
        out.append((1, f"Law {step.law}: {step.text}"))
    out += [(1, f"Needed: {n}.") for n in r.needs]
    if case.score_ns is not None:
        out.append((0, f"Score: {case.result}, N-S {case.score_ns:+d}."))
    return out


def reported_text(case: ReportedCase) -> str:
    """The ruling as ``equity rule`` prints it: the decision, then the sentences."""
    lines = [decision(case), ""]
    lines += ["  " * depth + text for depth, text in read_out(case)]
    return "\n".join(lines) + "\n\n"


__all__ = ["decision", "read_out", "reported_json", "reported_text"]
