"""equity: rules on revokes in duplicate bridge and checks whether the ruling is fair.

The pipeline, one module a stage: :mod:`~equity.formats` (PBN/LIN to boards) →
:mod:`~equity.core.game.replay` (replay, legality, revokes) →
:mod:`~equity.core.law.laws` (Laws 61-64A/B) →
counterfactual lines → double-dummy solving → scoring → the Law 64C comparison → report,
with :mod:`~equity.app.cli` on top. :mod:`~equity.core.game.cards` holds the vocabulary
(cards, seats, deals, contracts).
"""

__version__ = "0.1.0"

# The compiled kernel (equity._native) is built by `pip install .` into the installed
# package. When the source tree is imported instead (pytest run from a clean checkout
# puts the repository first on sys.path), let `import equity._native` also look in the
# installed copy of this package; modules present here are still taken from here.
from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
