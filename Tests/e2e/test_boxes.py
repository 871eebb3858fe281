"""Boxes at iPad and iPhone size, from the keyboard: a place marked a box, an item packed into it from
the kitchen, the box moved to the garage with Move this box; the item's page says where it was packed
from, and the claim's pack-out list names the box by its label's code, where it is now and the room."""
from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from helpers import find, visible


def press(browser, element, key):
    """Focuses `element` as Tab would and presses `key` on it."""
    browser.execute_script("arguments[0].focus()", element)
    element.send_keys(key)


def test_a_box_is_marked_packed_moved_and_listed_in_the_claim(server, browser, screenshot):
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})["id"]
    server.api("POST", "/api/v1/locations", {"name": "Garage"})
    box = server.api("POST", "/api/v1/locations", {"name": "Kitchen box 1", "parentId": kitchen})["id"]
    plates = server.api("POST", "/api/v1/items", {"name": "Dinner plates", "locationId": kitchen})["id"]

    # Marked a box on its page: the checkbox with the space bar, saved with Enter.
    browser.get(f"{server.url}/locations/{box}")
    checkbox = find(browser, "#location-isBox")
    press(browser, checkbox, Keys.SPACE)
    assert checkbox.is_selected()
    press(browser, find(browser, ".location-form button[type=submit]"), Keys.ENTER)
    visible(browser, ".location-list")
    assert server.api("GET", f"/api/v1/locations/{box}")["isBox"] is True

    server.api("PATCH", f"/api/v1/items/{plates}", {"locationId": box})

    # Moved from the keyboard: the destination chosen by typing its name, Move Box with Enter.
    browser.get(f"{server.url}/locations/{box}")
    destination = find(browser, "#move-parentId")
    press(browser, destination, "Garage")
    press(browser, find(browser, ".box-move button[type=submit]"), Keys.ENTER)
    notice = visible(browser, ".box-move .notice")
    assert "moved to Garage, with everything inside." in notice.text
    code = notice.text.split()[1]
    assert code.startswith("P")
    screenshot("box-moved")
    assert_accessible(browser, "box, just moved")
    assert server.api("GET", f"/api/v1/locations/{box}")["path"] == "Garage / Kitchen box 1"
    assert server.api("GET", f"/api/v1/items/{plates}")["locationId"] == box

    browser.get(f"{server.url}/items/{plates}")
    assert visible(browser, ".item-packing").text == f"Packed in box {code}, “Kitchen box 1”, from Kitchen."

    claim = server.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "items": [{"itemId": plates}]})
    browser.get(f"{server.url}/claims/{claim['id']}")
    card = visible(browser, "#pack-out")
    assert f"Box {code}, “Kitchen box 1”" in card.text and "Now in Garage" in card.text
    assert "Line 1: Dinner plates" in card.text and "from Kitchen" in card.text
    browser.execute_script("arguments[0].scrollIntoView()", card)
    screenshot("claim-pack-out")
    assert_accessible(browser, "claim, pack-out list")
