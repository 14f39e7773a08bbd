"""Deterministic check helpers shared by the rule library, one module per kind of evidence.

- `regex`: text of replies and files (bullets, words, code blocks, emoji, citations, per-turn reply hits).
- `ast`: recognisers over a libcst module (calls, imports, broad excepts, text I/O, function length).
- `pysource`: parsed files of a run, their function/class inventory, what a run added or changed.
- `shell`: bash command lines split into simple commands (argv, pytest/lint/git, written files).
- `command`: test, lint and commit runs, file edits and shell writes, ordered on one clock.
- `workspace`: paths a run (or one turn) created, modified or deleted, build artefacts left out.
- `render`: evidence as text for `judge(...)`: tool calls as lines, command outputs, one turn's diff, exchanges.
"""
