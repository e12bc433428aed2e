"""What the PBN and LIN readers share: our fact tags, board labels, and the contract an
auction ends in.

The fact tags (``EquityLaws``, ``EquityAttention``, ``EquityClaim``,
``EquityRequirement``, ``EquityWithdrawn``, ``EquityUI``, ``EquityAI``,
``EquityPlayers``, ``EquitySignals``, ``EquityAuthority``, ``EquityRuledBy``,
``EquityRevoke``) carry what a
play record cannot show; they are documented in :mod:`equity.core.game.board`. They are
plain tag pairs, so a LIN file, which has no tags, always gets the default
:class:`~equity.core.game.board.Facts`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import ParamSpec, TypeVar

from equity.core.game import (
    Attention,
    Auction,
    BoardError,
    Claim,
    ClaimAgreement,
    ClaimStatus,
    Contract,
    EquityError,
    Facts,
    Information,
    ModelError,
    Requirement,
    RevokeReport,
    RuledBy,
    Seat,
    Where,
    Withdrawal,
    parse_signals,
    small_int,
)
from equity.core.law import authority_of
from equity.core.player import player_class

LAWS_EDITIONS = ("2017", "2007", "1997")
T = TypeVar("T")

FACT_TAGS = ("EquityLaws", "EquityAttention", "EquityClaim", "EquityClaimStatus",
             "EquitySelfInflicted", "EquityRequirement", "EquityWithdrawn", "EquityUI",
             "EquityAI", "EquityPlayers", "EquitySignals", "EquityAuthority",
             "EquityRuledBy", "EquityRevoke")
"""Our fact tags, in the order a writer puts them."""


_P = ParamSpec("_P")
_T = TypeVar("_T")


def one_game(build: Callable[_P, _T]) -> Callable[_P, _T]:
    """``build`` (one game's interpretation) raising nothing but :class:`BoardError`: a
    bug met on one game's values is that game's error, in words, and the file's other
    games are read on (the readers' contract, :mod:`equity.formats`). The cause stays
    chained for ``EQUITY_DEBUG``."""

    @functools.wraps(build)
    def built(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return build(*args, **kwargs)
        except BoardError:
            raise
        except EquityError as e:
            raise BoardError(str(e)) from e
        except Exception as e:  # a bug of ours: said on this game, the others go on
            raise BoardError(f"internal error reading this game ({type(e).__name__}: "
                             f"{str(e)[:200]}); please report it") from e

    return built


def board_label(number: int | None, index: int) -> str:
    """How errors name a board: "board 3 (game 5)" or, without a number, "game 5"."""
    if number is None:
        return f"game {index}"
    return f"board {number} (game {index})"


def parse_facts(tags: Mapping[str, str], lines: Mapping[str, int] | None = None) -> Facts:
    """Read the fact tags of one game into :class:`Facts` (defaults where absent).

    ``lines`` maps a tag name to the line it was read from, for error messages.
    Raises :class:`BoardError` (without source and board) for a value we cannot read.
    """

    def fail(tag: str, message: str) -> BoardError:
        return BoardError(message, where=Where(tag=tag, line=(lines or {}).get(tag)))

    laws: str | None = None
    if "EquityLaws" in tags:
        laws = tags["EquityLaws"].strip()
        if laws not in LAWS_EDITIONS:
            raise fail("EquityLaws", f"the Laws edition must be one of "
                       f"{', '.join(LAWS_EDITIONS)}, not {laws!r}")

    attention: Attention = Attention.END
    per_trick: dict[int, Attention] = {}
    if "EquityAttention" in tags:
        try:
            attention, per_trick = Facts.parse_attention(tags["EquityAttention"])
        except ModelError as e:
            raise fail("EquityAttention", str(e)) from None
        bad = [t for t in per_trick if not 1 <= t <= 13]
        if bad:
            raise fail("EquityAttention", f"trick {bad[0]} is not between 1 and 13")

    claimer: Seat | None = None
    claim: Claim | None = None
    if "EquityClaim" in tags:
        try:
            said = Claim.parse(tags["EquityClaim"])
        except ModelError as e:
            raise fail("EquityClaim", str(e)) from None
        claimer, claim = said.claimer, said if said.stated else None

    agreement = ClaimAgreement()
    if "EquityClaimStatus" in tags:
        try:
            agreement = ClaimAgreement.parse(tags["EquityClaimStatus"])
        except ModelError as e:
            raise fail("EquityClaimStatus", str(e)) from None
        if claimer is not None and any(s.side == claimer.side for s in agreement.agreed):
            raise fail("EquityClaimStatus", f"{agreement.agreed[0].long_name} is on the "
                       f"claimer's side: only an opponent of {claimer.long_name} agrees "
                       "to his claim")

    self_inflicted: int | None = None
    if "EquitySelfInflicted" in tags:
        self_inflicted = small_int(tags["EquitySelfInflicted"], 2)
        if self_inflicted is None or self_inflicted > 13:
            raise fail("EquitySelfInflicted", "the self-inflicted part is a number of tricks")

    requirements: tuple[Requirement, ...] = ()
    if "EquityRequirement" in tags:
        try:
            requirements = Requirement.parse_list(tags["EquityRequirement"])
        except ModelError as e:
            raise fail("EquityRequirement", str(e)) from None

    withdrawn: tuple[Withdrawal, ...] = ()
    if "EquityWithdrawn" in tags:
        try:
            withdrawn = Withdrawal.parse_list(tags["EquityWithdrawn"])
        except ModelError as e:
            raise fail("EquityWithdrawn", str(e)) from None

    def read(tag: str, parse: Callable[[str], T]) -> T | None:
        """The tag's value parsed (None when absent); a bad value names the tag."""
        if tag not in tags:
            return None
        try:
            return parse(tags[tag])
        except ModelError as e:
            raise fail(tag, str(e)) from None

    players = read("EquityPlayers", lambda t: player_class(t).name)
    signals = read("EquitySignals", parse_signals)
    authority = read("EquityAuthority", lambda t: authority_of(t).name)
    ruled_by = read("EquityRuledBy", RuledBy.parse) or RuledBy.DIRECTOR
    revoke_report = read("EquityRevoke", RevokeReport.parse)

    known: dict[str, tuple[Information, ...]] = {}
    for tag in ("EquityUI", "EquityAI"):
        if tag in tags:
            try:
                known[tag] = Information.parse_list(tags[tag])
            except ModelError as e:
                raise fail(tag, str(e)) from None

    return Facts(laws=laws, attention=attention, attention_by_trick=per_trick,
                 claimer=claimer, requirements=requirements, withdrawn=withdrawn,
                 claim_status=agreement.status, self_inflicted=self_inflicted,
                 unauthorised=known.get("EquityUI", ()),
                 authorised=known.get("EquityAI", ()), players=players, signals=signals,
                 claim=claim, claim_agreed=agreement.agreed, authority=authority,
                 ruled_by=ruled_by, revoke_report=revoke_report)


def fact_tags(facts: Facts) -> dict[str, str]:
    """The fact tags that say ``facts`` (those that differ from the defaults), in the
    order of :data:`FACT_TAGS`: what :func:`parse_facts` reads back to ``facts``."""
    out: dict[str, str] = {}
    if facts.laws is not None:
        out["EquityLaws"] = facts.laws
    if facts.attention != Attention.END or facts.attention_by_trick:
        parts = [facts.attention.value]
        parts += [f"{t}={a.value}" for t, a in sorted(facts.attention_by_trick.items())]
        out["EquityAttention"] = "; ".join(parts)
    if facts.claim is not None:
        out["EquityClaim"] = str(facts.claim)
    elif facts.claimer is not None:
        out["EquityClaim"] = facts.claimer.name
    if facts.claim_status != ClaimStatus.AGREED or facts.claim_agreed:
        out["EquityClaimStatus"] = str(ClaimAgreement(facts.claim_status, facts.claim_agreed))
    if facts.self_inflicted is not None:
        out["EquitySelfInflicted"] = str(facts.self_inflicted)
    if facts.requirements:
        out["EquityRequirement"] = "; ".join(str(r) for r in facts.requirements)
    if facts.withdrawn:
        out["EquityWithdrawn"] = "; ".join(str(w) for w in facts.withdrawn)
    if facts.players is not None:
        out["EquityPlayers"] = facts.players
    if facts.signals is not None:
        out["EquitySignals"] = facts.signals
    if facts.unauthorised:
        out["EquityUI"] = " | ".join(str(u) for u in facts.unauthorised)
    if facts.authorised:
        out["EquityAI"] = " | ".join(str(u) for u in facts.authorised)
    if facts.authority is not None:
        out["EquityAuthority"] = facts.authority
    if facts.ruled_by is not RuledBy.DIRECTOR:
        out["EquityRuledBy"] = facts.ruled_by.value
    if facts.revoke_report is not None:
        out["EquityRevoke"] = str(facts.revoke_report)
    return out


def contract_from_calls(dealer: Seat, calls: list[str]) -> Contract | None:
    """The final contract of an auction (None if passed out): :attr:`Auction.contract`.

    ``calls`` are normalised, from the dealer on: "P", "X", "XX" or a bid like "3N".
    """
    return Auction.of(dealer, calls).contract
