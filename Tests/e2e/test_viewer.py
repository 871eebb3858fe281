"""The library's photo viewer (/library/assets/{id}), as PhotoDisplayViewController + TapDetectingImageView:
fit at minimum zoom, zoom about the point up to one original pixel per device pixel, the full-resolution
file loaded when the zoom needs it, taps, drags, pinches, wheels and keys."""
import os
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import BINARY, DEVICES, FIXTURES, Server
from helpers import find, visible, wait

STEP = 1.5


def make_photo(path, width, height):
    """A JPEG full of fine detail (x mod 256, y mod 256, a gradient), made with vips."""
    work = Path(tempfile.mkdtemp(prefix="viewer-photo-"))
    try:
        run = lambda *args: subprocess.run(["vips", *map(str, args)], check=True, cwd=work)
        run("xyz", "xy.v", width, height)
        run("remainder_const", "xy.v", "r.v", 256)
        run("extract_band", "xy.v", "x.v", 0)
        run("linear", "x.v", "g.v", 255 / width, 0)
        run("bandjoin", "r.v g.v", "rgb.v")
        run("cast", "rgb.v", "c.v", "uchar")
        run("copy", "c.v", f"{path}[Q=85]")
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def library():
    """A server with an album "Trip" of a 4000x3000 landscape photo, then a 3200x6400 portrait one (both
    larger than the 2048 px screen rendition), and an album "Small" of one 1600x1200 photo. Yields
    (server, {"landscape": asset, "portrait": asset, "order": [ids in Trip], "small": asset})."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `make release` first (make test does).")
    if not shutil.which("vips"):
        pytest.fail("vips (libvips-tools) is needed to make the test photos: scripts/install-deps.sh test installs it (make test runs it).")
    root = Path(tempfile.mkdtemp(prefix="viewer-library-"))
    album = root / "Trip"
    album.mkdir()
    make_photo(album / "a-landscape.jpg", 4000, 3000)
    make_photo(album / "b-portrait.jpg", 3200, 6400)
    os.utime(album / "a-landscape.jpg", (1_600_000_000, 1_600_000_000))
    os.utime(album / "b-portrait.jpg", (1_600_086_400, 1_600_086_400))
    (root / "Small").mkdir()
    shutil.copyfile(FIXTURES / "photo-1.jpg", root / "Small" / "small.jpg")  # 1600x1200
    server = Server("--library", str(root))
    try:
        deadline = time.time() + 30
        while server.api("GET", "/api/v1/library/status")["state"] != "ready":
            assert time.time() < deadline, "the library scan did not finish"
            time.sleep(0.1)
        albums = {g["name"]: g for g in server.api("GET", "/api/v1/library/groups") if g["kind"] == "album"}
        assets = server.api("GET", f"/api/v1/library/groups/{albums['Trip']['id']}/assets")["assets"]
        assert len(assets) == 2
        photos = {"landscape" if a["width"] > a["height"] else "portrait": a for a in assets}
        photos["order"] = [a["id"] for a in assets]
        photos["small"] = server.api("GET", f"/api/v1/library/groups/{albums['Small']['id']}/assets")["assets"][0]
        yield server, photos
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


def open_viewer(browser, server, asset):
    browser.get(f"{server.url}/library/assets/{asset['id']}")
    visible(browser, "#viewer-image")
    wait(browser).until(lambda b: b.execute_script("return !!document.getElementById('viewer-stage').dataset.scale"))
    # Where the last pointer went up, in stage coordinates, and when; and when the controls last toggled.
    browser.execute_script("""
        const stage = document.getElementById('viewer-stage');
        window.__up = null; window.__toggled = [];
        stage.addEventListener('pointerup', (e) => {
          const s = stage.getBoundingClientRect();
          window.__up = {x: e.clientX - s.left, y: e.clientY - s.top, time: e.timeStamp};
        }, true);
        new MutationObserver(() => window.__toggled.push(performance.now()))
          .observe(document.getElementById('viewer'), {attributes: true, attributeFilter: ['class']});""")
    # Two frames, so the compositor knows the stage's touch handlers before the first synthetic touch.
    browser.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
    return settled(browser)


def state(browser):
    return browser.execute_script("""
        const stage = document.getElementById('viewer-stage'), image = document.getElementById('viewer-image');
        const s = stage.getBoundingClientRect(), r = image.getBoundingClientRect();
        return {scale: +stage.dataset.scale, fit: +stage.dataset.fitScale, max: +stage.dataset.maxScale,
                width: +stage.dataset.width, height: +stage.dataset.height, dpr: devicePixelRatio,
                stageWidth: s.width, stageHeight: s.height,
                x: r.left - s.left, y: r.top - s.top, w: r.width, h: r.height,
                loadedFull: stage.dataset.loadedFull === 'true', src: image.currentSrc,
                full: new URL(stage.dataset.full, location.href).href, screen: new URL(stage.dataset.screen, location.href).href,
                natural: image.naturalWidth,
                controlsHidden: document.getElementById('viewer').classList.contains('controls-hidden')};""")


def settled(browser, timeout=10):
    """The state once a zoom's glide has finished: the box matches the scale and stops moving."""
    deadline = time.time() + timeout
    previous = state(browser)
    while True:
        time.sleep(0.04)
        now = state(browser)
        if abs(now["w"] - now["scale"] * now["width"]) < 0.5 and all(abs(now[k] - previous[k]) < 0.01 for k in ("x", "y", "w", "h")):
            return now
        assert time.time() < deadline, f"the photo did not settle: {now}"
        previous = now


