"""Importing from Homebox through the pages at iPad and iPhone size: choose the file (its CSV, or its
backup zip with photos and receipts), read the preview, import; a bad file shows its problems and
writes nothing. And the same from the command line, our own export included."""
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from conftest import BINARY, FIXTURES
from helpers import find, find_all, visible, wait
from homebox_backup import minimal_pdf, write_backup

# Homebox's own test files (Tests/Fixtures/homebox/SOURCES.md says from where).
HOMEBOX = FIXTURES / "homebox"


def preview(browser, server, path):
    """Opens the Import page from the Places page's bar, chooses `path` and previews it."""
    browser.get(server.url + "/locations")
    find(browser, '.top-bar a[href="/import"]').click()
    visible(browser, 'input[type="file"]').send_keys(str(path))
    find(browser, '.import-card button[type="submit"]').click()
    return visible(browser, ".import-counts")


def count(browser, name):
    return find(browser, f'.import-count[data-count="{name}"] dd').text


def test_a_homebox_export_is_previewed_then_imported(server, browser, screenshot):
    preview(browser, server, HOMEBOX / "sysadminsmedia-v0.26.2" / "types.csv")
    assert find(browser, "#import-file").text == "types.csv"
    assert (count(browser, "rows"), count(browser, "added"), count(browser, "updated"),
            count(browser, "locations"), count(browser, "tags")) == ("3", "3", "0", "5", "3")
    assert "Path / To / Location 1" in find(browser, "#import-new-locations + ul").text
    assert [li.text for li in find_all(browser, "#import-new-tags + ul li")] == ["L1", "L2", "L3"]
    assert server.items() == [], "the preview writes nothing"
    screenshot("import-preview")

    find(browser, '[data-action="import"]').click()
    notice = visible(browser, ".notice.success")
    assert "Added 3 items; made 5 places and 3 tags." in notice.text
    screenshot("import-done")

    items = server.items()
    assert [item["name"] for item in items] == ["Item 1", "Item 2", "Item 3"]
    assert all(item["tags"] == ["L1", "L2", "L3"] for item in items)
    paths = {location["id"]: location["path"] for location in server.api("GET", "/api/v1/locations")}
    assert [paths[item["locationId"]] for item in items] == [f"Path / To / Location {n}" for n in (1, 2, 3)]
    # The list by room shows them where the file put them.
    find(browser, ".notice.success a").click()
    wait(browser).until(lambda b: b.current_url == server.url + "/")
    browser.get(server.url + "/?view=rooms")
    sections = [section.text.lower() for section in find_all(browser, ".item-section .section-name")]
    assert sections == [f"path / to / location {n}" for n in (1, 2, 3)]
    assert "Item 2" in find(browser, "#item-list").text


def test_a_homebox_backup_zip_brings_its_photo_and_receipt(server, browser, screenshot):
    folder = Path(tempfile.mkdtemp(prefix="homepwner-import-zip-"))
    photo = (FIXTURES / "photo-1.jpg").read_bytes()
    receipt = minimal_pdf("Hardware Store - Cordless drill 129.99")
    backup = write_backup(folder / "homebox-backup.zip", "Cordless Drill", photo, receipt)
    preview(browser, server, backup)
    assert find(browser, "#import-file").text == "homebox-backup.zip"
    assert "A Homebox backup" in find(browser, ".import-format").text
    assert (count(browser, "rows"), count(browser, "added"), count(browser, "locations"), count(browser, "tags"),
            count(browser, "photos"), count(browser, "documents")) == ("1", "1", "2", "1", "1", "1")
    assert server.items() == [], "the preview writes nothing"
    screenshot("import-preview-backup")

    find(browser, '[data-action="import"]').click()
    notice = visible(browser, ".notice.success")
    assert "Added 1 item, with 1 photo and 1 document; made 2 places and 1 tag." in notice.text
    item = server.items()[0]
    assert item["name"] == "Cordless Drill" and item["brand"] == "Makita" and item["tags"] == ["Tools"]
    assert [document["kind"] for document in item["documents"]] == ["receipt"]

    # The item's page shows the photo Homebox kept, and lists the receipt to download.
    browser.get(f"{server.url}/items/{item['id']}")
    wait(browser, 10).until(lambda b: b.execute_script(
        "const img = document.querySelector('.strip-photo img'); return img && img.complete && img.naturalWidth > 0"))
    row = find(browser, ".document-row")
    assert "receipt.pdf" in row.text and "Receipt" in row.text
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert row.find_element("css selector", ".document-link").get_attribute("href").endswith(stored["documents"][0]["url"])
    with urllib.request.urlopen(server.url + stored["documents"][0]["url"]) as response:
        assert response.read() == receipt
    with urllib.request.urlopen(server.url + stored["photos"][0]["originalURL"]) as response:
        assert response.read() == photo
    screenshot("import-backup-item")


