import json

import pytest

from routekit import Request, Response, Router


@pytest.fixture
def router():
    router = Router()

    @router.route("/users/{user_id:int}", name="user")
    def show_user(request):
        return {"id": request.params["user_id"]}

    @router.route("/users", methods=["POST"])
    def create_user(request):
        return Response.json({"created": True}, status=201)

    @router.route("/health")
    def health(request):
        return "ok"

    return router


def test_dispatch_calls_handler_with_params(router):
    response = router.dispatch(Request("GET", "/users/42?verbose=1"))
    assert response.status == 200
    assert json.loads(response.body) == {"id": 42}


def test_handler_results_become_responses(router):
    response = router.dispatch(Request("get", "/health"))
    assert (response.status, response.body) == (200, b"ok")
    assert response.headers["Content-Type"].startswith("text/plain")


def test_post_route(router):
    assert router.dispatch(Request("POST", "/users")).status == 201


def test_head_is_answered_by_get_routes(router):
    response = router.dispatch(Request("HEAD", "/health"))
    assert (response.status, response.body) == (200, b"")


def test_unknown_path_is_404(router):
    response = router.dispatch(Request("GET", "/nope"))
    assert response.status == 404
    assert response.reason == "Not Found"


def test_first_matching_route_wins():
    router = Router()
    router.add("/items/new", lambda request: "form")
    router.add("/items/{slug}", lambda request: "item")
    assert router.dispatch(Request("GET", "/items/new")).body == b"form"
    assert router.dispatch(Request("GET", "/items/tea")).body == b"item"


def test_url_for(router):
    assert router.url_for("user", user_id=7) == "/users/7"
    with pytest.raises(KeyError, match="no route named 'nope'"):
        router.url_for("nope")


def test_duplicate_route_name(router):
    with pytest.raises(ValueError, match="already exists"):
        router.add("/u/{user_id:int}", lambda request: "", name="user")
