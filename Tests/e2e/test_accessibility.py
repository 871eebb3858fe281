"""Every page, and every popover, sheet, dialog and viewer state, audited with axe-core at iPad and iPhone
size in the light and the dark colour scheme. A new page or state joins STATES in the change that
adds it."""
import functools
import http.server
import json
import shutil
import tempfile
import threading
from datetime import date, datetime, timedelta, timezone
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from accessibility import assert_accessible
import harness
from conftest import BINARY, FIXTURES, Server, make_driver
from helpers import find, find_all, visible, wait
from homebox_backup import minimal_pdf, write_backup
from small_filesystem import SmallFileSystem
from test_claim_owed import owed_claim
from test_claim_expenses import expenses_on_claim, refuse_expense
from test_library import make_library, wait_until_ready
from test_offline_app import home, show_offline_copy, show_update_notices  # noqa: F401 (home: the fixture)
from test_suggestions import suggested_item

PASSWORD = "password123"


@pytest.fixture(scope="module")
def site():
    """One server with items (a photo, a value of $50 or more and one below) and a photo library."""
    root = make_library({"Holidays/Lisbon": 6, "Pets": 2})
    server = Server("--library", str(root))
    wait_until_ready(server)
    camera = server.create_item("Camera", "C-1", 1899)
    server.upload(camera["id"], FIXTURES / "photo-1.jpg")
    mug = server.create_item("Mug", "", 12)
    # Its warranty ends in 10 days: the list's "Due soon" card.
    server.api("PATCH", f"/api/v1/items/{mug['id']}", {"warrantyExpires": (date.today() + timedelta(days=10)).isoformat()})
    study = server.api("POST", "/api/v1/locations", {"name": "Study"})
    server.api("PATCH", f"/api/v1/items/{camera['id']}", {"locationId": study["id"], "tags": ["electronics"],
                                                          "customFields": {"Lens": "RF 24-105"}})
    server.camera = camera["id"]
    # A lamp in the study linked to a library photo: the study's events, when picking for the camera.
    lamp = server.create_item("Desk lamp", "", 30)
    server.api("PATCH", f"/api/v1/items/{lamp['id']}", {"locationId": study["id"]})
    lisbon = next(g for g in server.api("GET", "/api/v1/library/groups") if g["name"] == "Lisbon")
    photo = server.api("GET", f"/api/v1/library/groups/{lisbon['id']}/assets")["assets"][0]
    server.api("POST", f"/api/v1/items/{lamp['id']}/evidence", {"assetId": photo["id"]})
    server.claim = server.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire", "salesTaxRate": "8.875",
                                                         "items": [{"itemId": camera["id"]}, {"itemId": lamp["id"]}]})["id"]
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def walked():
    """A server with a named item and two drafts in the hall: photos from walking it, not named yet."""
    server = Server()
    server.create_item("Umbrella stand", "", 40)
    server.hall = server.api("POST", "/api/v1/locations", {"name": "Hall"})["id"]
    for photo in ("photo-1.jpg", "photo-2.jpg"):
        request = urllib.request.Request(f"{server.url}/api/v1/locations/{server.hall}/drafts", data=(FIXTURES / photo).read_bytes(),
                                         method="POST", headers={"Content-Type": "image/jpeg", "Accept": "application/json"})
        urllib.request.urlopen(request).close()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def accounts():
    """A server with an owner, olivia, and one of her API tokens listed."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-a11y-")
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    server = Server(data=data)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def backups():
    """A server whose last backup failed, three days after the last verified one (as a cron job of
    `homepwner backup` would leave it): the owner's warning and everyone's status line."""
    data = Path(tempfile.mkdtemp(prefix="homepwner-e2e-a11y-backups-"))
    now = datetime.now(timezone.utc)
    def stamp(days):
        return (now - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")
    success = {"startedAt": stamp(3), "finishedAt": stamp(3), "backup": "/mnt/usb/backups/old", "verified": True}
    failure = {"startedAt": stamp(0), "finishedAt": stamp(0), "backup": None, "verified": False,
               "problem": "Cannot create the folder /mnt/usb/backups: No such file or directory."}
    (data / "backup-status.json").write_text(json.dumps({"lastVerified": success, "lastAttempt": failure}))
    server = Server(data=str(data))
    server.create_item("Camera", "C-1", 1899)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def full_disk():
    """A server whose data folder is on a small filesystem filled to its last byte (a tmpfs mounted as
    root, as CI runs; without root this fails, it never skips)."""
    filesystem = SmallFileSystem()
    try:
        data = filesystem.path / "data"
        data.mkdir()
        server = Server(data=str(data))
    except BaseException:
        filesystem.remove()
        raise
    try:
        server.create_item("Camera", "C-1", 1899)
        filesystem.fill()
        assert filesystem.available == 0, f"{filesystem.available} bytes still free"
        yield server
    finally:
        server.stop()
        filesystem.remove()


@pytest.fixture(scope="module")
def rate_files():
    """The ECB's real rate files served over HTTP on this machine, as the ECB's folder is."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(FIXTURES / "public" / "ecb"))
    files = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{files.server_address[1]}"
    files.shutdown()


