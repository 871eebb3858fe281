"""A claim at iPad and iPhone size, the way a household makes one after a loss: from the home page's
readiness card to Claims, New Claim (a popover anchored to its button on an iPad, a full-screen sheet
on an iPhone), Add Items by room, a line's own value with a reason, the packet's downloads (the PDF
opens in the browser's viewer; the schedule and the report agree), then closing the claim."""
import csv
import io
import subprocess
import tempfile
import urllib.request
from decimal import Decimal
from pathlib import Path

from conftest import FIXTURES
from helpers import find, find_all, rect, visible, wait
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


def fetch(browser, url):
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    request = urllib.request.Request(url, headers={"Cookie": cookies} if cookies else {})
    with urllib.request.urlopen(request) as response:
        return response.read(), response.headers


def line_selector(browser, number=None):
    """The claim's lines as the device shows them: table rows on an iPad, cards on an iPhone."""
    if browser.device == "iphone":
        return ".claim-card:not(.claim-card-total)" + (f":nth-child({number})" if number else "")
    return ".claim-table tbody tr" + (f":nth-child({number})" if number else "")


def assert_sheet_placement(browser, sheet, opener):
    box, anchor = rect(browser, sheet), rect(browser, opener)
    width, height = browser.execute_script("return innerWidth"), browser.execute_script("return innerHeight")
    if browser.device == "ipad":
        assert box["width"] < width * 0.6, "a popover, not a full-screen sheet"
        gap_below = box["y"] - (anchor["y"] + anchor["height"])
        gap_above = anchor["y"] - (box["y"] + box["height"])
        assert -1 <= gap_below <= 24 or -1 <= gap_above <= 24, (box, anchor)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"all of it on the screen: {box}, {height}"
    else:
        assert (round(box["x"]), round(box["y"])) == (0, 0) and box["width"] >= width - 1 and box["height"] >= height - 1, box


