"""Audit logs other harnesses wrote: one importer per format, each turning a log into this project's trajectory
record and saying what the log lacks; `sessions` finds, detects and loads them for `--harness-audit`."""
