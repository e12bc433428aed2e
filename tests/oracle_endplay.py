"""endplay's own answers, used only as oracles: the package computes contracts from
auctions and duplicate scores itself (endplay is imported only by :mod:`equity.dd`)."""

from __future__ import annotations

from equity.core.game.cards import Contract, Seat, Side, Strain, Vulnerability


def endplay_contract(dealer: Seat, calls: list[str]) -> Contract | None:
    """endplay's reading of the auction (``Contract.from_auction``), as our Contract."""
    from endplay.types import Bid, Player
    from endplay.types import Contract as EContract

    c = EContract.from_auction(Player(int(dealer)), [Bid(x) for x in calls])
    if c.level == 0:
        return None
    doubled = {1: 0, 2: 1, 4: 2}[int(c.penalty)]
    return Contract(int(c.level), Strain(int(c.denom)), doubled, Seat(int(c.declarer)))


def endplay_score_ns(contract: Contract, tricks: int, vul: Vulnerability) -> int:
    """endplay's ``Contract.score`` for N-S."""
    from endplay.types import Contract as EpContract
    from endplay.types import Denom, Penalty, Player, Vul

    ep = EpContract(level=contract.level, denom=Denom(int(contract.strain)),
                    declarer=Player(int(contract.declarer)),
                    penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[
                        contract.doubled],
                    result=tricks - contract.level - 6)
    points = int(ep.score(Vul(int(vul))))
    return points if contract.declarer.side == Side.NS else -points
