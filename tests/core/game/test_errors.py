"""One root error: every error class of the package derives from EquityError (a
ValueError); the pipeline and batch report exactly those as the board's problem, and
anything else as an internal error, never as a ruling problem."""

from __future__ import annotations

import importlib
import inspect

import pytest

import equity.app.pipeline as pipeline
from equity.app.batch import rounds
from equity.app.options import DEFAULT_OPTIONS
from equity.core.game.board import Board
from equity.core.game.errors import BoardError, EquityError
from tests.builders import ROOT, SEED001_DEAL, SEED001_PLAY, board

PACKAGE = ROOT / "equity"
SIGNALS = {"Busy", "OutputFull", "Overrun", "Stopped", "Terminated"}
"""Signals between parts of the program, deliberately outside the tree (errors.py)."""


def exception_classes() -> list[type[BaseException]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name.startswith("equity.app.workbench") or name == "equity.app.serve":
            pytest.importorskip("starlette")
        module = importlib.import_module(name)
        out += [c for _, c in inspect.getmembers(module, inspect.isclass)
                if issubclass(c, BaseException) and c.__module__ == name]
    return out


def test_every_error_class_of_the_package_derives_from_equity_error() -> None:
    classes = exception_classes()
    assert len(classes) >= 14
    strays = [c.__qualname__ for c in classes
              if not issubclass(c, EquityError) and c.__name__ not in SIGNALS]
    assert strays == []
    assert issubclass(EquityError, ValueError)


def test_no_signal_is_an_equity_error() -> None:
    assert [c.__name__ for c in exception_classes()
            if c.__name__ in SIGNALS and issubclass(c, EquityError)] == []


def seed001() -> Board:
    return board(SEED001_DEAL, "3NT", "E", SEED001_PLAY)


def test_an_equity_error_in_the_64c_check_is_the_boards_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise EquityError("weights that do not fit")
    monkeypatch.setattr(pipeline, "build", refuse)
    with pytest.raises(BoardError, match="Law 64C check: weights that do not fit"):
        pipeline.rule_board(seed001(), DEFAULT_OPTIONS, solver=object())  # type: ignore[arg-type]


def test_a_bug_in_the_64c_check_is_not_reported_as_a_ruling_problem(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def bug(*_: object, **__: object) -> None:
        raise ValueError("a bug")
    monkeypatch.setattr(pipeline, "build", bug)
    with pytest.raises(ValueError, match="a bug") as caught:
        pipeline.rule_board(seed001(), DEFAULT_OPTIONS, solver=object())  # type: ignore[arg-type]
    assert not isinstance(caught.value, BoardError)


def test_batch_words_a_bug_as_an_internal_error_and_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def bug(*_: object, **__: object) -> None:
        raise ValueError("a bug")
    monkeypatch.setattr(rounds, "rule_automatic", bug)
    line = rounds._automatic(seed001(), DEFAULT_OPTIONS, DEFAULT_OPTIONS.work())
    assert isinstance(line, str)
    assert "internal error: ValueError: a bug" in line and "Law 64C check" not in line
