"""What the security rules ask of a run: which turns fix a security problem, and, in the Python the run added, the
calls that run SQL, processes, deserialisers, hashes and path joins, with the names they resolve to through the
module's imports (`from subprocess import run as sh` makes `sh(...)` a `subprocess.run` call); the dependency pins
of `requirements*.txt` and `pyproject.toml`; the versions a project declares; the secrets files a command prints."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections.abc import Iterable, Iterator

import libcst as cst
import libcst.matchers as m

from ..evidence import Run, TurnView
from .ast import callee, calls, dotted, findall, imports
from .pyidioms import added_in, import_bindings, keyword_value, own_nodes, touches
from .pysource import Source

SECURITY = re.compile(
    r"\b(?:secur\w*|vulnerab\w*|exploit\w*|inject\w*|travers\w*|CVE-\d+|XSS|CSRF|SSRF|RCE|unauthori[sz]ed|"
    r"privilege\w*|bypass\w*|timing attack|credential\w*|secrets?|unsafe|malicious|attacker\w*)\b",
    re.I,
)
"""A request speaking of a security problem (a vulnerability, an injection, a bypass, leaked credentials...)."""


def security_fix_turns(run: Run) -> list[TurnView]:
    """The `bug-fix` turns whose request speaks of a security problem (`SECURITY`)."""
    return [t for t in run.turns_with("bug-fix") if SECURITY.search(t.request)]


# --- Python: names through imports -----------------------------------------------------------------------------------

def import_names(module: cst.Module) -> dict[str, str]:
    """Each name the module's imports bind, as the dotted name it stands for (`sp` -> `subprocess`, `run` ->
    `subprocess.run`)."""
    out: dict[str, str] = {}
    for imp in imports(module):
        for name, bound, origin in import_bindings(imp):
            out[bound] = f"{origin}.{name}" if origin else name
    return out


def full_name(call: cst.Call, names: dict[str, str]) -> str:
    """The called name with its first part resolved through the imports (`sh(...)` -> `subprocess.run`)."""
    head, dot, rest = callee(call).partition(".")
    return f"{names.get(head, head)}{dot}{rest}"


def added_calls(run: Run, src: Source) -> list[tuple[cst.Call, str]]:
    """`(call, full name)` for the calls that sit on lines the run added to `src`."""
    added, names = added_in(run, src), import_names(src.module)
    return [(c, full_name(c, names)) for c in calls(src.module) if touches(src, c, added)]


def is_literal(expr: cst.BaseExpression) -> bool:
    """A constant: a number, `None`/`True`/`False`, or a string without interpolation."""
    if isinstance(expr, cst.Integer | cst.Float | cst.Imaginary):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in ("None", "True", "False")
    if isinstance(expr, cst.UnaryOperation):
        return is_literal(expr.expression)
    return isinstance(expr, cst.SimpleString | cst.ConcatenatedString) and not findall(expr, m.FormattedString())


def _is_string(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString)


PLACEHOLDER = re.compile(r"\?|%s|%\(\w+\)s|:\w+|\$\d")
"""A query placeholder: `?`, `%s`, `%(name)s`, `:name`, `$1`."""


def _joins_placeholders(expr: cst.BaseExpression) -> bool:
    """`",".join(...)` over placeholders written in the call (`",".join("?" * len(ids))`,
    `", ".join(f"{c} = ?" for c in cols)`)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "join"
            and _is_string(expr.func.value)):
        return False
    texts = [s.evaluated_value for s in findall(expr, m.SimpleString()) if isinstance(s, cst.SimpleString)]
    texts += [t.value for t in findall(expr, m.FormattedStringText()) if isinstance(t, cst.FormattedStringText)]
    return any(isinstance(t, str) and PLACEHOLDER.search(t) for t in texts)


def _fixed(expr: cst.BaseExpression, constants: frozenset[str]) -> bool:
    """A string made of fixed text, module constants holding fixed text (`constants`) and joined placeholders."""
    if isinstance(expr, cst.SimpleString):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in constants
    if isinstance(expr, cst.ConcatenatedString):
        return _fixed(expr.left, constants) and _fixed(expr.right, constants)  # type: ignore[arg-type]
    if isinstance(expr, cst.FormattedString):
        return all(isinstance(p, cst.FormattedStringText) or _fixed(p.expression, constants) for p in expr.parts)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _fixed(expr.left, constants) and _fixed(expr.right, constants)
    return _joins_placeholders(expr)


