"""Output-control rules on the form of replies (OC-009...): Markdown that renders, code and paths marked as code,
locations a reader can follow, and the discipline of what a reply leaves out (chatter, offers, promises,
celebration, pasted code)."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import NEUTRAL, changed_definitions, sources_or_na
from pytest_harnessif.checks.command import numbered_calls
from pytest_harnessif.checks.regex import reply_hits, without_code
from pytest_harnessif.checks.replies import (
    absolute_mentions,
    backticked_paths,
    bare_names,
    bullet_markers,
    citations,
    code_errors,
    coded_names,
    echoed_lines,
    fences,
    file_at_turn,
    glyph_lines,
    has_list,
    headings,
    only_prints,
    path_mentions,
    phrase_pattern,
    questions,
    questions_gathered,
    repo_paths,
    spelled_locations,
    straight,
    written_lines,
)

# --- Markdown that renders ----------------------------------------------------------------------------------


@rule("OC-009", family="output_control", modality="require", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:low",
      source="archetype markdown-output (adapted: fenced code carries its language)",
      opportunity="a reply with a fenced code block",
      surfaces={
          "SP": "Every fenced code block in your replies names its language right after the opening fence "
                "(```python, ```bash, ```text for plain output); never open a fence without one.",
          "PF": "## Code in replies\nFenced code blocks in the agent's replies always carry a language tag "
                "(```python, ```bash, ```text ...). A bare ``` fence is not accepted.",
          "UI": "When you paste code or output, tag the block with its language (```python, ```bash, ```text) "
                "so it highlights properly.",
      })
def test_code_fences_name_their_language(run: Run) -> None:
    """Every fenced code block in a reply opens with a language tag (```python, ```bash, ```text...)."""
    blocks = {t.index: fences(t.reply) for t in run.turns if fences(t.reply)} or na("no reply has a fenced block")
    untagged = {i: sum(1 for f in found if not f.lang) for i, found in blocks.items()}
    untagged = {i: n for i, n in untagged.items() if n}
    assert not untagged, f"fenced blocks without a language tag (turn: count): {untagged}"


@rule("OC-010", family="output_control", modality="require", prior="neutral", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="curated: coding agents' system prompts ask for file references as inline code",
      opportunity="a reply that mentions a repository file by its path",
      surfaces={
          "SP": "Whenever a reply mentions a file of the repository by its path, write the path as inline code "
                "(`src/store.c`, `README.md`), every time it appears.",
          "PF": "## File references\nIn replies, repository paths are always inline code: `src/table.js`, "
                "not src/table.js.",
          "UI": "Put file paths in backticks when you mention them, like `src/app/main.py`, every time.",
      })
def test_repository_paths_are_inline_code(run: Run) -> None:
    """Every mention of a repository file's path in a reply's prose is inline code (`src/store.c`)."""
    paths = repo_paths(run)
    mentions = {t.index: m for t in run.turns if (m := path_mentions(t.reply, paths))}
    mentions or na("no reply mentions a repository path")
    bare = {i: sorted({p for p, code in found if not code}) for i, found in mentions.items()}
    bare = {i: found for i, found in bare.items() if found}
    assert not bare, f"paths mentioned outside inline code (turn: paths): {bare}"


@rule("OC-018", family="output_control", modality="prefer", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:medium PF:high UI:low",
      source="curated: Markdown style guides fix one bullet marker",
      opportunity="a reply with a bulleted list",
      surfaces={
          "SP": "Use `{marker}` as the bullet marker in your replies; do not mix in other bullet markers such as "
                "`*` or `+` (numbered lists are fine).",
          "PF": "## Markdown style\nBulleted lists in replies use `{marker}` as the marker, never `*` or `+`.",
          "UI": "Small style thing: use `{marker}` for bullets, not `*` or `+`.",
      })
def test_bullets_use_the_house_marker(run: Run, marker: str = "-") -> None:
    """Bulleted lists in replies use `{marker}` as their marker: no bullet line outside code uses another
    marker (`*`, `+`)."""
    lists = {t.index: m for t in run.turns if (m := bullet_markers(t.reply))} or na("no reply has a bulleted list")
    other = {i: sorted(set(found) - {marker}) for i, found in lists.items()}
    other = {i: found for i, found in other.items() if found}
    assert not other, f"bullets with a marker other than {marker!r} (turn: markers): {other}"


@rule("OC-030", family="output_control", modality="require", prior="align", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      source="archetype markdown-output",
      opportunity="a reply with a list",
      surfaces={
          "SP": "Write your replies as GitHub-flavoured Markdown: lists use Markdown markers (`-`, `1.`), never "
                "typographic bullet characters such as {glyphs}.",
          "PF": "## Reply format\nReplies are GitHub-flavoured Markdown. List items start with a Markdown marker; "
                "bullet characters ({glyphs}) do not render as lists and are not used.",
          "UI": "Please use normal Markdown lists (- or 1.) - not {glyphs} characters, they break my viewer.",
      })
def test_lists_use_markdown_markers(run: Run, glyphs: tuple[str, ...] = ("•", "◦", "▪", "‣", "●")) -> None:
    """List lines in replies start with a Markdown marker: no prose line starts with a typographic bullet
    ({glyphs})."""
    listed = [t for t in run.turns if has_list(t.reply, glyphs)] or na("no reply has a list")
    bad = {t.index: found[:2] for t in listed if (found := glyph_lines(t.reply, glyphs))}
    assert not bad, f"list lines start with a bullet character instead of a Markdown marker: {bad}"


@rule("OC-044", family="output_control", modality="require", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:medium PF:high UI:low",
      source="curated: chat renderers show a level-1 heading as a page title",
      opportunity="a reply with a Markdown heading",
      surfaces={
          "SP": "Headings in your replies are level {min_level} to {max_level} (`##` or `###`): never a level-1 "
                "`#` title, never `####` or deeper.",
          "PF": "## Reply headings\nReplies use headings of level {min_level} to {max_level} only (`##`, `###`). "
                "No `#` title, nothing deeper than `###`.",
          "UI": "If you use headings, stick to ## and ### - no big # titles and nothing smaller than ###.",
      })
