"""The installed app in Chromium: the manifest and icons (the installability checks Lighthouse makes,
written as tests: Lighthouse itself needs npm), the service worker under the strict CSP, the offline
copy read with the network cut through the DevTools protocol, a new version's notice, and the copy
removed by signing out, by another account and by the owner's switch."""
import json
import os
import shutil
import struct
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium.common.exceptions import WebDriverException

import harness
from conftest import BINARY, FIXTURES, Server
from helpers import find, find_all, visible, wait

PASSWORD = "password123"
OFFLINE_CACHE = "homepwner-offline-copy"


@pytest.fixture(scope="module")
def home():
    """A server with a photographed camera in the study, a mug, and a claim for the camera; its owner
    olivia and an editor, eddie (made while it was open to loopback, then given accounts)."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-offline-")
    server = Server(data=data)
    study = server.api("POST", "/api/v1/locations", {"name": "Study"})
    camera = server.create_item("Camera", "C-1", 1899)
    server.upload(camera["id"], FIXTURES / "photo-1.jpg")
    server.api("PATCH", f"/api/v1/items/{camera['id']}", {"locationId": study["id"]})
    server.create_item("Mug", "", 12)
    server.claim = server.api("POST", "/api/v1/claims", {"name": "Study fire", "lossDate": "2026-03-14", "cause": "Fire",
                                                         "items": [{"itemId": camera["id"]}]})["id"]
    server.camera, server.study = camera["id"], study["id"]
    server.terminate()
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    harness.add_user(data, "eddie", PASSWORD, role="editor", binary=BINARY)
    server.start()
    # Later starts (a new version) keep the address: a service worker belongs to its origin.
    server.requested_port = server.port
    server.builds = {"first": BINARY}
    yield server
    server.stop()
    shutil.rmtree(data, ignore_errors=True)
    for build in server.builds.values():
        if build != BINARY:
            shutil.rmtree(build.parent, ignore_errors=True)


def sign_in(browser, server, name="olivia"):
    browser.get(server.url + "/signin")
    find(browser, "#signin-name").send_keys(name)
    find(browser, "#signin-password").send_keys(PASSWORD)
    find(browser, ".auth-card button[type=submit]").click()
    wait(browser).until(lambda b: b.current_url.rstrip("/") == server.url)


def sign_out(browser):
    find(browser, ".signout-form button").click()
    wait(browser).until(lambda b: "/signin" in b.current_url)


def run_async(browser, script, *arguments):
    return browser.execute_async_script(f"const done = arguments[arguments.length - 1]; ({script})(...arguments).then(done, e => done('error: ' + e));",
                                        *arguments)


def controlled(browser, server):
    """Signs in if needed and waits until the service worker controls the page (its first page is
    not: that one registers it)."""
    wait(browser, 20).until(lambda b: run_async(b, "async () => { await navigator.serviceWorker.ready; return true; }"))
    if not browser.execute_script("return !!navigator.serviceWorker.controller"):
        browser.refresh()
    wait(browser, 20).until(lambda b: b.execute_script("return !!navigator.serviceWorker.controller"))


def kept_urls(browser):
    """What the offline copy holds (page and photo addresses), or None when there is no copy."""
    return run_async(browser, f"""async () => {{
        if (!(await caches.has("{OFFLINE_CACHE}"))) return null;
        const cache = await caches.open("{OFFLINE_CACHE}");
        return (await cache.keys()).map(request => new URL(request.url).pathname);
    }}""")


def set_offline(browser, offline):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


@contextmanager
def out_of_reach(browser, server):
    """The network cut through the DevTools protocol and the server stopped. The cut alone does not
    reach the service worker in this Chromium (156: the page's own requests fail, the worker's
    fetches still get through), so the server is stopped too, as a home server out of
    reach is; started again on the same address after."""
    server.terminate()
    set_offline(browser, True)
    try:
        yield
    finally:
        set_offline(browser, False)
        server.start()


def open_pages(browser, server, paths):
    """Opens each page online, so the worker keeps it (each once it has been answered)."""
    for path in paths:
        browser.get(server.url + path)
        visible(browser, ".top-bar")
    wait(browser).until(lambda b: all(path in (kept_urls(b) or []) for path in paths))


KEPT = ["/", "/items/{camera}", "/locations", "/locations/{study}", "/claims/{claim}", "/locations/{study}/walk"]


def kept_paths(server):
    return [path.format(camera=server.camera, study=server.study, claim=server.claim) for path in KEPT]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


# MARK: Installable (Lighthouse's installability and PWA checks, as tests)

@pytest.mark.parametrize("device", ["iphone"])
def test_the_manifest_icons_and_head_pass_the_install_checks(home, browser):
    with urllib.request.urlopen(home.url + "/manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
        manifest = json.loads(response.read())
    assert manifest["name"] == "Homepwner" and manifest["short_name"] == "Homepwner"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["id"] == "/"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        with urllib.request.urlopen(home.url + icon["src"]) as response:
            assert response.headers["Content-Type"] == "image/png"
            width, height = png_size(response.read())
        assert f"{width}x{height}" == icon["sizes"], icon
        sizes.add((width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes

    sign_in(browser, home)
    controlled(browser, home)
    # Chromium's own installability check (what Lighthouse reports): no errors.
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    assert errors == [], errors
    parsed = browser.execute_cdp_cmd("Page.getAppManifest", {})
    assert parsed.get("errors", []) == [] and parsed["url"].endswith("/manifest.webmanifest")
    head = browser.execute_script("""
        const meta = name => [...document.querySelectorAll(`meta[name="${name}"]`)].map(m => [m.media, m.content]);
        return {viewport: meta("viewport"), themes: meta("theme-color"), capable: meta("apple-mobile-web-app-capable"),
                touch: [...document.querySelectorAll('link[rel="apple-touch-icon"]')].map(l => [l.sizes.value, l.href])};""")
    assert "width=device-width" in head["viewport"][0][1] and "viewport-fit=cover" in head["viewport"][0][1]
    assert sorted(media for media, _ in head["themes"]) == ["(prefers-color-scheme: dark)", "(prefers-color-scheme: light)"]
    assert head["capable"] == [["", "yes"]]
    touch = {}
    for sizes, href in head["touch"]:
        with urllib.request.urlopen(href) as response:
            touch[sizes] = png_size(response.read())
    assert touch == {"152x152": (152, 152), "167x167": (167, 167), "180x180": (180, 180)}
    # The start URL answers offline (from the copy), as an installed app must.
    open_pages(browser, home, [manifest["start_url"]])
    with out_of_reach(browser, home):
        browser.get(home.url + manifest["start_url"])
        visible(browser, "#offline-copy-status")


@pytest.mark.parametrize("device", ["iphone"])
def test_the_worker_registers_under_the_csp_at_the_root(home, browser):
    browser.get(home.url + "/signin")
    browser.get_log("browser")
    sign_in(browser, home)
    controlled(browser, home)
    registration = run_async(browser, """async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return {scope: r.scope, script: r.active.scriptURL};
    }""")
    assert registration == {"scope": home.url + "/", "script": home.url + "/service-worker.js"}
    messages = [entry["message"] for entry in browser.get_log("browser")]
    assert not [m for m in messages if "Content Security Policy" in m or "Refused to" in m], messages


# MARK: The offline copy

def show_offline_copy(browser, server, why=False):
    """The item list read from the copy with the server out of reach (for the accessibility audit);
    with `why`, its reason open."""
    sign_in(browser, server)
    controlled(browser, server)
    open_pages(browser, server, ["/"])
    with out_of_reach(browser, server):
        browser.get(server.url + "/")
        status = visible(browser, "#offline-copy-status")
        if why:
            status.click()
            visible(browser, "#offline-copy-about")


@pytest.mark.parametrize("device", ["ipad", "iphone"])
def test_the_copy_is_read_with_the_network_cut_and_actions_need_the_server(home, browser, screenshot):
    sign_in(browser, home)
    controlled(browser, home)
    paths = kept_paths(home)
    open_pages(browser, home, paths)
    # The claim's schedule, downloaded online, is kept with the claim.
    schedule = f"/api/v1/claims/{home.claim}/schedule.csv"
    online = run_async(browser, "async path => { const r = await fetch(path); return [r.status, await r.text()]; }", schedule)
    assert online[0] == 200 and "Camera" in online[1]
    wait(browser).until(lambda b: schedule in (kept_urls(b) or []))
    with out_of_reach(browser, home):
        # Proof the server is out of reach: a page never kept does not open.
        with pytest.raises(WebDriverException, match="ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED"):
            browser.get(home.url + "/claims")
        for path in paths:
            browser.get(home.url + path)
            label = visible(browser, "#offline-copy-status").text
            assert label.startswith("Offline copy from "), label
            state = browser.execute_script("""
                const controls = [...document.querySelectorAll("form button, form input:not([type=hidden]), form select, form textarea")];
                const outside = controls.filter(c => !c.closest("[data-works-offline], .offline-copy"));
                const camera = controls.filter(c => c.closest("[data-works-offline]"));
                return {
                    enabled: outside.filter(c => !c.disabled).map(c => c.outerHTML.slice(0, 80)),
                    unexplained: outside.filter(c => !(c.getAttribute("aria-describedby") || "").includes("offline-copy-reason")).length,
                    cameraDisabled: camera.filter(c => c.disabled).length, camera: camera.length,
                    photos: [...document.querySelectorAll("main img")].map(i => i.complete && i.naturalWidth > 0),
                };""")
            assert state["enabled"] == [] and state["unexplained"] == 0, (path, state)
            if path.endswith("/walk"):
                assert state["camera"] > 0 and state["cameraDisabled"] == 0, "the camera page must work offline"
            if path == f"/items/{home.camera}":
                assert state["photos"] and all(state["photos"]), "the item's photo is in the copy"
                screenshot("offline-copy-item")
        assert run_async(browser, "async path => { const r = await fetch(path); return [r.status, await r.text()]; }", schedule) == online
        browser.get(home.url + "/")
        # The status has a row of its own: the page is no wider than the screen.
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        visible(browser, "#offline-copy-status").click()
        reason = visible(browser, "#offline-copy-about")
        assert "cannot be reached" in reason.text
        screenshot("offline-copy-reason")
    browser.get(home.url + "/")
    visible(browser, ".top-bar")
    assert not browser.execute_script("return !document.getElementById('offline-copy-status').hidden")


@pytest.mark.parametrize("device", ["iphone"])
def test_signing_out_forgets_the_copy_but_not_the_outbox(home, browser):
    sign_in(browser, home)
    controlled(browser, home)
    open_pages(browser, home, ["/", f"/items/{home.camera}"])
    # A database of the page's own (as the outbox keeps its captures): signing out leaves it.
    run_async(browser, """async () => new Promise((resolve, reject) => {
        const open = indexedDB.open("offline-test-outbox", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("captures");
        open.onsuccess = () => { open.result.close(); resolve(true); };
        open.onerror = () => reject(open.error);
    })""")
    sign_out(browser)
    wait(browser).until(lambda b: kept_urls(b) is None)
    databases = run_async(browser, "async () => (await indexedDB.databases()).map(d => d.name)")
    assert "offline-test-outbox" in databases
    # Another account: its own copy, never the first one's pages.
    sign_in(browser, home, "eddie")
    open_pages(browser, home, ["/"])
    account = run_async(browser, f"""async () => (await (await caches.open("{OFFLINE_CACHE}")).match("/.offline-copy-account")).text()""")
    assert account == browser.execute_script("return document.querySelector('meta[name=account]').content")
    assert {path for path in kept_urls(browser) if not path.startswith("/images/")} == {"/.offline-copy-account", "/"}
    sign_out(browser)


@pytest.mark.parametrize("device", ["iphone"])
def test_the_owners_switch_removes_every_copy(home, browser):
    sign_in(browser, home)
    controlled(browser, home)
    open_pages(browser, home, ["/"])
    browser.get(home.url + "/users")
    box = find(browser, "#offline-copy-setting")
    assert box.is_selected()
    box.click()
    find(browser, ".offline-copy-setting button[type=submit]").click()
    visible(browser, ".notice.success")
    wait(browser).until(lambda b: kept_urls(b) is None)
    browser.get(home.url + "/")
    visible(browser, ".top-bar")
    assert kept_urls(browser) is None, "a page was kept with the copy turned off"
    browser.get(home.url + "/users")
    find(browser, "#offline-copy-setting").click()
    find(browser, ".offline-copy-setting button[type=submit]").click()
    visible(browser, ".notice.success")
    open_pages(browser, home, ["/"])
    sign_out(browser)


# MARK: A new version

def new_build(server):
    """Another Homepwner build: this one's binary (hard-linked) beside a copy of its static files with
    a line more in the stylesheet, so its assets' version and its worker differ from every other."""
    folder = Path(tempfile.mkdtemp(prefix="homepwner-e2e-build-"))
    binary = folder / "homepwner"
    try:
        os.link(BINARY, binary)
    except OSError:
        shutil.copy2(BINARY, binary)
    resources = folder / "Homepwner_App.resources"
    shutil.copytree(BINARY.parent / "Homepwner_App.resources", resources)
    with open(resources / "Static" / "css" / "app.css", "a") as css:
        css.write(f"\n/* build {folder.name} */\n")
    server.builds[folder.name] = binary
    return binary


def switch_build(server):
    """Restarts the server, on the same address, as a new build."""
    server.binary = new_build(server)
    server.terminate()
    server.start()


def open_again(browser, url):
    """Closes the app's last page and opens it again: the waiting version takes over once no page
    of the old one is left, which Chromium sees a moment after the page is gone (tried again within
    a limit)."""
    for _ in range(20):
        browser.get("about:blank")
        time.sleep(0.25)
        browser.get(url)
        notice = visible(browser, "#app-update .app-update-card", timeout=20)
        if "ready" not in notice.text:
            return notice
    return notice


def worker_version(browser):
    """The version the worker in charge of the page runs."""
    return run_async(browser, """async () => new Promise(resolve => {
        const channel = new MessageChannel();
        channel.port1.onmessage = event => resolve(event.data.version);
        navigator.serviceWorker.controller.postMessage({type: "version"}, [channel.port2]);
    })""")


def show_update_notices(browser, server, screenshot=None):
    """From a page of one version: the server updated, the next page says a new version is ready,
    and the next open that it was updated. Returns at that page."""
    sign_in(browser, server)
    controlled(browser, server)
    before = worker_version(browser)
    switch_build(server)
    browser.get(server.url + "/")
    notice = visible(browser, "#app-update .app-update-card", timeout=20)
    assert "ready" in notice.text and "next time" in notice.text
    if screenshot:
        screenshot("update-ready")
    notice = open_again(browser, server.url + "/")
    assert notice.text.startswith("Homepwner was updated")
    assert worker_version(browser) not in (None, before)
    return notice


@pytest.mark.parametrize("device", ["ipad", "iphone"])
def test_a_new_version_takes_over_at_the_next_open_and_says_so(home, browser, screenshot):
    show_update_notices(browser, home, screenshot)
    screenshot("update-notice")
    # Dismissed from the keyboard; the region stays for the next announcement.
    region = find(browser, "#app-update")
    assert region.get_attribute("role") == "status"
    find(browser, "#app-update button").send_keys("\n")
    wait(browser).until(lambda b: not find_all(b, "#app-update .app-update-card"))
    sign_out(browser)
