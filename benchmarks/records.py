"""Real play records for the player model and the readings: read, cleaned, deduplicated,
split, sampled; the decisions and outcomes they are fitted and scored on, valued.

Shared by the two rooms: :mod:`benchmarks.fitting` fits on the **fit** part,
:mod:`benchmarks.fidelity` scores on the **score** part (never fitted on).

* Sources (../shared/data/external, ``EQUITY_EXTERNAL``): BBO online tournaments
  (``pbntools-tests``: class ``club``), BBO daylongs with one human South and three GIB
  robots (``ben-bbo-daylong``: South ``club``, the robots ``robot``), expert top-level
  play (``dds-hands``: ``expert``) and a 2010 USBF vugraph segment
  (``bridgebots-tests/usbf_sf_14502.lin``: ``expert``).
* Kept: records that replay without a revoke and end in 13 tricks or a claim consistent
  with the deal; deduplicated by deal and play (BBO files repeat deals).
* Split by deal (a hash of the cards), so that a deal played at several tables is in
  one part only: the score part is never fitted on.
* Decisions: a fixed, seeded sample of non-forced decisions per record, tricks 2-11,
  each with the player's knowledge before his card (his hand, dummy, the cards played,
  the suits shown out of — never a later card), valued by the decision model
  (:class:`~equity.core.player.decision.DecisionModel`, the default sampling, reading the
  record's auction as the tool does) and double dummy in the real layout. Rows are cached
  on disk (``EQUITY_FIDELITY_CACHE``).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from benchmarks.corpus import EXTERNAL
from equity.core.game import (
    Board,
    BoardError,
    Card,
    Replay,
    Seat,
    Strain,
    Work,
    once_each,
    replay,
    solved,
    together,
    tricks_through,
)
from equity.core.player import (
    DecisionModel,
    Knowledge,
    PlayerClass,
    Start,
    checkpoint,
    classes,
    features,
    informed,
    leaves,
    lowest,
    mixture,
    seat_role,
)
from equity.core.reading import Table
from equity.dd import DdsSolver
from equity.formats import read_boards, read_text

CACHE = Path(os.environ.get("EQUITY_FIDELITY_CACHE", "/tmp/equity-fidelity"))
MODEL = "7"
"""The version of the models behind the cached rows, part of every cache file's name:
raised whenever the decision model or the outcome tree values a position differently
(3: the auction read, errors the opponents miss; 7: the opening lead, the signal and the
discards read, weighing the layouts), so a stale cache is never read."""
SEED = 29
"""The seed of the sample (fixed: the same records, the same decisions, every run)."""
PER_BOARD = 3
"""Non-forced decisions sampled per record."""


class Record(Struct, frozen=True):
    """A clean real record: where it came from, its replay, each seat's class."""

    source: str
    replay: Replay
    seats: tuple[str, str, str, str]
    key: str

    @property
    def part(self) -> str:
        """``fit`` or ``score``, by a hash of the deal alone."""
        deal = "|".join(f"{h:x}" for h in self.replay.board.deal.hands)
        digest = hashlib.blake2b(f"{SEED}:{deal}".encode(), digest_size=8).digest()
        return "fit" if digest[0] % 2 == 0 else "score"


def _dds_hands(path: Path) -> Iterator[Board | BoardError]:
    """The DDS test hands (``PBN trump first ... "N:..."`` then ``PLAY n "cards"``) as
    boards: declarer on the right of the first leader, a one-level contract in the
    strain (only declarer's tricks are used)."""
    lines = path.read_text().splitlines()
    deal, strain, first = "", 0, 0
    out: list[str] = []
    for ln in lines:
        parts = ln.split()
        if not parts:
            continue
        if parts[0] == "PBN":
            strain, first = int(parts[1]), int(parts[2])
            deal = ln.split('"')[1]
        elif parts[0] == "PLAY" and deal and int(parts[1]) == 52:
            played = ln.split('"')[1]
            out.append(_as_pbn(deal, strain, first, played, len(out) + 1))
    yield from read_text("\n".join(out), "pbn", str(path))


