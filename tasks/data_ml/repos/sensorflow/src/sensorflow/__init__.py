"""sensorflow: cleaning and summarising readings from the building's IoT sensors."""

from .features import add_rolling_features
from .gaps import find_gaps, gap_report
from .io import load_readings, parse_readings
from .outliers import flag_outliers
from .resample import resample_readings
from .summary import daily_summary, device_overview
from .trend import slope_per_day

__all__ = [
    "add_rolling_features",
    "daily_summary",
    "device_overview",
    "find_gaps",
    "flag_outliers",
    "gap_report",
    "load_readings",
    "parse_readings",
    "resample_readings",
    "slope_per_day",
]
