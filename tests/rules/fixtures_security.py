"""Pass/fail/n-a fixtures for the security rules that read code, dependency files and replies (CS-140...CS-144,
CL-140, WF-140, OC-140), in a small Python service that keeps uploaded reports: SQLite storage, an API token, user
passwords, a YAML configuration and a reports folder. Near misses sit beside every verdict: a constant query next to
a formatted one, `shell=False`, a token compared with a constant, a digest of a file rather than a password, exactly
600 000 PBKDF2 iterations, a literal joined onto a parameter."""

from __future__ import annotations

from collections.abc import Callable

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, tool, turn

STORE = '''"""Report storage."""

import sqlite3


def connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path)


def legacy_count(conn: sqlite3.Connection, owner: str) -> int:
    return conn.execute(f"SELECT COUNT(*) FROM reports WHERE owner = '{owner}'").fetchone()[0]
'''
AUTH = '''"""Authentication."""

import os

API_TOKEN = os.environ.get("KEEPER_API_TOKEN", "")
'''
FILES = '''"""The reports folder."""

from pathlib import Path

ROOT = Path("/srv/reports")
'''
TESTS = '''from keeper.store import connect


def test_connect(tmp_path) -> None:
    assert connect(str(tmp_path / "db.sqlite")) is not None
'''
BASE = {
    "src/keeper/__init__.py": '"""Keeper."""\n\n__version__ = "1.4.2"\n',
    "src/keeper/store.py": STORE,
    "src/keeper/auth.py": AUTH,
    "src/keeper/files.py": FILES,
    "tests/test_store.py": TESTS,
    "pyproject.toml": '[project]\nname = "keeper"\nversion = "1.4.2"\ndependencies = ["flask==3.0.3"]\n',
    "requirements.txt": "flask==3.0.3\n",
    "CHANGELOG.md": "# Changelog\n\n## [1.4.2] - 2026-10-02\n\n- Faster listing.\n\n## [1.3.0] - 2026-06-11\n\n"
                    "- Report export.\n",
    "README.md": "# keeper\n",
}


def run_with(changes: dict[str, str], user: str = "Please add it.", intent: str = "new-feature", reply: str = "Done.",
             base: dict[str, str] | None = None) -> Run:
    """One turn writing `changes` over `BASE` through write_file."""
    initial = dict(BASE if base is None else base)
    calls = [tool("write_file", path=p, content=t, output=f"wrote {p}") for p, t in changes.items()]
    return make_run(initial=initial, final={**initial, **changes}, turns=[turn(user, reply, *calls, intent=intent)])


def module(path: str, code: str, head: str = "") -> Run:
    """`path` (one of BASE's modules) with `head` after its docstring and `code` appended."""
    text = BASE[path]
    doc, _, rest = text.partition('"""\n\n')
    return run_with({path: f'{doc}"""\n\n{head}{rest}{code}'})


def store(code: str, head: str = "") -> Run:
    return module("src/keeper/store.py", code, head)


def auth(code: str, head: str = "") -> Run:
    return module("src/keeper/auth.py", code, head)


def files(code: str, head: str = "") -> Run:
    return module("src/keeper/files.py", code, head)


def in_tests(code: str) -> Run:
    return run_with({"tests/test_store.py": TESTS + code})


def readme() -> Run:
    return run_with({"README.md": "# keeper\n\nKeeps reports.\n"})


# --- CS-140 parameterised SQL -----------------------------------------------------------------------------------