def assert_fits(s):
    assert s["w"] <= s["stageWidth"] + 0.5
    assert abs(s["scale"] - s["fit"]) < 1e-6
    assert abs(s["x"] - (s["stageWidth"] - s["w"]) / 2) < 1
    if s["h"] <= s["stageHeight"]:
        assert abs(s["y"] - (s["stageHeight"] - s["h"]) / 2) < 1
    else:
        assert abs(s["y"]) < 1


def assert_point_kept(before, after, px, py):
    """The photo's point that was under (px, py) is still there on each axis where the photo is larger
    than the stage; on an axis where it is smaller, the photo is centred. Never a gap at an edge."""
    for pos, size, room, p in (("x", "w", "stageWidth", px), ("y", "h", "stageHeight", py)):
        if after[size] > after[room] + 0.5:
            fraction = (p - before[pos]) / before[size]
            assert abs(after[pos] + fraction * after[size] - p) <= 2, (pos, before, after, p)
            assert after[pos] <= 0.5 and after[pos] + after[size] >= after[room] - 0.5, after
        else:
            assert abs(after[pos] - (after[room] - after[size]) / 2) <= 1, (pos, after)


def point(s, fx, fy):
    """Offsets from the stage's centre (what Selenium moves to) for a point at (fx, fy) of the stage,
    away from the bar at the top and the previous/next buttons at the sides."""
    return round(s["stageWidth"] * (fx - 0.5)), round(s["stageHeight"] * (fy - 0.5))


def double_click(browser, at, shift=False):
    stage = find(browser, "#viewer-stage")
    chain = ActionChains(browser, duration=20)
    if shift:
        chain.key_down(Keys.SHIFT)
    chain.move_to_element_with_offset(stage, *at).double_click()
    if shift:
        chain.key_up(Keys.SHIFT)
    chain.perform()
    up = browser.execute_script("return window.__up")
    assert up, "the double click reached the stage as pointer events"
    return up["x"], up["y"]


def press(browser, key, times=1):
    stage = find(browser, "#viewer-stage")
    for _ in range(times):
        stage.send_keys(key)


