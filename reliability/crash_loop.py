"""Crash loop with a ledger: a few workers send a mixed stream of writes to the real release server
(create, edit with If-Match, move between places and in the list, delete items; add and remove photos
and documents; add a claim's living expenses with their receipts, replace and remove them; a Homebox
CSV and a Homebox backup zip through POST /api/v1/import; `homepwner backup` beside it), the ledger records every write the server acknowledged (a 2xx came back) and every one
sent but unanswered, and the server is killed with SIGKILL at a random moment. After each restart:

- the database passes `PRAGMA integrity_check` and `foreign_key_check` (read as the kill left it);
- every acknowledged write is there with its acknowledged content (each item's last acknowledged
  state), and no unacknowledged one is half there (an item, an import, a photo: all of it or nothing);
- every file a row names exists and hashes to its name (images/, documents/ and documents/receipts/
  are content-addressed);
- nothing is left that no row names or no running server owns: no staging, temporary or orphaned
  file in images/, documents/ or tmp/, no interrupted backup once the server is back;
- the server answers its health check within a second of being started: the median restart, and the
  processor time of every one (the wall-clock maximum is reported; a machine busy with other builds
  stretches a few).

Settings (environment): BIN (the release binary), CRASH_ROUNDS (20), CRASH_SEED (replays the random
moments and choices), CRASH_KEEP=1 (keep the data folder), RELIABILITY_RESULTS (run.sh's).
Only Python's standard library."""
import copy
import hashlib
import http.client
import io
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
import zipfile
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
import harness  # noqa: E402
from harness import report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from sample_pdf import make_pdf  # noqa: E402
BIN = Path(os.environ.get("BIN", ROOT / ".build" / "release" / "homepwner"))
ROUNDS = int(os.environ.get("CRASH_ROUNDS", "20"))
SEED = int(os.environ.get("CRASH_SEED", str(int(time.time() * 1000) % 1_000_000_000)))
KEEP = os.environ.get("CRASH_KEEP") == "1"
WORKERS = 4
RUN_LIMIT = 780  # seconds: run.sh stops the part at 900
REQUEST_TIMEOUT = 20
RESTART_LIMIT = 1.0  # seconds from exec to the first health answer
PHOTOS = [ROOT / "Tests" / "Fixtures" / name for name in ("photo-1.jpg", "photo-2.jpg", "portrait.jpg")]
# ItemPhotoRendition's file names (Sources/Inventory/ItemPhotoRendition.swift): a size added there
# must be added here, or every photo's new file counts as an orphan.
RENDITIONS = {"screen.jpg", "report.jpg", "thumb-120.jpg", "thumb-80.jpg", "thumb-40.jpg"}
EXTENSIONS = {"jpeg": "jpg", "png": "png", "webp": "webp", "gif": "gif", "tiff": "tiff", "heif": "heic", "avif": "avif"}
DATA_ENTRIES = {"homepwner.sqlite", "homepwner.sqlite-wal", "homepwner.sqlite-shm", "images", "documents", "tmp",
                "library-cache", "backup-status.json", "homepwner.lock", "uploads"}


# MARK: Files the writes send

def unique_jpeg(chance):
    """A real JPEG no other write sends: bytes after its end marker, which decoders leave alone."""
    return chance.choice(PHOTOS).read_bytes() + b"CRASH-LOOP-" + uuid.uuid4().hex.encode()


def homebox_csv(names):
    """A Homebox CSV export of items `names` (refs and descriptions of their own) in a place of their own."""
    lines = ["HB.import_ref,HB.location,HB.name,HB.quantity,HB.description"]
    for name in names:
        lines.append(f"ref-{name},Crash loop / Imported,{name},2,Imported as {name}")
    return ("\n".join(lines) + "\n").encode()