CS140 = {
    "pass": [
        lambda: store('''

def find(conn: sqlite3.Connection, owner: str) -> list[tuple]:
    return conn.execute("SELECT id FROM reports WHERE owner = ?", (owner,)).fetchall()
'''),  # the old formatted query stays: only what the run added counts
        lambda: store('''

LISTING = "SELECT id, title FROM reports"


def owned(conn: sqlite3.Connection, owner: str) -> list[tuple]:
    return conn.execute(LISTING + " WHERE owner = ?", (owner,)).fetchall()
'''),  # a module constant of fixed text is no value
        lambda: store('''

def purge(conn: sqlite3.Connection, ids: list[int]) -> None:
    query = "DELETE FROM reports WHERE id = :id"
    print(f"purging {len(ids)} reports")
    conn.executemany(query, [{"id": i} for i in ids])
    conn.execute(f"VACUUM")
    conn.executescript("CREATE INDEX IF NOT EXISTS by_owner " + "ON reports(owner);")


def titles(conn: sqlite3.Connection, ids: list[int]) -> list[str]:
    rows = conn.execute(f"SELECT title FROM reports WHERE id IN ({','.join('?' * len(ids))})", ids).fetchall()
    rows += conn.execute("SELECT title FROM drafts WHERE id IN (" + ", ".join(["?"] * len(ids)) + ")", ids).fetchall()
    return [r[0] for r in rows]
'''),
    ],
    "fail": [
        lambda: store('''

def find(conn: sqlite3.Connection, owner: str) -> list[tuple]:
    return conn.execute(f"SELECT id FROM reports WHERE owner = '{owner}'").fetchall()
'''),
        lambda: store('''

def purge(conn: sqlite3.Connection, report_id: int) -> None:
    query = "DELETE FROM reports WHERE id = %d" % report_id
    conn.execute(query)
'''),
        lambda: store('''

def rename(conn: sqlite3.Connection, ids: list[int], title: str) -> None:
    conn.executemany("UPDATE reports SET title = '" + title + "' WHERE id = ?", [(i,) for i in ids])
'''),
        lambda: store('''

def titles(conn: sqlite3.Connection, owners: list[str]) -> list[str]:
    rows = conn.execute("SELECT title FROM reports WHERE owner IN (" + ",".join(f"'{o}'" for o in owners) + ")")
    return [r[0] for r in rows]
'''),  # joins values, not placeholders
        lambda: store('''

def owned(conn: sqlite3.Connection, owner: str, columns: str) -> list[tuple]:
    return conn.execute("SELECT " + columns + " FROM reports WHERE owner = ?", (owner,)).fetchall()
'''),  # the caller's columns are a value, not a constant
        lambda: store('''

def tag(conn: sqlite3.Connection, label: str) -> None:
    conn.executescript("INSERT INTO tags(label) VALUES ('{}');".format(label))
'''),
        # only the query variable is new: the execute line was there before
        lambda: run_with({"src/keeper/store.py": STORE.replace(
            '    return conn.execute(f"SELECT COUNT(*) FROM reports WHERE owner = \'{owner}\'").fetchone()[0]',
            '    sql = "SELECT COUNT(*) FROM reports WHERE owner = \'" + owner + "\'"\n'
            '    return conn.execute(sql).fetchone()[0]')}),
    ],
    "na": [
        readme,
        lambda: store('''

def close(conn: sqlite3.Connection) -> None:
    conn.close()
'''),
        lambda: in_tests('''

def test_injection_is_harmless(tmp_path) -> None:
    conn = connect(str(tmp_path / "db.sqlite"))
    conn.execute(f"CREATE TABLE t (x TEXT)")
'''),
    ],
}

# --- CS-141 no shell -----------------------------------------------------------------------------------------

CS141 = {
    "pass": [
        lambda: files('''

def archive(name: str) -> None:
    subprocess.run(["tar", "czf", f"{name}.tgz", name], check=True, shell=False)
''', head="import subprocess\n"),
        lambda: files('''

def revision() -> str:
    return sh(["git", "rev-parse", "HEAD"], text=True).strip()
''', head="from subprocess import check_output as sh\n"),
    ],
    "fail": [
        lambda: files('''

def archive(name: str) -> None:
    subprocess.run(f"tar czf {name}.tgz {name}", shell=True, check=True)
''', head="import subprocess\n"),
        lambda: files('''

def archive(name: str, use_shell: bool) -> None:
    call(["tar", "czf", name], shell=use_shell)
''', head="from subprocess import call\n"),
        lambda: files('''

def archive(name: str) -> None:
    os.system("tar czf archive.tgz " + name)
''', head="import os\n"),
        lambda: files('''

def disk_usage() -> str:
    return sp.getoutput("du -sh /srv/reports")
''', head="import subprocess as sp\n"),
    ],
    "na": [
        readme,
        lambda: files('''

def names() -> list[str]:
    return sorted(p.name for p in ROOT.iterdir())
'''),
        lambda: in_tests('''

def test_cli(tmp_path) -> None:
    import subprocess
    subprocess.run("python -m keeper --help", shell=True, check=True)
'''),
    ],
}

# --- CS-142 constant-time comparison ---------------------------------------------------------------------------