def _as_pbn(deal: str, strain: int, first: int, played: str, number: int) -> str:
    """One PBN game from a DDS test hand."""
    hands: dict[str, Seat] = {}
    seat = Seat.N.after("NESW".index(deal[0]))
    for i, hand in enumerate(deal[2:].split()):
        for s, holding in zip("SHDC", hand.split("."), strict=True):
            for r in holding:
                hands[s + r] = seat.after(i)
    leader = Seat(first)
    declarer = leader.after(3)
    cards = [played[i:i + 2] for i in range(0, len(played), 2)]
    rows = []
    for t in range(13):
        trick = cards[4 * t:4 * t + 4]
        by = {hands[c]: c for c in trick}
        rows.append(" ".join(by[leader.after(k)] for k in range(4)))
    contract = "1" + ("NT" if strain == 4 else "SHDC"[strain])
    return (f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            f'[Declarer "{"NESW"[declarer]}"]\n[Contract "{contract}"]\n'
            f'[Play "{"NESW"[leader]}"]\n' + "\n".join(rows) + "\n")


def _files() -> Iterator[tuple[str, Path]]:
    for p in sorted((EXTERNAL / "pbntools-tests").rglob("*")):
        if p.suffix.lower() in (".pbn", ".lin"):
            yield "bbo-online", p
    for p in sorted((EXTERNAL / "ben-bbo-daylong").glob("*.pbn")):
        yield "bbo-daylong", p
    for p in sorted((EXTERNAL / "dds-hands").glob("*.txt")):
        if p.name != "sol10.txt":
            yield "expert", p
    yield "usbf-vugraph", EXTERNAL / "bridgebots-tests" / "usbf_sf_14502.lin"


def _seats(source: str) -> tuple[str, str, str, str]:
    if source == "bbo-daylong":
        return ("robot", "robot", "club", "robot")
    return ("expert",) * 4 if source in ("expert", "usbf-vugraph") else ("club",) * 4


def records() -> list[Record]:
    """Every clean record, deduplicated by deal and play, in a fixed order."""
    seen: set[str] = set()
    out: list[Record] = []
    for source, path in _files():
        if not path.is_file():
            continue
        items = _dds_hands(path) if path.suffix == ".txt" else read_boards(path)
        for b in items:
            if isinstance(b, BoardError) or b.contract is None or b.play is None:
                continue
            try:
                rp = replay(b)
            except BoardError:
                continue
            if rp.revokes or not rp.finished or rp.claim_problem() is not None:
                continue
            if rp.contract.strain not in Strain or not rp.tricks:
                continue
            key = "|".join(f"{h:x}" for h in b.deal.hands) + ":" + "".join(
                str(p.card) for t in rp.tricks for p in t.plays)
            if key in seen:
                continue
            seen.add(key)
            out.append(Record(source, rp, _seats(source), key))
    return out


def knowledge_at(rp: Replay, trick: int, index: int) -> Knowledge:
    """What the player of card ``index`` of ``trick`` knew before playing it."""
    return Start.at(rp, trick, index).knowledge()


def _spots(rec: Record, rng: random.Random) -> list[tuple[int, int]]:
    rp = rec.replay
    spots = []
    for t in rp.tricks[1:11]:
        for i in range(len(t.plays)):
            k = knowledge_at(rp, t.number, i)
            if len(classes(k.position.legal(), k.position)) > 1:
                spots.append((t.number, i))
    rng.shuffle(spots)
    return sorted(spots[:PER_BOARD])


def decision_rows(rec: Record, table: Table | None = None) -> list[dict[str, Any]]:
    """The sampled decisions of one record, valued (module docstring), as JSON rows:
    each run of equal legal cards with the decision model's chance, its mean over the
    layouts, its real double-dummy value and its conventions; which run was played.
    ``table``: what the players read (default the record's own, :meth:`Table.of`)."""
    rp = rec.replay
    rng = random.Random(f"{SEED}:{rec.key}")
    spots = _spots(rec, rng)
    model = DecisionModel.of(table or Table.of(rp.board))
    ks = [knowledge_at(rp, t, i) for t, i in spots]
    decisions = solved(together(*[model.decide(k) for k in ks]), DdsSolver(), model.work)
    reals = solved(together(*[model.real_values(k.position) for k in ks]), DdsSolver())
    rows = []
    for (t, i), k, d, real in zip(spots, ks, decisions, reals, strict=True):
        pos = k.position
        play = rp.tricks[t - 1].plays[i]
        groups = classes(pos.legal(), pos)
        means, chances = dict(d.means), dict(d.options)
        runs = []
        for g in groups:
            rep = lowest(g)
            runs.append({"cards": [str(c) for c in g], "chance": chances.get(rep, 0.0),
                         "mean": means[rep], "real": real[rep],
                         "features": list(features(pos, g))})
        played = next(j for j, g in enumerate(groups) if play.card in g)
        rows.append({"source": rec.source, "class": rec.seats[play.seat],
                     "role": seat_role(play.seat, rp.contract.declarer),
                     "part": rec.part, "trick": t, "index": i, "how": d.how,
                     "runs": runs, "played": played, "layouts": d.layouts})
    return rows


