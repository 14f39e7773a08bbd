"""Pure metric functions over verdict rows (no pytest import)."""
