"""Reports: terminal tables and on-disk records."""
