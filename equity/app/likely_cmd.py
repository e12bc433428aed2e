"""``equity likely``: the likely outcomes from a point of a real record.

From the start of trick K+1 of a board's record — the cards played so far and the suits
shown out of, nothing later — the outcome tree plays on with the decision model and the
player model of a class (:mod:`equity.core.player.player_model`), favouring nobody: the
same implementation the Law 64C lines and the table line use once they leave the record.
It gives declarer's final tricks with their probabilities, the decisions that branch
with their card probabilities, double dummy from the same position, and the work.

JSON (``--json``), one object per board — a public contract: ``outcomes`` =
``[{"declarer_tricks": n, "probability": p}, ...]`` (summing to 1, most tricks first:
what the table goes on to make, the tree's outcomes mixed with the class's departures
from double dummy, :mod:`equity.core.player.unforeseen`), ``foreseen`` (the same shape:
the outcome tree alone, what the decisions below give), ``unforeseen`` (``{"share",
"about"}`` or null for a class without one),
``decisions`` = ``[{"trick", "seat", "text", "cards": [{"card", "probability", "error"}],
"inferences": [{"viewer", "card", "seat", "share", "share_unread", "text"}]}]`` (the
inference from the table that decides the choice, :mod:`equity.core.player.inference`;
empty for most),
``stats`` (as ``equity rule --json``), and ``board``, ``source``, ``after_trick``,
``contract``, ``declarer``, ``players``, ``won``, ``double_dummy``, and ``auction``: what
the players knew from the calls (as ``equity rule --json``'s ``auction``; the decisions
whose layouts needed its limits loosened are ``stats.loosened``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from typing import Any

from equity.core.game import Board, BoardError, ModelError, parse_signals, replay
from equity.core.player import (
    DEFAULT_CLASS,
    Branch,
    Estimate,
    Unforeseen,
    blend,
    checkpoint,
    once_each,
    play_out,
    player_class,
    solved,
    tricks_through,
)
from equity.formats import names_board, read_boards
from equity.render.jsonout import auction_json, inference_json, lead_json, signal_json
from equity.render.view import auction_sentences


def add_likely_parser(sub: Any) -> None:
    """The ``likely`` subcommand on ``sub`` (the main parser's subparsers)."""
    k = sub.add_parser("likely", help="the likely outcomes from a point of a real record: "
                       "declarer's final tricks with their probabilities (the player "
                       "model the Law 64C lines use)")
    k.add_argument("file", help="a .pbn or .lin file")
    k.add_argument("--board", type=int, help="only this board number")
    k.add_argument("--after-trick", type=int, required=True, metavar="K",
                   help="start from trick K+1: the cards of tricks 1..K played, nothing "
                        "later (0: before the opening lead)")
    k.add_argument("--players", metavar="CLASS",
                   help=f"club, expert, robot or exact (default: the board's "
                        f"[EquityPlayers], else {DEFAULT_CLASS})")
    k.add_argument("--signals", metavar="METHOD",
                   help="the defenders' signals as the players read them: standard or "
                        "upside-down (default: the board's [EquitySignals], else standard)")
    k.add_argument("--json", action="store_true", help="JSON Lines, one object per board")


def likely_json(board: Board, after: int, players: str | None) -> dict[str, Any]:
    """One board's likely outcomes (module docstring); raises BoardError or ModelError."""
    started = time.perf_counter()
    rp = replay(board)
    start = checkpoint(rp, after)
    cls = player_class(players or board.facts.players)
    model = Estimate(players=cls).model(board)
    work = model.work
    side = rp.declarer_side
    outcomes, decisions = solved(once_each(play_out(start, model), work), _solver(), work)
    rest = solved(once_each(tricks_through(start.position, side), work), _solver(), work)
    work.seconds = time.perf_counter() - started
    won = start.won[side]
    tree = {o.tricks: o.probability for o in outcomes}
    table = blend(tree, cls.unforeseen, after, won + rest, won,
                  won + start.position.tricks_left)
    return {"board": board.number if board.number is not None else board.label,
            "source": board.source, "after_trick": after, "contract": str(rp.contract),
            "declarer": rp.contract.declarer.name, "players": cls.name,
            "won": {"declarer": won, "defenders": start.won[side.other]},
            "outcomes": _outcomes(table), "foreseen": _outcomes(tree),
            "unforeseen": _unforeseen(cls.unforeseen),
            "decisions": [_decision(b) for b in decisions],
            "double_dummy": won + rest, "stats": work.as_dict(),
            "auction": auction_json(board), "lead": lead_json(board),
            "signal": signal_json(board)}


def _solver() -> Any:
    from equity.dd import DdsSolver

    return DdsSolver()


def _outcomes(dist: dict[int, float]) -> list[dict[str, Any]]:
    return [{"declarer_tricks": t, "probability": round(dist[t], 6)}
            for t in sorted(dist, reverse=True) if dist[t] > 0]


def _unforeseen(u: Unforeseen | None) -> dict[str, Any] | None:
    return None if u is None or not u.share else {"share": round(u.share, 4),
                                                  "about": u.about}


def _decision(b: Branch) -> dict[str, Any]:
    return {"trick": b.trick, "seat": b.seat.name, "text": b.describe(),
            "cards": [{"card": str(c), "probability": round(p, 6),
                       "error": bool(b.errors & c.bit)} for c, p in b.options],
            "inferences": [inference_json(i) for i in b.inferences]}


def _text(obj: dict[str, Any], auction: tuple[str, ...]) -> str:
    head = (f"{obj['source']}, board {obj['board']}: {obj['contract']} by "
            f"{obj['declarer']}, from trick {obj['after_trick'] + 1} (declarer has "
            f"{obj['won']['declarer']}, players: {obj['players']})")
    rows = [f"  {o['declarer_tricks']:2d} tricks  {o['probability']:6.1%}"
            for o in obj["outcomes"] if o["probability"] >= 0.0005]
    rare = sum(o["probability"] < 0.0005 for o in obj["outcomes"])
    if rare:
        rows.append(f"  ({rare} other result{'s' if rare > 1 else ''} under 0.05%)")
    mean = sum(o["declarer_tricks"] * o["probability"] for o in obj["outcomes"])
    rows.append(f"  mean {mean:.2f}; double dummy {obj['double_dummy']}")
    if obj["unforeseen"]:
        rows.append(f"  of which {obj['unforeseen']['share']:.0%} as real {obj['players']} "
                    "tables depart from double dummy from this trick on (what no "
                    "decision below foresees)")
    rows += [f"  {d['text']}" for d in obj["decisions"]]
    rows += [f"  {line}" for line in auction]
    s = obj["stats"]
    rows.append(f"  work: {s['positions']} DDS positions, {s['decisions']} decisions, "
                f"{s['layouts']} layouts, {s['seconds']:.2f} s")
    return "\n".join([head, *rows])


def cmd_likely(args: argparse.Namespace) -> int:
    """``equity likely``: exit 1 when a board could not be read, replayed or played on
    from the trick asked (its error named), 2 for a wrong command line."""
    if not 0 <= args.after_trick <= 12:  # no record goes on after trick 13
        print(f"equity: likely: --after-trick {args.after_trick}: give 0 (before the opening "
              "lead) to 12", file=sys.stderr)
        return 2
    try:
        if args.players is not None:
            player_class(args.players)
        signals = parse_signals(args.signals) if args.signals is not None else None
    except ModelError as e:
        print(f"equity: likely: {e}", file=sys.stderr)
        return 2
    errors = found = 0
    for item in read_boards(args.file):
        if isinstance(item, BoardError):
            if args.board is None or item.board is None or names_board(item.board, args.board):
                errors += 1
                _error(str(item), args.json, item.board)
            continue
        if args.board is not None and item.number != args.board:
            continue
        found += 1
        try:
            if signals is not None:  # the Director's word over the board's tag
                item = dataclasses.replace(item, facts=dataclasses.replace(
                    item.facts, signals=signals))
            obj = likely_json(item, args.after_trick, args.players)
        except (BoardError, ModelError, ValueError) as e:
            errors += 1
            _error(str(e) if isinstance(e, BoardError) else
                   f"{item.source}, {item.label}: {e}", args.json, item.label)
            continue
        print(json.dumps(obj) if args.json else _text(
            obj, auction_sentences(item, obj["stats"]["loosened"])), flush=True)
    if not found and not errors:
        _error(f"{args.file}: no board" + (f" {args.board}" if args.board else ""),
               args.json, None)
        return 1
    return 1 if errors else 0


def _error(message: str, as_json: bool, board: str | None) -> None:
    if as_json:
        print(json.dumps({"board": board, "error": message}), flush=True)
    else:
        print(f"equity: {message}", file=sys.stderr)