def fixed_constants(module: cst.Module) -> frozenset[str]:
    """Module-level names assigned once, to fixed text (`BASE_QUERY = "SELECT id FROM reports"`)."""
    found: dict[str, list[bool]] = {}
    for node in own_nodes(module, m.Assign() | m.AnnAssign() | m.AugAssign()):
        targets = node.targets if isinstance(node, cst.Assign) else [node]  # type: ignore[union-attr]
        for target in targets:
            name = dotted(target.target)
            value = getattr(node, "value", None)
            found.setdefault(name, []).append(not isinstance(node, cst.AugAssign) and value is not None
                                              and _fixed(value, frozenset()))
    return frozenset(name for name, fixed in found.items() if name and fixed == [True])


def formats_values(expr: cst.BaseExpression, constants: frozenset[str] = frozenset()) -> bool:
    """A string built by putting values into it: an f-string with a `{...}` field, `"..." % x`, `"...".format(x)`,
    or `+` joining a string and something else; fixed text, module `constants` of fixed text and joined
    placeholders (`",".join("?" * n)`) aside."""
    if isinstance(expr, cst.FormattedString | cst.ConcatenatedString):
        return not _fixed(expr, constants)
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, cst.Modulo) and _is_string(expr.left):
            values = expr.right.elements if isinstance(expr.right, cst.Tuple) else [expr.right]
            return not all(_joins_placeholders(v.value if isinstance(v, cst.BaseElement) else v) for v in values)
        if isinstance(expr.operator, cst.Add):
            sides = (expr.left, expr.right)
            return any(_is_string(s) or formats_values(s, constants) for s in sides) and not _fixed(expr, constants)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return _is_string(expr.func.value) and not all(_joins_placeholders(a.value) for a in expr.args)
    return False


def scopes(module: cst.Module) -> Iterator[cst.CSTNode]:
    """The module and the body of each function in it: the places a name is bound and used."""
    yield module
    for fn in findall(module, m.FunctionDef()):
        if isinstance(fn, cst.FunctionDef):
            yield fn.body


def assigned_values(scope: cst.CSTNode, name: str) -> list[tuple[cst.CSTNode, cst.BaseExpression]]:
    """`(statement, value)` of each `name = ...`, `name: T = ...` and `name += ...` in the scope's own code."""
    out: list[tuple[cst.CSTNode, cst.BaseExpression]] = []
    for node in own_nodes(scope, m.Assign() | m.AnnAssign() | m.AugAssign()):
        if isinstance(node, cst.Assign):
            named = any(dotted(t.target) == name for t in node.targets)
        else:
            named = isinstance(node, cst.AnnAssign | cst.AugAssign) and dotted(node.target) == name
        if named and node.value is not None:
            out.append((node, node.value))
    return out


# --- Python: SQL, processes, comparisons, hashes, deserialisers -----------------------------------------------------

def sql_queries(run: Run, src: Source, methods: Iterable[str]) -> list[tuple[cst.Call, bool]]:
    """`(call, formatted)` for each call of one of `methods` (`cursor.execute`...) the run added or whose query
    variable it assigned on an added line; `formatted`: the query is built by formatting values into it, directly or
    through a variable of the same scope assigned that way."""
    wanted, added, out = set(methods), added_in(run, src), []
    constants = fixed_constants(src.module)
    for scope in scopes(src.module):
        for call in own_nodes(scope, m.Call(func=m.Attribute())):
            assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
            if call.func.attr.value not in wanted or not call.args:
                continue
            query = call.args[0].value
            sources = [(call, query)]
            if isinstance(query, cst.Name):
                sources += assigned_values(scope, query.value)
            if any(touches(src, node, added) for node, _ in sources):
                out.append((call, any(formats_values(value, constants) for _, value in sources)))
    return out


PROCESS_CALLS = ("subprocess.", "os.system", "os.popen", "os.exec", "os.spawn", "asyncio.create_subprocess_")
SHELL_ALWAYS = frozenset({"os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput",
                          "asyncio.create_subprocess_shell"})


