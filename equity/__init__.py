"""equity: rules on revokes in duplicate bridge and checks whether the ruling is fair.

The pipeline, one module a stage: :mod:`~equity.parse` (PBN/LIN to boards) →
:mod:`~equity.play` (replay, legality, revokes) → :mod:`~equity.laws` (Laws 61-64A/B) →
counterfactual lines → double-dummy solving → scoring → the Law 64C comparison → report,
with :mod:`~equity.cli` on top. :mod:`~equity.model` holds the vocabulary (cards, seats,
deals, contracts).
"""

__version__ = "0.1.0"
