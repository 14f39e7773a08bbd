"""The Sandbox conformance suite: every backend (local, docker) passes each of these tests unchanged."""

from __future__ import annotations

import hashlib
import io
import os
import tarfile
from pathlib import Path

import pytest

from pytest_harnessif.sandbox import Sandbox, SandboxError
from pytest_harnessif.sandbox.base import tar_members
from pytest_harnessif.sandbox.select import SandboxChoice, choose

from .conftest import Backend


def _gone(box: Sandbox, pid_file: str) -> bool:
    """Whether the process whose pid `pid_file` holds is dead (a zombie counts as dead), polling for 3 s."""
    res = box.exec(
        f'p=$(cat {pid_file}); for i in $(seq 60); do s=$(sed "s/.*) //" /proc/$p/stat 2>/dev/null | cut -c1); '
        'case "$s" in ""|Z|X) echo gone; exit 0;; esac; sleep 0.05; done; echo alive',
        timeout=10,
    )
    return res.stdout.strip() == "gone"


def _names(tar: bytes) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        return sorted(tf.getnames())


def test_satisfies_the_protocol(box: Sandbox, backend: Backend) -> None:
    assert isinstance(box, Sandbox)
    assert box.backend == backend.name


def test_exec_exit_codes_and_streams(box: Sandbox) -> None:
    ok = box.exec("echo out; echo err >&2")
    assert (ok.exit_code, ok.stdout, ok.stderr) == (0, "out\n", "err\n")
    assert ok.output == "out\n\nerr\n"
    assert not ok.timed_out and not ok.truncated and ok.killed_reason is None
    assert box.exec("exit 3").exit_code == 3
    assert box.exec("exit 300").exit_code == 44
    assert box.exec("false").exit_code == 1
    missing = box.exec("no-such-command-anywhere")
    assert missing.exit_code == 127 and "not found" in missing.stderr
    assert box.exec("pwd").stdout.strip() == str(box.workspace)  # type: ignore[attr-defined]


def test_each_exec_is_a_fresh_shell(box: Sandbox) -> None:
    box.exec("mkdir sub && cd sub && export LEFT=1 && touch here")
    assert box.exec("pwd").stdout.strip() == str(box.workspace)  # type: ignore[attr-defined]
    assert box.exec("echo ${LEFT:-unset}").stdout == "unset\n"
    assert box.list() == ["sub/here"]


def test_exec_stdin(box: Sandbox) -> None:
    assert box.exec("tr a-z A-Z", stdin="hello\n").stdout == "HELLO\n"
    assert box.exec("wc -c", stdin="").stdout.strip() == "0"
    assert box.exec("cat").stdout == ""  # no stdin: EOF at once, no hang
    big = "".join(f"line {i}\n" for i in range(50_000))
    res = box.exec("sha256sum", stdin=big)
    assert res.stdout.split()[0] == hashlib.sha256(big.encode()).hexdigest()


def test_timeout_kills_the_command_and_its_children(box: Sandbox) -> None:
    res = box.exec("sleep 30 & echo $! > bg.pid; sleep 30", timeout=0.5)
    assert res.timed_out
    assert res.exit_code == 124
    assert res.killed_reason == "timeout"
    assert res.duration < 10
    assert _gone(box, "bg.pid"), "a background child survived the timeout"


def test_timeout_with_output_before_it(box: Sandbox) -> None:
    res = box.exec("echo started; echo warn >&2; sleep 30", timeout=0.5)
    assert res.timed_out and res.exit_code == 124
    assert (res.stdout, res.stderr) == ("started\n", "warn\n")


def test_detached_straggler_is_killed_after_the_command_ends(box: Sandbox) -> None:
    res = box.exec("sleep 30 >/dev/null 2>&1 & echo $! > bg.pid; echo started", timeout=10)
    assert (res.exit_code, res.timed_out, res.stdout) == (0, False, "started\n")
    assert _gone(box, "bg.pid")


def test_timeout_holds_when_the_command_ignores_a_large_stdin(box: Sandbox) -> None:
    res = box.exec("sleep 5", timeout=0.3, stdin="x" * 300_000)
    assert res.timed_out
    assert res.duration < 2.5


