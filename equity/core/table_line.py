"""Law 64C: the table line — the play as the table played it, with the revoke corrected.

The line starts at the revoke's trick and replays **each player's own recorded cards in
their order**, as the four rows of quitted cards would be replayed (Law 65C), even when
the player on lead changes. At the revoke the offender plays his *natural card* — the
card a single-dummy player in his seat chooses (:mod:`equity.core.single_dummy`) — and
keeps the revoke card back for the moment he played the natural card at the table.

A recorded card stands while it is held and legal. Where it cannot stand (no longer
held, not legal, a revoke in the record), the single-dummy player chooses instead, with
the counterfactual world's knowledge; the player's later recorded cards are followed
again (a card not legal now is kept for later).

**Causation** (Laws 12B1, 12C1(e)). A non-offender's recorded card that loses a trick
double dummy is not simply put right: it **stands** — the non-offenders' own error —
unless it was *induced by the revoke*: a single-dummy player in his seat with what he
saw at the table (the table world: the offender's false void) chooses it, while with
the revoke corrected (the counterfactual world) he would choose differently. Only then
does the line depart, with the counterfactual choice. "Chooses" allows for sampling
noise: a card within :data:`TOLERANCE` tricks of the best mean counts as chosen. A card
no single-dummy player would choose even at the table is still induced when the table's
information made it look at least :data:`MISLED` tricks better than the corrected
information does (the revoke changed what he knew in its favour; Law 84D).

Where the record ends in a claim, the rest is double dummy (the claim's tricks are
adjudicated, not played); where it stops without one, too (the ruling is pending).
Every departure, and every error that stands, says why.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from equity.core.cards import Card, CardSet, Seat, Side, count
from equity.core.knowledge import Knowledge, SuitMask, shown_out
from equity.core.laws import AutomaticRuling
from equity.core.line import Departure, Leaves
from equity.core.playout import Run
from equity.core.position import Position
from equity.core.questions import Plan, card_values, together, tricks_through
from equity.core.replay import Play, Replay, Revoke
from equity.core.single_dummy import Decision, choose

TOLERANCE = 0.25
"""Tricks within which a card's single-dummy mean counts as the player's choice (the
sampling noise of a decision at the default sample count)."""
MISLED = 0.5
"""Tricks by which the table's information must make a card look better (closer to the
best choice) than the corrected information does for the revoke to have induced it
when no single-dummy player would have chosen it even at the table: the revoke changed
what he knew in the card's favour, and doubtful points go to the non-offenders (84D)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A recorded card in a player's row: the trick it was played to, and the card."""

    trick: int
    card: Card


@dataclass(frozen=True, slots=True)
class TableLine:
    """The table line as built: its cards, declarer's tricks, where it left the record
    and why, the non-offenders' errors that stand, the share of the record it follows."""

    cards: tuple[Play, ...]
    tricks: int
    natural: Card
    natural_decision: Decision | None
    left: Departure
    departures: tuple[Departure, ...]
    own_errors: tuple[Departure, ...]
    followed: float


@dataclass
class _Walk:
    run: Run
    rows: dict[Seat, list[Entry]]
    natural: Card | None = None
    natural_decision: Decision | None = None
    departures: list[Departure] = field(default_factory=list)
    own_errors: list[Departure] = field(default_factory=list)
    as_recorded: int = 0
    from_revoke: int = 0
    counting: bool = False
    first_counted: int = 0


