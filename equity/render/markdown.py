"""The committee document in Markdown: the same content as the HTML page
(:mod:`equity.render.html`), laid out from the view (:mod:`equity.render.view`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from equity import __version__
from equity.core.adjust import ReportedCase, Ruling
from equity.core.game import BoardError, Seat, Suit
from equity.render.reported import decision, read_out
from equity.render.view import (
    DD_NOTE,
    NO_CARD,
    BoardView,
    StepView,
    board_view,
    lines_question,
    ranks,
    rulings_title,
)

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#~!])")


def _md(text: str) -> str:
    """Escape Markdown (and inline HTML) in ``text`` so it shows as written."""
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def render_markdown(rulings: Sequence[Ruling], errors: Sequence[BoardError] = (),
                    reported: Sequence[ReportedCase] = ()) -> str:
    """The same document as :func:`equity.render.html.render_html`, in Markdown."""
    views = [board_view(r) for r in rulings]
    out: list[str] = []
    if len(views) + len(reported) > 1 or errors:
        out += [f"# {rulings_title(views, bool(reported))}", ""]
        out += [f"- {_md(v.title)}: {_md(v.contract.pretty)}" for v in views]
        out += [f"- {_md(c.ruling.board.label)}: a revoke as reported, without the card play"
                for c in reported]
        out.append("")
    for v in views:
        out += _md_board(v)
    for c in reported:
        b = c.ruling.board
        assert b.contract is not None
        out += [f"# {_md(b.label.capitalize())}: {_md(b.contract.pretty)}", "",
                f"**{_md(decision(c))}**", ""]
        out += [f"{'  ' * depth}- {_md(text)}" for depth, text in read_out(c)]
        out.append("")
    if errors:
        out += ["# Boards that could not be ruled", ""]
        out += [f"- {_md(str(e))}" for e in errors]
        out.append("")
    out.append(f"*Ruled by equity {__version__}. {_md(DD_NOTE)}*")
    return "\n".join(out) + "\n"


def _md_board(v: BoardView) -> list[str]:
    out = [f"# {_md(v.title)}: {_md(v.contract.pretty)}", "", "| | |", "|---|---|"]
    out += [f"| {_md(k)} | {_md(val)} |" for k, val in v.facts]
    out.append("")
    if v.has_ruling:
        out += [f"**Ruling** ({_md(v.basis)}): {_md(v.verdict)}", ""]
        out += [f"**{_md(k)}: {_md(s)}**  " for k, s in v.final]
        out.append("")
    out += ["## The deal", "", "```text", *_md_compass(v), "```", ""]
    if not v.has_ruling:
        return [*out, "No revoke in the play record: Laws 61-64 do not apply to this board.", ""]
    out += _md_tricks(v)
    out += _md_claim(v)
    out += ["## The ruling, step by step (Laws 61-64)", ""] if v.revokes else []
    for r in v.revokes:
        out += [f"### {_md(r.title)}", "", *_md_steps(r.steps), "", f"**{_md(r.outcome)}**", ""]
    out += [f"> Note: {_md(n)}." for n in v.notes]
    if v.groups:
        out += _md_lines(v)
    out += [f"## {_md(v.decision_head)}", "", *_md_steps(v.decision), ""]
    if v.sensitivity is not None:
        out += [f"**Sensitivity:** {_md(v.sensitivity)}", ""]
    out += ["## Score", "", f"Ruling ({_md(v.basis)}): {_md(v.verdict)}.", "",
            "| | N-S score, as the scorer types it |", "|---|---|"]
    finals = {k for k, _ in v.final}
    out += [f"| **{_md(k)}** | **{_md(s)}** |" if k in finals else f"| {_md(k)} | {_md(s)} |"
            for k, s in v.scores]
    return [*out, ""]


def _md_compass(v: BoardView) -> list[str]:
    """The hands as a small monospace diagram: North on top, West left, East right."""
    c = v.contract

    def block(seat: Seat) -> list[str]:
        role = " (declarer)" if seat == c.declarer else " (dummy)" if seat == c.dummy else ""
        vul = " vul" if v.vulnerability.is_vulnerable(seat.side) else ""
        dealer = " dealer" if seat == v.dealer else ""
        head = f"{seat.long_name}{role}{dealer}{vul}"
        return [head] + [f"{s.symbol} {ranks(v.deal[seat], s)}" for s in Suit]

    pad = " " * 18
    north, west, east, south = (block(s) for s in (Seat.N, Seat.W, Seat.E, Seat.S))
    out = [pad + line for line in north]
    out += [f"{w:<36}{e}".rstrip() for w, e in zip(west, east, strict=True)]
    out += [pad + line for line in south]
    return out


def _md_tricks(v: BoardView) -> list[str]:
    out = ["## The play", "",
           "| Trick | Led | N | E | S | W | Won | Revoke |", "|---|---|---|---|---|---|---|---|"]
    for t in v.tricks:
        cells = []
        for seat in Seat:
            card = t.cards[seat]
            n = t.revokes.get(seat)
            text = NO_CARD if card is None else card.pretty
            cells.append(f"**{text} (R{n})**" if n is not None else text)
        note = ", ".join(f"R{n}: {s.long_name}" for s, n in sorted(t.revokes.items(),
                                                                  key=lambda kv: kv[1]))
        num = f"**{t.number}**" if t.revokes else str(t.number)
        winner = t.winner.name if t.winner is not None else NO_CARD
        out.append(f"| {num} | {t.leader.name} | {' | '.join(cells)} | {winner} | {note} |")
    out.append("")
    if v.play_end:
        out += [f"*{_md(v.play_end)}*", ""]
    out += ["Cards by seat, played clockwise from the seat in the “Led” column."
            + (" R1, R2 …: the revoke cards (in bold), numbered as in the ruling."
               if v.has_revoke else ""), ""]
    return out


def _md_claim(v: BoardView) -> list[str]:
    """The ruling on the claim (Laws 68-71), as the HTML page lays it out."""
    c = v.claim
    if c is None:
        return []
    out = ["## The claim (Laws 68-71)", "", f"### {_md(c.title)}", "",
           f"Statement: {_md(c.statement)}.", "", *_md_steps(c.steps), ""]
    if c.lines:
        out += [f"**{_md(c.lines_head)}**", "", "| Line | Cards from the claim on | "
                "Declarer's tricks | Why |", "|---|---|---|---|"]
        out += [f"| {ln.number}. {_md(ln.label)} | {ln.played} | {_md(ln.result)} | "
                f"{_md(ln.why)} |" for ln in c.lines]
        out.append("")
    return [*out, *_md_steps((c.award,)), ""]


def _md_steps(steps: Sequence[StepView]) -> list[str]:
    return [f"{i}. **{_md(s.stage)}** — Law {_md(s.law)}: {_md(s.text)}"
            for i, s in enumerate(steps, 1)]


def _md_lines(v: BoardView) -> list[str]:
    question = lines_question(v.groups, v.automatic.after_label == "After transfer")
    out = ["", f"## {_md(question)} The candidate lines", "",
           f"> {_md(DD_NOTE)}", ""]
    for said in v.auction:
        out += [f"> {_md(said)}", ""]
    for g in v.groups:
        out += [f"### {_md(g.title)}", "",
                "| Line | Card | Cards from the revoke on | Left the table's play | "
                "Declarer's tricks | Score | Weight |", "|---|---|---|---|---|---|---|"]
        for ln in g.lines:
            out.append(f"| {ln.number}. {_md(ln.kind)} | {_md(ln.card)} | {ln.played} | "
                       f"{_md(ln.left)} | {_md(ln.result)} | {_md(ln.score)} | "
                       f"{_md(ln.weight)} |")
        out += ["", _md(g.equity), ""]
        if g.distribution is not None:
            out += [_md(g.distribution), ""]
        if g.branches:
            out += [*(f"- {_md(b)}" for b in g.branches), ""]
        for ln in g.lines:
            for head, items in ln.details:
                out += [f"**{_md(head)}:**", ""]
                out += [f"{i}. {_md(item)}" for i, item in enumerate(items, 1)]
                out.append("")
    return out
