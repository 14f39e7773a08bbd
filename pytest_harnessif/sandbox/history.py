"""A task repository's history: `repos/<name>.history.yaml` beside the repository lists the commits (author, date,
message, files) that `git log` shows in the sandbox, replayed when a workspace is made. Without the file the
workspace gets one "Initial import" commit."""

from __future__ import annotations

import fnmatch
import shlex
from pathlib import Path

import yaml
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

INITIAL_COMMIT = "git init -q -b main && git add -A && git commit -q -m 'Initial import' --no-gpg-sign"
SKIPPED = ("__pycache__", ".pytest_cache")  # never copied into a workspace, so never committed either


class HistoryError(ValueError):
    """A history file that cannot be replayed; the message names the file and field."""


class HistoryCommit(BaseModel):
    """One commit: `files` are git pathspecs (paths or globs) committed in their final form; the last commit has
    none and takes every file not named before (and the rendered project file)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    author: str = Field(pattern=r"^[^<>]+ <[^<>@\s]+@[^<>\s]+>$")
    date: AwareDatetime
    message: str = Field(min_length=1)
    files: list[str] | None = None

    def env(self) -> str:
        """The variables that make git record this commit's author, committer and date."""
        name, email = self.author[:-1].split(" <")
        stamp = self.date.isoformat()
        pairs = {"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": stamp}
        pairs |= {"GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email, "GIT_COMMITTER_DATE": stamp}
        return " ".join(f"{k}={shlex.quote(v)}" for k, v in pairs.items())


class History(BaseModel):
    """The commits of a repository, oldest first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    commits: list[HistoryCommit] = Field(min_length=1)


def history_path(repo: Path) -> Path:
    """Where the history of `repo` lives: `<repo>.history.yaml` beside it, outside the workspace."""
    return repo.parent / f"{repo.name}.history.yaml"


def _files(repo: Path) -> list[str]:
    return sorted(
        p.relative_to(repo).as_posix()
        for p in repo.rglob("*")
        if p.is_file() and not any(part in SKIPPED for part in p.relative_to(repo).parts)
    )


def _matches(spec: str, path: str) -> bool:
    """Whether git's default pathspec `spec` names `path` (a path, a folder prefix, or an fnmatch glob)."""
    return path == spec or path.startswith(spec.rstrip("/") + "/") or fnmatch.fnmatchcase(path, spec)


def load_history(repo: Path) -> History | None:
    """The history of `repo`, checked against its files (HistoryError naming file and field), or None."""
    path = history_path(repo)
    if not path.is_file():
        return None
    try:
        history = History.model_validate(yaml.safe_load(path.read_text()))
    except yaml.YAMLError as exc:
        raise HistoryError(f"{path}: not valid YAML: {exc}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise HistoryError(f"{path}: {where}: {err['msg']}") from None
    files, owner = _files(repo), {}
    for i, commit in enumerate(history.commits):
        where = f"{path}: commits.{i}"
        if commit.files is None:
            if i != len(history.commits) - 1:
                raise HistoryError(f"{where}.files: missing; only the last commit takes the files not named before")
            continue
        if i == len(history.commits) - 1 and len(history.commits) > 1:
            raise HistoryError(f"{where}.files: the last commit takes every file not named before; drop `files`")
        for spec in commit.files:
            named = [f for f in files if _matches(spec, f)]
            if not named:
                raise HistoryError(f"{where}.files: {spec!r} names no file of {repo}")
            for f in named:
                if f in owner:
                    raise HistoryError(f"{where}.files: {f} is already committed by commits.{owner[f]}")
                owner[f] = i
    dates = [c.date for c in history.commits]
    if dates != sorted(dates):
        raise HistoryError(f"{path}: commits: dates must not go back in time (oldest commit first)")
    return history


def init_commands(repo: Path) -> str:
    """The shell commands that make the workspace copy of `repo` a git repository on `main` with its history."""
    history = load_history(repo)
    if history is None:
        return INITIAL_COMMIT
    lines = ["set -e", "git init -q -b main"]
    for commit in history.commits:
        add = "git add -A" if commit.files is None else "git add -- " + " ".join(map(shlex.quote, commit.files))
        lines.append(add)
        lines.append(f"{commit.env()} git commit -q --no-gpg-sign --allow-empty -m {shlex.quote(commit.message)}")
    return "\n".join(lines)

