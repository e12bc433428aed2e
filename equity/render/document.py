"""A ruling as a document an appeals committee can read: an HTML page and Markdown.

:mod:`equity.render.text` writes what a Director reads out at the table (text) and what scripts
read (JSON). A committee reviewing the ruling later needs the same content laid out: the
deal as the usual compass diagram, the play as a trick table with the revoke marked,
each step of the ruling with its law, every candidate line of Law 64C and the final
score exactly as the scorer types it (:meth:`WeightedScore.scorer_text`).

The module works in two stages so that both formats always say the same thing:
:func:`board_view` turns a :class:`~equity.core.ruling.Ruling` into a format-neutral
:class:`BoardView` (plain strings and cards), and :func:`render_html` /
:func:`render_markdown` lay views out. The HTML page is self-contained (styles inline,
no script, no network, system fonts), prints cleanly (a print stylesheet: no
backgrounds needed, tables kept whole where possible) and fits a 375px-wide phone.
Everything that comes from the file (names, event, source, error messages) is escaped.

:mod:`equity.render.pdf` turns the HTML page into a PDF with headless Chromium.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from equity import __version__
from equity.core.cards import Card, Contract, Deal, Seat, Side, Suit, Vulnerability, suit_holding
from equity.core.errors import BoardError
from equity.core.laws import AutomaticRuling, RevokeRuling
from equity.core.lines import TABLE, Departure, Line
from equity.core.replay import Replay
from equity.core.ruling import Assessment, Ruling
from equity.core.scoring import WeightedScore

DD_NOTE = ("Double dummy assumes perfect play by all four players, every card in view: "
           "an idealisation for the Director to weigh, not a verdict.")
"""The caveat printed with the Law 64C lines (the same words as the text report)."""

SIDE_NAMES = {Side.NS: "North-South", Side.EW: "East-West"}
VUL_NAMES = {Vulnerability.NONE: "None", Vulnerability.BOTH: "Both",
             Vulnerability.NS: "North-South", Vulnerability.EW: "East-West"}
RED_SUITS = (Suit.H, Suit.D)
BASIS_NAMES = {"64C": "Law 64C adjusted score", "64A": "Law 64A transfer stands",
               "none": "no transfer and no adjustment"}

NO_CARD = "\u2013"
"""An en dash: where the record has no card (or a trick has no winner yet)."""

Weighted = Sequence[tuple[int, float]]


# --- The format-neutral content ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick of the play table: cards by seat, who led, who won, which are revokes."""

    number: int
    leader: Seat
    cards: tuple[Card | None, Card | None, Card | None, Card | None]
    """Indexed by :class:`Seat` (N, E, S, W); None where no card was played."""
    winner: Seat | None
    revokes: Mapping[Seat, int]
    """Seat -> the revoke's number (1-based, as the ruling numbers them)."""


@dataclass(frozen=True, slots=True)
class StepRow:
    """One step of the ruling: its stage in plain words, the law, what it means here."""

    stage: str
    law: str
    text: str


@dataclass(frozen=True, slots=True)
class RevokeView:
    """Laws 61-64A/B for one revoke: its steps and what they come to."""

    number: int
    title: str
    steps: tuple[StepRow, ...]
    outcome: str


@dataclass(frozen=True, slots=True)
class LineView:
    """One candidate line of Law 64C with its cards, departure, tricks, score, weight."""

    number: int
    kind: str
    card: str
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]
    """The line's cards from the revoke on, grouped by trick: (trick, ((seat, card), ...))."""
    left: str
    """Where the line left the table's play (and double dummy took over)."""
    result: str
    score: str
    weight: str


