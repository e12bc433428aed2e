"""Benchmarks (pytest-benchmark) and the corpus builder they use."""
