"""What the backup tests share: an inventory with photos and a receipt made through the API, the real
`homepwner backup|restore|verify`, and the rows and files of a data folder to compare."""
import hashlib
import json
import sqlite3
import subprocess
import urllib.request
from pathlib import Path

from conftest import BINARY, FIXTURES
from sample_pdf import make_pdf


def homepwner(*arguments, env=None, timeout=180):
    """Runs the release binary; returns the finished process (never raises on a failure)."""
    return subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, env=env, timeout=timeout)


def unique_jpeg(number):
    """A real JPEG no other call returns: bytes after its end marker, which decoders leave alone."""
    return (FIXTURES / "photo-1.jpg").read_bytes() + b"HOMEPWNER-BACKUP-TEST-%d" % number


def request(server, method, path, body=None, content_type="application/json"):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, method=method,
                                 headers={"Content-Type": content_type, "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


def add_photo(server, item_id, number):
    return request(server, "POST", f"/api/v1/items/{item_id}/photos", unique_jpeg(number), "image/jpeg")


def fill(server, extra_items=0):
    """Rooms, items with claim fields, photos and a receipt, in euros; `extra_items` more with a photo each."""
    request(server, "PATCH", "/api/v1/settings", {"currency": "EUR"})
    home = request(server, "POST", "/api/v1/locations", {"name": "Home"})
    kitchen = request(server, "POST", "/api/v1/locations", {"name": "Kitchen", "parentId": home["id"]})
    study = request(server, "POST", "/api/v1/locations", {"name": "Study", "parentId": home["id"]})
    espresso = server.create_item("Espresso machine <b>&</b>", "EM-1234")
    request(server, "PATCH", f"/api/v1/items/{espresso['id']}", {
        "locationId": kitchen["id"], "quantity": 2, "brand": "Gaggia", "model": "Classic Pro", "replacementCost": "1299.00",
        "purchasePrice": "649.99", "purchaseDate": "2021-03-14", "tags": ["kitchen", "appliance"],
        "customFields": {"Colour": "Brushed steel"}, "notes": "Descaled in March"})
    add_photo(server, espresso["id"], 1)
    add_photo(server, espresso["id"], 2)
    request(server, "POST", f"/api/v1/items/{espresso['id']}/documents?kind=receipt&name=Receipt%20from%20Bean%20%26%20Co",
            make_pdf(["Bean & Co", "Gaggia Classic Pro", "EUR 649.99"]), "application/pdf")
    lamp = server.create_item("Desk lamp", "", 30)
    request(server, "PATCH", f"/api/v1/items/{lamp['id']}", {"locationId": study["id"]})
    add_photo(server, lamp["id"], 3)
    bike = server.create_item("Bike", "", 800)
    add_photo(server, bike["id"], 4)
    for number in range(extra_items):
        item = server.create_item(f"Box {number}", f"BX-{number}", number + 1)
        add_photo(server, item["id"], 100 + number)


def rows(database):
    """Every row of every table but the search index's and the photo readers' (what was read on
    photos: derived like the index, written by background readers at any moment, read again if
    lost), by table, in a stable order."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'item_search%'"
            " AND name NOT IN ('readings', 'sources_read')")]
        return {table: sorted(repr(row) for row in connection.execute(f'SELECT * FROM "{table}"')) for table in tables}
    finally:
        connection.close()


def integrity(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def files(folder):
    """SHA-256 of every photo and document file of a data folder, by relative path."""
    folder = Path(folder)
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for top in ("images", "documents") for path in sorted((folder / top).rglob("*"))
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts)}


def finished(backups):
    """The finished backups in a folder of backups (those with a manifest), oldest first."""
    return sorted(path for path in Path(backups).iterdir() if path.is_dir() and (path / "manifest.json").is_file()
                  and not path.name.startswith("."))