@dataclass(frozen=True, slots=True)
class LineGroup:
    """The lines of one revoke (of all revokes under Law 64C2(b)) and their equity."""

    title: str
    lines: tuple[LineView, ...]
    equity: str


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the document shows for one board, as plain strings and cards."""

    anchor: str
    title: str
    contract: Contract
    facts: tuple[tuple[str, str], ...]
    deal: Deal
    dealer: Seat | None
    vulnerability: Vulnerability
    tricks: tuple[TrickRow, ...]
    play_end: str | None
    """A claim, or a record that stops before the end, said in words."""
    revokes: tuple[RevokeView, ...]
    groups: tuple[LineGroup, ...]
    decision: tuple[StepRow, ...]
    verdict: str
    """The ruling in words, e.g. "3NT by East: 10 tricks, made with one overtrick"."""
    basis: str
    scores: tuple[tuple[str, str], ...]
    """(label, score as the scorer types it), the final score(s) last."""
    final: tuple[tuple[str, str], ...]
    """The final score(s) only: one, or one per side when the ruling is non-reciprocal."""
    notes: tuple[str, ...]

    @property
    def has_revoke(self) -> bool:
        return bool(self.revokes)


def board_view(ruling: Ruling) -> BoardView:
    """The document's content for one ruled board."""
    auto = ruling.automatic
    rp = auto.replay
    board = rp.board
    return BoardView(
        anchor=_anchor(board.label), title=board.label.capitalize(), contract=rp.contract,
        facts=_facts(ruling), deal=board.deal, dealer=board.dealer,
        vulnerability=ruling.vulnerability, tricks=_trick_rows(auto), play_end=_play_end(rp),
        revokes=tuple(_revoke_view(i, r) for i, r in enumerate(auto.revokes, 1)),
        groups=tuple(_line_group(ruling, a) for a in ruling.assessments)
        if ruling.solved else (),
        decision=_decision_steps(ruling), verdict=_verdict(ruling),
        basis=BASIS_NAMES.get(ruling.basis, ruling.basis), scores=_scores(ruling),
        final=_final_scores(ruling), notes=tuple(auto.notes))


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
            ("Attention drawn", _attention(rp)),
            ("Table result", _result(c, auto.table_tricks, rp.finished))]
    reqs = [str(r) for r in board.facts.requirements]
    if reqs:
        out.insert(-1, ("Requirements", "; ".join(reqs)))
    return tuple(out)


ATTENTION_WORDS = {"play": "during the play", "end": "after the play, hands still on the table",
                   "returned": "after the hands went back in the board",
                   "next-call": "after a non-offender called on the next deal",
                   "round": "after the round"}


def _attention(rp: Replay) -> str:
    """When attention was drawn to the revokes (Laws 62D, 64B4, 64B5), in words."""
    f = rp.board.facts
    per = "".join(f"; for trick {t}: {ATTENTION_WORDS.get(a.value, a.value)}"
                  for t, a in sorted(f.attention_by_trick.items()))
    return f"{ATTENTION_WORDS.get(f.attention.value, f.attention.value)}{per}"


def _result(c: Contract, tricks: int, finished: bool = True) -> str:
    text = f"{tricks} trick{'s' if tricks != 1 else ''}, {c.result_text(tricks)}"
    return text if finished else f"{text} (only as far as the record goes)"


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


def _play_end(rp: Replay) -> str | None:
    done = len(rp.complete_tricks)
    if rp.claimed:
        claimer = rp.board.facts.claimer or rp.contract.declarer
        total = "" if rp.claim_tricks is None else \
            f" for a total of {rp.claim_tricks} tricks to declarer"
        return f"After trick {done}: claim or concession by {claimer.long_name}{total}."
    if not rp.finished:
        where = (f"during trick {done + 1}" if len(rp.tricks) > done
                 else f"after trick {done}")
        return f"The play record stops {where}, where the Director was called."
    return None