@pytest.fixture(scope="module")
def fetching(rate_files):
    """A server that fetches the ECB's rates (`--exchange-rates-url`) and has fetched them."""
    server = Server("--exchange-rates-url", rate_files + "/")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def fetch_failing(rate_files):
    """A server whose rates address answers 404: its last fetch failed."""
    server = Server("--exchange-rates-url", rate_files + "/moved/")
    yield server
    server.stop()


def rates_after_a_fetch(browser, server, outcome, language="en"):
    """The rates page once the fetch made at start has an outcome (`success` or `warning`)."""
    def shown(driver):
        driver.get(f"{server.url}/settings/exchange-rates?lang={language}")
        return find_all(driver, f"#rates-fetch-outcome.{outcome}")
    wait(browser, 30).until(shown)


def upload_onto_a_full_disk(browser, server):
    """The Import page's upload, which the server keeps in its data folder until the import is
    confirmed: on a full disk, the Disk Full page (507)."""
    send_import(browser, server, HOMEBOX_EXPORT)
    visible(browser, ".error-card")
    status = find(browser, ".error-status").text
    assert status == "Error 507", f"the upload was answered {status!r}, not the Disk Full page"


def open_item_with_suggestions(browser, site):
    """An item whose serial plate photo and receipt were read: each suggestion under its field."""
    if not hasattr(site, "heat_pump"):
        site.heat_pump = suggested_item(site)
    browser.get(f"{site.url}/items/{site.heat_pump}")
    visible(browser, ".field-suggestions")


def fill_the_outbox(browser, site):
    """An item's page whose outbox holds a file the server refused (failed: its reason, Retry and
    Remove) and two photos taken with the network cut (waiting), for an item of its own."""
    if not hasattr(site, "outbox_item"):
        site.outbox_item = site.create_item("Outbox test", "", 0)["id"]
    browser.network_changed = True
    browser.get(f"{site.url}/items/{site.outbox_item}")
    find(browser, "#add-photos-input").send_keys(str(FIXTURES / "not-an-image.txt"))
    wait(browser, 20).until(lambda b: find_all(b, ".upload-list .upload-status.failed"))
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    find(browser, "#add-photos-input").send_keys(f"{FIXTURES / 'photo-1.jpg'}\n{FIXTURES / 'photo-2.jpg'}")
    wait(browser).until(lambda b: find(b, "#outbox-count").text == "3" and "network" in find(b, ".upload-list").text)


def open_picker(browser, site):
    browser.get(f"{site.url}/items/{site.camera}")
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")


def browse_library_in_picker(browser, site):
    open_picker(browser, site)
    find(browser, '#image-picker [data-action="photo-library"]').click()
    wait(browser).until(lambda b: find_all(b, "#image-picker .picker-group"))


def open_album(browser, site):
    browser.get(site.url + "/library")
    next(card for card in find_all(browser, "a.group-card") if "Lisbon" in card.text).click()
    wait(browser).until(lambda b: find_all(b, ".grid-cell"))


def open_viewer(browser, site):
    open_album(browser, site)
    find_all(browser, ".grid-cell")[1].click()
    visible(browser, "#viewer-image")