def table_line(ruling: AutomaticRuling, corrected: Sequence[int], nos: Side | None,
               seed: str, samples: int) -> Plan[TableLine]:
    """The table line for the revokes of ``corrected`` (first one first); ``nos`` is the
    side whose recorded errors get the causation test (None under 64C2(b))."""
    rp = ruling.replay
    revokes = [ruling.revokes[i].revoke for i in corrected]
    first = revokes[0]
    fixes = {(r.trick, r.seat): r for r in revokes}
    declarer = rp.contract.declarer
    h = rp.hands_before(first.trick, 0)
    start = Position((h[0], h[1], h[2], h[3]), rp.contract.strain,
                     rp.tricks[first.trick - 1].leader)
    voids = shown_out((p.seat, p.card, p.suit_led) for t in rp.tricks[:first.trick - 1]
                      for p in t.plays)
    run = Run(start, dict(voids), first.trick)
    run.won = {s: rp.won_before(s, first.trick) for s in Side}
    rows: dict[Seat, list[Entry]] = {s: [] for s in Seat}
    for t in rp.tricks[first.trick - 1:]:
        for p in t.plays:
            rows[p.seat].append(Entry(t.number, p.card))
    w = _Walk(run, rows)
    left: Departure | None = None
    while run.pos.tricks_left:
        seat = run.pos.to_play
        if (run.trick_no, seat) == (first.trick, first.seat) and not w.counting:
            w.counting, w.first_counted = True, len(run.plays)
        if not w.rows[seat]:
            left = (Departure(Leaves.CLAIM, run.trick_no, seat,
                              "the record ends in a claim or concession: double dummy from "
                              "here") if rp.claimed else
                    Departure(Leaves.STOP, run.trick_no, seat,
                              "the play record stops here: double dummy from here"))
            break
        entry = w.rows[seat][0]
        key = f"{seed}:{run.trick_no}:{seat.name}"
        fix = fixes.get((entry.trick, seat))
        if fix is not None:
            yield from _correct(w, fix, declarer, key, samples)
            continue
        card = entry.card
        why = _cannot_stand(rp, run.pos, seat, entry, card)
        if why is not None:
            yield from _depart(w, declarer, entry, card, Leaves.CARD, why, key, samples)
            continue
        if w.counting:
            moved = _part_changed(rp, run.pos, seat, entry, card)
            own = nos is not None and seat.side == nos
            lost = (yield from _loss(run.pos, card)) if moved or own else 0
            if moved and lost:
                yield from _depart(w, declarer, entry, card, Leaves.CARD,
                                   _out_of_context(seat, entry, card, moved, lost), key,
                                   samples)
                continue
            if own and lost:
                induced = yield from _induced(rp, w, declarer, entry, card, lost, key,
                                              samples)
                if induced is not None:
                    continue
        w.rows[seat].remove(entry)
        _play(w, card, as_recorded=True)
    tricks = run.won[rp.declarer_side]
    if left is None:
        left = Departure(Leaves.END, reason="every recorded card to the end stands")
    elif run.pos.tricks_left:
        tricks += yield from tricks_through(run.pos, rp.declarer_side)
    natural = w.natural if w.natural is not None else first.card
    cards = tuple(run.plays[w.first_counted:])  # from the revoke card on
    followed = w.as_recorded / w.from_revoke if w.from_revoke else 0.0
    return TableLine(cards, tricks, natural, w.natural_decision,
                     w.departures[0] if w.departures else left,
                     (*w.departures, *([left] if left.at in (Leaves.CLAIM, Leaves.STOP)
                                       else [])),
                     tuple(w.own_errors), followed)


def _play(w: _Walk, card: Card, as_recorded: bool | None) -> None:
    """Play ``card`` for the player to play and count it (None: the correction itself,
    which the record cannot speak for either way)."""
    if w.counting and as_recorded is not None:
        w.from_revoke += 1
        w.as_recorded += as_recorded
    w.run.play(card)


def _substitute(w: _Walk, seat: Seat, entry: Entry, chosen: Card, keep: bool,
                correction: bool = False) -> None:
    """``seat`` plays ``chosen`` where his row has ``entry``: the recorded card takes the
    place of ``chosen`` later in his row (as the offender keeps the revoke card back for
    the moment he played the natural card at the table); it is dropped when ``chosen``
    is not there or ``keep`` is False (he no longer holds it)."""
    row = w.rows[seat]
    row.remove(entry)
    later = next((k for k, e in enumerate(row) if e.card == chosen), None)
    if later is not None:
        if keep:
            row[later] = Entry(row[later].trick, entry.card)
        else:
            del row[later]
    _play(w, chosen, as_recorded=None if correction else False)


