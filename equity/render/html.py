"""The committee document as an HTML page, laid out from the view (:mod:`equity.render.view`).

The page is self-contained (the style sheet, package data ``style.css``, inline; no script,
no network, system fonts), prints cleanly (a print stylesheet: no backgrounds needed, tables
kept whole where possible) and fits a 375px-wide phone: the deal as the usual compass
diagram, the play as a trick table with the revoke marked, each step of the ruling with its
law, every candidate line of Law 64C and the final score exactly as the scorer types it.
Everything that comes from the file (names, event, source, error messages) is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import cache
from importlib.resources import files

from msgspec.structs import replace

from equity import __version__
from equity.core.adjust import ReportedCase, Ruling
from equity.core.game import BoardError, Card, Seat, Suit
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

RED_SUITS = (Suit.H, Suit.D)


@cache
def _css() -> str:
    """The page's style sheet (package data, read once)."""
    return files("equity.render").joinpath("style.css").read_text(encoding="utf-8")


def _esc(text: str) -> str:
    """HTML-escape ``text`` and colour the red suit symbols."""
    out = html.escape(text, quote=True)
    for suit in RED_SUITS:
        out = out.replace(suit.symbol, f'<span class="red">{suit.symbol}</span>')
    return out


def _card_html(card: Card) -> str:
    cls = ' class="red"' if card.suit in RED_SUITS else ""
    return f"<span{cls}>{card.suit.symbol}</span>{card.rank_char}"


def render_html(rulings: Sequence[Ruling], errors: Sequence[BoardError] = (),
                reported: Sequence[ReportedCase] = (), title: str | None = None) -> str:
    """A self-contained HTML page with every ruled board, every revoke ruled as reported
    (without the card play) and the boards in error."""
    views = _unique_anchors([board_view(r) for r in rulings])
    if title is None:
        kind = rulings_title(views, bool(reported))
        title = (f"{kind[:-1]}: {views[0].title}, {views[0].contract.pretty}"
                 if len(views) == 1 and not errors and not reported else kind)
    parts = ['<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             '<meta name="generator" content="equity ' + __version__ + '">',
             f"<title>{html.escape(title)}</title>\n<style>\n{_css()}</style>\n</head>\n<body>",
             "<main>"]
    if len(views) + len(reported) > 1 or errors:
        parts.append(_html_toc(title, views, errors, reported))
    parts += [_html_board(v) for v in views]
    parts += [_html_reported(c, k) for k, c in enumerate(reported, 1)]
    if errors:
        parts.append(_html_errors(errors))
    parts += [f"<footer>Ruled by equity {__version__}. {_esc(DD_NOTE)}</footer>",
              "</main>\n</body>\n</html>\n"]
    return "\n".join(parts)


def _unique_anchors(views: Sequence[BoardView]) -> list[BoardView]:
    """The views with distinct anchors (a file may hold several tables' board 1)."""
    seen: dict[str, int] = {}
    out = []
    for v in views:
        n = seen[v.anchor] = seen.get(v.anchor, 0) + 1
        out.append(v if n == 1 else replace(v, anchor=f"{v.anchor}-{n}"))
    return out


def _html_toc(title: str, views: Sequence[BoardView], errors: Sequence[BoardError],
              reported: Sequence[ReportedCase] = ()) -> str:
    items = "".join(f'<li><a href="#{v.anchor}">{_esc(v.title)}</a>: {_esc(v.contract.pretty)}'
                    f" — {_esc(v.basis) if v.has_revoke else 'no revoke'}</li>" for v in views)
    items += "".join(f'<li><a href="#reported-{k}">{_esc(c.ruling.board.label)}</a>: '
                     "a revoke as reported, without the card play</li>"
                     for k, c in enumerate(reported, 1))
    if errors:
        items += f'<li><a href="#errors">{len(errors)} board(s) could not be ruled</a></li>'
    return (f'<header class="doc"><h1>{_esc(title)}</h1></header>'
            f'<nav class="toc"><ul>{items}</ul></nav>')


def _html_board(v: BoardView) -> str:
    head = (f'<section class="board" id="{v.anchor}">'
            f"<h1>{_esc(v.title)}: {_esc(v.contract.pretty)}</h1>"
            + _html_facts(v.facts) + _html_verdict(v))
    deal = "<h2>The deal</h2>" + _html_compass(v)
    if not v.has_ruling:
        return (head + deal + '<p class="outcome">No revoke in the play record: Laws 61-64 '
                "do not apply to this board.</p></section>")
    body = [head, deal, _html_tricks(v), _html_claim(v), _html_revokes(v)]
    if v.groups:
        body.append(_html_lines(v))
    body += [_html_decision(v), _html_scores(v), "</section>"]
    return "\n".join(body)


def _html_facts(facts: Sequence[tuple[str, str]]) -> str:
    rows = "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(val)}</dd>" for k, val in facts)
    return f'<dl class="facts">{rows}</dl>'


