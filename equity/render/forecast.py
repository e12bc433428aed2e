"""``equity likely`` as people and scripts read it: what the table goes on to make.

JSON (``--format json``), one object per board — a public contract: ``outcomes`` =
``[{"declarer_tricks": n, "probability": p}, ...]`` (summing to 1, most tricks first:
what the table goes on to make, the tree's outcomes mixed with the class's departures
from double dummy, :mod:`equity.core.player.unforeseen`), ``foreseen`` (the same shape:
the outcome tree alone, what the decisions below give), ``unforeseen`` (``{"share",
"about"}`` or null for a class without one), ``decisions`` = ``[{"trick", "seat",
"text", "cards": [{"card", "probability", "error"}], "inferences": [{"viewer", "card",
"seat", "share", "share_unread", "text"}]}]`` (the inference from the table that decides
the choice, :mod:`equity.core.player.inference`; empty for most), ``stats`` (as
``equity rule --json``), and ``board``, ``source``, ``room`` (``"Open"``, ``"Closed"``
or null: the room of a two-room match), ``after_trick``, ``contract``,
``table_tricks`` (what the table made, as played, claimed tricks included; null when
the record stops before the end),
``declarer``, ``players``, ``won``, ``double_dummy``, ``penalty_cards`` (the major
penalty cards in force at the start, Law 50: ``[{"seat", "card"}]``), and what the
players read from the table: ``auction`` (as ``equity rule --json``'s; the decisions
whose layouts drew a hand outside its calls are ``stats.loosened``), ``lead``, ``signal``.
"""

from __future__ import annotations

from typing import Any

from equity.core.game import BoardError, Card, Seat, cards
from equity.core.law import EDITIONS
from equity.core.player import Branch, Forecast, Unforeseen
from equity.render.jsonout import inference_json, table_json
from equity.render.view import auction_sentences

JSON = dict[str, Any]


def forecast_json(f: Forecast) -> JSON:
    """One board's likely outcomes as JSON (module docstring)."""
    rp = f.replay
    board = rp.board
    side = rp.declarer_side
    return {"board": board.number if board.number is not None else board.label,
            "source": board.source, "room": board.room, "after_trick": f.after,
            "contract": str(rp.contract),
            "table_tricks": rp.declarer_tricks if rp.finished else None,
            "declarer": rp.contract.declarer.name, "players": f.players.name,
            "won": {"declarer": f.start.won[side], "defenders": f.start.won[side.other]},
            "outcomes": _outcomes(f.outcomes), "foreseen": _outcomes(f.foreseen),
            "unforeseen": _unforeseen(f.players.unforeseen),
            "decisions": [_decision(b) for b in f.decisions],
            "double_dummy": f.double_dummy, "stats": f.work.as_dict(),
            "penalty_cards": [{"seat": s.name, "card": str(c)} for s, c in _penalties(f)],
            **table_json(f.table)}


def forecast_text(f: Forecast) -> str:
    """One board's likely outcomes for people: the results with their probabilities,
    the decisions that branch, what the players read from the table, the work."""
    obj = forecast_json(f)
    room = f", {obj['room'].lower()} room" if obj["room"] else ""
    head = (f"{obj['source']}, board {obj['board']}{room}: {obj['contract']} by "
            f"{obj['declarer']}, from trick {obj['after_trick'] + 1} (declarer has "
            f"{obj['won']['declarer']}, players: {obj['players']})")
    rows = [f"  {o['declarer_tricks']:2d} tricks  {o['probability']:6.1%}"
            for o in obj["outcomes"] if o["probability"] >= 0.0005]
    rare = sum(o["probability"] < 0.0005 for o in obj["outcomes"])
    if rare:
        rows.append(f"  ({rare} other result{'s' if rare > 1 else ''} under 0.05%)")
    mean = sum(o["declarer_tricks"] * o["probability"] for o in obj["outcomes"])
    rows.append(f"  mean {mean:.2f}; double dummy {obj['double_dummy']}")
    if obj["table_tricks"] is not None:
        rows.append("  " + _table_made(f, obj))
    if obj["unforeseen"]:
        share = obj["unforeseen"]["share"]
        rows.append(f"  these chances are {1 - share:.0%} the decisions below and "
                    f"{share:.0%} how the results of real {obj['players']} tables differ "
                    "from double dummy from this trick on (slips and reads that no "
                    "decision below shows; fitted on real play)")
    rows += [f"  {seat.long_name}'s {card.pretty} is a major penalty card (Law 50): he "
             "plays it at his first legal opportunity" for seat, card in _penalties(f)]
    rows += [f"  {d['text']}" for d in obj["decisions"]]
    edition = EDITIONS[f.replay.board.facts.laws or "2017"]  # as equity rule takes it
    rows += [f"  {line}" for line in auction_sentences(f.table, edition.law12.authorised,
                                                       f.work.loosened)]
    s = obj["stats"]
    rows.append(f"  work: {s['positions']} DDS positions, {s['decisions']} decisions, "
                f"{s['layouts']} layouts, {s['seconds']:.2f} s")
    return "\n".join([head, *rows])


def _table_made(f: Forecast, obj: JSON) -> str:
    """What the table made, beside the forecast: "the table made 10 tricks (made with an
    overtrick; as played): 56.3% above" (claimed tricks included; before any revoke's
    transfer)."""
    made = obj["table_tricks"]
    how = "claimed tricks included" if f.replay.claimed else "as played"
    transfer = ", before any revoke's transfer" if f.replay.revokes else ""
    chance = next((o["probability"] for o in obj["outcomes"]
                   if o["declarer_tricks"] == made), 0.0)
    return (f"the table made {made} tricks ({f.replay.contract.result_text(made)}; {how}"
            f"{transfer}): {chance:.1%} above")


def forecast_error_json(err: BoardError) -> JSON:
    """A board ``equity likely`` could not play on: ``board`` and ``error`` (the whole
    message, naming the file and the board), with ``source`` and ``where``."""
    return {**err.to_json(), "error": str(err)}


def _penalties(f: Forecast) -> list[tuple[Seat, Card]]:
    """The major penalty cards in force at the start, each with its holder."""
    pos = f.start.position
    return [(s, c) for c in cards(pos.penalties) for s in Seat if pos.hands[s] & c.bit]


def _outcomes(dist: dict[int, float]) -> list[dict[str, Any]]:
    return [{"declarer_tricks": t, "probability": round(dist[t], 6)}
            for t in sorted(dist, reverse=True) if dist[t] > 0]


def _unforeseen(u: Unforeseen | None) -> dict[str, Any] | None:
    return None if u is None or not u.share else {"share": round(u.share, 4),
                                                  "about": u.about}


def _decision(b: Branch) -> JSON:
    return {"trick": b.trick, "seat": b.seat.name, "text": b.describe(),
            "cards": [{"card": str(c), "probability": round(p, 6),
                       "error": bool(b.errors & c.bit)} for c, p in b.options],
            "inferences": [inference_json(i) for i in b.inferences]}


__all__ = ["forecast_error_json", "forecast_json", "forecast_text"]
