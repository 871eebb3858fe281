"""Quantities as people count them, at iPad and iPhone size: an item edited to 2.5 gallons on its
detail page shows "2.5 gal" in the list, and a claim line loses 1.5 of it ("1.5 of 2.5 gal"), its
line figure rounded once to the cent."""
from selenium.webdriver.support.ui import Select

from helpers import find, find_all, visible, wait


def test_an_item_of_2_5_gallons_in_the_list_and_in_a_claim_line(server, browser, screenshot):
    item = server.create_item("Wall paint", "", 0)
    browser.get(f"{server.url}/items/{item['id']}")
    quantity = find(browser, "#item-quantity")
    quantity.clear()
    quantity.send_keys("2,5")
    find(browser, '.item-form button[type="submit"]').click()
    error = visible(browser, '.field[data-field="quantity"] .field-error')
    assert "Quantity “2,5” isn’t a number" in error.text and "like 2, 2.5 or 0.75" in error.text
    assert server.api("GET", f"/api/v1/items/{item['id']}")["quantity"] == 1

    quantity = find(browser, "#item-quantity")
    quantity.clear()
    quantity.send_keys("2.5")
    Select(find(browser, "#item-quantityUnit")).select_by_value("gal")
    value = find(browser, "#item-replacementCost")
    value.clear()
    value.send_keys("38.99")
    find(browser, "#item-businessUse").click()
    screenshot("item-quantity-unit")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["quantity"], stored["quantityUnit"], stored["businessUse"]) == (2.5, "gal", True)
    browser.refresh()
    assert find(browser, "#item-quantity").get_attribute("value") == "2.5"
    assert Select(find(browser, "#item-quantityUnit")).first_selected_option.get_attribute("value") == "gal"
    assert find(browser, "#item-businessUse").is_selected()

    browser.get(server.url + "/")
    wait(browser).until(lambda b: "Wall paint" in b.page_source)
    assert "2.5 gal × $38.99" in browser.page_source

    claim = server.api("POST", "/api/v1/claims", {"name": "Garage flood", "lossDate": "2026-03-14"})
    server.api("POST", f"/api/v1/claims/{claim['id']}/items", {"itemIds": [item["id"]]})
    browser.get(f"{server.url}/claims/{claim['id']}")
    line = ".claim-card:not(.claim-card-total)" if browser.device == "iphone" else ".claim-table tbody tr"
    row = find(browser, line)
    assert "2.5 gal" in row.text and "$97.48" in row.text, row.text  # 2.5 × 38.99 = 97.475, half up
    find(browser, f"{line} a").click()
    lost = visible(browser, "#line-quantityLost")
    assert find(browser, 'label[for="line-quantityLost"]').get_attribute("textContent").strip() == "Quantity lost, of 2.5 gal"
    lost.clear()
    lost.send_keys("1.5")
    find(browser, ".claim-form button[type=submit]").click()
    wait(browser).until(lambda b: f"/claims/{claim['id']}?saved=" in b.current_url)
    row = find(browser, line)
    assert "1.5 gal" in row.text and "$58.49" in row.text, row.text  # 1.5 × 38.99 = 58.485, half up
    screenshot("claim-line-quantity")
    stored = server.api("GET", f"/api/v1/claims/{claim['id']}")["items"][0]
    assert (stored["quantityLost"], stored["quantityUnit"], stored["valuation"]["lineReplacementCost"]) == (1.5, "gal", "58.49")
    find(browser, f"{line} a").click()
    figures = [f.text for f in find_all(browser, ".totals div")]
    assert any("1.5 of 2.5 gal" in figure for figure in figures), figures
