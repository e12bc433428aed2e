"""What the tests share (not a test module): boards built without a file reader, the
repository's folders, the seeds' deals and plays, the quick estimate, batch outputs read
back."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from equity.app.options import RulingOptions
from equity.core.game.board import Board, PlayRecord
from equity.core.game.cards import (
    FULL_DECK,
    Card,
    Contract,
    Deal,
    Seat,
    Strain,
    Suit,
    Vulnerability,
    card_set,
    cards,
)
from equity.core.game.claim import Claim, ClaimAware, ClaimOrder
from equity.core.game.facts import (
    Attention,
    ClaimStatus,
    Facts,
    Information,
    Requirement,
    RuledBy,
    Withdrawal,
)
from equity.core.game.play_from import PlayFrom
from equity.core.game.position import Position, legal_cards, trick_winner
from equity.core.game.replay import replay
from equity.core.game.revoke_report import RevokeReport
from equity.core.game.start_position import StartPosition
from equity.core.law.laws import AutomaticRuling, rule
from equity.core.player.likely import Estimate
from equity.dd import binding
from equity.dd.session import deal_key, session
from equity.formats import read_boards
from tests import oracle_dd


def board(
    deal: str,
    contract: str,
    declarer: str,
    rows: list[str],
    *,
    claim: int | None = None,
    facts: Facts | None = None,
    requirements: str = "",
    number: int = 1,
) -> Board:
    """A board whose play ``rows`` are PBN-style: four cards per trick in seat order
    starting with the opening leader, ``-`` for no card, ``^R``/``^L`` marks allowed."""
    decl = Seat.parse(declarer)
    con = Contract.parse(contract, decl)
    first = con.opening_leader
    tricks = []
    leaders: list[Seat | None] = []
    marks: dict[tuple[int, Seat], str] = {}
    for i, row in enumerate(rows):
        slots: list[Card | None] = [None] * 4
        k = 0
        mark = None
        lead = None
        for tok in row.split():
            if tok.startswith("^"):
                mark = tok[1]
                continue
            seat = first.after(k)
            if tok != "-":
                slots[seat] = Card.parse(tok)
            if mark:
                marks[(i + 1, seat)] = mark
                if mark == "L":
                    lead = seat
            mark = None
            k += 1
        tricks.append((slots[0], slots[1], slots[2], slots[3]))
        leaders.append(lead)
    f = facts or Facts()
    if requirements:
        f = replace(f, requirements=Requirement.parse_list(requirements))
    rec = PlayRecord(first, tuple(tricks), tuple(leaders), marks,
                     claimed=claim is not None, claim_tricks=claim)
    return Board("test.pbn", number, number, Seat.N, Vulnerability.NONE,
                 Deal.parse_pbn(deal), con, rec, claim, f)


# Seed 001's deal: 3NT by East, North discards a club on the fourth diamond.
SEED001_DEAL = "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"
SEED001_PLAY = [
    "H7 H3 HJ HQ", "C6 D2 D3 DA", "C8 D7 D4 DK", "C9 D8 D5 DQ", "S8 C5 ^R C2 DJ",
    "ST S3 DT D9", "HA H4 H6 H8", "HK HT C3 D6", "H9 CJ C4 C7", "H5 S5 CQ S2",
    "H2 CK S7 CA", "SJ SA S4 S6", "CT SQ SK S9",
]
# The same story with West discarding the club jack on the ninth diamond: the table line
# then keeps that discard, which blocks the clubs (9 tricks double dummy, not 10).
SEED001_PLAY_WEST_BLOCKS = [
    *SEED001_PLAY[:5], "ST CJ DT D9", *SEED001_PLAY[6:8], "H9 S3 C4 C7", *SEED001_PLAY[9:],
]


def random_board(
    rng: random.Random,
    contract: str = "4S",
    declarer: str = "S",
    inject: tuple[tuple[int, int], ...] = (),
    stop_after: tuple[int, int] | None = None,
    claim: int | None = None,
) -> tuple[Board, list[tuple[int, Seat]]]:
    """A random deal and a random legal play, with a revoke injected at each
    (trick, position-in-trick) of ``inject`` where the player could follow suit and held
    another suit. ``stop_after`` = (trick, position): the record ends after that card.
    Returns the board and the revokes actually injected as (trick, seat)."""
    deck = list(cards(FULL_DECK))
    rng.shuffle(deck)
    hands = [card_set(deck[i * 13:(i + 1) * 13]) for i in range(4)]
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    decl = Seat.parse(declarer)
    con = Contract.parse(contract, decl)
    trump = con.trump
    leader = con.opening_leader
    held = list(hands)
    rows: list[tuple[Card | None, Card | None, Card | None, Card | None]] = []
    injected: list[tuple[int, Seat]] = []
    done = False
    for t in range(1, 14):
        slots: list[Card | None] = [None] * 4
        plays: list[tuple[Seat, Card]] = []
        for k in range(4):
            seat = leader.after(k)
            led = plays[0][1].suit if plays else None
            legal = legal_cards(held[seat], led)
            if (t, k) in inject and led is not None and held[seat] & led.mask \
                    and held[seat] & ~led.mask:
                pool = list(cards(held[seat] & ~led.mask))
                injected.append((t, seat))
            else:
                pool = list(cards(legal))
            card = rng.choice(pool)
            held[seat] &= ~card.bit
            slots[seat] = card
            plays.append((seat, card))
            if stop_after == (t, k):
                done = True
                break
        rows.append((slots[0], slots[1], slots[2], slots[3]))
        if done:
            break
        leader = trick_winner(plays, trump)
    first = con.opening_leader
    rec = PlayRecord(first, tuple(rows), tuple(None for _ in rows), {},
                     claimed=claim is not None, claim_tricks=claim)
    return Board("random.pbn", 1, 1, Seat.N, Vulnerability.NONE, deal, con, rec, claim,
                 Facts()), injected


ROOT = Path(__file__).resolve().parents[1]
"""The repository."""
CASES = ROOT / "tests" / "cases"
"""The seeds' worked examples, each a PBN file with its expected ruling beside it."""

