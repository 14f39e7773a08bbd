import io
import tarfile


def test_login_sets_a_session_cookie(client):
    status, headers, _ = client.login("amara", "correct horse")
    assert status == 200
    assert headers["Set-Cookie"].startswith("session=amara|")
    assert "HttpOnly" in headers["Set-Cookie"]


def test_wrong_password_is_401(client):
    status, _, _ = client.login("amara", "nope")
    assert status == 401
    assert client.cookies == {}


def test_files_need_a_login(client):
    assert client.json("GET", "/files") == (401, {"error": "not logged in"})


def test_upload_list_download(amara):
    assert amara.json("PUT", "/files/moodboard.pdf", b"%PDF") == (
        201,
        {"name": "moodboard.pdf", "size": 4},
    )
    assert amara.json("GET", "/files") == (200, {"files": ["moodboard.pdf"]})
    status, headers, body = amara.request("GET", "/files/moodboard.pdf")
    assert (status, body) == (200, b"%PDF")
    assert headers["Content-Disposition"] == 'attachment; filename="moodboard.pdf"'


def test_download_of_a_missing_file_is_404(amara):
    assert amara.json("GET", "/files/none.txt") == (404, {"error": "no file none.txt"})


def test_users_see_only_their_own_files(client, storage):
    storage.save("jonas", "contract.pdf", b"secret")
    client.login("amara", "correct horse")
    assert client.json("GET", "/files") == (200, {"files": []})
    assert client.request("GET", "/files/contract.pdf")[0] == 404


def test_share_link_downloads_without_login(amara, client, app):
    amara.request("PUT", "/files/proof.png", b"PNG")
    status, body = amara.json("POST", "/links/proof.png")
    assert status == 201
    anonymous = type(client)(app)
    assert anonymous.request("GET", body["url"])[2] == b"PNG"


def test_unknown_share_link_is_404(client):
    assert client.json("GET", "/s/abc123") == (404, {"error": "no such link"})


def test_archive_contents(amara):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        info = tarfile.TarInfo("cover.jpg")
        info.size = 3
        archive.addfile(info, io.BytesIO(b"JPG"))
    amara.request("PUT", "/files/print.tar.gz", buffer.getvalue())
    assert amara.json("GET", "/files/print.tar.gz/contents") == (200, {"members": ["cover.jpg"]})


def test_wrong_method_is_405(amara):
    assert amara.json("DELETE", "/files/a.txt")[0] == 405
