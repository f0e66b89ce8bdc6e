"""Benchmarks (README.md): ./scripts/bench runs them all on one throw-away stack and writes a report;
`.venv/bin/python -m bench.<name>` runs one on a stack of its own."""