def test_fit_and_double_click_zoom_about_the_point(library, browser, screenshot):
    server, photos = library
    s = open_viewer(browser, server, photos["landscape"])
    assert find(browser, "body").value_of_css_property("background-color") in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 1)")
    # A landscape photo on an upright screen: the whole photo, as wide as the stage, centred.
    metrics = DEVICES[browser.device]
    assert (s["stageWidth"], s["stageHeight"]) == (metrics["width"], metrics["height"])
    assert abs(s["fit"] - s["stageWidth"] / 4000) < 1e-9
    assert abs(s["w"] - s["stageWidth"]) < 0.5 and abs(s["h"] - s["stageWidth"] * 3 / 4) < 0.5
    assert_fits(s)
    assert abs(s["max"] - 1 / s["dpr"]) < 1e-9
    screenshot("viewer")

    # Double click: ×1.5 about the point under the pointer.
    px, py = double_click(browser, point(s, 0.3, 0.4))
    after = settled(browser)
    assert abs(after["scale"] - s["fit"] * STEP) < 1e-6
    assert_point_kept(s, after, px, py)
    assert not after["controlsHidden"]
    # Again elsewhere, then Shift+double click zooms out ÷1.5 about its point.
    px, py = double_click(browser, point(after, 0.7, 0.6))
    twice = settled(browser)
    assert abs(twice["scale"] - min(s["fit"] * STEP * STEP, s["max"])) < 1e-6
    assert_point_kept(after, twice, px, py)
    px, py = double_click(browser, point(twice, 0.4, 0.55), shift=True)
    out = settled(browser)
    assert abs(out["scale"] - twice["scale"] / STEP) < 1e-6
    assert_point_kept(twice, out, px, py)
    screenshot("viewer-zoomed")
    # Zooming out never goes below the fit; `0` resets to it.
    double_click(browser, point(out, 0.5, 0.5), shift=True)
    double_click(browser, point(out, 0.5, 0.5), shift=True)
    assert_fits(settled(browser))
    double_click(browser, point(out, 0.6, 0.5))
    press(browser, "0")
    assert_fits(settled(browser))
    # No single tap ever fired among all those double clicks.
    time.sleep(0.5)
    assert browser.execute_script("return window.__toggled") == []


def test_portrait_photo_fills_the_width_and_zooms_about_the_point_on_both_axes(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["portrait"])
    # Same orientation as the screen: it fits the width and may be taller than the stage.
    assert abs(s["fit"] - s["stageWidth"] / 3200) < 1e-9
    assert_fits(s)
    assert abs(s["h"] - s["stageWidth"] * 2) < 0.5
    px, py = double_click(browser, point(s, 0.35, 0.45))
    after = settled(browser)
    assert abs(after["scale"] - s["fit"] * STEP) < 1e-6
    assert after["w"] > after["stageWidth"] and after["h"] > after["stageHeight"]
    assert_point_kept(s, after, px, py)


def test_a_small_photo_is_never_enlarged_past_one_pixel_per_device_pixel(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["small"])
    assert abs(s["max"] - 1 / s["dpr"]) < 1e-9
    assert abs(s["fit"] - min(s["stageWidth"] / 1600, s["max"])) < 1e-9
    assert_fits(s)
    if browser.device == "ipad":  # 1600 px at 2x: 800 CSS px, narrower than the stage, and that is all
        assert abs(s["w"] - 800) < 0.5 and s["fit"] == s["max"]
    press(browser, "+", 4)
    double_click(browser, point(s, 0.4, 0.5))
    top = settled(browser)
    assert abs(top["scale"] - top["max"]) < 1e-9 and top["w"] * top["dpr"] <= 1600 + 0.5
    time.sleep(0.3)
    assert not state(browser)["loadedFull"], "the screen rendition already has every pixel"


