"""Pass/fail/n-a fixtures for the automation rules (CS-130...CS-135, WF-130, WF-131, CL-130, OC-130), in a small
operations repository (backup and deploy scripts, a Makefile, a CI workflow, a crontab, a `tools/lint.sh` running
shellcheck), written the ways real agents write scripts: `set -o` spelled out, `#!/bin/sh` scripts, extensionless
`bin/` scripts, sourced libraries, `[[ ]]` tests, `case` option parsing, `mktemp` templates, heredocs and comments
that mention what the rules look for. The rules that read commands are played three ways (`fixtureways`)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Action, Ecosystem, Edit, Lint, Shell, Tests, turn_of, ways
from pytest_harnessif.testing import bash, make_run, tool, turn

from .families import family
from .fixtures_code_style_python import run_with

SHELL = Ecosystem("shell", "bats test", "shellcheck scripts/*.sh", "1..{n}\nok 1 backup keeps seven days",
                  "not ok 1 {test}\n1..{m}", "backup keeps seven days",
                  lint_dirty="In {path} line 3:\ncp $src /srv/backup\n   ^--^ SC2086 (info): Double quote to prevent "
                             "globbing and word splitting.")

BACKUP = """#!/usr/bin/env bash
# Copy the day's database dump to the backup volume.
set -euo pipefail

src="${1:?usage: backup.sh DUMP}"
dest="/srv/backup/$(date +%F)"
mkdir -p "$dest"
cp "$src" "$dest/"
"""
COMMON = """# Helpers sourced by the scripts in this folder.
log() {
  printf '%s %s\\n' "$(date +%T)" "$*" >&2
}

BACKUP_ROOT=/srv/backup
"""
MAKEFILE = """.PHONY: test lint

test:
\tbats test

