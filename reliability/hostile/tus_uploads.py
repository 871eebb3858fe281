"""Resumable uploads (tus, /api/v1/uploads) as an attacker would use them, signed in as a browser
(session cookie and CSRF token): lying offsets and lengths, bytes past an upload's length (declared,
and in a chunked body that only says so part-way), two PATCHes of one upload at once, a checksum
that does not match, and 10,000 creations from one account against its quota (100 unfinished, 4 GB
declared). Each must get its clear status, nothing of a refused request may be kept (the upload's
offset stays), and the server's memory and the data folder's `uploads/` stay bounded while a 64 MB
PATCH streams straight to disk. Bounded: about 10,000 small requests, a few seconds to a minute."""
import base64
import hashlib
import json
import socket
import time

import loadkit

TUS = {"Tus-Resumable": "1.0.0"}
OCTETS = {**TUS, "Content-Type": "application/offset+octet-stream"}
CREATIONS = 10_000
BIG = 64 << 20


def run(server, client):
    problems, figures = [], {}

    def expect(what, status, want, code=None, payload=b""):
        got = None
        if code and payload:
            try:
                got = json.loads(payload)["error"]["code"]
            except (ValueError, KeyError, TypeError):
                got = "no JSON error"
        if status != want or (code and got != code):
            problems.append(f"{what}: {status} {got or ''} (want {want} {code or ''})")

    def create(length, metadata=None):
        headers = {**TUS, "Upload-Length": str(length)}
        if metadata:
            headers["Upload-Metadata"] = metadata
        return client.request("POST", "/api/v1/uploads", headers=headers)

    def offset(path):
        status, headers, _ = client.request("HEAD", path, headers=TUS)
        return int(headers["Upload-Offset"]) if status == 200 else None

    def patch(path, at, body, extra=None):
        return client.request("PATCH", path, body=body, headers={**OCTETS, "Upload-Offset": str(at), **(extra or {})})

    began = time.monotonic()
    status, headers, _ = create(1000)
    expect("creation", status, 201)
    path = headers["Location"]
    expect("first bytes", patch(path, 0, b"a" * 400)[0], 204)

    # Lying offsets, behind and ahead, and ones that are no number.
    for at in (0, 399, 401, 1000):
        status, _, payload = patch(path, at, b"b" * 10)
        expect(f"offset {at}", status, 409, "upload-offset-mismatch", payload)
    for at in ("-1", "4e2", "+400", "4 00", "0x190", "99999999999999999999"):
        status, _, payload = client.request("PATCH", path, body=b"b", headers={**OCTETS, "Upload-Offset": at})
        expect(f"offset {at!r}", status, 400, "invalid-upload", payload)
    # Lying lengths at creation.
    for length in ("", "-5", "1.5", "1e9", "99999999999999999999"):
        status, _, payload = client.request("POST", "/api/v1/uploads", headers={**TUS, "Upload-Length": length})
        expect(f"length {length!r}", status, 400, "invalid-upload", payload)
    status, _, payload = create(1 << 50)
    expect("a petabyte", status, 413, "upload-too-large", payload)
    # Bytes past the length: declared, and in a chunked body that says so only part-way.
    status, _, payload = patch(path, 400, b"c" * 601)
    expect("601 bytes into 600", status, 400, "invalid-upload", payload)
    connection = socket.create_connection(("127.0.0.1", server.port))
    head = (f"PATCH {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: "
            + "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            + f"\r\nX-CSRF-Token: {client.csrf}\r\nTus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\n"
            "Upload-Offset: 400\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"d" * 500
    connection.sendall(head.encode() + b"%x\r\n" % len(chunk) + chunk + b"\r\n" + b"%x\r\n" % len(chunk) + chunk + b"\r\n0\r\n\r\n")
    answer = connection.recv(4096).split(b"\r\n", 1)[0]
    connection.close()
    if b" 400 " not in answer:
        problems.append(f"chunked past the length: {answer!r} (want 400)")
    # A checksum that does not match; an algorithm not spoken.
    wrong = base64.b64encode(hashlib.sha256(b"not these").digest()).decode()
    status, _, payload = patch(path, 400, b"e" * 100, {"Upload-Checksum": f"sha256 {wrong}"})
    expect("wrong checksum", status, 460, "checksum-mismatch", payload)
    status, _, payload = patch(path, 400, b"e" * 100, {"Upload-Checksum": "crc32 AAAAAA=="})
    expect("crc32", status, 400, "invalid-upload", payload)
    if offset(path) != 400:
        problems.append(f"a refused PATCH moved the offset to {offset(path)}")

    # Two PATCHes of one upload at once: the second is refused while the first arrives.
    slow = socket.create_connection(("127.0.0.1", server.port))
    head = (f"PATCH {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: "
            + "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            + f"\r\nX-CSRF-Token: {client.csrf}\r\nTus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\n"
            "Upload-Offset: 400\r\nContent-Length: 600\r\n\r\n")
    slow.sendall(head.encode() + b"f" * 300)
    time.sleep(0.3)
    status, _, payload = patch(path, 400, b"g" * 10)
    expect("a second PATCH meanwhile", status, 409, "upload-busy", payload)
    slow.sendall(b"f" * 300)
    first = slow.recv(4096).split(b"\r\n", 1)[0]
    slow.close()
    if b" 204 " not in first:
        problems.append(f"the first PATCH: {first!r} (want 204)")
    if offset(path) != 1000:
        problems.append(f"after both, the offset is {offset(path)} (want 1000)")

    # A 64 MB PATCH goes straight to disk: the server's memory does not grow with it.
    status, headers, _ = create(BIG)
    big = headers["Location"]
    rss_before = server.rss()
    status, _, payload = patch(big, 0, b"h" * BIG)
    expect("64 MB in one PATCH", status, 204)
    rss_after = server.peak_rss()
    figures["rss_growth_mib"] = round((rss_after - rss_before) / 1024, 1)
    if rss_after - rss_before > 32 * 1024:
        problems.append(f"a 64 MB PATCH grew the server's memory by {figures['rss_growth_mib']} MiB")
    client.request("DELETE", big, headers=TUS)

    # 10,000 creations from one account: 100 unfinished at most, each refusal clear.
    created = refused = other = 0
    quota_began = time.monotonic()
    for _ in range(CREATIONS):
        status, _, payload = create(1000)
        if status == 201:
            created += 1
        elif status == 413 and b"upload-quota" in payload:
            refused += 1
        else:
            other += 1
    figures["creations_per_second"] = round(CREATIONS / (time.monotonic() - quota_began))
    if created > 100 or other:
        problems.append(f"{CREATIONS} creations: {created} made, {refused} refused for the quota, {other} otherwise")
    # The declared bytes are bounded too: 4 GB at most unfinished (a fresh account would be needed to
    # fill it; here 99 of the 100 are taken, so one gigabyte more is refused).
    status, _, payload = create(5 << 30)
    expect("5 GB more", status, 413, None, payload)
    uploads_bytes = loadkit.folder_bytes(server.data / "uploads")
    figures["uploads_folder_bytes"] = uploads_bytes
    if uploads_bytes > 1 << 20:
        problems.append(f"the uploads folder holds {uploads_bytes} bytes")
    figures.update(created=created, refused=refused, rss_mib=round(server.rss() / 1024), seconds=round(time.monotonic() - began, 1))
    status, _, _ = loadkit.Client(server.port, source="127.0.0.2").request("GET", "/healthz")
    if status != 200:
        problems.append(f"/healthz answered {status}")
    ok = not problems
    summary = (f"{created} of {CREATIONS} creations made, {refused} refused for the quota; 64 MB PATCH: "
               f"+{figures['rss_growth_mib']} MiB; uploads/ {uploads_bytes} B; {figures['seconds']} s")
    return ok, summary if ok else summary + "; " + "; ".join(problems[:6]), {**figures, "problems": problems}