def runs_process(name: str) -> bool:
    return name.startswith(PROCESS_CALLS)


def through_shell(call: cst.Call, name: str) -> bool:
    """A process call that goes through a shell: `os.system`, `os.popen`, `subprocess.getoutput`..., or a
    `subprocess` call passing `shell=` anything but `False`, `None` or `0`."""
    if name in SHELL_ALWAYS:
        return True
    shell = keyword_value(call, "shell")
    return name.startswith("subprocess.") and shell is not None and not (
        (isinstance(shell, cst.Name) and shell.value in ("False", "None"))
        or (isinstance(shell, cst.Integer) and shell.value == "0"))


def names_in(expr: cst.CSTNode) -> list[str]:
    """The words an expression names: identifiers and attribute names, string keys it subscripts or looks up
    (`headers["X-Api-Token"]`, `environ.get("API_TOKEN")`), lower-cased."""
    words = [n.value for n in findall(expr, m.Name())]
    words += [a.attr.value for a in findall(expr, m.Attribute()) if isinstance(a, cst.Attribute)]
    words += [s.evaluated_value for s in findall(expr, m.SimpleString()) if isinstance(s, cst.SimpleString)
              and isinstance(s.evaluated_value, str) and len(s.evaluated_value) < 40]
    return [w.lower() for w in words if isinstance(w, str)]


def word_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """A name containing one of `names` as a whole part (`api_token`, `x-csrf-token`, `tokenValue` aside)."""
    alternatives = "|".join(re.escape(n.lower()) for n in names) or "(?!)"
    return re.compile(rf"(?:^|[_\-.]|hex)(?:{alternatives})s?(?:[_\-.]|$)")


def secret_comparisons(run: Run, src: Source, names: Iterable[str]) -> list[cst.Comparison]:
    """`==` / `!=` comparisons on added lines with an operand naming a secret (`word_pattern(names)`) and no
    constant on the other side (`token == ""`, `len(sig) != 64` are no comparison of secrets)."""
    pattern, added, out = word_pattern(names), added_in(run, src), []
    for node in findall(src.module, m.Comparison()):
        assert isinstance(node, cst.Comparison)
        if not touches(src, node, added):
            continue
        left = node.left
        for target in node.comparisons:
            if isinstance(target.operator, cst.Equal | cst.NotEqual):
                sides = (left, target.comparator)
                if not any(is_literal(s) for s in sides) and any(
                        any(pattern.search(w) for w in _operand_names(s)) for s in sides):
                    out.append(node)
            left = target.comparator
    return out


SAME_VALUE = frozenset({"encode", "decode", "strip", "rstrip", "lstrip", "lower", "upper", "casefold", "hex"})
"""Methods whose result is the value they are called on, re-encoded (`token.encode()` is still the token)."""


def _operand_names(expr: cst.BaseExpression) -> list[str]:
    """The names of the value an operand stands for: a name, the last attribute (`token.kind` is a kind), a
    subscript's container and string key, a call's name and string arguments (`headers.get("X-Token")`); a length
    or a type computed from a secret is no secret, the same value re-encoded (`str(token)`, `token.encode()`) is."""
    if isinstance(expr, cst.Name):
        return [expr.value.lower()]
    if isinstance(expr, cst.Attribute):
        return [expr.attr.value.lower()]
    if isinstance(expr, cst.Subscript):
        keys = [s.evaluated_value for s in findall(expr.slice[0], m.SimpleString()) if isinstance(s, cst.SimpleString)]
        return [*_operand_names(expr.value), *(k.lower() for k in keys if isinstance(k, str))]
    if isinstance(expr, cst.Call):
        head = callee(expr).rsplit(".", 1)[-1].lower()
        if head in ("len", "int", "bool", "type", "isinstance", "id", "hash"):
            return []
        if head in ("str", "bytes") and expr.args:
            return _operand_names(expr.args[0].value)
        if head in SAME_VALUE and isinstance(expr.func, cst.Attribute):
            return _operand_names(expr.func.value)
        keys = [a.value.evaluated_value for a in expr.args if isinstance(a.value, cst.SimpleString)]
        return [head, *(k.lower() for k in keys if isinstance(k, str))]
    return []