def test_keys_zoom_up_to_one_original_pixel_per_device_pixel_and_load_the_original(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["landscape"])
    assert s["src"] == s["screen"] and s["natural"] == 2048 and not s["loadedFull"]
    scale = s["scale"]
    loaded_at = None
    for _ in range(12):
        press(browser, "+")
        now = settled(browser)
        expected = min(scale * STEP, now["max"])
        assert abs(now["scale"] - expected) < 1e-6
        assert now["w"] * now["dpr"] <= 4000 + 0.5, "never larger than one original pixel per device pixel"
        scale = now["scale"]
        needs_full = 4000 * scale * now["dpr"] > 2048 + 0.5
        if not needs_full:
            time.sleep(0.3)
            assert not state(browser)["loadedFull"], "the original loads only once the zoom needs it"
        elif loaded_at is None:
            loaded_at = wait(browser, 20).until(lambda b: (lambda st: st if st["loadedFull"] else False)(state(b)))
            # Swapped in place: the same box, now with all the original's pixels.
            assert loaded_at["src"] == loaded_at["full"] and loaded_at["natural"] == 4000
            for k in ("x", "y", "w", "h"):
                assert abs(loaded_at[k] - now[k]) < 0.01
    assert loaded_at is not None
    top = state(browser)
    assert abs(top["scale"] - top["max"]) < 1e-9 and abs(top["w"] * top["dpr"] - 4000) < 0.5
    # `-` steps back down to the fit and no further; `=` zooms in too; `0` resets.
    press(browser, "-")
    assert abs(settled(browser)["scale"] - top["max"] / STEP) < 1e-6
    press(browser, "-", 12)
    assert_fits(settled(browser))
    press(browser, "=")
    assert abs(settled(browser)["scale"] - s["fit"] * STEP) < 1e-6
    press(browser, "0")
    assert_fits(settled(browser))
    assert state(browser)["src"] == s["full"], "the original is kept once loaded"
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors  # no script errors, no Content-Security-Policy refusals


def test_single_tap_toggles_the_controls_after_the_double_tap_delay(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["landscape"])
    stage = find(browser, "#viewer-stage")
    bar = find(browser, ".viewer-bar")
    ActionChains(browser, duration=20).move_to_element_with_offset(stage, *point(s, 0.5, 0.5)).click().perform()
    wait(browser).until(lambda b: state(b)["controlsHidden"])
    delay = browser.execute_script("return window.__toggled[0] - window.__up.time")
    assert delay >= 340, f"a single tap waited {delay} ms, not long enough to tell it from a double tap"
    wait(browser).until(lambda b: bar.value_of_css_property("opacity") == "0")
    assert bar.value_of_css_property("pointer-events") == "none"
    ActionChains(browser, duration=20).move_to_element_with_offset(stage, *point(s, 0.5, 0.5)).click().perform()
    wait(browser).until(lambda b: not state(b)["controlsHidden"])
    wait(browser).until(lambda b: bar.value_of_css_property("opacity") == "1")
    # Hidden controls come back when the keyboard reaches them.
    ActionChains(browser, duration=20).move_to_element_with_offset(stage, *point(s, 0.5, 0.5)).click().perform()
    wait(browser).until(lambda b: state(b)["controlsHidden"])
    ActionChains(browser, duration=20).send_keys(Keys.TAB).perform()
    wait(browser).until(lambda b: not state(b)["controlsHidden"])
    # A tap that closes the info panel does only that.
    find(browser, ".info-toggle").click()
    wait(browser).until(lambda b: b.execute_script("return document.getElementById('viewer-info').matches(':popover-open')"))
    toggles = len(browser.execute_script("return window.__toggled"))
    ActionChains(browser, duration=20).move_to_element_with_offset(stage, *point(s, 0.3, 0.3)).click().perform()
    wait(browser).until(lambda b: not b.execute_script("return document.getElementById('viewer-info').matches(':popover-open')"))
    time.sleep(0.6)
    assert len(browser.execute_script("return window.__toggled")) == toggles
    # A double click zooms and never counts as a single tap.
    double_click(browser, point(s, 0.5, 0.5))
    time.sleep(0.8)
    assert len(browser.execute_script("return window.__toggled")) == toggles
    assert settled(browser)["scale"] > s["fit"]


