import io

import inikit


def test_dumps_sections_in_order():
    doc = inikit.loads("[b]\nx = 1\n\n[a]\ny = 2\n")
    assert inikit.dumps(doc) == "[b]\nx = 1\n\n[a]\ny = 2\n"


def test_multiline_values_are_indented():
    doc = inikit.loads("[mail]\nto = a@example.com\n    b@example.com\n")
    assert inikit.dumps(doc) == "[mail]\nto = a@example.com\n    b@example.com\n"


def test_references_are_written_raw():
    text = "[p]\nroot = /srv\nlogs = %(root)s/logs\n"
    assert inikit.dumps(inikit.loads(text)) == text


def test_dump_writes_to_file_object():
    doc = inikit.Document()
    doc.add_section("s")
    doc.set("s", "empty", "")
    buf = io.StringIO()
    inikit.dump(doc, buf)
    assert buf.getvalue() == "[s]\nempty =\n"
