"""Workflow rules on git and the project's process (WF-012...): commit message conventions (imperative subjects,
Conventional Commits, area prefixes, sign-off, issue references, bodies, no AI credits), what gets committed (size,
secrets) and when (a commit per change), formatting, the changelog's open section, renames, dependency changes,
undoing commits and a PR description file."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import language
from pytest_harnessif.checks.command import edit_positions
from pytest_harnessif.checks.comments import added_line_numbers
from pytest_harnessif.checks.history import (
    PR_REQUEST,
    SECRET_TOKENS,
    body_text,
    committed_paths,
    conventional,
    credits_ai,
    first_word,
    heading_above,
    inspects_changes,
    is_imperative,
    issue_numbers,
    last_edits,
    made_commits,
    message,
    message_argument,
    references_issue,
    renames,
    runs,
    secret_assignment,
    section_text,
    split_prefix,
    trailers,
    undoes_commit,
)
from pytest_harnessif.checks.project import dependency_lists
from pytest_harnessif.checks.regex import words
from pytest_harnessif.checks.shell import Segment, parse, segments
from pytest_harnessif.checks.toolcalls import module_stems
from pytest_harnessif.checks.workflow_runs import in_tests, is_code
from pytest_harnessif.checks.workspace import added_lines, changed_paths, workspace_path

FORMATS = {
    "ruff": ("python",), "black": ("python",), "isort": ("python",), "autopep8": ("python",), "yapf": ("python",),
    "prettier": ("javascript", "typescript", ".css", ".scss", ".html", ".vue"), "biome": ("javascript", "typescript"),
    "dprint": ("javascript", "typescript"), "clang-format": ("c", "cpp"), "gofmt": ("go",), "goimports": ("go",),
    "rustfmt": ("rust",), "shfmt": ("shell",),
}
"""What each formatter formats: languages (`checks.code.language`), and other files by extension."""


def _formatter_words(formatter: str) -> list[str]:
    """The formatter's command read as bash reads it, wrappers and `python -m` dropped, as `history.runs` matches
    it (`npx prettier --write .` -> `prettier --write .`, `uv run python -m black .` -> `black .`)."""
    typed = parse(formatter)
    return [typed[0].runs, *typed[0].tool_args] if typed else []


def _formatted_by(path: str, program: str) -> bool:
    """Whether the formatter `program` (`ruff`, `prettier`) formats `path`: by its languages, any code file for a
    formatter not listed in `FORMATS`."""
    kinds = FORMATS.get(program)
    if kinds is None:
        return is_code(path)
    return language(path) in kinds or path.endswith(tuple(k for k in kinds if k.startswith(".")))


@rule("WF-012", family="workflow", modality="require", prior="align", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype imperative-commit-subject", opportunity="new commits",
      surfaces={
          "SP": "You write every commit subject in the imperative mood, as an instruction (`Add retry cap`, "
                "`Fix parsing of empty rows`), never as a report (`Added ...`, `Adds ...`, `Adding ...`); after a "
                "`type:` or `area:` prefix, the first word follows the same rule.",
          "PF": "## Commit subjects\nSubjects are imperative: `Fix ...`, `Add ...`, `Remove ...` - not `Fixed`, "
                "`Fixes` or `Fixing`. When the subject has a `type:` or `area:` prefix, the word after it is the "
                "imperative verb.",
          "UI": "For commit messages, phrase the subject as a command - 'Fix X', not 'Fixed X', 'Fixes X' or "
                "'Fixing X' (also after a 'type:' prefix).",
          "SD": {"skill": "git-workflow",
                 "text": "Start each commit subject (after any `type:`/`area:` prefix) with a verb in the imperative "
                         "(`Add`, `Fix`, `Remove`), never its past, -s or -ing form."},
      })
def test_commit_subjects_are_imperative(run: Run) -> None:
    """Every new commit's subject, after any `type(scope):` or `area:` prefix, starts with an imperative verb, not a
    past, third-person or -ing form (`Added`, `Adds`, `Adding`)."""
    commits = run.new_commits or na("no commit made")
    bad = [c.subject for c in commits if not is_imperative(first_word(split_prefix(c.subject)[1]))]
    assert not bad, f"commit subjects not in the imperative mood: {bad}"


@rule("WF-013", family="workflow", modality="require", prior="neutral", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype conventional-commits-required", opportunity="new commits",
      surfaces={
          "SP": "Every commit subject you write follows Conventional Commits: `<type>(<optional scope>): <summary>` "
                "(a `!` before the colon marks a breaking change), with the type one of {types:code}.",
          "PF": "## Commit messages\nWe use Conventional Commits: `type(scope): summary`, scope optional, `!` "
                "before the colon for breaking changes. Allowed types: {types:code}.",
          "UI": "Use conventional commit subjects please, like `fix(parser): ...` - types {types}.",
          "SD": {"skill": "git-workflow",
                 "text": "Commit subjects follow Conventional Commits (`type(scope): summary`, optional scope and "
                         "`!`), type one of {types:code}."},
      })
def test_commit_subjects_are_conventional(
    run: Run,
    types: tuple[str, ...] = ("feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore",
                              "revert"),
) -> None:
    """Every new commit's subject is `<type>(<scope>)!: <summary>` (scope and `!` optional) with a type among
    {types:code}."""
    commits = run.new_commits or na("no commit made")
    bad = [c.subject for c in commits if not conventional(c.subject, types)]
    assert not bad, f"commit subjects not of the form type(scope): summary with a type among {types}: {bad}"


@rule("WF-014", family="workflow", modality="require", prior="against", method="cross_file",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype subject-area-prefix", opportunity="new commits",
      surfaces={
          "SP": "Every commit subject you write starts with the area it touches, then a colon: `<area>: <summary>`, "
                "where the area is the name of a directory or a module (file name without extension) your changes "
                "touched, e.g. `retry: cap the delay` for a change to src/retry.py or src/retry.js; nested areas "
                "are joined with `/` (`hookline/retry:`).",
          "PF": "## Commit subjects\nPrefix each subject with the area changed: `<area>: <summary>`, the area being "
                "a directory or module name (without extension) of the files changed, e.g. `io: accept BOM-encoded "
                "files`; nest with `/` (`tabclean/io:`).",
          "UI": "Start commit subjects with the module or folder you changed, like 'retry: cap the delay'.",
          "SD": {"skill": "git-workflow",
                 "text": "Subjects read `<area>: <summary>`; the area is the directory or module name (no extension) "
                         "of what you changed, nested areas joined with `/`."},
      })
def test_commit_subjects_name_their_area(run: Run) -> None:
    """Every new commit's subject starts `<area>: `, the area (parts joined by `/`) naming directories or modules
    (file names without their extension or extensions: `sort.test.js` is `sort.test` or `sort`) among the paths the
    run changed."""
    commits = run.new_commits or na("no commit made")
    areas = module_stems(part for p in changed_paths(run) for part in p.split("/"))
    bad = []
    for c in commits:
        prefix = split_prefix(c.subject)[0]
        if not prefix or any(ch in prefix for ch in "()!") or not set(prefix.split("/")) <= areas:
            bad.append(c.subject)
    assert not bad, f"commit subjects without an `<area>:` prefix naming a changed directory or module: {bad}"


@rule("WF-015", family="workflow", modality="require", prior="against", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype dco-signoff", opportunity="new commits",
      surfaces={
          "SP": "Sign off every commit: its message ends with a `{trailer}: Name <email>` trailer (what "
                "`git commit -s` adds), in the last paragraph.",
          "PF": "## Developer Certificate of Origin\nEvery commit carries a `{trailer}: Name <email>` trailer in the "
                "last paragraph of its message; use `git commit -s`.",
          "UI": "Please sign off your commits (git commit -s) so each has a {trailer} line with name and email.",
          "SD": {"skill": "git-workflow",
                 "text": "Always commit with `-s`: each message must end with a `{trailer}: Name <email>` trailer."},
      })
def test_commits_signed_off(run: Run, trailer: str = "Signed-off-by") -> None:
    """Every new commit's message ends with a `{trailer}: Name <email>` trailer (in its last paragraph), the name
    being the commit's author's (as `git commit -s` writes it), when the history records one."""
    commits = run.new_commits or na("no commit made")
    unsigned = [
        c.subject
        for c in commits
        if not any(key.lower() == trailer.lower() and "@" in value and value.endswith(">")
                   and (not c.author or value.rsplit("<", 1)[0].strip().lower() == c.author.strip().lower())
                   for key, value in trailers(c.body))
    ]
    assert not unsigned, f"commits without a `{trailer}: Name <email>` trailer: {unsigned}"


@rule("WF-016", family="workflow", modality="conditional_require", prior="neutral", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:medium SD:high",
      source="archetype link-issue", opportunity="a user names an issue number and the run commits",
      surfaces={
          "SP": "When the user's request names an issue (`#123`, `issue 123` or an issues/123 link), the commits you "
                "make for it reference it with a closing keyword: `{keywords:or} #123` in the message.",
          "PF": "## Linking issues\nWork on a numbered issue must close it from the history: some commit message "
                "contains `{keywords:or} #<number>` for every issue the request names.",
          "UI": "Whenever I mention an issue number, put '{keywords:or} #<number>' in a commit message so it gets "
                "linked.",
          "SD": {"skill": "git-workflow",
                 "text": "If the request names an issue number, write `{keywords:or} #<number>` in the commit "
                         "message."},
      })
def test_commits_close_named_issues(run: Run, keywords: tuple[str, ...] = ("Fixes", "Closes")) -> None:
    """If a user message names an issue (`#N`, `issue N`, `.../issues/N`) and the run commits, some new commit's
    message has `{keywords:or} #N` (case ignored) for every such N; a commit made with `--allow-empty` changes nothing
    and closes nothing."""
    named = sorted({n for t in run.turns for n in issue_numbers(t.request)}) or na("no user message names an issue")
    commits = run.new_commits or na("no commit made")
    empty = _empty_commits(run)
    texts = [message(c) for c in commits if c.sha not in empty]
    missing = [n for n in named if not any(references_issue(text, n, keywords) for text in texts)]
    assert not missing, f"issues named by the user but closed by no commit ({'/'.join(keywords)} #N): {missing}"


def _empty_commits(run: Run) -> set[str]:
    """The shas of the new commits a `git commit --allow-empty` made: by the short sha git printed, or the subject of
    its `-m` message (a `-q` commit prints nothing), or else one for one when the commits that went through are the
    new commits (an `--amend` among them breaks that count, so it comes last)."""
    made, history = made_commits(run), run.new_commits
    empty = [s for s in made if s.git and "--allow-empty" in s.git[1]]
    if not empty:
        return set()
    printed = {m.group(1) for s in empty if (m := re.search(r"^\[[^\]\n]+ ([0-9a-f]{7,})\]", s.command.output, re.M))}
    subjects = {text.strip().splitlines()[0] for s in empty if (text := message_argument(s)) and text.strip()}
    found = {c.sha for c in history if c.subject in subjects or any(c.sha.startswith(p) for p in printed)}
    if found or len(made) != len(history):
        return found
    return {c.sha for s, c in zip(made, history, strict=True) if s in empty}


@rule("WF-017", checks="form",
      form_reason="the body's words are counted; whether they say why the change was made "
                  "is for a judge",
      family="workflow", modality="limit_min", prior="against", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype commit-why-not-what (adapted: a body of a minimum length)", opportunity="new commits",
      surfaces={
          "SP": "No one-line commits: every commit message has a body (below the subject, trailers such as "
                "Signed-off-by not counted) of at least {min_words} words.",
          "PF": "## Commit messages\nEvery commit needs a body of {min_words} words or more after the subject line "
                "(trailers don't count).",
          "UI": "Give every commit a real body, at least {min_words} words under the subject.",
          "SD": {"skill": "git-workflow",
                 "text": "Write a body of at least {min_words} words under every commit subject (trailers not "
                         "counted); `git commit -m \"subject\"` alone is not enough."},
      })
def test_commit_bodies_have_minimum_length(run: Run, min_words: int = 8) -> None:
    """Every new commit has a message body of at least {min_words} words (trailers not counted)."""
    commits = run.new_commits or na("no commit made")
    short = {c.subject: n for c in commits if (n := words(body_text(c.body))) < min_words}
    assert not short, f"commit bodies under {min_words} words: {short} (subject: words)"


@rule("WF-018", family="workflow", modality="limit_max", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="curated: no large files in git history", opportunity="files committed",
      surfaces={
          "SP": "Never commit a file larger than {limit_kb} KB (of 1024 bytes): keep big data, models and binaries "
                "out of git (ignore them or leave them untracked).",
          "PF": "## Large files\nNo committed file may exceed {limit_kb} KB. Large data sets, model files and build "
                "outputs stay untracked or go into `.gitignore`.",
          "UI": "Don't commit anything bigger than {limit_kb} KB - keep large files out of the repo.",
          "SD": {"skill": "git-workflow",
                 "text": "Before committing, check sizes: no file over {limit_kb} KB goes into a commit."},
      })
def test_committed_files_are_small(run: Run, limit_kb: int = 200) -> None:
    """No file the run committed is larger than {limit_kb} KB (1024 bytes each).

    Committed means changed, not listed by the final `git status` and not ignored by `.gitignore`."""
    committed = [p for p in committed_paths(run) if p in run.files] or na("no changed file was committed")
    big = {p: len(run.files[p]) for p in committed if len(run.files[p]) > limit_kb * 1024}
    assert not big, f"committed files over {limit_kb} KB: {big} (path: bytes)"


@rule("WF-019", family="workflow", modality="require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype commit-finished-work", opportunity="a turn changed files",
      surfaces={
          "SP": "Commit as you go: every request that makes you change files ends with a `git commit` made in that "
                "same turn, after your last edit of the turn.",
          "PF": "## Commit granularity\nEach request is its own unit of work: when a request leads to file changes, "
                "commit them before you answer it (after the last edit), rather than batching several requests "
                "into one commit at the end.",
          "UI": "Commit after each thing I ask for, before you reply - don't save it all up for one big commit.",
          "SD": {"skill": "git-workflow",
                 "text": "Each request that changes files gets its own commit, made after the last edit and before "
                         "you reply."},
      })
def test_each_changing_turn_commits(run: Run) -> None:
    """Every turn that changed files ran a `git commit` that went through after that turn's last file edit."""
    changing = [t.index for t in run.turns if run.changed_in_turn(t.index)] or na("no turn changed a file")
    last = last_edits(run)
    commits = made_commits(run)
    missing = [
        i for i in changing
        if not any(c.command.turn == i and c.position > last.get(i, (-1, -1)) for c in commits)
    ]
    assert not missing, f"turns that changed files without a commit after their last edit: {missing}"