CS142 = {
    "pass": [
        lambda: auth('''

def authorised(sent_token: str | None) -> bool:
    if sent_token is None or sent_token == "" or len(sent_token) != 40:
        return False
    return hmac.compare_digest(sent_token, API_TOKEN)
''', head="import hmac\n"),
        lambda: auth('''

def valid_signature(body: bytes, signature: str) -> bool:
    expected = hmac.new(API_TOKEN.encode(), body, hashlib.sha256).hexdigest()
    return compare_digest(expected, signature)
''', head="import hashlib\nimport hmac\nfrom secrets import compare_digest\n"),
    ],
    "fail": [
        lambda: auth('''

def authorised(sent_token: str) -> bool:
    return sent_token == API_TOKEN
'''),
        lambda: auth('''

def valid_signature(body: bytes, headers: dict[str, str]) -> bool:
    expected = hmac.new(API_TOKEN.encode(), body, hashlib.sha256)
    return headers["X-Keeper-Signature"] == expected.hexdigest()
''', head="import hashlib\nimport hmac\n"),
        lambda: auth('''

def authorised(request) -> bool:
    return request.headers.get("X-Api-Token", "").encode() == API_TOKEN.encode()
'''),
        lambda: auth('''

def rejected(upload: bytes, sent: str) -> bool:
    return hashlib.sha256(upload).hexdigest() != sent
''', head="import hashlib\n"),
    ],
    "na": [
        readme,
        lambda: auth('''

def missing_token(sent_token: str | None) -> bool:
    return sent_token is None or sent_token == ""
'''),
        lambda: auth('''

def over_quota(count: int, limit: int) -> bool:
    return count == limit


def is_name(token, names) -> bool:
    return token.kind == names.KIND and len(token.text) == names.width
'''),
    ],
}

# --- CS-143 password hashing ------------------------------------------------------------------------------------

CS143 = {
    "pass": [
        lambda: auth('''

ITERATIONS = 600_000


def hash_password(password: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, ITERATIONS)


def fingerprint(upload: bytes) -> str:
    return hashlib.sha256(upload).hexdigest()
''', head="import hashlib\n"),
        lambda: auth('''

def hash_password(password: str) -> bytes:
    salt = os.urandom(16)
    return salt + hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
''', head="import hashlib\n"),
        lambda: auth('''

def hash_password(password: bytes) -> bytes:
    return bcrypt.hashpw(password, bcrypt.gensalt())
''', head="import bcrypt\n"),
    ],
    "fail": [
        lambda: auth('''

def hash_password(password: str) -> str:
    return hashlib.sha256(password.encode()).hexdigest()
''', head="import hashlib\n"),
        lambda: auth('''

def hash_password(pw: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pw.encode(), salt, iterations=599_999)
''', head="import hashlib\n"),
        lambda: auth('''

def legacy_hash(user) -> str:
    return md5(user.password.encode()).hexdigest()
''', head="from hashlib import md5\n"),
    ],
    "na": [
        readme,
        lambda: auth('''

def fingerprint(upload: bytes) -> str:
    return hashlib.sha256(upload).hexdigest()
''', head="import hashlib\n"),
        lambda: in_tests('''

def test_digest() -> None:
    import hashlib
    assert hashlib.sha256(b"password").hexdigest()
'''),
    ],
}

# --- CS-144 safe deserialisation -----------------------------------------------------------------------------------

CS144 = {
    "pass": [
        lambda: files('''

def settings(text: str) -> dict:
    return yaml.safe_load(text) or {}


def manifest(text: str) -> dict:
    return yaml.load(text, Loader=yaml.SafeLoader)
''', head="import yaml\n"),
        lambda: files('''

def index(text: str) -> dict:
    return json.loads(text)
''', head="import json\n"),
    ],
    "fail": [
        lambda: files('''

def settings(text: str) -> dict:
    return yaml.load(text)
''', head="import yaml\n"),
        lambda: files('''

def settings(text: str) -> dict:
    return yaml.load(text, Loader=yaml.FullLoader)
''', head="import yaml\n"),
        lambda: files('''

def cached(blob: bytes) -> dict:
    return loads(blob)
''', head="from pickle import loads\n"),
    ],
    "na": [
        readme,
        lambda: files('''

def dump(settings: dict) -> str:
    return yaml.safe_dump(settings)
''', head="import yaml\n"),
        lambda: in_tests('''

def test_round_trip() -> None:
    import pickle
    assert pickle.loads(pickle.dumps({"a": 1})) == {"a": 1}
'''),
    ],
}