def test_heading_levels_stay_in_range(run: Run, min_level: int = 2, max_level: int = 3) -> None:
    """Headings in replies (outside code) are of level {min_level} to {max_level}."""
    found = {t.index: headings(t.reply) for t in run.turns if headings(t.reply)} or na("no reply has a heading")
    bad = {i: [f"{'#' * lvl} {title}" for lvl, title in hs if not min_level <= lvl <= max_level]
           for i, hs in found.items()}
    bad = {i: hs for i, hs in bad.items() if hs}
    assert not bad, f"headings outside levels {min_level}-{max_level} (turn: headings): {bad}"


@rule("OC-042", family="output_control", modality="require", prior="align", method="ast",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="curated: snippets in answers must run when pasted",
      opportunity="a reply with a code block tagged with a language the checks read",
      surfaces={
          "SP": "Every code block you tag with a language ({langs:code-or}) in a reply is valid code in that "
                "language that parses as it stands: no `>>>` or `$` prompts, no pseudo-code, no half statements "
                "(a C block may be the statements of a function body).",
          "PF": "## Snippets\nCode blocks tagged {langs:code-or} in replies must parse in their language: no REPL "
                "prompts, no pseudo-code. Output goes in a ```text block.",
          "UI": "Any snippet you give me should paste and run as is - no >>> prompts or pseudo-code in "
                "{langs:code-or} blocks.",
      })