def _cannot_stand(rp: Replay, pos: Position, seat: Seat, entry: Entry, card: Card
                  ) -> str | None:
    """Why the recorded ``card`` cannot be played now, or None when it can."""
    revoked = any((r.trick, r.seat) == (entry.trick, seat) for r in rp.revokes)
    if not pos.hands[seat] & card.bit:
        return f"{seat.long_name} no longer holds {card.pretty} in this line"
    if not pos.legal() & card.bit:
        if revoked:
            return (f"{seat.long_name} revoked with {card.pretty} here in the record; the "
                    "line does not repeat a revoke")
        return f"{card.pretty} is not a legal card for {seat.long_name} in this line"
    return None


def _role(led: Card | None, card: Card) -> str:
    """What playing ``card`` is when ``led`` was led: a lead, following suit, a ruff or a
    discard, with the suit led."""
    if led is None:
        return "a lead"
    if card.suit == led.suit:
        return f"following to {led.suit.symbol}"
    return f"a discard or ruff on {led.suit.symbol}"


def _part_changed(rp: Replay, pos: Position, seat: Seat, entry: Entry, card: Card
                  ) -> tuple[str, str] | None:
    """The part the recorded ``card`` played at the table and plays here, when they
    differ (a lead where he followed, a discard on another suit); None when the same."""
    plays = rp.tricks[entry.trick - 1].plays
    at_table = _role(plays[0].card if plays[0].seat != seat else None, card)
    here = _role(pos.trick[0] if pos.trick else None, card)
    return None if here == at_table else (at_table, here)


def _loss(pos: Position, card: Card) -> Plan[int]:
    """The tricks ``card`` loses double dummy against the best card of the player to
    play (0 when he has no choice, or a standing revoke on the trick leaves nothing for
    DDS to solve)."""
    if pos.revoke_on_trick or count(pos.legal()) < 2:
        return 0
    values = yield from card_values(pos, pos.to_play.side)
    return max(values.values()) - values[card]


def _out_of_context(seat: Seat, entry: Entry, card: Card, parts: tuple[str, str],
                    lost: int) -> str:
    """Why a recorded card played here in another part than at the table, and losing
    ``lost`` tricks double dummy, does not stand: the record shows what the player did in
    another situation, so the card is nobody's choice — neither side's error (Law
    12C1(e) takes only the player's own) nor a gift to the other (Law 12B1 redresses
    what the revoke caused, and no more). A card in the same part, or one that costs
    nothing, stands."""
    at_table, here = parts
    return (f"{seat.long_name}'s {card.pretty} was {at_table} at trick {entry.trick} in the "
            f"record; here it is {here} and loses {_tricks(lost)} double dummy: the record "
            "does not say what he would play here")


def _correct(w: _Walk, rev: Revoke, declarer: Seat, key: str, samples: int) -> Plan[None]:
    """The revoke put right: the offender plays his natural card (single dummy, the
    counterfactual world: nobody has seen a false void) and keeps the revoke card back
    for the moment he played the natural card at the table."""
    pos = w.run.pos
    seat = rev.seat
    entry = w.rows[seat][0]
    if rev.kind == "follow" and pos.legal() & rev.card.bit:
        w.rows[seat].remove(entry)
        _play(w, rev.card, as_recorded=True)  # the line has made the card legal
        return
    allowed: CardSet = rev.could_play & pos.hands[seat] or pos.legal()
    k = Knowledge.at(pos, declarer, w.run.voids)
    decision = yield from choose(k, random.Random(key + ":natural"), samples, allowed)
    if w.natural is None:
        w.natural, w.natural_decision = decision.card, decision
    _substitute(w, seat, entry, decision.card, keep=True, correction=True)


def _depart(w: _Walk, declarer: Seat, entry: Entry, card: Card, at: Leaves, why: str,
            key: str, samples: int) -> Plan[None]:
    """The recorded card cannot stand: the single-dummy player chooses (counterfactual
    world); a recorded card still held takes the chosen card's place later in the row."""
    pos = w.run.pos
    seat = pos.to_play
    k = Knowledge.at(pos, declarer, w.run.voids)
    decision = yield from choose(k, random.Random(key + ":depart"), samples)
    w.departures.append(Departure(at, w.run.trick_no, seat,
                                  f"{why}; single dummy he plays {decision.card.pretty}",
                                  decision.card, card))
    _substitute(w, seat, entry, decision.card, keep=bool(pos.hands[seat] & card.bit))


