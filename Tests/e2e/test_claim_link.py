"""The adjuster's link: an owner makes one on the claim's Share section, the adjuster opens it in a
browser of their own (no account) at iPad and iPhone size and sees the claim's items and a photo,
the owner sees the opening and revokes the link, and the link stops working."""
import io
import tempfile
import urllib.request
import zipfile
from datetime import date, timedelta
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.keys import Keys

import harness
from conftest import BINARY, FIXTURES, SCREENSHOTS, Server, make_driver
from helpers import find, find_all, rect, visible, wait

PASSWORD = "password123"


@pytest.fixture
def claim_server():
    """A server with a claim (a camera with its photo, a kettle) and an owner, olivia, who signs in."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-claim-link-")
    # Built while the server is open to this computer, then an owner is made and it serves with accounts.
    first = Server(data=data)
    camera = first.create_item("Mirrorless camera", "EOS-R6-0417732", 1899)
    first.upload(camera["id"], FIXTURES / "photo-1.jpg")
    kettle = first.create_item("Kettle", "", 40)
    first.create_item("Safe in the cellar", "SAFE-1", 900)
    claim = first.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire",
                                                 "insurer": "Acme Mutual", "address": "12 Elm Street\nSpringfield, IL 62704",
                                                 "items": [{"itemId": camera["id"]}, {"itemId": kettle["id"]}]})
    first.terminate()
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    first.start()  # on the same data folder, now with an account
    first.claim = claim["id"]
    yield first
    first.stop()


def sign_in(browser, server):
    browser.get(server.url + "/signin")
    find(browser, "#signin-name").send_keys("olivia")
    find(browser, "#signin-password").send_keys(PASSWORD)
    find(browser, ".auth-card button[type=submit]").click()
    wait(browser).until(lambda d: urlparse(d.current_url).path == "/")


def test_an_owner_shares_a_claim_and_revokes_the_link(claim_server, browser, device, screenshot):
    sign_in(browser, claim_server)
    browser.get(f"{claim_server.url}/claims/{claim_server.claim}/links")
    visible(browser, "#share")
    expires = find(browser, "#claim-link-expires")
    assert expires.get_attribute("value") == (date.today() + timedelta(days=30)).isoformat()
    find(browser, "#claim-link-label").send_keys("Acme adjuster")
    find(browser, ".claim-link-form button[type=submit]").click()
    link = visible(browser, "#new-claim-link").text.strip()
    assert urlparse(link).path.startswith("/shared/") and len(urlparse(link).path) == len("/shared/") + 43, link
    assert visible(browser, "[data-copy=new-claim-link]"), "the copy button shows where the clipboard may be written"
    screenshot("claim-link-made")
    # The link's name, when it was made and whether it was opened: one line each, not run together.
    lines = [rect(browser, part)["y"] for part in find_all(browser, ".claim-link-row .claim-link-text > *")]
    assert len(lines) == 3 and lines == sorted(set(lines)), lines

    # The adjuster: another browser, nobody signed in.
    adjuster = make_driver(device)
    try:
        adjuster.get(link)
        visible(adjuster, ".shared-claim-layout")
        text = find(adjuster, "body").text
        for words in ("Kitchen fire", "Acme Mutual", "1. Mirrorless camera", "2. Kettle", "EOS-R6-0417732"):
            assert words in text, f"the adjuster's page lacks {words!r}"
        assert "Safe in the cellar" not in text
        assert "12 Elm Street\nSpringfield, IL 62704" in text, "the address keeps its line break"
        assert not find_all(adjuster, "form"), "the adjuster's page has a form"
        assert not find_all(adjuster, ".account-strip")
        # Each fact's label beside its value on an iPad, above it on an iPhone; the items are cards, not a bulleted list.
        label, value = rect(adjuster, find(adjuster, ".shared-facts dt")), rect(adjuster, find(adjuster, ".shared-facts dd"))
        if device == "ipad":
            assert label["y"] == value["y"] and label["x"] + label["width"] <= value["x"], (label, value)
        else:
            assert label["x"] == value["x"] and label["y"] + label["height"] <= value["y"], (label, value)
        assert adjuster.execute_script("return getComputedStyle(document.querySelector('.shared-item-list')).listStyleType") == "none"
        photo = find(adjuster, ".shared-photo img")
        adjuster.execute_script("arguments[0].scrollIntoView()", photo)
        wait(adjuster).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo))
        width = adjuster.execute_script("return document.documentElement.scrollWidth")
        assert width <= adjuster.execute_script("return window.innerWidth"), "the page scrolls sideways"
        SCREENSHOTS.mkdir(exist_ok=True)
        adjuster.save_screenshot(str(SCREENSHOTS / f"claim-link-adjuster-{device}.png"))
        # The lines at a glance: a table on an iPad, cards on an iPhone; each leads to its item's card.
        shown, hidden = (".shared-lines table", ".shared-lines .claim-cards") if device == "ipad" else (".shared-lines .claim-cards", ".shared-lines table")
        assert find(adjuster, shown).is_displayed() and not find(adjuster, hidden).is_displayed()
        assert [a.text for a in find_all(adjuster, f"{shown} a")] == ["Mirrorless camera", "Kettle"]
        # Download All: first and prominent, the whole packet in one zip.
        everything = visible(adjuster, "#download-all")
        assert rect(adjuster, everything)["height"] >= 44 and "primary" in everything.get_attribute("class")
        with urllib.request.urlopen(everything.get_attribute("href")) as response:
            assert response.headers["Content-Type"] == "application/zip"
            names = zipfile.ZipFile(io.BytesIO(response.read())).namelist()
        assert {"report-letter.pdf", "schedule.csv", "schedule.xlsx", "manifest.json"} <= set(names), names
        # The title bar leads nowhere out of the claim.
        assert not find_all(adjuster, ".top-bar a"), "the title bar leads out of the claim"
        # A photo opens in the site's viewer, and Escape returns to its item.
        find(adjuster, ".shared-photo a").click()
        image = visible(adjuster, "#viewer-image")
        wait(adjuster).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
        find(adjuster, "#viewer-stage").send_keys(Keys.ESCAPE)
        wait(adjuster).until(lambda d: urlparse(d.current_url).fragment.startswith("item-"))
        visible(adjuster, ".shared-claim-layout")

        # The owner sees it opened, and revokes it.
        browser.get(f"{claim_server.url}/claims/{claim_server.claim}/links")
        visible(browser, ".claim-link-row")
        assert "Opened 3 times" in find(browser, ".claim-link-row").text, "the page, Download All, the page again"
        assert link not in browser.page_source, "the link is shown again"
        find(browser, ".claim-link-row form button[type=submit]").click()
        wait(browser).until(lambda d: "Revoked " in d.execute_script("return document.body.innerText"))
        assert not find_all(browser, ".claim-link-row form"), "a revoked link still offers Revoke"

        adjuster.get(link)
        visible(adjuster, ".error-card")
        assert "This link does not work" in find(adjuster, ".error-card").text
        assert "Kitchen fire" not in adjuster.page_source
    finally:
        adjuster.quit()