FAST_HASHES = frozenset({"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_224", "sha3_256", "sha3_384",
                         "sha3_512", "blake2b", "blake2s", "new"})
KDF_ROOTS = ("bcrypt.", "argon2.", "passlib.", "nacl.pwhash.", "werkzeug.security.generate_password_hash",
             "django.contrib.auth.hashers.make_password")
KDF_METHODS = frozenset({"hash", "hashpw", "make_password", "generate_password_hash", "hash_password"})
PASSWORD = re.compile(r"(?:^|_)(?:password|passwd|passphrase|pwd|pw)s?(?:_|$)")


def mentions_password(call: cst.Call) -> bool:
    return any(PASSWORD.search(w) for a in call.args for w in names_in(a.value))


def is_fast_hash(name: str) -> bool:
    return name.startswith("hashlib.") and name.removeprefix("hashlib.") in FAST_HASHES


def is_kdf(call: cst.Call, name: str) -> bool:
    """A key-derivation call fit for passwords: `hashlib.scrypt`, `hashlib.pbkdf2_hmac`, bcrypt, argon2, passlib,
    or a `.hash(password)`-like method given a password."""
    if name in ("hashlib.scrypt", "hashlib.pbkdf2_hmac") or name.startswith(KDF_ROOTS):
        return True
    return name.rsplit(".", 1)[-1] in KDF_METHODS and mentions_password(call)


def int_value(expr: cst.BaseExpression | None, module: cst.Module) -> int | None:
    """An integer literal (`600_000`, `2**14`), or a module-level name assigned one; None when unknown."""
    if isinstance(expr, cst.Integer):
        return int(expr.value.replace("_", ""), 0)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Power | cst.Multiply):
        left, right = int_value(expr.left, module), int_value(expr.right, module)
        if left is None or right is None:
            return None
        return left**right if isinstance(expr.operator, cst.Power) else left * right
    if isinstance(expr, cst.Name):
        values = [v for _, v in assigned_values(module, expr.value)]
        return int_value(values[-1], module) if values else None
    return None


def pbkdf2_iterations(call: cst.Call, module: cst.Module) -> int | None:
    """The iteration count a `pbkdf2_hmac(name, password, salt, iterations)` call passes, when it is known."""
    given = keyword_value(call, "iterations")
    if given is None:
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        given = positional[3] if len(positional) > 3 else None
    return int_value(given, module)


UNSAFE_LOADS = frozenset({"yaml.unsafe_load", "yaml.unsafe_load_all", "yaml.full_load", "yaml.full_load_all",
                          "pickle.load", "pickle.loads", "pickle.Unpickler", "cPickle.load", "cPickle.loads",
                          "dill.load", "dill.loads", "marshal.load", "marshal.loads", "shelve.open",
                          "jsonpickle.decode", "pandas.read_pickle", "joblib.load"})
SAFE_LOADERS = frozenset({"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"})
LOADS = ("yaml.", "pickle.", "cPickle.", "dill.", "marshal.", "shelve.open", "jsonpickle.", "json.load", "tomllib.load",
         "pandas.read_pickle", "joblib.load")


def deserialises(name: str) -> bool:
    """A call that reads data back into objects (YAML, JSON, TOML, pickle and its kin)."""
    return name.startswith(LOADS) and not name.startswith(("yaml.dump", "yaml.safe_dump", "pickle.dump",
                                                           "json.dump", "marshal.dump", "dill.dump"))


def loads_unsafely(call: cst.Call, name: str) -> bool:
    """A deserialiser able to build arbitrary objects: pickle and its kin, `yaml.unsafe_load`/`full_load`, or
    `yaml.load`/`load_all` without a safe `Loader=`."""
    if name in UNSAFE_LOADS:
        return True
    if name in ("yaml.load", "yaml.load_all"):
        loader = keyword_value(call, "Loader")
        if loader is None:
            positional = [a.value for a in call.args if a.keyword is None]
            loader = positional[1] if len(positional) > 1 else None
        return loader is None or dotted(loader).rsplit(".", 1)[-1] not in SAFE_LOADERS
    return False


# --- Python: paths joined from a caller's value ----------------------------------------------------------------------

