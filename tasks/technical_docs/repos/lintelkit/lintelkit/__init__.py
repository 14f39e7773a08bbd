"""lintelkit: a small static documentation-site builder for Markdown pages."""

__version__ = "0.4.0"
