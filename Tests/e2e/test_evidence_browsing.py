"""Finding old library photos of a possession, at iPad and iPhone size, with the keyboard: the events of
the room it is kept in, and the photos taken between two days."""
import shutil

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import Server
from helpers import find, find_all, visible, wait
from test_library import make_library, wait_until_ready


@pytest.fixture
def kitchen():
    """A library whose photos are a day apart from 2020-09-13 (the same day in each album), and a
    kitchen where a kettle is linked to the first kitchen photo."""
    root = make_library({"Home/Kitchen": 3, "Trips": 2})
    server = Server("--library", str(root))
    wait_until_ready(server)
    place = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    kettle = server.api("POST", "/api/v1/items", {"name": "Kettle", "locationId": place["id"]})
    album = next(g for g in server.api("GET", "/api/v1/library/groups") if g["name"] == "Kitchen")
    first = server.api("GET", f"/api/v1/library/groups/{album['id']}/assets")["assets"][0]
    server.api("POST", f"/api/v1/items/{kettle['id']}/evidence", {"assetId": first["id"]})
    server.toaster = server.api("POST", "/api/v1/items", {"name": "Toaster", "locationId": place["id"]})["id"]
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


def press_enter_on(browser, element):
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    browser.execute_script("arguments[0].focus()", element)
    assert browser.switch_to.active_element == element
    element.send_keys(Keys.ENTER)


def test_the_rooms_events_and_a_date_range_find_old_photos_with_the_keyboard(kitchen, browser, screenshot):
    server, toaster = kitchen, kitchen.toaster
    browser.get(f"{server.url}/items/{toaster}")
    press_enter_on(browser, find(browser, '#evidence a[href*="as=evidence"]'))
    wait(browser).until(lambda b: "as=evidence" in b.current_url)
    title = find(browser, "#place-events-title").text
    assert title == "Photos from Kitchen’s Events"
    cards = find_all(browser, "#place-events a.group-card")
    assert len(cards) == 1, "the day the kettle's photo was taken"
    assert "Sep 13, 2020" in cards[0].text and "2 photos" in cards[0].text, "that day's photos in every album"
    screenshot("library-room-events")

    press_enter_on(browser, cards[0])
    wait(browser).until(lambda b: len(find_all(b, ".pick-form .grid-cell")) == 2)
    press_enter_on(browser, find_all(browser, ".pick-form .grid-cell")[1])
    wait(browser).until(lambda b: f"/items/{toaster}" in b.current_url and len(find_all(b, ".evidence-row")) == 1)

    # Taken between two days, typed: the 14th to the 15th holds three photos in two albums.
    press_enter_on(browser, find(browser, '#evidence a[href*="as=evidence"]'))
    from_field = visible(browser, "#dates-from")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", from_field)
    # Typed as a keyboard user does (a tap would open the phone's date wheel instead).
    browser.execute_script("arguments[0].focus()", from_field)
    from_field.send_keys("09142020")
    to_field = find(browser, "#dates-to")
    browser.execute_script("arguments[0].focus()", to_field)
    to_field.send_keys("09132020")
    to_field.send_keys(Keys.ENTER)
    error = visible(browser, "#dates-to-error")
    assert error.text == "To must be on or after From (2020-09-14)."
    wait(browser).until(lambda b: b.switch_to.active_element == find(b, "#dates-to"), "the page opens at the field to fix")
    assert find(browser, "#dates-from").get_attribute("value") == "2020-09-14", "what was typed stays"
    screenshot("library-dates-error")

    to_field = find(browser, "#dates-to")
    to_field.send_keys("09152020")
    to_field.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: "/library/groups/d" in b.current_url and find_all(b, ".pick-form .grid-cell"))
    assert find(browser, ".top-bar-title").text == "Sep 14 – 15, 2020"
    cells = find_all(browser, ".pick-form .grid-cell")
    assert len(cells) == 3
    labels = [cell.get_attribute("aria-label") for cell in cells]
    assert [label.startswith("Link this photo as evidence: Photo taken") for label in labels] == [True] * 3
    assert sum("September 14, 2020" in label for label in labels) == 2 and "September 15, 2020" in labels[2], labels
    screenshot("library-dates")
    back = find(browser, ".top-bar a")
    assert back.get_attribute("href").endswith(f"/library?pick={toaster}&as=evidence"), "back to the library, still picking"
    press_enter_on(browser, cells[2])
    wait(browser).until(lambda b: f"/items/{toaster}" in b.current_url and len(find_all(b, ".evidence-row")) == 2)
    stored = server.api("GET", f"/api/v1/items/{toaster}")
    assert [link["takenAt"] is None for link in stored["evidence"]] == [True, True], "file dates are not capture dates"
    assert stored["photos"] == [], "linked, not copied"
