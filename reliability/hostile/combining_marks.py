"""One "character" of many kilobytes: a letter followed by thousands of combining accents (U+0301) is
one grapheme cluster, which a limit counted in characters let through and pango then shaped in
quadratic time (one item's claim report took 270 s). Sent through every door a client has — an item
made and changed through the API (name, serial, notes, tags, custom fields), a place, a claim's name,
an adjuster's link label, a Homebox CSV (dry run and import), the item form — each must be refused at
once with a 4xx that names the field, nothing may be stored, and /healthz from another address must
stay prompt throughout. Bounded: about 40 requests and a few seconds."""
import json
import threading
import time
import urllib.parse
from datetime import date, timedelta

import loadkit

MARK = "\u0301"
# Bodies are at most 1 MB: 300,000 marks are 600 KB of JSON. A CSV cell holds at most 64 KB.
SIZES = (31, 5_000, 100_000, 300_000)
CELL_MARKS = 30_000
# What "at once" means here: a refusal is a few checks over the text (a few ms on a loaded
# two-core machine); a second would mean the text was worked on.
PROMPT_SECONDS = 1.0


def bomb(marks):
    return "a" + MARK * marks


class HealthProbe(threading.Thread):
    """GET /healthz from 127.0.0.2 every 100 ms while the bombs are sent: the worst answer time."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.client = loadkit.Client(port, source="127.0.0.2", timeout=10)
        self.times, self.failures = [], 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            began = time.monotonic()
            try:
                status, _, _ = self.client.request("GET", "/healthz")
                if status != 200:
                    self.failures += 1
            except OSError:
                self.failures += 1
            self.times.append(time.monotonic() - began)
            self.stopping.wait(0.1)

    def stop(self):
        self.stopping.set()
        self.join(timeout=15)


def run(server, client):
    def send(method, path, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        began = time.monotonic()
        status, _, payload = client.request(method, path, body=data, browser=True,
                                            headers={"Accept": "application/json", "Content-Type": content_type})
        return status, time.monotonic() - began, payload

    lamp, _ = client.json("POST", "/api/v1/items", {"name": "Lamp"}, browser=True)
    claim, _ = client.json("POST", "/api/v1/claims", {"name": "Kitchen fire", "items": [{"itemId": lamp["id"]}]}, browser=True)
    stored_before = {path: client.request("GET", path, browser=True)[2] for path in
                     ("/api/v1/items", "/api/v1/locations", "/api/v1/claims", f"/api/v1/claims/{claim['id']}/links", "/api/v1/policy")}
    expires = (date.today() + timedelta(days=30)).isoformat()

    doors = []
    for marks in SIZES:
        text = bomb(marks)
        doors += [
            ("item create: name", "POST", "/api/v1/items", {"name": text}, "name"),
            ("item patch: serial", "PATCH", f"/api/v1/items/{lamp['id']}", {"serialNumber": text}, "serialNumber"),
            ("item patch: notes", "PATCH", f"/api/v1/items/{lamp['id']}", {"notes": "Fine. " + text}, "notes"),
            ("item patch: tag", "PATCH", f"/api/v1/items/{lamp['id']}", {"tags": ["Kitchen", text]}, "tags"),
            ("item patch: custom field", "PATCH", f"/api/v1/items/{lamp['id']}", {"customFields": {"Colour": text}}, "customFields"),
            ("place: name", "POST", "/api/v1/locations", {"name": text}, "name"),
            ("claim: name", "POST", "/api/v1/claims", {"name": text}, "name"),
            ("link: label", "POST", f"/api/v1/claims/{claim['id']}/links", {"expires": expires, "label": text}, "label"),
            ("policy: insurer", "PATCH", "/api/v1/policy", {"insurer": text}, "insurer"),
        ]
    csv = f"HB.name,HB.location\nRug,Home\n{bomb(CELL_MARKS)},Home\n".encode()

    probe = HealthProbe(server.port)
    probe.start()
    answers = []  # (door, status, seconds, names the problem, refused)
    try:
        for door, method, path, body, field in doors:
            status, seconds, payload = send(method, path, body)
            try:
                fields = json.loads(payload)["error"].get("fields", {})
                named = "combining marks" in fields.get(field, "")
            except (ValueError, KeyError, TypeError):
                named = False
            answers.append((door, status, seconds, named, 400 <= status < 500))
        for query in ("?dryRun=1", ""):
            status, seconds, payload = send("POST", "/api/v1/import" + query, csv, content_type="text/csv")
            try:
                errors = json.loads(payload).get("errors", [])
                named = any(e.get("line") == 3 and e.get("column") == "HB.name" and "combining marks" in e.get("message", "") for e in errors)
            except (ValueError, AttributeError):
                named = False
            # A dry run is a preview: 200 listing the row's problem; the import itself is refused (422).
            refused = status == 200 if query else 400 <= status < 500
            answers.append((f"CSV import{' (preview)' if query else ''}", status, seconds, named, refused))
        form = urllib.parse.urlencode({"name": bomb(100_000), "serialNumber": "", "valueInDollars": "", "csrf": client.csrf}).encode()
        began = time.monotonic()
        status, _, payload = client.request("POST", "/items", body=form, browser=True,
                                            headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                                     "Origin": f"http://127.0.0.1:{server.port}"})
        answers.append(("item form: name", status, time.monotonic() - began, b"combining marks" in payload, 400 <= status < 500))
    finally:
        probe.stop()

    stored_after = {path: client.request("GET", path, browser=True)[2] for path in stored_before}
    unchanged = [path for path in stored_before if stored_before[path] == stored_after[path]]
    refused = [a for a in answers if a[4]]
    named = [a for a in answers if a[3]]
    slowest = max(answers, key=lambda a: a[2])
    health_worst = max(probe.times, default=0.0)
    final_status, _, _ = loadkit.Client(server.port, source="127.0.0.3", timeout=5).request("GET", "/healthz")

    ok = (len(refused) == len(answers) and len(named) == len(answers) and slowest[2] < PROMPT_SECONDS
          and len(unchanged) == len(stored_before) and probe.failures == 0 and health_worst < PROMPT_SECONDS and final_status == 200)
    figures = (f"{len(refused)}/{len(answers)} bombs refused naming the field (4xx; a CSV preview lists the row) ({len({a[0] for a in answers})} doors, "
               f"up to {max(SIZES):,} marks on one character), slowest {slowest[2] * 1000:.0f} ms ({slowest[0]}); "
               f"nothing stored ({len(unchanged)}/{len(stored_before)} lists unchanged); "
               f"/healthz from another address worst {health_worst * 1000:.0f} ms over {len(probe.times)} probes, {probe.failures} failed")
    details = {
        "answers": [{"door": door, "status": status, "ms": round(seconds * 1000, 1), "names_the_problem": said, "refused": no}
                    for door, status, seconds, said, no in answers],
        "changed": [path for path in stored_before if path not in unchanged],
        "health_ms_worst": round(health_worst * 1000, 1),
        "health_probes": len(probe.times),
        "health_failures": probe.failures,
    }
    return ok, figures, details
