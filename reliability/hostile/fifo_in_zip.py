"""A FIFO in a linked photo's place, then a storm of evidence zips (issue 25, item 4).

An item with two photos of the demo library linked as evidence goes into a claim with an adjuster's
link; then one photo's file is replaced by a FIFO (os.mkfifo), which nobody ever writes to. Opening it for reading the ordinary way waits for a writer for ever: 64 link requests once left
62 of the server's threads blocked and every export, zip and report answering 503 until a restart.
Now 64 concurrent evidence.zip requests (half through the link, anonymous, half the owner's API)
must each end, whole or refused cleanly; /healthz must answer another address at once; no server
thread may be waiting on the FIFO (its wchan, `wait_for_partner`); and the export and the claim's
report must still work. Bounded: each request gives up after 20 s."""
import datetime
import http.client
import io
import json
import os
import threading
import time
import zipfile
from pathlib import Path

import loadkit

DEMO = True
REQUESTS = 64
GIVE_UP = 20


def evidence_photo(server, client):
    """An item with two library photos linked as evidence, and the first one's file on disk."""
    item, _ = client.json("POST", "/api/v1/items", {"name": "Espresso Machine", "replacementCost": "549.00"})
    library = Path(server.data) / "Demo Library"
    groups, _ = client.json("GET", "/api/v1/library/groups")
    linked = []
    for group in (g for g in groups if g["kind"] == "album"):
        page, _ = client.json("GET", f"/api/v1/library/groups/{group['id']}/assets?limit=100")
        for summary in page["assets"]:
            asset, _ = client.json("GET", f"/api/v1/library/assets/{summary['id']}")
            files = [p for p in library.rglob(asset["fileName"]) if p.is_file()]
            if len(files) == 1 and asset["id"] not in (a for a, _ in linked):
                client.json("POST", f"/api/v1/items/{item['id']}/evidence", {"assetId": asset["id"]})
                linked.append((asset["id"], files[0]))
            if len(linked) == 2:
                return item["id"], linked[0][1]
    raise RuntimeError("the demo library has no two photos to link")


def fetch(port, path, token, fifo_name, outcomes, index):
    client = loadkit.Client(port, source=f"127.0.0.{10 + index % 50}", timeout=GIVE_UP)
    client.token = token
    began = time.monotonic()
    try:
        status, _, body = client.request("GET", path, headers={"Accept": "application/zip"})
        outcome = "whole" if status == 200 and zip_notes_fifo(body, fifo_name) else f"status {status}" if status != 200 else "broken zip"
        if status in (429, 503):
            outcome = "refused"
    except TimeoutError:
        outcome = "hung"
    except (OSError, http.client.HTTPException) as error:
        outcome = f"cut: {type(error).__name__}"
    finally:
        client.close()
    outcomes[index] = (outcome, time.monotonic() - began)


def zip_notes_fifo(body, fifo_name):
    """Whether `body` is a whole evidence zip whose manifest says the photo turned FIFO could not be read."""
    try:
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            rows = json.loads(archive.read("manifest.json"))
    except (zipfile.BadZipFile, KeyError, ValueError):
        return False
    fifo = [row for row in rows if row["kind"] == "library photo" and fifo_name in row["path"]]
    return len(fifo) == 1 and fifo[0]["bytes"] == 0 and "not in this archive" in (fifo[0].get("note") or "")


def threads_waiting_on_a_fifo(pid):
    waiting = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            waiting += Path(f"/proc/{pid}/task/{task}/wchan").read_text() == "wait_for_partner"
        except OSError:
            pass
    return waiting


def release_readers(fifo):
    """Lets go of anything waiting to read the FIFO (only the code before the fix ever was)."""
    for _ in range(200):
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            return
        time.sleep(0.01)


def run(server, client):
    client.token = client.make_api_token()
    server.wait_for_library(client)
    item, photo = evidence_photo(server, client)
    claim, _ = client.json("POST", "/api/v1/claims", {"name": "Kitchen fire", "items": [{"itemId": item}]})
    expires = (datetime.date.today() + datetime.timedelta(days=30)).isoformat()
    link, _ = client.json("POST", f"/api/v1/claims/{claim['id']}/links", {"expires": expires, "label": "Adjuster"})
    shared = "/" + link["url"].split("/", 3)[3]

    photo.unlink()
    os.mkfifo(photo)
    try:
        outcomes = [None] * REQUESTS
        threads = []
        for index in range(REQUESTS):
            path = f"{shared}/evidence.zip" if index % 2 == 0 else f"/api/v1/claims/{claim['id']}/evidence.zip"
            token = None if index % 2 == 0 else client.token
            thread = threading.Thread(target=fetch, args=(server.port, path, token, photo.name, outcomes, index), daemon=True)
            threads.append(thread)
            thread.start()
        for thread in threads:
            thread.join(GIVE_UP + 5)
        kinds = {}
        for outcome in outcomes:
            name = outcome[0] if outcome else "hung"
            kinds[name] = kinds.get(name, 0) + 1
        slowest = max((outcome[1] for outcome in outcomes if outcome), default=0)

        began = time.monotonic()
        health, _, _ = loadkit.Client(server.port, source="127.0.0.99", timeout=5).request("GET", "/healthz")
        health_ms = (time.monotonic() - began) * 1000
        waiting = threads_waiting_on_a_fifo(server.pid)
        export, _, exported = client.request("GET", "/api/v1/export?format=homepwner")
        report, _, pdf = client.request("GET", f"/api/v1/claims/{claim['id']}/report.pdf")
        after = {"export": export == 200 and zipfile.is_zipfile(io.BytesIO(exported)), "report": report == 200 and pdf.startswith(b"%PDF")}
    finally:
        release_readers(photo)
        photo.unlink()

    clean = kinds.get("whole", 0) + kinds.get("refused", 0)
    ok = clean == REQUESTS and health == 200 and waiting == 0 and all(after.values())
    figures = (f"{kinds.get('whole', 0)}/{REQUESTS} zips whole with the FIFO noted, {kinds.get('refused', 0)} refused, "
               f"{REQUESTS - clean} hung or cut (slowest {slowest:.1f} s); /healthz {health} in {health_ms:.0f} ms; "
               f"{waiting} threads waiting on the FIFO; export {'ok' if after['export'] else 'FAILED'}, report {'ok' if after['report'] else 'FAILED'}")
    return ok, figures, {"outcomes": kinds, "slowest_s": round(slowest, 2), "healthz_ms": round(health_ms), "threads_waiting": waiting, **after}