def test_code_blocks_parse(run: Run, langs: tuple[str, ...] = ("python", "py", "javascript", "js", "typescript",
                                                               "ts", "c")) -> None:
    """Every fenced block tagged {langs:code-or} in a reply parses in its language (Python, JavaScript, TypeScript,
    C; a C block as a file or as the statements of a function body)."""
    tagged = [t for t in run.turns if any(f.lang in langs for f in fences(t.reply))] or na(
        "no code block tagged with a language the checks read")
    broken = {t.index: errs for t in tagged if (errs := code_errors(t.reply, langs))}
    assert not broken, f"code blocks that do not parse (turn: blocks): {broken}"


# --- Paths, names and locations ------------------------------------------------------------------------------


@rule("OC-019", family="output_control", modality="prefer", prior="align", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="curated: file references relative to the repository root",
      opportunity="a reply that mentions a repository file",
      surfaces={
          "SP": "Refer to repository files by their path relative to the repository root (`src/store.c`), "
                "not by an absolute path such as `/workspace/src/store.c` or `~/repo/...`.",
          "PF": "## File references\nPaths in replies are relative to the repository root; absolute paths of the "
                "agent's checkout (`/workspace/...`, `/home/...`) mean nothing to readers.",
          "UI": "Give me paths relative to the repo root please, not the full /workspace/... path on your side.",
      })
def test_paths_are_relative_to_the_repository(run: Run) -> None:
    """Replies refer to repository files by repository-relative path, never by an absolute path ending in one
    (`/workspace/src/store.c`); code blocks are not checked."""
    paths = repo_paths(run)
    mentioned = [t for t in run.turns if path_mentions(t.reply, paths) or absolute_mentions(t.reply, paths)]
    mentioned or na("no reply mentions a repository file")
    absolute = {t.index: found for t in mentioned if (found := absolute_mentions(t.reply, paths))}
    assert not absolute, f"absolute paths to repository files (turn: paths): {absolute}"


@rule("OC-020", family="output_control", modality="prefer", prior="neutral", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype cite-evidence (adapted: one citation form)",
      opportunity="a reply that points at a line of code",
      surfaces={
          "SP": "When you point at a line of code, use the `path:LINE` form (`src/store.c:42`); do not "
                "write locations as 'line 42 of store.c' or 'store.c, line 42'.",
          "PF": "## Code locations\nCode locations in replies are written `path:LINE` (`src/table.js:42`), "
                "which editors and terminals turn into links; not 'line 42 in table.js'.",
          "UI": "When you point me at a line, write it like src/core.py:42 so I can click it - not 'line 42 "
                "of core.py'.",
      })
def test_locations_use_the_path_line_form(run: Run) -> None:
    """Replies write code locations as `path:LINE`: no prose location of the form 'line N of/in <file>' or
    '<file>, line N' (code blocks not checked)."""
    located = [t for t in run.turns if citations(t.reply) or spelled_locations(t.reply)]
    located or na("no reply points at a line of code")
    bad = {t.index: found for t in located if (found := spelled_locations(t.reply))}
    assert not bad, f"locations not written as path:LINE (turn: phrases): {bad}"


@rule("OC-031", languages=NEUTRAL, family="output_control", modality="require", prior="align",
      method="cross_file", observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype markdown-output (adapted: identifiers as inline code)",
      opportunity="a reply that names a function or class the run added or changed",
      surfaces={
          "SP": "When a reply names a function, method or class from the code you changed, write it as inline "
                "code (`parse_header`, `RetryPolicy`, `deliver()`), never as plain text.",
          "PF": "## Identifiers in replies\nCode names in replies (functions, methods, classes) are inline code: "
                "`parse_header()`, `RetryPolicy`.",
          "UI": "Wrap function and class names in backticks when you mention them, like `parse_header`.",
      })