SEED_FILES = tuple(sorted(CASES.glob("*.pbn")))
"""The seed cases' files, for a batch over them: ``equity batch tests/cases`` walks the
folder recursively and so would also rule the published claim rulings of
``tests/cases/claims/`` (the claims benchmark's set, ``benchmarks/fidelity/claims.py``),
which are not the batch tests' subject."""

DATA = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data").resolve()
"""Real bridge data kept beside the repository (see its SOURCES.md); never copied in."""


EXTERNAL = DATA / "external"


NO_DATA = "real data not found at"
"""How a real-data test's skip reason starts (the run counts them at its end; the older
modules' ``skipif`` say "../shared/data absent")."""


QUICK_ARGS = ("--samples", "8")
"""Options for tests of batch mechanics (resume, kill, errors, workers, clusters): a
decision model of eight layouts a decision at most. The estimate itself is tested in
tests/core/player/test_decision.py and test_outcome_tree.py, batch against rule with the
default options on the seed cases in tests/app/test_batch.py."""


def quick() -> RulingOptions:
    """:data:`QUICK_ARGS` as ruling options."""
    return RulingOptions(samples=8)


def light_estimate() -> Estimate:
    """A small estimate for property tests over many random boards: eight layouts a
    decision at most (the properties hold whatever the estimate's size)."""
    return Estimate(samples=8)


TIMES = ("dds_seconds", "seconds")
"""The fields of a ruling's ``stats`` that are measured, not computed: they differ from
one run to the next, so comparisons of rulings leave them out."""


def untimed(obj: dict[str, Any]) -> dict[str, Any]:
    """A JSON ruling without the times in its ``stats`` (the counts stay)."""
    stats = obj.get("stats")
    if not isinstance(stats, dict):
        return obj
    return {**obj, "stats": {k: v for k, v in stats.items() if k not in TIMES}}


