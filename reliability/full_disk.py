#!/usr/bin/env python3
"""Full disk: the data folder (with the server's body spool, data/tmp) and a backup folder on a 64 MB
tmpfs, filled to the last few KB while a release server runs on it. Then every kind of write a user
makes — a photo (single-photo PUT, the photos POST raw and as a form), a document, a new item and an
edit with long text (so SQLite must grow), a Homebox CSV import, a zip import, a claim's PDF (made in
tmp/), a rendition remade from its original, the New Item form from a browser, `homepwner backup
--to` and the server's scheduled backup — must be refused with `507 disk-full` (JSON for the API, a
page for browsers) or done in full; never a 500 or a hang. Reads keep working meanwhile. Then the
database passes `PRAGMA integrity_check`, every acknowledged write is there and no refused one is,
no half-written file is left (`.tmp-*`, `.staging-*`, `.incomplete-*`, spool files), and — the filler
removed, without a restart — the same writes succeed. A second round gives each write only a little
room (32, 96 or 160 KB in turn), so it runs out at a later step (renditions, unpacking, SQLite's pages)
and must then be refused as whole as at the first.

Needs root (mount). Env: BIN (the release binary), RELIABILITY_RESULTS. About 30 s."""
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
import harness  # noqa: E402
from harness import report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BIN = os.environ.get("BIN") or str(ROOT / ".build" / "release" / "homepwner")
FIXTURES = ROOT / "Tests" / "Fixtures"
HOMEBOX = FIXTURES / "homebox"
PART = "full-disk"
FILESYSTEM_SIZE = "64m"
LEFT_FREE = 12 * 1024  # what the filler leaves: a few KB, so tiny writes may still fit
# The second round's room before each write, in turn: an upload lands in tmp/, what follows may not fit.
NEARLY_FULL = (32 * 1024, 96 * 1024, 160 * 1024)
REQUEST_TIMEOUT = 30
SCHEDULE_DELAY = 25  # seconds after start when the server's scheduled backup falls due (disk full by then)
LONG_TEXT = 10_000  # the longest a long text field may be

started = time.monotonic()
servers = []  # every server started, stopped on the way out whatever happens


def fail(message, **details):
    report(PART, False, message, **details)
    sys.exit(1)


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def json(self):
        try:
            return json.loads(self.body.decode())
        except ValueError:
            return None

    @property
    def code(self):
        value = self.json
        error = value.get("error") if isinstance(value, dict) else None
        return error.get("code") if isinstance(error, dict) else None


class Server(harness.Server):
    """The server on the small filesystem (which warns first that its data folder, the filesystem's
    root, is mode 755, and closes it), its output in `log_path`."""

    def __init__(self, data, log_path, *extra):
        Path(log_path).unlink(missing_ok=True)
        super().__init__(*extra, data=data, log=log_path, binary=BIN)
        servers.append(self)
        self.form_token = None

    def request(self, method, path, body=None, headers=None):
        headers = {"Accept": "application/json", **(headers or {})}
        if self.form_token:
            headers.setdefault("Cookie", self.form_token[0])
            headers.setdefault("X-CSRF-Token", self.form_token[1])
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                return Answer(response.status, dict(response.headers), response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, dict(error.headers), error.read())
        except (TimeoutError, OSError) as error:
            return Answer(0, {}, str(error).encode())

    def json(self, method, path, value):
        return self.request(method, path, json.dumps(value).encode(), {"Content-Type": "application/json"})

    def take_form_token(self):
        """The open-access form token (a cookie and the same value sent back), as a page hands it out."""
        answer = self.request("GET", "/items/new", headers={"Accept": "text/html"})
        cookie = answer.headers.get("Set-Cookie", "")
        match = re.match(r"([^=;]+)=([^;]+)", cookie)
        if not match:
            fail(f"no form cookie from /items/new: {answer.status} {cookie}")
        self.form_token = (f"{match.group(1)}={match.group(2)}", match.group(2))


