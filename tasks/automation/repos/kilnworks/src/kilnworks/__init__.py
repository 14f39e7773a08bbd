"""kilnworks: firing schedules for electric kilns."""

__version__ = "0.6.1"