def test_output_cap_sets_truncated(backend: Backend) -> None:
    small = backend.make(output_cap=1000)
    res = small.exec("head -c 5000 /dev/zero | tr '\\0' a; echo tail >&2")
    assert res.truncated
    assert len(res.stdout) + len(res.stderr) <= 1000
    assert res.stdout.startswith("a" * 500)
    assert res.exit_code == 0 and res.killed_reason is None
    assert not small.exec("echo short").truncated
    exact = small.exec("head -c 1000 /dev/zero | tr '\\0' b")
    assert not exact.truncated and exact.stdout == "b" * 1000


def test_output_is_decoded_leniently(box: Sandbox) -> None:
    assert box.exec("echo 'héllo 文件'").stdout == "héllo 文件\n"
    assert box.exec("printf 'a\\377b'").stdout == "a\ufffdb"


@pytest.mark.parametrize("secret", ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN"])
def test_env_has_no_host_secrets(monkeypatch: pytest.MonkeyPatch, backend: Backend, secret: str) -> None:
    monkeypatch.setenv(secret, "sk-very-secret-value")
    env = backend.make().exec("env").stdout
    assert secret not in env
    assert "sk-very-secret-value" not in env
    assert "HOME=" in env and "PATH=" in env


def test_toolchain_and_git_identity(box: Sandbox) -> None:
    res = box.exec("python -c 'import sys, pytest; print(sys.version_info >= (3, 11))' && git --version")
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("True\ngit version")
    res = box.exec("git init -q && git commit -q --allow-empty -m x --no-gpg-sign && git log --format=%an")
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == "Harness Agent"


def test_read_write_list(box: Sandbox) -> None:
    box.write("src/pkg/a.py", b"print(1)\n")
    box.write("README.md", b"# hi\n")
    assert box.read("src/pkg/a.py") == b"print(1)\n"
    assert box.read("./src//pkg/a.py") == b"print(1)\n"
    assert box.exec("cat src/pkg/a.py").stdout == "print(1)\n"
    box.exec("mkdir -p .git sub/.git && echo x > .git/HEAD && echo y > sub/.git/HEAD")
    assert box.list() == ["README.md", "src/pkg/a.py"]
    assert box.list("src") == ["src/pkg/a.py"]
    box.write("src/pkg/a.py", b"")
    assert box.read("src/pkg/a.py") == b""
    with pytest.raises(SandboxError):
        box.read("missing.txt")
    with pytest.raises(SandboxError):
        box.read("src")
    with pytest.raises(SandboxError):
        box.list("nope")


@pytest.mark.parametrize("path", ["../outside.txt", "/etc/passwd", "a/../../b", "src/../../x"])
def test_path_escapes_are_refused(box: Sandbox, path: str) -> None:
    with pytest.raises(SandboxError):
        box.read(path)
    with pytest.raises(SandboxError):
        box.write(path, b"x")
    with pytest.raises(SandboxError):
        box.list(path)


def test_unicode_and_binary_files_round_trip(box: Sandbox, backend: Backend) -> None:
    binary = bytes(range(256)) * 4
    files = {
        "bin/blob.dat": binary,
        "dîr/ünïcødé 文件.txt": "héllo\n".encode(),
        "empty.txt": b"",
        "with space/and'quote\".txt": b"q",
    }
    for path, data in files.items():
        box.write(path, data)
    assert box.list() == sorted(files)
    assert box.exec("cat 'dîr/ünïcødé 文件.txt'").stdout == "héllo\n"
    snap = box.snapshot()
    assert tar_members(snap) == files
    box.write("bin/blob.dat", b"changed")
    box.write("new.txt", b"new")
    box.exec("rm -r dîr")
    box.restore(snap)
    assert box.list() == sorted(files)
    for path, data in files.items():
        assert box.read(path) == data
    other = backend.make()
    other.restore(snap)
    assert other.read("dîr/ünïcødé 文件.txt") == "héllo\n".encode()


def test_large_files(box: Sandbox) -> None:
    blob = os.urandom(24 << 20)
    box.write("data/blob.bin", blob)
    assert box.read("data/blob.bin") == blob
    made = box.exec("head -c 40000000 /dev/zero > made.bin && sha256sum data/blob.bin", timeout=60)
    assert made.exit_code == 0, made.output
    assert made.stdout.split()[0] == hashlib.sha256(blob).hexdigest()
    assert len(box.read("made.bin")) == 40_000_000
    members = tar_members(box.snapshot())
    assert members["data/blob.bin"] == blob and len(members["made.bin"]) == 40_000_000


def test_snapshot_restore_round_trip_with_git(backend: Backend, tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    box = backend.from_repo(tmp_path, {"AGENTS.md": b"# rules\n"})
    box.exec("chmod +x pkg/a.py && echo 'x = 2' > pkg/a.py && git commit -qam 'Change x' && mkdir -p empty/dir")
    snap = box.snapshot()
    names = set(tar_members(snap))
    assert {"AGENTS.md", "pkg/a.py", ".git/HEAD"} <= names
    fresh = backend.make()
    fresh.restore(snap)
    assert tar_members(fresh.snapshot()) == tar_members(snap)
    log = fresh.exec("git log --format=%s && git status --porcelain && test -x pkg/a.py && test -d empty/dir")
    assert log.exit_code == 0, log.output
    assert log.stdout == "Change x\nInitial import\n"
    box.exec("rm -rf pkg .git && echo junk > junk.txt")
    box.restore(snap)
    assert box.list() == ["AGENTS.md", "pkg/a.py"]
    assert box.exec("git log -1 --format=%s").stdout == "Change x\n"


def test_two_sandboxes_are_isolated(backend: Backend) -> None:
    a, b = backend.make(), backend.make()
    a.write("only-a.txt", b"a")
    a.exec("echo a > ../outside-a.txt 2>/dev/null; echo a > \"$HOME/home-a.txt\"; echo a > /tmp/tmp-a-$$")
    b.write("only-b.txt", b"b")
    assert a.list() == ["only-a.txt"]
    assert b.list() == ["only-b.txt"]
    assert b.exec("test -e \"$HOME/home-a.txt\"").exit_code == 1
    b.restore(a.snapshot())
    a.write("only-a.txt", b"changed")
    assert b.read("only-a.txt") == b"a"
    assert a.list() == ["only-a.txt"]


def test_from_repo_git_inits_with_overlay(backend: Backend, tmp_path: Path) -> None:
    src = tmp_path / "repo"
    (src / "pkg" / "__pycache__").mkdir(parents=True)
    (src / ".pytest_cache").mkdir()
    (src / "pkg" / "a.py").write_text("x = 1\n")
    (src / "pkg" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"junk")
    (src / ".pytest_cache" / "README.md").write_text("cache")
    box = backend.from_repo(src, {"AGENTS.md": b"# rules\n", "pkg/a.py": b"x = 2\n"})
    assert box.exec("git log --format=%s").stdout.splitlines() == ["Initial import"]
    assert box.exec("git status --porcelain").stdout == ""
    assert box.exec("git branch --show-current").stdout.strip() == "main"
    assert box.read("AGENTS.md") == b"# rules\n"
    assert box.read("pkg/a.py") == b"x = 2\n"
    assert box.list() == ["AGENTS.md", "pkg/a.py"]
    assert box.exec("git ls-files").stdout.split() == ["AGENTS.md", "pkg/a.py"]
    assert (src / "pkg" / "a.py").read_text() == "x = 1\n"  # the source is untouched


def test_from_repo_missing_source(backend: Backend, tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="does not exist"):
        backend.from_repo(tmp_path / "nope", {})


def test_snapshots_move_between_backends(docker_choice: SandboxChoice, tmp_path: Path) -> None:
    """Both backends write the same tar layout (relative names, directories, .git), so either restores the other."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    local, docker = Backend(choose("local")), Backend(docker_choice)
    try:
        boxes = [b.from_repo(tmp_path, {"AGENTS.md": b"# rules\n"}) for b in (local, docker)]
        local_snap, docker_snap = (box.snapshot() for box in boxes)
        names = [_names(s) for s in (local_snap, docker_snap)]
        objects = [[n for n in ns if not n.startswith(".git/objects/")] for ns in names]  # commit times differ
        assert objects[0] == objects[1]
        assert {"pkg", "pkg/a.py", ".git", ".git/HEAD"} <= set(names[0])
        assert not any(n.startswith(("./", "/")) for n in names[0])
        boxes[1].restore(local_snap)
        boxes[0].restore(docker_snap)
        for box in boxes:
            assert box.exec("git log --format=%s && git status --porcelain").stdout == "Initial import\n"
    finally:
        for b in (local, docker):
            for box in b.opened:
                box.close()
