"""Conditional rules for automation (CL-130): a script that releases, deploys or publishes something can be
rehearsed. The check reads the script's syntax tree (`checks.shellcode`): the flag must be parsed into a variable
that code outside the parsing branch reads, so a `--dry-run` that is accepted and ignored does not count."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks import shellcode


@rule("CL-130", languages=("shell",), family="conditional_logic", modality="conditional_require", prior="against",
      method="ast", observability="structural", universality="cross-coding",
      fit="SP:medium PF:high UI:medium TD:low",
      source="curated: release and deploy scripts can be rehearsed with a dry run",
      opportunity="a release, deploy or publish shell script created or changed",
      surfaces={
          "SP": "When you write or change a shell script that releases, deploys or publishes (its file name "
                "contains {names:or}), it accepts `{flag}`, and that flag really changes what runs: it sets a "
                "variable the rest of the script checks before every step that pushes, uploads or tags.",
          "PF": "## Release tooling\nScripts named like {names:code-or} must support `{flag}`: parse it into a "
                "variable and guard every step with side effects (push, upload, tag) on it.",
          "UI": "The release/deploy scripts should have a {flag} option that actually skips the pushing and "
                "tagging - please keep that working in anything you write there.",
          "TD": {"tool": "write_file",
                 "text": "A shell script whose name contains {names:or} must accept `{flag}` and guard its "
                         "side effects on it."},
      })
def test_release_scripts_dry_run(run: Run, flag: str = "--dry-run",
                                 names: tuple[str, ...] = ("release", "deploy", "publish")) -> None:
    """Every shell script the run creates or changes whose file name contains {names:or} parses `{flag}` (a `case`
    pattern or a test against it) into a variable that code outside that branch reads."""
    scripts = [v for v in shellcode.changed_scripts(run, runnable=True)
               if any(n in v.path.rsplit("/", 1)[-1].lower() for n in names)]
    scripts = scripts or na(f"no shell script named like {', '.join(names)} created or changed")
    bad = [v.path for v in scripts if not shellcode.handles_flag(v.data, flag)]
    assert not bad, f"release scripts without a working {flag}: {bad}"