def sign_in(browser, server, password=PASSWORD):
    browser.get(server.url + "/signin")
    find(browser, "#signin-name").send_keys("olivia")
    find(browser, "#signin-password").send_keys(password)
    find(browser, ".auth-card button[type=submit]").click()


def preview_import(browser, site, text=None, path=None):
    """The Import page's preview of a file holding `text`, or of the file at `path` (a preview writes nothing)."""
    send_import(browser, site, text, path)
    visible(browser, ".import-counts")


def send_import(browser, site, text=None, path=None):
    """The Import page's form sent with a file holding `text`, or the file at `path`."""
    if path is None:
        path = Path(tempfile.mkdtemp(prefix="homepwner-a11y-import-")) / "homebox-export.csv"
        path.write_text(text)
    browser.get(site.url + "/import")
    find(browser, 'input[type="file"]').send_keys(str(path))
    find(browser, '.import-card button[type="submit"]').click()


def homebox_backup():
    folder = Path(tempfile.mkdtemp(prefix="homepwner-a11y-backup-"))
    return write_backup(folder / "homebox-backup.zip", "Cordless Drill", (FIXTURES / "photo-1.jpg").read_bytes(), minimal_pdf("Receipt"))


def our_export(site):
    """The site's own export, fetched as a browser would download it."""
    path = Path(tempfile.mkdtemp(prefix="homepwner-a11y-export-")) / "homepwner-export.zip"
    with urllib.request.urlopen(site.url + "/api/v1/export?format=homepwner") as response:
        path.write_bytes(response.read())
    return path


def shared_claim(site):
    """A claim of everything in the site, shared with its adjuster (made once): the link's path."""
    if not hasattr(site, "shared_path"):
        claim = site.api("POST", "/api/v1/claims", {"name": "Study fire", "lossDate": "2026-03-14", "cause": "Fire", "insurer": "Acme Mutual"})
        lines = site.api("POST", f"/api/v1/claims/{claim['id']}/items", {"all": True})["claim"]["items"]
        # Two lines bundled, so the claim's page lists a bundle and the adjuster's page names it on its lines.
        site.api("POST", f"/api/v1/claims/{claim['id']}/bundles", {"name": "Lot of study things", "lines": [line["itemId"] for line in lines[:2]]})
        # A living expense, so the adjuster's page shows its expenses card.
        site.api("POST", f"/api/v1/claims/{claim['id']}/expenses", {"category": "hotel", "date": "2026-03-15", "description": "Hotel Marigold", "amount": "567.00"})
        expires = (datetime.now() + timedelta(days=30)).date().isoformat()
        link = site.api("POST", f"/api/v1/claims/{claim['id']}/links", {"expires": expires, "label": "Acme adjuster"})
        site.claim = claim["id"]
        site.shared_path = urllib.parse.urlparse(link["url"]).path
    return site.shared_path


def packed_claim(site):
    """A box packed in the pantry and moved to the hall, an item of a claim in it, the claim shared (made once)."""
    if not hasattr(site, "packed"):
        pantry = site.api("POST", "/api/v1/locations", {"name": "Pantry"})["id"]
        box = site.api("POST", "/api/v1/locations", {"name": "Pantry box 1", "parentId": pantry, "isBox": True})["id"]
        jars = site.api("POST", "/api/v1/items", {"name": "Jars", "locationId": pantry})["id"]
        site.api("PATCH", f"/api/v1/items/{jars}", {"locationId": box})
        hall = site.api("POST", "/api/v1/locations", {"name": "Hall"})["id"]
        site.api("PATCH", f"/api/v1/locations/{box}", {"parentId": hall})
        claim = site.api("POST", "/api/v1/claims", {"name": "Pantry flood", "lossDate": "2026-03-14", "items": [{"itemId": jars}]})["id"]
        expires = (datetime.now() + timedelta(days=30)).date().isoformat()
        link = site.api("POST", f"/api/v1/claims/{claim}/links", {"expires": expires})
        site.packed = {"box": box, "item": jars, "claim": claim, "shared": urllib.parse.urlparse(link["url"]).path}
    return site.packed


