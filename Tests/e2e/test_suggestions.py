"""What was read on an item's photos and receipts, shown under the field it fills on the item page,
used and dismissed there, at iPad and iPhone size."""
import json
import time
import urllib.request

from conftest import FIXTURES
from helpers import find, find_all, visible, wait

CAPTURE = FIXTURES / "public" / "capture"


def send(server, path, body, content_type):
    request = urllib.request.Request(server.url + path, data=body, method="POST",
                                     headers={"Content-Type": content_type, "Accept": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read().decode())


def suggested_item(server):
    """A heat pump with its serial plate photo and a receipt, once both are read: its id."""
    item = server.create_item("Heat pump", "", 2400)
    send(server, f"/api/v1/items/{item['id']}/photos?kind=serial", (CAPTURE / "plates" / "synthetic-plate-07.jpg").read_bytes(), "image/jpeg")
    send(server, f"/api/v1/items/{item['id']}/documents?kind=receipt&name=Receipt",
         (CAPTURE / "receipts" / "own-receipt-us.png").read_bytes(), "image/png")
    # The limit only stops a hung reader from hanging the test.
    deadline = time.monotonic() + 180
    while server.api("GET", f"/api/v1/items/{item['id']}/suggestions")["pending"]:
        assert time.monotonic() < deadline, "the photo and the receipt were still being read after 3 minutes"
        time.sleep(0.2)
    return item["id"]


def suggestions_under(browser, field):
    return find_all(browser, f'.suggested-field:has([data-field="{field}"]) .suggestion')


def press(browser, button):
    """Clicks a button once it is in the middle of the screen (not under the form's sticky Save bar)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_a_suggestion_is_used_and_dismissed_under_its_field(server, browser):
    item = suggested_item(server)
    browser.get(f"{server.url}/items/{item}")
    visible(browser, ".field-suggestions")
    serial = suggestions_under(browser, "serialNumber")
    assert [s.find_element("css selector", "strong").text for s in serial] == ["8283337497"]
    assert suggestions_under(browser, "purchaseDate"), "the receipt's date is offered under Purchase date"
    # Use: the field holds it once the page comes back, and it is offered no more.
    press(browser, serial[0].find_element("css selector", ".suggestion-actions .primary"))
    wait(browser).until(lambda b: b.find_element("id", "item-serialNumber").get_attribute("value") == "8283337497")
    assert not suggestions_under(browser, "serialNumber")
    # Dismiss: gone from under its field, the rest still there.
    model = suggestions_under(browser, "model")
    assert model, "the plate's model is offered under Model"
    press(browser, model[0].find_elements("css selector", ".suggestion-actions button")[1])
    wait(browser).until(lambda b: not suggestions_under(b, "model"))
    assert suggestions_under(browser, "purchaseDate")
    # The item's own Save still saves the form.
    find(browser, "#item-notes").send_keys("In the garden")
    press(browser, find(browser, '.item-form .form-actions button[type="submit"]'))
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    assert server.api("GET", f"/api/v1/items/{item}")["notes"] == "In the garden"
