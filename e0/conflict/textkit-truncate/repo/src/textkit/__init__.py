"""Small text helpers shared by our services."""

from textkit.slug import slugify

__all__ = ["slugify"]