def test_changed_code_names_are_inline_code(run: Run) -> None:
    """Replies write the names of functions, methods and classes the run added or changed (Python, JS/TS, C) as
    inline code. A name that reads as a plain word (`add`) counts only when written as a call (`add()`);
    snake_case and CamelCase names count wherever they appear."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    changed = changed_definitions(run, views, ("function", "method", "class", "test"))
    names = {d.name for _, d in changed if d.name.isidentifier() and not d.name.startswith("__")}
    naming = [t for t in run.turns if bare_names(t.reply, names) or coded_names(t.reply, names)]
    naming or na("no reply names a function or class the run added or changed")
    plain_names = {t.index: found for t in naming if (found := bare_names(t.reply, names))}
    assert not plain_names, f"code names written as plain text (turn: names): {plain_names}"


@rule("OC-036", family="output_control", modality="require", prior="align", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype cite-evidence (adapted: citations that resolve)",
      opportunity="a reply citing `path:LINE` in a repository file",
      surfaces={
          "SP": "Every `path:LINE` (or `path:START-END`) you cite must exist: the file is in the repository and "
                "has that line as the file stands when you reply. Check the line before citing it.",
          "PF": "## Citations\nA `path:LINE` citation in a reply must resolve: the file exists and the line is "
                "within it at the time of the reply.",
          "UI": "Double-check any file:line you give me actually exists - I'll jump straight to it.",
      })
def test_citations_point_inside_their_files(run: Run) -> None:
    """Each `path:LINE` / `path:START-END` citation of a repository file in a reply lies within that file as
    the turn left it (or as the turn found it, for a file the turn deleted)."""
    cited = {}
    for t in run.turns:
        known = [(p, a, b, data) for p, a, b in citations(t.reply) if (data := file_at_turn(run, t.index, p))]
        if known:
            cited[t.index] = known
    cited or na("no reply cites a line of a repository file")
    out = [f"turn {i}: {p}:{a if a == b else f'{a}-{b}'} (the file has {len(d.splitlines())} lines)"
           for i, found in cited.items() for p, a, b, d in found if not 1 <= a <= b <= len(d.splitlines())]
    assert not out, f"citations outside their files: {out}"


@rule("OC-037", family="output_control", modality="require", prior="align", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype cite-evidence (adapted: no invented paths)",
      opportunity="a reply that names a file path in inline code",
      surfaces={
          "SP": "Only name files that exist: every `dir/file.ext` path you write in inline code must be a file "
                "the repository has (or had during the session), or one the user mentioned. Replies to "
                "{exempt:or} turns may name files you propose to create.",
          "PF": "## File references\nPaths in replies (inline code with a directory, like `src/store.c`) "
                "must exist in the repository; only {exempt:or} answers may name files still to be created.",
          "UI": "Don't mention files that don't exist - if you name a path, it should be real. (Proposed new "
                "files in a {exempt:or} answer are fine.)",
      })
def test_named_paths_exist(run: Run, exempt: tuple[str, ...] = ("planning",)) -> None:
    """Every relative path with a directory part written as inline code in a reply (outside {exempt:or}
    turns) is a file the repository had at the start, after some turn or at the end, or one the user's message
    names."""
    named = {t.index: found for t in run.turns if t.intent not in exempt and (found := backticked_paths(t.reply))}
    named or na("no reply names a file path in inline code")
    known = repo_paths(run)
    invented = {i: sorted(p for p in set(found) - known if p not in run.turns[i].request) for i, found in named.items()}
    invented = {i: found for i, found in invented.items() if found}
    assert not invented, f"replies name files the repository never had (turn: paths): {invented}"


# --- What a reply leaves out ---------------------------------------------------------------------------------


@rule("OC-014", family="output_control", modality="forbid", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:medium TD:high UI:low",
      source="archetype no-chatter-in-tool-calls",
      opportunity="a bash call",
      surfaces={
          "SP": "Use tools only to act. Never run a bash command whose only job is to print a message "
                "({programs:code-or} on its own, not writing a file or feeding another program); talk to the "
                "user in your reply.",
          "PF": "## Tool use\nNo chatter through tools: a bash call made only of {programs:code-or} that writes no "
                "file and pipes into nothing is not allowed. Messages belong in the reply.",
          "TD": {"tool": "bash",
                 "text": "Do not use this tool to send messages: a command consisting only of {programs:code-or} "
                         "that neither writes a file nor pipes into another program is not allowed."},
          "UI": "Don't echo status messages through the shell; just tell me in your reply.",
      })
def test_no_messages_through_bash(run: Run, programs: tuple[str, ...] = ("echo", "printf")) -> None:
    """No bash call consists only of {programs:code-or} commands that write no file and pipe into nothing
    (a message to the user sent through a tool)."""
    calls = [c for c in run.commands if c.tool == "bash"] or na("no bash call")
    chatter = [f"turn {c.turn}: `{c.cmd[:70]}`" for c in calls if only_prints(c, programs)]
    assert not chatter, f"bash calls that only print a message: {chatter}"


@rule("OC-015", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:medium",
      source="archetype no-preamble-postamble (adapted: no closing offers)",
      opportunity="a reply",
      surfaces={
          "SP": "Never offer more help. None of the phrases {phrases:code-or} (in any capitalisation) may appear "
                "in your replies; if something needs a decision, ask the concrete question.",
          "PF": "## Replies\nNo unsolicited offers: replies never contain {phrases:code-or}, in any "
                "capitalisation.",
          "UI": "And please stop with the offers - none of the {phrases:code-or} stuff. If you need something "
                "from me, ask.",
      })
def test_no_offers_of_more_help(run: Run, phrases: tuple[str, ...] = (
        "let me know if", "would you like me to", "do you want me to", "want me to", "feel free to", "if you'd like",
        "I can also", "I could also", "shall I also", "happy to")) -> None:
    """No reply (outside code) offers further help: none contains {phrases:code-or} (case ignored)."""
    run.replied_turns or na("the run has no reply")
    pattern = phrase_pattern(phrases)
    offers = [f"turn {t.index}: {m.group(0)!r}" for t in run.turns
              if (m := pattern.search(straight(without_code(t.reply))))]
    assert not offers, f"replies offer more help: {offers}"


@rule("OC-016", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      source="curated: agents must not promise work they will not do after the turn ends",
      opportunity="a reply",
      surfaces={
          "SP": "Do not announce future actions: a reply ends your turn, so write what you did, not what you "
                "will do. Never write {phrases:code-or} in a reply; do the work now or say it is not done.",
          "PF": "## Replies\nReplies report, they do not promise: no {phrases:code-or}. Anything not done is "
                "stated as not done.",
          "UI": "No promises ({phrases:code-or}) - either do it now or tell me it's not done.",
      })
def test_no_promises_of_later_work(run: Run, phrases: tuple[str, ...] = (
        "I'll", "I will", "I'm going to", "I am going to", "I plan to", "I intend to", "I'm about to",
        "I shall")) -> None:
    """No reply (outside code) announces a future action: none contains {phrases:code-or} (case ignored)."""
    run.replied_turns or na("the run has no reply")
    pattern = phrase_pattern(phrases)
    promises = [f"turn {t.index}: {m.group(0)!r}" for t in run.turns
                if (m := pattern.search(straight(without_code(t.reply))))]
    assert not promises, f"replies promise later work: {promises}"


@rule("OC-017", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      source="archetype no-hedging-success-words (adapted: no celebration)",
      opportunity="a reply",
      surfaces={
          "SP": "Report results flatly. Never celebrate in a reply: none of {words:code-or} followed by an "
                "exclamation mark.",
          "PF": "## Tone\nNo celebratory exclamations in replies ({words:code-or} followed by `!`). State the "
                "result.",
          "UI": "Skip the cheering ({words:code-or} with a '!') - just tell me where things stand.",
      })
def test_no_celebration(run: Run, words: tuple[str, ...] = (
        "Done", "Perfect", "Great", "Excellent", "Awesome", "All set", "All good", "Nailed it", "Success", "Woohoo",
        "Hooray", "Voilà", "Boom")) -> None:
    """No reply (outside code) celebrates: none has {words:code-or} followed by `!` (case ignored)."""
    run.replied_turns or na("the run has no reply")
    offenders = reply_hits(run, phrase_pattern(words, tail=r"\s*!"))
    assert not offenders, f"replies celebrate: {offenders}"


@rule("OC-021", family="output_control", modality="limit_max", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="curated: coding agents' system prompts say not to paste back files they wrote",
      opportunity="a reply with a code block after the run changed files",
      surfaces={
          "SP": "Do not paste back code you wrote: the user can open the file. A reply may repeat at most "
                "{limit} lines of code you added to the repository; point to `path:LINE` instead.",
          "PF": "## Replies\nReplies repeat at most {limit} lines of code the agent wrote (in code blocks, diffs "
                "included); reference the file instead of pasting it.",
          "UI": "Don't paste your changes back at me - {limit} lines max, I'll read the files.",
      })
def test_written_code_is_not_pasted_back(run: Run, limit: int = 5) -> None:
    """No reply repeats more than {limit} lines, in its code blocks, of code the run added to files by the end
    of that turn (a diff block's `+`/`-` column ignored; lines without a letter or digit ignored)."""
    turns = [t for t in run.turns if fences(t.reply) and written_lines(run, t.index)]
    turns or na("no reply with a code block after the run changed files")
    counts = {t.index: len(echoed_lines(t.reply, written_lines(run, t.index))) for t in turns}
    over = {i: n for i, n in counts.items() if n > limit}
    assert not over, f"replies repeat more than {limit} written code lines (turn: lines): {over}"


@rule("OC-028", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:low",
      source="archetype ask-when-ambiguous (adapted: questions gathered in one place)",
      opportunity="a reply that asks a question",
      surfaces={
          "SP": "Collect every question you ask the user under a `## {heading}` heading at the end of the reply: "
                "no sentence ending in a question mark appears before that heading (rhetorical ones included) "
                "and no other heading follows it.",
          "PF": "## Questions to the maintainer\nQuestions go last, under `## {heading}`: no question mark in "
                "the reply before that heading, no heading after it.",
          "UI": "If you have questions, put them all at the end under '## {heading}' so I don't miss any - no "
                "question marks anywhere else, please.",
      })
def test_questions_are_gathered_at_the_end(run: Run, heading: str = "Open questions") -> None:
    """In a reply that asks something, every question (a prose line with a `?` ending a sentence, quotes
    aside) comes after a `## {heading}` heading, and that heading is the reply's last."""
    asking = [t for t in run.turns if questions(t.reply)] or na("no reply asks a question")
    wrong = [t.index for t in asking if not questions_gathered(t.reply, heading)]
    assert not wrong, f"replies of turns {wrong} ask questions outside a final '## {heading}' section"


@rule("OC-041", family="output_control", modality="require", prior="align", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      source="archetype summarize-changes (adapted: every turn ends with a reply)",
      opportunity="a turn in which the agent used a tool",
      surfaces={
          "SP": "Always end a turn with a written reply: after using tools, tell the user what happened; never "
                "stop on a tool call with nothing said.",
          "PF": "## Replies\nEvery turn in which the agent worked (used any tool) ends with a non-empty reply to "
                "the user.",
          "UI": "Whatever you do, always come back with a message at the end - don't just go quiet after "
                "running things.",
      })
def test_tool_turns_end_with_a_reply(run: Run) -> None:
    """Every turn in which the agent called a tool ends with a non-empty text reply."""
    worked = {turn for _, turn, _ in numbered_calls(run)} or na("no turn used a tool")
    silent = [t.index for t in run.turns if t.index in worked and not t.reply.strip()]
    assert not silent, f"turns {silent} used tools and ended without a reply"