RESOLVES = frozenset({"resolve", "realpath"})
CONTAINS = frozenset({"is_relative_to", "relative_to", "commonpath", "startswith", "safe_join", "secure_filename"})


def _parameters(fn: cst.FunctionDef) -> set[str]:
    params = fn.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {p.name.value for p in every} - {"self", "cls"}


def joined_parameters(fn: cst.FunctionDef) -> list[cst.CSTNode]:
    """Path joins in the function's own code that append one of its parameters (`root / name`,
    `os.path.join(root, name)`, `Path(root, name)`, `root.joinpath(name)`): a later part mentions a parameter."""
    params = _parameters(fn)

    def mentions(parts: Iterable[cst.CSTNode]) -> bool:
        """A part names a parameter (`name`, `f"{name}.pdf"`), not merely an attribute of that name (`x.name`)."""
        for part in parts:
            attrs = {id(a.attr) for a in findall(part, m.Attribute()) if isinstance(a, cst.Attribute)}
            names = [n for n in findall(part, m.Name()) if isinstance(n, cst.Name) and id(n) not in attrs]
            if any(n.value in params for n in names):
                return True
        return False

    out: list[cst.CSTNode] = []
    for node in own_nodes(fn.body, m.BinaryOperation(operator=m.Divide()) | m.Call()):
        if isinstance(node, cst.BinaryOperation) and mentions([node.right]):
            out.append(node)
        elif isinstance(node, cst.Call):
            name = callee(node)
            values = [a.value for a in node.args]
            joined = values if name.endswith(".joinpath") else values[1:]
            if name.endswith(("path.join", "Path", "PurePath", "PosixPath", ".joinpath")) and mentions(joined):
                out.append(node)
    return out


def checks_containment(fn: cst.FunctionDef, helpers: dict[str, cst.FunctionDef], seen: frozenset[str] = frozenset()
                       ) -> bool:
    """Whether the function resolves a path (`.resolve()`, `os.path.realpath`) and checks it lies under a root
    (`is_relative_to`, `relative_to`, `commonpath`, `startswith`, `in root.parents`), or uses `safe_join` /
    `secure_filename`, itself or through a function of the same module it calls."""
    own = [callee(c).rsplit(".", 1)[-1] for c in own_nodes(fn.body, m.Call()) if isinstance(c, cst.Call)]
    parents = any(isinstance(t.operator, cst.In | cst.NotIn) and dotted(t.comparator).endswith(".parents")
                  for c in own_nodes(fn.body, m.Comparison()) if isinstance(c, cst.Comparison) for t in c.comparisons)
    if {"safe_join", "secure_filename"} & set(own) or (RESOLVES & set(own) and (CONTAINS & set(own) or parents)):
        return True
    return any(checks_containment(helpers[n], helpers, seen | {n}) for n in set(own) & set(helpers) - seen)


def functions_by_name(module: cst.Module) -> dict[str, cst.FunctionDef]:
    return {f.name.value: f for f in findall(module, m.FunctionDef()) if isinstance(f, cst.FunctionDef)}


# --- dependency pins -------------------------------------------------------------------------------------------------

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$")
EXACT = re.compile(r"^===?\s*[A-Za-z0-9][A-Za-z0-9.+!_-]*$")


def requirement_lines(text: str) -> dict[str, str]:
    """The requirements of a `requirements*.txt` by normalised name: their spec (`==2.1.0 --hash=sha256:...`),
    continuation lines joined, comments, options (`-r`, `--index-url`) and editable installs left out."""
    out = {}
    for line in re.sub(r"\\\n", " ", text).splitlines():
        line = re.sub(r"(?:^|\s)#.*|;.*?(?=\s--hash|$)", "", line).strip()
        if not line or line.startswith("-"):
            continue
        hit = REQUIREMENT.match(line)
        if hit:
            out[normal_name(hit.group(1))] = hit.group(3).strip()
    return out


