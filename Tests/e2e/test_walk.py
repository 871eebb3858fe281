"""Walk This Room and the Drafts page (issue 27): photos taken in the page with Chromium's fake camera
become drafts, which are then named from the keyboard, one after another with Enter; and where the
camera is refused, the page says why and offers the file picker."""
import shutil
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from conftest import DEVICES, FIXTURES, SCREENSHOTS, Server
from helpers import find, find_all, visible, wait

FAKE_CAMERA = FIXTURES / "fake-camera" / "room-walk.mjpeg"
PHOTOS = 20


def camera_driver(device, allow_camera=True):
    """A Chromium emulating `device` whose camera is the fake one showing FAKE_CAMERA; its
    permission prompt answers yes (`allow_camera`) or is refused."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    arguments = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--lang=en-US",
                 "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={FAKE_CAMERA}"]
    arguments.append("--use-fake-ui-for-media-stream" if allow_camera else "--deny-permission-prompts")
    for argument in arguments:
        options.add_argument(argument)
    metrics = DEVICES[device]
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": metrics["width"], "height": metrics["height"], "pixelRatio": metrics["pixelRatio"], "touch": metrics["touch"]},
        "userAgent": metrics["userAgent"],
    })
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.device = device
    return driver


def drafts(server, location=None):
    found = server.api("GET", "/api/v1/items?draft=1")
    return [item for item in found if location is None or item["locationId"] == location]


def shoot(driver, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}-{driver.device}.png"))


@pytest.mark.parametrize("device", ["iphone", "ipad"])
def test_twenty_photos_taken_in_the_page_become_drafts_named_from_the_keyboard(device):
    server = Server()
    driver = camera_driver(device)
    try:
        room = server.api("POST", "/api/v1/locations", {"name": "Living room"})["id"]
        driver.get(f"{server.url}/locations/{room}/walk")
        visible(driver, "#walk-camera")
        shutter = find(driver, "#walk-shutter")
        assert driver.switch_to.active_element == shutter, "the shutter has the focus, so Space takes a photo"
        assert find(driver, "#walk-reason").is_displayed() is False
        wait(driver).until(lambda d: d.execute_script("return document.getElementById('walk-preview').videoWidth") > 0)
        assert_accessible(driver, "walk this room, camera open")

        # Space on the focused shutter, as on an iPad's keyboard; every photo is taken without leaving.
        for _ in range(PHOTOS):
            driver.switch_to.active_element.send_keys(Keys.SPACE)
        wait(driver, 60).until(lambda d: find(d, "#walk-made").text == str(PHOTOS))
        statuses = [line.text for line in find_all(driver, "#walk-uploads .upload-status")]
        assert statuses == ["Draft made"] * PHOTOS, statuses
        shoot(driver, "walk")
        made = drafts(server, room)
        assert len(made) == PHOTOS and all(item["name"] == "" and len(item["photos"]) == 1 for item in made)

        # Name them: type, Enter, and the next draft's field has the focus.
        find(driver, "#walk-name-link").click()
        visible(driver, ".draft-list")
        shoot(driver, "drafts")
        assert_accessible(driver, "drafts of a room")
        started = time.monotonic()
        for number in range(1, PHOTOS + 1):
            field = driver.switch_to.active_element
            assert field.get_attribute("name") == "name", f"draft {number}: the focus is on {field.tag_name}"
            field.send_keys(f"Thing {number}", Keys.ENTER)
            wait(driver).until(lambda d: d.switch_to.active_element != field)
        wait(driver, 30).until(lambda d: not drafts(server, room))
        named_in = time.monotonic() - started
        print(f"{device}: {PHOTOS} drafts named from the keyboard in {named_in:.1f} s of test time")
        assert visible(driver, "#drafts-done") == driver.switch_to.active_element
        names = sorted(item["name"] for item in server.items())
        assert names == sorted(f"Thing {number}" for number in range(1, PHOTOS + 1))
        assert all(item["draft"] is False and item["locationId"] == room for item in server.items())
    finally:
        driver.quit()
        server.stop()


@pytest.mark.parametrize("device", ["iphone", "ipad"])
def test_a_refused_camera_says_why_and_the_file_picker_makes_the_drafts(device):
    server = Server()
    driver = camera_driver(device, allow_camera=False)
    try:
        room = server.api("POST", "/api/v1/locations", {"name": "Garage"})["id"]
        driver.get(f"{server.url}/locations/{room}/walk")
        reason = visible(driver, "#walk-reason")
        assert "permission" in reason.text and "refused" in reason.text, reason.text
        assert not find(driver, "#walk-camera").is_displayed()
        picker = find(driver, "#walk-file-input")
        assert picker.get_attribute("capture") == "environment" and picker.get_attribute("multiple") is not None
        assert picker.get_attribute("accept") == "image/*"
        shoot(driver, "walk-fallback")
        assert_accessible(driver, "walk this room, camera refused")
        picker.send_keys(f"{FIXTURES / 'photo-1.jpg'}\n{FIXTURES / 'photo-2.jpg'}")
        wait(driver, 30).until(lambda d: find(d, "#walk-made").text == "2")
        assert len(drafts(server, room)) == 2
    finally:
        driver.quit()
        server.stop()
