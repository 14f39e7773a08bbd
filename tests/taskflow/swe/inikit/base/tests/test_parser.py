import pytest

import inikit
from inikit.lexer import Kind, tokenize


def test_sections_and_options_in_file_order():
    doc = inikit.loads(
        "[server]\n"
        "host = localhost\n"
        "port: 8080\n"
        "\n"
        "[database]\n"
        "name = app\n"
    )
    assert doc.sections() == ["server", "database"]
    assert doc.options("server") == ["host", "port"]
    assert doc.get("server", "port") == "8080"


def test_comments_are_whole_line_only():
    doc = inikit.loads(
        "# leading comment\n"
        "[auth]\n"
        "  ; indented comment\n"
        "password = hunter2;not-a-comment\n"
    )
    assert doc.get("auth", "password") == "hunter2;not-a-comment"


def test_continuation_lines_join_with_newlines():
    doc = inikit.loads("[mail]\nrecipients = a@example.com\n    b@example.com\n\tc@example.com\n")
    assert doc.get("mail", "recipients") == "a@example.com\nb@example.com\nc@example.com"


def test_option_names_are_case_insensitive():
    doc = inikit.loads("[server]\nHost = example.org\n")
    assert doc.get("server", "HOST") == "example.org"
    assert doc.options("server") == ["host"]


def test_duplicate_section_is_an_error():
    with pytest.raises(inikit.DuplicateSectionError) as excinfo:
        inikit.loads("[a]\nx = 1\n[b]\n[a]\n", source="app.ini")
    assert excinfo.value.lineno == 4
    assert str(excinfo.value) == "app.ini, line 4: section 'a' already exists"


def test_duplicate_option_is_an_error():
    with pytest.raises(inikit.DuplicateOptionError) as excinfo:
        inikit.loads("[a]\nx = 1\nX = 2\n")
    assert excinfo.value.lineno == 3


def test_option_before_any_section():
    with pytest.raises(inikit.ParseError, match="before the first section header"):
        inikit.loads("orphan = yes\n")


def test_lexer_classifies_lines():
    kinds = [line.kind for line in tokenize("[s]\n# c\nk = v\n  more\n\n")]
    assert kinds == [Kind.SECTION, Kind.COMMENT, Kind.OPTION, Kind.CONTINUATION, Kind.BLANK]