def drag(browser, start, by):
    stage = find(browser, "#viewer-stage")
    chain = ActionChains(browser, duration=20).move_to_element_with_offset(stage, *start).click_and_hold()
    steps = 8
    for _ in range(steps):
        chain.move_by_offset(by[0] // steps, by[1] // steps)
    chain.release().perform()


def clamped(value, size, room):
    """Where the viewer may put an edge: centred when the photo is smaller, else no gap."""
    return (room - size) / 2 if size <= room else min(0, max(room - size, value))


def test_drag_pans_and_never_leaves_a_gap(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["portrait"])
    # At the fit the portrait photo is as wide as the stage: a drag can only pan it vertically (on the
    # iPad, where it is taller than the stage; on the iPhone it stays centred).
    drag(browser, point(s, 0.5, 0.6), (80, -160))
    moved = settled(browser)
    assert moved["scale"] == s["scale"]
    assert abs(moved["x"] - s["x"]) < 0.5
    assert abs(moved["y"] - clamped(s["y"] - 160, s["h"], s["stageHeight"])) <= 1
    if browser.device == "ipad":
        assert moved["y"] < s["y"] - 150
    double_click(browser, point(s, 0.5, 0.5))
    zoomed = settled(browser)
    drag(browser, point(s, 0.5, 0.5), (-64, -96))
    panned = settled(browser)
    assert abs(panned["x"] - clamped(zoomed["x"] - 64, zoomed["w"], zoomed["stageWidth"])) <= 1
    assert abs(panned["y"] - clamped(zoomed["y"] - 96, zoomed["h"], zoomed["stageHeight"])) <= 1
    assert panned["x"] < zoomed["x"] - 50 and panned["y"] < zoomed["y"] - 80
    # A long drag stops at the edges: the photo's top left corner at the stage's.
    for _ in range(4):
        drag(browser, point(s, 0.3, 0.3), (240, 480))
    corner = settled(browser)
    assert abs(corner["x"]) < 0.5 and abs(corner["y"]) < 0.5
    for _ in range(6):
        drag(browser, point(s, 0.7, 0.7), (-240, -480))
    far = settled(browser)
    assert abs(far["x"] + far["w"] - far["stageWidth"]) < 0.5 and abs(far["y"] + far["h"] - far["stageHeight"]) < 0.5
    assert not far["controlsHidden"], "a drag is not a tap"


@contextmanager
def own_tab(browser):
    """Runs a test in a tab of its own, closed afterwards: after DevTools touches, Chromium's touch
    emulation stops sending pointer events for emulated taps on later pages of the same tab (and a
    metrics override would outlive the test)."""
    main = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        yield
    finally:
        browser.close()
        browser.switch_to.window(main)


def touch(browser, kind, points, at=None):
    """One multi-touch event through DevTools: `points` is every finger still on the screen, (x, y) in
    viewport px; `at`, when given, is the event's time (seconds since the epoch), for a gesture whose
    meaning depends on its timing, which the round trips to a loaded browser would otherwise stretch."""
    event = {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]}
    if at is not None:
        event["timestamp"] = at
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", event)


def pinch(browser, cx, cy, start, end, steps=5):
    """Two fingers `start` px apart about (cx, cy), spreading (or closing) to `end` px, then lifted."""
    at = lambda gap: [(cx - gap / 2, cy), (cx + gap / 2, cy)]
    touch(browser, "touchStart", at(start))
    for i in range(1, steps + 1):
        touch(browser, "touchMove", at(start + (end - start) * i / steps))
        time.sleep(0.02)
    touch(browser, "touchEnd", [])


def test_pinch_zooms_about_the_fingers_and_a_two_finger_tap_zooms_out(library, browser):
    server, photos = library
    with own_tab(browser):
        s = open_viewer(browser, server, photos["portrait"])
        cx, cy = round(s["stageWidth"] * 0.4), round(s["stageHeight"] * 0.45)
        # Fingers 60 px apart spread to 90 px: ×1.5 about their midpoint.
        pinch(browser, cx, cy, 60, 90)
        pinched = settled(browser)
        assert abs(pinched["scale"] - min(s["scale"] * STEP, s["max"])) < 1e-6
        assert_point_kept(s, pinched, cx, cy)
        assert not pinched["controlsHidden"]
        # Two fingers tapping together: ÷1.5.
        press(browser, "+")
        zoomed = settled(browser)
        tapped = time.time()
        touch(browser, "touchStart", [(cx - 40, cy), (cx + 40, cy)], at=tapped)
        touch(browser, "touchEnd", [], at=tapped + 0.05)
        out = settled(browser)
        assert abs(out["scale"] - max(zoomed["scale"] / STEP, s["fit"])) < 1e-6
        assert_point_kept(zoomed, out, cx, cy)
        time.sleep(0.5)
        assert not state(browser)["controlsHidden"], "a two-finger tap is not a single tap"