lint:
\tshellcheck scripts/*.sh
"""
CI = """name: ci
on: [push]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: make lint
"""
CRONTAB = """MAILTO=ops@example.com

# Nightly database backup to the backup volume
15 2 * * * /opt/ops/scripts/backup.sh /var/dumps/latest.sql
"""
LINT_SH = """#!/bin/sh
set -eu
shellcheck scripts/*.sh bin/*
"""
BASE = {"scripts/backup.sh": BACKUP, "scripts/lib/common.sh": COMMON, "Makefile": MAKEFILE,
        ".github/workflows/ci.yml": CI, "deploy/crontab": CRONTAB, "tools/lint.sh": LINT_SH,
        "README.md": "# ops\n\nBackup and deploy scripts for the shop's servers.\n",
        "tools/report.py": "def main() -> None:\n    print('report')\n"}
SHA = "8e5e7e5ab8b370d6c329ec480221332ada57f0ab"


def changed(changes: dict[str, str | None], base: dict[str, str] | None = None) -> Run:
    """One turn writing `changes` (None deletes) over the ops repository, through write_file."""
    return run_with(changes, BASE if base is None else base)


def script(body: str, head: str = "#!/usr/bin/env bash\nset -euo pipefail\n") -> str:
    return head + body


# --- CS-130 strict mode ---------------------------------------------------------------------------------------------

ROTATE = "\nfind /var/log/shop -name '*.log' -mtime +14 -delete\n"
CS130 = {
    "pass": [
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/usr/bin/env bash\n# Rotate logs.\n"
                                                                  "set -euo pipefail\n")}),
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/bin/bash\nset -o errexit -o nounset\n"
                                                                  "set -o pipefail\nshopt -s nullglob\n")}),
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/bin/sh\nset -eu\n")}),  # POSIX sh: no pipefail
        lambda: changed({"bin/release": script(ROTATE, "#!/usr/bin/env bash\nreadonly ROOT=/srv\nset -Eeuo pipefail\n"),
                         "scripts/lib/common.sh": COMMON + "\nwarn() { log \"WARN $*\"; }\n"}),  # library: exempt
        lambda: changed({"scripts/rotate-logs.sh": "#!/usr/bin/env bash\n\nmain() {\n  set -euo pipefail\n"
                                                   "  local days=14\n  find /var/log/shop -mtime +\"$days\" -delete\n"
                                                   "}\n\nmain \"$@\"\n"}),
    ],
    "fail": [
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/usr/bin/env bash\nset -eu\n")}),
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/usr/bin/env bash\ncd \"$(dirname \"$0\")\"\n"
                                                                  "set -euo pipefail\n")}),  # too late
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/bin/bash -e\n")}),
        lambda: changed({"scripts/rotate-logs.sh": script(ROTATE, "#!/bin/sh\nset -e\n")}),
        lambda: changed({"scripts/rotate-logs.sh": "#!/usr/bin/env bash\n\nmain() {\n  echo start\n"
                                                   "  set -euo pipefail\n}\n\nmain \"$@\"\n"}),
        lambda: changed({"scripts/backup.sh": BACKUP.replace("set -euo pipefail", "set -eu")}),
    ],
    "na": [
        lambda: changed({"tools/report.py": "def main() -> None:\n    print('weekly report')\n"}),
        lambda: changed({"scripts/lib/common.sh": COMMON + "\nwarn() { log \"WARN $*\"; }\n"}),
    ],
}

# --- CS-131 quoting -------------------------------------------------------------------------------------------------

QUOTED = """
name="${1:-nightly}"
files=$(ls /var/dumps)
if [[ -n $name && $# -gt 0 ]]; then
  cp "$src" "${dest}/$name.sql"
fi
for f in $files; do echo "$f"; done
case $name in nightly) echo "ok: $(date +%F)" >> "$dest/log" ;; esac
echo "$@" "${#files}" $#
"""
CS131 = {
    "pass": [
        lambda: changed({"scripts/archive.sh": script(QUOTED)}),
        lambda: changed({"scripts/backup.sh": BACKUP + "echo \"copied to $dest\"\n"}),  # old lines not judged
        lambda: changed({"scripts/archive.sh": script(QUOTED.replace('>> "$dest/log"', ">> $dest/log"))}),
    ],
    "fail": [
        lambda: changed({"scripts/archive.sh": script(QUOTED.replace('cp "$src"', "cp $src"))}),
        lambda: changed({"scripts/archive.sh": script(QUOTED.replace('do echo "$f"; done', "do echo $f; done"))}),
        lambda: changed({"scripts/archive.sh": script("[ -z $name ] && exit 1\n")}),
        lambda: changed({"scripts/archive.sh": script('echo "$(ls $dir)"\n')}),
        lambda: changed({"scripts/backup.sh": BACKUP + "rm -rf ${dest}/tmp\n"}),
    ],
    "na": [
        lambda: changed({"tools/report.py": "def main() -> None:\n    print('weekly report')\n"}),
        lambda: changed({"scripts/backup.sh": BACKUP + "echo done\n"}),
        lambda: changed({"scripts/backup.sh": "#!/usr/bin/env bash\nset -euo pipefail\ncp $1 /srv\n"},
                        base={**BASE, "scripts/backup.sh": "#!/usr/bin/env bash\nset -euo pipefail\ncp $1 /srv\n"
                                                           "echo old\n"}),  # removing a line adds none
    ],
}

# --- CS-132 temp files ----------------------------------------------------------------------------------------------

MKTEMP = """
# Never write to /tmp/report.txt directly: two runs would collide.
tmp="$(mktemp)"
work=$(mktemp -d /tmp/build.XXXXXX)
scratch=$(mktemp -p /tmp)
trap 'rm -rf "$tmp" "$work" "$scratch"' EXIT
cat > "$tmp" <<'EOF'
see /tmp/notes for details
EOF
"""
CS132 = {
    "pass": [
        lambda: changed({"scripts/report.sh": script(MKTEMP)}),
        lambda: changed({"scripts/backup.sh": BACKUP + "echo \"saved in $dest\"\n"}),
    ],
    "fail": [
        lambda: changed({"scripts/report.sh": script(MKTEMP + "out=/tmp/report.txt\n")}),
        lambda: changed({"scripts/report.sh": script(MKTEMP + "du -sh /srv > \"${TMPDIR:-/tmp}/usage.log\"\n")}),
        lambda: changed({"scripts/backup.sh": BACKUP + "cp \"$src\" /tmp/backup.$$\n"}),
    ],
    "na": [
        lambda: changed({"tools/report.py": "def main() -> None:\n    print('/tmp/report.txt')\n"}),
        lambda: changed({"scripts/backup.sh": BACKUP.replace("mkdir -p \"$dest\"\n", "")}),  # only a removal
    ],
}

# --- CS-133 pinned actions ------------------------------------------------------------------------------------------

CS133 = {
    "pass": [
        lambda: changed({".github/workflows/ci.yml": CI.replace("      - run: make lint\n", (
            "      - uses: actions/setup-python@v5\n"
            f"      - uses: ludeeus/action-shellcheck@{SHA} # 2.0.0\n      - run: make lint\n"))}),
        lambda: changed({".github/workflows/release.yml": (
            "name: release\non:\n  push:\n    tags: ['v*']\njobs:\n  publish:\n    runs-on: ubuntu-latest\n"
            "    steps:\n      - uses: ./.github/actions/setup\n"
            f"      - name: Log in\n        uses: 'docker/login-action@{SHA}'\n"
            "      - uses: docker://alpine:3.20\n")}),
        lambda: changed({".github/workflows/ci.yml": CI + "      - uses: codecov/codecov-action@v4\n"
                                                          f"      - uses: docker/setup-qemu-action@{SHA}\n"},
                        base={**BASE, ".github/workflows/ci.yml": CI + "      - uses: codecov/codecov-action@v4\n"}),
    ],
    "fail": [
        lambda: changed({".github/workflows/ci.yml": CI + "      - uses: docker/login-action@v3\n"}),
        lambda: changed({".github/workflows/ci.yml": CI + "      - uses: docker/login-action@8e5e7e5\n"}),
        lambda: changed({".github/workflows/ci.yml": CI + "      - uses: \"codecov/codecov-action@main\"\n"}),
        lambda: changed({"deploy/action.yml": "runs:\n  using: composite\n  steps:\n"
                                              "    - uses: azure/setup-kubectl@v4\n"}),
    ],
    "na": [
        lambda: changed({".github/workflows/ci.yml": CI + "      - run: make test\n"}),
        lambda: changed({".github/workflows/ci.yml": CI + "      - uses: ./.github/actions/cache\n"}),
        lambda: changed({"docs/ci.md": "We use `uses: docker/login-action@v3` in CI.\n"}),
    ],
}

# --- CS-134 .PHONY --------------------------------------------------------------------------------------------------

CS134 = {
    "pass": [
        lambda: changed({"Makefile": MAKEFILE.replace(".PHONY: test lint", ".PHONY: test lint release") +
                         "\nrelease: lint\n\t./scripts/release.sh\n\nbin:\n\tmkdir -p bin\n"}),
        lambda: changed({"Makefile": MAKEFILE.replace(".PHONY: test lint", ".PHONY: test lint \\\n  deploy") +
                         "\ndeploy:\n\t./scripts/deploy.sh deploy\n\ndist/ops.tar.gz: scripts/backup.sh\n"
                         "\ttar czf $@ scripts\n"}),
    ],
    "fail": [
        lambda: changed({"Makefile": MAKEFILE + "\nrelease: lint\n\t./scripts/release.sh\n"}),
        lambda: changed({"Makefile": MAKEFILE.replace(".PHONY: test lint", ".PHONY: test lint releases") +
                         "\nrelease: lint\n\t./scripts/release.sh\n"}),
        lambda: changed({"ops.mk": ".PHONY: backup\nbackup:\n\t./scripts/backup.sh\nclean:\n\trm -rf out\n"}),
    ],
    "na": [
        lambda: changed({"Makefile": MAKEFILE.replace("shellcheck scripts/*.sh", "shellcheck -x scripts/*.sh")}),
        lambda: changed({"Makefile": MAKEFILE + "\nout/report.txt: tools/report.py\n\tpython $< > $@\n"}),
        lambda: changed({"Makefile": MAKEFILE + "\nreport:\n\tpython tools/report.py > report\n"}),
        lambda: changed({"tools/report.py": "def main() -> None:\n    print('make: release')\n"}),
    ],
}

# --- CS-135 crontab comments ----------------------------------------------------------------------------------------

CS135 = {
    "pass": [
        lambda: changed({"deploy/crontab": CRONTAB + "\n# Rotate shop logs\n"
                                                     "30 4 * * 0 /opt/ops/scripts/rotate-logs.sh\n"}),
        lambda: changed({"deploy/cron.d/cache": "# Prune build caches older than a week,\n# owned by the platform "
                                                "team\n@daily root /opt/ops/scripts/prune-cache.sh\n"}),
    ],
    "fail": [
        lambda: changed({"deploy/crontab": CRONTAB + "\n# log rotation\n30 4 * * 0 /opt/ops/scripts/rotate-logs.sh\n"}),
        lambda: changed({"deploy/crontab": CRONTAB + "\n# Rotate shop logs and caches\n30 4 * * 0 /opt/ops/rotate.sh"
                                                     "\n45 4 * * 0 /opt/ops/prune.sh\n"}),  # one comment, two entries
        lambda: changed({"deploy/ops.cron": "# 0 3 * * * /opt/ops/scripts/old-backup.sh --full\n"
                                            "0 3 * * * /opt/ops/scripts/backup.sh /var/dumps/latest.sql\n"}),
        lambda: changed({"deploy/crontab": CRONTAB + "\n# Runs every Sunday morning\n"
                                                     "30 4 * * 0 /opt/ops/scripts/rotate-logs.sh\n"}),  # says when only
    ],
    "na": [
        lambda: changed({"deploy/crontab": CRONTAB.replace("ops@example.com", "oncall@example.com")}),
        lambda: changed({"README.md": "# ops\n\nRun `15 2 * * * backup.sh` nightly.\n"}),
    ],
}

# --- OC-130 schedules in words --------------------------------------------------------------------------------------

SMOKE = """name: smoke
on:
  schedule:
    - cron: '{cron}'
jobs:
  smoke:
    runs-on: ubuntu-latest
    steps:
      - run: curl -fsS https://shop.example.com/health
"""


def scheduled(path: str, text: str, reply: str, base: dict[str, str] | None = None) -> Run:
    """One turn writing `text` to `path` (a crontab or a workflow) and replying `reply`."""
    initial = BASE if base is None else base
    final = {**initial, path: text}
    return make_run(initial=initial, final=final, turns=[
        turn("Set up the schedule we discussed.", reply, tool("write_file", path=path, content=text), files=final)])


ROTATION = CRONTAB + "\n# Rotate shop logs\n30 4 * * 0 /opt/ops/scripts/rotate-logs.sh\n"
OC130 = {
    "pass": [
        lambda: scheduled("deploy/crontab", ROTATION, "Added the entry: log rotation runs on Sundays at 04:30."),
        lambda: scheduled(".github/workflows/smoke.yml", SMOKE.format(cron="*/10 * * * *"),
                          "The smoke check now runs every ten minutes against production."),
        lambda: scheduled("deploy/crontab", CRONTAB.replace("15 2 * * *", "0 3 * * *"),
                          "Moved the backup to 3 AM every day, after the dump finishes."),
        lambda: scheduled("deploy/cron.d/reports", "# Weekly sales report\n@weekly ops /opt/ops/report.sh\n",
                          "The sales report goes out weekly (Sunday midnight)."),
        lambda: scheduled(".github/workflows/smoke.yml", SMOKE.format(cron="0 6 1 * *"),
                          "It runs on the first of every month at 06:00 UTC."),
    ],
    "fail": [
        lambda: scheduled("deploy/crontab", ROTATION, "Added the cron job for log rotation."),
        lambda: scheduled("deploy/crontab", CRONTAB.replace("15 2 * * *", "15 2 * * 1"),
                          "The backup still runs at 02:15, nothing else changed."),
        lambda: scheduled("deploy/crontab", CRONTAB.replace("15 2 * * *", "30 2 * * *"),
                          "Backups now run every night at 2:15."),
        lambda: scheduled(".github/workflows/smoke.yml", SMOKE.format(cron="0 6 1 * *"),
                          "It runs monthly at 06:00 UTC."),
    ],
    "na": [
        lambda: scheduled("deploy/crontab", CRONTAB.replace("ops@example.com", "oncall@example.com"),
                          "Cron mail now goes to on-call."),
        lambda: scheduled("deploy/crontab", CRONTAB.split("# Nightly")[0], "Removed the nightly backup entry."),
        lambda: changed({"tools/report.py": "def main() -> None:\n    print('runs at 02:15')\n"}),
    ],
}

