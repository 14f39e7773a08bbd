"""What the booking API accepts and what it answers with (pydantic models)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["confirmed", "waitlisted", "cancelled"]


class Workshop(BaseModel):
    """A session of a workshop: a start time, a number of seats and a price per seat."""

    model_config = ConfigDict(frozen=True)

    id: int
    title: str
    starts_at: datetime
    seats: int = Field(gt=0)
    price_cents: int = Field(ge=0)


class BookingRequest(BaseModel):
    """POST /bookings: a member asks for one or more seats of a workshop."""

    workshop_id: int
    member: str = Field(min_length=1, max_length=64)
    seats: int = Field(default=1, ge=1, le=4)
    requested_at: datetime


class CancelRequest(BaseModel):
    """POST /bookings/{id}/cancel."""

    cancelled_at: datetime


class Booking(BaseModel):
    """A booking as stored: confirmed, waiting for seats, or cancelled (with the fee charged)."""

    id: int
    workshop_id: int
    member: str
    seats: int
    status: Status
    created_at: datetime
    cancelled_at: datetime | None = None
    fee_cents: int = 0
