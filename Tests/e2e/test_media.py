"""Several photos and the documents of an item, on its page, at iPad and iPhone size."""
from pathlib import Path

from selenium.webdriver.support.ui import Select

from conftest import FIXTURES
from helpers import find, find_all, visible, wait

# A real PDF from Pillow's test corpus (its trailer loops: it stays evidence, without a thumbnail).
LOOPING_PDF = Path(__file__).resolve().parents[1] / "Fixtures" / "public" / "pillow" / "trailer_loop.pdf"
if not LOOPING_PDF.exists():
    LOOPING_PDF = Path(__file__).resolve().parents[3] / "shared" / "testdata" / "images" / "pillow" / "trailer_loop.pdf"


def test_several_photos_are_added_at_once_with_progress_and_one_made_main(server, browser, screenshot):
    item = server.create_item("Camera", "C-1", 900)
    server.upload(item["id"], FIXTURES / "photo-1.jpg")
    browser.get(f"{server.url}/items/{item['id']}")
    field = find(browser, "#add-photos-input")
    field.send_keys(f"{FIXTURES / 'photo-2.jpg'}\n{FIXTURES / 'portrait.jpg'}")
    wait(browser, 20).until(lambda b: b.execute_script("return document.querySelectorAll('.strip-photo').length") == 3)
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert len(stored["photos"]) == 3
    first_photo = stored["photos"][0]["id"]
    # The second photo shows the serial plate; then it becomes the main one.
    second = find_all(browser, ".strip-photo")[1]
    Select(second.find_element("css selector", "select")).select_by_visible_text("Serial plate")
    second.find_element("css selector", 'button[value="primary"]').click()
    wait(browser).until(lambda b: "Main · Serial plate" in b.execute_script("return document.querySelector('.strip-photo.primary')?.textContent ?? ''"))
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert stored["photos"][0]["kind"] == "serial" and stored["photos"][1]["id"] == first_photo
    assert stored["image"]["width"] == stored["photos"][0]["width"]
    screenshot("item-photos")


def test_a_receipt_is_attached_listed_and_downloaded_not_shown(server, browser, screenshot):
    item = server.create_item("Television", "", 700)
    browser.get(f"{server.url}/items/{item['id']}")
    Select(find(browser, "#document-kind")).select_by_visible_text("Receipt")
    find(browser, "#document-documentName").send_keys("Receipt from Electro")
    find(browser, "#document-document").send_keys(str(LOOPING_PDF))
    find(browser, '.add-document-form button[type="submit"]').click()
    wait(browser).until(lambda b: find_all(b, ".document-row"))
    row = find(browser, ".document-row")
    assert "Receipt from Electro" in row.text and "Receipt ·" in row.text
    link = row.find_element("css selector", ".document-link").get_attribute("href")
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert stored["documents"][0]["name"] == "Receipt from Electro"
    assert "no-proof-of-value" not in stored["readiness"]["gaps"]
    assert link.endswith(stored["documents"][0]["url"])
    screenshot("item-documents")


def test_a_library_photo_is_linked_as_evidence_not_copied(browser, screenshot):
    import shutil
    from conftest import Server
    from test_library import make_library, wait_until_ready
    root = make_library({"Home/Kitchen 2019": 3})
    server = Server("--library", str(root))
    try:
        wait_until_ready(server)
        item = server.create_item("Kettle", "", 40)
        browser.get(f"{server.url}/items/{item['id']}")
        link = find(browser, '#evidence a[href*="as=evidence"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        wait(browser).until(lambda b: "as=evidence" in b.current_url)
        assert find(browser, ".top-bar-title").text == "Link Evidence"
        next(card for card in find_all(browser, "a.group-card") if "Kitchen 2019" in card.text).click()
        wait(browser).until(lambda b: find_all(b, ".pick-form button, .pick-form [type=submit]"))
        find_all(browser, ".pick-form button, .pick-form [type=submit]")[0].click()
        wait(browser).until(lambda b: f"/items/{item['id']}" in b.current_url and find_all(b, ".evidence-row"))
        stored = server.api("GET", f"/api/v1/items/{item['id']}")
        assert len(stored["evidence"]) == 1 and stored["evidence"][0]["missing"] is False
        assert stored["photos"] == [] and stored["image"] is None, "linked, not copied"
        assert "no-photo" not in stored["readiness"]["gaps"], "an old photo of it shows it existed"
        assert find(browser, ".evidence-row a.evidence-thumb").get_attribute("href").endswith(stored["evidence"][0]["viewerURL"] + "#actual-size")
        screenshot("item-evidence", readme=browser.device == "ipad")
        # It opens at one photo pixel per screen pixel: close enough to read a serial plate.
        find(browser, ".evidence-row a.evidence-thumb").click()
        wait(browser).until(lambda b: b.execute_script("const s = document.getElementById('viewer-stage'); return s && s.dataset.scale === s.dataset.maxScale"))
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
