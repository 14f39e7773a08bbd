"""bramblebook: bookings and waitlists for the Bramble Street community workshop."""
