"""Benchmarks and their recorded results (README.md). Run from the repository root as modules:
`.venv/bin/python -m bench.<name>` (bench/redirect.sh wraps bench.redirect_bench)."""
