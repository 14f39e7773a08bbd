import pytest

import inikit


def test_reference_within_section():
    doc = inikit.loads("[paths]\nroot = /srv/app\nlogs = %(root)s/logs\n")
    assert doc.get("paths", "logs") == "/srv/app/logs"
    assert doc.get("paths", "logs", raw=True) == "%(root)s/logs"


def test_nested_references():
    doc = inikit.loads("[p]\na = x\nb = %(a)s-y\nc = %(b)s-z\n")
    assert doc.get("p", "c") == "x-y-z"


def test_double_percent_is_literal():
    doc = inikit.loads("[fmt]\nprogress = 100%%\n")
    assert doc.get("fmt", "progress") == "100%"


def test_lone_percent_is_an_error():
    doc = inikit.loads("[fmt]\nprogress = 100%\n")
    with pytest.raises(inikit.InterpolationError, match="must be followed by"):
        doc.get("fmt", "progress")


def test_unknown_reference_is_an_error():
    doc = inikit.loads("[p]\na = %(nope)s\n")
    with pytest.raises(inikit.InterpolationError, match="no option 'nope'"):
        doc.get("p", "a")


def test_self_reference_stops_at_max_depth():
    doc = inikit.loads("[p]\na = %(a)s\n")
    with pytest.raises(inikit.InterpolationError, match="nested deeper"):
        doc.get("p", "a")
