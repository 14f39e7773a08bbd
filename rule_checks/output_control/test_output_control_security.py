"""Output-control rules for security (OC-140): what the reply to a security fix tells its reader."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.regex import FENCE
from pytest_harnessif.checks.regex import words as word_count
from pytest_harnessif.checks.security import declared_versions, names_version, security_fix_turns
from pytest_harnessif.checks.workspace import files_before_turn

SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@rule("OC-140", checks="form",
      form_reason="sees a version the project released and a sentence about impact; whether the impact and the "
                  "range are right is not checkable",
      family="output_control", modality="require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: security advisories state impact and affected versions",
      opportunity="a security bug-fix turn",
      surfaces={
          "SP": "When you fix a security problem, your reply reads like an advisory: one sentence of at least "
                "{min_words} words on the impact, using one of the words {terms:code-or} (who could do what), and the "
                "affected versions, naming at least one release the project declares (its manifest version or a "
                "changelog heading, e.g. `1.4.2`).",
          "PF": "## Reporting security fixes\nThe reply to a security fix states the impact in a sentence (at least "
                "{min_words} words, with {terms:code-or}) and the affected versions, naming the project's own "
                "release numbers as in the manifest or CHANGELOG.",
          "UI": "When you report the security fix, tell me the impact in a proper sentence (say {terms:or}) and "
                "which of our released versions are affected.",
          "SD": {"skill": "secure-coding",
                 "text": "Close a vulnerability fix with its impact (a sentence of {min_words}+ words using "
                         "{terms:code-or}) and the affected versions, by the release numbers the project declares."},
      })
def test_security_fix_reply_states_impact_and_versions(
    run: Run, min_words: int = 6, terms: tuple[str, ...] = ("impact", "attacker", "exploit", "exposes", "exposed")
) -> None:
    """The reply to each `bug-fix` turn whose request speaks of a security problem names a version the project
    declared when the turn began (a version field of its manifests or `__version__`, a changelog release heading, a
    `VERSION` file), and has a sentence of at least {min_words} words (fenced code blocks aside) containing one of
    {terms:code-or} (case ignored)."""
    turns = security_fix_turns(run) or na("no security bug-fix turn")
    problems = []
    for t in turns:
        versions = declared_versions(files_before_turn(run, t.index)) or na("the project declares no version")
        prose = FENCE.sub(" ", t.reply)
        if not any(names_version(prose, v) for v in versions):
            problems.append(f"turn {t.index}: names none of the project's versions {sorted(versions)}")
        impact = [s for s in SENTENCE.split(prose) if word_count(s) >= min_words
                  and any(re.search(rf"\b{re.escape(w)}", s, re.I) for w in terms)]
        if not impact:
            problems.append(f"turn {t.index}: no sentence of {min_words}+ words with {', '.join(terms)}")
    assert not problems, f"security-fix replies without impact or affected versions: {problems}"
