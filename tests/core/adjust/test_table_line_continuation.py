"""Issue 47, item 1 (property): where the table line leaves the record, the rest is the
likely outcomes from there — on every seed case and a small benchmark corpus, the
results and probabilities of a table line's continuation are those of the outcome tree
``equity likely`` grows (:func:`~equity.core.player.likely.likely`) from a
:class:`~equity.core.player.likely.Start` at the same position, rebuilt independently
from the record and the line's cards, with a fresh decision model and the same Law 84D
rule for the non-offenders' close choices — within the sampling error of a decision."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from benchmarks.corpus import corpus, sources, write
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_automatic
from equity.core.adjust.line import Leaves
from equity.core.adjust.table_line import TableLine, table_line
from equity.core.game import Board, Plan, Play, Replay, Work, once_each, solved
from equity.core.law import AutomaticRuling
from equity.core.player import Estimate, Run, Start, before_lead, likely
from equity.core.player.decision import DEFAULT_SAMPLING
from equity.dd import DdsSolver
from equity.formats import read_boards
from tests.builders import CASES, EXTERNAL

TOLERANCE = 1 / math.sqrt(DEFAULT_SAMPLING.cap)
"""Two standard errors of a decision's chance at its widest (p = 1/2) on the
sampling's cap of layouts: the sampling error a result's probability is stated within."""


def _case_boards() -> list[Board]:
    return [b for path in sorted(CASES.glob("*.pbn")) for b in read_boards(path)
            if isinstance(b, Board)]


@cache
def _corpus_boards(tmp: str) -> list[Board]:
    if not EXTERNAL.is_dir():
        return []
    path = Path(tmp) / "corpus.pbn"
    write(path, corpus(sources(), 6, seed=3))
    return [b for b in read_boards(path) if isinstance(b, Board)]


def _rebuilt(rp: Replay, first_trick: int, plays: tuple[Play, ...], stop: tuple[int, object]
             ) -> Plan[Run]:
    """The line's run, rebuilt from the record's start of the revoke's trick and the
    line's cards up to ``stop`` (trick, seat): Law 50D2 before each lead, the line's
    lead breaking ties (as the line does)."""
    run = Start.at(rp, first_trick).run()
    declarer = rp.contract.declarer
    before = rp.tricks[first_trick - 1].plays[:rp.index_of(first_trick, plays[0].seat)]
    for p in (*before, *plays):
        if (p.trick, p.seat) == stop:
            break
        yield from before_lead(run, declarer, p.card)
        run.play(p.card)
    yield from before_lead(run, declarer)
    return run


def _pair(ruling: AutomaticRuling, index: int, estimate: Estimate
          ) -> Plan[tuple[TableLine, dict[int, float] | None]]:
    """The table line of revoke ``index`` and, where it leaves the record at a card,
    the outcome tree from the same position."""
    nos = ruling.revokes[index].offender_side.other
    model = estimate.model(ruling.table)
    line = yield from table_line(ruling, (index,), nos, model)
    if line.left.at not in (Leaves.CARD, Leaves.INDUCED):
        return line, None
    rp = ruling.replay
    first = ruling.revokes[index].revoke
    run = yield from _rebuilt(rp, first.trick, line.outcomes[0].plays,
                              (line.left.trick, line.left.seat))
    declarer = rp.contract.declarer
    start = Start(run.pos, run.trick_no, dict(run.won), dict(run.voids), declarer,
                  run.pos.to_play, run.pos.legal(), tuple(run.evidence))
    fresh = estimate.model(ruling.table)
    found = yield from likely(start, fresh, nos)
    return line, {o.tricks: o.probability for o in found}


def _departing(boards: list[Board], players: str | None = None
               ) -> Iterator[tuple[str, TableLine, dict[int, float]]]:
    """Each table line of ``boards`` that leaves the record at a card, with the tree
    from its departure; ``players``: the class (default: the ruling's, ``exact``)."""
    options = RulingOptions(players=players)
    solver = DdsSolver()
    for b in boards:
        if b.play is None:
            continue
        try:
            automatic = rule_automatic(b, options, solver)
        except Exception:  # a board the ruling itself rejects is not this test's
            continue
        standing = [i for i, r in enumerate(automatic.revokes) if r.stands]
        if not automatic.replay.finished or len(
                {automatic.revokes[i].offender_side for i in standing}) != 1:
            continue
        for i in standing:
            work = Work()
            line, tree = solved(once_each(_pair(automatic, i, options.estimate_for(b)),
                                          work), solver, work)
            if tree is not None:
                yield f"{b.source}#{b.number} revoke {i + 1}", line, tree


def _agrees(line: TableLine, tree: dict[int, float]) -> bool:
    mine = {o.tricks: o.probability for o in line.outcomes}
    return all(abs(mine.get(t, 0.0) - tree.get(t, 0.0)) <= TOLERANCE + 1e-9
               for t in {*mine, *tree})


@cache
def _cases_checked(players: str | None = None) -> list[tuple[str, TableLine, dict[int, float]]]:
    return list(_departing(_case_boards(), players))


@pytest.mark.parametrize("players", [None, "club"])
def test_every_seed_case_continuation_is_the_likely_outcomes_from_its_departure(
        players: str | None) -> None:
    """The ruling's class, and a class with careless errors (whose tree weighs every
    card the player model gives a chance, where one branch would take one card)."""
    checked = _cases_checked(players)
    assert len(checked) >= 10  # the seed cases leave the record on many boards
    wrong = [(name, [(o.tricks, round(o.probability, 3)) for o in line.outcomes], tree)
             for name, line, tree in checked if not _agrees(line, tree)]
    assert not wrong


@pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
def test_corpus_continuations_are_the_likely_outcomes_from_their_departures(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    boards = _corpus_boards(str(tmp_path_factory.mktemp("corpus")))
    checked = list(_departing(boards))
    wrong = [(name, [(o.tricks, round(o.probability, 3)) for o in line.outcomes], tree)
             for name, line, tree in checked if not _agrees(line, tree)]
    assert not wrong


def test_a_continuation_is_a_distribution_not_one_branch() -> None:
    """Where the line leaves the record before an offender's close choice or a card a
    player of the class might misplay, the rest has more than one result."""
    several = [name for name, line, _ in _cases_checked("club") if len(line.outcomes) > 1]
    assert len(several) >= 2