def _stage(law: str) -> str:
    """A step's stage in plain words, from the paragraph it applies."""
    stages = (("61", "Revoke"), ("63", "Established"), ("62A", "Not established"),
              ("62", "Correction"), ("64A", "Transfer"), ("64B", "No transfer"),
              ("12C1(e)", "Serious error"), ("12C1", "Policy"), ("84D", "Policy"),
              ("64C", "Equity"))
    return next((name for prefix, name in stages if law.startswith(prefix)), "Law")


def _revoke_view(number: int, r: RevokeRuling) -> RevokeView:
    rev = r.revoke
    led = f", {rev.suit_led.symbol} led" if rev.suit_led is not None else ""
    title = f"Revoke {number}: trick {rev.trick}, {rev.seat.long_name}, {rev.card.pretty}{led}"
    return RevokeView(number, title, tuple(StepRow(_stage(s.law), s.law, s.text)
                                           for s in r.steps), _outcome(r))


def _outcome(r: RevokeRuling) -> str:
    """What Laws 62-64B come to for one revoke, in one sentence."""
    to = SIDE_NAMES[r.offender_side.other]
    if r.corrected:
        how = "established but corrected" if r.established else "not established: corrected"
        return f"{how.capitalize()} (Law 62); no trick transferred."
    if r.exemption is not None:
        return f"Established; no trick transferred (Law {r.exemption})."
    which = ", ".join("a trick won under the claim" if n == 0 else f"trick {n}"
                      for n in r.transferred_tricks)
    plural = "s" if r.transfer != 1 else ""
    return (f"Established; {r.transfer} trick{plural} transferred to {to}"
            + (f" ({which})." if which else "."))


def _decision_steps(ruling: Ruling) -> tuple[StepRow, ...]:
    """The Law 64C steps: policy, form of scoring, each check, the decision (last).

    :func:`equity.core.ruling.compare` always opens with the policy and the form of scoring
    and, when there were lines to compare, ends with the decision."""
    n = len(ruling.steps)
    out = []
    for i, s in enumerate(ruling.steps):
        stage = _stage(s.law)
        if ruling.solved and i == 1:
            stage = "Scoring"
        elif ruling.solved and ruling.assessments and i == n - 1:
            stage = "Decision"
        out.append(StepRow(stage, s.law, s.text))
    return tuple(out)


def _line_group(ruling: Ruling, a: Assessment) -> LineGroup:
    cf = a.counterfactual
    rev = ruling.automatic.revokes[cf.revoke].revoke
    title = f"Revoke {cf.revoke + 1} (trick {rev.trick}, {rev.seat.long_name}), Law {cf.law}"
    theirs = a.offender_weights
    lines = tuple(_line_view(ruling, n, line, w, None if theirs is None else theirs[n - 1])
                  for n, (line, w) in enumerate(zip(cf.lines, a.weights, strict=True), 1))
    return LineGroup(title, lines, f"Equity: {a.equity_tricks:.2f} tricks for declarer "
                                   "(the weighted mean of the lines).")


def _line_view(ruling: Ruling, number: int, line: Line, weight: float,
               offender_weight: float | None) -> LineView:
    by_trick: dict[int, list[tuple[Seat, Card]]] = {}
    for p in line.cards:
        by_trick.setdefault(p.trick, []).append((p.seat, p.card))
    card = line.card.pretty
    if len(line.equivalents) > 1:
        card += " (= " + " ".join(c.pretty for c in line.equivalents) + ")"
    result = f"{line.declarer_tricks}"
    if line.earlier_transfer:
        result = (f"{line.play_tricks} in play, {line.earlier_transfer:+d} for the earlier "
                  f"revoke's transfer = {line.declarer_tricks}")
    w = f"{weight:.0%}"
    if offender_weight is not None and offender_weight != weight:
        w += f" (offenders {offender_weight:.0%})"
    score = ruling.score(((line.declarer_tricks, 1.0),)).scorer_text()
    return LineView(number, "table line" if line.kind == TABLE else "substitution", card,
                    tuple((t, tuple(ps)) for t, ps in by_trick.items()),
                    _departure(line.left_record), result, score, w)


