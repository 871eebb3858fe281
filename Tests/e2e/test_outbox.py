"""The outbox (issue 28): photos and a 300 MB walk-through taken with no network wait on the device
(IndexedDB) through a reload, a browser restart and a signed-out session, and arrive whole, once
each, when the same account is back; a 300 MB upload cut five times (the network cut through the
DevTools protocol, the server killed) resumes each time; another account never sends them. One
server and one set of files for the whole module (CI time is short)."""
import hashlib
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import harness
from conftest import BINARY, SCREENSHOTS, Server, make_driver
from helpers import find, find_all, visible, wait

PASSWORD = "password123"
PHOTOS = 50
VIDEO_BYTES = 300_000_000


def sha256(path_or_bytes):
    digest = hashlib.sha256()
    if isinstance(path_or_bytes, bytes):
        digest.update(path_or_bytes)
        return digest.hexdigest()
    with open(path_or_bytes, "rb") as file:
        while block := file.read(8 << 20):
            digest.update(block)
    return digest.hexdigest()


@pytest.fixture(scope="module")
def media():
    """50 different real JPEGs and a real 300 MB MP4: a 4 s H.264 clip made by ffmpeg, padded with a
    trailing top-level `free` box (players and the server's probe skip it; the bytes still travel)."""
    folder = Path(tempfile.mkdtemp(prefix="homepwner-e2e-outbox-"))
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=800x600:rate=10", "-frames:v", str(PHOTOS),
                    "-q:v", "4", str(folder / "photo-%02d.jpg")], check=True, timeout=120)
    clip = folder / "clip.mp4"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-t", "4", "-c:v", "libx264",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", str(clip)], check=True, timeout=120)
    video = folder / "basement-walk.mp4"
    shutil.copyfile(clip, video)
    padding = VIDEO_BYTES - clip.stat().st_size
    with open(video, "ab") as file:
        file.write(padding.to_bytes(4, "big") + b"free")
        file.truncate(VIDEO_BYTES)
    photos = sorted(folder.glob("photo-*.jpg"))
    yield SimpleNamespace(photos=photos, photo_hashes={sha256(photo) for photo in photos}, video=video, video_hash=sha256(video))
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def site():
    """One server with two accounts: olivia (owner) and bruno (editor). Restarted on the same port,
    so a page open before a kill is served by it again."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-outbox-data-")
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    harness.add_user(data, "bruno", PASSWORD, role="editor", binary=BINARY)
    server = Server(data=data)
    server.requested_port = server.port
    yield server
    server.stop(keep_data=False)


def api(server, method, path, value=None, name="olivia"):
    """A JSON call as `name` (signed in through the form, as a browser is)."""
    client = harness.Client(server.url)
    client.sign_in(name, PASSWORD)
    body = None if value is None else json.dumps(value).encode()
    status, _, payload = client.request(method, path, body=body, browser=True,
                                        headers={"Accept": "application/json", "Content-Type": "application/json"})
    client.close()
    assert status < 400, f"{method} {path}: {status} {payload[:300]!r}"
    return json.loads(payload) if payload else None


def download(server, path):
    client = harness.Client(server.url, timeout=120)
    client.sign_in("olivia", PASSWORD)
    status, _, payload = client.request("GET", path, browser=True)
    client.close()
    assert status == 200, f"GET {path}: {status}"
    return payload


def walkthroughs_of(server, place):
    """The place's walk-throughs, read one by one through the API (ids count up from 1)."""
    found, missing, number = [], 0, 0
    while missing < 5:
        number += 1
        client = harness.Client(server.url)
        client.sign_in("olivia", PASSWORD)
        status, _, payload = client.request("GET", f"/api/v1/walkthroughs/{number}", headers={"Accept": "application/json"}, browser=True)
        client.close()
        if status == 404:
            missing += 1
            continue
        walkthrough = json.loads(payload)
        if walkthrough["locationId"] == place:
            found.append(walkthrough)
    return found


def drafts_in(server, place):
    return [item for item in api(server, "GET", "/api/v1/items?draft=1") if item["locationId"] == place]


def new_driver(profile, device="ipad"):
    driver = make_driver(device, profile=profile)
    driver.device = device
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


@pytest.fixture
def profile():
    folder = tempfile.mkdtemp(prefix="homepwner-e2e-outbox-profile-")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def network(driver, online, upload_bytes_per_second=-1):
    """Cuts or restores the browser's network (DevTools: the page sees `navigator.onLine` change; a
    request under way goes on, later ones fail), its uploads at most that fast when given."""
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": upload_bytes_per_second})



def block_uploads(driver, blocked):
    """Makes the tus endpoint unreachable (and only it), so pages still load while nothing is sent."""
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/uploads*"] if blocked else []})


def sign_in(driver, server, name):
    driver.get(server.url + "/signin")
    find(driver, "#signin-name").send_keys(name)
    find(driver, "#signin-password").send_keys(PASSWORD)
    find(driver, ".auth-card button[type=submit]").click()
    wait(driver).until(lambda d: d.execute_script("return !!document.querySelector('meta[name=account]')?.content"))