def homebox_backup_zip(name, photo, receipt):
    """A Homebox v0.26 backup zip (as Tests/Support/HomeboxBackupFixture shapes one): one item kept in
    a place, with a photo and a receipt."""
    def new_id():
        return str(uuid.uuid4())
    created = "2024-03-14T09:26:53.589793238Z"
    group, item_type, place_type, place, item = new_id(), new_id(), new_id(), new_id(), new_id()

    def row(columns):
        return {"created_at": created, "updated_at": created, **columns}

    def entity(entity_id, entity_name, kind, parent):
        return row({"id": entity_id, "name": entity_name, "description": "", "import_ref": None, "notes": "", "quantity": 1,
                    "insured": 0, "archived": 0, "asset_id": 0, "sync_child_entity_locations": 0, "serial_number": "",
                    "model_number": "", "manufacturer": "", "lifetime_warranty": 0, "warranty_expires": None,
                    "warranty_details": "", "purchase_date": None, "purchase_from": "", "purchase_price": 0, "sold_date": None,
                    "sold_to": "", "sold_price": 0, "sold_notes": "", "entity_children": parent,
                    "entity_type_entities": kind, "group_entities": group})

    attachments = {new_id(): ("photo", "photo.jpg", "image/jpeg", photo, 1), new_id(): ("receipt", "receipt.pdf", "application/pdf", receipt, 0)}
    tables = [
        ("entity_types", [row({"id": item_type, "name": "global.item", "description": "", "is_location": 0, "icon": None,
                               "entity_type_default_template": None, "group_entity_types": group}),
                          row({"id": place_type, "name": "global.location", "description": "", "is_location": 1, "icon": None,
                               "entity_type_default_template": None, "group_entity_types": group})]),
        ("entity_templates", []), ("template_fields", []), ("tags", []),
        ("entities", [entity(place, "Crash loop zip", place_type, None), entity(item, name, item_type, place)]),
        ("entity_fields", []), ("maintenance_entries", []),
        ("attachments", [row({"id": key, "type": kind, "primary": primary, "title": title, "path": f"{group}/documents/{new_id()}",
                              "mime_type": mime, "attachment_thumbnail": None, "entity_attachments": item})
                         for key, (kind, title, mime, _, primary) in attachments.items()]),
        ("tag_entities", []), ("notifiers", []),
    ]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for table, rows in tables:
            archive.writestr(f"{table}.json", json.dumps(rows, sort_keys=True) + "\n")
        for key, (_, _, _, data, _) in attachments.items():
            archive.writestr(f"attachments/{key}", data)
        manifest = {"schemaVersion": 1, "exportedAt": "2026-07-01T10:00:00.123456789Z", "groupId": group,
                    "counts": {table: len(rows) for table, rows in tables}}
        archive.writestr("manifest.json", json.dumps(manifest, sort_keys=True) + "\n")
    return buffer.getvalue()


# MARK: The server

class Answer(Exception):
    """The server answered, but not with a 2xx."""
    def __init__(self, status, body):
        super().__init__(f"{status}: {body[:300]!r}")
        self.status = status


class Server(harness.Server):
    """One `homepwner serve` process on the crash loop's data folder with a backup every minute,
    killed and started again; its output (access log included) appended to `log`."""

    def __init__(self, data, backups, log):
        super().__init__("--backup-to", str(backups), "--backup-every", "1m", data=data, log=log, access_log=True,
                         binary=BIN, start=False, ready_within=20)

    def start(self):
        """Starts the server; returns the seconds from exec to the first successful health answer
        (`self.start_cpu`: the processor time it took, which the machine's load does not stretch)."""
        started = time.monotonic()
        super().start()
        while True:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        took = time.monotonic() - started
                        self.start_cpu = self.cpu_seconds()
                        return took
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() - started > 20:
                raise RuntimeError("the server never answered its health check")
            time.sleep(0.002)

    def call(self, method, path, body=None, content_type="application/json", headers=None):
        """The answer's (status, headers, JSON or None); raises Answer for a non-2xx, OSError when unanswered."""
        data = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": content_type, "Accept": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as answer:
                text = answer.read()
                return answer.status, answer.headers, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            raise Answer(error.code, error.read()) from None
        except urllib.error.URLError as error:
            raise OSError(str(error.reason)) from None
        except http.client.HTTPException as error:  # cut off mid-answer by the kill: unanswered
            raise OSError(f"{type(error).__name__}: {error}") from None


# MARK: The ledger

FIELDS = ("name", "serialNumber", "valueInDollars", "notes", "tags", "locationId")


def state_of(item):
    """What the ledger keeps of an item as the API shows it."""
    return {"fields": {field: (sorted(item.get(field) or []) if field == "tags" else item.get(field)) for field in FIELDS},
            "photos": {photo["id"]: photo_hash(photo) for photo in item.get("photos", [])},
            "documents": {document["id"]: document["sha256"] for document in item.get("documents", [])}}


def photo_hash(photo):
    match = re.search(r"[0-9a-f]{64}", photo["originalURL"])
    return match.group(0) if match else None


class Ledger:
    """Every write sent: the acknowledged state of each worker's items, each one's write in flight,
    the imports and backups acknowledged or not, and counts."""

    def __init__(self):
        self.lock = threading.Lock()
        self.items = {}          # id -> state (last acknowledged), for items a worker owns
        self.owner = {}          # id -> worker
        self.in_flight = {}      # worker -> the write sent and not yet answered
        self.imports = []        # {"names", "kind", "photo", "receipt", "acknowledged"}
        self.claim = None        # the claim whose living expenses the workers add, with receipts
        self.expenses = {}       # expense id -> {"owner", "receipt": sha256 or None} (last acknowledged)
        self.backups = []        # paths of backups `homepwner backup` reported made, this round
        self.sent = self.acknowledged = self.refused = self.unanswered = 0
        self.by_kind = {}
        self.refusals = []       # each write answered with a 4xx or 5xx, and the answer
        self.backups_outrun = 0   # backups that failed because photos kept being deleted while they ran
        self.journal = []        # every write sent and every answer, in order (kept with the data when the part fails)

    def send(self, worker, write):
        with self.lock:
            self.sent += 1
            self.in_flight[worker] = write
            self.journal.append({"at": round(time.time(), 3), "worker": worker, "sent": describe(write)})

    def answered(self, worker, ok, status=None, answer=None):
        with self.lock:
            write = self.in_flight.pop(worker)
            self.journal.append({"at": round(time.time(), 3), "worker": worker, "answered": status, "ok": ok,
                                 "id": answer.get("id") if isinstance(answer, dict) else None})
            if ok:
                self.acknowledged += 1
                self.by_kind[write["kind"]] = self.by_kind.get(write["kind"], 0) + 1
            else:
                self.refused += 1
            return write