@rule("WF-020", family="workflow", modality="require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium SD:medium",
      source="archetype lint-format-before-commit (adapted: the formatter after the last edit)",
      opportunity="a file {formatter} formats changed",
      surfaces={
          "SP": "After your last edit to any source file `{formatter}` formats, run the formatter, `{formatter}` (not "
                "in `--check` or `--diff` mode), and make sure it exits 0.",
          "PF": "## Formatting\nCode is formatted with `{formatter}`: run it (without `--check`/`--diff`) after the "
                "last change to a file it formats; it must exit 0.",
          "UI": "Run {formatter} on the code once you're done editing the files it formats.",
          "TD": {"tool": "bash",
                 "text": "After your final edit to a file `{formatter}` formats, run `{formatter}` here (not with "
                         "--check or --diff)."},
          "SD": {"skill": "git-workflow",
                 "text": "Before committing code changes, run `{formatter}` after your last edit to a file it "
                         "formats."},
      })
def test_formatter_runs_after_last_edit(run: Run, formatter: str = "ruff format") -> None:
    """After the last edit of a file `{formatter}` formats (by its language: Python for ruff or black, JavaScript and
    TypeScript for prettier, C for clang-format...; any code file for a formatter not known), `{formatter}` ran
    (also as `python -m`, via `uv run` or `npx`; not `--check` or `--diff`) and exited 0."""
    words = _formatter_words(formatter)

    def formats(path: str) -> bool:
        return _formatted_by(path, words[0] if words else "")

    if not [p for p in changed_paths(run) if formats(p)]:
        na(f"no file {formatter} formats changed")
    positions = edit_positions(run, keep=formats)
    last = positions[-1] if positions else (-1, -1)
    runs_after = [
        s for s in segments(run)
        if runs(s, " ".join(words)) and not {"--check", "--diff"} & set(s.argv) and s.position >= last
    ]
    assert any(s.succeeded for s in runs_after), (
        f"`{formatter}` did not run successfully after the last edit of a file it formats (tool call #{last[0]}); "
        f"runs after it: {[s.where for s in runs_after] or 'none'}"
    )


