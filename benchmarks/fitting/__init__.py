"""Fitting: each reading's style (the opening lead, the signal, the discards) and the
player model's classes, fitted on the fit part of the real records
(:mod:`benchmarks.records`) with the conditional logit the readings share; each fit
script prints its fit and, with ``--write``, stores it in the file its reader in the
package names (``LEAD_STYLE_FILE``, ``SIGNAL_STYLE_FILE``, ``DISCARD_STYLE_FILE`` of
:mod:`equity.core.reading`, ``PLAYER_MODEL_FILE`` of :mod:`equity.core.player`),
whatever the working directory."""
