"""A ruling as plain content: every sentence equity says about a board, made once.

The renderers only lay this content out: :mod:`equity.render.text` (what a Director reads
out at the table), :mod:`equity.render.html` and :mod:`equity.render.markdown` (the document
an appeals committee reads), and :mod:`equity.render.jsonout` (what scripts read) takes its
scores from :func:`score_values`. :func:`automatic_view` covers Laws 61-64A/B (all that
``--no-equity`` rules), :func:`board_view` the whole ruling with Law 64C.

Each step of a ruling keeps its :class:`~equity.core.law.steps.StepKind` (the paragraph says it,
or Law 64C tags it where the step is made), so a layout finds the decision by its kind,
never by its place in the list.

The rooms: :mod:`~equity.render.view.sentences` (the words: names, results, scores),
:mod:`~equity.render.view.automatic` (Laws 61-64A/B and a claim),
:mod:`~equity.render.view.lines` (the Law 64C lines) and :mod:`~equity.render.view.board`
(the whole board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from equity.core.game import later
from equity.render.view.automatic import (
    PLAY_CONTINUES,
    AutomaticView,
    RevokeView,
    StepView,
    after_label,
    automatic_view,
    record_notes,
    revoke_title,
    step_views,
)
from equity.render.view.board import (
    BoardView,
    TrickRow,
    announcement,
    board_view,
    rulings_title,
)
from equity.render.view.lines import (
    KIND_LABELS,
    LineGroup,
    LineView,
    line_group,
    lines_question,
    weight_notes,
)
from equity.render.view.sentences import (
    ATTENTION_WORDS,
    BASIS_NAMES,
    CURRENCY_NAMES,
    DD_NOTE,
    NO_AUCTION,
    NO_CARD,
    SIDE_NAMES,
    STAGES,
    VUL_NAMES,
    ScoreValues,
    Weighted,
    auction_sentences,
    basis_cited,
    basis_name,
    card_sentences,
    contract_result,
    currency_sentence,
    heaviest_first,
    no_auction,
    pct,
    played_text,
    ranks,
    score_text,
    score_values,
    tricks_result,
    unread_auction,
)

if TYPE_CHECKING:  # imported on first use (LATER): a ruling without a claim shows none
    from equity.render.view.claim import ClaimLineView, ClaimView, claim_view

LATER = {"equity.render.view.claim": ("ClaimLineView", "ClaimView", "claim_view")}
"""A claim's ruling as content (Laws 68-71), imported when a name is first asked for."""

__getattr__ = later(__name__, LATER)

__all__ = [
    "ATTENTION_WORDS",
    "BASIS_NAMES",
    "CURRENCY_NAMES",
    "DD_NOTE",
    "KIND_LABELS",
    "NO_AUCTION",
    "NO_CARD",
    "PLAY_CONTINUES",
    "SIDE_NAMES",
    "STAGES",
    "VUL_NAMES",
    "AutomaticView",
    "BoardView",
    "ClaimLineView",
    "ClaimView",
    "LineGroup",
    "LineView",
    "RevokeView",
    "ScoreValues",
    "StepView",
    "TrickRow",
    "Weighted",
    "after_label",
    "announcement",
    "auction_sentences",
    "automatic_view",
    "basis_cited",
    "basis_name",
    "board_view",
    "card_sentences",
    "claim_view",
    "contract_result",
    "currency_sentence",
    "heaviest_first",
    "line_group",
    "lines_question",
    "no_auction",
    "pct",
    "played_text",
    "ranks",
    "record_notes",
    "revoke_title",
    "rulings_title",
    "score_text",
    "score_values",
    "step_views",
    "tricks_result",
    "unread_auction",
    "weight_notes",
]
