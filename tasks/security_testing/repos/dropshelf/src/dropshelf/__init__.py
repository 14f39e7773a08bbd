"""dropshelf: file sharing for the studio and its clients."""

from dropshelf.app import ShelfApp
from dropshelf.auth import Accounts, AuthError
from dropshelf.config import Settings, load_settings
from dropshelf.storage import Storage

__all__ = ["Accounts", "AuthError", "Settings", "ShelfApp", "Storage", "load_settings"]