def normal_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyproject_requirements(data: bytes | None) -> dict[str, str]:
    """The requirements of a `pyproject.toml` (`project.dependencies`, its optional groups, `dependency-groups`,
    Poetry's tables) by `table:name`: their spec (`==2.1.0`, Poetry's `"2.1.0"` written as `==2.1.0`)."""
    if data is None:
        return {}
    try:
        doc = tomllib.loads(data.decode(errors="replace"))
    except tomllib.TOMLDecodeError:
        return {}
    project, out = doc.get("project", {}), {}
    lists = {"dependencies": project.get("dependencies", [])}
    lists |= {f"optional:{k}": v for k, v in project.get("optional-dependencies", {}).items()}
    lists |= {f"group:{k}": v for k, v in doc.get("dependency-groups", {}).items()}
    for table, items in lists.items():
        for item in items if isinstance(items, list) else []:
            hit = REQUIREMENT.match(item) if isinstance(item, str) else None
            if hit:
                out[f"{table}:{normal_name(hit.group(1))}"] = hit.group(3).split(";")[0].strip()
    poetry = doc.get("tool", {}).get("poetry", {})
    tables = {"poetry": poetry.get("dependencies", {})}
    tables |= {f"poetry:{k}": v.get("dependencies", {}) for k, v in poetry.get("group", {}).items()}
    for table, deps in tables.items():
        for name, spec in deps.items() if isinstance(deps, dict) else []:
            version = spec.get("version", "") if isinstance(spec, dict) else spec
            if name != "python" and isinstance(version, str):
                out[f"{table}:{normal_name(name)}"] = f"=={version}" if re.match(r"^\d", version) else version
    return out


def is_exact_pin(spec: str) -> bool:
    """`==2.1.0` or `===2.1.0` (hash options after it allowed); no range, wildcard or URL."""
    version = re.split(r"\s+--hash", spec, maxsplit=1)[0].strip()
    return bool(EXACT.match(version)) and "*" not in version


# --- versions and secrets files --------------------------------------------------------------------------------------

VERSION_FIELD = re.compile(
    r"""^\s*"?(?:__version__|version|VERSION)"?\s*[:=]\s*["']v?(\d+\.\d+(?:\.\d+)?[\w.+-]*)["']""", re.M)
CHANGELOG_HEADING = re.compile(r"^#+\s*\[?v?(\d+\.\d+(?:\.\d+)?[\w.+-]*)\]?", re.M)
VERSION_FILES = ("pyproject.toml", "package.json", "setup.cfg", "setup.py", "Cargo.toml", "**/__init__.py",
                 "**/_version.py", "**/version.py")


def declared_versions(files: dict[str, bytes]) -> set[str]:
    """The versions a project declares: version fields of its manifests and `__version__`, release headings of its
    changelog, the content of a `VERSION` file."""
    out: set[str] = set()
    for path, data in files.items():
        text = data.decode(errors="replace")
        name = path.rsplit("/", 1)[-1]
        if name.lower().startswith(("changelog", "changes", "history", "news")):
            out |= set(CHANGELOG_HEADING.findall(text))
        elif name == "VERSION" and re.fullmatch(r"v?\d+\.\d+(?:\.\d+)?\s*", text):
            out.add(text.strip().lstrip("v"))
        elif any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(name, p) for p in VERSION_FILES):
            out |= set(VERSION_FIELD.findall(text))
    return out


def names_version(text: str, version: str) -> bool:
    """Whether `text` names `version` (`1.4.2`, `v1.4.2`) as a whole version, not part of a longer one."""
    return bool(re.search(rf"(?<![\w.]){re.escape(version)}(?![\w]|\.\d)", text)) or bool(
        re.search(rf"(?<![\w.])v{re.escape(version)}(?![\w]|\.\d)", text))


TEMPLATES = (".example", ".sample", ".template", ".dist", ".tmpl")
READERS = frozenset({"cat", "head", "tail", "less", "more", "bat", "batcat", "nl", "tac", "sed", "awk", "grep", "rg",
                     "strings", "xxd", "od", "hexdump", "base64", "jq", "yq", "diff", "sort", "uniq", "cut", "view"})
DUMPERS = frozenset({"env", "printenv", "set", "export", "declare"})
VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def is_secrets_file(path: str, patterns: Iterable[str]) -> bool:
    """A file matching one of `patterns` by name (`.env`, `*.pem`...), templates (`.env.example`) aside."""
    name = path.rstrip("/").rsplit("/", 1)[-1]
    return not name.endswith(TEMPLATES) and any(fnmatch.fnmatchcase(name, p) for p in patterns)
