"""Deterministic check helpers, one module per method: regex, ast, cross_file, command."""