def cached_rows(recs: list[Record], name: str = "decisions") -> list[dict[str, Any]]:
    """Every record's decision rows, from the cache where present (one line a record)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{name}-v{MODEL}.jsonl"
    done: dict[str, list[dict[str, Any]]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            obj = json.loads(line)
            done[obj["key"]] = obj["rows"]
    with path.open("a") as f:
        for rec in recs:
            if rec.key not in done:
                done[rec.key] = decision_rows(rec)
                f.write(json.dumps({"key": rec.key, "rows": done[rec.key]}) + "\n")
                f.flush()
    return [r for rec in recs for r in done[rec.key]]


CAPS = {"bbo-online": {"fit": 250, "score": 150}, "bbo-daylong": {"fit": 100, "score": 100}}
"""At most this many records of a source and part (a fixed, seeded choice); the others
are taken whole."""


def sample(recs: list[Record]) -> list[Record]:
    """The benchmark's fixed sample of ``recs`` (:data:`CAPS`, seed :data:`SEED`)."""
    out = []
    for source in dict.fromkeys(r.source for r in recs):
        for part in ("fit", "score"):
            mine = [r for r in recs if r.source == source and r.part == part]
            cap = CAPS.get(source, {}).get(part)
            if cap is not None and len(mine) > cap:
                mine = sorted(random.Random(f"{SEED}:{source}:{part}").sample(mine, cap),
                              key=recs.index)
            out += mine
    return out


CHECKPOINTS = (2, 4, 8)
"""Outcome queries start at tricks 3, 5 and 9 (``equity likely --after-trick`` 2, 4, 8)."""
OUTCOME_RECORDS = {
    "fit": {"bbo-online": 884, "bbo-daylong": 146, "expert": 40, "usbf-vugraph": 16},
    "score": {"bbo-online": 567, "bbo-daylong": 146, "expert": 40, "usbf-vugraph": 16}}
"""Records per part and source whose checkpoints are played out (a fixed, seeded choice
of :func:`records`, not of the card level's :func:`sample`). Both parts take every
human record they hold: 100 records a part (about 290 checkpoints) left the human figures
at the mercy of which deals were drawn (double dummy exact 80 % on the score part, 72 %
on the fit part)."""
OUTCOME_CLASS = {"bbo-online": "club", "bbo-daylong": "club", "expert": "expert",
                 "usbf-vugraph": "expert"}
"""The class of player the outcome tree assumes for a source (the daylongs: the human's)."""
ERRED = {None: "", (True, True): "declarer exploited", (True, False): "declarer missed",
         (False, True): "defender exploited", (False, False): "defender missed"}
"""A leaf's kind: not an error, or (the erring side is declarer's, its opponents
exploited it)."""


def outcome_queries(recs: Sequence[Record], part: str = "score") -> list[tuple[Record, int]]:
    """``part``'s checkpoints to play out (a fixed, seeded choice of its records)."""
    out = []
    for source, cap in OUTCOME_RECORDS[part].items():
        mine = [r for r in recs if r.source == source and r.part == part]
        mine = sorted(random.Random(f"29:{source}:{part}").sample(mine, min(cap, len(mine))),
                      key=recs.index)
        for r in mine:
            done = sum(t.complete for t in r.replay.tricks)
            out += [(r, k) for k in CHECKPOINTS if k <= done and k < 12]
    return out