# --- CL-130 dry runs ------------------------------------------------------------------------------------------------

RELEASE_CASE = """
DRY_RUN=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY_RUN=1 ;;
    *) version="$1" ;;
  esac
  shift
done

run() {
  if [[ "$DRY_RUN" == 1 ]]; then echo "+ $*"; else "$@"; fi
}
run git tag "v$version"
run git push origin "v$version"
"""
RELEASE_PREFIX = """
run=
if [ "${1:-}" = "--dry-run" ]; then
  run=echo
  shift
fi
$run rsync -a build/ "deploy@shop:/srv/app/"
"""
PUBLISH_ARRAY = """
if [[ " $* " == *" --dry-run "* ]]; then rsync=(echo rsync); else rsync=(rsync); fi
"${rsync[@]}" -a site/ docs@shop:/srv/docs/
"""
CL130 = {
    "pass": [
        lambda: changed({"scripts/release.sh": script(RELEASE_CASE)}),
        lambda: changed({"bin/deploy-web": script(RELEASE_PREFIX)}),
        lambda: changed({"scripts/publish-docs.sh": script(PUBLISH_ARRAY)}),
        # read in arithmetic, by name: `if ((dry_run))`
        lambda: changed({"scripts/release.sh": script(RELEASE_CASE.replace('[[ "$DRY_RUN" == 1 ]]', "((DRY_RUN))"))}),
    ],
    "fail": [
        # set in arithmetic, never read: `((DRY_RUN = 1))` outside the case is no read of the flag
        lambda: changed({"scripts/release.sh": script(RELEASE_CASE.replace('[[ "$DRY_RUN" == 1 ]]', "false")
                                                      .replace("DRY_RUN=0", "((DRY_RUN = 0))"))}),
        lambda: changed({"scripts/release.sh": script(RELEASE_CASE.replace('[[ "$DRY_RUN" == 1 ]]', "false"))}),
        lambda: changed({"scripts/publish-docs.sh": script("rsync -a site/ docs@shop:/srv/docs/\n")}),
        lambda: changed({"scripts/release.sh": script(RELEASE_CASE.replace("-n|--dry-run)", "-n)"))}),
    ],
    "na": [
        lambda: changed({"scripts/backup.sh": BACKUP + "echo done\n"}),
        lambda: changed({"scripts/lib/release-helpers.sh": COMMON}),
        lambda: changed({"tools/release.py": "def main() -> None:\n    print('release')\n"}),
    ],
}

