import pytest


def test_save_then_read(storage):
    assert storage.save("amara", "brief.pdf", b"%PDF-1.7") == 8
    assert storage.read("amara", "brief.pdf") == b"%PDF-1.7"


def test_each_account_has_its_own_folder(storage):
    storage.save("amara", "logo.png", b"a")
    storage.save("jonas", "logo.png", b"j")
    assert storage.read("jonas", "logo.png") == b"j"
    assert storage.names("amara") == ["logo.png"]


def test_missing_file(storage):
    with pytest.raises(FileNotFoundError):
        storage.read("amara", "nothing.txt")


def test_names_of_an_account_without_files(storage):
    assert storage.names("newcomer") == []
