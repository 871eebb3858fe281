"""Bundles on the claim's page at iPad and iPhone size, from the keyboard: lines of small things made
one row of the schedule ("Lot of hand tools, 34 pieces"), refused first for a single line (said beside
the lines, the name and the ticked line kept), then made; the lines name their bundle, the schedule's
CSV has one row for it, and Unbundle gives the lines their rows back."""
import csv
import io

from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from helpers import find, find_all, visible
from test_claim_exports import fetch


def garage_claim(server):
    """A drill and two kinds of hand tools (12 screwdrivers, 22 spanners), lost in a break-in."""
    garage = server.api("POST", "/api/v1/locations", {"name": "Garage"})
    things = [("Cordless drill", 1, "129.00"), ("Screwdrivers", 12, "4.25"), ("Spanners", 22, "6.10")]
    items = [server.api("POST", "/api/v1/items", {"name": name, "quantity": quantity, "replacementCost": cost, "purchaseDate": "2018",
                                                   "locationId": garage["id"]})
             for name, quantity, cost in things]
    return server.api("POST", "/api/v1/claims", {"name": "Garage break-in", "lossDate": "2026-03-14", "items": [{"itemId": item["id"]} for item in items]})


def open_bundle_form(browser):
    """Opens "Bundle lines" with the keyboard."""
    summary = find(browser, ".bundle-add > summary")
    browser.execute_script("arguments[0].focus()", summary)
    summary.send_keys(Keys.ENTER)
    visible(browser, ".bundle-form")


def tick(browser, name):
    """Ticks the line called `name` with the space bar."""
    box = next(box for box in find_all(browser, ".bundle-candidates input") if name in box.find_element("xpath", "..").text)
    browser.execute_script("arguments[0].focus()", box)
    box.send_keys(Keys.SPACE)
    assert box.is_selected()


def schedule_rows(browser, server, claim):
    text = fetch(browser, f"{server.url}/api/v1/claims/{claim['id']}/schedule.csv").decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_lines_are_bundled_into_one_row_and_unbundled(server, browser, screenshot):
    claim = garage_claim(server)
    browser.get(f"{server.url}/claims/{claim['id']}")
    open_bundle_form(browser)
    name = find(browser, "#bundle-name")
    name.send_keys("Lot of hand tools")
    tick(browser, "Screwdrivers")
    name.send_keys(Keys.ENTER)
    error = visible(browser, ".bundle-lines-choice .field-error")
    assert error.text == "Choose at least 2 lines to bundle; one line is a row of its own already."
    assert find(browser, "#bundle-name").get_attribute("value") == "Lot of hand tools"
    assert [box.is_selected() for box in find_all(browser, ".bundle-candidates input")] == [False, True, False]
    screenshot("claim-bundle-refused")
    assert_accessible(browser, "claim, a bundle refused")
    assert server.api("GET", f"/api/v1/claims/{claim['id']}")["bundles"] == []

    tick(browser, "Spanners")
    find(browser, "#bundle-name").send_keys(Keys.ENTER)
    assert visible(browser, ".claim-bundles .notice.success").text == "Bundle made: it is one row of the schedule now."
    bundle = find(browser, ".bundle-list .bundle")
    assert "Lot of hand tools, 34 pieces" in bundle.text and "Lines 2–3" in bundle.text and "2. Screwdrivers, 3. Spanners" in bundle.text
    api = server.api("GET", f"/api/v1/claims/{claim['id']}")
    assert find(bundle, ".bundle-amount").text == "$" + api["bundles"][0]["replacementCost"] == "$185.20"
    notes = [note.text for note in find_all(browser, ".claim-table .line-note, .claim-card .line-note") if note.is_displayed()]
    assert sum("In “Lot of hand tools”" in note for note in notes) == 2, notes
    # The schedule has one row for the two lines; its figures add up as before.
    rows = schedule_rows(browser, server, claim)
    assert [row["Line"] for row in rows] == ["1", "2–3"]
    assert rows[1]["Name"] == "Lot of hand tools, 34 pieces" and rows[1]["Line replacement cost pre-tax (USD)"] == "185.20"
    # The card fits the screen: nothing runs off its right edge.
    card = browser.execute_script("return arguments[0].getBoundingClientRect().right", find(browser, ".claim-bundles"))
    for element in find_all(browser, ".claim-bundles .bundle-name, .claim-bundles .bundle-amount, .claim-bundles button"):
        assert browser.execute_script("return arguments[0].getBoundingClientRect().right", element) <= card + 0.5, element.text
    screenshot("claim-bundles")
    assert_accessible(browser, "claim, a bundle made")

    unbundle = find(bundle, "button")
    assert unbundle.get_attribute("aria-label") == "Unbundle Lot of hand tools, 34 pieces"
    browser.execute_script("arguments[0].focus()", unbundle)
    unbundle.send_keys(Keys.ENTER)
    assert visible(browser, ".claim-bundles .notice.success").text == "Unbundled: its lines are rows of their own again."
    assert not find_all(browser, ".bundle-list")
    assert [row["Line"] for row in schedule_rows(browser, server, claim)] == ["1", "2", "3"]
