"""The conditional logit the reading styles are fitted with (``fit_leads``,
``fit_signals``, ``fit_discards``): per row, the features of each choice open to the
player and the index of the one he made; P(choice) ∝ exp(w · features)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

RIDGE = 0.5
"""The ridge on the weights (keeps a rare feature's weight finite)."""

Rows = Sequence[tuple[np.ndarray, int]]


def _moments(x: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The choices' probabilities and the mean of their features."""
    z = x @ w
    p = np.exp(z - z.max())
    p /= p.sum()
    return p, p @ x


def fit(rows: Rows) -> np.ndarray:
    """The weights of highest penalised likelihood (Newton's method, ridge :data:`RIDGE`)."""
    k = rows[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(50):
        grad = -RIDGE * w
        hess = -RIDGE * np.eye(k)
        for x, y in rows:
            p, m = _moments(x, w)
            grad += x[y] - m
            hess -= (x.T * p) @ x - np.outer(m, m)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def standard_errors(rows: Rows, w: np.ndarray) -> np.ndarray:
    """The weights' standard errors (the inverse of the observed information)."""
    k = len(w)
    info = RIDGE * np.eye(k)
    for x, _ in rows:
        p, m = _moments(x, w)
        info += (x.T * p) @ x - np.outer(m, m)
    return np.sqrt(np.diag(np.linalg.inv(info)))