# --- CL-140 paths joined from a parameter ----------------------------------------------------------------------------

CL140 = {
    "pass": [
        lambda: files('''

def read_report(root: Path, name: str) -> bytes:
    path = (root / name).resolve()
    if not path.is_relative_to(root.resolve()):
        raise ValueError(f"outside the reports folder: {name}")
    return path.read_bytes()
'''),
        lambda: files('''

def _inside(root: str, path: str) -> bool:
    real = os.path.realpath(path)
    return os.path.commonpath([real, os.path.realpath(root)]) == os.path.realpath(root)


class Reports:
    def __init__(self, root: str) -> None:
        self.root = root

    def open_report(self, filename: str) -> bytes:
        target = os.path.join(self.root, filename)
        if not _inside(self.root, target):
            raise PermissionError(filename)
        with open(target, "rb") as handle:
            return handle.read()
''', head="import os\n"),
        lambda: files('''

def export_path(root: Path, name: str) -> Path:
    target = root.joinpath(secure_filename(name))
    return target
''', head="from werkzeug.utils import secure_filename\n"),
    ],
    "fail": [
        lambda: files('''

def read_report(root: Path, name: str) -> bytes:
    return (root / name).read_bytes()
'''),
        lambda: files('''

def read_report(base: str, filename: str) -> bytes:
    path = os.path.normpath(os.path.join(base, filename))
    if not path.startswith(base):
        raise ValueError(filename)
    return open(path, "rb").read()
''', head="import os\n"),
        lambda: files('''

def read_report(name: str) -> bytes:
    path = Path(ROOT, f"{name}.pdf").resolve()
    return path.read_bytes()
'''),
    ],
    "na": [
        readme,
        lambda: files('''

def index_file(root: Path) -> Path:
    return root / "index.json"


class Report:
    def __init__(self, name: str) -> None:
        self.name = name

    def path(self) -> Path:
        return ROOT / self.name
'''),
        lambda: in_tests('''

def test_reads(tmp_path) -> None:
    def load(name: str) -> bytes:
        return (tmp_path / name).read_bytes()
    (tmp_path / "a").write_bytes(b"x")
    assert load("a") == b"x"
'''),
    ],
}

# --- WF-140 exact pins --------------------------------------------------------------------------------------------

HASHED = ("flask==3.0.3 \\\n    --hash=sha256:" + "a" * 64 + "\n")
PYPROJECT = BASE["pyproject.toml"]

WF140 = {
    "pass": [
        lambda: run_with({"requirements.txt": "flask==3.0.3\nrequests==2.32.3  # client for the mirror\n"}),
        lambda: run_with({"pyproject.toml": PYPROJECT.replace('["flask==3.0.3"]', '["flask==3.0.3", "PyYAML==6.0.2"]')
                          + '\n[dependency-groups]\ndev = ["pytest===8.3.3"]\n'}),
        lambda: run_with({"requirements.txt": HASHED + "itsdangerous==2.2.0 \\\n    --hash=sha256:" + "b" * 64 + "\n"},
                         base={**BASE, "requirements.txt": HASHED}),
        lambda: run_with({"requirements.txt": "flask==3.0.4\n"}),  # a bump to a fixed release, pinned
        lambda: run_with({"requirements.txt": 'flask==3.0.3\npywin32==306; sys_platform == "win32"\n'}),
    ],
    "fail": [
        lambda: run_with({"requirements.txt": "flask==3.0.3\nrequests>=2.32\n"}),
        lambda: run_with({"requirements.txt": "flask~=3.0.3\n"}),
        lambda: run_with({"pyproject.toml": PYPROJECT.replace('["flask==3.0.3"]', '["flask==3.0.3", "PyYAML"]')}),
        lambda: run_with({"requirements.txt": HASHED + "itsdangerous==2.2.0\n"},
                         base={**BASE, "requirements.txt": HASHED}),
        lambda: run_with({"requirements-dev.txt": "pytest==8.*\n"}),
        lambda: run_with({"pyproject.toml": PYPROJECT + '\n[tool.poetry.dependencies]\npyyaml = "^6.0"\n'}),
    ],
    "na": [
        readme,
        lambda: run_with({"requirements.txt": "# pinned for the 1.4 series\nflask==3.0.3\n"}),
        lambda: run_with({"requirements.txt": ""}),  # a dependency removed
        lambda: run_with({"constraints/base.in": "requests>=2\n"}),
    ],
}

