"""Measurements of equity in three rooms, and what more than one room uses:
:mod:`benchmarks.speed` times the tool, :mod:`benchmarks.fitting` fits the player model
and the readings of the table on real play, :mod:`benchmarks.fidelity` scores them on
real play held out from fitting; here, :mod:`benchmarks.corpus` (real boards, one
injected revoke each, ruled by the speed room, the snapshot and the tests) and
:mod:`benchmarks.records` (the real play records, split by deal into the part fitted on
and the part scored). A room imports from here and from itself, never from another room
(benchmarks/README.md)."""
