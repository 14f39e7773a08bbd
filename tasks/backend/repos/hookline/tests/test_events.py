import json

from hookline.events import Event, encode_body


def test_body_is_compact_sorted_json():
    event = Event("order.paid", {"b": 1, "a": 2}, id="evt_1", created_at=100)
    expected = b'{"created_at":100,"data":{"a":2,"b":1},"id":"evt_1","type":"order.paid"}'
    assert encode_body(event) == expected


def test_events_get_unique_ids():
    first, second = Event("x", {}), Event("x", {})
    assert first.id != second.id
    assert first.id.startswith("evt_")


def test_body_round_trips_unicode():
    event = Event("user.renamed", {"name": "Zoë"}, id="evt_2", created_at=1)
    assert json.loads(encode_body(event))["data"]["name"] == "Zoë"
