"""What the outcome tree does not foresee: how real tables depart from double dummy in ways
no decision the model sees explains.

The outcome tree (:mod:`equity.core.player.outcome_tree`) follows the decisions it can
see: the guesses a player cannot resolve and his measured errors. Measured on real play
it is too sure both ways (``benchmarks/fidelity/players.py``, deals never fitted on): where it
gives a miss of double dummy under 20 % the tables missed twice as often as it says
(14 % against 7 %: a careless discard, a miscount, a card pulled in a hurry), and where
it gives a miss over 80 % they found the winning line nearly half the time (they read
the tempo and the table better than its sample of layouts). A table's result is
therefore predicted as a mixture:

    p(total) = (1 - share) * tree(total) + share * departure(total - double dummy)

* ``departure`` is how real tables of the class did depart from double dummy from the
  same trick on: (their final tricks) - (tricks won so far + double dummy from there),
  counted on the fit part of the real records, per trick (``benchmarks/fitting/fit_players.py``);
* ``share`` is fitted with it, by the likelihood of the tables' final tricks at the fit
  part's checkpoints (left-one-record-out), and is package data beside the class
  (:file:`player_model.json`).

*Reading* (docs, Law 64C): this is the prediction of what **a table** goes on to make
(``equity likely``). It never enters a ruling's lines: Law 12C1(c) weighs "potential
results" reachable in a legal manner, each a line of play on this deal with its
decisions that a committee can check; a generic departure names none. A ruling's lines
weigh the tree alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct

from equity.core.game import ModelError


class Unforeseen(Struct, frozen=True):
    """A class's departures from double dummy, by tricks played, and their share."""

    share: float
    departures: tuple[tuple[tuple[int, float], ...], ...]
    """``departures[k]``: (final tricks minus double dummy, probability) pairs for a
    table after ``k`` tricks (0 to 12), summing to 1."""
    about: str = ""

    def __post_init__(self) -> None:
        if not 0.0 <= self.share <= 1.0:
            raise ModelError("the unforeseen share is between 0 and 1")
        if len(self.departures) != 13:
            raise ModelError("departures from double dummy for 0 to 12 tricks played")
        for row in self.departures:
            if abs(sum(p for _, p in row) - 1.0) > 1e-6:
                raise ModelError("each trick's departures sum to 1")

    @staticmethod
    def from_json(obj: Mapping[str, object]) -> Unforeseen:
        """From :file:`player_model.json` (``{"share", "departures": {"k": {"d": p}}}``)."""
        table = obj["departures"]
        assert isinstance(table, Mapping)
        rows = []
        for k in range(13):
            row = table[str(k)]
            assert isinstance(row, Mapping)
            total = sum(float(p) for p in row.values())
            rows.append(tuple(sorted((int(d), float(p) / total) for d, p in row.items())))
        share = obj["share"]
        assert isinstance(share, int | float)
        return Unforeseen(float(share), tuple(rows), str(obj.get("about", "")))


def departure(unforeseen: Unforeseen, after: int, double_dummy: int, low: int, high: int
              ) -> dict[int, float]:
    """The departures after ``after`` tricks placed on ``double_dummy`` (declarer's final
    tricks), kept within the totals still possible (``low``: what declarer has won,
    ``high``: that plus the tricks left) and scaled to sum to 1."""
    spread: dict[int, float] = {}
    for d, p in unforeseen.departures[max(0, min(12, after))]:
        total = double_dummy + d
        if low <= total <= high:
            spread[total] = spread.get(total, 0.0) + p
    mass = sum(spread.values())
    if mass <= 0:
        return {double_dummy: 1.0}
    return {t: p / mass for t, p in spread.items()}


def blend(tree: Mapping[int, float], unforeseen: Unforeseen | None, after: int,
          double_dummy: int, low: int, high: int) -> dict[int, float]:
    """A table's final tricks: ``tree`` (the outcome tree's distribution) mixed with
    the class's departures from ``double_dummy`` (module docstring); ``tree`` as it is
    when the class has none (``exact``: the decision model alone)."""
    if unforeseen is None or not unforeseen.share:
        return dict(tree)
    w = unforeseen.share
    out = {t: (1 - w) * p for t, p in tree.items()}
    for t, p in departure(unforeseen, after, double_dummy, low, high).items():
        out[t] = out.get(t, 0.0) + w * p
    return out
