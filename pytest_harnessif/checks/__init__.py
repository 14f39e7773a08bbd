"""Deterministic check helpers shared by the rule library, one module per kind of evidence. Rule modules take
their helpers from here, never from each other.

- `regex`: text of replies and files (bullets, words, code blocks, emoji, citations, numbered items, claims
  and their qualifiers, per-turn reply hits).
- `ast`: recognisers over a libcst module (calls, imports, broad excepts, text I/O, sleeps).
- `pysource`: parsed files of a run, their function/class inventory, what a run added or changed, public API
  changes per turn.
- `comments`: comments of Python files (tokenizer-based) and the prose comments a run added.
- `shell`: bash command lines split into simple commands (argv, pytest/lint/git, written files, history
  rewrites, blanket staging, tree listings, targeted test runs).
- `command`: test, lint and commit runs, file edits and shell writes, ordered on one clock.
- `workspace`: paths a run (or one turn) created, modified or deleted, build artefacts left out; added lines.
- `project`: project metadata files (the dependency tables of `pyproject.toml`).
- `render`: evidence as text for `judge(...)`: tool calls as lines, command outputs, one turn's diff,
  exchanges, commit messages, context diffs, what the agent read.
"""