def _query_key(rec: Record, after: int, cls: PlayerClass) -> str:
    # the class's repr leaves out what the tree does not foresee: the tree does not use it
    text = f"{rec.key}|{after}|{replace(cls, about='')}"
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def outcome(rec: Record, after: int, cls: PlayerClass, table: Table | None = None
            ) -> dict[str, Any]:
    """One checkpoint: the tree's leaves by result and kind (:data:`ERRED`), its
    distribution, double dummy, the truth, the work. ``table``: what the players read
    (default the record's own, :meth:`Table.of`)."""
    rp = rec.replay
    start = checkpoint(rp, after)
    side = rp.declarer_side
    model = DecisionModel.of(table or Table.of(rp.board), players=cls)
    work = Work()
    model.work = work
    t0 = time.perf_counter()
    found = solved(once_each(leaves(start, model), work), DdsSolver(), work)
    seconds = time.perf_counter() - t0
    dd = start.won[side] + solved(tricks_through(start.position, side), DdsSolver())
    parts: dict[tuple[int, str], float] = {}
    total = sum(leaf.probability for leaf in found) or 1.0
    for leaf in found:
        kind = ERRED[None if leaf.erred is None
                     else (leaf.erred[0] == side, leaf.erred[1])]
        key = (leaf.won[side], kind)
        parts[key] = parts.get(key, 0.0) + leaf.probability / total
    dist = [0.0] * 14
    for (tricks, _), p in parts.items():
        dist[tricks] += p
    return {"truth": rp.declarer_tricks, "dd": dd, "dist": dist,
            "leaves": [[t, k, p] for (t, k), p in sorted(parts.items())],
            "positions": work.positions, "seconds": seconds}


FLOOR = 0.01
"""The least probability a card played or a table's result is scored with."""


def played_probability(row: dict[str, Any], cls: PlayerClass) -> tuple[float, list[float]]:
    """The probability ``cls`` gives the run played of a decision row, and every run's."""
    reps = [Card.parse(r["cards"][-1]) for r in row["runs"]]
    chances = {c: r["chance"] for c, r in zip(reps, row["runs"], strict=True)}
    means = {c: r["mean"] for c, r in zip(reps, row["runs"], strict=True)}
    feats = {c: r["features"] for c, r in zip(reps, row["runs"], strict=True)}
    real = {c: r["real"] for c, r in zip(reps, row["runs"], strict=True)}
    p = informed(mixture(chances, means, feats, cls), real, cls)
    probs = [p[c] for c in reps]
    return probs[row["played"]], probs


def reweighted(row: dict[str, Any], base: PlayerClass, cls: PlayerClass) -> list[float]:
    """The distribution ``row`` (played out with ``base``) would have with ``cls``'s
    shares of errors exploited: the tree's shape does not depend on them, only the
    weights of the errors' leaves."""
    def factor(share: float, base_share: float, exploited: bool) -> float:
        if exploited:
            return share / base_share if base_share else 0.0
        return (1 - share) / (1 - base_share) if base_share < 1 else 0.0

    dist = [0.0] * 14
    for tricks, kind, p in row["leaves"]:
        if kind.startswith("declarer"):
            p *= factor(cls.exploited_by_defenders, base.exploited_by_defenders,
                        kind.endswith("exploited"))
        elif kind.startswith("defender"):
            p *= factor(cls.exploited_by_declarer, base.exploited_by_declarer,
                        kind.endswith("exploited"))
        dist[tricks] += p
    total = sum(dist) or 1.0
    return [p / total for p in dist]


def cached_outcomes(queries: Sequence[tuple[Record, int]], cls_of: Callable[[Record], PlayerClass],
                    name: str) -> list[dict[str, Any]]:
    """The checkpoints' outcomes, from the cache (``outcomes-NAME.jsonl``) where present."""
    path = CACHE / f"outcomes-{name}-v{MODEL}.jsonl"
    done: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            obj = json.loads(line)
            done[obj["key"]] = obj
    out = []
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        for rec, after in queries:
            key = _query_key(rec, after, cls_of(rec))
            if key not in done:
                done[key] = {"key": key, **outcome(rec, after, cls_of(rec)),
                             "source": rec.source, "after": after}
                f.write(json.dumps(done[key]) + "\n")
                f.flush()
            out.append(done[key])
    return out


if __name__ == "__main__":
    chosen = sample(records())
    by: dict[str, list[Record]] = {}
    for r in chosen:
        by.setdefault(r.source, []).append(r)
    mixed = [r for rank in range(len(chosen)) for rs in by.values() if rank < len(rs)
             for r in [rs[rank]]]  # every source early, so a partial cache holds them all
    rows = cached_rows(mixed)
    print(len(rows), "decisions cached in", CACHE)