def sign_out(driver):
    driver.execute_script("document.querySelector('.signout-form').submit()")
    wait(driver).until(lambda d: "/signin" in d.current_url)


def waiting(driver):
    """The number the outbox's button shows (0 when it is hidden)."""
    return driver.execute_script("const b = document.getElementById('outbox-button');"
                                 "return b && !b.hidden ? Number(document.getElementById('outbox-count').textContent) : 0;")


def stored_captures(driver):
    """How many captures this origin's outbox holds, read from IndexedDB (any page of the site)."""
    return driver.execute_async_script("""
        const done = arguments[0];
        const opening = indexedDB.open("homepwner-outbox", 1);
        opening.onsuccess = () => {
          const count = opening.result.transaction("captures").objectStore("captures").count();
          count.onsuccess = () => { done(count.result); opening.result.close(); };
        };
        opening.onerror = () => done(-1);""")


def shoot(driver, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}-{driver.device}.png"))


def test_fifty_photos_and_a_300_mb_video_taken_offline_survive_a_reload_a_restart_and_signing_out_and_arrive_whole_once_each(site, media, profile):
    place = api(site, "POST", "/api/v1/locations", {"name": "Basement"})["id"]
    driver = new_driver(profile)
    try:
        sign_in(driver, site, "olivia")
        driver.get(f"{site.url}/locations/{place}/walk")
        visible(driver, "#walk-files")
        network(driver, online=False)
        # Taken in the basement: 50 photos through the picker and the walk-through video.
        find(driver, "#walk-file-input").send_keys("\n".join(str(photo) for photo in media.photos))
        find(driver, "#walkthrough-video").send_keys(str(media.video))
        driver.execute_script("document.querySelector('.walkthrough-upload').requestSubmit()")
        wait(driver, 60).until(lambda d: waiting(d) == PHOTOS + 1)
        visible(driver, "#outbox-button").click()
        visible(driver, "#outbox-list")
        assert "Waiting for the network" in find(driver, "#outbox-list").text
        shoot(driver, "outbox-offline")
        driver.execute_script("document.getElementById('outbox-sheet').hidePopover()")

        # Back in range, but with the uploads still unreachable: a reload keeps every capture.
        block_uploads(driver, True)
        network(driver, online=True)
        driver.refresh()
        wait(driver, 20).until(lambda d: waiting(d) == PHOTOS + 1)

        # The browser closed and opened again: signed out (the session did not ask to be kept), the
        # outbox still holds them and sends nothing; signed in again as olivia, they go.
        driver.quit()
        driver = new_driver(profile)
        driver.get(f"{site.url}/locations/{place}/walk")
        wait(driver).until(lambda d: "/signin" in d.current_url)
        assert stored_captures(driver) == PHOTOS + 1
        assert drafts_in(site, place) == [] and walkthroughs_of(site, place) == []
        sign_in(driver, site, "olivia")
        wait(driver, 600).until(lambda d: stored_captures(d) == 0)
    finally:
        driver.quit()

    drafts = drafts_in(site, place)
    assert len(drafts) == PHOTOS, f"{len(drafts)} drafts, not one per photo"
    arrived = [sha256(download(site, draft["photos"][0]["originalURL"])) for draft in drafts]
    assert sorted(arrived) == sorted(media.photo_hashes), "each photo arrived once, byte for byte"
    walkthroughs = walkthroughs_of(site, place)
    assert len(walkthroughs) == 1, walkthroughs
    video = download(site, f"/walkthroughs/{walkthroughs[0]['id']}/video")
    assert len(video) == VIDEO_BYTES and sha256(video) == media.video_hash


def until(condition, within=120, every=0.02, state=lambda: ""):
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {state()}"
        time.sleep(every)


def held(server):
    """How many bytes the newest upload in the data folder holds (0 before one is made)."""
    folder = Path(server.data) / "uploads"
    files = [entry for entry in folder.iterdir() if entry.is_file()] if folder.exists() else []
    return max(files, key=lambda entry: entry.stat().st_mtime).stat().st_size if files else 0


def delivered(driver):
    """What the outbox said it sent once the capture was delivered (None before; a page busy
    reading the file may not answer WebDriver at once)."""
    try:
        value = driver.execute_script("return sessionStorage.getItem('delivered')")
    except Exception:
        return None
    return json.loads(value) if value else None


