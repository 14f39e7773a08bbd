from helpers import sale

ENTRY = {
    "posted_on": "2024-03-05",
    "memo": "invoice 17",
    "reference": "INV-17",
    "lines": [{"account": "1100", "debit": "120.00"}, {"account": "4000", "credit": "120.00"}],
}


def test_post_entry_returns_it(client):
    status, headers, body = client.request("POST", "/entries", ENTRY)
    assert status == 201
    assert headers["Location"] == "/entries/1"
    assert body == {"id": 1, **ENTRY}


def test_get_entry(client, ledger):
    ledger.post(sale(1250))
    status, _, body = client.request("GET", "/entries/1")
    assert status == 200
    assert body["lines"] == [
        {"account": "1000", "debit": "12.50"},
        {"account": "4000", "credit": "12.50"},
    ]


def test_unbalanced_entry_is_422(client):
    lines = [{"account": "1100", "debit": "120.00"}, {"account": "4000", "credit": "12.00"}]
    body = {**ENTRY, "lines": lines}
    status, _, answer = client.request("POST", "/entries", body)
    assert status == 422
    assert "does not balance" in answer["error"]


def test_bad_amount_is_400(client):
    lines = [{"account": "1100", "debit": "12,00"}, {"account": "4000", "credit": "12"}]
    body = {**ENTRY, "lines": lines}
    status, _, answer = client.request("POST", "/entries", body)
    assert status == 400
    assert answer["error"].startswith("line on 1100: amount must be a decimal string")


def test_unknown_entry_is_404(client):
    status, _, answer = client.request("GET", "/entries/7")
    assert status == 404
    assert answer == {"error": "no entry with id 7"}


def test_create_and_read_account(client):
    bank = {"code": "1200", "name": "Bank", "kind": "asset"}
    status, _, body = client.request("POST", "/accounts", bank)
    assert status == 201
    status, _, body = client.request("GET", "/accounts/1200")
    assert (status, body["balance"]) == (200, "0.00")


def test_duplicate_account_is_409(client):
    till = {"code": "1000", "name": "Till", "kind": "asset"}
    status, _, _ = client.request("POST", "/accounts", till)
    assert status == 409


def test_wrong_method_is_405(client):
    status, _, answer = client.request("DELETE", "/entries")
    assert status == 405
    assert answer["error"] == "DELETE not allowed on /entries, use POST"


def test_trial_balance(client, ledger):
    ledger.post(sale(1000))
    status, _, body = client.request("GET", "/reports/trial-balance?as_of=2024-03-31")
    assert status == 200
    assert body["as_of"] == "2024-03-31"
    assert body["total"] == "0.00"
    assert {row["code"]: row["balance"] for row in body["accounts"]}["4000"] == "-10.00"