def describe(write):
    """A write in a line of the journal: what it is and what it carries, without the states."""
    return {key: value for key, value in write.items() if key not in ("before", "after")}


# MARK: The workers

class Worker(threading.Thread):
    """Sends writes one at a time until the server goes (or `stop` is set), on the items it owns."""

    def __init__(self, number, server, ledger, places, chance, stop, work, data, backups):
        super().__init__(daemon=True)
        self.claim = ledger.claim
        self.number, self.server, self.ledger, self.places = number, server, ledger, places
        self.chance, self.stop, self.work, self.data, self.backups = chance, stop, work, data, backups
        self.children = []
        self.problems = []

    def mine(self):
        with self.ledger.lock:
            return [item for item, owner in self.ledger.owner.items() if owner == self.number]

    def run(self):
        try:
            while not self.stop.is_set():
                self.step()
        except OSError:
            pass  # the server went: this worker's round is over
        except Exception as error:  # a bug of the driver or an answer nobody expected: report it
            self.problems.append(f"worker {self.number}: {type(error).__name__}: {error}")

    def write(self, write, method, path, body=None, content_type="application/json", headers=None):
        """Sends one write, recorded in the ledger before it leaves; the answer's JSON, or None when refused."""
        self.ledger.send(self.number, write)
        try:
            status, answer_headers, answer = self.server.call(method, path, body, content_type, headers)
        except Answer as refusal:
            self.ledger.answered(self.number, ok=False, status=refusal.status)
            with self.ledger.lock:
                self.ledger.refusals.append(f"{write['kind']} {method} {path}: {refusal}")
            if refusal.status >= 500 and refusal.status != 503:
                self.problems.append(f"{write['kind']} answered {refusal}")
            return None
        self.ledger.answered(self.number, ok=True, status=status, answer=answer)
        return answer if answer is not None else {}

    def step(self):
        chance, items = self.chance, self.mine()
        roll = chance.random()
        if self.number == 0 and roll < 0.12:
            return self.special()
        if len(items) < 4 or roll < 0.22:
            return self.create()
        if roll > 0.94:
            return self.expense()
        item = chance.choice(items)
        with self.ledger.lock:
            state = copy.deepcopy(self.ledger.items[item])
        kind = chance.choices(["edit", "place", "move", "delete", "photo", "unphoto", "document", "undocument"],
                              [22, 10, 6, 6, 22, 8, 10, 5])[0]
        if kind == "unphoto" and not state["photos"]:
            kind = "photo"
        if kind == "undocument" and not state["documents"]:
            kind = "document"
        if kind in ("edit", "place"):
            _, headers, _ = self.server.call("GET", f"/api/v1/items/{item}")
            change = self.edit() if kind == "edit" else {"locationId": chance.choice(self.places + [None])}
            expected = copy.deepcopy(state)
            expected["fields"].update({key: sorted(value) if key == "tags" else value for key, value in change.items()})
            answer = self.write({"kind": kind, "item": item, "before": state, "after": expected}, "PATCH", f"/api/v1/items/{item}",
                                change, headers={"If-Match": headers["ETag"]})
            if answer is not None:
                self.acknowledge(item, state_of(answer))
        elif kind == "move":
            count = len(self.server.call("GET", "/api/v1/items")[2])
            self.write({"kind": "move", "item": item, "before": state, "after": state}, "POST", f"/api/v1/items/{item}/move",
                       {"position": chance.randrange(max(count, 1))})
        elif kind == "delete":
            if self.write({"kind": "delete", "item": item, "before": state, "after": None}, "DELETE", f"/api/v1/items/{item}") is not None:
                with self.ledger.lock:
                    del self.ledger.items[item], self.ledger.owner[item]
        elif kind == "photo":
            photo = unique_jpeg(chance)
            answer = self.write({"kind": "photo", "item": item, "before": state, "hash": hashlib.sha256(photo).hexdigest()},
                                "POST", f"/api/v1/items/{item}/photos?kind={chance.choice(['general', 'serial', 'closeup'])}",
                                photo, "image/jpeg")
            if answer is not None:
                state["photos"][answer["id"]] = photo_hash(answer)
                if photo_hash(answer) != hashlib.sha256(photo).hexdigest():
                    self.problems.append(f"photo {answer['id']} of item {item} is stored as {photo_hash(answer)}, not as what was sent")
                self.acknowledge(item, state)
        elif kind == "unphoto":
            photo = chance.choice(sorted(state["photos"]))
            if self.write({"kind": "unphoto", "item": item, "before": state, "photo": photo}, "DELETE",
                          f"/api/v1/items/{item}/photos/{photo}") is not None:
                del state["photos"][photo]
                self.acknowledge(item, state)
        elif kind == "document":
            pdf = make_pdf(["Crash loop receipt", uuid.uuid4().hex])
            answer = self.write({"kind": "document", "item": item, "before": state, "sha256": hashlib.sha256(pdf).hexdigest()},
                                "POST", f"/api/v1/items/{item}/documents?kind=receipt&name=Receipt%20{uuid.uuid4().hex[:8]}",
                                pdf, "application/pdf")
            if answer is not None:
                state["documents"][answer["id"]] = answer["sha256"]
                self.acknowledge(item, state)
        elif kind == "undocument":
            document = chance.choice(sorted(state["documents"]))
            if self.write({"kind": "undocument", "item": item, "before": state, "document": document}, "DELETE",
                          f"/api/v1/items/{item}/documents/{document}") is not None:
                del state["documents"][document]
                self.acknowledge(item, state)

    def expense(self):
        """A living expense with its receipt (added in two writes, as the API adds them), a new receipt
        for one (freeing the old file), or one removed (freeing its file)."""
        chance = self.chance
        with self.ledger.lock:
            mine = sorted(expense for expense, state in self.ledger.expenses.items() if state["owner"] == self.number)
        kind = chance.choices(["expense", "rereceipt", "unexpense"], [4, 2, 2])[0] if mine else "expense"
        path = f"/api/v1/claims/{self.claim}/expenses"
        if kind == "expense":
            fields = {"category": "hotel", "date": "2026-03-15", "description": f"w{self.number}-{uuid.uuid4().hex[:10]}", "amount": "120.00"}
            answer = self.write({"kind": "expense", "fields": fields}, "POST", path, fields)
            if answer is None:
                return
            with self.ledger.lock:
                self.ledger.expenses[answer["id"]] = {"owner": self.number, "receipt": None}
            mine = [answer["id"]]
        expense = chance.choice(mine)
        if kind in ("expense", "rereceipt"):
            receipt = make_pdf(["Hotel folio", uuid.uuid4().hex])
            digest = hashlib.sha256(receipt).hexdigest()
            if self.write({"kind": "receipt", "expense": expense, "sha256": digest}, "PUT", f"{path}/{expense}/receipt?name=folio.pdf",
                          receipt, "application/pdf") is not None:
                with self.ledger.lock:
                    self.ledger.expenses[expense]["receipt"] = digest
        elif self.write({"kind": "unexpense", "expense": expense}, "DELETE", f"{path}/{expense}") is not None:
            with self.ledger.lock:
                del self.ledger.expenses[expense]

    def edit(self):
        chance = self.chance
        change = {}
        for field in chance.sample(["name", "serialNumber", "valueInDollars", "notes", "tags"], chance.randint(1, 4)):
            change[field] = {
                "name": lambda: f"w{self.number}-{uuid.uuid4().hex[:10]} edited",
                "serialNumber": lambda: f"SN-{chance.randrange(10**6)}",
                "valueInDollars": lambda: chance.randrange(0, 5000),
                "notes": lambda: chance.choice(["", "Kept in the box", f"Note {uuid.uuid4().hex[:6]}"]),
                "tags": lambda: chance.sample(["kitchen", "garage", "insured", "gift", "tools"], chance.randint(0, 3)),
            }[field]()
        return change

    def create(self):
        chance = self.chance
        fields = {"name": f"w{self.number}-{uuid.uuid4().hex[:10]}", "serialNumber": f"SN-{chance.randrange(10**6)}",
                  "valueInDollars": chance.randrange(0, 5000), "notes": chance.choice(["", "New"]),
                  "tags": sorted(chance.sample(["kitchen", "garage", "insured"], chance.randint(0, 2))),
                  "locationId": chance.choice(self.places + [None])}
        answer = self.write({"kind": "create", "fields": fields}, "POST", "/api/v1/items", fields)
        if answer is not None:
            with self.ledger.lock:
                self.ledger.items[answer["id"]] = state_of(answer)
                self.ledger.owner[answer["id"]] = self.number

    def acknowledge(self, item, state):
        with self.ledger.lock:
            self.ledger.items[item] = state

    def special(self):
        """An import (a CSV or a backup zip with a photo and a receipt) or `homepwner backup` beside the server."""
        choice = self.chance.choice(["csv", "zip", "backup"])
        if choice == "csv":
            names = [f"imp-{uuid.uuid4().hex[:10]}" for _ in range(self.chance.randint(2, 5))]
            record = {"kind": "import-csv", "names": names}
            with self.ledger.lock:
                self.ledger.imports.append(record)
            record["acknowledged"] = self.write(record, "POST", "/api/v1/import", homebox_csv(names), "text/csv") is not None
        elif choice == "zip":
            name = f"zip-{uuid.uuid4().hex[:10]}"
            photo, receipt = unique_jpeg(self.chance), make_pdf(["Zip receipt", name])
            record = {"kind": "import-zip", "names": [name], "photo": hashlib.sha256(photo).hexdigest(),
                      "receipt": hashlib.sha256(receipt).hexdigest()}
            with self.ledger.lock:
                self.ledger.imports.append(record)
            record["acknowledged"] = self.write(record, "POST", "/api/v1/import", homebox_backup_zip(name, photo, receipt),
                                                "application/zip") is not None
        else:
            self.ledger.send(self.number, {"kind": "backup"})
            process = subprocess.Popen([str(BIN), "backup", "--to", str(self.backups), "--data", str(self.data)],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self.children.append(process)
            try:
                output, errors = process.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                process.kill()
                output, errors = process.communicate()
            made = re.search(r"^Backed up .* to (\S+) in ", output, re.M)
            if process.returncode == 0 and made:
                self.ledger.answered(self.number, ok=True)
                with self.ledger.lock:
                    self.ledger.backups.append(made.group(1))
            elif process.returncode == -signal.SIGKILL:
                raise OSError("killed with the server")  # unanswered, like a request in flight
            else:
                # Refused: another backup (the server's schedule) holds the folder, or the server went.
                self.ledger.answered(self.number, ok=False)
                if "has no file for it" in errors:
                    # A photo deleted between the backup's copy of the database and its files, three times
                    # running (BackupWriter.attempts): the backup says so and fails, which is honest; counted.
                    with self.ledger.lock:
                        self.ledger.backups_outrun += 1
                elif "Another backup" not in errors:
                    self.problems.append(f"homepwner backup failed: {errors.strip()[:300]}")
                with self.ledger.lock:
                    self.ledger.refusals.append(f"backup: {errors.strip()[:200]}")


# MARK: The checks

def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_database(database):
    """Integrity and foreign keys of the database as the kill left it (read-only, nothing recovered into the file)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        foreign = connection.execute("PRAGMA foreign_key_check").fetchall()
    finally:
        connection.close()
    problems = []
    if integrity != ["ok"]:
        problems.append(f"integrity_check: {integrity[:5]}")
    if foreign:
        problems.append(f"foreign_key_check: {foreign[:5]}")
    return problems


def check_files(data):
    """Every file a row names is there and hashes to its name; every file there is named by a row (or is
    its rendition / thumbnail). Returns (missing or damaged, orphans)."""
    connection = sqlite3.connect(f"file:{data / 'homepwner.sqlite'}?mode=ro", uri=True, timeout=10)
    try:
        images = dict(connection.execute("SELECT hash, format FROM images"))
        documents = {sha: (content_type, has_thumbnail) for sha, content_type, has_thumbnail in
                     connection.execute("SELECT sha256, content_type, max(has_thumbnail) FROM item_documents GROUP BY sha256")}
        receipts = {sha for (sha,) in connection.execute("SELECT DISTINCT receipt_sha256 FROM claim_expenses WHERE receipt_sha256 IS NOT NULL")}
    finally:
        connection.close()
    damaged, orphans = [], []
    for digest, format_name in images.items():
        original = data / "images" / digest[:2] / digest / f"original.{EXTENSIONS.get(format_name, format_name)}"
        if not original.is_file():
            damaged.append(f"images row {digest[:12]}…: no {original.name}")
        elif sha256_file(original) != digest:
            damaged.append(f"images/{digest[:12]}…/{original.name} does not hash to its name")
    for top, named in (("documents", documents), ("documents/receipts", receipts)):
        for digest in named:
            original = data / top / digest[:2] / digest / "original"
            if not original.is_file():
                damaged.append(f"{top} row {digest[:12]}…: no file")
            elif sha256_file(original) != digest:
                damaged.append(f"{top}/{digest[:12]}…/original does not hash to its name")
    # Expenses' receipts are kept as documents are, in a folder of their own inside the documents'.
    document_file = lambda digest, name: name in ("original", "thumb.png", "thumb.jpg")  # noqa: E731
    for top, named, allowed in (("images", images, lambda digest, name: name in RENDITIONS or name == f"original.{EXTENSIONS.get(images[digest], images[digest])}"),
                                ("documents", documents, document_file), ("documents/receipts", receipts, document_file)):
        folder = data / top
        for shard in sorted(folder.iterdir()) if folder.is_dir() else []:
            if top == "documents" and shard.name == "receipts":
                continue
            if not shard.is_dir() or not re.fullmatch(r"[0-9a-f]{2}", shard.name):
                orphans.append(f"{top}/{shard.name}")
                continue
            for entry in sorted(shard.iterdir()):
                if entry.name not in named or not entry.is_dir() or entry.name[:2] != shard.name:
                    orphans.append(f"{top}/{shard.name}/{entry.name}")
                    continue
                for file in sorted(entry.iterdir()):
                    if not file.is_file() or not allowed(entry.name, file.name):
                        orphans.append(f"{top}/{shard.name}/{entry.name[:12]}…/{file.name}")
    return damaged, orphans


def check_leftovers(data):
    """What a restarted server must not still hold: temporary files, unpacked imports, unknown entries."""
    leftovers = [name for name in os.listdir(data) if name not in DATA_ENTRIES]
    # Resumable uploads' bytes (`uploads/<id>`) stay across restarts, each named by its row.
    uploads = data / "uploads"
    if uploads.is_dir():
        connection = sqlite3.connect(f"file:{data / 'homepwner.sqlite'}?mode=ro", uri=True, timeout=10)
        try:
            named = {row[0] for row in connection.execute("SELECT id FROM uploads")}
        finally:
            connection.close()
        leftovers.extend(f"uploads/{entry.name}" for entry in sorted(uploads.iterdir()) if entry.name not in named)
    tmp = data / "tmp"
    for entry in sorted(tmp.iterdir()) if tmp.is_dir() else []:
        if entry.name == "imports" and entry.is_dir() and not any(entry.iterdir()):
            continue  # pending previews' folder; this driver previews nothing
        leftovers.append(f"tmp/{entry.name}")
    return leftovers


def check_writes(server, ledger, round_number):
    """Compares the items the restarted server shows with the ledger. Returns (lost, half, problems);
    afterwards the ledger holds what is there (a write in flight may or may not have been applied)."""
    items = {item["id"]: item for item in server.call("GET", "/api/v1/items")[2]}
    by_name = {}
    for item in items.values():
        by_name.setdefault(item["name"], []).append(item)
    lost, half, problems = 0, 0, []
    in_flight = dict(ledger.in_flight)
    flight_items = {write.get("item"): write for write in in_flight.values() if write.get("item") is not None}
    expected_ids = set()
    for item_id, acknowledged in list(ledger.items.items()):
        expected_ids.add(item_id)
        write = flight_items.get(item_id)
        actual = state_of(items[item_id]) if item_id in items else None
        # Compared with string ids throughout: states read back from JSON and kept in memory alike.
        seen, expected = normal(actual), normal(acknowledged)
        allowed = [expected]
        if write:
            kind = write["kind"]
            if kind in ("edit", "place"):
                allowed.append(normal(write["after"]))
            elif kind == "delete":
                allowed.append(None)
            elif kind in ("photo", "document") and seen:
                part, digest = ("photos", write["hash"]) if kind == "photo" else ("documents", write["sha256"])
                new = set(seen[part]) - set(expected[part])
                if len(new) == 1:  # added whole, as sent (its file is checked with every other)
                    added = copy.deepcopy(expected)
                    added[part][new.pop()] = digest
                    allowed.append(added)
            elif kind in ("unphoto", "undocument"):
                part, key = ("photos", write["photo"]) if kind == "unphoto" else ("documents", write["document"])
                removed = copy.deepcopy(expected)
                removed[part].pop(str(key), None)
                allowed.append(removed)
        if seen in allowed:
            if actual is None:
                del ledger.items[item_id], ledger.owner[item_id]
            else:
                ledger.items[item_id] = actual
            continue
        if actual is None:
            lost += 1
            problems.append(f"round {round_number}: acknowledged item {item_id} ({acknowledged['fields']['name']}) is gone")
            del ledger.items[item_id], ledger.owner[item_id]
        elif write and write["kind"] in ("edit", "place", "photo", "unphoto", "document", "undocument"):
            half += 1
            problems.append(f"round {round_number}: item {item_id} is neither as acknowledged nor as its write in flight "
                            f"({ {key: value for key, value in write.items() if key not in ('before', 'after')} }) would leave it: "
                            f"{normal(actual)} vs {normal(acknowledged)}")
            ledger.items[item_id] = actual
        else:
            lost += 1
            problems.append(f"round {round_number}: item {item_id} differs from its acknowledged state: "
                            f"{normal(actual)} vs {normal(acknowledged)}")
            ledger.items[item_id] = actual
    # Items created by a write in flight: all there, or absent.
    for worker, write in in_flight.items():
        if write["kind"] != "create":
            continue
        found = by_name.get(write["fields"]["name"], [])
        for item in found:
            expected_ids.add(item["id"])
            if state_of(item)["fields"] != normal_fields(write["fields"]):
                half += 1
                problems.append(f"round {round_number}: unacknowledged create {write['fields']['name']} is half there: "
                                f"{state_of(item)['fields']}")
            ledger.items[item["id"]] = state_of(item)
            ledger.owner[item["id"]] = worker
    # Imports: every item of one, with its photo and receipt, or none.
    for record in ledger.imports:
        found = [item for name in record["names"] for item in by_name.get(name, [])]
        expected_ids.update(item["id"] for item in found)
        if "settled" in record:
            if len(found) != (len(record["names"]) if record["settled"] else 0):
                lost += 1
                problems.append(f"round {round_number}: the import of {record['names']} changed since it was settled")
            continue
        whole = len(found) == len(record["names"]) and all(complete_import(item, record) for item in found)
        if record.get("acknowledged"):
            if not whole:
                lost += 1
                problems.append(f"round {round_number}: acknowledged {record['kind']} {record['names']} is not all there: {found}")
        elif found and not whole:
            half += 1
            problems.append(f"round {round_number}: unacknowledged {record['kind']} {record['names']} is half there: {found}")
        record["settled"] = bool(found)
    strangers = [item for item_id, item in items.items() if item_id not in expected_ids]
    for item in strangers:
        half += 1
        problems.append(f"round {round_number}: item {item['id']} ({item['name']}) is no write's")
    positions = sorted(item["position"] for item in items.values())
    if positions != list(range(len(items))):
        problems.append(f"round {round_number}: the list's positions are not 0…{len(items) - 1}: {positions[:20]}")
    expense_lost, expense_half, expense_problems = check_expenses(server, ledger, in_flight, round_number)
    lost, half = lost + expense_lost, half + expense_half
    problems.extend(expense_problems)
    ledger.in_flight.clear()
    return lost, half, problems


def check_expenses(server, ledger, in_flight, round_number):
    """The claim's expenses against the ledger: each acknowledged one there with the receipt last
    acknowledged for it, or as its write in flight leaves it; one made by a write in flight adopted."""
    if ledger.claim is None:
        return 0, 0, []
    shown = {expense["id"]: (expense["receipt"] or {}).get("sha256")
             for expense in server.call("GET", f"/api/v1/claims/{ledger.claim}/expenses")[2]["expenses"]}
    flight = {write["expense"]: write for write in in_flight.values() if "expense" in write}
    lost, half, problems = 0, 0, []
    for expense, state in list(ledger.expenses.items()):
        write = flight.get(expense)
        allowed = [state["receipt"]]
        if write and write["kind"] == "receipt":
            allowed.append(write["sha256"])
        if expense not in shown:
            if write and write["kind"] == "unexpense":
                del ledger.expenses[expense]
                continue
            lost += 1
            problems.append(f"round {round_number}: acknowledged expense {expense} is gone")
            del ledger.expenses[expense]
        elif shown[expense] not in allowed:
            half += 1
            problems.append(f"round {round_number}: expense {expense} has receipt {shown[expense]}, not {allowed}")
            state["receipt"] = shown[expense]
        else:
            state["receipt"] = shown[expense]
    made = [worker for worker, write in in_flight.items() if write["kind"] == "expense"]
    strangers = sorted(set(shown) - set(ledger.expenses))
    if len(strangers) > len(made):
        half += 1
        problems.append(f"round {round_number}: expenses {strangers} are no write's")
    for worker, expense in zip(made, strangers):
        ledger.expenses[expense] = {"owner": worker, "receipt": shown[expense]}
    return lost, half, problems


def complete_import(item, record):
    if record["kind"] == "import-csv":
        return item.get("description") == f"Imported as {item['name']}" and item.get("quantity") == 2
    return ([photo_hash(photo) for photo in item.get("photos", [])] == [record["photo"]]
            and [document["sha256"] for document in item.get("documents", [])] == [record["receipt"]])


def normal_fields(fields):
    return {field: (sorted(fields.get(field) or []) if field == "tags" else fields.get(field)) for field in FIELDS}


def normal(state):
    """A state with its ids as strings, so a state read back from JSON compares with one kept in memory."""
    if state is None:
        return None
    return {"fields": normal_fields(state["fields"]),
            "photos": {str(key): value for key, value in state["photos"].items()},
            "documents": {str(key): value for key, value in state["documents"].items()}}


def check_backups(backups, acknowledged, killed_half_way):
    """Each backup `homepwner backup` reported made is there and verifies; the interrupted ones seen
    after the last kill were cleared by the restarted server's backup schedule."""
    problems = []
    for path in acknowledged:
        checked = subprocess.run([str(BIN), "verify", path], capture_output=True, text=True, timeout=120)
        if checked.returncode != 0:
            problems.append(f"acknowledged backup {path} does not verify: {checked.stderr.strip()[:300]}")
    still = [name for name in killed_half_way if (backups / name).exists()]
    return problems, still


# MARK: The loop

def main():
    if not BIN.exists():
        report("crash-loop", False, f"no binary at {BIN}")
        sys.exit(1)
    print(f"crash loop: {ROUNDS} rounds, CRASH_SEED={SEED}, {BIN}", flush=True)
    chance = random.Random(SEED)
    root = Path(tempfile.mkdtemp(prefix="homepwner-crash-loop-"))
    data, backups = root / "data", root / "backups"
    server = Server(data, backups, root / "server.log")
    ledger = Ledger()
    began = time.monotonic()
    restarts, restart_cpu, round_times, problems = [], [], [], []
    lost = half = damaged_count = 0
    orphans_seen = set()  # each leftover counted once, however many rounds it stays
    interrupted_backups = []
    left_by_kill = []  # per round, what the kill left before the restart
    rounds_done = 0
    first_start = None
    try:
        first_start = server.start()
        places = [server.call("POST", "/api/v1/locations", {"name": f"Room {n}"})[2]["id"] for n in range(3)]
        places.append(server.call("POST", "/api/v1/locations", {"name": "Shelf", "parentId": places[0]})[2]["id"])
        ledger.claim = server.call("POST", "/api/v1/claims", {"name": "Crash loop fire", "lossDate": "2026-03-14"})[2]["id"]
        for round_number in range(ROUNDS):
            if time.monotonic() - began > RUN_LIMIT:
                problems.append(f"stopped after {RUN_LIMIT} s, at round {round_number}")
                break
            round_began = time.monotonic()
            stop = threading.Event()
            workers = [Worker(number, server, ledger, places, random.Random(chance.random()), stop, root, data, backups)
                       for number in range(WORKERS)]
            for worker in workers:
                worker.start()
            # Early rounds often kill before the first write lands; later ones in the middle of many.
            time.sleep(chance.uniform(0.2, 3.0))
            # Interrupted backups the last restart should have cleared by now (its schedule has had this round's time).
            still = [name for name in interrupted_backups if (backups / name).exists()]
            server.kill()
            for worker in workers:
                for child in worker.children:
                    if child.poll() is None:
                        child.send_signal(signal.SIGKILL)
            stop.set()
            for worker in workers:
                worker.join(timeout=60)
                problems.extend(worker.problems)
            if any(worker.is_alive() for worker in workers):
                problems.append(f"round {round_number}: a worker did not stop")
                break
            ledger.unanswered += len(ledger.in_flight)
            ledger.journal.append({"at": round(time.time(), 3), "killed": round_number})
            if still:
                orphans_seen.update(f"backups/{name}" for name in still)
                problems.append(f"round {round_number}: interrupted backups not cleared after the restart: {still}")
            interrupted_backups = [name for name in os.listdir(backups) if name.startswith(".incomplete-")] if backups.is_dir() else []

            problems.extend(f"round {round_number}: {problem}" for problem in check_database(data / "homepwner.sqlite"))
            # What the kill left for the restart to clear (for the record: it shows the kills hit the windows).
            _, left = check_files(data)
            left += [name for name in check_leftovers(data) if name != "homepwner.lock"]
            left_by_kill.append(left)
            restarts.append(server.start())
            restart_cpu.append(server.start_cpu)
            round_lost, round_half, round_problems = check_writes(server, ledger, round_number)
            lost, half = lost + round_lost, half + round_half
            problems.extend(round_problems)
            damaged, orphans = check_files(data)
            leftovers = check_leftovers(data)
            damaged_count += len(damaged)
            orphans_seen.update(orphans + leftovers)
            problems.extend(f"round {round_number}: {what}" for what in damaged + orphans + leftovers)
            backup_problems, _ = check_backups(backups, ledger.backups, [])
            problems.extend(f"round {round_number}: {problem}" for problem in backup_problems)
            ledger.backups.clear()
            round_times.append(time.monotonic() - round_began)
            rounds_done += 1
            print(f"round {round_number + 1}/{ROUNDS}: {ledger.acknowledged} acknowledged, {ledger.unanswered} unanswered, "
                  f"{len(ledger.items)} items, restart {restarts[-1] * 1000:.0f} ms, "
                  f"{len(left)} left by the kill, {len(orphans) + len(leftovers)} after the restart, {round_lost} lost, {round_half} half"
                  + (f"; {orphans[:3] + leftovers[:3]}" if orphans or leftovers else ""), flush=True)
    except Exception as error:
        problems.append(f"the driver stopped: {type(error).__name__}: {error}")
    finally:
        server.stop()
    orphan_count = len(orphans_seen)
    # Under a second from exec to the first health answer: the median, and the processor time of every
    # restart (a machine busy with other builds stretches the wall-clock time of a few).
    median = statistics.median(restarts) if restarts else float("nan")
    worst = max(restarts) if restarts else float("nan")
    worst_cpu = max(restart_cpu) if restart_cpu else float("nan")
    over = sum(seconds >= RESTART_LIMIT for seconds in restarts)
    if not median < RESTART_LIMIT or not worst_cpu < RESTART_LIMIT:
        problems.append(f"restarts: median {median:.3f} s, processor time up to {worst_cpu:.3f} s (the limit is {RESTART_LIMIT} s)")
    ok = (rounds_done == ROUNDS and lost == 0 and half == 0 and orphan_count == 0 and damaged_count == 0 and not problems)
    figures = (f"{rounds_done} rounds, {ledger.acknowledged} writes acknowledged ({ledger.unanswered} unanswered), "
               f"{lost} lost, {half} half-written, {orphan_count} orphans, restart median {median * 1000:.0f} ms / "
               f"max {worst * 1000:.0f} ms ({worst_cpu * 1000:.0f} ms CPU)" + (f", {over} over 1 s" if over else ""))
    for problem in problems[:40]:
        print("  " + problem, file=sys.stderr)
    if len(problems) > 40:
        print(f"  … and {len(problems) - 40} more", file=sys.stderr)
    report("crash-loop", ok, figures, seed=SEED, rounds=rounds_done, acknowledged=ledger.acknowledged, sent=ledger.sent,
           refused=ledger.refused, backups_outrun_by_deletions=ledger.backups_outrun, refusals=ledger.refusals[:50], unanswered=ledger.unanswered, by_kind=ledger.by_kind, lost=lost, half_written=half,
           orphans=orphan_count, damaged_files=damaged_count, restart_seconds=[round(s, 4) for s in restarts], restart_cpu_seconds=restart_cpu, round_median_seconds=
           round(statistics.median(round_times), 2) if round_times else None,
           first_start_seconds=first_start and round(first_start, 4),
           round_seconds=[round(s, 2) for s in round_times], left_by_kills=left_by_kill, total_seconds=round(time.monotonic() - began, 1),
           problems=problems[:100])
    if KEEP or not ok:
        with open(root / "ledger.jsonl", "w") as journal:
            for entry in ledger.journal:
                journal.write(json.dumps(entry) + "\n")
        print(f"data kept in {root} (server log: {root / 'server.log'}, writes: {root / 'ledger.jsonl'})", file=sys.stderr)
    else:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
