"""What the director hands the scorer for the ruled table, in words and in JSON: each
side's result (weighted components when Law 12C1(c) weights them) and the match points
of the whole board against the rest of the traveller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a type only: the traveller's module is imported when one is read
    from equity.core.game import ScorerEntry


def mp_text(value: float) -> str:
    """Match points as a scorer writes them: ``5.2``, ``6``, ``2.75``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def typed(components: tuple[tuple[float, int, str], ...]) -> str:
    """A side's result as a scorer that takes weighted scores types it:
    ``60% +420 / 40% -50`` (one component: ``+420``)."""
    if len(components) == 1:
        return f"{components[0][1]:+d}"
    return " / ".join(f"{round(100 * w)}% {s:+d}" for w, s, _ in components)


def _said(components: tuple[tuple[float, int, str], ...]) -> str:
    if len(components) == 1:
        return f"{components[0][2]} ({components[0][1]:+d})"
    return ", ".join(f"{round(100 * w)}% {text} ({s:+d})" for w, s, text in components)


def entry_text(e: ScorerEntry) -> str:
    """One paragraph: the line, the result(s), what to type, the match points."""
    head = f"For the scorer: board {e.board}, N-S {e.ns_pair} v E-W {e.ew_pair}: "
    if e.split:
        result = f"N-S {_said(e.ns)}; E-W {_said(e.ew)}"
        entry = f"type N-S {typed(e.ns)}, E-W {typed(e.ew)}"
    else:
        result = _said(e.ns)
        entry = f"type {typed(e.ns)}"
    how = (" (each component against the other scores, then weighted)" if e.weighted
           else "")
    return (f"{head}{result}; {entry}; match points N-S {mp_text(e.ns_mp)}, E-W "
            f"{mp_text(e.ew_mp)} of a top of {mp_text(e.top)}{how}.")


def entry_json(e: ScorerEntry) -> dict[str, Any]:
    def side(components: tuple[tuple[float, int, str], ...]) -> list[dict[str, Any]]:
        return [{"weight": round(w, 6), "score_ns": s, "result": text}
                for w, s, text in components]

    return {"board": e.board, "ns_pair": e.ns_pair, "ew_pair": e.ew_pair,
            "ns": side(e.ns), "ew": side(e.ew), "typed_ns": typed(e.ns),
            "typed_ew": typed(e.ew), "ns_mp": round(e.ns_mp, 4), "ew_mp": round(e.ew_mp, 4),
            "top": e.top, "weighted": e.weighted, "split": e.split, "text": entry_text(e)}
