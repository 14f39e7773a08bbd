from checkout.rollout import bucket, enabled


def test_bucket_is_stable_and_in_range():
    assert bucket("promo_rules_v2", "c10001") == bucket("promo_rules_v2", "c10001")
    assert all(0 <= bucket("f", f"c{n}") < 100 for n in range(500))


def test_raising_the_percentage_only_adds_customers():
    customers = [f"c{n}" for n in range(1000)]
    at_10 = {c for c in customers if enabled("f", 10, c)}
    at_50 = {c for c in customers if enabled("f", 50, c)}
    assert at_10 < at_50


def test_zero_and_hundred():
    assert not enabled("f", 0, "c1") and enabled("f", 100, "c1")
