"""A ruling as a Director reads it out (text) and as scripts read it (JSON).

The JSON field names are a public contract: fields may be added, never renamed or
dropped. See the README for the list.
"""

from __future__ import annotations

from typing import Any

from equity.errors import BoardError
from equity.laws import AutomaticRuling, RevokeRuling
from equity.model import cards

JSON = dict[str, Any]


def board_id(ruling: AutomaticRuling) -> int | str:
    b = ruling.replay.board
    return b.number if b.number is not None else b.label


def revoke_json(r: RevokeRuling) -> JSON:
    rev = r.revoke
    out: JSON = {
        "trick": rev.trick,
        "seat": rev.seat.name,
        "card": str(rev.card),
        "suit_led": rev.suit_led.name if rev.suit_led is not None else None,
        "established": r.established,
        "transfer": r.transfer,
        "laws": r.laws,
        "kind": rev.kind,
        "offending_side": r.offender_side.name,
        "corrected": r.corrected,
        "exemption": r.exemption,
        "could_play": [str(c) for c in cards(rev.could_play)],
        "steps": [{"law": s.law, "text": s.text} for s in r.steps],
    }
    if r.correction is not None:
        c = r.correction
        out["correction"] = {
            "penalty_card": str(c.penalty_card) if c.penalty_card else None,
            "non_offenders_may_withdraw": [
                {"seat": s.name, "card": str(card)} for s, card in c.non_offenders_may_withdraw],
            "offenders_may_then_withdraw": [
                {"seat": s.name, "card": str(card)} for s, card in c.offenders_may_then_withdraw],
        }
    return out


def ruling_json(ruling: AutomaticRuling) -> JSON:
    """One board's ruling as a JSON object (one line of ``equity rule --json``)."""
    rp = ruling.replay
    b = rp.board
    return {
        "board": board_id(ruling),
        "source": b.source,
        "contract": str(rp.contract),
        "declarer": rp.contract.declarer.name,
        "laws": ruling.edition.name,
        "table_tricks": ruling.table_tricks,
        "revokes": [revoke_json(r) for r in ruling.revokes],
        "after_transfer_tricks": ruling.after_transfer_tricks,
        "result_tag": b.result,
        "finished": rp.finished,
        "claimed": rp.claimed,
        "notes": list(ruling.notes),
    }


def error_json(err: BoardError) -> JSON:
    return err.to_json()


def ruling_text(ruling: AutomaticRuling) -> str:
    """The ruling as a Director would read it out at the table."""
    rp = ruling.replay
    c = rp.contract
    head = f"{rp.board.source}, {rp.board.label}: {c.pretty}"
    lines = [head, "-" * len(head)]
    how = "as played" + (", claimed tricks included" if rp.claimed else "")
    lines.append(f"Table result ({how}): {_result(ruling, ruling.table_tricks)}.")
    if not ruling.revokes:
        lines.append("No revoke in the play record.")
    for i, r in enumerate(ruling.revokes, 1):
        rev = r.revoke
        led = f", {rev.suit_led.symbol} led" if rev.suit_led is not None else ""
        lines.append("")
        lines.append(f"Revoke {i}: trick {rev.trick}, {rev.seat.long_name}, "
                     f"{rev.card.pretty}{led}.")
        for s in r.steps:
            lines.append(f"  Law {s.law}: {s.text}")
        if r.stands:
            lines.append(f"  Transfer: {r.transfer} trick{'s' if r.transfer != 1 else ''} to "
                         f"{r.offender_side.other.name}.")
    if ruling.revokes:
        lines.append("")
        lines.append(f"After transfer: {_result(ruling, ruling.after_transfer_tricks)}.")
    for n in ruling.notes:
        lines.append(f"Note: {n}.")
    return "\n".join(lines)


def _result(ruling: AutomaticRuling, tricks: int) -> str:
    c = ruling.replay.contract
    return (f"{c.level}{c.strain.symbol} by {c.declarer.long_name}: {tricks} "
            f"trick{'s' if tricks != 1 else ''}, {c.result_text(tricks)}")
