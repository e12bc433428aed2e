"""A ruling as a Director reads it out at the table, in a few short lines: the revoke,
established or corrected, the transfer, the Law 64C decision and the score to enter.

Every sentence comes from :mod:`equity.render.view` (the revoke's own steps, what they
come to, the verdict and the scores); this module only picks and wraps them, so the brief
says nothing the full text does not. ``equity rule --brief`` prints it.
"""

from __future__ import annotations

import textwrap

from equity.core.laws import StepKind
from equity.core.ruling import Ruling
from equity.render.view import PLAY_CONTINUES, BoardView, RevokeView, board_view

WIDTH = 100
"""The longest line of a brief: it reads on a phone and in a terminal."""

_READ_OUT = (StepKind.REVOKE, StepKind.ESTABLISHED, StepKind.NOT_ESTABLISHED,
             StepKind.CORRECTION, StepKind.TRANSFER, StepKind.NO_TRANSFER)
"""The steps of a revoke read out word for word (the first of each kind): what the revoke
was, why it is established or not, why it is corrected, and the transfer or the exemption
from it."""


def _wrap(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent,
                         subsequent_indent=indent + "  ", break_on_hyphens=False)


def _revoke(r: RevokeView) -> list[str]:
    """The revoke's steps read out; a corrected revoke (Law 62) is said in one sentence of
    what the correction comes to, its play-out steps left to the full text."""
    head = r.title.split(":", 1)[0]
    said = [s for k, s in enumerate(r.steps)
            if s.kind in _READ_OUT and all(t.kind != s.kind for t in r.steps[:k])]
    out: list[str] = []
    for k, s in enumerate(said):
        lead = f"{head}, Law {s.law}: " if k == 0 else f"Law {s.law}: "
        out += _wrap(lead + s.text, "" if k == 0 else "  ")
    if any(s.kind is StepKind.CORRECTION for s in r.steps):
        out += _wrap(r.outcome, "  ")
    elif r.transfer is not None and all(
            s.kind not in (StepKind.TRANSFER, StepKind.NO_TRANSFER) for s in said):
        out += _wrap(f"Transfer: {r.transfer}.", "  ")
    return out


def _decision(v: BoardView) -> list[str]:
    """Law 64C in one sentence: adjusted, or the 64A result stands."""
    if not v.checked:
        return []
    if v.basis_code == "64C":
        return _wrap(f"Law 64C: the transfer did not compensate the non-offenders; the score "
                     f"is adjusted to {v.brief_verdict}.")
    if v.basis_code == "64A":
        return _wrap("Law 64C: the transfer compensated the non-offenders; the Law 64A "
                     "result stands.")
    return _wrap(f"Law 64C: no adjustment; the result is {v.brief_verdict}.")


def brief_text(ruling: Ruling) -> str:
    """The ruling read out: at most a dozen lines of at most :data:`WIDTH` characters
    for a board with one revoke."""
    v = board_view(ruling)
    a = v.automatic
    if a.play_continues is not None:
        out = _wrap(f"{v.title}, {a.contract.pretty}: {a.play_continues}.")
    else:
        out = _wrap(f"{v.title}, {a.table_result} (table result).")
    if not a.revokes:
        out.append("No revoke in the play record.")
    for r in a.revokes:
        out += _revoke(r)
    out += _decision(v) if a.revokes else []
    if ruling.pending:
        return "\n".join(out + _wrap(f"Ruling: {PLAY_CONTINUES}."))
    for label, score in v.final:
        out += _wrap(f"{label}: {score}.")
    return "\n".join(out)


__all__ = ["WIDTH", "brief_text"]
