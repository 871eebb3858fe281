"""Item photos: list thumbnails and their popover, the camera button's picker, upload and removal."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import FIXTURES
from helpers import find, find_all, rect, visible, wait

PHOTO = FIXTURES / "photo-1.jpg"
OTHER_PHOTO = FIXTURES / "photo-2.jpg"


def popover_open(browser, selector):
    return browser.execute_script(f"return document.querySelector('{selector}').matches(':popover-open')")


def image_loaded(browser, selector):
    return browser.execute_script(
        f"const i = document.querySelector('{selector}'); return !!i && i.complete && i.naturalWidth > 0")


def test_thumbnails_are_sharp_rounded_squares_and_placeholders_are_not_buttons(server, browser):
    with_photo = server.create_item("Camera", "C-1", 900)
    server.upload(with_photo["id"], PHOTO)
    without = server.create_item("Mug", "", 8)
    browser.get(server.url + "/")
    thumbnail = find(browser, f"#item-{with_photo['id']} button.thumbnail")
    image = thumbnail.find_element("css selector", "img")
    wait(browser).until(lambda b: image_loaded(b, f"#item-{with_photo['id']} .thumbnail img"))
    box = rect(browser, image)
    assert (round(box["width"]), round(box["height"])) == (40, 40)
    assert "thumb-80.jpg 2x" in image.get_attribute("srcset") and "thumb-120.jpg 3x" in image.get_attribute("srcset")
    density = browser.execute_script("return devicePixelRatio")
    expected = {2: "thumb-80", 3: "thumb-120"}[round(density)]
    assert expected in image.get_attribute("currentSrc")
    assert float(thumbnail.value_of_css_property("border-radius").rstrip("px")) >= 4
    placeholder = find(browser, f"#item-{without['id']} .thumbnail")
    assert placeholder.tag_name == "span"


def test_thumbnail_opens_the_photo_popover(server, browser, screenshot):
    first = server.create_item("Camera", "C-1", 900)
    second = server.create_item("Bike", "B-2", 700)
    server.upload(first["id"], PHOTO)
    server.upload(second["id"], OTHER_PHOTO)
    browser.get(server.url + "/")
    thumbnail = find(browser, f"#item-{first['id']} button.thumbnail")
    thumbnail.click()
    popover = visible(browser, "#photo-popover")
    wait(browser).until(lambda b: image_loaded(b, "#photo-popover img"))
    assert "screen.jpg" in find(browser, "#photo-popover img").get_attribute("src")
    box = rect(browser, popover)
    thumb_box = rect(browser, thumbnail)
    width = browser.execute_script("return innerWidth")
    height = browser.execute_script("return innerHeight")
    if browser.device == "ipad":
        assert box["width"] <= 600.5 and box["height"] <= 600.5, box
        assert box["width"] > 200
        # Anchored to the thumbnail: just below (or above) it, starting near its left edge.
        gap_below = box["y"] - (thumb_box["y"] + thumb_box["height"])
        gap_above = thumb_box["y"] - (box["y"] + box["height"])
        assert 0 <= gap_below <= 24 or 0 <= gap_above <= 24, (box, thumb_box)
        assert abs(box["x"] - thumb_box["x"]) <= 24, (box, thumb_box)
        screenshot("thumbnail-popover", readme=True)
        # Outside tap closes it; focus is back on the thumbnail.
        find(browser, "h1").click()
        wait(browser).until(lambda b: not popover_open(b, "#photo-popover"))
    else:
        assert (box["x"], box["y"]) == (0, 0) and box["width"] >= width - 1 and box["height"] >= height - 1, box
        assert popover.value_of_css_property("background-color") in ("rgba(0, 0, 0, 1)", "rgb(0, 0, 0)")
        screenshot("photo-viewer")
        find(browser, "#photo-popover .photo-close").click()
        wait(browser).until(lambda b: not popover_open(b, "#photo-popover"))
    wait(browser).until(lambda b: b.switch_to.active_element == find(b, f"#item-{first['id']} button.thumbnail"))

    # Reopening works, Esc closes, and only one popover is ever open.
    find(browser, f"#item-{first['id']} button.thumbnail").click()
    wait(browser).until(lambda b: popover_open(b, "#photo-popover"))
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(browser).until(lambda b: not popover_open(b, "#photo-popover"))
    find(browser, f"#item-{second['id']} button.thumbnail").click()
    wait(browser).until(lambda b: popover_open(b, "#photo-popover"))
    assert browser.execute_script("return document.querySelectorAll(':popover-open').length") == 1
    assert find(browser, "#photo-popover img").get_attribute("src") == server.url + server.items()[1]["image"]["screenURL"]


def test_tapping_the_row_beside_the_thumbnail_opens_the_item(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    server.upload(item["id"], PHOTO)
    browser.get(server.url + "/")
    row = find(browser, f"#item-{item['id']}")
    box = rect(browser, row)
    ActionChains(browser).move_to_element_with_offset(row, int(box["width"] * 0.2), 0).click().perform()
    wait(browser).until(lambda b: b.current_url.endswith(f"/items/{item['id']}"))


def test_camera_button_toggles_the_picker(server, browser, screenshot):
    item = server.create_item("Camera", "C-1", 900)
    browser.get(f"{server.url}/items/{item['id']}")
    camera = find(browser, ".camera-button")
    camera.click()
    picker = visible(browser, "#image-picker")
    box = rect(browser, picker)
    width = browser.execute_script("return innerWidth")
    height = browser.execute_script("return innerHeight")
    if browser.device == "iphone":
        assert (box["x"], box["y"]) == (0, 0) and box["width"] >= width - 1 and box["height"] >= height - 1, box
        screenshot("picker-sheet")
        # The sheet covers the button; its Cancel closes it.
        find(browser, "#image-picker .picker-bar .bar-button").click()
        wait(browser).until(lambda b: not popover_open(b, "#image-picker"))
    else:
        camera_box = rect(browser, camera)
        assert box["width"] < 500
        assert 0 <= box["y"] - (camera_box["y"] + camera_box["height"]) <= 24 or \
            0 <= camera_box["y"] - (box["y"] + box["height"]) <= 24, (box, camera_box)
        screenshot("picker-popover")
        # Pressing the button again closes it, and never opens a second one.
        camera.click()
        wait(browser).until(lambda b: not popover_open(b, "#image-picker"))
        assert browser.execute_script("return document.querySelectorAll(':popover-open').length") == 0
        # Press, outside tap, press: open again.
        camera.click()
        wait(browser).until(lambda b: popover_open(b, "#image-picker"))
        find(browser, 'label[for="item-name"]').click()
        wait(browser).until(lambda b: not popover_open(b, "#image-picker"))
    camera.click()
    wait(browser).until(lambda b: popover_open(b, "#image-picker"))
    # Esc on whatever has the focus (the picker's first choice, a file input).
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser).until(lambda b: not popover_open(b, "#image-picker"))


def test_choosing_a_photo_uploads_it_and_updates_detail_and_list(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")
    inputs = find_all(browser, "#image-picker input[type=file]")
    assert inputs[0].get_attribute("capture") == "environment"  # Take Photo opens the camera on a phone
    inputs[1].send_keys(str(PHOTO))
    wait(browser).until(lambda b: not popover_open(b, "#image-picker"))
    wait(browser).until(lambda b: image_loaded(b, ".photo-frame img.item-photo"))
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert stored["image"]["width"] == 1600
    assert find(browser, ".photo-frame img.item-photo").get_attribute("src").endswith(stored["image"]["screenURL"])
    assert find(browser, ".remove-photo-form button").is_displayed()
    original = find(browser, ".original-link")
    assert original.is_displayed() and original.get_attribute("href").endswith(stored["image"]["originalURL"])
    find(browser, ".back-link").click()
    wait(browser).until(lambda b: image_loaded(b, f"#item-{item['id']} .thumbnail img"))


def test_failed_upload_says_why_and_keeps_the_old_photo(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    before = server.upload(item["id"], PHOTO)["image"]
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")
    find_all(browser, "#image-picker input[type=file]")[1].send_keys(str(FIXTURES / "not-an-image.txt"))
    error = visible(browser, "#image-picker .picker-error")
    assert "JPEG" in error.text and "HEIC" in error.text
    assert popover_open(browser, "#image-picker")
    assert server.api("GET", f"/api/v1/items/{item['id']}")["image"] == before
    find_all(browser, "#image-picker input[type=file]")[1].send_keys(str(FIXTURES / "truncated.jpg"))
    wait(browser).until(lambda b: "damaged" in find(b, "#image-picker .picker-error").text)
    assert server.api("GET", f"/api/v1/items/{item['id']}")["image"] == before


def test_remove_photo(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    server.upload(item["id"], PHOTO)
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, ".remove-photo-form button").click()
    wait(browser).until(lambda b: "empty" in find(b, ".photo-frame").get_attribute("class"))
    assert server.api("GET", f"/api/v1/items/{item['id']}")["image"] is None
    assert find(browser, ".camera-button").text == "Add Photo"
    assert not find(browser, ".original-link").is_displayed()


def save_name(browser, name):
    field = find(browser, "#item-name")
    field.clear()
    field.send_keys(name)
    find(browser, '.item-form button[type="submit"]').click()


def test_edits_save_after_the_photo_changes_on_the_same_page(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")
    find_all(browser, "#image-picker input[type=file]")[1].send_keys(str(PHOTO))
    wait(browser).until(lambda b: image_loaded(b, ".photo-frame img.item-photo"))
    save_name(browser, "Film Camera")
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    assert server.api("GET", f"/api/v1/items/{item['id']}")["name"] == "Film Camera"
    remove = find(browser, ".remove-photo-form button")
    # As a person would scroll back up to it (WebDriver's own scrolling leaves it under the sticky bar).
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", remove)
    remove.click()
    wait(browser).until(lambda b: "empty" in find(b, ".photo-frame").get_attribute("class"))
    save_name(browser, "Old Film Camera")
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["name"], stored["image"]) == ("Old Film Camera", None)


def test_a_photo_change_does_not_hide_an_edit_made_elsewhere(server, browser):
    item = server.create_item("Camera", "C-1", 900)
    browser.get(f"{server.url}/items/{item['id']}")
    server.api("PATCH", f"/api/v1/items/{item['id']}", {"name": "Camera (renamed in another tab)"})
    find(browser, ".camera-button").click()
    visible(browser, "#image-picker")
    find_all(browser, "#image-picker input[type=file]")[1].send_keys(str(PHOTO))
    wait(browser).until(lambda b: image_loaded(b, ".photo-frame img.item-photo"))
    save_name(browser, "Film Camera")
    wait(browser).until(lambda b: "changed" in find(b, "#toast").text.lower())
    assert server.api("GET", f"/api/v1/items/{item['id']}")["name"] == "Camera (renamed in another tab)"


def test_a_portrait_photo_is_shown_whole_on_the_detail_page(server, browser):
    item = server.create_item("Label", "", 5)
    server.upload(item["id"], FIXTURES / "portrait.jpg")
    browser.get(f"{server.url}/items/{item['id']}")
    wait(browser).until(lambda b: image_loaded(b, ".photo-frame img.item-photo"))
    frame = rect(browser, find(browser, ".photo-frame"))
    photo = rect(browser, find(browser, ".photo-frame img.item-photo"))
    # The image box lies within the frame (object-fit: contain then shows the whole photo in it).
    assert photo["y"] >= frame["y"] - 0.5 and photo["y"] + photo["height"] <= frame["y"] + frame["height"] + 0.5, (photo, frame)
    assert browser.execute_script("return getComputedStyle(document.querySelector('.item-photo')).objectFit") == "contain"