def test_a_300_mb_upload_cut_five_times_resumes_each_time_and_sends_at_most_1_1_times_its_size(site, media, profile):
    """The server killed (-9) five times while the video is on its way, each time once it holds 30 MB
    more than at the last cut (watched in its data folder, not through the busy page), and started
    again on the same port: the outbox finds out what arrived (HEAD) and goes on from there."""
    place = api(site, "POST", "/api/v1/locations", {"name": "Storage unit"})["id"]
    driver = new_driver(profile)
    cuts = []
    try:
        sign_in(driver, site, "olivia")
        driver.get(f"{site.url}/locations/{place}")
        # What the outbox says it sent, kept past the reload that follows the delivery.
        driver.execute_script("""document.addEventListener("outbox-delivered", ({ detail }) =>
            sessionStorage.setItem("delivered", JSON.stringify({ size: detail.size, wire: detail.wire })));""")
        find(driver, "#walkthrough-video").send_keys(str(media.video))
        driver.execute_script("document.querySelector('.walkthrough-upload').requestSubmit()")
        kept = 0
        for _ in range(5):
            until(lambda: held(site) >= kept + 30_000_000, within=300, every=0.01, state=lambda: f"cuts at {cuts}, {held(site)} bytes held")
            site.kill()
            kept = held(site)
            assert kept < VIDEO_BYTES, f"the upload ended before five cuts: {cuts}"
            cuts.append(kept)
            site.start()
        until(lambda: delivered(driver) is not None, within=300, every=0.2)
        sent = delivered(driver)
    finally:
        driver.quit()
    print(f"cut at {', '.join(f'{cut / 1e6:.0f} MB' for cut in cuts)}; sent {sent['wire']} bytes for {sent['size']} ({sent['wire'] / sent['size']:.3f}x)")
    assert sent["size"] == VIDEO_BYTES
    assert sent["wire"] <= 1.1 * VIDEO_BYTES, f"{sent['wire']} bytes sent for a {VIDEO_BYTES}-byte video, cut at {cuts}"
    walkthroughs = walkthroughs_of(site, place)
    assert len(walkthroughs) == 1, walkthroughs
    assert sha256(download(site, f"/walkthroughs/{walkthroughs[0]['id']}/video")) == media.video_hash


def test_another_account_never_sends_the_outbox_and_its_owner_does(site, media, profile):
    camera, drill = (api(site, "POST", "/api/v1/items", {"name": name, "serialNumber": "", "valueInDollars": 0})["id"] for name in ("Camera", "Drill"))
    driver = new_driver(profile, device="iphone")
    try:
        sign_in(driver, site, "olivia")
        driver.get(f"{site.url}/items/{camera}")
        block_uploads(driver, True)
        find(driver, "#add-photos-input").send_keys(f"{media.photos[0]}\n{media.photos[1]}")
        wait(driver, 20).until(lambda d: waiting(d) == 2)
        assert "Homepwner can’t be reached" in find(driver, ".upload-list").text
        find(driver, "#outbox-button").click()
        visible(driver, "#outbox-list .outbox-entry")
        shoot(driver, "outbox-waiting")
        sign_out(driver)
        block_uploads(driver, False)

        # Bruno on the same device: olivia's two wait for her; his own photo goes (the outbox looked
        # at hers first, oldest first, and passed them by).
        sign_in(driver, site, "bruno")
        driver.get(f"{site.url}/items/{drill}")
        note = lambda d: d.execute_script("return document.getElementById('outbox-note').textContent")
        wait(driver).until(lambda d: "another account to sign in on this device: 2." in note(d))
        assert waiting(driver) == 0
        find(driver, "#add-photos-input").send_keys(str(media.photos[2]))
        wait(driver, 60).until(lambda d: len(api(site, "GET", f"/api/v1/items/{drill}")["photos"]) == 1)
        assert api(site, "GET", f"/api/v1/items/{camera}")["photos"] == []
        wait(driver).until(lambda d: stored_captures(d) == 2)  # olivia's two: bruno's own has gone
        sign_out(driver)

        sign_in(driver, site, "olivia")
        wait(driver, 60).until(lambda d: stored_captures(d) == 0)
    finally:
        driver.quit()
    photos = api(site, "GET", f"/api/v1/items/{camera}")["photos"]
    assert sorted(sha256(download(site, photo["originalURL"])) for photo in photos) == sorted(sha256(p) for p in media.photos[:2])


def test_the_camera_buttons_photo_taken_offline_becomes_the_main_photo_once_back(site, media, profile):
    """The seed's camera button: a photo chosen in the picker with Homepwner out of reach waits in the
    outbox (the picker closes and says so) and replaces the item's main photo once it can be reached."""
    kettle = api(site, "POST", "/api/v1/items", {"name": "Kettle", "serialNumber": "", "valueInDollars": 0})["id"]
    driver = new_driver(profile, device="iphone")
    try:
        sign_in(driver, site, "olivia")
        driver.get(f"{site.url}/items/{kettle}")
        block_uploads(driver, True)
        find(driver, ".camera-button").click()
        find_all(driver, "#image-picker input[type=file]")[1].send_keys(str(media.photos[3]))
        wait(driver, 20).until(lambda d: waiting(d) == 1)
        wait(driver, 20).until(lambda d: not d.execute_script("return document.getElementById('image-picker').matches(':popover-open')"))
        assert api(site, "GET", f"/api/v1/items/{kettle}")["image"] is None
        block_uploads(driver, False)
        wait(driver, 60).until(lambda d: api(site, "GET", f"/api/v1/items/{kettle}")["image"] is not None)
        wait(driver, 20).until(lambda d: waiting(d) == 0)
    finally:
        driver.quit()
    item = api(site, "GET", f"/api/v1/items/{kettle}")
    assert len(item["photos"]) == 1
    assert sha256(download(site, item["image"]["originalURL"])) == sha256(media.photos[3])
