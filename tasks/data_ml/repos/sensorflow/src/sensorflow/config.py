"""Settings shared by the pipeline: the sampling grid, the site's time zone and plausible sensor ranges."""

from __future__ import annotations

SITE_TZ = "Europe/Berlin"
SAMPLE_FREQ = "15min"

COLUMNS = ("device_id", "timestamp", "temperature", "humidity", "battery")
MEASUREMENTS = ("temperature", "humidity", "battery")

# Physically plausible ranges of the sensor model we deploy (inclusive); anything outside is a glitch.
VALID_RANGES = {
    "temperature": (-40.0, 85.0),
    "humidity": (0.0, 100.0),
    "battery": (0.0, 100.0),
}
