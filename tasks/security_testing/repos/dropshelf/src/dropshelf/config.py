"""Settings read from the INI file the service is started with."""

from __future__ import annotations

import configparser
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    """Everything the service needs to start."""

    secret_key: str
    storage_root: Path
    database: Path
    host: str = "127.0.0.1"
    port: int = 8040


def load_settings(path: Path) -> Settings:
    """Read `path` (see config.sample.ini); a missing section or key raises KeyError."""
    parser = configparser.ConfigParser()
    with path.open(encoding="utf-8") as handle:
        parser.read_file(handle)
    server, storage = parser["server"], parser["storage"]
    return Settings(
        secret_key=server["secret_key"],
        storage_root=Path(storage["root"]),
        database=Path(storage["database"]),
        host=server.get("host", "127.0.0.1"),
        port=server.getint("port", 8040),
    )