def refuse_box_move(browser, site):
    """Move this box sent with the box itself as its destination (as a page left open while the places changed would)."""
    box = packed_claim(site)["box"]
    browser.get(f"{site.url}/locations/{box}")
    browser.execute_script("const s = document.querySelector('#move-parentId'); s.options[s.selectedIndex].value = String(arguments[0]);", box)
    find(browser, ".box-move button[type=submit]").click()
    visible(browser, ".box-move .form-error")


def open_owed_claim(browser, site, line=None):
    """A claim with a deductible and a payment above what its line can be owed (made once): its page, or its second line's."""
    if not hasattr(site, "owed_claim"):
        site.owed_claim = owed_claim(site)
    claim = site.owed_claim
    if line is None:
        browser.get(f"{site.url}/claims/{claim['id']}")
    else:
        browser.get(f"{site.url}/claims/{claim['id']}/lines/{claim['items'][line]['itemId']}")
    visible(browser, ".claim-warnings")


def make_claim_link(browser, site):
    shared_claim(site)
    browser.get(f"{site.url}/claims/{site.claim}/links")
    find(browser, "#claim-link-label").send_keys("Second adjuster")
    find(browser, ".claim-link-form button[type=submit]").click()
    visible(browser, "#new-claim-link")


HOMEBOX_EXPORT = ("HB.import_ref,HB.name,HB.location,HB.tags,HB.quantity,HB.url\n"
                  "a1,Drill,Home / Garage,Tools,1,http://homebox/item/1\nb2,Saw,Home / Garage,Tools; Garden,2,\n")
HOMEBOX_EXPORT_WITH_MISTAKES = "HB.name,HB.location,HB.quantity,HB.insured\nDrill,Garage,-1.5,maybe\n,Garage,1,no\nSaw,Garage\n"
HOMEBOX_EXPORT_ROUNDED = "HB.name,HB.location,HB.quantity\nThread,Sewing box,0.3333333333333333\nWall paint,Garage,2.5\n"


