"""The tus server against a tus client written by others: Python's `tuspy` (PyPI), with an API token,
in chunks with its SHA-1 checksums, resumed after an upload stopped part-way, after a connection cut
mid-PATCH and after a server restart; each finished upload handed to a walk-through and compared,
byte for byte, with what was sent. One server for the file (a few seconds in all)."""
import hashlib
import io
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from tusclient import client as tus

import harness
from conftest import BINARY, FIXTURES

WALK = FIXTURES / "public" / "capture" / "video" / "synthetic-walk-12-objects-360p.mp4"


@pytest.fixture(scope="module")
def served():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `make release` first (make test does).")
    server = harness.Server(binary=BINARY, owner=True)
    browser = harness.Client(server.port)
    browser.sign_in()
    token = browser.make_api_token()
    place, _ = api_client(server, token).json("POST", "/api/v1/locations", {"name": "Garage"})
    yield server, token, place["id"]
    server.stop()


def api_client(server, token):
    """An API client of the server as it runs now (a restart gives it another port)."""
    api = harness.Client(server.port)
    api.token = token
    return api


def path_of(url):
    return urllib.parse.urlsplit(url).path


def tus_client(server, token):
    return tus.TusClient(f"{server.url}/api/v1/uploads", headers={"Authorization": f"Bearer {token}"})


def head_offset(api, url):
    status, headers, _ = api.request("HEAD", path_of(url), headers={"Tus-Resumable": "1.0.0"})
    assert status == 200
    return int(headers["Upload-Offset"])


def hand_to_walkthrough(api, place, url):
    upload_id = url.rstrip("/").rsplit("/", 1)[1]
    walkthrough, _ = api.json("POST", f"/api/v1/locations/{place}/walkthroughs", {"uploadId": upload_id})
    status, _, video = api.request("GET", f"/walkthroughs/{walkthrough['id']}/video")
    assert status == 200
    return walkthrough, video


def test_tuspy_uploads_in_chunks_with_checksums_and_the_file_becomes_a_walk_through(served):
    server, token, place = served
    api = api_client(server, token)
    data = WALK.read_bytes()
    uploader = tus_client(server, token).uploader(file_stream=io.BytesIO(data), chunk_size=128 * 1024, upload_checksum=True,
                                                  metadata={"filename": WALK.name, "filetype": "video/mp4"})
    uploader.upload()
    assert uploader.url.startswith(f"{server.url}/api/v1/uploads/")
    assert head_offset(api, uploader.url) == len(data)
    walkthrough, video = hand_to_walkthrough(api, place, uploader.url)
    assert hashlib.sha256(video).digest() == hashlib.sha256(data).digest()
    # Handed over again (its answer lost): the same walk-through, not a second.
    again, _ = api.json("POST", f"/api/v1/locations/{place}/walkthroughs", {"uploadId": uploader.url.rsplit("/", 1)[1]})
    assert again == walkthrough


def test_tuspy_resumes_after_a_stop_a_cut_connection_and_a_restart_sending_each_byte_about_once(served):
    server, token, place = served
    api = api_client(server, token)
    data = bytes(WALK.read_bytes()) * 3
    sent = 0
    first = tus_client(server, token).uploader(file_stream=io.BytesIO(data), chunk_size=64 * 1024)
    first.upload(stop_at=len(data) // 4)
    sent += len(data) // 4
    url = first.url
    assert head_offset(api, url) == len(data) // 4

    # The rest in one PATCH, cut a third of the way: the bytes that arrived count.
    offset = len(data) // 4
    cut = offset + len(data) // 4
    path = path_of(url)
    connection = socket.create_connection(("127.0.0.1", server.port))
    head = (f"PATCH {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nAuthorization: Bearer {token}\r\n"
            f"Tus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\nUpload-Offset: {offset}\r\n"
            f"Content-Length: {len(data) - offset}\r\n\r\n").encode()
    connection.sendall(head + data[offset:cut])
    sent += cut - offset
    # Gone once they have arrived (written into the upload's file as they come), as a phone that
    # loses the network: no more bytes, then the connection ends.
    stored = server.data / "uploads" / url.rsplit("/", 1)[1]
    for _ in range(500):
        if stored.stat().st_size >= cut:
            break
        time.sleep(0.01)
    connection.close()
    for _ in range(200):
        if head_offset(api, url) == cut:
            break
        time.sleep(0.02)
    assert head_offset(api, url) == cut

    # A restart of the server keeps the upload; tuspy asks where it stands and sends the rest.
    server.restart()
    api = api_client(server, token)
    resumed = tus_client(server, token).uploader(file_stream=io.BytesIO(data), url=server.url + path,
                                                 chunk_size=256 * 1024, upload_checksum=True)
    assert resumed.offset == cut
    resumed.upload()
    sent += len(data) - cut
    assert sent <= 1.1 * len(data)
    # Whole, byte for byte, in the data folder's uploads/.
    stored = (server.data / "uploads" / url.rsplit("/", 1)[1]).read_bytes()
    assert hashlib.sha256(stored).digest() == hashlib.sha256(data).digest()
    assert head_offset(api, resumed.url) == len(data)


def test_a_checksum_that_does_not_match_is_refused_and_nothing_is_kept(served):
    server, token, _ = served
    api = api_client(server, token)
    uploader = tus_client(server, token).uploader(file_stream=io.BytesIO(b"x" * 1000), chunk_size=1000)
    url = uploader.create_url()
    path = path_of(url)
    request = urllib.request.Request(f"{server.url}{path}", data=b"x" * 1000, method="PATCH", headers={
        "Authorization": f"Bearer {token}", "Tus-Resumable": "1.0.0", "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0", "Upload-Checksum": "sha1 " + "A" * 27 + "="})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 460
    assert head_offset(api, url) == 0
