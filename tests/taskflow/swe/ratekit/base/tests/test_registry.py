from ratekit import BucketRegistry, ManualClock, Rate


def test_buckets_are_created_lazily():
    registry = BucketRegistry(Rate(5, 1.0), clock=ManualClock())
    assert len(registry) == 0
    bucket = registry.get("a")
    assert registry.get("a") is bucket
    assert "a" in registry and "b" not in registry
    assert len(registry) == 1


def test_buckets_use_rate_and_clock():
    clock = ManualClock()
    registry = BucketRegistry(Rate(10, 5.0, burst=20), clock=clock)
    bucket = registry.get("a")
    assert (bucket.capacity, bucket.rate) == (20, 2.0)
    bucket.try_acquire(20)
    clock.advance(1)
    assert bucket.tokens == 2


def test_reset_forgets_key():
    registry = BucketRegistry(Rate(5, 1.0), clock=ManualClock())
    registry.get("a")
    registry.reset("a")
    registry.reset("never-seen")
    assert list(registry) == []