# name → how to get there from a fresh browser: (site, accounts, backups or full_disk, steps).
STATES = {
    "item list": ("site", lambda b, s: b.get(s.url + "/")),
    "reminders": ("site", lambda b, s: b.get(s.url + "/reminders")),
    "item list, backup failed": ("backups", lambda b, s: (b.get(s.url + "/"), visible(b, "#backup-notice"), visible(b, "#backup-status"))),
    "item list, editing": ("site", lambda b, s: b.get(s.url + "/?edit=1")),
    "item list, by room": ("site", lambda b, s: b.get(s.url + "/?view=rooms")),
    "item list, search with filters open": ("site", lambda b, s: b.get(s.url + "/?q=cam&condition=good")),
    "item list, nothing found": ("site", lambda b, s: b.get(s.url + "/?q=zzzz")),
    "places": ("site", lambda b, s: b.get(s.url + "/locations")),
    "fix next": ("site", lambda b, s: b.get(s.url + "/fix")),
    "drafts": ("walked", lambda b, s: b.get(s.url + "/drafts")),
    "drafts of a place, merge open": ("walked", lambda b, s: (b.get(f"{s.url}/drafts?location={s.hall}"),
                                                              find(b, ".draft-more summary").click(), visible(b, ".draft-merge-form"))),
    "drafts, a name refused": ("walked", lambda b, s: (b.get(s.url + "/drafts"), b.switch_to.active_element.send_keys(" \n"),
                                                       visible(b, ".draft-error"))),
    "item list with drafts": ("walked", lambda b, s: b.get(s.url + "/")),
    "fix next with drafts": ("walked", lambda b, s: b.get(s.url + "/fix")),
    "place with drafts": ("walked", lambda b, s: b.get(f"{s.url}/locations/{s.hall}")),
    "walk a room, choosing the place": ("walked", lambda b, s: b.get(s.url + "/walk")),
    "walk a room, no camera": ("walked", lambda b, s: (b.get(f"{s.url}/locations/{s.hall}/walk"), visible(b, "#walk-reason"))),
    "location picker": ("site", lambda b, s: (b.get(f"{s.url}/items/{s.camera}"),
                                              b.execute_script("document.querySelector('.picker-button[popovertarget=location-picker]').click()"),
                                              visible(b, "#location-picker"))),
    "tag picker": ("site", lambda b, s: (b.get(f"{s.url}/items/{s.camera}"),
                                         b.execute_script("document.querySelector('.picker-button[popovertarget=tag-picker]').click()"),
                                         visible(b, "#tag-picker"))),
    "select mode": ("site", lambda b, s: b.get(s.url + "/?select=1")),
    "print labels of the ticked items": ("site", lambda b, s: (
        b.get(s.url + "/?select=1"), [b.execute_script("arguments[0].click()", box) for box in find_all(b, "input[name=ids]")[:2]],
        b.execute_script("document.querySelector('#bulk-action').value = 'printLabels'"), find(b, "#bulk-form button[type=submit]").click(),
        visible(b, ".print-labels .print-label select"))),
    "library, linking evidence": ("site", lambda b, s: b.get(f"{s.url}/library?pick={s.camera}&as=evidence")),
    "library, days taken with a mistake": ("site", lambda b, s: b.get(f"{s.url}/library/dates?from=2020-09-20&to=2020-09-13&pick={s.camera}&as=evidence")),
    "library, photos of days taken": ("site", lambda b, s: b.get(f"{s.url}/library/dates?from=2020-09-13&to=2020-09-16&pick={s.camera}&as=evidence")),
    "library, days with no photo": ("site", lambda b, s: b.get(f"{s.url}/library/dates?from=2001-01-01")),
    "place editor": ("site", lambda b, s: b.get(s.url + "/locations/1")),
    "export": ("site", lambda b, s: b.get(s.url + "/export")),
    "new item sheet": ("site", lambda b, s: (b.get(s.url + "/"), find(b, '.top-bar [data-action="new-item"]').click(),
                                             visible(b, "#new-item-sheet"))),
    "new item sheet with errors": ("site", lambda b, s: (b.get(s.url + "/"), find(b, '.top-bar [data-action="new-item"]').click(),
                                                         visible(b, "#new-item-sheet"),
                                                         find(b, '#new-item-sheet button[type="submit"]').click(),
                                                         visible(b, "#new-item-sheet .field-error"))),
    "photo popover": ("site", lambda b, s: (b.get(s.url + "/"), find(b, "button.thumbnail").click(), visible(b, "#photo-popover img"))),
    "delete confirmation": ("site", lambda b, s: (b.get(s.url + "/?edit=1"), find(b, ".delete-button").click(),
                                                  visible(b, "#confirm-delete"))),
    "item detail": ("site", lambda b, s: b.get(f"{s.url}/items/{s.camera}")),
    "item detail with suggestions": ("site", open_item_with_suggestions),
    "item detail, errors and disposal open": ("site", lambda b, s: (
        b.get(f"{s.url}/items/{s.camera}"), b.execute_script("document.querySelector('details.disposal').open = true"),
        find(b, "#item-purchasePrice").send_keys("lots"), find(b, '.item-form button[type="submit"]').click(),
        visible(b, '.field[data-field="purchasePrice"] .field-error'))),
    "outbox, photos waiting on an item's page": ("site", fill_the_outbox),
    "outbox list, failed and waiting": ("site", lambda b, s: (fill_the_outbox(b, s), find(b, "#outbox-button").click(),
                                                             visible(b, "#outbox-list .outbox-actions"))),
    "picker": ("site", open_picker),
    "picker, photo library": ("site", browse_library_in_picker),
    "picker, album": ("site", lambda b, s: (browse_library_in_picker(b, s), find(b, "#image-picker .picker-group").click(),
                                            wait(b).until(lambda d: find_all(d, "#image-picker .picker-cell")))),
    "delete page (no script)": ("site", lambda b, s: b.get(f"{s.url}/items/{s.camera}/delete")),
    "not found": ("site", lambda b, s: b.get(s.url + "/no/such/page")),
    "disk full": ("full_disk", upload_onto_a_full_disk),
    "library": ("site", lambda b, s: b.get(s.url + "/library")),
    "album": ("site", open_album),
    "viewer": ("site", open_viewer),
    "viewer, info": ("site", lambda b, s: (open_viewer(b, s), find(b, ".info-toggle").click(), visible(b, "#viewer-info"))),
    "import": ("site", lambda b, s: b.get(s.url + "/import")),
    "import, done": ("site", lambda b, s: b.get(s.url + "/import?added=3&updated=1&locations=2&tags=1")),
    "import preview": ("site", lambda b, s: preview_import(b, s, HOMEBOX_EXPORT)),
    "import preview with errors": ("site", lambda b, s: preview_import(b, s, HOMEBOX_EXPORT_WITH_MISTAKES)),
    "import preview, a quantity rounded": ("site", lambda b, s: preview_import(b, s, HOMEBOX_EXPORT_ROUNDED)),
    "import preview, Homebox backup": ("site", lambda b, s: preview_import(b, s, path=homebox_backup())),
    "import preview, our export into an inventory that is not empty": ("site", lambda b, s: preview_import(b, s, path=our_export(s))),
    "import, done with photos and documents": ("site", lambda b, s: b.get(s.url + "/import?added=3&updated=0&locations=2&tags=1&photos=4&documents=2")),
    "claims, none yet": ("backups", lambda b, s: b.get(s.url + "/claims")),
    "claims": ("site", lambda b, s: b.get(s.url + "/claims")),
    "new claim sheet": ("site", lambda b, s: (b.get(s.url + "/claims"), find(b, '.top-bar [popovertarget="new-claim"]').click(),
                                              visible(b, "#new-claim"))),
    "new claim with errors": ("site", lambda b, s: (b.get(s.url + "/claims"), find(b, '.top-bar [popovertarget="new-claim"]').click(),
                                                    visible(b, "#new-claim"), find(b, '#new-claim button[type="submit"]').click(),
                                                    visible(b, ".claims-layout > .card .form-error"))),
    "claim": ("site", lambda b, s: b.get(f"{s.url}/claims/{s.claim}")),
    "claim, details open": ("site", lambda b, s: (b.get(f"{s.url}/claims/{s.claim}"), find(b, ".claim-edit > summary").click(),
                                                  visible(b, ".claim-form"))),
    "claim, adding items": ("site", lambda b, s: (b.get(f"{s.url}/claims/{s.claim}"), find(b, '[popovertarget="claim-chooser"]').click(),
                                                  visible(b, "#claim-chooser"))),
    "claim line": ("site", lambda b, s: b.get(f"{s.url}/claims/{s.claim}/lines/{s.camera}")),
    "claim, living expenses": ("site", lambda b, s: (expenses_on_claim(s), b.get(f"{s.url}/claims/{s.claim}"), visible(b, ".expense-list"))),
    "claim, a living expense refused": ("site", refuse_expense),
    "claim, what is owed with an overpayment": ("site", open_owed_claim),
    "claim line, paid above what it can be owed": ("site", lambda b, s: open_owed_claim(b, s, line=1)),
    "coverage": ("site", lambda b, s: b.get(s.url + "/coverage")),
    "useful lives": ("site", lambda b, s: b.get(s.url + "/useful-lives")),
    "share with the adjuster": ("site", lambda b, s: (shared_claim(s), b.get(f"{s.url}/claims/{s.claim}/links"))),
    "share with the adjuster, a new link": ("site", make_claim_link),
    "adjuster's page": ("site", lambda b, s: (b.get(s.url + shared_claim(s)), visible(b, ".shared-item"))),
    "adjuster's page, a photo in the viewer": ("site", lambda b, s: (b.get(s.url + shared_claim(s)), find(b, ".shared-photo a").click(),
                                                                   visible(b, "#viewer-image"))),
    "adjuster's page, a link that does not work": ("site", lambda b, s: b.get(s.url + "/shared/" + "x" * 43)),
    "sign-in": ("accounts", lambda b, s: b.get(s.url + "/signin")),
    "sign-in, wrong password": ("accounts", lambda b, s: (sign_in(b, s, "not the password"), visible(b, ".form-error"))),
    "account": ("accounts", lambda b, s: (sign_in(b, s), wait(b).until(lambda d: d.current_url.rstrip("/") == s.url),
                                          b.get(s.url + "/account"))),
    "offline copy": ("home", show_offline_copy),
    "offline copy, why": ("home", lambda b, s: show_offline_copy(b, s, why=True)),
    "update notice": ("home", show_update_notices),
    "item list, due soon": ("site", lambda b, s: (b.get(s.url + "/"), visible(b, "#due-soon"))),
    "account, a new calendar address": ("accounts", lambda b, s: (sign_in(b, s), wait(b).until(lambda d: d.current_url.rstrip("/") == s.url),
                                                                  b.get(s.url + "/account"), find(b, ".calendar-feed button[type=submit]").click(),
                                                                  visible(b, ".calendar-url"))),
    "accounts (owner)": ("accounts", lambda b, s: (sign_in(b, s), wait(b).until(lambda d: d.current_url.rstrip("/") == s.url),
                                                   b.get(s.url + "/users"))),
    "box, just moved": ("site", lambda b, s: (b.get(f"{s.url}/locations/{packed_claim(s)['box']}?moved=1"), visible(b, ".box-move .notice"))),
    "box, a move refused": ("site", refuse_box_move),
    "item packed in a box": ("site", lambda b, s: (b.get(f"{s.url}/items/{packed_claim(s)['item']}"), visible(b, ".item-packing"))),
    "claim, pack-out list": ("site", lambda b, s: (b.get(f"{s.url}/claims/{packed_claim(s)['claim']}"), visible(b, "#pack-out"))),
    "adjuster's page, pack-out list": ("site", lambda b, s: (b.get(s.url + packed_claim(s)["shared"]), visible(b, "#pack-out"))),
    "adjuster's page in Arabic": ("site", lambda b, s: (b.get(s.url + packed_claim(s)["shared"] + "?lang=ar"), visible(b, "#pack-out"))),
    "item page in German": ("site", lambda b, s: b.get(f"{s.url}/items/{s.camera}?lang=de")),
    "exchange rates": ("site", lambda b, s: b.get(s.url + "/settings/exchange-rates")),
    "exchange rates, fetched in German": ("fetching", lambda b, s: rates_after_a_fetch(b, s, "success", "de")),
    "exchange rates, fetch failed in Arabic": ("fetch_failing", lambda b, s: rates_after_a_fetch(b, s, "warning", "ar")),
    "sign-in in Arabic": ("accounts", lambda b, s: b.get(s.url + "/signin?lang=ar")),
    "account in German": ("accounts", lambda b, s: (sign_in(b, s), wait(b).until(lambda d: d.current_url.rstrip("/") == s.url),
                                                    b.get(s.url + "/account?lang=de"))),
    "claims in French": ("site", lambda b, s: b.get(s.url + "/claims?lang=fr")),
    "not found in Arabic": ("site", lambda b, s: b.get(s.url + "/no/such/page?lang=ar")),
}