def multipart(field, filename, content_type, data, extra=None):
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in (extra or {}).items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                 f'Content-Type: {content_type}\r\n\r\n'.encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def mount(folder):
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={FILESYSTEM_SIZE},mode=0700", "tmpfs", str(folder)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"cannot mount a {FILESYSTEM_SIZE} tmpfs on {folder} (run as root): {result.stderr.strip()}")


def unmount(folder):
    if subprocess.run(["umount", str(folder)], capture_output=True).returncode != 0:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def free_bytes(folder):
    stat = os.statvfs(folder)
    return stat.f_bavail * stat.f_frsize


def fill(folder, leave):
    """Writes a filler file until the filesystem refuses, then gives back `leave` bytes."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for block in (b"\0" * (1 << 20), b"\0" * 4096):
            try:
                while os.write(descriptor, block) == len(block):
                    pass
            except OSError:
                pass
    finally:
        os.close(descriptor)
    size = filler.stat().st_size
    os.truncate(filler, max(0, size - leave))
    return filler


def partial_files(root):
    """Files a write left half-done: temporaries, staging folders, unfinished backups, body spool files."""
    found = []
    for path in Path(root).rglob("*"):
        name = path.name
        if name.startswith((".tmp-", ".staging-", ".incomplete-", ".deleted-")) or name.endswith((".partial", ".incomplete")):
            found.append(str(path.relative_to(root)))
    tmp = Path(root) / "data" / "tmp"
    if tmp.is_dir():
        # Uploads the Import page keeps for its preview come in pairs (the file and its name); any
        # other file in tmp/ is one a request left behind.
        for path in tmp.rglob("*"):
            if not path.is_file():
                continue
            kept = path.parent.name == "imports" and path.suffix in (".upload", ".name")
            partner = path.with_suffix(".name" if path.suffix == ".upload" else ".upload")
            if not (kept and partner.exists()):
                found.append(str(path.relative_to(root)))
    return sorted(found)


def integrity(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def main():
    # `timeout` stops a part with SIGTERM: unmount on the way out all the same.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if not Path(BIN).exists():
        fail(f"{BIN} is missing: build the release binary first")
    mountpoint = Path(tempfile.mkdtemp(prefix="homepwner-full-disk-"))
    results = Path(os.environ.get("RELIABILITY_RESULTS") or tempfile.mkdtemp(prefix="homepwner-full-disk-out-"))
    results.mkdir(parents=True, exist_ok=True)
    mount(mountpoint)
    try:
        outcome = run(mountpoint, results)
    finally:
        for server in servers:
            server.stop()
        unmount(mountpoint)
        shutil.rmtree(mountpoint, ignore_errors=True)
    return outcome


def run(mountpoint, results):
    data, backups = mountpoint / "data", mountpoint / "backups"
    data.mkdir()
    backups.mkdir()
    problems = []
    # The server backs up at start unless the last backup is recent: say one succeeded a little under
    # a minute ago, so its scheduled backup falls due SCHEDULE_DELAY s from now, while the disk is full.
    due_base = time.time() - 60 + SCHEDULE_DELAY
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(due_base))
    attempt = {"startedAt": stamp, "finishedAt": stamp, "verified": True}
    (data / "backup-status.json").write_text(json.dumps({"lastAttempt": attempt, "lastVerified": attempt}))
    server = Server(data, results / "full-disk-server.log", "--backup-to", str(backups), "--backup-every", "1m")

    # Seed: items, a photo, a document, a claim, our own export (the zip to import later).
    photo = (FIXTURES / "photo-1.jpg").read_bytes()
    photo2 = (FIXTURES / "photo-2.jpg").read_bytes()
    portrait = (FIXTURES / "portrait.jpg").read_bytes()
    server.take_form_token()
    seeded = []
    for index in range(5):
        answer = server.json("POST", "/api/v1/items", {"name": f"Seed {index}", "serialNumber": f"S{index}", "valueInDollars": 10 + index})
        if answer.status != 201:
            fail(f"seeding failed: {answer.status} {answer.body[:200]!r}")
        seeded.append(answer.json["id"])
    if server.request("PUT", f"/api/v1/items/{seeded[0]}/image", photo).status != 200:
        fail("seeding a photo failed")
    seeded_photo = server.request("GET", f"/api/v1/items/{seeded[0]}").json["image"]
    if server.request("POST", f"/api/v1/items/{seeded[1]}/documents?name=receipt.txt&kind=receipt", b"Receipt\n" * 100,
                      {"Content-Type": "text/plain"}).status != 201:
        fail("seeding a document failed")
    claim = server.json("POST", "/api/v1/claims", {"name": "Flood", "items": [{"itemId": seeded[0]}]})
    if claim.status != 201:
        fail(f"seeding a claim failed: {claim.status} {claim.body[:200]!r}")
    claim_id = claim.json["id"]
    export = server.request("GET", "/api/v1/export?format=homepwner")
    if export.status != 200:
        fail(f"the export failed before the disk was full: {export.status}")
    export_zip = export.body
    # A rendition the cache lost, to be remade from the original while the disk is full.
    screen_url = seeded_photo["screenURL"].split("?")[0]
    screen_file = next((data / "images").rglob("screen.jpg"))
    screen_file.unlink()

    filler = fill(mountpoint, LEFT_FREE)
    free_when_full = free_bytes(mountpoint)
    log_lines_before = sum(1 for _ in open(server.log_path))

    # Every write, tried on the full disk. Each answer is 2xx (done: remembered, checked later) or a
    # 507 disk-full (refused: checked to have left nothing); anything else is a failure.
    csv_files = sorted(HOMEBOX.rglob("*.csv")) + sorted(HOMEBOX.rglob("*.tsv"))
    if not csv_files:
        fail(f"no Homebox CSV files in {HOMEBOX}")
    long_text = ("A long description that makes the database grow. " * 400)[:LONG_TEXT]

    def writes(round_name):
        """(kind, request function) for every write a user makes; each returns an Answer."""
        unique = uuid.uuid4().hex[:8]
        form_body, form_type = multipart("photos", "p.jpg", "image/jpeg", photo2)
        jobs = [
            ("photo PUT", lambda: server.request("PUT", f"/api/v1/items/{seeded[2]}/image", portrait,
                                                 {"Content-Type": "image/jpeg"})),
            ("photos POST", lambda: server.request("POST", f"/api/v1/items/{seeded[3]}/photos?kind=serial", photo2,
                                                   {"Content-Type": "image/jpeg"})),
            ("photos POST form", lambda: server.request("POST", f"/api/v1/items/{seeded[4]}/photos", form_body,
                                                        {"Content-Type": form_type})),
            ("document POST", lambda: server.request("POST", f"/api/v1/items/{seeded[2]}/documents?name=manual-{unique}.jpg&kind=manual",
                                                     photo, {"Content-Type": "image/jpeg"})),
            ("document POST text", lambda: server.request("POST", f"/api/v1/items/{seeded[3]}/documents?name=notes-{unique}.txt",
                                                          (f"{unique}\n" + long_text).encode() * 8, {"Content-Type": "text/plain"})),
        ]
        for number in range(6):
            name = f"Big {round_name} {unique} {number}"
            jobs.append(("item POST", lambda name=name: server.json("POST", "/api/v1/items", {
                "name": name, "description": long_text, "notes": long_text, "warrantyDetails": long_text})))
        for number in range(3):
            text = f"{unique}-{number} " + long_text[:LONG_TEXT - 20]
            patch = lambda text=text, number=number: server.json("PATCH", f"/api/v1/items/{seeded[number]}",  # noqa: E731
                                                                 {"notes": text, "description": text})
            patch.target = seeded[number]
            jobs.append(("item PATCH", patch))
        for path in csv_files:
            content_type = "text/tab-separated-values" if path.suffix == ".tsv" else "text/csv"
            jobs.append((f"import {path.parent.name}/{path.name}",
                         lambda path=path, content_type=content_type: server.request("POST", "/api/v1/import", path.read_bytes(),
                                                                                   {"Content-Type": content_type})))
        jobs.append(("import zip", lambda: server.request("POST", "/api/v1/import?dryRun=1", export_zip, {"Content-Type": "application/zip"})))
        jobs.append(("claim report PDF", lambda: server.request("GET", f"/api/v1/claims/{claim_id}/report.pdf", headers={"Accept": "application/pdf"})))
        jobs.append(("rendition remade", lambda: server.request("GET", screen_url, headers={"Accept": "image/jpeg"})))
        import_form, import_form_type = multipart("file", "fields.csv", "text/csv", csv_files[0].read_bytes())
        jobs.append(("Import page", lambda: server.request("POST", "/import", import_form,
                                                           {"Content-Type": import_form_type, "Accept": "text/html"})))
        page_name = f"Form {round_name} {unique}"
        page_body = urllib.parse.urlencode({"csrf": server.form_token[1], "name": page_name, "serialNumber": "", "valueInDollars": "5",
                                            "notes": long_text, "description": long_text}).encode()
        jobs.append(("New Item page", lambda: server.request("POST", "/items", page_body,
                                                             {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"})))
        return jobs

    def attempt_all(round_name, before_each=None):
        outcomes = []
        for kind, job in writes(round_name):
            if before_each:
                before_each()
            room = free_bytes(mountpoint)
            began = time.monotonic()
            answer = job()
            took = time.monotonic() - began
            outcomes.append({"round": round_name, "room": room, "kind": kind, "target": getattr(job, "target", None), "status": answer.status, "code": answer.code, "seconds": round(took, 2),
                             "contentType": answer.headers.get("Content-Type", ""), "answer": answer})
        return outcomes

    def reads():
        checks = [("GET items", "/api/v1/items", "application/json"), ("GET item", f"/api/v1/items/{seeded[0]}", "application/json"),
                  ("item page", f"/items/{seeded[0]}", "text/html"), ("list page", "/", "text/html"),
                  ("photo", seeded_photo["originalURL"].split("?")[0], "image/jpeg"), ("health", "/healthz", "*/*"),
                  ("export csv", "/api/v1/export?format=homebox-csv", "text/csv")]
        return [(name, server.request("GET", path, headers={"Accept": accept}).status) for name, path, accept in checks]

    full_outcomes = attempt_all("full")
    full_reads = reads()

    # The CLI backup onto the full filesystem.
    cli = subprocess.run([BIN, "backup", "--to", str(backups), "--data", str(data)], capture_output=True, text=True, timeout=120)
    cli_message = (cli.stdout + cli.stderr).strip()
    # The scheduled backup falls due SCHEDULE_DELAY s after start; wait for its failure to be told.
    deadline = due_base + 60 + 30  # due time plus half a minute
    scheduled = None
    while time.time() < deadline:
        log_text = Path(server.log_path).read_text()
        match = re.search(r"Backup failed: (.*)", log_text)
        if match:
            scheduled = match.group(1)
            break
        time.sleep(0.5)
    # Nearly full: room for an upload to land in tmp/ but not always for what follows (renditions,
    # unpacking a zip, the database): each write is done in full or refused at whichever step runs out.
    # The filler is made again before each write, so each meets the room it is given (in turn, each of
    # NEARLY_FULL), not what the one before left.
    rooms = iter(NEARLY_FULL * 100)
    partly_outcomes = attempt_all("partly", before_each=lambda: fill(mountpoint, next(rooms)))
    full_partials = partial_files(mountpoint)
    log_lines_full = sum(1 for _ in open(server.log_path)) - log_lines_before
    alive_when_full = server.process.poll() is None

    # Free the space, without a restart.
    filler.unlink()
    recovered_outcomes = attempt_all("recovered")
    cli_after = subprocess.run([BIN, "backup", "--to", str(backups), "--data", str(data)], capture_output=True, text=True, timeout=120)
    after_reads = reads()

    # What the server acknowledged is there; what it refused is not.
    items = {item["name"]: item for item in server.request("GET", "/api/v1/items").json}
    lost, ghosts = [], []
    for round_outcomes in (full_outcomes, partly_outcomes, recovered_outcomes):
        for outcome in round_outcomes:
            if outcome["kind"] == "item POST":
                name = json.loads(outcome["answer"].body or b"{}").get("name") if outcome["status"] == 201 else None
                if outcome["status"] == 201 and name not in items:
                    lost.append(outcome["kind"])
    # Refused new items must not exist: their names carry the round ("Big full …", "Form partly …").
    for round_name, round_outcomes in (("full", full_outcomes), ("partly", partly_outcomes)):
        acknowledged_items = sum(1 for outcome in round_outcomes if outcome["kind"] == "item POST" and outcome["status"] == 201)
        made = [name for name in items if name.startswith(f"Big {round_name} ")]
        if len(made) != acknowledged_items:
            ghosts.append(f"{len(made)} items named 'Big {round_name}' exist, {acknowledged_items} were acknowledged")
        forms = [name for name in items if name.startswith(f"Form {round_name} ")]
        form_outcome = next(outcome for outcome in round_outcomes if outcome["kind"] == "New Item page")
        if len(forms) != (1 if form_outcome["status"] in (200, 303) else 0):
            ghosts.append(f"the New Item form was answered {form_outcome['status']} and {len(forms)} such items exist")
    # The last acknowledged edit of each seeded item is what it holds.
    for number in range(3):
        item = server.request("GET", f"/api/v1/items/{seeded[number]}").json or {}
        patches = [o for o in full_outcomes + partly_outcomes + recovered_outcomes if o["kind"] == "item PATCH" and o["target"] == seeded[number]]
        acknowledged = [json.loads(o["answer"].body)["notes"] for o in patches if o["status"] == 200]
        if acknowledged and item.get("notes") != acknowledged[-1]:
            lost.append(f"item {seeded[number]}'s notes")
    partials_after = partial_files(mountpoint)
    alive = server.process.poll() is None
    server.stop()
    check = integrity(data / "homepwner.sqlite")
    verify = subprocess.run([BIN, "verify", str(backups)], capture_output=True, text=True, timeout=120)

    # Judge.
    limited = full_outcomes + partly_outcomes
    refused = [o for o in limited if o["status"] == 507]
    # JSON with the code for API clients; a page saying so for a browser (a form, a photo's URL).
    refused_ok = [o for o in refused if o["code"] == "disk-full"
                  or ("text/html" in o["contentType"] and "disk is full" in o["answer"].body.decode(errors="replace"))]
    server_errors = [o for o in limited + recovered_outcomes if o["status"] >= 500 and o["status"] != 507 or o["status"] == 0]
    other = [o for o in limited if not (200 <= o["status"] < 300 or o["status"] in (303, 507))]
    not_recovered = [o for o in recovered_outcomes if not (200 <= o["status"] < 300 or o["status"] == 303)]
    for outcome in other:
        problems.append(f"{outcome['round']}: {outcome['kind']} answered {outcome['status']} {outcome['code']}: {outcome['answer'].body[:200]!r}")
    for outcome in refused:
        if outcome not in refused_ok:
            problems.append(f"{outcome['round']}: {outcome['kind']} answered 507 without the disk-full code ({outcome['contentType']})")
        body = outcome["answer"].body.decode(errors="replace")
        if "full" not in body.lower():
            problems.append(f"{outcome['round']}: {outcome['kind']}'s 507 does not say the disk is full")
    for outcome in not_recovered:
        problems.append(f"after freeing: {outcome['kind']} answered {outcome['status']} {outcome['code']}: {outcome['answer'].body[:200]!r}")
    must_refuse = {"photo PUT", "photos POST", "photos POST form", "document POST", "item POST", "import zip", "claim report PDF", "rendition remade"}
    for kind in sorted(must_refuse - {o["kind"] for o in full_outcomes if o["status"] == 507}):
        problems.append(f"full disk: no {kind} was refused, so the disk was not full for it (the test proved nothing)")
    for name, status in full_reads:
        if status != 200:
            problems.append(f"full disk: the read '{name}' answered {status}")
    for name, status in after_reads:
        if status != 200:
            problems.append(f"after freeing: the read '{name}' answered {status}")
    cli_refused_clearly = cli.returncode != 0 and re.search(r"full|space", cli_message, re.I) is not None
    if not cli_refused_clearly:
        problems.append(f"homepwner backup on the full disk: exit {cli.returncode}: {cli_message[:300]}")
    if scheduled is None:
        problems.append("the scheduled backup did not report a failure while the disk was full")
    elif not re.search(r"full|space", scheduled, re.I):
        problems.append(f"the scheduled backup's failure does not say the disk is full: {scheduled[:300]}")
    if cli_after.returncode != 0:
        problems.append(f"homepwner backup after freeing: exit {cli_after.returncode}: {(cli_after.stdout + cli_after.stderr)[:300]}")
    if verify.returncode != 0:
        problems.append(f"homepwner verify: {(verify.stdout + verify.stderr)[:300]}")
    if full_partials:
        problems.append(f"partial files while full: {full_partials[:10]}")
    if partials_after:
        problems.append(f"partial files after: {partials_after[:10]}")
    if lost:
        problems.append(f"acknowledged writes lost: {lost}")
    problems += ghosts
    if check != "ok":
        problems.append(f"integrity_check: {check}")
    if not (alive_when_full and alive):
        problems.append("the server died")
    if log_lines_full > 10:
        problems.append(f"the server wrote {log_lines_full} log lines while the disk was full")
    recovered = not not_recovered and cli_after.returncode == 0 and all(status == 200 for _, status in after_reads)
    seconds = time.monotonic() - started
    partial_count = len(set(full_partials) | set(partials_after))
    refused_full = [o for o in refused_ok if o["round"] == "full"]
    refused_partly = [o for o in refused_ok if o["round"] == "partly"]
    done_partly = [o for o in partly_outcomes if 200 <= o["status"] < 300 or o["status"] == 303]
    figures = (f"full disk: {len(refused_full) + cli_refused_clearly + (scheduled is not None)}/{len(full_outcomes) + 2} writes "
               f"refused with 507 (2 backups among them); nearly full: {len(refused_partly)} refused, {len(done_partly)} done in full; "
               f"{len(server_errors)} 500s, {partial_count} partial files, integrity {check}, "
               f"recovered without restart: {'yes' if recovered else 'no'}, {seconds:.0f} s")
    details = {
        "problems": problems,
        "freeWhenFull": free_when_full,
        "fullDisk": [{k: v for k, v in o.items() if k != "answer"} for o in full_outcomes],
        "nearlyFull": [{k: v for k, v in o.items() if k != "answer"} for o in partly_outcomes],
        "afterFreeing": [{k: v for k, v in o.items() if k != "answer"} for o in recovered_outcomes],
        "reads": {"full": full_reads, "after": after_reads},
        "cliBackup": {"exit": cli.returncode, "message": cli_message[-500:]},
        "scheduledBackup": scheduled,
        "logLinesWhileFull": log_lines_full,
        "seconds": round(seconds, 1),
    }
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    report(PART, not problems, figures, **details)
    return not problems


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