def _html_verdict(v: BoardView) -> str:
    if not v.has_ruling:
        return ""
    scores = "".join(f'<p><span class="muted">{_esc(k)}:</span> '
                     f'<span class="score">{_esc(s)}</span></p>' for k, s in v.final)
    return (f'<div class="verdict"><p><strong>Ruling</strong> ({_esc(v.basis)}): '
            f"{_esc(v.verdict)}</p>{scores}</div>")


def _html_compass(v: BoardView) -> str:
    c = v.contract
    hands = []
    for seat in Seat:
        role = " <small>declarer</small>" if seat == c.declarer else \
            " <small>dummy</small>" if seat == c.dummy else ""
        suits = "".join(
            f'<li><span class="sym{" red" if s in RED_SUITS else ""}">{s.symbol}</span>'
            f"{ranks(v.deal[seat], s)}</li>" for s in Suit)
        hands.append(f'<div class="hand" data-seat="{seat.name}" id="{v.anchor}-hand-{seat.name}">'
                     f"<h3>{seat.long_name}{role}</h3><ul>{suits}</ul></div>")
    marks = "".join(
        f'<span class="s{s.name}{" vul" if v.vulnerability.is_vulnerable(s.side) else ""}'
        f'{" dealer" if s == v.dealer else ""}">{s.name}</span>' for s in Seat)
    centre = f'<div class="centre" aria-hidden="true">{marks}</div>'
    legend = ('<p class="legend">In the centre: red seats are vulnerable'
              + (", the dealer is underlined" if v.dealer is not None else "") + ".</p>")
    return f'<div class="compass">{"".join(hands)}{centre}</div>{legend}'


