"""Law 12 per edition and per regulating authority: the paragraphs an adjusted score
cites, and how the Director assigns it on a board.

The paragraphs differ between the books: weighting is 12C1(c) in 2017 and 2007 but 12C3
(an appeals committee's power) in 1997; the serious-error clause is 12C1(e) in 2017,
12C1(b) in 2007; the non-reciprocal assignment ("likely" / "at all probable") is 1997's
12C2, a Regulating Authority's election in 2007 (12C1(e)), and gone in 2017. The table is
data, ``law12.json`` beside this module (read once; ``docs/laws.md`` shows it), read
through :attr:`~equity.core.law.laws.Edition.law12`. Every sentence that cites a Law 12
paragraph, or the authorised information of Law 16 and the doubtful points of Law 84D,
takes the paragraph from there.

How the Director assigns the score (:func:`assignment`): the edition's method, then
what the board's regulating authority elected (``[EquityAuthority]``, default the WBF)
and who rules (``[EquityRuledBy]``):

* 2017: a weighted score, 12C1(c).
* 2007: 12C1(c), unless the authority elected 12C1(e) (the ACBL, until 1 January 2016:
  the board's PBN ``[Date]`` decides; a board without a date is taken as before it,
  the election holding for most of the years the ACBL ruled under the 2007 Laws, and
  the ruling says so).
* 1997: the Director assigns 12C2's scores, non-reciprocal; weighting is 12C3's, an
  appeals committee's (``committee``), or the Director's by delegation
  (``delegated``) where the authority allows it (WBF, EBU; not the ACBL, which
  specified otherwise: there 12C2 stands, and the ruling says so).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date
from importlib import resources
from typing import Any, Literal

from msgspec import Struct

from equity.core.game import ModelError, RuledBy

Method = Literal["weighted", "non-reciprocal"]
"""How the Director assigns an adjusted score: weighted over the potential results, or
non-reciprocal (each side its own: the non-offenders the most favourable result that
was likely, the offenders the most unfavourable that was at all probable)."""

ROLES = ("damage", "severity", "assigned", "probable", "weighted", "non_reciprocal",
         "serious_error", "doubtful", "authorised")
"""What an adjusted score cites a paragraph for, in the order of the table."""

LAW12_FILE = resources.files(__package__).joinpath("law12.json")
DEFAULT_AUTHORITY = "WBF"


class Paragraphs(Struct, frozen=True):
    """One edition's paragraph for each role an adjusted score cites (:data:`ROLES`)."""

    edition: str
    damage: str
    """Redress the damage the infraction caused (a non-offender's error it did not
    cause stands)."""
    severity: str
    """No adjustment because the rectification is unduly severe or advantageous."""
    assigned: str
    """An assigned adjusted score replaces the table result."""
    probable: str
    """The probable outcome had the infraction not occurred."""
    weighted: str
    """A weighted score over the potential results."""
    non_reciprocal: str | None
    """"Likely" for the non-offenders, "at all probable" for the offenders (None: the
    edition has no such paragraph)."""
    serious_error: str
    """No redress for the damage the non-offenders' own serious error caused."""
    doubtful: str
    """A doubtful point goes to the non-offending side."""
    authorised: str
    """What a player may use: the legal calls and plays."""
    method: Method
    """How the Director assigns a score under this edition by default."""
    director_weighs: bool
    """Whether the Director may weight (2017, 2007) or only an appeals committee
    (1997's 12C3), the Director by delegation where the authority allows it."""
    says: Mapping[str, str]
    """Each role's paragraph in a few words of our own (the docs' table)."""

    def of(self, method: Method) -> str | None:
        """The paragraph of an assignment ``method``."""
        return self.weighted if method == "weighted" else self.non_reciprocal


class Election(Struct, frozen=True):
    """What a regulating authority elected under one edition's Law 12."""

    why: str
    weighting: tuple[RuledBy, ...] | None = None
    """Who may weight where the edition reserves weighting to an appeals committee
    (1997): None, the law's own (a committee)."""
    method: Method | None = None
    """The method it elected in place of the edition's (None: the edition's)."""
    until: date | None = None
    """The day the election ended (None: it held throughout)."""


class Authority(Struct, frozen=True):
    """A regulating authority and its elections under Law 12, by edition."""

    name: str
    long_name: str
    elections: Mapping[str, Election]


def _load() -> tuple[dict[str, Paragraphs], dict[str, Authority]]:
    data: dict[str, Any] = json.loads(LAW12_FILE.read_text())
    editions: dict[str, Paragraphs] = {}
    for name, e in data["editions"].items():
        p = e["paragraphs"]
        laws: dict[str, Any] = {r: p[r][0] for r in ROLES}
        editions[name] = Paragraphs(edition=name, **laws, method=e["method"],
                                    director_weighs=e["weighs"] == "director",
                                    says={r: p[r][1] for r in ROLES})
    authorities = {
        key: Authority(key, a["name"], {
            ed: Election(el["why"],
                         tuple(RuledBy(w) for w in el["weighting"]) if "weighting" in el
                         else None,
                         el.get("method"),
                         date.fromisoformat(el["until"]) if "until" in el else None)
            for ed, el in a["elections"].items()})
        for key, a in data["authorities"].items()}
    return editions, authorities


