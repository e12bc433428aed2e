"""What the PBN and LIN readers share: our fact tags, board labels, and the contract an
auction ends in.

The fact tags (:data:`FACT_TAGS`) carry what a play record cannot show; each is declared
once, with its reader and writer, in :mod:`equity.core.game.facts`, and is read and written
here by looping over its declarations. They are plain tag pairs, so a LIN file, which has
no tags, always gets the default :class:`~equity.core.game.facts.Facts`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from equity.core.game import (
    FACTS,
    BoardError,
    Contract,
    EquityError,
    Facts,
    ModelError,
    Seat,
    Where,
)
from equity.core.law import authority_of
from equity.core.player import player_class

FACT_TAGS = tuple(fact.tag for fact in FACTS)
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


NAMED: dict[str, Callable[[str], str]] = {
    "authority": lambda text: authority_of(text).name,
    "player class": lambda text: player_class(text).name,
}
"""The names a fact's values are checked against above :mod:`equity.core.game`
(:attr:`~equity.core.game.facts.Fact.named`), each read to its own spelling."""


def parse_facts(tags: Mapping[str, str], lines: Mapping[str, int] | None = None) -> Facts:
    """Read the fact tags of one game into :class:`Facts` (defaults where absent), each by
    its declaration (:data:`~equity.core.game.facts.FACTS`), in their order.

    ``lines`` maps a tag name to the line it was read from, for error messages.
    Raises :class:`BoardError` (without source and board) for a value we cannot read.
    """
    values: dict[str, Any] = {}
    for fact in FACTS:
        if fact.tag not in tags:
            continue
        try:
            text = tags[fact.tag]
            if fact.named:
                text = NAMED[fact.named](text)
            values.update(fact.read(text))
            if fact.check is not None:
                fact.check(values)
        except ModelError as e:
            raise BoardError(str(e), where=Where(tag=fact.tag, line=(lines or {}).get(fact.tag))
                             ) from None
    return Facts(**values)


def fact_tags(facts: Facts) -> dict[str, str]:
    """The fact tags that say ``facts`` (those that differ from the defaults), in the
    order of :data:`FACT_TAGS`: what :func:`parse_facts` reads back to ``facts``."""
    return {fact.tag: text for fact in FACTS if (text := fact.write(facts)) is not None}


def contract_from_calls(dealer: Seat, calls: list[str]) -> Contract | None:
    """The final contract of an auction (None if passed out):
    :attr:`~equity.core.game.calls.Auction.contract`.

    ``calls`` are normalised, from the dealer on: "P", "X", "XX" or a bid like "3N".
    """
    from equity.core.game import Auction  # (start-up: a record with calls only)

    return Auction.of(dealer, calls).contract
