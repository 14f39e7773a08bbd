import pytest

import inikit

CONFIG = """\
[DEFAULT]
timeout = 30
retries = 3

[primary]
host = db1.internal
timeout = 5

[replica]
host = db2.internal
"""


@pytest.fixture
def doc():
    return inikit.loads(CONFIG)


def test_get_falls_back_to_default(doc):
    assert doc.get("replica", "timeout") == "30"
    assert doc.get("primary", "timeout") == "5"


def test_default_section_is_not_listed(doc):
    assert doc.sections() == ["primary", "replica"]
    assert doc.defaults() == {"timeout": "30", "retries": "3"}


def test_items_include_defaults(doc):
    assert dict(doc.items("replica")) == {
        "timeout": "30",
        "retries": "3",
        "host": "db2.internal",
    }


def test_has_option_sees_defaults(doc):
    assert doc.has_option("replica", "retries")
    assert not doc.has_option("replica", "port")


def test_missing_option_and_section(doc):
    with pytest.raises(inikit.NoOptionError):
        doc.get("replica", "port")
    with pytest.raises(inikit.NoSectionError):
        doc.get("cache", "host")
    assert doc.get("replica", "port", fallback=None) is None


def test_typed_getters(doc):
    doc.set("primary", "debug", "on")
    assert doc.getint("primary", "retries") == 3
    assert doc.getfloat("primary", "timeout") == 5.0
    assert doc.getboolean("primary", "debug") is True
    assert doc.getboolean("replica", "debug", fallback=False) is False
    with pytest.raises(ValueError, match="not a boolean"):
        doc.getboolean("primary", "host")


def test_set_rejects_non_strings(doc):
    with pytest.raises(TypeError):
        doc.set("primary", "port", 5432)