PARAGRAPHS, AUTHORITIES = _load()
"""The paragraphs by edition and the regulating authorities by name (``law12.json``)."""


def authority_of(name: str | None) -> Authority:
    """The authority named ``name`` (any case; None: the WBF); raises :class:`ModelError`
    naming the known ones."""
    key = (name or DEFAULT_AUTHORITY).strip().upper()
    if key not in AUTHORITIES:
        raise ModelError(f"the regulating authority must be one of "
                         f"{', '.join(AUTHORITIES)}, not {name!r}")
    return AUTHORITIES[key]


class Assignment(Struct, frozen=True):
    """How the Director assigns an adjusted score on one board (Law 12): the method the
    law and the authority give him, its paragraph, and why, in sentences the ruling
    says (none when the edition's own method applies without a question)."""

    method: Method
    law: str
    authority: str
    ruled_by: RuledBy
    why: tuple[str, ...] = ()

    @property
    def weighted(self) -> bool:
        return self.method == "weighted"


def assignment(edition: str, authority: str | None = None,
               ruled_by: RuledBy = RuledBy.DIRECTOR, when: str | None = None) -> Assignment:
    """The Director's method on a board of ``edition`` under ``authority`` (None: the
    WBF), ruled by ``ruled_by``, played on ``when`` (PBN ``[Date]``, ``YYYY.MM.DD`` with
    ``?`` for what is unknown; None: no date). See the module docstring."""
    p = PARAGRAPHS[edition]
    auth = authority_of(authority)
    election = auth.elections.get(edition)
    method: Method = p.method
    why: list[str] = []
    if not p.director_weighs:  # 1997: weighting is the appeals committee's (12C3)
        allowed = (election.weighting if election is not None and
                   election.weighting is not None else (RuledBy.COMMITTEE,))
        if ruled_by in allowed:
            method = "weighted"
            why.append(_WEIGHS[ruled_by].format(law=p.weighted) + (
                f": {election.why}." if election is not None
                and ruled_by is RuledBy.DELEGATED else "."))
        else:
            if ruled_by is not RuledBy.DIRECTOR:
                why.append(_MAY_NOT[ruled_by].format(law=p.weighted) + (
                    f": {election.why}." if election is not None else
                    ": the regulating authority delegates no such power."))
            why.append(f"The {edition} Laws: the Director assigns Law {p.non_reciprocal}'s "
                       "scores, each side its own (non-reciprocal); weighting is Law "
                       f"{p.weighted}'s, an appeals committee's power, a Director's only by "
                       "delegation where the regulating authority allows it.")
    if election is not None and election.method is not None:
        applies, dated = _before(when, election.until)
        if applies:
            method = election.method
        why.append(f"{election.why[:1].upper()}{election.why[1:]}; " + (
            f"the board is dated {when}: Law {p.of(method)} applies." if dated else
            "the board has no date: taken as before it (the election held for most of "
            "the years it ruled under these Laws); give the board's [Date], or "
            "--policy, to say otherwise."))
    law = p.of(method)
    assert law is not None  # an edition's method has its paragraph
    return Assignment(method, law, auth.name, ruled_by, tuple(why))


_WEIGHS = {RuledBy.COMMITTEE: "An appeals committee varies the assigned score to do "
                              "equity, weighting it (Law {law})",
           RuledBy.DELEGATED: "The Director weights the score by delegation of the appeals "
                              "committee's power (Law {law})"}
_MAY_NOT = {RuledBy.COMMITTEE: "An appeals committee may not weight the score here "
                               "(Law {law})",
            RuledBy.DELEGATED: "The Director may not weight the score by delegation here "
                               "(Law {law})"}

_DATE = re.compile(r"\s*(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})\s*")


def _before(when: str | None, until: date | None) -> tuple[bool, bool]:
    """(whether an election that held ``until`` a day applies to a board played
    ``when``, whether the date decided it). A date that cannot decide it (none, or
    ``2015.??.??`` against a cutoff inside 2015) is taken as before the cutoff."""
    if until is None:
        return True, True
    m = _DATE.fullmatch(when or "")
    if m is None or m.group(1).startswith("?"):
        return True, False
    year = int(m.group(1))
    month = int(m.group(2)) if m.group(2).isdigit() else None
    day = int(m.group(3)) if m.group(3).isdigit() and month is not None else None
    try:
        first = date(year, month or 1, day or 1)
        last = date(year, month or 12, day or (28 if month == 2 else 30 if month in
                                               (4, 6, 9, 11) else 31))
    except ValueError:
        return True, False
    if last < until:
        return True, True
    if first >= until:
        return False, True
    return True, False


__all__ = ["AUTHORITIES", "DEFAULT_AUTHORITY", "PARAGRAPHS", "ROLES", "Assignment",
           "Authority", "Election", "Method", "Paragraphs", "assignment", "authority_of"]