def wheel(browser, x, y, dx, dy, ctrl=False):
    browser.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": dx,
                                                         "deltaY": dy, "modifiers": 2 if ctrl else 0})


def test_ctrl_wheel_zooms_about_the_pointer_and_a_wheel_pans(library, browser):
    server, photos = library
    s = open_viewer(browser, server, photos["landscape"])
    px, py = round(s["stageWidth"] * 0.3), round(s["stageHeight"] * 0.45)
    for _ in range(4):
        wheel(browser, px, py, 0, -20, ctrl=True)  # a trackpad pinch, spreading
    zoomed = settled(browser)
    assert zoomed["scale"] > s["scale"] * 1.1
    assert_point_kept(s, zoomed, px, py)
    for _ in range(40):
        wheel(browser, px, py, 0, -100, ctrl=True)
    assert abs(settled(browser)["scale"] - s["max"]) < 1e-9, "never past one original pixel per device pixel"
    before = state(browser)
    wheel(browser, px, py, 60, 40)
    panned = settled(browser)
    assert panned["scale"] == before["scale"]
    assert panned["x"] < before["x"] - 5 and panned["y"] < before["y"] - 5
    for _ in range(40):
        wheel(browser, px, py, 0, 100, ctrl=True)
    assert_fits(settled(browser))


def test_arrows_go_to_the_previous_and_next_photo_and_escape_goes_back(library, browser):
    server, photos = library
    first = photos["landscape"] if photos["order"][0] == photos["landscape"]["id"] else photos["portrait"]
    open_viewer(browser, server, first)
    assert find(browser, ".viewer-title").text == "1 of 2"
    press(browser, Keys.ARROW_LEFT)  # nothing before the first
    time.sleep(0.3)
    assert find(browser, ".viewer-title").text == "1 of 2"
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: find(b, ".viewer-title").text == "2 of 2")
    assert photos["order"][1] in browser.current_url
    press(browser, Keys.ARROW_LEFT)
    wait(browser).until(lambda b: find(b, ".viewer-title").text == "1 of 2")
    # Esc with the info panel open closes only the panel; the next Esc goes back to the album.
    find(browser, ".info-toggle").click()
    wait(browser).until(lambda b: b.execute_script("return document.getElementById('viewer-info').matches(':popover-open')"))
    ActionChains(browser, duration=20).send_keys(Keys.ESCAPE).perform()
    wait(browser).until(lambda b: not b.execute_script("return document.getElementById('viewer-info').matches(':popover-open')"))
    time.sleep(0.3)
    assert "/library/assets/" in browser.current_url
    press(browser, Keys.ESCAPE)
    wait(browser).until(lambda b: "/library/groups/" in b.current_url)


def test_turning_the_screen_refits_and_keeps_the_zoom(library, browser):
    server, photos = library
    with own_tab(browser):
        metrics = DEVICES[browser.device]
        s = open_viewer(browser, server, photos["portrait"])
        double_click(browser, point(s, 0.5, 0.5))
        zoomed = settled(browser)
        # Landscape: the portrait photo is now turned the other way from the screen, so it fits whole.
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": metrics["height"], "height": metrics["width"], "deviceScaleFactor": metrics["pixelRatio"], "mobile": True})
        wait(browser).until(lambda b: state(b)["stageWidth"] == metrics["height"])
        turned = settled(browser)
        assert abs(turned["fit"] - metrics["width"] / 6400) < 1e-9
        assert abs(turned["scale"] / turned["fit"] - zoomed["scale"] / zoomed["fit"]) < 1e-6
        press(browser, "0")
        whole = settled(browser)
        assert_fits(whole)
        assert abs(whole["h"] - whole["stageHeight"]) < 0.5 and whole["w"] < whole["stageWidth"]
        # And back upright: the fit is the width again.
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": metrics["width"], "height": metrics["height"], "deviceScaleFactor": metrics["pixelRatio"], "mobile": True})
        wait(browser).until(lambda b: state(b)["stageWidth"] == metrics["width"])
        back = settled(browser)
        assert abs(back["fit"] - metrics["width"] / 3200) < 1e-9 and abs(back["scale"] - back["fit"]) < 1e-9