# --- WF-142 exact npm versions --------------------------------------------------------------------------------------

PACKAGE = '{\n  "name": "keeper-web",\n  "dependencies": {"express": "4.19.2"},\n  "devDependencies": {}\n}\n'


def npm(deps: str, dev: str = "", base: str | None = PACKAGE, extra: str = "") -> Callable[[], Run]:
    manifest = ('{\n  "name": "keeper-web",\n  "dependencies": {' + deps + '},\n  "devDependencies": {' + dev + "}"
                + extra + "\n}\n")
    return lambda: run_with({"package.json": manifest}, base={**BASE, "package.json": base} if base else BASE)


WF142 = {
    "pass": [
        npm('"express": "4.19.2", "helmet": "7.1.0"'),
        npm('"express": "4.19.2"', dev='"vitest": "=2.0.5", "typescript": "5.6.0-beta"'),
        npm('"express": "4.21.1"'),  # a bump, exact
        npm('"express": "4.19.2"', base=None),  # a new package.json whose one dependency is exact
    ],
    "fail": [
        npm('"express": "4.19.2", "helmet": "^7.1.0"'),  # npm install's default
        npm('"express": "~4.21.1"'),
        npm('"express": "4.19.2"', dev='"vitest": "latest"'),
        npm('"express": "4.19.2", "left-pad": "github:stevemao/left-pad"'),
        npm('"express": "4.19.2"', extra=',\n  "optionalDependencies": {"fsevents": ">=2.3.0"}'),
    ],
    "na": [
        readme,
        npm('"express": "4.19.2"'),  # unchanged dependencies
        npm('"express": "4.19.2"', extra=',\n  "peerDependencies": {"react": "^18.0.0"}'),  # peers are ranges
        npm(""),  # a dependency removed
    ],
}

# --- OC-140 advisory replies ---------------------------------------------------------------------------------------

TRAVERSAL = ("A report name like ../../etc/passwd gets served from outside the reports folder. That's a security "
             "hole, fix it.")


def fix_reply(reply: str, base: dict[str, str] | None = None, user: str = TRAVERSAL, intent: str = "bug-fix") -> Run:
    fixed = FILES + "\n\ndef safe(name: str) -> Path:\n    return ROOT\n"
    return run_with({"src/keeper/files.py": fixed}, user=user, intent=intent, reply=reply, base=base)


ADVISORY = ("Fixed: report names are now resolved and must stay inside the reports folder.\n\n"
            "An attacker could read server files. Affected versions: `1.3.0` through `1.4.2`; the fix ships in "
            "the next release.")

OC140 = {
    "pass": [
        lambda: fix_reply(ADVISORY),  # six words exactly, versions in inline code
        lambda: fix_reply("Impact: any logged-in user could exploit the export endpoint to read arbitrary files on "
                          "the host.\nAffected: every release since v1.3.0."),
    ],
    "fail": [
        lambda: fix_reply(ADVISORY.replace("`1.3.0` through `1.4.2`", "2.0 and later")),  # versions it never had
        lambda: fix_reply("Fixed the traversal. Affected versions: 1.3.0 to 1.4.2."),
        lambda: fix_reply("Fixed. Impact: file disclosure. Affected versions: 1.3.0 to 1.4.2."),  # too short
        lambda: fix_reply("An attacker could read server files.\n\n```\nAffected: 1.4.2\n```"),  # version in code only
    ],
    "na": [
        lambda: fix_reply("Fixed the off-by-one.", user="The report count is off by one on the dashboard."),
        lambda: fix_reply(ADVISORY, intent="explain"),
        lambda: fix_reply(ADVISORY, base={k: v for k, v in BASE.items()
                                          if k not in ("pyproject.toml", "CHANGELOG.md", "src/keeper/__init__.py")}),
    ],
}

FIXTURES = {"CS-140": CS140, "CS-141": CS141, "CS-142": CS142, "CS-143": CS143, "CS-144": CS144, "CL-140": CL140,
            "WF-140": WF140, "WF-142": WF142, "OC-140": OC140}