def _departure(left: Departure) -> str:
    """Where a line left the table's play, in words."""
    if left.at == "revoke":
        return f"at the revoke (trick {left.trick}): the legal card, then double dummy"
    if left.at == "card":
        seat = left.seat.long_name if left.seat is not None else "?"
        return f"trick {left.trick}, {seat}: {left.reason}; then double dummy"
    if left.at == "end":
        return "never: the whole record stands with the correction"
    return f"{left.reason}; then double dummy"


def _verdict(ruling: Ruling) -> str:
    """The ruling in words; for a non-reciprocal ruling, each side's result."""
    c = ruling.automatic.replay.contract
    finished = ruling.automatic.replay.finished

    def said(weighted: Weighted) -> str:
        if len(weighted) == 1:
            return _result(c, weighted[0][0], finished)
        return " + ".join(f"{w:.0%} of {_result(c, t)}" for t, w in weighted)

    head = f"{c.level}{c.strain.symbol} by {c.declarer.long_name}: "
    if ruling.offenders_weighted is None or ruling.non_offenders is None:
        return head + said(ruling.weighted)
    nos = ruling.non_offenders
    return (head + f"{said(ruling.weighted)} for {SIDE_NAMES[nos]} (the non-offenders); "
            f"{said(ruling.offenders_weighted)} for {SIDE_NAMES[nos.other]}")


def _score_text(ruling: Ruling, weighted: Weighted) -> str:
    """The score as the scorer types it, with the expectation and MP/IMPs when they apply."""
    score: WeightedScore = ruling.score(weighted)
    out = score.scorer_text()
    if score.is_weighted:
        out += f"; expected N-S {score.expected_ns:+g}"
    ev = ruling.event
    if ev.form == "mp":
        mp = score.matchpoints(ev.field)
        out += f"; N-S {mp:g} MP ({100 * mp / ev.top():.1f}%)"
    elif ev.form == "imps" and ev.other is not None:
        out += f"; N-S {score.imps(ev.other):+.2f} IMPs"
    return out


def _final_scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    """The final score, or each side's when the ruling is non-reciprocal. A record that
    stops before the end of play has no final score: its count is only as far as it goes."""
    label = ("Final score" if ruling.automatic.replay.finished
             else "Score as far as the record goes (not a final score)")
    if ruling.offenders_weighted is None:
        return ((label, _score_text(ruling, ruling.weighted)),)
    return tuple((f"{label} for {SIDE_NAMES[side]}", _score_text(ruling, weighted))
                 for side, weighted in ruling.side_results().items())


def _scores(ruling: Ruling) -> tuple[tuple[str, str], ...]:
    rp = ruling.automatic.replay
    out = []
    if rp.finished:
        out.append(("Table result", _score_text(ruling, ((ruling.automatic.table_tricks, 1.0),))))
    if ruling.automatic.revokes:
        out.append(("After the Law 64A transfer", _score_text(ruling, ruling.after_transfer)))
    return (*out, *_final_scores(ruling))


# --- HTML ------------------------------------------------------------------------------

