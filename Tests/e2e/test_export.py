"""The Export page at iPad and iPhone size: reached from Places, each file downloaded with the page's
own link (fetched with the browser's cookies) and read as Homebox and Homepwner would read it."""
import csv
import datetime
import hashlib
import io
import json
import urllib.request
import zipfile

from conftest import FIXTURES
from helpers import find, rect, wait


def fetch_link(browser, link):
    """The file behind a link, fetched as the browser would (same cookies), with its headers."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    request = urllib.request.Request(link.get_attribute("href"), headers={"Cookie": cookies} if cookies else {})
    with urllib.request.urlopen(request) as response:
        return response.read(), response.headers


def test_export_page_downloads_a_homebox_csv_and_our_archive(server, browser, screenshot):
    home = server.api("POST", "/api/v1/locations", {"name": "Home"})
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen", "parentId": home["id"]})
    evil = server.api("POST", "/api/v1/items", {"name": '=HYPERLINK("http://evil","x")', "locationId": kitchen["id"],
                                                "tags": ["kitchen"], "brand": "Breville", "quantity": 2})
    server.create_item("Table Lamp", "", 35)
    server.upload(evil["id"], FIXTURES / "photo-1.jpg")

    browser.get(server.url + "/locations")
    screenshot("places-with-export")
    find(browser, '.top-bar a[href="/export"]').click()
    wait(browser).until(lambda b: b.current_url.endswith("/export"))
    assert "2 items to export" in find(browser, ".export-count").text
    homebox, ours = find(browser, "#export-homebox"), find(browser, "#export-homepwner")
    for link in (homebox, ours):
        box = rect(browser, link)
        assert box["height"] >= 44, "a comfortable target on a phone"
        assert box["x"] >= 0 and box["x"] + box["width"] <= browser.execute_script("return innerWidth")
    screenshot("export")
    today = datetime.date.today().isoformat()

    body, headers = fetch_link(browser, homebox)
    assert headers["Content-Disposition"] == f'attachment; filename="homepwner-homebox-{today}.csv"'
    text = body.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header = rows[0]
    assert header[:6] == ["HB.import_ref", "HB.location", "HB.labels", "HB.asset_id", "HB.archived", "HB.name"]
    assert all(len(row) == len(header) for row in rows) and len(rows) == 3
    by_name = {row[5]: dict(zip(header, row)) for row in rows[1:]}
    # The formula arrives as text: a spreadsheet shows it instead of running it.
    hostile = by_name["'=HYPERLINK(\"http://evil\",\"x\")"]
    assert hostile["HB.location"] == "Home / Kitchen" and hostile["HB.labels"] == "kitchen"
    assert hostile["HB.quantity"] == "2" and hostile["HB.manufacturer"] == "Breville"
    assert by_name["Table Lamp"]["HB.location"] == "Unsorted", "Homebox needs a location on every row"
    # Homebox takes the separator from the first line: a comma there, and no tab.
    assert "," in text.split("\n")[0] and "\t" not in text.split("\n")[0]

    body, headers = fetch_link(browser, ours)
    assert headers["Content-Type"] == "application/zip"
    assert headers["Content-Disposition"] == f'attachment; filename="homepwner-export-{today}.zip"'
    archive = zipfile.ZipFile(io.BytesIO(body))
    assert archive.testzip() is None
    manifest = json.loads(archive.read("homepwner.json"))
    assert (manifest["format"], manifest["formatVersion"], manifest["currency"]) == ("homepwner", 2, "USD")
    assert [(item["quantity"], item["quantityUnit"], item["businessUse"]) for item in manifest["items"]] == [(2, "", False), (1, "", False)]
    assert [location["name"] for location in manifest["locations"]] == ["Home", "Kitchen"]
    names = [item["name"] for item in manifest["items"]]
    assert names == ['=HYPERLINK("http://evil","x")', "Table Lamp"], "our own export keeps the name as it is"
    photo = manifest["items"][0]["photos"][0]
    original = archive.read(photo["file"])
    assert hashlib.sha256(original).hexdigest() == photo["sha256"] and photo["file"] == f"photos/{photo['sha256']}.jpg"
    stored = urllib.request.urlopen(server.url + server.items()[0]["photos"][0]["originalURL"]).read()
    assert original == stored, "the photo's original, byte for byte"
