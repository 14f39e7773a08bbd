import random

from shortlinks.slugs import ALPHABET, generate_slug


def test_slugs_use_the_alphabet():
    slug = generate_slug(random.Random(1))
    assert len(slug) == 7
    assert set(slug) <= set(ALPHABET)


def test_same_seed_same_slug():
    assert generate_slug(random.Random(3), 10) == generate_slug(random.Random(3), 10)
