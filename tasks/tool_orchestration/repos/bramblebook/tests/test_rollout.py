from bramblebook.rollout import bucket, enabled


def test_bucket_is_stable_and_in_range():
    assert bucket("late_fee", "ines") == bucket("late_fee", "ines")
    assert all(0 <= bucket("late_fee", f"m{i}") < 100 for i in range(200))


def test_raising_the_percent_only_adds_members():
    members = [f"m{i}" for i in range(300)]
    at_10 = {m for m in members if enabled("waitlist_offers", m, 10)}
    at_50 = {m for m in members if enabled("waitlist_offers", m, 50)}
    assert at_10 <= at_50 and 0 < len(at_10) < len(at_50) < 300
