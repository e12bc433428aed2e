"""A ruling as a Director reads it out at the table: plain text, laid out from the view
(:mod:`equity.render.view`), which makes every sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.adjust import Ruling
from equity.core.game import Work
from equity.core.law import AutomaticRuling
from equity.render.brief import WIDTH, headline, wrap
from equity.render.view import (
    DD_NOTE,
    PLAY_CONTINUES,
    AutomaticView,
    StepView,
    automatic_view,
    board_view,
    lines_question,
)

if TYPE_CHECKING:  # imported with a claim ruled (view.LATER)
    from equity.render.view import ClaimView


def ruling_text(ruling: AutomaticRuling) -> str:
    """The Laws 61-64A/B ruling as a Director would read it out at the table."""
    return _automatic(automatic_view(ruling))


def _automatic(v: AutomaticView) -> str:
    head = f"{v.source}, {v.label}: {v.contract.pretty}"
    lines = [head, "-" * len(head)]
    if v.play_continues is not None:
        lines.append(f"Play continues: {v.play_continues}.")
    else:
        lines.append(f"{'Table result' if v.claim is None else 'Result'} ({v.table_how}): "
                     f"{v.table_result}.")
    if v.claim is not None:
        lines += ["", *_claim(v.claim)]
    if not v.revokes:
        lines.append("No revoke in the play record.")
    for r in v.revokes:
        lines += ["", f"{r.title}.", *_steps(r.steps)]
        if r.transfer is not None:
            lines.append(f"  Transfer: {r.transfer}.")
    if v.revokes and v.play_continues is None:
        lines += ["", f"{v.after_label}: {v.after_transfer}."]
    lines += [f"Note: {n}." for n in v.notes]
    return "\n".join(lines)


def _claim(c: ClaimView) -> list[str]:
    """The ruling on the claim: what was said, the law, the doubtful points, every line
    judged, the award."""
    out = [f"{c.title}.", f"  Statement: {c.statement}.", *_steps(c.steps)]
    if c.lines:
        out.append(f"  {c.lines_head}:")
        out += [f"    {ln.number}. {ln.brief}" for ln in c.lines]
    return [*out, *_steps((c.award,))]


def _steps(steps: tuple[StepView, ...]) -> list[str]:
    return [f"  Law {s.law}: {s.text}" for s in steps]


def equity_text(ruling: Ruling) -> str:
    """:func:`ruling_text` followed by every line, the policy and the Law 64C decision."""
    v = board_view(ruling)
    out = [_automatic(v.automatic)]
    if v.checked:
        question = lines_question(v.groups, v.automatic.after_label == "After transfer")
        out += ["", f"{question} (policy {v.policy})", DD_NOTE, *v.auction]
        for g in v.groups:
            out.append(f"{g.title}:")
            for ln in g.lines:
                out.append(f"  {ln.number}. {ln.brief} [weight {ln.weighed}]")
                for head, items in ln.details:
                    out += [f"     {head}:", *(f"       - {item}" for item in items)]
            if g.distribution is not None:
                out.append(f"  {g.distribution}")
            out += [f"  Player model, {b}" for b in g.branches]
            out.append(f"  {g.brief_equity}")
    out += ["", "Decision:", *_steps(v.decision)]
    if v.sensitivity is not None:
        out.append(f"  Sensitivity: {v.sensitivity}")
    if ruling.pending:
        out.append(f"Ruling: {PLAY_CONTINUES}.")
        return "\n".join(out)
    out += [f"Ruling ({v.basis_cited}): {v.brief_verdict}.", "", f"Scores ({v.scoring}):"]
    out += [f"  {label}: {score}" for label, score in v.brief_scores]
    return "\n".join(out)


def board_text(ruling: Ruling, width: int | None = WIDTH) -> str:
    """A board's ruling as text: the ruling first (the decision and the score to enter,
    as ``--brief`` says them), then every step, with Law 64C when the lines were solved.
    Lines are wrapped at ``width`` columns (None: one line a sentence)."""
    details = equity_text(ruling) if ruling.solved else ruling_text(ruling.automatic)
    text = "\n".join([*headline(ruling), "", "In detail:", "", details])
    if width is None:
        return text
    return "\n".join(wrap(line, width) for line in text.split("\n"))


def work_text(work: Work) -> str:
    """What a ruling (or a run) cost, in a line: "412 DDS positions, 30 decisions, 520
    layouts; 0.31 s in DDS, 0.42 s in all"."""
    return (f"{work.positions} DDS positions, {work.decisions} decisions, {work.layouts} "
            f"layouts; {work.dds_seconds:.2f} s in DDS, {work.seconds:.2f} s in all")