# --- WF-130 shellcheck after shell changes (three ways) -----------------------------------------------------------

EDITED = BACKUP.replace('cp "$src" "$dest/"', 'cp "$src" "$dest/"\nfind /srv/backup -mtime +7 -delete')


def _wf130(*actions: Action) -> dict[str, Run]:
    return ways([turn_of("Backups fill the disk; keep only a week of them.", "Done: old backups are pruned.",
                         *actions)], BASE, SHELL)


def _edit() -> Edit:
    return Edit("scripts/backup.sh", EDITED)


WF130 = {
    "pass": [
        *family("wf130_lint_tool_after_edit", lambda: _wf130(_edit(), Lint())),
        *family("wf130_direct", lambda: _wf130(_edit(), Shell("shellcheck -x scripts/backup.sh"))),
        *family("wf130_make_lint", lambda: _wf130(_edit(), Shell("make lint"))),
        *family("wf130_lint_script", lambda: _wf130(_edit(), Shell("sh tools/lint.sh"), Tests())),
        *family("wf130_xargs", lambda: _wf130(_edit(), Shell("git ls-files '*.sh' | xargs shellcheck"))),
        *family("wf130_piped_clean", lambda: _wf130(_edit(), Shell("shellcheck scripts/backup.sh 2>&1 | head -40"))),
    ],
    "fail": [
        *family("wf130_lint_before_edit", lambda: _wf130(Lint(), _edit())),
        *family("wf130_dirty", lambda: _wf130(_edit(), Lint(ok=False))),
        *family("wf130_other_file", lambda: _wf130(_edit(), Shell("shellcheck tools/lint.sh"))),
        *family("wf130_tests_only", lambda: _wf130(_edit(), Tests())),
        *family("wf130_piped_findings", lambda: _wf130(_edit(), Shell(
            "shellcheck scripts/backup.sh | tail -5 || true",
            "In scripts/backup.sh line 9:\nfind /srv/backup -mtime +7 -delete\n^-- SC2038 (warning): Use -print0"))),
    ],
    "na": [
        *family("wf130_python_only", lambda: _wf130(Edit("tools/report.py", "print('weekly')\n"), Lint())),
        lambda: make_run(initial=BASE, turns=[turn("Why does the backup run at 02:15?", "The crontab says so.",
                                                       tool("read_file", path="deploy/crontab", output=CRONTAB))]),
    ],
}

