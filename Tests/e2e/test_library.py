"""The photo library: groups, the album grid, the unreadable-library page, and picking a library photo
into an item."""
import json
import os
import shutil
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from conftest import FIXTURES, Server
from helpers import find, find_all, rect, visible, wait


def make_library(albums):
    """A library folder: {"Holidays/Lisbon": 9, "Pets": 2} copies fixture photos under those names."""
    root = Path(tempfile.mkdtemp(prefix="homepwner-library-"))
    photos = [FIXTURES / "photo-1.jpg", FIXTURES / "photo-2.jpg"]
    for album, count in albums.items():
        folder = root / album
        folder.mkdir(parents=True, exist_ok=True)
        for index in range(count):
            target = folder / f"IMG_{index:04d}.jpg"
            shutil.copyfile(photos[index % 2], target)
            # A day apart, so every photo is its own event and the grid order is stable.
            stamp = 1_600_000_000 + index * 86_400
            os.utime(target, (stamp, stamp))
    (root / "notes.txt").write_text("not a photo")
    return root


def wait_until_ready(server, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        status = server.api("GET", "/api/v1/library/status")
        if status["state"] != "scanning":
            return status
        time.sleep(0.2)
    raise AssertionError("the library scan did not finish")


@pytest.fixture
def library_server():
    root = make_library({"Holidays/Lisbon": 10, "Pets": 2})
    server = Server("--library", str(root))
    wait_until_ready(server)
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


def group(server, name):
    return next(g for g in server.api("GET", "/api/v1/library/groups") if g["name"] == name)


def test_groups_list_albums_with_posters_and_counts(library_server, browser, screenshot):
    status = library_server.api("GET", "/api/v1/library/status")
    assert (status["state"], status["reason"], status["total"], status["skipped"]) == ("ready", None, 13, 1)
    browser.get(library_server.url + "/library")
    cards = find_all(browser, "#albums .group-card")
    names = [card.find_element(By.CSS_SELECTOR, ".group-name").text for card in cards]
    assert names == ["Lisbon", "Pets"]  # the root and "Holidays" hold no photos themselves: hidden
    assert cards[0].find_element(By.CSS_SELECTOR, ".group-count").text == "10 photos"
    assert cards[0].find_element(By.CSS_SELECTOR, ".group-detail").text == "Holidays"
    wait(browser).until(lambda b: b.execute_script(
        "return [...document.querySelectorAll('#albums .group-poster')].every(i => i.complete && i.naturalWidth > 0)"))
    assert find_all(browser, "#events .group-card")
    assert not find_all(browser, "#faces")  # nobody is named in these photos
    screenshot("library-groups")
    # In Arabic: right to left, the counts in its plurals, and the audit passes.
    browser.get(library_server.url + "/library?lang=ar")
    assert browser.execute_script("return [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert find(browser, "#albums-title").text == "الألبومات"
    assert_accessible(browser, "library in Arabic")


def test_album_grid_is_four_across_on_a_phone_and_wider_on_a_tablet(library_server, browser, screenshot):
    browser.get(library_server.url + f"/library/groups/{group(library_server, 'Lisbon')['id']}")
    cells = find_all(browser, "#photo-grid .grid-cell")
    assert len(cells) == 10
    tops = [round(rect(browser, cell)["y"]) for cell in cells]
    per_row = tops.count(tops[0])
    widths = {round(rect(browser, cell)["width"]) for cell in cells}
    if browser.device == "iphone":
        assert per_row == 4
    else:
        assert per_row > 4 and all(100 <= width <= 160 for width in widths), (per_row, widths)
    # Square cells reserve their space before the thumbnails arrive: no layout shift.
    assert all(abs(rect(browser, cell)["width"] - rect(browser, cell)["height"]) < 1 for cell in cells)
    wait(browser).until(lambda b: b.execute_script(
        "return [...document.querySelectorAll('#photo-grid img')].slice(0, 8).every(i => i.complete && i.naturalWidth > 0)"))
    screenshot("album-grid")
    # Keyboard: arrow keys move between cells.
    cells[0].send_keys("\ue014")  # right arrow
    assert browser.switch_to.active_element == cells[1]


BROKEN_IMAGES = "return [...document.querySelectorAll('img')].filter(i => i.complete && i.naturalWidth === 0).length"


def test_a_thumbnail_that_fails_to_load_leaves_an_empty_tile(library_server, browser):
    """A damaged photo is found out only when its thumbnail is made, after the page listing it was
    served: where its image fails, the page shows an empty tile, never a broken-image icon."""
    browser.get(library_server.url + "/library")
    poster = visible(browser, "#albums .group-card img.group-poster")
    card = poster.find_element(By.XPATH, "./ancestor::a[contains(@class, 'group-card')]")
    browser.execute_script("arguments[0].src += '-gone.jpg'", poster)
    placeholder = wait(browser).until(lambda b: card.find_elements(By.CSS_SELECTOR, "span.group-poster.placeholder"))
    assert rect(browser, placeholder[0])["width"] > 40 and browser.execute_script(BROKEN_IMAGES) == 0

    browser.get(library_server.url + f"/library/groups/{group(library_server, 'Lisbon')['id']}")
    cell = visible(browser, "#photo-grid .grid-cell")
    browser.execute_script("const i = arguments[0].querySelector('img'); i.removeAttribute('srcset'); i.src += '-gone.jpg'", cell)
    wait(browser).until(lambda b: cell.find_elements(By.CSS_SELECTOR, "span.placeholder"))
    assert browser.execute_script(BROKEN_IMAGES) == 0
    assert cell.get_attribute("href")  # still opens the photo, whose page says what is wrong


def test_the_photo_opened_last_is_highlighted_on_return(library_server, browser):
    browser.get(library_server.url + f"/library/groups/{group(library_server, 'Lisbon')['id']}")
    third = find_all(browser, "#photo-grid .grid-cell")[2]
    asset = third.get_attribute("data-asset")
    third.click()
    wait(browser).until(lambda b: "/library/assets/" in b.current_url)
    assert find(browser, ".viewer-title").text == "3 of 10"
    browser.back()
    wait(browser).until(lambda b: "last-viewed" in (b.find_element(By.ID, f"asset-{asset}").get_attribute("class") or ""))
    # The highlight fades and is then removed.
    wait(browser, 6).until(lambda b: "last-viewed" not in b.find_element(By.ID, f"asset-{asset}").get_attribute("class"))


def test_back_after_previous_and_next_returns_to_the_album_at_the_photo_seen_last(library_server, browser):
    album_url = library_server.url + f"/library/groups/{group(library_server, 'Lisbon')['id']}"
    browser.get(album_url)
    cells = find_all(browser, "#photo-grid .grid-cell")
    fifth = cells[4].get_attribute("data-asset")
    cells[2].click()
    wait(browser).until(lambda b: find(b, ".viewer-title").text == "3 of 10")
    for title in ("4 of 10", "5 of 10"):
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        wait(browser).until(lambda b, title=title: find(b, ".viewer-title").text == title)
    # One Back, as in Photos: the album, not the photos seen on the way.
    browser.back()
    wait(browser).until(lambda b: b.current_url == album_url, f"after Back: {browser.current_url}")
    wait(browser).until(lambda b: "last-viewed" in (b.find_element(By.ID, f"asset-{fifth}").get_attribute("class") or ""))


def test_a_photo_beyond_the_first_page_is_highlighted_on_return(browser):
    root = make_library({"Big": 125})
    server = Server("--library", str(root))
    try:
        wait_until_ready(server)
        big = group(server, "Big")
        assets = server.api("GET", f"/api/v1/library/groups/{big['id']}/assets?offset=121&limit=1")["assets"]
        browser.get(server.url + f"/library/assets/{assets[0]['id']}?group={big['id']}")
        wait(browser).until(lambda b: find(b, ".viewer-title").text == "122 of 125")
        browser.get(server.url + f"/library/groups/{big['id']}")
        wait(browser).until(lambda b: "last-viewed" in (b.find_element(By.ID, f"asset-{assets[0]['id']}").get_attribute("class") or ""))
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


def test_the_grid_never_has_fewer_than_four_columns(library_server, browser):
    browser.get(library_server.url + f"/library/groups/{group(library_server, 'Lisbon')['id']}")
    grid = find(browser, "#photo-grid")
    counts = {}
    for width in (300, 390, 480, 481, 485, 489, 490, 600, 1000):
        counts[width] = browser.execute_script(
            "arguments[0].style.width = arguments[1] + 'px';"
            "return getComputedStyle(arguments[0]).gridTemplateColumns.split(' ').length", grid, width)
    assert all(count >= 4 for count in counts.values()), counts
    assert counts[1000] > counts[390], counts


def test_an_unreadable_library_explains_itself(browser, screenshot):
    missing = Path(tempfile.gettempdir()) / "homepwner-no-such-library"
    server = Server("--library", str(missing))
    try:
        status = server.api("GET", "/api/v1/library/status")
        assert (status["state"], status["reason"]) == ("inaccessible", "missing")
        browser.get(server.url + "/library")
        card = visible(browser, ".unavailable")
        assert str(missing) in card.text and "does not exist" in card.text
        screenshot("library-unavailable")
    finally:
        server.stop()


def test_picking_a_library_photo_into_an_item(library_server, browser, screenshot):
    item = library_server.create_item("Camera", "C-1", 900)
    browser.get(f"{library_server.url}/items/{item['id']}")
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")
    if browser.device == "iphone":
        # README's picture of the sheet, with every source a library-enabled server offers.
        screenshot("picker-sheet", readme=True)
    find(browser, '#image-picker [data-action="photo-library"]').click()
    groups = wait(browser).until(lambda b: [g for g in find_all(b, "#image-picker .picker-group") if "Lisbon" in g.text])
    groups[0].click()
    cells = wait(browser).until(lambda b: find_all(b, "#image-picker .picker-cell"))
    assert len(cells) == 10
    screenshot("picker-library")
    cells[1].click()
    wait(browser).until(lambda b: not b.execute_script("return document.querySelector('#image-picker').matches(':popover-open')"))
    stored = library_server.api("GET", f"/api/v1/items/{item['id']}")
    assert stored["image"] is not None and stored["image"]["width"] == 1600
    wait(browser).until(lambda b: b.execute_script(
        "const i = document.querySelector('.photo-frame img.item-photo'); return !!i && i.complete && i.naturalWidth > 0"))
    with urllib.request.urlopen(library_server.url + stored["image"]["originalURL"]) as response:
        assert response.read() == (FIXTURES / "photo-2.jpg").read_bytes()


def test_picking_from_a_later_page_of_a_large_album(browser):
    """Pages loaded as you scroll are picked from too, not opened in the viewer."""
    root = make_library({"Big": 125})
    server = Server("--library", str(root))
    try:
        wait_until_ready(server)
        item = server.create_item("Record player", "", 200)
        big = group(server, "Big")
        browser.get(server.url + f"/library/groups/{big['id']}?pick={item['id']}&as=evidence")
        # On a tall screen the next page loads at once; on a phone, when scrolled towards.
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(browser).until(lambda b: len(find_all(b, "#photo-grid > li")) == 125)
        last = find_all(browser, "#photo-grid > li")[-1]
        assert last.find_elements(By.CSS_SELECTOR, "form.pick-form button.grid-cell"), "a pick, like the first page's"
        button = last.find_element(By.CSS_SELECTOR, "button.grid-cell")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        wait(browser).until(lambda b: f"/items/{item['id']}" in b.current_url)
        assert len(server.api("GET", f"/api/v1/items/{item['id']}")["evidence"]) == 1
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