def test_a_claim_from_the_home_page_to_the_packet_and_closing(server, browser, screenshot):
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    study = server.api("POST", "/api/v1/locations", {"name": "Study"})
    kettle = server.api("POST", "/api/v1/items", {"name": "Kettle", "locationId": kitchen["id"], "purchaseDate": "2022-01-10",
                                                  "replacementCost": "79.99", "tags": ["appliance"]})
    plates = server.api("POST", "/api/v1/items", {"name": "Dinner plates", "quantity": 12, "locationId": kitchen["id"],
                                                  "purchaseDate": "2019-06-01", "replacementCost": "14.33"})
    laptop = server.api("POST", "/api/v1/items", {"name": "Laptop", "locationId": study["id"], "replacementCost": "1499.00"})
    server.upload(kettle["id"], FIXTURES / "photo-1.jpg")

    browser.get(server.url + "/")
    find(browser, '#readiness-card a[href="/claims"]').click()
    wait(browser).until(lambda b: b.current_url.endswith("/claims"))
    assert "No claims yet" in find(browser, ".claims-empty").text
    opener = find(browser, '.top-bar [popovertarget="new-claim"]')
    opener.click()
    sheet = visible(browser, "#new-claim")
    assert_sheet_placement(browser, sheet, opener)
    # Keyboard only: the name has the focus; Tab to the date and the cause; Enter starts the claim.
    active = browser.switch_to.active_element
    assert active.get_attribute("name") == "name"
    active.send_keys("Kitchen fire")
    active.send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys("03142026" if browser.device == "ipad" else "03142026")
    cause = find(browser, "#new-claim-cause")
    cause.send_keys("Fire")
    screenshot("claim-new")
    cause.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: "/claims/" in b.current_url)
    claim_id = int(browser.current_url.rstrip("/").split("/")[-1].split("?")[0])
    claim = server.api("GET", f"/api/v1/claims/{claim_id}")
    assert claim["name"] == "Kitchen fire" and claim["cause"] == "Fire"
    assert claim["lossDate"] == "2026-03-14" and claim["proofOfLossDue"] == "2026-05-13"

    # Add Items: the kitchen with everything in it. Its button at the foot of the screen: the
    # popover opens above it, all of it on the screen.
    opener = find(browser, '[popovertarget="claim-chooser"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", opener)
    opener.click()
    chooser = visible(browser, "#claim-chooser")
    assert_sheet_placement(browser, chooser, opener)
    screenshot("claim-add-items")
    # Nothing is chosen for the household: the whole home asks again, a place starts at "Choose…",
    # and each choice says how many items it adds.
    assert "Everything in the home (3 items)" in find(browser, ".chooser-everything summary").text
    assert not find(browser, ".chooser-everything").get_attribute("open")
    places = Select(find(browser, "#choose-locationId"))
    assert places.first_selected_option.text == "Choose a place…"
    assert [option.text for option in places.options] == ["Choose a place…", "Kitchen (2 items)", "Study (1 item)"]
    find(browser, '#claim-chooser form:has(#choose-locationId) button[type="submit"]').click()
    assert browser.execute_script("return document.querySelector('#choose-locationId').validity.valueMissing")
    assert browser.current_url.endswith(f"/claims/{claim_id}"), "Add without a place chosen sends nothing"
    Select(find(browser, "#choose-locationId")).select_by_visible_text("Kitchen (2 items)")
    # By the keyboard: the browser's "Please select an item" bubble may still cover the button.
    find(browser, '#claim-chooser form:has(#choose-locationId) button[type="submit"]').send_keys(Keys.ENTER)
    wait(browser).until(lambda b: "2 items added" in b.page_source)
    names = [link.text for link in find_all(browser, f"{line_selector(browser)} a")]
    assert find(browser, "#lines-title").text == "Lost: 2 lines, 13 items"
    # Nothing wider than the screen: on a phone the lines are cards, each with its figures.
    assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    if browser.device == "iphone":
        assert "Replacement" in find(browser, line_selector(browser, 1)).text and visible(browser, ".claim-card-total")
    assert names == ["Kettle", "Dinner plates"]
    assert laptop["name"] not in names

    # A line: 7 of the 12 plates, and the kettle's own value with a reason.
    find(browser, f"{line_selector(browser, 2)} a").click()
    quantity = visible(browser, "#line-quantityLost")
    quantity.clear()
    quantity.send_keys("7")
    find(browser, ".claim-form button[type=submit]").click()
    wait(browser).until(lambda b: f"/claims/{claim_id}?saved=" in b.current_url)
    assert visible(browser, ".notice.success").text == "Line 2, “Dinner plates”, saved."
    find(browser, f"{line_selector(browser, 1)} a").click()
    visible(browser, "#line-actualCashValueOverride").send_keys("60.00")
    find(browser, ".claim-form button[type=submit]").click()
    wait(browser).until(lambda b: "Say why" in b.page_source)
    assert "Say why" in visible(browser, '.field[data-field="overrideReason"] .field-error').text
    find(browser, "#line-overrideReason").send_keys("Bought last month, unused")
    find(browser, ".claim-form button[type=submit]").click()
    wait(browser).until(lambda b: f"/claims/{claim_id}?saved=" in b.current_url)
    assert visible(browser, ".notice.success").text == "Line 1, “Kettle”, saved."
    claim = server.api("GET", f"/api/v1/claims/{claim_id}")
    kettle_line, plates_line = claim["items"]
    assert plates_line["quantityLost"] == 7 and kettle_line["valuation"]["unitActualCashValue"] == "60.00"
    assert "Set by hand" in find(browser, line_selector(browser, 1)).text
    screenshot("claim", readme=True)

    # The packet: the schedule and the report say the same; the PDF is inline for the browser's viewer.
    links = {a.text: a.get_attribute("href") for a in find_all(browser, ".packet-list a")}
    assert set(links) == {"Report (A4)", "Report (US Letter)", "Schedule (XLSX)", "Schedule (CSV)", "Schedule for ClaimXperience (CSV)",
                          "Schedule of loss (CSV)", "Proof of loss (PDF)", "Police list (PDF)", "Police list (CSV)"}
    assert find(browser, "#download-all").get_attribute("href").endswith(f"/api/v1/claims/{claim_id}/evidence.zip"), "Download All, first"
    for link in find_all(browser, ".packet-list a"):
        assert rect(browser, link)["height"] >= 44
    body, headers = fetch(browser, links["Schedule (CSV)"])
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    assert [row["Line"] for row in rows] == ["1", "2"], "the lines, no totals row"
    total_acv = claim["totals"]["actualCashValue"]
    assert sum(Decimal(row["Line actual cash value (USD)"]) for row in rows) == Decimal(total_acv)
    pdf, headers = fetch(browser, links["Report (US Letter)"])
    assert headers["Content-Type"] == "application/pdf" and headers["Content-Disposition"].startswith("inline;")
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        text = " ".join(subprocess.run(["pdftotext", file.name, "-"], capture_output=True, text=True, check=True).stdout.split())
    assert "Kitchen fire" in text and "Bought last month, unused" in text
    assert "2 lines, 8 items" in text, "the cover counts as the claim's page does"
    assert f"${float(total_acv):,.2f}" in text
    browser.get(links["Report (A4)"])
    wait(browser).until(lambda b: b.execute_script("return document.contentType") == "application/pdf")
    browser.back()

    # Closing: the kettle is marked lost; 5 plates are left.
    wait(browser).until(lambda b: b.current_url.split("?")[0].endswith(f"/claims/{claim_id}"))
    details = find_all(browser, ".claim-close details")[0]
    details.find_element("css selector", "summary").click()
    details.find_element("css selector", "button[type=submit]").click()
    wait(browser).until(lambda b: "Closed on" in b.page_source)
    assert server.api("GET", f"/api/v1/items/{kettle['id']}")["disposed"]["kind"] == "lost"
    assert server.api("GET", f"/api/v1/items/{plates['id']}")["quantity"] == 5
    assert not find_all(browser, '[popovertarget="claim-chooser"]'), "a closed claim is not changed"


def test_items_picked_in_the_list_join_a_claim(server, browser):
    lamp = server.create_item("Lamp", "", 40)
    rug = server.create_item("Rug", "", 300)
    server.create_item("Sofa", "", 900)
    claim = server.api("POST", "/api/v1/claims", {"name": "Flood"})
    browser.get(server.url + "/?select=1")
    find(browser, f'input[type=checkbox][value="{lamp["id"]}"]').click()  # a tap on the box ticks it (the row's link lies beside it)
    find(browser, f'input[type=checkbox][value="{rug["id"]}"]').send_keys(Keys.SPACE)  # and so does the keyboard
    Select(find(browser, "#bulk-action")).select_by_value("addToClaim")
    Select(find(browser, "#bulk-claim")).select_by_visible_text("Flood")
    find(browser, "#bulk-form button[type=submit]").click()
    wait(browser).until(lambda b: b.current_url.split("?")[0].endswith(f"/claims/{claim['id']}"))
    assert "2 items added" in find(browser, ".notice").text
    assert [line["name"] for line in server.api("GET", f"/api/v1/claims/{claim['id']}")["items"]] == ["Lamp", "Rug"]


def test_the_coverage_check_before_any_loss(server, browser, screenshot):
    server.api("POST", "/api/v1/items", {"name": "Sofa", "replacementCost": "84000.00"})
    server.api("POST", "/api/v1/items", {"name": "Ring", "replacementCost": "5000.00", "scheduled": True, "riderAmount": "4000.00"})
    browser.get(server.url + "/")
    find(browser, '#readiness-card a[href="/coverage"]').click()
    assert "You own about $84,000 of contents." in visible(browser, "#coverage-title").text
    limit = find(browser, "#policy-contentsLimit")
    limit.send_keys("60000", Keys.ENTER)
    wait(browser).until(lambda b: "your policy covers $60,000" in find(b, "#coverage-title").text)
    assert "about $24,000 would not be paid back" in find(browser, ".coverage-summary").text
    assert "$1,000" in find(browser, "table.figures").text
    screenshot("coverage", readme=True)
