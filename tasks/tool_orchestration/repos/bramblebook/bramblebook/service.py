"""Booking a workshop: confirm while seats are free, otherwise put the member on the waitlist;
cancel, charging half the price for a late cancellation."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from datetime import datetime, timedelta

from .models import Booking, BookingRequest, CancelRequest, Workshop
from .rollout import enabled

log = logging.getLogger(__name__)

LATE_CANCELLATION = timedelta(hours=48)
"""A confirmed booking cancelled less than this before the start pays half its price."""


class BookingError(Exception):
    """A request the service refuses; the API answers 409 with the message."""


class BookingService:
    """Bookings on one database; `flags` maps a flag's name to its rollout percent."""

    def __init__(self, conn: sqlite3.Connection, flags: Mapping[str, int] | None = None) -> None:
        self.conn = conn
        self.flags = dict(flags or {})

    def flag(self, name: str, member: str) -> bool:
        """Whether the flag `name` is on for `member`."""
        return enabled(name, member, self.flags.get(name, 0))

    def workshop(self, workshop_id: int) -> Workshop:
        row = self.conn.execute("SELECT * FROM workshops WHERE id = ?", (workshop_id,)).fetchone()
        if row is None:
            raise BookingError(f"no workshop {workshop_id}")
        return Workshop(**dict(row))

    def booking(self, booking_id: int) -> Booking:
        row = self.conn.execute("SELECT * FROM bookings WHERE id = ?", (booking_id,)).fetchone()
        if row is None:
            raise BookingError(f"no booking {booking_id}")
        return Booking(**dict(row))

    def seats_taken(self, workshop_id: int) -> int:
        """Seats held by confirmed bookings."""
        row = self.conn.execute(
            "SELECT coalesce(sum(seats), 0) FROM bookings WHERE workshop_id = ? AND status = 'confirmed'",
            (workshop_id,),
        ).fetchone()
        return row[0]

    def waitlist(self, workshop_id: int) -> list[Booking]:
        """The waitlisted bookings of a workshop, first come first."""
        rows = self.conn.execute(
            "SELECT * FROM bookings WHERE workshop_id = ? AND status = 'waitlisted' ORDER BY created_at, id",
            (workshop_id,),
        ).fetchall()
        return [Booking(**dict(r)) for r in rows]

    def book(self, request: BookingRequest) -> Booking:
        """Confirm the request if its seats are free, else waitlist it."""
        workshop = self.workshop(request.workshop_id)
        if request.requested_at >= workshop.starts_at:
            raise BookingError(f"{workshop.title} has already started")
        free = workshop.seats - self.seats_taken(workshop.id)
        status = "confirmed" if free > 0 else "waitlisted"
        with self.conn:
            cursor = self.conn.execute(
                "INSERT INTO bookings (workshop_id, member, seats, status, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (workshop.id, request.member, request.seats, status, request.requested_at.isoformat()),
            )
        log.info("booking %s for %s: %s", cursor.lastrowid, request.member, status)
        return self.booking(cursor.lastrowid)

    def cancel(self, booking_id: int, request: CancelRequest) -> Booking:
        """Cancel a booking; a confirmed one cancelled late pays half its price (with the late_fee flag)."""
        booking = self.booking(booking_id)
        if booking.status == "cancelled":
            raise BookingError(f"booking {booking_id} is already cancelled")
        workshop = self.workshop(booking.workshop_id)
        fee = 0
        ahead = workshop.starts_at - request.cancelled_at
        if booking.status == "confirmed" and self.flag("late_fee", booking.member) and ahead.days <= 2:
            fee = workshop.price_cents * booking.seats // 2
        with self.conn:
            self.conn.execute(
                "UPDATE bookings SET status = 'cancelled', cancelled_at = ?, fee_cents = ? WHERE id = ?",
                (request.cancelled_at.isoformat(), fee, booking_id),
            )
        log.info("booking %s cancelled, fee %s", booking_id, fee)
        return self.booking(booking_id)