@pytest.mark.parametrize("state", STATES, ids=list(STATES))
def test_every_page_and_state_passes_the_audit(state, request, browser):
    where, steps = STATES[state]
    steps(browser, request.getfixturevalue(where))
    assert_accessible(browser, state)


def test_the_setup_page_and_an_unreadable_library_pass_the_audit(browser):
    missing = Path(tempfile.gettempdir()) / "homepwner-no-such-library"
    server = Server("--library", str(missing))
    try:
        setup = server.wait_for_output(r"(/setup/\S+)")
        browser.get(server.url + setup.group(1))
        visible(browser, "form")
        assert_accessible(browser, "setup")
        browser.get(server.url + "/library")
        visible(browser, ".unavailable")
        assert_accessible(browser, "library unavailable")
    finally:
        server.stop()


LANGUAGES = {"de": "ltr", "fr": "ltr", "ar": "rtl"}


def in_language(browser, language, state):
    """The page is in `language`, laid out in its direction, and passes the audit."""
    lang, direction = browser.execute_script(
        "return [document.documentElement.lang, getComputedStyle(document.body).direction]")
    assert (lang, direction) == (language, LANGUAGES[language]), f"{state} in {language}: {lang} {direction}"
    assert_accessible(browser, f"{state} in {language}")


def test_the_seed_flows_and_a_claim_in_german_french_and_arabic(device, site):
    """The three seeds' flows in the browser's language, found by what the browser asks for (no
    `?lang=`; a browser of its own for each language, as its service worker asks in it too): the
    list's thumbnail opens the photo's popover; the item's camera button opens the picker (a popover
    on an iPad, the whole screen on a phone); the library's album in rows of 4 and a photo in the
    viewer; then the household's claims and the claim's own page, and the adjuster's page in the
    claim's language chosen for one request."""
    shared = shared_claim(site)
    for language in LANGUAGES:
        browser = make_driver(device, language=language)
        browser.device = device
        try:
            browser.get(site.url + "/")
            find(browser, "button.thumbnail").click()
            visible(browser, "#photo-popover img")
            in_language(browser, language, "photo popover")

            open_picker(browser, site)
            picker = find(browser, "#image-picker")
            wide = browser.execute_script("return arguments[0].getBoundingClientRect().width >= innerWidth - 1", picker)
            assert wide == (browser.device == "iphone"), f"the picker fills a phone's screen and is a popover on an iPad ({language})"
            in_language(browser, language, "picker")

            open_album(browser, site)
            first, second, *_ = browser.execute_script(
                "return [...document.querySelectorAll('#photo-grid .grid-cell')].map(c => c.getBoundingClientRect().toJSON())")
            cells = browser.execute_script(
                "const cells = [...document.querySelectorAll('#photo-grid .grid-cell')];"
                "return cells.filter(c => Math.round(c.getBoundingClientRect().y) === Math.round(cells[0].getBoundingClientRect().y)).length")
            if browser.device == "iphone":
                assert cells == 4, f"an album shows rows of 4 on a phone ({language}): {cells}"
            assert (second["x"] < first["x"]) == (LANGUAGES[language] == "rtl"), f"the grid runs in the language's direction ({language})"
            in_language(browser, language, "album")
            find_all(browser, ".grid-cell")[1].click()
            visible(browser, "#viewer-image")
            in_language(browser, language, "viewer")

            browser.get(f"{site.url}/claims")
            in_language(browser, language, "claims")
            browser.get(f"{site.url}/claims/{site.claim}")
            visible(browser, ".claim-lines, .claim-line-cards, main h1, main h2")
            in_language(browser, language, "claim")
            browser.get(f"{site.url}{shared}?lang={language}")
            visible(browser, ".shared-item")
            in_language(browser, language, "adjuster's page")
        finally:
            browser.quit()


