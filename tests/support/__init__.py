"""Test support shared across test folders: loopback model servers, task and rule builders, verdict rows."""
