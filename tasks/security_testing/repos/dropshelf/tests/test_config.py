from pathlib import Path

import pytest

from dropshelf.config import load_settings

SAMPLE = Path(__file__).parent.parent / "config.sample.ini"


def test_sample_config_loads():
    settings = load_settings(SAMPLE)
    assert settings.storage_root == Path("/srv/dropshelf/files")
    assert settings.port == 8040


def test_missing_secret_is_an_error(tmp_path):
    path = tmp_path / "dropshelf.ini"
    path.write_text("[server]\n[storage]\nroot = /tmp/f\ndatabase = /tmp/d.db\n", encoding="utf-8")
    with pytest.raises(KeyError, match="secret_key"):
        load_settings(path)
