import pytest

from routekit.matching import compile_pattern


def test_static_pattern():
    pattern = compile_pattern("/about")
    assert pattern.match("/about") == {}
    assert pattern.match("/about/") is None
    assert pattern.match("/abouts") is None


def test_parameters():
    pattern = compile_pattern("/users/{user}/posts/{post_id:int}")
    assert pattern.match("/users/ada/posts/3") == {"user": "ada", "post_id": 3}


def test_build():
    pattern = compile_pattern("/users/{user}/posts/{post_id:int}")
    assert pattern.build(user="ada", post_id=3) == "/users/ada/posts/3"


def test_build_validates_values():
    pattern = compile_pattern("/posts/{post_id:int}")
    with pytest.raises(ValueError, match="not a valid int"):
        pattern.build(post_id="latest")
    with pytest.raises(KeyError, match="missing parameters"):
        pattern.build()


def test_pattern_must_be_absolute():
    with pytest.raises(ValueError, match="must start with '/'"):
        compile_pattern("users")


def test_duplicate_parameter():
    with pytest.raises(ValueError, match="appears twice"):
        compile_pattern("/{a}/{a}")
