import io
import tarfile

import pytest

from dropshelf.archives import ArchiveError, list_members


def make_archive(path, members):
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def test_lists_members_in_order(tmp_path):
    path = tmp_path / "assets.tar.gz"
    make_archive(path, {"logo.svg": b"<svg/>", "fonts/brand.woff2": b"wOF2"})
    assert list_members(path) == ["logo.svg", "fonts/brand.woff2"]


def test_not_an_archive(tmp_path):
    path = tmp_path / "notes.tar.gz"
    path.write_bytes(b"plain text")
    with pytest.raises(ArchiveError, match="cannot list notes.tar.gz"):
        list_members(path)
