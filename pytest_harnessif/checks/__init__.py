"""Deterministic check helpers shared by the rule library, one module per kind of evidence. Rule modules take
their helpers from here, never from each other.

- `regex`: text of replies and files (bullets, words, code blocks, emoji, citations, numbered items, claims
  and their qualifiers, per-turn reply hits).
- `ast`: recognisers over a libcst module (calls, imports, broad excepts, text I/O, sleeps).
- `pysource`: parsed files of a run, their function/class inventory, what a run added or changed, public API
  changes per turn.
- `comments`: comments of Python files (tokenizer-based) and the prose comments a run added.
- `syntax`: the one tree-sitter helper (grammars, cached parses, nodes by type, node lines).
- `bash`: command lines read as bash reads them (simple commands wherever they sit, wrappers, redirections, heredocs,
  `bash -c` payloads, the directory `cd` leaves, what the line's exit status says of each command).
- `runners`, `projectfiles`, `toolnames`: which commands run tests, linters, formatters and type checkers in every
  ecosystem, task runners and scripts followed through the repository's files.
- `summaries`: test-run summaries in each runner's format, added up, and the tests they name as failing.
- `shell`: what the checks ask of commands (program, test/lint run, git subcommand, files written, code run, history
  rewrites, blanket staging, tree listings, targeted test runs), and `read_command`, the reading
  `harnessif read-command` prints.
- `command`: test, lint and commit runs, file edits and shell writes, ordered on one clock; the task's own test and
  lint commands in any spelling.
- `workflow_runs`: which changed files are code or tests in any ecosystem, the lines each turn added, the failing
  tests runs name.
- `metrics_code`: what the quantitative and conditional rules measure in code of any language (definition length,
  untested languages, test cases a turn added, lines a run made too long).
- `workspace`: paths a run (or one turn) created, modified or deleted, build artefacts left out; added lines.
- `project`: project metadata files (the dependency tables of `pyproject.toml`, Makefile variables, generated-file
  markers).
- `facts`, `code`: what language-neutral rules ask of any language (comments, calls, definitions, test cases,
  raises, bindings; which files are code and tests), with n/a for a language the checks cannot read; one module per
  language: `python` (tree-sitter), `javascript` (JS/TS/JSX/TSX), `c`.
- `pyidioms`: Python idioms of the Python rules (libcst with position metadata): logging, handlers, imports,
  dataclasses, numpy and pandas, weak assertions.
- `history`: git history and the triggers of conditional rules: commit messages (prefixes, imperative subjects,
  trailers, issue references), which turn made which commit, what was committed, failing tests, Python facts.
- `replies`: replies as Markdown (fenced blocks, headings, labelled lines, questions, paths, citations) and the
  run facts replies are checked against.
- `toolcalls`: tool calls, shell commands (paging, printing files, interactive, network, background) and the
  numbers quantitative rules count.
- `prose`: the prose a run delivers (documents written, else the final reply): paragraphs, sentences, headings.
- `documents`: the mechanics and structure of delivered prose (sections, lists, tables, links, dates, money,
  acronyms, email and memo headers).
- `tone`: tone and clarity of delivered prose (the writer's own words, phrase lists, passive voice, reading ease,
  what the user asked for and the material given).
- `render`: evidence as text for `judge(...)`: tool calls as lines, command outputs, one turn's diff,
  exchanges, commit messages, context diffs, what the agent read.
"""
