"""authoring: @rule metadata validation, na(), MissingArtifact."""

from __future__ import annotations

import pytest

from pytest_harnessif.authoring import MissingArtifact, NotApplicable, RuleDefinitionError, na, rule, rule_meta
from pytest_harnessif.schema import Family, Prior, Surface

# the axes a test does not care about (fit: only SP is worded in most of these rules)
AXES = {
    "observability": "structural",
    "universality": "cross-coding",
    "source": "curated: test",
    "opportunity": "always",
    "fit": "SP:high",
}


def test_rule_attaches_validated_metadata_and_returns_the_function() -> None:
    def check(run: object) -> None:
        """No print() in src/."""

    decorated = rule(
        "CS-001", family="code_style", modality="forbid", prior="against", method="ast", surfaces={"SP": "No print."},
        **AXES,
    )(check)
    assert decorated is check
    parsed = rule_meta(check)
    assert parsed is not None
    assert parsed.id == "CS-001"
    assert parsed.family is Family.code_style
    assert parsed.prior is Prior.against
    assert parsed.statement == "No print() in src/." and parsed.params == {} and parsed.opportunity == "always"
    assert (parsed.verifiability, parsed.provenance) == ("deterministic", "curated")


def test_undecorated_function_has_no_metadata() -> None:
    def plain() -> None: ...

    assert rule_meta(plain) is None


def test_bad_metadata_names_the_function_and_the_field() -> None:
    with pytest.raises(RuleDefinitionError) as info:

        @rule(
            "CS-001",
            family="code-style",
            modality="forbid",
            prior="against",
            method="ast",
            surfaces={"SP": "No print."},
            **AXES,
        )
        def test_no_print(run: object) -> None:
            """A rule."""

    message = str(info.value)
    assert "test_no_print" in message
    assert __name__ in message
    assert "family" in message
    assert "CS-001" in message


def test_bad_surface_metadata_names_the_surface_field() -> None:
    with pytest.raises(RuleDefinitionError, match=r"surfaces.*TD") as info:

        @rule(
            "CS-002",
            family="code_style",
            modality="forbid",
            prior="against",
            method="ast",
            surfaces={"TD": "no tool named"},
            **{**AXES, "fit": "TD:high"},
        )
        def test_x(run: object) -> None:
            """A rule."""

    assert "test_x" in str(info.value)


def test_missing_field_is_reported() -> None:
    with pytest.raises(RuleDefinitionError, match="method"):

        @rule("CS-003", family="code_style", modality="forbid", prior="against", surfaces={"SP": "x"}, **AXES)
        def test_y(run: object) -> None:
            """A rule."""


def test_na_raises_a_skip_with_recognisable_reason() -> None:
    with pytest.raises(NotApplicable) as info:
        na("no Python file changed")
    assert info.value.msg == "n/a: no Python file changed"
    assert isinstance(info.value, pytest.skip.Exception)


def test_missing_artifact_carries_the_artifact() -> None:
    exc = MissingArtifact("CHANGELOG.md", "not created")
    assert exc.artifact == "CHANGELOG.md"
    assert isinstance(exc, AssertionError)
    assert "CHANGELOG.md" in str(exc)
    assert "not created" in str(exc)
    assert MissingArtifact("x.py").artifact == "x.py"
    assert str(MissingArtifact("x.py")) == "missing artifact 'x.py'"


@pytest.mark.parametrize(
    ("method", "rubric", "message"),
    [
        ("llm_judge", None, "rubric: llm_judge rules need rubric"),
        ("hybrid", None, "rubric: hybrid rules need rubric"),
        ("regex", {"question": "q", "pass_if": ["a"], "fail_if": ["b"]}, "rubric: regex rules take no rubric"),
        ("llm_judge", {"question": "q", "pass_if": [], "fail_if": ["b"]}, "rubric.pass_if"),
        ("llm_judge", {"question": "q", "pass_if": ["a"], "fail_if": ["b"], "fail": ["c"]}, "rubric.fail"),
    ],
)
def test_judge_based_rules_need_a_rubric_and_only_they_take_one(method: str, rubric: object, message: str) -> None:
    with pytest.raises(RuleDefinitionError, match=message.replace(".", r"\.")):

        @rule("PW-009", family="professional_writing", modality="require", prior="against", method=method,
              rubric=rubric, surfaces={"SP": "x"}, **{**AXES, "observability": "surface"})
        def test_z(run: object) -> None:
            """A rule."""