CUT_OFF = """
const cut = [];
for (const element of document.querySelectorAll("body *")) {
  if (!element.getClientRects().length || element.closest("[hidden], [popover]:not(:popover-open)")) continue;
  const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
  if (!own) continue;
  const style = getComputedStyle(element);
  // Text only a screen reader reads (clipped to nothing on purpose) is not cut off.
  if (style.clipPath !== "none" || element.getBoundingClientRect().width <= 2) continue;
  const clips = ["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis";
  if (clips && element.scrollWidth > element.clientWidth + 1) {
    cut.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.trim().slice(0, 60)}`);
  }
}
if (document.documentElement.scrollWidth > innerWidth + 1) cut.push(`the page is ${document.documentElement.scrollWidth}px wide`);
return cut;
"""


def test_translated_pages_in_the_pseudo_locale_cut_no_text_off_on_a_phone(site):
    """The pseudo-locale's words are 40 % longer than US English: on a phone (390 px, the width that
    cuts words off), no translated page clips one of its words or scrolls sideways."""
    shared = shared_claim(site)
    pages = ["/", f"/items/{site.camera}", "/library", "/locations", "/claims", "/export", "/import",
             "/settings/exchange-rates", f"/claims/{site.claim}", shared, "/no/such/page"]
    browser = make_driver("iphone")
    try:
        cut = {}
        for path in pages:
            browser.get(f"{site.url}{path}?lang=en-XA")
            if found := browser.execute_script(CUT_OFF):
                cut[path] = found
        open_album(browser, site)
        browser.get(browser.current_url + "?lang=en-XA")
        if found := browser.execute_script(CUT_OFF):
            cut["album"] = found
        assert not cut, cut
    finally:
        browser.quit()
