from helpers import Client

EXAMPLE = "https://example.org/spring-sale?utm_source=newsletter"


def test_create_link(client):
    status, headers, body = client.request("POST", "/api/links", {"url": EXAMPLE})
    assert status == 201
    assert body["url"] == EXAMPLE
    assert body["short_url"] == f"https://sho.rt/{body['slug']}"
    assert headers["Location"] == f"/api/links/{body['slug']}"
    assert (body["clicks"], body["created_at"]) == (0, "2024-05-02T10:00:00Z")


def test_redirect_counts_clicks(client):
    _, _, link = client.request("POST", "/api/links", {"url": EXAMPLE})
    anonymous = Client(client.app)
    for _ in range(3):
        status, headers, _ = anonymous.request("GET", f"/{link['slug']}")
        assert (status, headers["Location"]) == (302, EXAMPLE)
    _, _, stats = client.request("GET", f"/api/links/{link['slug']}")
    assert stats["clicks"] == 3


def test_unknown_slug_is_404(client):
    status, _, body = client.request("GET", "/nope123")
    assert (status, body) == (404, {"error": "no link 'nope123'"})


def test_api_without_token_is_401(app):
    status, headers, body = Client(app).request("POST", "/api/links", {"url": EXAMPLE})
    assert status == 401
    assert headers["WWW-Authenticate"] == 'Bearer realm="shortlinks"'
    assert body["error"].startswith("missing or malformed Authorization header")


def test_api_with_unknown_token_is_401(app):
    status, _, body = Client(app, token="guessed").request("GET", "/api/links")
    assert (status, body) == (401, {"error": "unknown token"})


def test_rejects_non_http_urls(client):
    status, _, body = client.request("POST", "/api/links", {"url": "javascript:alert(1)"})
    assert status == 400
    assert "absolute http or https URL" in body["error"]


def test_links_are_private_to_their_token(client, tokens, clock):
    _, _, link = client.request("POST", "/api/links", {"url": EXAMPLE})
    other = Client(client.app, token=tokens.issue("support", clock()))
    assert other.request("GET", f"/api/links/{link['slug']}")[0] == 404
    assert other.request("GET", "/api/links")[2] == {"links": []}


def test_delete_link(client):
    _, _, link = client.request("POST", "/api/links", {"url": EXAMPLE})
    assert client.request("DELETE", f"/api/links/{link['slug']}")[0] == 204
    assert client.request("GET", f"/{link['slug']}")[0] == 404


def test_wrong_method_is_405(client):
    status, headers, _ = client.request("PUT", "/api/links")
    assert (status, headers["Allow"]) == (405, "POST, GET")