def test_parameters_render_into_every_text_from_one_source() -> None:
    @rule("QT-009", family="quantitative", modality="limit_max", prior="against", method="hybrid",
          observability="surface", universality="universal", fit="SP:high TD:low", source="curated: test",
          opportunity="a reply has more than {limit} list lines",
          rubric={"question": "Is every reply within {limit} list lines?", "pass_if": ["at most {limit}"],
                  "fail_if": ["more than {limit}, or a {banned:code-or} marker"]},
          surfaces={"SP": "At most {limit} list lines; never {banned:code-or}.",
                    "TD": {"tool": "bash", "text": "Keep lists to {limit} lines ({banned})."}})
    def test_lists_capped(run: object, limit: int = 5, banned: tuple[str, ...] = ("*", "+", "1)")) -> None:
        """No reply has more than {limit} list lines.

        Details that stay out of the catalogue."""

    meta = rule_meta(test_lists_capped)
    assert meta is not None and meta.params == {"limit": 5, "banned": ("*", "+", "1)")}
    assert meta.statement == "No reply has more than 5 list lines."
    assert meta.surfaces[Surface.SP].text == "At most 5 list lines; never `*`, `+` or `1)`."
    assert meta.surfaces[Surface.TD].text == "Keep lists to 5 lines (*, +, 1))."
    assert meta.rubric is not None and meta.rubric.fail_if == ["more than 5, or a `*`, `+` or `1)` marker"]
    assert meta.opportunity == "a reply has more than 5 list lines"


def test_one_item_of_a_sequence_parameter_renders_by_index() -> None:
    @rule("QT-012", family="quantitative", modality="limit_max", prior="against", method="regex",
          surfaces={"SP": "Use {tools[0]} before {tools[1]}."}, **AXES)
    def test_u(run: object, tools: tuple[str, ...] = ("read_file", "edit_file")) -> None:
        """{tools[0]} first."""

    meta = rule_meta(test_u)
    assert meta is not None and meta.surfaces[Surface.SP].text == "Use read_file before edit_file."
    assert meta.statement == "read_file first."


def test_an_unknown_placeholder_names_the_field_and_the_parameters() -> None:
    with pytest.raises(RuleDefinitionError, match=r"test_w: surfaces.PF: cannot render \{lmit\} \(the check's "
                       r"parameters: limit\)"):

        @rule("QT-010", family="quantitative", modality="limit_max", prior="against", method="regex",
              surfaces={"SP": "{{literal braces}} are fine", "PF": "at most {lmit}"},
              **{**AXES, "fit": "SP:high PF:low"})
        def test_w(run: object, limit: int = 3) -> None:
            """At most {limit}."""


def test_a_check_without_a_docstring_is_refused() -> None:
    with pytest.raises(RuleDefinitionError, match="test_v: the check needs a docstring"):

        @rule("QT-011", family="quantitative", modality="limit_max", prior="against", method="regex",
              surfaces={"SP": "x"}, **AXES)
        def test_v(run: object) -> None: ...


@pytest.mark.parametrize(
    ("extra", "message"),
    [({"checks": "form"}, "form_reason"), ({"form_reason": "why"}, "form_reason"), ({"checks": "style"}, "checks")],
)
def test_a_form_only_check_says_why_and_only_it_does(extra: dict[str, str], message: str) -> None:
    with pytest.raises(RuleDefinitionError, match=message):

        @rule("OC-001", family="output_control", modality="require", prior="against", method="regex",
              surfaces={"SP": "Say `Done:`."}, **AXES, **extra)  # fmt: skip
        def test_done_label(run: object) -> None:
            """A rule."""


def test_a_form_only_check_carries_its_reason() -> None:
    @rule("OC-001", family="output_control", modality="require", prior="against", method="regex",
          surfaces={"SP": "Say `Done:`."}, checks="form", form_reason="the label is seen, not what it says",
          **AXES)  # fmt: skip
    def test_done_label(run: object) -> None:
        """A rule."""

    meta = rule_meta(test_done_label)
    assert meta is not None and (meta.checks, meta.form_reason) == ("form", "the label is seen, not what it says")
