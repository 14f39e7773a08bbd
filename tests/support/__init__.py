"""Test support shared across test folders: loopback model servers."""
