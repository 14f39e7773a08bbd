from textkit import slugify


def test_words_are_joined_by_hyphens():
    assert slugify("Hello, World!") == "hello-world"


def test_accents_are_folded_to_ascii():
    assert slugify("Crème brûlée") == "creme-brulee"


def test_long_slugs_are_cut_without_a_trailing_hyphen():
    assert slugify("a " * 40, max_length=10) == "a-a-a-a-a"