def _induced(rp: Replay, w: _Walk, declarer: Seat, entry: Entry, card: Card, lost: int,
             key: str, samples: int) -> Plan[Decision | None]:
    """The causation test for a non-offender's recorded card (module docstring): the
    counterfactual choice played when the card was induced by the revoke (a departure),
    else None (the card is to be played as recorded; a trick it loses double dummy is
    noted as the non-offenders' own error). ``lost``: the tricks the card loses double
    dummy (more than 0)."""
    pos = w.run.pos
    seat = pos.to_play
    table_k = _table_knowledge(rp, entry, seat, declarer)
    counter_k = Knowledge.at(pos, declarer, w.run.voids)
    at_table, corrected = yield from together(
        choose(table_k, random.Random(key + ":table"), samples),
        choose(counter_k, random.Random(key + ":corrected"), samples))
    means_table, means_cf = dict(at_table.means), dict(corrected.means)
    if card not in means_table or card not in means_cf:
        return None
    short_table = at_table.best - means_table[card]
    short_cf = corrected.best - means_cf[card]
    chosen_at_table = short_table <= TOLERANCE
    chosen_if_corrected = short_cf <= TOLERANCE
    misled = short_cf - short_table >= MISLED
    if not chosen_if_corrected and (chosen_at_table or misled):
        how = ("a single-dummy player chooses it" if chosen_at_table else
               f"it looked {short_cf - short_table:.2f} tricks better than with the revoke "
               "corrected (doubtful points to the non-offenders, Law 84D)")
        why = (f"{seat.long_name}'s {card.pretty} (trick {entry.trick} in the record) loses "
               f"{_tricks(lost)} double dummy and was induced by the revoke: with what he "
               f"saw at the table {how} (mean {means_table[card]:.2f}, best "
               f"{at_table.best:.2f}); with the revoke corrected he chooses "
               f"{corrected.card.pretty} (mean {corrected.best:.2f} against "
               f"{means_cf[card]:.2f}) (Law 12B1)")
        w.departures.append(Departure(Leaves.INDUCED, w.run.trick_no, seat, why,
                                      corrected.card, card))
        _substitute(w, seat, entry, corrected.card, keep=True)
        return corrected
    because = ("with the revoke corrected a single-dummy player still chooses it"
               if chosen_if_corrected else
               "it was no single-dummy choice with what he saw at the table either, and "
               "the revoke did not make it look better")
    w.own_errors.append(Departure(
        Leaves.CARD, w.run.trick_no, seat,
        f"{seat.long_name}'s {card.pretty} (trick {entry.trick} in the record) loses "
        f"{_tricks(lost)} double dummy but stands: {because}, so the revoke did not cause "
        "it (Laws 12B1, 12C1(e))", card, card))
    return None


def _table_knowledge(rp: Replay, entry: Entry, seat: Seat, declarer: Seat) -> Knowledge:
    """What ``seat`` knew when he played ``entry`` at the table: the record's real
    position, and the suits shown out of in the record (false voids included)."""
    t = rp.tricks[entry.trick - 1]
    i = next(k for k, p in enumerate(t.plays) if p.seat == seat)
    h = rp.hands_before(entry.trick, i)
    pos = Position((h[0], h[1], h[2], h[3]), rp.contract.strain, t.leader,
                   tuple(p.card for p in t.plays[:i]))
    before = [(p.seat, p.card, p.suit_led) for u in rp.tricks[:entry.trick - 1]
              for p in u.plays] + [(p.seat, p.card, p.suit_led) for p in t.plays[:i]]
    voids: dict[Seat, SuitMask] = shown_out(before)
    return Knowledge.at(pos, declarer, voids, dummy_faced=(entry.trick, i) != (1, 0))


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"
