"""Fidelity: what equity says, scored against what it should say: the player model
against real play held out from fitting (the score part of :mod:`benchmarks.records`),
the auction's paired effect on the likely outcomes, and the regression snapshot of every
ruling and likely outcome, to compare two builds."""
