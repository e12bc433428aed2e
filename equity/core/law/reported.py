"""Laws 61-64A/B from the facts the Director learns at the table, without the card play.

A hand record gives the deal; the quitted cards (Law 65C) show which side won each
trick; the players say who revoked, with which card, on which trick, and whether it was
established. That is enough for Law 64A in most cases, and this module rules from it
(:class:`~equity.core.game.revoke_report.RevokeReport`, ``[EquityRevoke]``, with the
board's ``[Result]``: declarer's tricks in all). It is the same book as
:mod:`equity.core.law.laws`, read paragraph by paragraph, with the facts given instead
of found in a play record; Law 64 is the one count both rule with
(:mod:`equity.core.law.transfer`); the edition's differences are its :class:`Edition`.

What the facts cannot settle, the ruling says it needs, and never guesses: who won the
revoke trick or a later one (Law 64A), declarer's tricks in all, the play of tricks 12
and 13 for a trick-12 revoke found before the hands were returned (Law 62D), and under
the 1997 Laws whether the offender later won a trick with a card he could have played
to the revoke trick (1997 Law 64A2).
"""

from __future__ import annotations

from msgspec import Struct

from equity.core.game import Board, BoardError, RevokeReport, Seat, Side, Where
from equity.core.law.laws import Edition
from equity.core.law.steps import Step
from equity.core.law.transfer import UNKNOWN, TransferFacts, law_64, named


class ReportedRuling(Struct, frozen=True):
    """A revoke ruled from the reported facts (Laws 61-64A/B)."""

    board: Board
    report: RevokeReport
    edition: Edition
    steps: tuple[Step, ...]
    transfer: int | None
    """Tricks transferred (Law 64A); None when the facts do not settle it."""
    exemption: str | None = None
    """The Law 64B paragraph that removed the transfer, if any."""
    needs: tuple[str, ...] = ()
    """What the ruling would need to be complete, each said with its law."""

    @property
    def offender_side(self) -> Side:
        return self.report.seat.side

    @property
    def table_tricks(self) -> int | None:
        """Declarer's tricks in all, as reported (the board's ``[Result]``)."""
        return self.board.result

    @property
    def after_transfer_tricks(self) -> int | None:
        """Declarer's tricks after the Law 64A transfer; None when either is unknown."""
        if self.table_tricks is None or self.transfer is None:
            return None
        declarer = self.board.contract.declarer.side if self.board.contract else None
        sign = -1 if self.offender_side == declarer else 1
        return self.table_tricks + sign * self.transfer


def rule_reported(board: Board, edition: Edition) -> ReportedRuling:
    """Rule on the board's reported revoke (``board.facts.revoke_report``). Raises
    :class:`BoardError` for facts that do not fit the deal or each other."""
    report, contract = board.facts.revoke_report, board.contract
    if report is None or contract is None:
        raise _error(board, "no revoke reported (EquityRevoke) or no contract")
    if not board.deal[report.seat] & report.card.bit:
        holder = board.deal.holder(report.card)
        raise _error(board, f"{report.seat.long_name} was not dealt {report.card} (dealt to "
                     f"{holder.long_name if holder else 'nobody'})")
    if board.result is not None:
        _check_tricks(board, report, board.result)
    who = ("declarer, playing dummy's cards," if report.seat == contract.dummy
           else _who(board, report.seat))
    steps = [Step("61A", f"{who[0].upper()}{who[1:]} played {report.card.pretty} at trick "
                         f"{report.trick} when he could follow suit (or play a card or suit "
                         "the law required), as reported: a revoke.")]
    attention = board.facts.attention_for(report.trick)
    if not report.established:
        return _corrected(board, report, edition, steps)
    steps.append(Step("63A", "the offending side played to the next trick or claimed "
                             "(as reported): the revoke is established."))
    if report.trick == 12 and attention.before_hands_returned:
        steps.append(Step("62D1", "a revoke on trick 12 found before the hands were returned "
                                  "to the board must be corrected, established or not; "
                                  "tricks 12 and 13 are played out again."))
        return ReportedRuling(board, report, edition, tuple(steps), None, None, (
            "Law 62D: the play of tricks 12 and 13 (the quitted cards of the last two "
            "tricks) to play them out with the correction",))
    count = law_64(TransferFacts(
        contract, report.seat, report.trick,
        revoke_trick=UNKNOWN if report.won_by is None else report.won_by,
        later=UNKNOWN if report.later is None else report.later,
        attention=attention), edition)
    return ReportedRuling(board, report, edition, (*steps, *count.steps), count.transfer,
                          count.exemption, (*count.needs, *_result_needed(board)))


def _corrected(board: Board, report: RevokeReport, edition: Edition, steps: list[Step]
               ) -> ReportedRuling:
    """62A-C: a revoke corrected before it was established: no transfer; a defender's
    withdrawn card is a major penalty card (62B1), declarer's or dummy's is not
    (62B2); the cards played after it may be taken back (62C1, 62C2)."""
    contract = board.contract
    assert contract is not None
    defender = report.seat.side != contract.declarer.side
    steps.append(Step("62A", "attention was drawn before the revoke was established: it "
                             "is corrected."))
    if defender:
        steps.append(Step("62B1", f"{_who(board, report.seat)} withdrew "
                                  f"{report.card.pretty} and played a legal card; "
                                  f"{report.card.pretty} became a major penalty card."))
    else:
        steps.append(Step("62B2", f"{_who(board, report.seat)} withdrew "
                                  f"{report.card.pretty} and played a legal card; no "
                                  "further rectification."))
    steps.append(Step("62C1", "each non-offender could withdraw a card he played after the "
                              "revoke (and then the offender's partner his, 62C2); no "
                              "tricks are transferred: the result stands."))
    return ReportedRuling(board, report, edition, tuple(steps), 0, None,
                          _result_needed(board))


def _check_tricks(board: Board, report: RevokeReport, result: int) -> None:
    """The tricks reported must leave the offending side the tricks the facts say it
    won (Law 64A counts only tricks it won)."""
    contract = board.contract
    assert contract is not None
    side = report.seat.side
    theirs = result if side == contract.declarer.side else 13 - result
    won = (1 if report.won_by is not None and report.won_by.side == side else 0) + (
        1 if report.later else 0)
    if theirs < won:
        raise _error(board, f"declarer's {result} tricks leave the offending side "
                     f"{theirs}, but the revoke's facts say it won {won}")


def _result_needed(board: Board) -> tuple[str, ...]:
    return () if board.result is not None else (
        "declarer's tricks in all (the result), to score the board",)


def _who(board: Board, seat: Seat) -> str:
    assert board.contract is not None
    return named(seat, board.contract)


def _error(board: Board, message: str) -> BoardError:
    return BoardError(message, board.source, board.label, Where(tag="EquityRevoke"))


__all__ = ["ReportedRuling", "rule_reported"]