def _html_tricks(v: BoardView) -> str:
    head = "".join(f'<th scope="col">{s.name}</th>' for s in Seat)
    rows = []
    for t in v.tricks:
        cells = []
        for seat in Seat:
            card = t.cards[seat]
            n = t.revokes.get(seat)
            if card is None:
                cells.append(f'<td class="card">{NO_CARD}</td>')
            elif n is not None:
                cells.append(f'<td class="card"><span class="revoke-card" title="revoke {n}">'
                             f"{_card_html(card)}</span><sup class=\"rmark\">R{n}</sup></td>")
            else:
                won = ' won' if seat == t.winner else ""
                cells.append(f'<td class="card{won}">{_card_html(card)}</td>')
        cls = ' class="revoke-trick"' if t.revokes else ""
        mark = "".join(f' <span class="rmark">R{n}</span>' for n in sorted(t.revokes.values()))
        winner = t.winner.name if t.winner is not None else NO_CARD
        rows.append(f"<tr{cls}><td>{t.number}{mark}</td><td>{t.leader.name}</td>"
                    f"{''.join(cells)}<td>{winner}</td></tr>")
    end = (f'<p class="play-end">{_esc(v.play_end)}</p>' if v.play_end else "")
    legend = ('<p class="legend">Cards by seat; the trick is led by the seat in the '
              "“Led” column and played clockwise. The winning card is in bold."
              + (" R1, R2 …: the revoke cards, numbered as in the ruling; their tricks are "
                 "highlighted." if v.has_revoke else "") + "</p>")
    return (f'<h2>The play</h2><div class="scroll"><table class="tricks"><thead><tr>'
            f'<th scope="col">Trick</th><th scope="col">Led</th>{head}'
            f'<th scope="col">Won</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f"</div>{end}{legend}")


def _html_steps(steps: Sequence[StepView]) -> str:
    items = "".join(f'<li><span class="stage">{_esc(s.stage)}</span> '
                    f'<span class="law">Law {_esc(s.law)}</span> {_esc(s.text)}</li>'
                    for s in steps)
    return f'<ol class="steps">{items}</ol>'


def _html_claim(v: BoardView) -> str:
    """The ruling on the claim (Laws 68-71): the statement, the steps, every line judged
    (the award's first), the award."""
    c = v.claim
    if c is None:
        return ""
    rows = "".join(
        f'<tr{" class=final" if ln.deciding else ""}><td>{ln.number}. {_esc(ln.label)}</td>'
        f'<td class="cards">{_html_cards(ln.tricks)}</td><td>{_esc(ln.result)}</td>'
        f"<td>{_esc(ln.why)}</td></tr>" for ln in c.lines)
    table = ("" if not rows else
             f"<h3>{_esc(c.lines_head)}</h3><div class=\"scroll\"><table class=\"lines\">"
             '<thead><tr><th scope="col">Line</th><th scope="col">Cards from the claim on'
             '</th><th scope="col">Declarer\'s tricks</th><th scope="col">Why</th></tr>'
             f"</thead><tbody>{rows}</tbody></table></div>")
    return (f'<h2>The claim (Laws 68-71)</h2><h3>{_esc(c.title)}</h3>'
            f'<p class="outcome">Statement: {_esc(c.statement)}.</p>'
            + _html_steps(c.steps) + table + _html_steps((c.award,)))


def _html_revokes(v: BoardView) -> str:
    out = ["<h2>The ruling, step by step (Laws 61-64)</h2>"] if v.revokes else []
    for r in v.revokes:
        out.append(f'<h3 id="{v.anchor}-revoke-{r.number}">{_esc(r.title)}</h3>'
                   + _html_steps(r.steps) + f'<p class="outcome">{_esc(r.outcome)}</p>')
    out += [f'<p class="note">Note: {_esc(n)}.</p>' for n in v.notes]
    return "\n".join(out)


def _html_cards(tricks: Sequence[tuple[int, Sequence[tuple[Seat, Card]]]]) -> str:
    """A line's cards by trick: "t5 E♦2 S♦A t6 ..."."""
    return " ".join(f'<span class="t">t{t}</span> '
                    + " ".join(f"{s.name}{_card_html(c)}" for s, c in plays)
                    for t, plays in tricks)


_LINE_CELL_CLASS = {2: ' class="cards"', 3: ' class="left"', 5: ' class="nowrap"',
                    6: ' class="nowrap"'}


def _html_lines(v: BoardView) -> str:
    question = lines_question(v.groups, v.automatic.after_label == "After transfer")
    out = [f"<h2>{_esc(question)} The candidate lines</h2>",
           f'<p class="note">{_esc(DD_NOTE)}</p>',
           *(f'<p class="note">{_esc(said)}</p>' for said in v.auction)]
    labels = ("Line", "Card", "Cards from the revoke on", "Left the table's play",
              "Declarer's tricks", "Score", "Weight")
    head = "".join(f'<th scope="col">{x}</th>' for x in labels)
    for g in v.groups:
        rows = []
        for ln in g.lines:
            vals = (f"{ln.number}. {_esc(ln.kind)}", _esc(ln.card), _html_cards(ln.tricks),
                    _esc(ln.left), _esc(ln.result), _esc(ln.score), _esc(ln.weight))
            tds = "".join(f'<td data-label="{label}"{_LINE_CELL_CLASS.get(i, "")}>{val}</td>'
                          for i, (label, val) in enumerate(zip(labels, vals, strict=True)))
            rows.append(f"<tr>{tds}</tr>")
        out.append(f"<h3>{_esc(g.title)}</h3><table class=\"lines\"><thead><tr>{head}</tr>"
                   f"</thead><tbody>{''.join(rows)}</tbody></table><p>{_esc(g.equity)}</p>")
        if g.distribution is not None:
            out.append(f'<p class="distribution">{_esc(g.distribution)}</p>')
        if g.branches:
            out.append('<ul class="branches">' + "".join(f"<li>{_esc(b)}</li>"
                                                         for b in g.branches) + "</ul>")
        out += [_html_details(title, items) for ln in g.lines for title, items in ln.details]
    return "\n".join(out)


def _html_details(head: str, items: Sequence[str]) -> str:
    """A line's departures from the record, or its own errors that stand, as a list."""
    lis = "".join(f"<li>{_esc(item)}</li>" for item in items)
    return f'<div class="line-notes"><h4>{_esc(head)}</h4><ol>{lis}</ol></div>'


def _html_decision(v: BoardView) -> str:
    sensitivity = ("" if v.sensitivity is None else
                   f'<p class="sensitivity"><strong>Sensitivity:</strong> '
                   f"{_esc(v.sensitivity)}</p>")
    return (f"<h2>{_esc(v.decision_head)}</h2>" + _html_steps(v.decision)
            + sensitivity)


def _html_scores(v: BoardView) -> str:
    finals = {k for k, _ in v.final}
    rows = "".join(f'<tr{" class=final" if k in finals else ""}><td>{_esc(k)}</td>'
                   f"<td>{_esc(s)}</td></tr>" for k, s in v.scores)
    return (f"<h2>Score</h2><p>Ruling ({_esc(v.basis)}): {_esc(v.verdict)}.</p>"
            f'<table class="scores"><tbody>{rows}</tbody></table>'
            '<p class="legend">Scores are North-South&#8217;s, as the scorer types them; '
            "a weighted score lists each result with its weight (Law "
            f"{_esc(v.weighting_law)}), in whole 5% steps.</p>")


def _html_reported(case: ReportedCase, k: int) -> str:
    """A revoke ruled as reported, without the card play: its decision and its
    sentences, as ``equity rule`` says them (:mod:`equity.render.reported`)."""
    b = case.ruling.board
    assert b.contract is not None
    said = "".join(f'<p class="step" style="margin-left:{1.5 * depth}em">{_esc(text)}</p>'
                   for depth, text in read_out(case))
    return (f'<section class="board" id="reported-{k}"><h1>{_esc(b.label.capitalize())}: '
            f"{_esc(b.contract.pretty)}</h1>"
            f'<p class="outcome">{_esc(decision(case))}</p>{said}</section>')


def _html_errors(errors: Sequence[BoardError]) -> str:
    items = "".join(f"<li>{_esc(str(e))}</li>" for e in errors)
    return (f'<section class="board" id="errors"><h1>Boards that could not be ruled</h1>'
            f"<ul>{items}</ul></section>")