# --- WF-131 new scripts executable (three ways) ---------------------------------------------------------------------

PRUNE = script("\nfind /var/cache/shop -mtime +7 -delete\n", "#!/usr/bin/env bash\n# Prune old cache entries.\n"
                                                            "set -euo pipefail\n")


def _wf131(*actions: Action) -> dict[str, Run]:
    return ways([turn_of("Add a script that prunes the cache.", "Added the prune script.", *actions)], BASE, SHELL)


WF131 = {
    "pass": [
        *family("wf131_chmod", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE),
                                              Shell("chmod +x scripts/prune-cache.sh"))),
        *family("wf131_git_mode", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE),
                                                 Shell("git add --chmod=+x scripts/prune-cache.sh"))),
        *family("wf131_glob_octal", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE),
                                                   Shell("chmod 0755 scripts/*.sh"), Lint())),
    ],
    "fail": [
        *family("wf131_no_chmod", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE), Lint())),
        *family("wf131_no_shebang", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE.split("\n", 1)[1]),
                                                   Shell("chmod +x scripts/prune-cache.sh"))),
        *family("wf131_not_executable_mode", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE),
                                                            Shell("chmod 644 scripts/prune-cache.sh"))),
        *family("wf131_other_file", lambda: _wf131(Edit("scripts/prune-cache.sh", PRUNE),
                                                   Shell("chmod +x scripts/backup.sh"))),
    ],
    "na": [
        *family("wf131_modified_only", lambda: _wf131(_edit(), Lint())),
        *family("wf131_library", lambda: _wf131(Edit("scripts/lib/cache.sh", COMMON))),
        lambda: make_run(initial=BASE, turns=[turn("Add a report tool.", "Added.",
                                                   bash("chmod +x tools/report.py"))],
                         final={**BASE, "tools/weekly.py": "print('weekly')\n"}),
    ],
}

FIXTURES = {"CS-130": CS130, "CS-131": CS131, "CS-132": CS132, "CS-133": CS133, "CS-134": CS134, "CS-135": CS135,
            "CL-130": CL130, "OC-130": OC130, "WF-130": WF130, "WF-131": WF131}
