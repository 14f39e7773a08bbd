"""Command-line consoles for the services around bramblebook (tracker, dbq, flags, metrics)."""
