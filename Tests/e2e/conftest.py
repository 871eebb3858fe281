"""Browser tests: a real Homepwner server (the release build) and Debian's Chromium, emulating an
iPad (1024x1366, touch) and an iPhone (390x844, touch)."""
import json
import shutil
import sys
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import harness  # noqa: E402

# Always this checkout's release build (not $BIN, which the benchmarks set to another).
BINARY = ROOT / ".build" / "release" / "homepwner"
SCREENSHOTS = ROOT / "Tests" / "e2e" / "screenshots"
FIXTURES = ROOT / "Tests" / "Fixtures"
DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"

DEVICES = {
    "ipad": {"width": 1024, "height": 1366, "pixelRatio": 2.0, "touch": True,
             "userAgent": "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"},
    "iphone": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True,
               "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"},
}


class Server(harness.Server):
    """One Homepwner process with its own data folder (harness.Server), and the API calls the tests
    make before a browser opens a page (no accounts: loopback is served as the owner)."""

    def __init__(self, *extra_args, data=None):
        if not BINARY.exists():
            pytest.fail(f"{BINARY} is missing: run `make release` first (make test does).")
        super().__init__(*extra_args, data=data, binary=BINARY)

    def api(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", "Accept": "application/json"})
        with urllib.request.urlopen(request) as response:
            text = response.read().decode()
            return json.loads(text) if text else None

    def create_item(self, name, serial="", value=0):
        return self.api("POST", "/api/v1/items", {"name": name, "serialNumber": serial, "valueInDollars": value})

    def items(self):
        return self.api("GET", "/api/v1/items")

    def upload(self, item_id, path):
        """Gives an item a photo through the API; returns the item."""
        request = urllib.request.Request(f"{self.url}/api/v1/items/{item_id}/image", data=Path(path).read_bytes(),
                                         method="PUT", headers={"Accept": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read().decode())

    def stop(self, keep_data=False):
        """Stops it and, unless `keep_data`, removes its data folder (given or made)."""
        super().stop(keep_data=keep_data)


@pytest.fixture
def server():
    instance = Server()
    yield instance
    instance.stop()


def make_driver(device, profile=None, language="en-US"):
    """Chromium emulating `device`, asking for `language` (its Accept-Language, its service worker's
    too); with `profile`, keeping its storage (IndexedDB) in that folder, so a new driver on it is the
    same browser restarted."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", f"--lang={language}") + ((f"--user-data-dir={profile}",) if profile else ()):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    metrics = DEVICES[device]
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": metrics["width"], "height": metrics["height"],
                          "pixelRatio": metrics["pixelRatio"], "touch": metrics["touch"]},
        "userAgent": metrics["userAgent"],
    })
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.implicitly_wait(0)
    return driver


_drivers = {}


@pytest.fixture(params=["ipad", "iphone"])
def device(request):
    return request.param


@pytest.fixture
def browser(device):
    """A Chromium session emulating `device`, reused across tests; cookies and storage cleared (the
    outbox's IndexedDB too), and a network a test cut or blocked given back."""
    if device not in _drivers:
        _drivers[device] = make_driver(device)
    driver = _drivers[device]
    driver.device = device
    driver.network_changed = False
    yield driver
    try:
        if driver.network_changed:
            origin = driver.execute_script("return location.origin")
            if origin.startswith("http"):
                driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
            driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                   {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        driver.delete_all_cookies()
        driver.execute_script("try { sessionStorage.clear(); localStorage.clear(); } catch (e) {}")
        driver.get_log("browser")  # read now, so the next test sees only its own console messages
    except Exception:
        pass


def pytest_sessionfinish(session, exitstatus):
    for driver in _drivers.values():
        try:
            driver.quit()
        except Exception:
            pass


@pytest.fixture
def screenshot(browser):
    """Saves a screenshot under Tests/e2e/screenshots/<name>-<device>.png; with `readme=True`, also
    as docs/screenshots/<name>-<device>.png, which README.md shows."""
    def save(name, readme=False):
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}-{browser.device}.png"
        browser.save_screenshot(str(path))
        if readme:
            DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, DOCS_SCREENSHOTS / path.name)
        return path
    return save