CSS = """
:root{--ink:#1b1f24;--muted:#5b6470;--rule:#d5d9de;--red:#c0142b;--mark:#fff2b3;--paper:#fff}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#f3f4f6;color:var(--ink);
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,
sans-serif}
main{max-width:62rem;margin:0 auto;padding:1rem}
header.doc h1{font-size:1.5rem;margin:.25rem 0}
header.doc p{margin:.25rem 0;color:var(--muted)}
.board{background:var(--paper);border:1px solid var(--rule);border-radius:8px;
padding:1rem 1.25rem;margin:1rem 0}
.board>h1{font-size:1.45rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:1.6rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid var(--rule)}
h3{font-size:1rem;margin:1rem 0 .4rem}
.red{color:var(--red)}
.muted{color:var(--muted)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.verdict{border:2px solid var(--ink);border-radius:6px;padding:.6rem .9rem;margin:1rem 0}
.verdict p{margin:.15rem 0}
.verdict .score{font-size:1.15rem;font-weight:700;overflow-wrap:anywhere}
.compass{display:grid;grid-template-columns:1fr auto 1fr;
grid-template-areas:". n ." "w c e" ". s .";gap:.6rem .75rem;align-items:center;
max-width:24rem;margin:.5rem auto}
.hand{min-width:0}
.hand[data-seat=N]{grid-area:n}.hand[data-seat=E]{grid-area:e}
.hand[data-seat=S]{grid-area:s}.hand[data-seat=W]{grid-area:w;justify-self:end}
.hand h3{font-size:.9rem;margin:0 0 .15rem;white-space:nowrap}
.hand h3 small{font-weight:400;color:var(--muted)}
.hand ul{list-style:none;margin:0;padding:0;font-size:1.05rem;letter-spacing:.04em}
.hand li{white-space:nowrap}
.hand .sym{display:inline-block;width:1.25em}
.centre{grid-area:c;width:5.5rem;height:5.5rem;border:2px solid var(--rule);border-radius:6px;
display:grid;grid-template-columns:repeat(3,1fr);grid-template-rows:repeat(3,1fr);
place-items:center;font-weight:700;font-size:.85rem;background:#eef5ee}
.centre .vul{color:var(--red)}
.centre .dealer{text-decoration:underline}
.centre .sN{grid-area:1/2}.centre .sW{grid-area:2/1}.centre .sE{grid-area:2/3}
.centre .sS{grid-area:3/2}
.legend{font-size:.85rem;color:var(--muted);margin:.3rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse}
th,td{border-bottom:1px solid var(--rule);padding:.25rem .45rem;vertical-align:top;text-align:left}
th{font-size:.85rem;color:var(--muted);font-weight:600}
table.tricks th,table.tricks td{text-align:center;white-space:nowrap}
table.tricks td.card{min-width:2.6em}
table.tricks .won{font-weight:700}
tr.revoke-trick{background:var(--mark)}
tr.revoke-trick td:first-child{font-weight:700;box-shadow:inset 4px 0 0 var(--red)}
.revoke-card{outline:2px solid var(--red);outline-offset:1px;border-radius:3px;font-weight:700}
.revoke-card sup,.rmark{font-size:.7em;color:var(--red);font-weight:700}
.play-end{font-style:italic}
ol.steps{list-style:none;margin:.3rem 0;padding:0}
ol.steps li{padding:.3rem 0 .3rem .6rem;border-left:3px solid var(--rule);margin:.25rem 0}
ol.steps .stage{font-weight:700}
ol.steps .law{display:inline-block;font-size:.8rem;font-weight:700;border:1px solid var(--ink);
border-radius:3px;padding:0 .3rem;margin:0 .1rem;white-space:nowrap}
.outcome{font-weight:600;margin:.3rem 0 .8rem}
.note{border-left:3px solid var(--muted);padding:.3rem .6rem;color:var(--muted);margin:.5rem 0}
table.lines{width:100%}
table.lines td.cards{font-size:.92rem;min-width:8rem}
table.lines td.nowrap{white-space:nowrap}
table.lines td.left{min-width:11rem}
table.lines .t{color:var(--muted);font-size:.8em}
table.scores{width:100%}
table.scores td:last-child{font-weight:600;overflow-wrap:anywhere}
table.scores tr.final td{font-weight:800;border-top:2px solid var(--ink)}
footer{font-size:.8rem;color:var(--muted);text-align:center;margin:1rem 0 2rem}
nav.toc ul{margin:.3rem 0;padding-left:1.2rem}
@media (max-width:600px){
main{padding:.4rem}
.board{padding:.75rem;border-radius:0;border-left:0;border-right:0}
.compass{gap:.5rem .4rem}
.hand ul{font-size:1rem;letter-spacing:0}
.centre{width:4.2rem;height:4.2rem}
table.tricks th,table.tricks td{padding:.2rem .25rem}
table.tricks td.card{min-width:0}
table.lines thead{display:none}
table.lines tr{display:block;border-bottom:2px solid var(--rule);padding:.3rem 0}
table.lines td{display:block;border:0;padding:.1rem 0}
table.lines td::before{content:attr(data-label) ": ";color:var(--muted);font-size:.85rem}
table.lines td.nowrap{white-space:normal}
table.lines td.left{min-width:0}
}
@media print{
@page{margin:14mm}
body{background:none;font-size:10.5pt}
main{max-width:none;padding:0}
.board{border:0;border-radius:0;padding:0;margin:0}
.board+.board{break-before:page}
nav.toc{display:none}
table,.compass,.verdict,ol.steps li,tr,.note{break-inside:avoid}
thead{display:table-header-group}
h2,h3{break-after:avoid}
.scroll{overflow:visible}
tr.revoke-trick{background:none}
.centre{background:none}
a{color:inherit;text-decoration:none}
}
"""


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
                title: str | None = None) -> str:
    """A self-contained HTML page with every ruled board (and the boards in error)."""
    views = _unique_anchors([board_view(r) for r in rulings])
    if title is None:
        title = (f"Revoke ruling: {views[0].title}, {views[0].contract.pretty}"
                 if len(views) == 1 and not errors else "Revoke rulings")
    parts = ['<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             '<meta name="generator" content="equity ' + __version__ + '">',
             f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>",
             "<main>"]
    if len(views) > 1 or errors:
        parts.append(_html_toc(title, views, errors))
    parts += [_html_board(v) for v in views]
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
        out.append(v if n == 1 else dataclasses.replace(v, anchor=f"{v.anchor}-{n}"))
    return out


