import uuid

import pytest

from routekit.matching import CONVERTERS, Converter, compile_pattern, get_converter


def test_builtin_converters():
    assert {"str", "int", "slug", "uuid"} <= set(CONVERTERS)


def test_int_converter_gives_int():
    assert compile_pattern("/items/{item_id:int}").match("/items/17") == {"item_id": 17}
    assert compile_pattern("/items/{item_id:int}").match("/items/x7") is None


def test_uuid_converter():
    value = "12345678-1234-5678-1234-567812345678"
    assert compile_pattern("/o/{oid:uuid}").match(f"/o/{value}") == {"oid": uuid.UUID(value)}


def test_str_stops_at_slash():
    assert compile_pattern("/files/{name}").match("/files/a/b") is None


def test_unknown_converter():
    with pytest.raises(ValueError, match="unknown converter 'date'"):
        get_converter("date")


def test_register_converter(monkeypatch):
    monkeypatch.setitem(CONVERTERS, "hex", Converter("hex", r"[0-9a-f]+", lambda s: int(s, 16)))
    assert compile_pattern("/c/{color:hex}").match("/c/ff") == {"color": 255}
