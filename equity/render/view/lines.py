"""The Law 64C lines as content: each line the Director weighed, where it leaves the record
and why, its weight and its share of the equity."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from equity.core.adjust import (
    DIRECTOR,
    EPSILON,
    LIKELY,
    OUTCOME,
    SUBSTITUTION,
    TABLE,
    Assessment,
    Departure,
    Leaves,
    Line,
    Policy,
    Ruling,
    director_weights,
)
from equity.core.game import Card, Seat
from equity.render.view.sentences import pct, played_text


class LineView(Struct, frozen=True):
    """One candidate line of Law 64C with its cards, departure, tricks, score, weight."""

    number: int
    kind: str
    """"table line", "likely", "substitution", "Director's line", "Director's outcome"."""
    card: str
    """The line's card at the revoke, with the cards equal to it, e.g. "♦5 (= ♦5 ♦4)"."""
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]
    """The line's cards from the revoke on, grouped by trick: (trick, ((seat, card), ...))."""
    left: str
    """Where the line left the table's play (and double dummy took over)."""
    result: str
    score: str
    weight: str
    """The weight, and the offenders' where a non-reciprocal ruling gives them another."""
    brief: str
    """The whole line in one sentence, as the text report reads it out."""
    share: str
    """The weight alone, e.g. "50%"."""
    departures: tuple[str, ...] = ()
    """Every place the line leaves the record, with why (the table line), e.g. "Trick 7,
    East: recorded ♥8 → ♦6. East's ♥8 was following ..."."""
    own_errors: tuple[str, ...] = ()
    """The non-offenders' recorded errors that stand: not caused by the revoke."""
    exchanges: tuple[str, ...] = ()
    """Where an equal card stood for the recorded one (the line kept the record)."""
    weight_note: str = ""
    """Why a line weighs nothing, in a few words (:func:`weight_notes`); "" otherwise."""
    damage_law: str = ""
    """The edition's paragraph on damage (2017 Law 12B1): the own errors stand because
    only what the revoke caused is redressed."""

    @property
    def weighed(self) -> str:
        """The weight with its note: "0% (below the share a weighted score announces ...)"."""
        return f"{self.share}: {self.weight_note}" if self.weight_note else self.share

    @property
    def played(self) -> str:
        """The cards as "t5: E♦2 S♦A; t6: ..."."""
        return played_text(self.tricks)

    @property
    def departures_head(self) -> str:
        """The heading of :attr:`departures`."""
        return f"Where line {self.number} ({self.kind}) leaves the record, and why"

    @property
    def own_errors_head(self) -> str:
        """The heading of :attr:`own_errors`."""
        law = f" (Law {self.damage_law})" if self.damage_law else ""
        return (f"The non-offenders' own errors in line {self.number} ({self.kind}), which "
                f"stand: the revoke did not cause them{law}")

    @property
    def details(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(heading, items) for the departures and the own errors the line has."""
        return tuple((head, items) for head, items in (
            (self.departures_head, self.departures),
            (f"Where line {self.number} ({self.kind}) plays a card equal to the recorded "
             "one, and keeps the record", self.exchanges),
            (self.own_errors_head, self.own_errors))
            if items)


class LineGroup(Struct, frozen=True):
    """The lines of one revoke (of all revokes under Law 64C2(b)) and their equity."""

    title: str
    """E.g. "Revoke 1 (trick 5, East), Law 64C1"."""
    lines: tuple[LineView, ...]
    equity: str
    brief_equity: str
    distribution: str | None = None
    """The likely outcomes and their probabilities, e.g. "Likely outcomes from North's
    natural card ♦T: 55% 10 tricks, 45% 9." (None without likely lines)."""
    branches: tuple[str, ...] = ()
    """Where the likely outcomes branch: "South, trick 7: ♦Q 55% / ♦A 45%"."""
    law: str = ""
    """The paragraph the lines answer: "64C1", "64C2(a)", "64C2(b)" (or "64C" under
    1997 and 2007), "16C2" or "16B"."""


def lines_question(groups: Sequence[LineGroup], transferred: bool) -> str:
    """The question the lines answer: Law 16C2's or 16B's when they are all of that
    law, else Law 64C's (said without "the transfer" when none was made)."""
    laws = {g.law for g in groups}
    if laws in ({"16C2"}, {"16B"}, {"16A"}):
        return (f"Law {laws.pop()}: what would the play have been without the unauthorised "
                "information?")
    return ("Law 64C: was the transfer enough?" if transferred else
            "Law 64C: did the revoke damage the non-offenders? (no trick was transferred)")


def line_group(ruling: Ruling, a: Assessment) -> LineGroup:
    cf = a.counterfactual
    if cf.information is not None and cf.information.infraction is not None:
        s = cf.information.infraction
        title = (f"Unauthorised information (trick {s.trick}, {s.seat.long_name}), "
                 f"Law {cf.law}")
        chooser = s.seat
    else:
        rev = ruling.automatic.revokes[cf.revoke].revoke
        title = (f"Revoke {cf.revoke + 1} (trick {rev.trick}, {rev.seat.long_name}), "
                 f"Law {cf.law}")
        chooser = rev.seat if cf.finding is None else cf.finding.change.seat
    theirs = a.offender_weights
    first_table = next((n for n, ln in enumerate(cf.lines, 1) if ln.kind == TABLE), None)
    notes = weight_notes(ruling, a)
    lines = tuple(_line_view(ruling, n, line, w, None if theirs is None else theirs[n - 1],
                             first_table if line.kind == TABLE and n != first_table
                             else None, notes[n - 1])
                  for n, (line, w) in enumerate(zip(cf.lines, a.weights, strict=True), 1))
    return LineGroup(title, lines, f"Equity: {a.equity_tricks:.2f} tricks for declarer "
                                   "(the weighted mean of the lines).",
                     f"equity: {a.equity_tricks:.2f} tricks for declarer",
                     _distribution(cf.lines, chooser, cf.natural,
                                   cf.law if cf.information is not None
                                   else "16C2" if cf.finding is not None else None),
                     _branch_points(cf.lines), cf.law)


def _branch_points(lines: Sequence[Line]) -> tuple[str, ...]:
    """The close decisions of the likely outcomes and of the table line, once each."""
    seen: dict[str, None] = {}
    for ln in lines:
        if ln.kind in (LIKELY, TABLE):
            for b in ln.branches:
                seen.setdefault(f"{KIND_LABELS[ln.kind]}: {b}")
    return tuple(seen)


def _distribution(lines: Sequence[Line], offender: Seat, natural: Card | None,
                  unauthorised: str | None = None) -> str | None:
    """The likely outcomes' results with their probabilities, most tricks first."""
    shares: dict[int, float] = {}
    for ln in lines:
        if ln.kind == LIKELY:
            shares[ln.declarer_tricks] = shares.get(ln.declarer_tricks, 0.0) + ln.frequency
    if not shares:
        return None
    parts = [f"{pct(f)} {t}" + ("" if i else f" trick{'s' if t != 1 else ''}")
             for i, (t, f) in enumerate(sorted(shares.items(), reverse=True))]
    what = (f"card without the unauthorised information (Law {unauthorised})"
            if unauthorised else "natural card")
    start = (f" from {offender.long_name}'s {what} {natural.pretty}"
             if natural is not None else "")
    return f"Likely outcomes{start}: {', '.join(parts)}."


def weight_notes(ruling: Ruling, a: Assessment) -> tuple[str, ...]:
    """Why each line of ``a`` that weighs nothing does, in a few words ("" for the
    others): the Director dropped it, its result was below the share a weighted score
    announces or rounded to 0% on the 5% grid (Law 12C1(c), the edition's paragraph), it is a
    double-dummy reference only, or the policy took another line."""
    cf = a.counterfactual
    lines, number = cf.lines, cf.revoke + 1
    if ruling.policy is Policy.DD:
        return tuple("" if w > EPSILON else "policy dd counts the offender's best card only"
                     for w in a.weights)
    if ruling.policy is Policy.FAVOURABLE:
        return tuple("" if w > EPSILON else "policy favourable takes one result"
                     for w in a.weights)
    given = ruling.weights
    try:
        before = director_weights(lines, given, number)  # before the floor
    except ValueError:
        before = tuple(a.weights)
    unnamed: dict[int, float] = {}
    for ln, w in zip(lines, before, strict=True):
        if given.for_line(ln, number) is None:
            unnamed[ln.declarer_tricks] = unnamed.get(ln.declarer_tricks, 0.0) + w
    total = sum(unnamed.values()) or 1.0
    law = ruling.automatic.edition.law12.weighted
    rounded = f"its result rounded to 0% on the 5% grid (Law {law})"
    out: list[str] = []
    for ln, w, b in zip(lines, a.weights, before, strict=True):
        named = given.for_line(ln, number)
        if w > EPSILON:
            out.append("")
        elif named is not None:
            out.append(rounded if named > EPSILON else "dropped by the Director")
        elif ln.kind == SUBSTITUTION:
            out.append("a double-dummy reference only")
        elif b > EPSILON:
            t = ln.declarer_tricks
            share = unnamed.get(t, 0.0) / total
            out.append(f"below the share a weighted score announces "
                       f"({pct(ruling.thresholds.announce)}): {t} trick{'s' if t != 1 else ''} "
                       f"came to {pct(share)} of the weight (Law {law})"
                       if share < ruling.thresholds.announce - EPSILON else rounded)
        elif ln.kind == LIKELY:
            out.append("a reference: the table line's probabilities are the default weights "
                       f"(Law {law}; --weight likely=W weighs it)")
        else:
            out.append("no weight left to it by the Director's weights")
    return tuple(out)


def _line_view(ruling: Ruling, number: int, line: Line, weight: float,
               offender_weight: float | None, same_as: int | None = None,
               note: str = "") -> LineView:
    """One line in words; ``same_as``: the number of the table line whose departures
    and own errors this one shares (the table line's other outcomes list them once)."""
    by_trick: dict[int, list[tuple[Seat, Card]]] = {}
    for p in line.cards:
        by_trick.setdefault(p.trick, []).append((p.seat, p.card))
    tricks = tuple((t, tuple(ps)) for t, ps in by_trick.items())
    card = line.card.pretty if line.card is not None else "-"
    if len(line.equivalents) > 1:
        card += " (= " + " ".join(c.pretty for c in line.equivalents) + ")"
    result = f"{line.declarer_tricks}"
    if line.earlier_transfer:
        result = (f"{line.play_tricks} in play, {line.earlier_transfer:+d} for the earlier "
                  f"revoke's transfer = {line.declarer_tricks}")
    w = pct(weight)
    if offender_weight is not None and offender_weight != weight:
        w += f" (offenders {pct(offender_weight)})"
    elif note:
        w += f" ({note})"
    score = ruling.score(((line.declarer_tricks, 1.0),)).scorer_text()
    label = KIND_LABELS[line.kind]
    if line.kind in (TABLE, LIKELY, DIRECTOR) and line.frequency < 1:
        label += f" ({line.frequency:.0%} likely)"
    if line.kind == DIRECTOR:
        label += f" {line.name}"
    listed = len(line.departures) if line.left_record in line.departures else 0
    if line.kind == OUTCOME:
        brief = f"{label}: {_brief_tricks(line)}"
    elif same_as is not None:
        brief = (f"{label} {card}: {played_text(tricks)}; leaves the record as line {same_as} "
                 f"-> {_brief_tricks(line)}")
    else:
        brief = (f"{label} {card}: {played_text(tricks)}; "
                 f"{_brief_departure(line.left_record, line.kind, bool(listed))} -> "
                 f"{_brief_tricks(line)}")
    if same_as is not None:
        return LineView(number, label, card, tricks,
                        f"as line {same_as}, then another of the likely choices", result,
                        score, w, brief, pct(weight), weight_note=note)
    return LineView(number, label, card, tricks,
                    _departure(line.left_record, line.kind, listed), result, score, w, brief,
                    pct(weight), tuple(_departure_item(d, ruling.automatic.edition.law12.damage)
                                       for d in line.departures),
                    tuple(_departure_item(d) for d in line.own_errors),
                    tuple(_departure_item(d) for d in line.exchanges),
                    weight_note=note, damage_law=ruling.automatic.edition.law12.damage)


def _sentence(text: str) -> str:
    """``text`` as a sentence: capital first letter, full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else f"{text}."


def _where(d: Departure) -> str:
    """E.g. "trick 7, East" (as much as the departure says)."""
    return ", ".join(x for x in (f"trick {d.trick}" if d.trick is not None else "",
                                 d.seat.long_name if d.seat is not None else "") if x)


def _cards(d: Departure) -> str:
    """The record's card and the line's: "recorded ♥8 → ♦6", or "♦A as recorded"."""
    if d.card is None or d.recorded is None:
        return ""
    if d.card == d.recorded:
        return f"{d.card.pretty} as recorded"
    return f"recorded {d.recorded.pretty} \u2192 {d.card.pretty}"


def _departure_item(d: Departure, damage: str = "") -> str:
    """One departure (or own error) for the list: where, the cards, why; a card the
    revoke induced cites ``damage``, the edition's paragraph (2017 Law 12B1: only what
    the infraction caused is redressed)."""
    head = ": ".join(x for x in (_where(d), _cards(d)) if x)
    why = f"{d.reason} (Law {damage})" if damage and d.at == Leaves.INDUCED else d.reason
    return _sentence(head) + " " + _sentence(why) if head else _sentence(why)


KIND_LABELS = {TABLE: "table line", SUBSTITUTION: "substitution", LIKELY: "likely",
               DIRECTOR: "Director's line", OUTCOME: "Director's outcome"}
"""How each kind of line is named in the documents."""


def _continuation(kind: str) -> str:
    return "double dummy" if kind == SUBSTITUTION else "single dummy"


def _departure(left: Departure, kind: str, listed: int = 0) -> str:
    """Where a line left the table's play, in words (the document); the reason only
    when the line's departures are not ``listed`` below the table."""
    if left.at == Leaves.REVOKE:
        if kind == SUBSTITUTION:
            return f"at the revoke (trick {left.trick}): the legal card, then double dummy"
        return f"at the revoke (trick {left.trick}): {left.reason}"
    if left.at in (Leaves.CARD, Leaves.INDUCED):
        seat = left.seat.long_name if left.seat is not None else "?"
        if listed:
            which = ("listed below" if listed == 1
                     else f"the first of {listed} departures listed below")
            return f"trick {left.trick}, {seat}: {_cards(left)} ({which})"
        return f"trick {left.trick}, {seat}: {left.reason}"
    if left.at == Leaves.END:
        return "never: every recorded card stands with the correction"
    return left.reason


def _brief_departure(left: Departure, kind: str, listed: bool = False) -> str:
    """Where a line left the table's play, in few words (the text); the reason only when
    the line's departures are not ``listed`` under it."""
    if left.at == Leaves.REVOKE:
        return f"then {_continuation(kind)}" if kind != DIRECTOR else left.reason
    if left.at in (Leaves.CARD, Leaves.INDUCED):
        seat = left.seat.long_name if left.seat is not None else "?"
        why = "" if listed else f" ({left.reason})"
        return f"first left the record at trick {left.trick}, {seat}{why}"
    if left.at == Leaves.END:
        return "every recorded card stands"
    return left.reason


def _brief_tricks(line: Line) -> str:
    tricks = f"{line.declarer_tricks} tricks"
    if line.earlier_transfer:
        return (f"{line.play_tricks} tricks in play, {line.earlier_transfer:+d} for the "
                f"earlier revoke's transfer = {tricks}")
    return tricks