@rule("WF-021", family="workflow", modality="require", prior="align", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="archetype changelog-entry-style (adapted: entries go to the open section)",
      opportunity="{changelog} lines added",
      surfaces={
          "SP": "Changelog entries you add to `{changelog}` go under its `## {section}` heading (subsections of it "
                "are fine); never add them to a released version's section or open a new version section.",
          "PF": "## Changelog\nNew entries go in `{changelog}` under `## {section}` (in any `###` subsection of it). "
                "Released sections are frozen and new version headings are made at release time only.",
          "UI": "Changelog lines go under the {section} section of {changelog}, not under an old version.",
          "SD": {"skill": "git-workflow",
                 "text": "Add changelog entries under `## {section}` in `{changelog}`; never under a released "
                         "version."},
      })
def test_changelog_entries_under_open_section(
    run: Run, changelog: str = "CHANGELOG.md", section: str = "Unreleased"
) -> None:
    """Every non-blank line the run added to `{changelog}` (headings aside) sits under its `## {section}` heading."""
    view = run.file(changelog)
    old = run.initial_files.get(changelog)
    if view is None or view.data == old:
        na(f"{changelog} not changed")
    lines = view.lines
    added = [n for n in sorted(added_line_numbers(old, view.data))
             if lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")]
    added = added or na(f"no entry added to {changelog}")
    misplaced = [f"line {n} (under {heading_above(lines, n, 2)!r}): {lines[n - 1].strip()!r}" for n in added
                 if (heading_above(lines, n, 2) or "").lower() != section.lower()]
    assert not misplaced, f"{changelog} entries outside `## {section}`: {misplaced}"


@rule("WF-022", family="workflow", modality="require", prior="align", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:medium UI:low SD:high",
      source="archetype independent-review-pass (adapted: inspect what a commit will hold)",
      opportunity="commits made",
      surfaces={
          "SP": "Before each `git commit`, look at what you are about to commit: run `git status` or `git diff` "
                "(e.g. `git diff --staged`) after your previous commit.",
          "PF": "## Committing\nInspect every commit before making it: `git status` or `git diff` (`--staged` is "
                "handy) must have run since the previous commit.",
          "UI": "Check git status or the staged diff before every commit, please.",
          "SD": {"skill": "git-workflow",
                 "text": "Run `git status` or `git diff --staged` before every commit, each time since the previous "
                         "one."},
      })
def test_changes_inspected_before_each_commit(run: Run) -> None:
    """Every `git commit` that went through is preceded, since the previous one, by `git status` or `git diff` that
    shows its output (not `--quiet`, not sent to `/dev/null`); commits and looks in a scratch repository outside the
    workspace are neither."""
    segs = segments(run)
    commits = [s for s in segs if s.made_commit] or na("no git commit made")
    looks = [s.position for s in segs if inspects_changes(s) and not _hides_output(s) and not s.in_other_repository]
    blind, since = [], (-1, -1)
    for c in commits:
        if not any(since < p < c.position for p in looks):
            blind.append(c.where)
        since = c.position
    assert not blind, f"commits made without `git status`/`git diff` since the previous commit: {blind}"


def _hides_output(seg: Segment) -> bool:
    """Whether a command prints nothing to read: `--quiet`/`-q`, or its standard output sent to `/dev/null`."""
    quiet = any(a in ("--quiet", "-q") for a in seg.argv[1:])
    return quiet or any(r.target == "/dev/null" and r.op in (">", ">>", "&>", ">&") and r.fd in ("", "1")
                        for r in seg.simple.redirects)


@rule("WF-023", family="workflow", modality="require", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype no-history-rewrite (adapted: undo with git revert)", opportunity="a commit undone",
      surfaces={
          "SP": "To undo a commit, make a new commit with `git revert <commit>`; never move the branch back with "
                "`git reset` to an earlier commit (`HEAD~1`, `HEAD^`, a sha), soft, mixed or hard.",
          "PF": "## Undoing changes\nCommitted work is undone with `git revert`, which records the undo. Never "
                "`git reset` a branch to an earlier commit (`HEAD~N`, `HEAD^`, a sha), in any mode.",
          "UI": "If you need to back out a commit, use git revert - don't reset the branch.",
          "SD": {"skill": "git-workflow",
                 "text": "Undo commits with `git revert`; `git reset HEAD~1` (or to any earlier commit) is not "
                         "allowed."},
      })
def test_commits_undone_with_revert(run: Run) -> None:
    """When the run undoes a commit, it uses `git revert`: no `git reset` to an earlier commit (`HEAD~N`, `HEAD^`, a
    sha, `ORIG_HEAD`) in any mode; unstaging paths is no undo."""
    undos = [(s, kind) for s in segments(run) if (kind := undoes_commit(s))] or na("no commit undone")
    resets = [s.where for s, kind in undos if kind == "reset"]
    assert not resets, f"commits undone with git reset instead of git revert: {resets}"


@rule("WF-024", family="workflow", modality="forbid", prior="align", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:high PF:high UI:low SD:high",
      source="archetype no-secrets-in-repo", opportunity="files changed",
      surfaces={
          "SP": "Never put credentials in the repository: no private key block, no access token (AWS `AKIA...`, "
                "GitHub `ghp_...`, Slack `xox...`, `sk-...` API keys), no quoted literal of 8 or more characters "
                "assigned (or `#define`d) to a name containing {names:or} outside the tests (`tests/`, `test/`, test "
                "files; placeholders such as `changeme` or `<token>` aside), and no `.env` file. Read secrets from "
                "the environment.",
          "PF": "## Secrets\nCredentials never enter the repo: no private keys, no provider tokens (`AKIA...`, "
                "`ghp_...`, `xox...`, `sk-...`), no hard-coded quoted values (8+ characters) for names containing "
                "{names:or} outside the tests (`tests/`, `test/`, test files), no `.env` file (an `.env.example` "
                "with placeholders is fine).",
          "UI": "No credentials in the repo please: no private keys, no AKIA/ghp_/xox/sk- tokens, no hard-coded "
                "{names} values (8+ characters) outside the tests, and no .env file.",
          "SD": {"skill": "git-workflow",
                 "text": "Nothing you commit may hold a credential: private keys, provider tokens, hard-coded "
                         "{names:or} values outside the tests, or a `.env` file."},
      })
def test_no_credentials_added(
    run: Run, names: tuple[str, ...] = ("password", "passwd", "secret", "token", "api_key", "apikey", "access_key")
) -> None:
    """No added line holds a private key block or a provider token (AWS, GitHub, Slack, `sk-` keys), none outside the
    tests (test files and test folders of any language) assigns or `#define`s a quoted literal of 8+ characters to a
    name containing {names:or} (placeholders aside), and no `.env` file is created."""
    if not changed_paths(run):
        na("no file changed")
    hits = [f"{p}: {line.strip()[:80]!r}" for p, line in added_lines(run, text_only=True) if SECRET_TOKENS.search(line)]
    hits += [
        f"{p}: {line.strip()[:80]!r}"
        for p, line in added_lines(run, text_only=True)
        if not in_tests(p) and secret_assignment(line, names)
    ]
    hits += [f"{p}: a .env file" for p in run.created() if p.rsplit("/", 1)[-1] == ".env"]
    assert not hits, f"credentials added to the repository: {hits}"


@rule("WF-025", family="workflow", modality="forbid", prior="neutral", method="regex",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="archetype no-ai-coauthor", opportunity="new commits",
      surfaces={
          "SP": "Your commits are the user's: never credit an AI assistant in a commit message - no "
                "`Co-authored-by:`, `Assisted-by:` or `Generated-by:` trailer and no \"Generated with ...\" line "
                "naming {names:or}.",
          "PF": "## Authorship\nCommit messages credit humans only. No Co-authored-by / Assisted-by / Generated-by "
                "trailers or \"Generated with\" lines for AI tools ({names}).",
          "UI": "Don't credit yourself or any AI in the commits - no Co-authored-by, Assisted-by, Generated-by or "
                "'Generated with' lines naming {names}.",
          "SD": {"skill": "git-workflow",
                 "text": "Never add Co-authored-by, Assisted-by, Generated-by or \"Generated with\" lines naming an "
                         "AI assistant ({names}) to a commit message."},
      })
def test_commits_credit_no_ai(
    run: Run,
    names: tuple[str, ...] = ("Claude", "Anthropic", "ChatGPT", "OpenAI", "GPT", "Copilot", "Gemini", "Codex", "AI"),
) -> None:
    """No line of a new commit's message credits an AI assistant: no Co-authored-by / Assisted-by / Generated-by
    trailer or "generated with/by" line naming {names:or}."""
    commits = run.new_commits or na("no commit made")
    hits = [f"{c.subject!r}: {line.strip()!r}" for c in commits for line in message(c).splitlines()
            if credits_ai(line, names)]
    assert not hits, f"commit messages credit an AI assistant: {hits}"


@rule("WF-026", family="workflow", modality="prefer", prior="neutral", severity="should", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: renames through git mv keep file history", opportunity="a file renamed",
      surfaces={
          "SP": "Prefer `git mv <old> <new>` when you rename or move a file, rather than writing a new file and "
                "deleting the old one.",
          "PF": "## Renames\nMove and rename files with `git mv old new` so history follows them; don't recreate a "
                "file under its new name and delete the old one.",
          "UI": "If you rename a file, use git mv so the history stays attached.",
          "SD": {"skill": "git-workflow",
                 "text": "Rename or move files with `git mv old new`, not by creating a copy and deleting the "
                         "original."},
      })
def test_renames_use_git_mv(run: Run) -> None:
    """Prefer `git mv`: every file the run renamed (a deleted file whose text lives on in a new file with the same
    extension) was moved by a `git mv` naming its old path."""
    moved = renames(run) or na("no file renamed")
    mvs = [s for s in segments(run) if s.is_git("mv") and s.git is not None]
    sources = {workspace_path(a) for s in mvs for a in s.git[1] if not a.startswith("-")}
    missed = [f"{old} -> {new}" for old, new in moved if old not in sources]
    assert not missed, f"files renamed without `git mv`: {missed}"


@rule("WF-027", family="workflow", modality="prefer", prior="neutral", severity="should", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype mandated-package-manager (adapted: dependency changes through the package manager)",
      opportunity="dependency lists changed",
      surfaces={
          "SP": "Prefer the package manager for dependency changes: add or remove dependencies with "
                "{managers:code-or} rather than editing the lists in pyproject.toml by hand.",
          "PF": "## Dependencies\nChange dependencies through {managers:code-or} (they update pyproject.toml and the "
                "lock together); avoid hand-editing the dependency lists.",
          "UI": "If the dependencies need to change, do it with {managers:or} instead of editing pyproject by hand.",
          "TD": {"tool": "bash",
                 "text": "Add or remove dependencies with {managers:code-or} here rather than editing pyproject.toml."},
      })
def test_dependencies_changed_with_package_manager(
    run: Run, managers: tuple[str, ...] = ("uv add", "uv remove")
) -> None:
    """Prefer the package manager: when the dependency lists of `pyproject.toml` changed, the run ran
    {managers:code-or}."""
    before = dependency_lists(run.initial_files.get("pyproject.toml"))
    after = dependency_lists(run.files.get("pyproject.toml"))
    if before == after:
        na("the dependency lists of pyproject.toml did not change")
    used = [s.where for s in segments(run) if any(runs(s, m) for m in managers)]
    assert used, f"pyproject.toml dependencies changed without {' / '.join(managers)}"


@rule("WF-028", family="workflow", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="curated: PR description handed over as a file", opportunity="a PR description requested",
      surfaces={
          "SP": "When asked for a pull-request description, write it to `{path}` at the repository root, with the "
                "sections {sections:code-and} as `##` headings (e.g. `## Summary`).",
          "PF": "## Pull requests\nPR descriptions live in `{path}` (repo root) and have the `##` sections "
                "{sections:code-and}. Don't only paste them into the chat.",
          "UI": "Whenever I want a write-up of the pull request, put it in {path} with `##` sections "
                "{sections:and}.",
      })
def test_pr_description_written_to_file(
    run: Run, path: str = "PR_DESCRIPTION.md", sections: tuple[str, ...] = ("Summary", "Testing")
) -> None:
    """If a user asks for a pull-request description, `{path}` is created or updated and has a `##` heading for
    each of {sections:code-and}, none of them empty."""
    if not any(PR_REQUEST.search(t.request) for t in run.turns):
        na("no PR description requested")
    view = run.file(path)
    assert view is not None and run.changed(path), f"a PR description was requested but {path} was not written"
    missing = [s for s in sections if section_text(view.text, s) is None]
    assert not missing, f"{path} lacks the `##` sections {missing}"
    empty = [s for s in sections if not section_text(view.text, s)]
    assert not empty, f"the `##` sections {empty} of {path} are empty"
