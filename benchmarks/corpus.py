"""A benchmark corpus with known revokes, made from real deals and play records.

Each board of the corpus is a real board whose record replays cleanly with all 52 cards
(from ../shared/data/external), with one revoke injected: at a random card where the
player could follow suit and held another suit, he plays a card of another suit
instead. The rest of the record continues legally: every later card is the recorded
one when it is still held and legal, else a legal card picked by the seeded generator
(the revoke changes hands, and may change who wins a trick and so who leads next).
The same seed gives the same corpus. The injected revoke is written in our tag
``[InjectedRevoke "TRICK SEAT CARD"]`` so tests can check a scan against it.

Run: ``python -m benchmarks.corpus OUT.pbn [--boards 1000] [--seed 1] [--from DIR]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from msgspec import Struct

from equity.core.game import (
    Board,
    BoardError,
    Card,
    Contract,
    Deal,
    Position,
    Seat,
    Vulnerability,
    cards,
    dealer_for_board,
    replay,
)
from equity.formats import read_boards
from equity.formats.walk import files


def find_external() -> tuple[Path | None, list[Path]]:
    """Where the real records live, and the places looked at: ``$EQUITY_EXTERNAL`` when set,
    else ``shared/data/external`` beside the repository or beside any folder above it or
    above the current one (a git worktree, a checkout one level deeper, a run from
    elsewhere). None when none is there."""
    given = os.environ.get("EQUITY_EXTERNAL")
    if given:
        return (Path(given) if Path(given).is_dir() else None), [Path(given)]
    looked: list[Path] = []
    for start in (Path(__file__).resolve().parents[1], Path.cwd().resolve()):
        for folder in (start, *start.parents):
            candidate = folder.parent / "shared" / "data" / "external"
            if candidate in looked:
                continue
            looked.append(candidate)
            if candidate.is_dir():
                return candidate, looked
    return None, looked


_FOUND, _LOOKED = find_external()
EXTERNAL = _FOUND if _FOUND is not None else _LOOKED[0]
"""The real records' folder (:func:`find_external`), or the first place looked at when
there is none (the benchmarks and tests that need it skip then)."""


class Source(Struct, frozen=True):
    """A clean real board: its deal, contract and cards by trick and seat."""

    deal: Deal
    contract: Contract
    table: tuple[tuple[Card, Card, Card, Card], ...]


class Injected(Struct, frozen=True):
    """One corpus board: its play by trick and seat, and the revoke put into it."""

    number: int
    source: Source
    table: tuple[tuple[Card, Card, Card, Card], ...]
    revoke: tuple[int, Seat, Card]
    declarer_tricks: int


def sources(paths: Iterable[str | Path] = (EXTERNAL,)) -> list[Source]:
    """The boards of the files (directories searched) that replay without error or
    revoke and have a complete 52-card play."""
    out = []
    for path in files(paths):
        for b in read_boards(path):
            if not isinstance(b, Board) or b.contract is None or b.play is None:
                continue
            try:
                rp = replay(b)
            except BoardError:
                continue
            if rp.revokes or len(rp.complete_tricks) != 13:
                continue
            table = tuple(
                (t.card_of(Seat.N), t.card_of(Seat.E), t.card_of(Seat.S), t.card_of(Seat.W))
                for t in rp.tricks)
            out.append(Source(b.deal, b.contract,
                              tuple((n, e, s, w) for n, e, s, w in table
                                    if n and e and s and w)))
    return out


def _spots(src: Source) -> list[tuple[int, Seat]]:
    """(trick index, seat) of every card of the record its player could have revoked
    with: not a lead, and the player held the suit led and another suit."""
    out = []
    pos = Position(src.deal.hands, src.contract.strain, src.contract.opening_leader)
    for t, row in enumerate(src.table):
        for _ in range(4):
            seat, led = pos.to_play, pos.suit_led
            if led is not None and pos.hands[seat] & led.mask and pos.hands[seat] & ~led.mask:
                out.append((t, seat))
            pos = pos.play(row[seat])
    return out


def inject(src: Source, rng: random.Random, number: int) -> Injected | None:
    """``src`` with one revoke injected (None when no player ever could revoke).

    The play goes through :class:`~equity.core.game.position.Position` (the kernel's rules):
    at the chosen spot the player plays a card of another suit (a revoke, which
    :meth:`Position.play` accepts); every other card is the recorded one when it is
    still legal, else a legal card picked by ``rng``.
    """
    spots = _spots(src)
    if not spots:
        return None
    spot = rng.choice(spots)
    declarers = src.contract.declarer.side
    pos = Position(src.deal.hands, src.contract.strain, src.contract.opening_leader)
    table: list[tuple[Card, Card, Card, Card]] = []
    revoke: tuple[int, Seat, Card] | None = None
    won = 0
    for t, row in enumerate(src.table):
        slots = list(row)
        for _ in range(4):
            seat, led = pos.to_play, pos.suit_led
            if (t, seat) == spot and led is not None:
                card = rng.choice(list(cards(pos.hands[seat] & ~led.mask)))
                revoke = (t + 1, seat, card)
            else:
                card = row[seat]
                if not pos.legal() & card.bit:
                    card = rng.choice(list(cards(pos.legal())))
            slots[seat] = card
            pos = pos.play(card)
        won += pos.leader.side == declarers  # the trick's winner leads the next
        table.append((slots[0], slots[1], slots[2], slots[3]))
    assert revoke is not None
    return Injected(number, src, tuple(table), revoke, won)


def corpus(srcs: Sequence[Source], boards: int, seed: int = 1) -> Iterator[Injected]:
    """``boards`` corpus boards, cycling through ``srcs``; board k uses its own seeded
    generator, so any slice of a corpus is reproducible on its own."""
    if not srcs:
        raise ValueError("no clean source boards to inject revokes into")
    k = made = 0
    while made < boards:
        src = srcs[k % len(srcs)]
        k += 1
        item = inject(src, random.Random(f"{seed}:{k}"), made + 1)
        if item is not None:
            made += 1
            yield item
        elif k > 10 * len(srcs) + boards:
            raise ValueError("the source boards leave no chance to revoke")


def to_pbn(item: Injected) -> str:
    """One corpus board as a PBN game (with a trailing blank line)."""
    c = item.source.contract
    first = c.opening_leader
    rows = [" ".join(str(row[first.after(k)]) for k in range(4)) for row in item.table]
    t, seat, card = item.revoke
    vul = ("None", "All", "NS", "EW")[Vulnerability.for_board(item.number)]
    return "\n".join([
        '[Event "equity revoke corpus"]',
        f'[Board "{item.number}"]',
        f'[Dealer "{dealer_for_board(item.number).name}"]',
        f'[Vulnerable "{vul}"]',
        f'[Deal "{item.source.deal.to_pbn()}"]',
        f'[Declarer "{c.declarer.name}"]',
        f'[Contract "{c}"]',
        f'[Result "{item.declarer_tricks}"]',
        f'[InjectedRevoke "{t} {seat.name} {card}"]',
        f'[Play "{first.name}"]',
        *rows,
        "", ""])


def write(path: str | Path, items: Iterable[Injected]) -> int:
    """Write the corpus as PBN; returns the number of boards written."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        f.write("% PBN 2.1\n% equity revoke corpus (benchmarks.corpus)\n\n")
        for item in items:
            f.write(to_pbn(item))
            n += 1
    return n


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.corpus",
                                description="Write a PBN corpus of real boards with one "
                                "injected revoke each.")
    p.add_argument("out", help="the PBN file to write")
    p.add_argument("--boards", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--from", dest="src", action="append", metavar="PATH",
                   help="real PBN/LIN files or directories (default: shared/data/external "
                        "beside the repository or a folder above it, or $EQUITY_EXTERNAL)")
    args = p.parse_args(argv)
    if not args.src:
        found, looked = find_external()
        if found is None:
            where = (f"{looked[0]} does not exist" if os.environ.get("EQUITY_EXTERNAL")
                     else "no shared/data/external beside the repository "
                          f"({Path(__file__).resolve().parents[1]}), a folder above it or "
                          "above the current folder")
            print(f"{p.prog}: no source boards to inject revokes into ({where}); give real "
                  "PBN/LIN records with --from PATH (a file or directory), or set "
                  "EQUITY_EXTERNAL", file=sys.stderr)
            return 1
    paths = args.src or [found]
    missing = [str(x) for x in paths if not Path(x).exists()]
    srcs = [] if missing else sources(paths)
    if not srcs:  # said before OUT is opened: no header-only file is left behind
        where = (f"{missing[0]} does not exist" if missing
                 else f"no board in {', '.join(map(str, paths))} replays cleanly with all "
                      "52 cards")
        print(f"{p.prog}: no source boards to inject revokes into ({where}); give real "
              "PBN/LIN records with --from PATH (a file or directory)", file=sys.stderr)
        return 1
    n = write(args.out, corpus(srcs, args.boards, args.seed))
    print(f"{args.out}: {n} boards from {len(srcs)} clean real boards")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