def ruled(rows: list[str], claim: int | None = None, laws: str = "2017",
          facts: Facts | None = None, requirements: str = "") -> AutomaticRuling:
    return rule(replay(board(D2, "4S", "S", rows, claim=claim, facts=facts,
                             requirements=requirements)), laws)


def case_board(name: str, number: int = 1) -> AutomaticRuling:
    boards = [b for b in read_boards(CASES / f"{name}.pbn") if not isinstance(b, Exception)]
    b = next(b for b in boards if getattr(b, "number", None) == number)
    return rule(replay(b), b.facts.laws or "2017")


EBL_DEAL = "N:32.A643.AKQ7.A42 AQJ65.987.5432.6 74.52.6.KJT98753 KT98.KQJT.JT98.Q"


EBL_PLAY = ["HK HA H7 H2", "HT H3 H8 ^R C3", "CQ CA C6 C5", "HJ H4 H9 ^R C7",
            "S8 C4 D2 CK", "S9 C2 D3 CJ", "ST S3 D4 CT", "SK S2 D5 C9", "D8 H6 S5 C8",
            "D9 DA S6 D6", "DT DK SJ S4", "DJ DQ SQ S7", "HQ D7 SA H5"]


POZNAN_DEAL = "N:T.QJ653.K652.AKQ 542.AKT2.Q43.842 AKQ983.4.J.97653 J76.987.AT987.JT"


POZNAN_PLAY = ["CJ CA C2 C3", "CT CK C4 ^R H4", "S6 CQ C8 ^R DJ"]


D2 = "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"


BOTH_SIDES = ["H8 H2 HA ^R S5", "D8 D2 ^R C5 DJ", "C3 H3 C6 CA"]


DEAL_001 = "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"
"""Seed 001's deal (the bundled example's), which many tests build boards on."""
CLAIM_DEAL = DEAL_001
CLAIM_RECORD = f"""[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{CLAIM_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Result "10"]
[EquityClaim "E: winners"]
[EquityClaimStatus "disputed"]
"""
"""A claim found at the table without the play (3NT by East, his claim of ten tricks
disputed): the record to which ``[EquityClaimPosition]`` adds the cards still held."""
CLAIM_HELD = ("lead S; won NS 3 EW 5; N SK S7 S4 CQ C4; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; "
              "W SA SQ S5 CK CJ")
"""The cards still held at that claim, after trick 8."""
CLAIM_ROWS = (f"board: 1\ndealer: N\nvulnerable: None\ndeal: {CLAIM_DEAL}\ncontract: 3NT\n"
              f"declarer: E\nresult: 10\nclaim: E: winners\nclaim-status: disputed\n"
              f"claim-position: {CLAIM_HELD}\n")
"""The same claim as rows."""


EMPTY_POOL = ["H8 H2 ^R C5 H9", "^R D6 H3 HA HT", "C3 D2 C9 CA"]
"""Two revokes by East-West on D2 (claim: 12 for declarer), the second finding no trick
left: East revokes at trick 1 (South wins it), West at trick 2, which East wins with
♥A, East-West's only trick; the first revoke's 64A2 transfer takes it."""


EMPTY_POOL_64A1 = ["H8 H2 ^R C5 H9", "^R S2 H3 HA HT", "C2 D2 C6 CA"]
"""As :data:`EMPTY_POOL`, but West wins trick 2 by ruffing: his revoke is 64A1, and the
first revoke's transfer has taken the trick."""


POLICIES_DIFFER_DEAL = "N:KT9.QJ87.KJT543. 8432.T654.98.K94 AJ.A93.AQ72.AQJ6 Q765.K2.6.T87532"


POLICIES_DIFFER = [
    "C5 D3 CK CQ", "^R CT HJ H5 H3", "H2 H7 H4 HA", "S6 ST S3 SA", "D6 D5 D8 D2",
    "HK HQ HT H9", "C7 DJ C4 CA", "S7 DK D9 DA", "SQ S9 S4 SJ", "C8 SK C9 CJ",
    "S5 DT S2 D7", "C3 D4 S8 C6", "C2 H8 H6 DQ",
]


