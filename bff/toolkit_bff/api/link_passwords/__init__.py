"""Passwords of protected short links on the BFF's side: which passwords are refused (policy.py)
and how a protected link is created through the one narrow database role allowed to (create.py)."""
