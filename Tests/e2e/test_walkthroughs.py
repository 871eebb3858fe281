"""A place's walk-through video on its page, at iPad and iPhone size: uploaded from the page's form,
its frames made in the background, played in the page and sought from a frame."""
from accessibility import assert_accessible
from conftest import FIXTURES
from helpers import find, find_all, wait

WALK = FIXTURES / "public" / "capture" / "video" / "synthetic-walk-12-objects-360p.mp4"


def test_a_walk_through_is_uploaded_cut_into_frames_and_sought_from_a_frame(server, browser, screenshot):
    place = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    browser.get(f"{server.url}/locations/{place['id']}")
    assert_accessible(browser, "place without walk-throughs")
    find(browser, "#walkthrough-video").send_keys(str(WALK))
    find(browser, '.walkthrough-upload button[type="submit"]').click()
    # Uploaded by the page's script, then "Processing…" until the frames are made (the page asks again).
    wait(browser, 120).until(lambda b: len(find_all(b, "a.walkthrough-frame")) >= 12)
    stored = server.api("GET", f"/api/v1/walkthroughs/{find(browser, 'video').get_attribute('id').split('-')[-1]}")
    assert stored["status"] == "ready" and stored["locationId"] == place["id"]
    video = find(browser, "video")
    assert video.get_attribute("preload") == "metadata" and video.get_attribute("poster")
    wait(browser, 30).until(lambda b: b.execute_script("return arguments[0].readyState >= 1", video))
    assert abs(browser.execute_script("return arguments[0].duration", video) - 60) < 0.5
    # A frame plays the video from its second, without leaving the page.
    frame = find_all(browser, "a.walkthrough-frame")[5]
    second = float(frame.get_attribute("data-seek"))
    page = browser.current_url
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    frame.click()
    wait(browser, 20).until(lambda b: abs(b.execute_script("return arguments[0].currentTime", video) - second) < 1.5)
    assert browser.current_url == page
    browser.execute_script("arguments[0].pause()", video)
    assert_accessible(browser, "place with a walk-through")
    screenshot("place-walkthrough")
