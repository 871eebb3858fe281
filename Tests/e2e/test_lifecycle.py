"""SIGTERM stops everything the server runs in the background, through its one stop path: a library
scan in progress stops after the batch it is storing and says so, a scheduled backup in progress stops
between files and leaves nothing half-made, and the process exits. No browser."""
import json
import os
import re
import shutil
import signal
import tempfile
import time
from pathlib import Path

from backup_helpers import finished, request
from conftest import FIXTURES, Server

# Photos of a few megabytes each (bytes after the JPEG's end, which decoders leave alone): enough for
# the backup (copied, hashed, copied again by verification) to be under way while the scan is.
INVENTORY_PHOTOS = 60
PHOTO_BYTES = 5_000_000
LIBRARY_PHOTOS = 4_000


def big_jpeg(number):
    padding = (b"HOMEPWNER-LIFECYCLE-%d-" % number) * (PHOTO_BYTES // 24)
    return (FIXTURES / "photo-1.jpg").read_bytes() + padding


def make_library(root):
    """LIBRARY_PHOTOS distinct photos in folders of 200."""
    photo = (FIXTURES / "photo-2.jpg").read_bytes()
    for number in range(LIBRARY_PHOTOS):
        folder = root / f"Roll {number // 200:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"IMG_{number:05d}.jpg").write_bytes(photo + b"LIBRARY-%d" % number)


def test_sigterm_stops_a_library_scan_and_a_backup_in_progress():
    root = Path(tempfile.mkdtemp(prefix="homepwner-e2e-lifecycle-"))
    data, backups, library = root / "data", root / "backups", root / "library"
    try:
        server = Server(data=str(data))
        try:
            for number in range(INVENTORY_PHOTOS):
                item = server.create_item(f"Box {number}", f"BX-{number}", number + 1)
                request(server, "POST", f"/api/v1/items/{item['id']}/photos", big_jpeg(number), "image/jpeg")
        finally:
            server.stop(keep_data=True)
        make_library(library)

        # No backup on record: the schedule makes one as soon as the server is up, while the library
        # is scanned for the first time.
        server = Server("--library", str(library), "--backup-to", str(backups), "--backup-every", "24h", data=str(data))
        try:
            deadline = time.monotonic() + 120
            while True:
                assert time.monotonic() < deadline, "the scan and the backup were never under way together"
                status = server.api("GET", "/api/v1/library/status")
                making = backups.exists() and any(name.startswith(".incomplete-") for name in os.listdir(backups))
                assert not (backups.exists() and finished(backups)), "the backup finished before the scan was under way: make the inventory larger"
                assert not (status["state"] == "ready" and status.get("total", 0) > 0), \
                    "the scan finished before the backup was under way: make the library larger"
                if status["state"] == "scanning" and making:
                    break
                time.sleep(0.01)

            server.process.send_signal(signal.SIGTERM)
            # The limit only stops the test from hanging.
            exit_status = server.process.wait(timeout=120)
            log = server.log_text()
            assert exit_status == 0, log[-3000:]
            assert "Homepwner stopped." in log

            # The backup stopped between files: no backup, finished or not, and no attempt recorded.
            assert "The backup was stopped before it finished; nothing of it was kept." in log, log[-3000:]
            assert [name for name in os.listdir(backups) if name != ".lock"] == []
            status_file = data / "backup-status.json"
            assert not status_file.exists() or not json.loads(status_file.read_text() or "{}").get("lastAttempt")

            # The scan stopped after a batch, part of the way through, and said so.
            stopped = re.search(r"The library scan was stopped at (\d+) of (\d+) files", log)
            assert stopped, "the library scan was not stopped:\n" + log[-3000:]
            assert int(stopped.group(1)) < LIBRARY_PHOTOS

            # The next start carries on and finishes it.
            server.start()
            deadline = time.monotonic() + 300
            while (status := server.api("GET", "/api/v1/library/status"))["state"] != "ready":
                assert time.monotonic() < deadline, "the library was not scanned after the restart"
                time.sleep(0.2)
            assert status["scanned"] == LIBRARY_PHOTOS
        finally:
            server.stop(keep_data=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