def _html_toc(title: str, views: Sequence[BoardView], errors: Sequence[BoardError]) -> str:
    items = "".join(f'<li><a href="#{v.anchor}">{_esc(v.title)}</a>: {_esc(v.contract.pretty)}'
                    f" — {_esc(v.basis) if v.has_revoke else 'no revoke'}</li>" for v in views)
    if errors:
        items += f'<li><a href="#errors">{len(errors)} board(s) could not be ruled</a></li>'
    return (f'<header class="doc"><h1>{_esc(title)}</h1></header>'
            f'<nav class="toc"><ul>{items}</ul></nav>')


def _html_board(v: BoardView) -> str:
    head = (f'<section class="board" id="{v.anchor}">'
            f"<h1>{_esc(v.title)}: {_esc(v.contract.pretty)}</h1>"
            + _html_facts(v.facts) + _html_verdict(v))
    deal = "<h2>The deal</h2>" + _html_compass(v)
    if not v.has_revoke:
        return (head + deal + '<p class="outcome">No revoke in the play record: Laws 61-64 '
                "do not apply to this board.</p></section>")
    body = [head, deal, _html_tricks(v), _html_revokes(v)]
    if v.groups:
        body.append(_html_lines(v))
    body += [_html_decision(v), _html_scores(v), "</section>"]
    return "\n".join(body)


def _html_facts(facts: Sequence[tuple[str, str]]) -> str:
    rows = "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(val)}</dd>" for k, val in facts)
    return f'<dl class="facts">{rows}</dl>'


def _html_verdict(v: BoardView) -> str:
    if not v.has_revoke:
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
            f"{_ranks(v.deal[seat], s)}</li>" for s in Suit)
        hands.append(f'<div class="hand" data-seat="{seat.name}" id="{v.anchor}-hand-{seat.name}">'
                     f"<h3>{seat.long_name}{role}</h3><ul>{suits}</ul></div>")
    marks = "".join(
        f'<span class="s{s.name}{" vul" if v.vulnerability.is_vulnerable(s.side) else ""}'
        f'{" dealer" if s == v.dealer else ""}">{s.name}</span>' for s in Seat)
    centre = f'<div class="centre" aria-hidden="true">{marks}</div>'
    legend = ('<p class="legend">In the centre: red seats are vulnerable'
              + (", the dealer is underlined" if v.dealer is not None else "") + ".</p>")
    return f'<div class="compass">{"".join(hands)}{centre}</div>{legend}'