def random_ending(rng: random.Random, n: int) -> Position:
    """A random legal ending with ``n`` cards a hand, possibly with 1-3 cards on the trick."""
    suits = rng.sample(list(Suit), rng.randint(1, 4))
    while 13 * len(suits) < 4 * n:
        suits.append(next(s for s in Suit if s not in suits))
    pool = [Card(s, r) for s in suits for r in range(2, 15)]
    dealt = rng.sample(pool, 4 * n)
    hands = [card_set(dealt[i * n : (i + 1) * n]) for i in range(4)]
    leader = Seat(rng.randrange(4))
    trick: list[Card] = []
    for i in range(rng.randint(0, 3)):
        seat = leader.after(i)
        card = rng.choice(oracle_dd.legal_cards(hands[seat], tuple(trick)))
        hands[seat] &= ~card.bit
        trick.append(card)
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), Strain(rng.randrange(5)), leader, tuple(trick)
    )


def dds_values(solved: Any, i: int, every: bool) -> tuple[Any, ...]:
    """DDS's answer as values: the best score, or every card's (the order DDS lists
    cards in, and which of equal cards it names, follow its move ordering, which a warm
    table may change)."""
    fut = solved.solvedBoard[i]
    if not every:
        return (int(fut.score[0]),)
    return tuple(sorted((int(fut.suit[k]), r, int(fut.score[k]))
                        for k in range(int(fut.cards))
                        for r in range(2, 15) if ((1 << fut.rank[k]) | fut.equals[k]) >> r & 1))


def cold_dds_values(p: Position, every: bool) -> tuple[Any, ...]:
    """``p``'s values (:func:`dds_values`) solved cold: on DDS slot 0 right after the same
    cards in another strain (DDS empties its table for a new strain)."""
    decoy = Position(p.hands, Strain((int(p.strain) + 1) % 5), p.leader, p.trick)
    bop = session().pack([decoy, p], [False, every])
    solved = binding.new_solved()
    with session()._lock:
        binding.solve_board(bop, 0, solved, 0)
        binding.solve_board(bop, 1, solved, 0)
        session()._last[0] = deal_key(p)
    return dds_values(solved, 1, every)

BAD_BOARD = f"""
[Board "99"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 HJ SK
"""
"""East plays SK, which North holds: a record that cannot be replayed."""


TIMED = f"""[Board "1"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 C2 H8
C6 D2 D3 DA

[Board "2"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 C2 H8
"""
"""Board 1: North revokes at trick 1 and it is established, so Law 64C solves a nearly
full deal. Board 2: the same revoke, not established: corrected, nothing to solve."""


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [untimed(json.loads(x)) for x in path.read_text(encoding="utf-8").splitlines()]


