from datetime import timedelta

import pytest

from bramblebook.models import BookingRequest, CancelRequest
from bramblebook.service import BookingError, BookingService
from conftest import NOW

START = NOW.replace(day=13, hour=9)  # workshop 1


def book(service, member="ines", seats=1):
    return service.book(BookingRequest(workshop_id=1, member=member, seats=seats, requested_at=NOW))


def test_early_cancellation_is_free(service):
    booking = book(service)
    cancelled = service.cancel(booking.id, CancelRequest(cancelled_at=START - timedelta(days=4)))
    assert (cancelled.status, cancelled.fee_cents) == ("cancelled", 0)
    assert service.seats_taken(1) == 0


def test_late_cancellation_pays_half_per_seat(service):
    booking = book(service, seats=2)
    cancelled = service.cancel(booking.id, CancelRequest(cancelled_at=START - timedelta(hours=20)))
    assert cancelled.fee_cents == 4500


def test_no_fee_outside_the_late_fee_rollout(conn):
    service = BookingService(conn, flags={"late_fee": 0})
    booking = book(service)
    cancelled = service.cancel(booking.id, CancelRequest(cancelled_at=START - timedelta(hours=20)))
    assert cancelled.fee_cents == 0


def test_cancelling_twice_is_refused(service):
    booking = book(service)
    service.cancel(booking.id, CancelRequest(cancelled_at=NOW))
    with pytest.raises(BookingError, match="already cancelled"):
        service.cancel(booking.id, CancelRequest(cancelled_at=NOW))
