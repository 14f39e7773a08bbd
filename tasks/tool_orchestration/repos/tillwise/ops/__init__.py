"""Command-line consoles for the services checkout depends on (tracker, dbq, flags, metrics)."""
