"""The seeds' flows with the keyboard alone — add an item, open a thumbnail's photo, take a photo through
the picker, browse an album, zoom a photo — at iPad and iPhone size. Popovers and sheets are dialogs
with a name; focus goes into them, stays in them, and comes back to what opened them."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import FIXTURES
from helpers import find, row_names, visible, wait
from test_viewer import library  # noqa: F401 (the album of large photos, a fixture)


def press(browser, *keys):
    """Presses each key (or types each string) on whatever has the focus."""
    for key in keys:
        ActionChains(browser).send_keys(key).perform()


def shift_tab(browser):
    """Shift+Tab: the shift key held while Tab goes down (send_keys would let it go first)."""
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def focused(browser, selector):
    return browser.execute_script("return !!document.activeElement?.matches(arguments[0])", selector)


def focus_is_inside(browser, selector):
    return browser.execute_script("return !!document.querySelector(arguments[0])?.contains(document.activeElement)", selector)


def tab_to(browser, selector, text="", limit=60):
    """Presses Tab until the focus is on an element matching `selector` (and holding `text`)."""
    for _ in range(limit):
        if focused(browser, selector) and text in browser.execute_script("return document.activeElement.textContent"):
            return
        press(browser, Keys.TAB)
    pytest.fail(f"Tab never reached {selector}; the focus is on "
                f"{browser.execute_script('return document.activeElement?.outerHTML.slice(0, 120)')}")


def dialog_name(browser, selector):
    """The element's role and accessible name, as the browser's accessibility tree has them."""
    node = browser.execute_cdp_cmd("Accessibility.getPartialAXTree", {
        "backendNodeId": browser.execute_cdp_cmd("DOM.describeNode", {
            "objectId": browser.execute_cdp_cmd("Runtime.evaluate", {"expression": f"document.querySelector({selector!r})"})["result"]["objectId"],
        })["node"]["backendNodeId"],
        "fetchRelatives": False,
    })["nodes"][0]
    return node["role"]["value"], node.get("name", {}).get("value", "")


def assert_focus_stays_inside(browser, selector, presses=8):
    for _ in range(presses):
        press(browser, Keys.TAB)
        assert focus_is_inside(browser, selector), f"Tab left {selector} for {browser.execute_script('return document.activeElement?.outerHTML.slice(0, 100)')}"
    for _ in range(presses):
        shift_tab(browser)
        assert focus_is_inside(browser, selector), f"Shift+Tab left {selector}"


def is_open(browser, selector):
    return browser.execute_script("const e = document.querySelector(arguments[0]); return e.matches(':popover-open') || !!e.open", selector)


def assert_dialog_round_trip(browser, selector, name, opener):
    """An open popover or sheet is a dialog called `name` that holds the focus until Esc closes it and
    gives the focus back to `opener`."""
    assert dialog_name(browser, selector) == ("dialog", name)
    assert focus_is_inside(browser, selector)
    assert_focus_stays_inside(browser, selector)
    press(browser, Keys.ESCAPE)
    wait(browser).until(lambda b: not is_open(b, selector))
    wait(browser).until(lambda b: focused(b, opener))


def test_adding_an_item(server, browser):
    browser.get(server.url + "/")
    tab_to(browser, '.top-bar [data-action="new-item"]')
    press(browser, Keys.ENTER)
    visible(browser, "#new-item-sheet")
    assert focused(browser, "#new-name")
    # Esc discards; the + button has the focus again.
    assert_dialog_round_trip(browser, "#new-item-sheet", "New Item", '.top-bar [data-action="new-item"]')
    press(browser, Keys.ENTER)
    visible(browser, "#new-item-sheet")
    press(browser, "Desk Lamp", Keys.TAB, "DL-7", Keys.TAB, "85", Keys.ENTER)
    wait(browser).until(lambda b: row_names(b) == ["Desk Lamp"])
    [item] = server.items()
    assert (item["name"], item["serialNumber"], item["valueInDollars"]) == ("Desk Lamp", "DL-7", 85)


def test_opening_a_thumbnails_photo(server, browser):
    item = server.create_item("Camera", "C-1", 1899)
    server.upload(item["id"], FIXTURES / "photo-1.jpg")
    browser.get(server.url + "/")
    tab_to(browser, "button.thumbnail")
    press(browser, Keys.ENTER)
    visible(browser, "#photo-popover img")
    assert_dialog_round_trip(browser, "#photo-popover", "Photo of Camera", "button.thumbnail")
    # The close button works from the keyboard too.
    press(browser, Keys.ENTER)
    visible(browser, "#photo-popover img")
    press(browser, Keys.ENTER)  # the close button has the focus
    wait(browser).until(lambda b: not is_open(b, "#photo-popover"))
    wait(browser).until(lambda b: focused(b, "button.thumbnail"))


def test_taking_a_photo_through_the_picker(server, browser):
    item = server.create_item("Kettle", "", 30)
    browser.get(f"{server.url}/items/{item['id']}")
    tab_to(browser, ".camera-button")
    press(browser, Keys.ENTER)
    visible(browser, "#image-picker")
    assert_dialog_round_trip(browser, "#image-picker", "Add Photo", ".camera-button")
    # Open it again and choose a file: Enter on "Choose File" opens the system's file chooser, which
    # the test cannot drive; it gives the input the file as that chooser would.
    press(browser, Keys.ENTER)
    visible(browser, "#image-picker")
    tab_to(browser, '#image-picker input[type="file"]:not([capture])')
    browser.switch_to.active_element.send_keys(str(FIXTURES / "photo-2.jpg"))
    wait(browser, 30).until(lambda b: server.api("GET", f"/api/v1/items/{item['id']}")["image"] is not None)
    wait(browser).until(lambda b: not is_open(b, "#image-picker"))
    wait(browser).until(lambda b: focused(b, ".camera-button"))
    assert "Change Photo" in find(browser, ".camera-button").text


def scale(browser):
    return float(browser.execute_script("return document.getElementById('viewer-stage').dataset.scale"))


def test_browsing_an_album_and_zooming_a_photo(library, browser):
    server, photos = library
    browser.get(server.url + "/library")
    tab_to(browser, "a.group-card", text="Trip")
    press(browser, Keys.ENTER)
    visible(browser, "#photo-grid")
    tab_to(browser, ".grid-cell")
    assert browser.execute_script("return document.activeElement.dataset.asset") == photos["order"][0]
    press(browser, Keys.ENTER)
    visible(browser, "#viewer-image")
    wait(browser).until(lambda b: b.execute_script("return !!document.getElementById('viewer-stage').dataset.scale"))
    fit = scale(browser)
    press(browser, "+")
    wait(browser).until(lambda b: scale(b) > fit * 1.4)
    press(browser, "-")
    wait(browser).until(lambda b: abs(scale(b) - fit) < 1e-6)
    # The zoom buttons do the same, and say where the zoom stands.
    tab_to(browser, ".viewer-zoom .zoom-in")
    assert find(browser, ".zoom-out").get_attribute("aria-disabled") == "true"
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: scale(b) > fit * 1.4)
    wait(browser).until(lambda b: "Zoomed to 150 %" in find(b, "#viewer-zoom-status").get_attribute("textContent"))
    assert find(browser, ".zoom-out").get_attribute("aria-disabled") == "false"
    tab_to(browser, ".viewer-zoom .zoom-fit")
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: abs(scale(b) - fit) < 1e-6)
    wait(browser).until(lambda b: "fits the screen" in find(b, "#viewer-zoom-status").get_attribute("textContent"))
    # The next photo, then back to the album, where the photo seen last has the focus.
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: b.current_url.split("?")[0].endswith(photos["order"][1]))
    visible(browser, "#viewer-image")
    press(browser, Keys.ESCAPE)
    wait(browser).until(lambda b: "/library/groups/" in b.current_url)
    wait(browser).until(lambda b: b.execute_script("return document.activeElement?.dataset?.asset") == photos["order"][1])


def test_picking_a_library_photo_through_the_picker(library, browser):
    server, photos = library
    item = server.create_item("Lamp", "", 40)
    browser.get(f"{server.url}/items/{item['id']}")
    tab_to(browser, ".camera-button")
    press(browser, Keys.ENTER)
    visible(browser, "#image-picker")
    tab_to(browser, '#image-picker [data-action="photo-library"]')
    press(browser, Keys.ENTER)
    # The focus follows what the picker shows: the first group, then the group's first photo.
    wait(browser).until(lambda b: focused(b, "#image-picker .picker-group"))
    tab_to(browser, "#image-picker .picker-group", text="Trip")
    assert_focus_stays_inside(browser, "#image-picker", presses=4)
    tab_to(browser, "#image-picker .picker-group", text="Trip")
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: focused(b, "#image-picker .picker-cell"))
    # Back, and back again to the three choices, without losing the focus on the way.
    shift_tab(browser)
    assert focused(browser, "#image-picker .picker-library-bar button")
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: focused(b, "#image-picker .picker-group"))
    tab_to(browser, "#image-picker .picker-library-bar button")
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: focused(b, '#image-picker [data-action="photo-library"]'))
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: focused(b, "#image-picker .picker-group"))
    tab_to(browser, "#image-picker .picker-group", text="Trip")
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: focused(b, "#image-picker .picker-cell"))
    press(browser, Keys.ENTER)
    wait(browser, 30).until(lambda b: server.api("GET", f"/api/v1/items/{item['id']}")["image"] is not None)
    wait(browser).until(lambda b: focused(b, ".camera-button"))


def test_deleting_from_the_list_asks_first(server, browser):
    server.create_item("Old Phone", "", 10)
    browser.get(server.url + "/?edit=1")
    tab_to(browser, ".delete-button")
    press(browser, Keys.ENTER)
    visible(browser, "#confirm-delete")
    assert focused(browser, '#confirm-delete button[value="cancel"]')
    assert_dialog_round_trip(browser, "#confirm-delete", "Delete “Old Phone”?", ".delete-button")
    assert len(server.items()) == 1
    press(browser, Keys.ENTER)
    visible(browser, "#confirm-delete")
    tab_to(browser, '#confirm-delete button[value="delete"]')
    press(browser, Keys.ENTER)
    wait(browser).until(lambda b: server.items() == [])
