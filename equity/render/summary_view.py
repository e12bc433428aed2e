"""What ``equity summary`` says of a batch output, worded once: sections of (what,
figure) rows that the terminal table and the HTML page both lay out."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from msgspec import Struct

from equity.render.tally import LAW_ORDER, ROLES, STATS, Tally

LAW_NAMES = {
    "64A1": "64A1: offender won the revoke trick (one or two tricks)",
    "64A2": "64A2: offender did not win it (one trick)",
    "64A": "64A: established, nothing to transfer (yet, or none left)",
    "64B1": "64B1: offenders won neither the revoke trick nor a later one",
    "64B2": "64B2: second revoke in the same suit by the same player",
    "64B3": "64B3: a card of dummy, a penalty card or a faced hand",
    "64B4": "64B4: attention drawn after the non-offenders' next call",
    "64B5": "64B5: attention drawn after the round ended",
    "64B6": "64B6: trick-12 revoke that stands",
    "64B7": "64B7: both sides revoked, both established",
    "64B8": "64B8: corrected under Law 62C3",
    "62": "62: corrected (not established)",
    "62D": "62D: trick-12 revoke corrected",
}
CURRENCIES = (("tricks", "tricks"), ("points", "points"), ("mp", "matchpoints"),
              ("imps", "IMPs"))
STAT_NAMES = {"positions": "positions solved", "decisions": "single-dummy decisions",
              "layouts": "layouts solved", "dds_seconds": "DDS seconds",
              "seconds": "seconds in all"}


class Section(Struct, frozen=True):
    title: str
    rows: tuple[tuple[str, str], ...]
    note: str = ""


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}"


def _spread(values: Sequence[float]) -> str:
    """"mean 1.50 (median 1, 0 to 3) over 4"."""
    return (f"mean {_n(round(statistics.fmean(values), 2))} (median "
            f"{_n(statistics.median(values))}, {_n(min(values))} to {_n(max(values))}) over "
            f"{len(values)}")


def sections(t: Tally) -> list[Section]:
    """The summary, section by section."""
    out = [Section("Boards", (
        ("lines", str(t.lines)), ("ruled", str(t.ruled)),
        ("no play record (skipped)", str(t.unplayed)),
        ("play continues (no result yet)", str(t.pending)),
        ("in error", str(t.errors))))]
    laws = tuple((LAW_NAMES.get(law, law), str(t.by_law[law]))
                 for law in [*LAW_ORDER, *sorted(set(t.by_law) - set(LAW_ORDER))]
                 if t.by_law[law])
    out.append(Section("Revokes by law", (("revokes", str(t.revokes)), *laws)))
    out.append(Section("Revokes by role",
                       tuple((r, str(t.by_role[r])) for r in ROLES)))
    out.append(Section("Transfers (Law 64A)", (
        ("revokes with a transfer", str(t.transfers)),
        ("tricks transferred", str(t.tricks_transferred)))))
    basis = (("64A transfer stands", str(t.basis["64A"])),
             ("64C adjusted score", str(t.basis["64C"])),
             *((("16C2 adjusted score (correction)", str(t.basis["16C2"])),)
               if t.basis["16C2"] else ()),
             *((("16B adjusted score (information from partner)", str(t.basis["16B"])),)
               if t.basis["16B"] else ()),
             ("no transfer, no adjustment", str(t.basis["none"])),
             *((("not checked (--no-equity)", str(t.basis["no 64C check"])),)
               if t.basis["no 64C check"] else ()))
    out.append(Section("Ruling: 64A or 64C", basis))
    gains = []
    for currency, name in CURRENCIES:
        values = t.gains(currency)
        if values:
            gains.append((f"non-offenders' gain in {name}", _spread(values)))
    disagree = [b for b in t.adjusted if b.scoring_disagrees]
    if disagree:
        gains.append(("better in the event's scoring, worse in tricks", str(len(disagree))))
    note = ("" if t.adjusted else "no board was adjusted under Law 64C")
    if disagree:
        note = (f"{len(disagree)} adjusted board{'s gain' if len(disagree) != 1 else ' gains'} the "
                "non-offenders points (or matchpoints, IMPs) with fewer tricks on average "
                "(a weighted score whose parts score unevenly): Law 64C compares scores, so "
                "the gain in the event's scoring is the one that counts, and a mean gain in "
                "tricks below 0 is not an error")
    out.append(Section("Law 64C adjustments", (("boards adjusted", str(len(t.adjusted))),
                                               *gains), note))
    out.append(Section("Errors by kind", tuple((kind, str(n)) for kind, n in
                                              sorted(t.error_kinds.items())),
                       "" if t.error_kinds else "no errors"))
    work = tuple((STAT_NAMES[s] + " per ruling", _spread(t.stat(s)))
                 for s in STATS if t.stat(s))
    out.append(Section("DDS work per ruling", work,
                       "" if work else "the rulings of this output record no stats "
                       "(an equity before stats were recorded)"))
    return out
