"""A ruling as a Director reads it out at the table, in a few short lines: the revoke,
established or corrected, the transfer, the Law 64C decision (and Law 16B's finding on
unauthorised information from partner) and the score to enter.

Every sentence comes from :mod:`equity.render.view` (the revoke's own steps, what they
come to, the verdict and the scores); this module only picks them (:func:`read_out`,
:func:`decision`) and wraps them (:func:`brief_text`), so the brief says nothing the full
text does not. ``equity rule --brief`` prints it; the workbench shows the same sentences
first.
"""

from __future__ import annotations

import re
import textwrap

from equity.core.adjust import Ruling
from equity.core.law import StepKind
from equity.render.view import (
    PLAY_CONTINUES,
    RevokeView,
    announcement,
    board_view,
    currency_sentence,
)

WIDTH = 100
"""The longest line of a brief: it reads on a phone and in a terminal."""

_READ_OUT = (StepKind.REVOKE, StepKind.ESTABLISHED, StepKind.NOT_ESTABLISHED,
             StepKind.CORRECTION, StepKind.TRANSFER, StepKind.NO_TRANSFER)
"""The steps of a revoke read out word for word (the first of each kind): what the revoke
was, why it is established or not, why it is corrected, and the transfer or the exemption
from it."""

Sentence = tuple[int, str]
"""A sentence read out, with its depth (0: the board and each revoke, 1: their steps)."""


def _revoke(r: RevokeView) -> list[Sentence]:
    """The revoke's steps read out; a corrected revoke (Law 62) also gets the one sentence
    of what the correction comes to, its play-out steps left to the full text."""
    head = r.title.split(":", 1)[0]
    said = [s for k, s in enumerate(r.steps)
            if s.kind in _READ_OUT and all(t.kind != s.kind for t in r.steps[:k])]
    out = [(0, f"{head}, Law {s.law}: {s.text}") if k == 0 else (1, f"Law {s.law}: {s.text}")
           for k, s in enumerate(said)]
    if any(s.kind is StepKind.CORRECTION for s in r.steps):
        out.append((1, r.outcome))
    elif r.transfer is not None and all(
            s.kind not in (StepKind.TRANSFER, StepKind.NO_TRANSFER) for s in said):
        out.append((1, f"Transfer: {r.transfer}."))
    return out


def decision(ruling: Ruling) -> str:
    """The ruling in one sentence with its law: what the Director announces first."""
    v = board_view(ruling)
    if ruling.pending:
        return f"Law 62: {PLAY_CONTINUES}."
    if not v.has_revoke and v.claim is not None:
        return f"{v.claim.brief}; {v.verdict}."
    if not v.has_revoke and v.basis_code != "16B":
        return f"No revoke in the play record: {v.verdict}."
    said = announcement(ruling)
    if said is not None:
        return said
    return f"Laws 61-64: {v.automatic.after_transfer} ({v.basis})."


def headline(ruling: Ruling) -> list[str]:
    """The ruling first: the board and its table result, the decision in one sentence with
    its law, and the score(s) to enter — what ``equity rule`` opens with."""
    v = board_view(ruling)
    a = v.automatic
    if a.play_continues is not None:
        return [f"{v.title}, {a.contract.pretty}: {a.play_continues}.", decision(ruling)]
    said = currency_sentence(ruling)
    return [f"{v.title}, {a.table_result} ({a.result_label}).", decision(ruling),
            *([said] if said else []), *(f"{label}: {score}." for label, score in v.final)]


def read_out(ruling: Ruling) -> list[Sentence]:
    """The sentences of the brief, in order: the board, each revoke and its steps, Law
    64C, the score(s) to enter."""
    v = board_view(ruling)
    a = v.automatic
    if a.play_continues is not None:
        out: list[Sentence] = [(0, f"{v.title}, {a.contract.pretty}: {a.play_continues}.")]
    else:
        out = [(0, f"{v.title}, {a.table_result} ({a.result_label}).")]
    if a.claim is not None:
        out.append((0, f"{a.claim.title}: {a.claim.statement}."))
        out += [(1, f"The award's line: {ln.played} -> {ln.result} ({ln.why}).")
                for ln in a.claim.lines if ln.deciding]
        out.append((1, f"Law {a.claim.award.law}: {a.claim.award.text}"))
    if not a.revokes:
        out.append((0, "No revoke in the play record."))
    for r in a.revokes:
        out += _revoke(r)
    # Law 16B: what he knew, what it suggested, the alternative, and the adjustment
    law = ruling.automatic.edition.law_16b("1")
    found = next((st for st in ruling.steps if st.law == law), None)  # the finding: first
    if found is not None:
        out.append((0, f"Law {found.law}: {found.text}"))
    said = announcement(ruling) if a.revokes or v.basis_code == "16B" else None
    if said is not None:
        out.append((0, said))
        why = currency_sentence(ruling)
        if why is not None:
            out.append((1, why))
    if ruling.pending:
        return [*out, (0, f"Ruling: {PLAY_CONTINUES}.")]
    return out + [(0, f"{label}: {score}.") for label, score in v.final]


def brief_text(ruling: Ruling) -> str:
    """The ruling read out: at most a dozen lines of at most :data:`WIDTH` characters
    for a board with one revoke."""
    return "\n".join(wrap("  " * depth + sentence) for depth, sentence in read_out(ruling))


_MARKER = re.compile(r" *(\d+\. |- )?")


def wrap(line: str, width: int = WIDTH) -> str:
    """One line of text wrapped at ``width`` columns: the continuation lines are indented
    two columns past the line's text (past its "1. " or "- " marker), so that they read as
    the same item; a word longer than the width (a path) is kept whole."""
    if len(line) <= width:
        return line
    lead = _MARKER.match(line)
    indent = len(line) - len(line.lstrip(" "))
    under = indent + (len(lead.group(1)) if lead and lead.group(1) else 0) + 2
    return "\n".join(textwrap.wrap(line.strip(" "), width, initial_indent=" " * indent,
                                   subsequent_indent=" " * under, break_on_hyphens=False,
                                   break_long_words=False))


__all__ = ["WIDTH", "brief_text", "decision", "headline", "read_out", "wrap"]