def test_a_bad_file_shows_its_row_errors_and_nothing_is_written(server, browser, screenshot):
    bad = Path(tempfile.mkdtemp(prefix="homepwner-import-")) / "from-homebox.csv"
    bad.write_text("HB.name,HB.location,HB.quantity,HB.purchase_date\n"
                   "Lamp,Home / Bedroom,1,2021-03-14\n"
                   "Flour,Home / Kitchen,2½,\n"
                   "Rug,Home,1,14/03/2021\n"
                   ",Home,1,\n")
    preview(browser, server, bad)
    assert (count(browser, "ready"), count(browser, "problems")) == ("1", "3")
    where = [p.text for p in find_all(browser, ".problem-where")]
    assert where == ["Line 3 · HB.quantity", "Line 4 · HB.purchase_date", "Line 5 · HB.name"]
    assert "The quantity “2½” isn’t a number" in find_all(browser, ".problem-why")[0].text
    assert "Nothing will be imported" in find(browser, "#import-blocked").text
    assert not find_all(browser, '[data-action="import"]')
    screenshot("import-preview-errors")
    assert server.items() == [] and server.api("GET", "/api/v1/locations") == []

    find(browser, '[data-action="discard"]').click()
    visible(browser, 'input[type="file"]')
    assert browser.current_url.endswith("/import")


def test_the_command_line_previews_imports_and_refuses_a_bad_file():
    data = tempfile.mkdtemp(prefix="homepwner-import-cli-")
    file = HOMEBOX / "legacy-pre-v0.9" / "import.tsv"
    dry = subprocess.run([str(BINARY), "import", str(file), "--data", data, "--dry-run"], capture_output=True, text=True)
    assert dry.returncode == 0 and "Would add 6 items" in dry.stdout
    done = subprocess.run([str(BINARY), "import", str(file), "--data", data], capture_output=True, text=True)
    assert done.returncode == 0 and "Added 6 items" in done.stdout and "New tags: IOT, Home Assistant, Z-Wave" in done.stdout
    again = subprocess.run([str(BINARY), "import", str(file), "--data", data], capture_output=True, text=True)
    assert again.returncode == 0 and "Added 0 items and updated 6 items" in again.stdout
    bad = Path(data) / "bad.csv"
    bad.write_bytes(b"HB.name,HB.notes\nCaf\xe9,x\n")
    refused = subprocess.run([str(BINARY), "import", str(bad), "--data", data], capture_output=True, text=True)
    assert refused.returncode != 0 and "Line 2 is not UTF-8" in refused.stdout and "nothing was imported" in refused.stderr


def test_the_command_line_imports_a_backup_and_our_own_export_through_one_command():
    data = tempfile.mkdtemp(prefix="homepwner-import-cli-zip-")
    backup = write_backup(Path(data) / "backup.zip", "Cordless Drill", (FIXTURES / "photo-1.jpg").read_bytes(), minimal_pdf("Receipt"))
    dry = subprocess.run([str(BINARY), "import", str(backup), "--data", data, "--dry-run"], capture_output=True, text=True)
    assert dry.returncode == 0 and "(a Homebox backup zip)" in dry.stdout and "with 1 photo and 1 document" in dry.stdout, dry.stdout
    done = subprocess.run([str(BINARY), "import", str(backup), "--data", data], capture_output=True, text=True)
    assert done.returncode == 0 and "Added 1 item" in done.stdout
    export = Path(data) / "export.zip"
    subprocess.run([str(BINARY), "export", "--format", "homepwner", "--to", str(export), "--data", data], check=True, capture_output=True)
    # Our own export goes into an empty inventory only, and says so of this one.
    refused = subprocess.run([str(BINARY), "import", str(export), "--data", data], capture_output=True, text=True)
    assert refused.returncode != 0 and "only into an empty inventory" in refused.stdout and "1 item and 2 places" in refused.stdout
    fresh = tempfile.mkdtemp(prefix="homepwner-import-cli-fresh-")
    restored = subprocess.run([str(BINARY), "import", str(export), "--data", fresh], capture_output=True, text=True)
    assert restored.returncode == 0 and "(a Homepwner export)" in restored.stdout and "with 1 photo and 1 document" in restored.stdout
    gone = subprocess.run([str(BINARY), "import-archive", str(export), "--data", fresh], capture_output=True, text=True)
    assert gone.returncode != 0 and "unknown command" in gone.stderr
