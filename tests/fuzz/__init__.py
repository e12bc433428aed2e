"""Strategies for the fuzz tests (tests/test_fuzz.py) and the long fuzz run (run_long.py)."""
