"""Files that inline code writes: `python3 - <<EOF ... Path('src/a.py').write_text(...)`, `python -c
"open('f', 'w')..."`, `node -e "fs.writeFileSync('f', ...)"`: the paths as written (string literals, or a name bound
once to one), read from the calls `checks.code` finds."""

from __future__ import annotations

import re

from ..evidence import FileView
from .code import calls

VIEW = {"python": "-.py", "javascript": "-.js"}
STRING = re.compile(r"""^[rRbBuU]?(['"`])(?P<text>[^'"`\n\\$]+)\1$""")
PATH_OF = re.compile(r"^(?:pathlib\.)?(?:Pure)?(?:Posix)?Path\((?P<arg>[^()]*)\)$")
BINDING = re.compile(
    r"(?:^|;)[ \t]*(?:const |let |var )?(?P<name>[A-Za-z_$][\w$]*)[ \t]*=[ \t]*(?P<value>[^=\n;][^\n;]*?)[ \t]*(?=;|$)",
    re.M,
)
WRITE_MODE = re.compile(r"""^(?:mode=)?[rRbBuU]?(['"])[rbt]*[wax+][a-z+]*\1$""")
PY_METHODS = frozenset({"write_text", "write_bytes", "touch"})
PY_DESTINATIONS = frozenset(
    {"shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.move", "os.replace", "os.rename"}
)
JS_WRITERS = frozenset({"writeFileSync", "appendFileSync", "writeFile", "appendFile"})
JS_DESTINATIONS = frozenset({"copyFileSync", "copyFile", "renameSync", "rename", "cpSync"})


def _names(code: str) -> dict[str, str]:
    """Names bound exactly once to a path literal (`p = Path("src/a.py")`, `const f = "src/a.js"`)."""
    seen: dict[str, list[str]] = {}
    for hit in BINDING.finditer(code):
        seen.setdefault(hit["name"], []).append(hit["value"])
    out = {}
    for name, values in seen.items():
        path = _literal_path(values[0], {}) if len(values) == 1 else None
        if path is not None:
            out[name] = path
    return out


def _literal_path(expr: str, names: dict[str, str]) -> str | None:
    expr = expr.strip()
    if (hit := STRING.match(expr)) is not None:
        return hit["text"]
    if (hit := PATH_OF.match(expr)) is not None:
        return _literal_path(hit["arg"], names)
    return names.get(expr)


def _python_targets(callee: str, args: tuple[str, ...]) -> list[str]:
    if callee in ("open", "io.open", "codecs.open"):
        mode = args[1] if len(args) > 1 and "=" not in args[1] else next((a for a in args if a.startswith("mode=")), "")
        return [args[0]] if args and WRITE_MODE.match(mode) else []
    receiver, _, method = callee.rpartition(".")
    if method in PY_METHODS and receiver:
        return [receiver]
    if receiver and method == "open" and args and WRITE_MODE.match(args[0]):
        return [receiver]
    return [args[1]] if callee in PY_DESTINATIONS and len(args) > 1 else []


def _javascript_targets(name: str, args: tuple[str, ...]) -> list[str]:
    if name in JS_WRITERS and args:
        return [args[0]]
    return [args[1]] if name in JS_DESTINATIONS and len(args) > 1 else []


def code_writes(language: str, code: str) -> list[str]:
    """Paths (as written in the code) of the files the code writes, in order."""
    if language not in VIEW:
        return []
    names = _names(code)
    out = []
    for call in calls(FileView(VIEW[language], code.encode())):
        if language == "python":
            targets = _python_targets(call.callee, call.args)
        else:
            targets = _javascript_targets(call.name, call.args)
        out += [p for t in targets if (p := _literal_path(t, names)) is not None]
    return list(dict.fromkeys(out))