def _ranks(hand: int, suit: Suit) -> str:
    holding = suit_holding(hand, suit)
    return "".join("23456789TJQKA"[r - 2] for r in range(14, 1, -1) if holding >> r & 1) or "—"


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
              "“Led” column and played clockwise. The winning card is in bold. "
              "R1, R2 …: the revoke cards, numbered as in the ruling; their tricks are "
              "highlighted.</p>")
    return (f'<h2>The play</h2><div class="scroll"><table class="tricks"><thead><tr>'
            f'<th scope="col">Trick</th><th scope="col">Led</th>{head}'
            f'<th scope="col">Won</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f"</div>{end}{legend}")


def _html_steps(steps: Sequence[StepRow]) -> str:
    items = "".join(f'<li><span class="stage">{_esc(s.stage)}</span> '
                    f'<span class="law">Law {_esc(s.law)}</span> {_esc(s.text)}</li>'
                    for s in steps)
    return f'<ol class="steps">{items}</ol>'


def _html_revokes(v: BoardView) -> str:
    out = ["<h2>The ruling, step by step (Laws 61-64)</h2>"]
    for r in v.revokes:
        out.append(f'<h3 id="{v.anchor}-revoke-{r.number}">{_esc(r.title)}</h3>'
                   + _html_steps(r.steps) + f'<p class="outcome">{_esc(r.outcome)}</p>')
    out += [f'<p class="note">Note: {_esc(n)}.</p>' for n in v.notes]
    return "\n".join(out)


def _html_line_cards(line: LineView) -> str:
    return " ".join(f'<span class="t">t{t}</span> '
                    + " ".join(f"{s.name}{_card_html(c)}" for s, c in plays)
                    for t, plays in line.tricks)


_LINE_CELL_CLASS = {2: ' class="cards"', 3: ' class="left"', 5: ' class="nowrap"',
                    6: ' class="nowrap"'}


def _html_lines(v: BoardView) -> str:
    out = ["<h2>Law 64C: was the transfer enough? The candidate lines</h2>",
           f'<p class="note">{_esc(DD_NOTE)}</p>']
    labels = ("Line", "Card", "Cards from the revoke on", "Left the table's play",
              "Declarer's tricks", "Score", "Weight")
    head = "".join(f'<th scope="col">{x}</th>' for x in labels)
    for g in v.groups:
        rows = []
        for ln in g.lines:
            vals = (f"{ln.number}. {_esc(ln.kind)}", _esc(ln.card), _html_line_cards(ln),
                    _esc(ln.left), _esc(ln.result), _esc(ln.score), _esc(ln.weight))
            tds = "".join(f'<td data-label="{label}"{_LINE_CELL_CLASS.get(i, "")}>{val}</td>'
                          for i, (label, val) in enumerate(zip(labels, vals, strict=True)))
            rows.append(f"<tr>{tds}</tr>")
        out.append(f"<h3>{_esc(g.title)}</h3><table class=\"lines\"><thead><tr>{head}</tr>"
                   f"</thead><tbody>{''.join(rows)}</tbody></table><p>{_esc(g.equity)}</p>")
    return "\n".join(out)


def _html_decision(v: BoardView) -> str:
    return "<h2>Law 64C: policy and decision</h2>" + _html_steps(v.decision)


def _html_scores(v: BoardView) -> str:
    finals = {k for k, _ in v.final}
    rows = "".join(f'<tr{" class=final" if k in finals else ""}><td>{_esc(k)}</td>'
                   f"<td>{_esc(s)}</td></tr>" for k, s in v.scores)
    return (f"<h2>Score</h2><p>Ruling ({_esc(v.basis)}): {_esc(v.verdict)}.</p>"
            f'<table class="scores"><tbody>{rows}</tbody></table>'
            '<p class="legend">Scores are North-South&#8217;s, as the scorer types them; '
            "a weighted score lists each result with its weight (Law 12C1(c)).</p>")


def _html_errors(errors: Sequence[BoardError]) -> str:
    items = "".join(f"<li>{_esc(str(e))}</li>" for e in errors)
    return (f'<section class="board" id="errors"><h1>Boards that could not be ruled</h1>'
            f"<ul>{items}</ul></section>")


# --- Markdown ---------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#~!])")


def _md(text: str) -> str:
    """Escape Markdown (and inline HTML) in ``text`` so it shows as written."""
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def render_markdown(rulings: Sequence[Ruling], errors: Sequence[BoardError] = ()) -> str:
    """The same document as :func:`render_html`, in Markdown."""
    views = [board_view(r) for r in rulings]
    out: list[str] = []
    if len(views) > 1 or errors:
        out += ["# Revoke rulings", ""]
        out += [f"- {_md(v.title)}: {_md(v.contract.pretty)}" for v in views]
        out.append("")
    for v in views:
        out += _md_board(v)
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
    if v.has_revoke:
        out += [f"**Ruling** ({_md(v.basis)}): {_md(v.verdict)}", ""]
        out += [f"**{_md(k)}: {_md(s)}**  " for k, s in v.final]
        out.append("")
    out += ["## The deal", "", "```text", *_md_compass(v), "```", ""]
    if not v.has_revoke:
        return [*out, "No revoke in the play record: Laws 61-64 do not apply to this board.", ""]
    out += _md_tricks(v)
    out += ["## The ruling, step by step (Laws 61-64)", ""]
    for r in v.revokes:
        out += [f"### {_md(r.title)}", "", *_md_steps(r.steps), "", f"**{_md(r.outcome)}**", ""]
    out += [f"> Note: {_md(n)}." for n in v.notes]
    if v.groups:
        out += _md_lines(v)
    out += ["## Law 64C: policy and decision", "", *_md_steps(v.decision), ""]
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
        return [head] + [f"{s.symbol} {_ranks(v.deal[seat], s)}" for s in Suit]

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
    out += ["Cards by seat, played clockwise from the seat in the “Led” column. "
            "R1, R2 …: the revoke cards (in bold), numbered as in the ruling.", ""]
    return out


def _md_steps(steps: Sequence[StepRow]) -> list[str]:
    return [f"{i}. **{_md(s.stage)}** — Law {_md(s.law)}: {_md(s.text)}"
            for i, s in enumerate(steps, 1)]


def _md_lines(v: BoardView) -> list[str]:
    out = ["", "## Law 64C: was the transfer enough? The candidate lines", "",
           f"> {_md(DD_NOTE)}", ""]
    for g in v.groups:
        out += [f"### {_md(g.title)}", "",
                "| Line | Card | Cards from the revoke on | Left the table's play | "
                "Declarer's tricks | Score | Weight |", "|---|---|---|---|---|---|---|"]
        for ln in g.lines:
            cards = "; ".join(f"t{t}: " + " ".join(f"{s.name}{c.pretty}" for s, c in plays)
                              for t, plays in ln.tricks)
            out.append(f"| {ln.number}. {_md(ln.kind)} | {_md(ln.card)} | {cards} | "
                       f"{_md(ln.left)} | {_md(ln.result)} | {_md(ln.score)} | "
                       f"{_md(ln.weight)} |")
        out += ["", _md(g.equity), ""]
    return out


__all__ = ["BoardView", "board_view", "render_html", "render_markdown"]