def by_key(lines: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = {ln["key"]: ln for ln in lines}
    assert len(out) == len(lines), "a board appears twice"
    return out


def many_boards(path: Path, n: int) -> Path:
    """``n`` copies of the first timed board (each a revoke whose Law 64C check solves),
    numbered 1 to ``n``: a run long enough to interrupt or to kill a worker in."""
    first = TIMED.split("\n\n")[0]
    path.write_text("\n\n".join(first.replace('[Board "1"]', f'[Board "{i}"]')
                                for i in range(1, n + 1)) + "\n", encoding="utf-8")
    return path


ROWS_001 = """\
# Seed 001 as the four players' quitted cards
board: 1
contract: 3NT
declarer: E
result: 6
S: H7 C6 C8 C9 S8 ST HA HK H9 H5 H2 SJ CT
W: H3 D2 D7 D8 C5 S3 H4 HT CJ S5 CK SA SQ
N: HJ D3 D4 D5 C2 DT H6 C3 C4 CQ S7 S4 SK
E: HQ DA DK DQ DJ D9 H8 D6 C7 S2 CA S6 S9
"""
"""Seed 001's play as rows. Since issue 12 the case's discards are the bundled example's
(equity/examples/3nt_east_diamond_revoke.pbn): the earlier invented discards (West's ♣J
on the ♦9, ♣K on a heart) were non-offenders' errors the table line keeps, which made the
default ruling 8 tricks instead of the seed's 10. The errors tested below are the same,
on the new rows' cards."""


def hostile_folder(folder: Path) -> Path:
    """A working directory a worker must not import from: ``random.py`` and ``json.py``
    (the first imported at start-up on a machine whose site hooks do not, the second by
    every worker) and an ``equity/`` package, each leaving a file ``MARKER-name`` when
    executed; the ``equity/`` is an empty package, as an old checkout would shadow the
    real one."""
    folder.mkdir(parents=True, exist_ok=True)
    mark = "import pathlib\npathlib.Path('{0}').joinpath('MARKER-{1}').write_text('ran')\n"
    for name in ("random", "json"):
        (folder / f"{name}.py").write_text(mark.format(folder, name)
                                          + "raise ImportError('imported from the cwd')\n")
    (folder / "equity").mkdir(exist_ok=True)
    (folder / "equity" / "__init__.py").write_text(mark.format(folder, "equity"))
    return folder


def launcher(folder: Path) -> list[str]:
    """The ``equity`` command as its console script runs it (the script's own folder
    first on the import path, not the working directory), with this source tree."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "equity_command.py"
    script.write_text(f"import sys\nsys.path.insert(1, {str(ROOT)!r})\n"
                      "from equity.app.cli import main\n"
                      "if __name__ == '__main__':\n    sys.exit(main())\n")
    return [sys.executable, str(script)]


EVERY_FACT = Facts(laws="2007", attention=Attention.RETURNED,
                   attention_by_trick={5: Attention.ROUND},
                   claimer=Seat.S, claim=Claim.parse("S: HA HK; trumps"),
                   claim_status=ClaimStatus.DISPUTED, claim_agreed=(Seat.W,),
                   claim_aware=ClaimAware.parse("S2 HQ"), claim_order=ClaimOrder.TOP,
                   self_inflicted=1,
                   requirements=Requirement.parse_list("1 W lead H; 3 E penalty SK"),
                   withdrawn=Withdrawal.parse_list("2 E H2; 2 S S5"), players="club",
                   signals="upside-down", unauthorised=Information.parse_list("3 E: S D=6"),
                   authorised=Information.parse_list("3 E: S D<=5 | 4 W: N HK"),
                   authority="ACBL", ruled_by=RuledBy.COMMITTEE,
                   revoke_report=RevokeReport.parse("4 E S3 established; won E; later yes"),
                   claim_position=StartPosition.parse(
                       "lead S; won NS 7 EW 5; N SA; E SK; S SQ; W SJ"),
                   play_from=PlayFrom.parse("5; won NS 3 EW 1"))
"""Every fact away from its default: what the tests of the registry say and read back."""


def played_from(board: Board, trick: int) -> Board:
    """``board`` (played out) with its play given from ``trick`` on, as
    ``[EquityPlayFrom]`` gives it: the ``[Play]`` seat the one who led that trick, the
    marks renumbered from it, the result declarer's tricks in all."""
    assert board.play is not None
    rp = replay(board)
    marks = {(t - trick + 1, s): m for (t, s), m in board.play.marks.items() if t >= trick}
    play = PlayRecord(rp.tricks[trick - 1].leader, board.play.tricks[trick - 1:],
                      (None,) * (14 - trick), marks)
    facts = replace(board.facts, play_from=PlayFrom(trick))
    return replace(board, play=play, result=rp.declarer_tricks, facts=facts)


def case_001() -> Board:
    """Seed case 001 (3NT by East, played out; North's ♣2 revoke on trick 5)."""
    return next(b for b in read_boards(CASES / "001_3nt_east_diamond_discard.pbn")
                if isinstance(b, Board))
