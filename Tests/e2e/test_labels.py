"""Labels at iPad and iPhone size, as a phone meets them: a place's label printed as a PDF, its QR code
read off the page drawn at 300 dpi by zbar, then opened signed out: the sign-in page asks first and
then shows the place; a label of a place deleted since says so (in the accessibility audit)."""
import subprocess
import tempfile
from pathlib import Path

import pytest

import harness
from accessibility import assert_accessible
from conftest import BINARY, Server
from helpers import find, visible, wait

PASSWORD = "password123"


def scan(pdf):
    """The addresses in the QR codes of a label sheet's first page, drawn at 300 dpi and read by zbar."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "labels.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-png", "-singlefile", f"{folder}/labels.pdf", f"{folder}/page"],
                       check=True)
        read = subprocess.run(["zbarimg", "--quiet", "--raw", f"{folder}/page.png"], capture_output=True, text=True, check=True)
        return read.stdout.split()


def printed_label(get, location_id):
    """The address on the label of place `location_id`, printed through `get(path) -> PDF bytes` and scanned."""
    (address,) = scan(get(f"/api/v1/labels.pdf?locations={location_id}&stock=avery-5163"))
    return address


@pytest.fixture(scope="module")
def labelled():
    """A server with an owner, a box with things in it and the label of a shelf deleted since."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-labels-")
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    server = Server(data=data)
    client = harness.Client(server.url)
    client.sign_in("olivia", PASSWORD)

    def get(path):
        status, _, body = client.request("GET", path, browser=True)
        assert status == 200, body[:300]
        return body

    server.box = client.json("POST", "/api/v1/locations", {"name": "Box 12: winter clothes"}, browser=True)[0]["id"]
    for name in ("Scarves", "Gloves"):
        client.json("POST", "/api/v1/items", {"name": name, "locationId": server.box}, browser=True)
    server.box_label = printed_label(get, server.box)
    shelf = client.json("POST", "/api/v1/locations", {"name": "Shelf under the stairs"}, browser=True)[0]["id"]
    server.shelf_label = printed_label(get, shelf)
    client.json("DELETE", f"/api/v1/locations/{shelf}", browser=True)
    yield server
    server.stop()


def test_a_scanned_label_asks_to_sign_in_then_opens_its_place(labelled, browser):
    assert labelled.box_label.startswith(labelled.url + "/l/P"), labelled.box_label
    browser.get(labelled.box_label)
    find(browser, "#signin-name").send_keys("olivia")
    find(browser, "#signin-password").send_keys(PASSWORD)
    find(browser, ".auth-card button[type=submit]").click()
    wait(browser).until(lambda d: d.current_url == f"{labelled.url}/locations/{labelled.box}")
    assert find(browser, "#location-name").get_attribute("value") == "Box 12: winter clothes"
    assert visible(browser, ".print-label")

    browser.get(labelled.shelf_label)
    assert "This place was deleted" in find(browser, ".error-card h2").text
    assert "“Shelf under the stairs”" in find(browser, ".error-card").text
    assert_accessible(browser, "a label of a deleted place")
