from datetime import timedelta

import pytest
from pydantic import ValidationError

from bramblebook.models import BookingRequest
from bramblebook.service import BookingError
from conftest import NOW


def request(member, seats=1, workshop_id=3, at=NOW):
    return BookingRequest(workshop_id=workshop_id, member=member, seats=seats, requested_at=at)


def test_booking_is_confirmed_while_seats_are_free(service):
    booking = service.book(request("ines"))
    assert booking.status == "confirmed"
    assert service.seats_taken(3) == 1


def test_full_workshop_waitlists_in_order(service):
    service.book(request("ines", seats=2))
    first = service.book(request("oskar", at=NOW + timedelta(minutes=1)))
    second = service.book(request("ruth", at=NOW + timedelta(minutes=2)))
    assert [first.status, second.status] == ["waitlisted", "waitlisted"]
    assert [b.member for b in service.waitlist(3)] == ["oskar", "ruth"]


def test_booking_after_the_start_is_refused(service):
    with pytest.raises(BookingError, match="already started"):
        service.book(request("ines", at=NOW + timedelta(days=30)))


def test_unknown_workshop_is_refused(service):
    with pytest.raises(BookingError, match="no workshop 9"):
        service.book(request("ines", workshop_id=9))


def test_at_most_four_seats_per_booking():
    with pytest.raises(ValidationError):
        request("ines", seats=5)
