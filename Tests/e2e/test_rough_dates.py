"""Purchase dates people remember roughly, at iPad and iPhone size: "2019-13" is refused beside its
field, "2019" and "about 5 years ago" are saved from the item form as said, and the claim's line
page gives their age as "about …"."""
from accessibility import assert_accessible
from helpers import find, visible, wait


def enter_purchase_date(browser, text):
    field = find(browser, "#item-purchaseDate")
    field.clear()
    field.send_keys(text)
    find(browser, '.item-form button[type="submit"]').click()


def test_a_year_and_about_5_years_ago_from_the_item_form_read_about_in_the_claim(server, browser, screenshot):
    chair = server.create_item("Armchair", "", 400)
    sofa = server.create_item("Sofa", "", 900)
    browser.get(f"{server.url}/items/{chair['id']}")
    enter_purchase_date(browser, "2019-13")
    error = visible(browser, '.field[data-field="purchaseDate"] .field-error')
    assert "“2019-13” has no month 13" in error.text and "a year (2019)" in error.text, error.text
    assert_accessible(browser, "item form, a purchase date that cannot be read")
    screenshot("item-purchase-date-refused")
    enter_purchase_date(browser, "2019")
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")

    browser.get(f"{server.url}/items/{sofa['id']}")
    enter_purchase_date(browser, "about 5 years ago")
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    stored = server.api("GET", f"/api/v1/items/{sofa['id']}")["purchaseDate"]
    assert stored.startswith("about 5 years before "), stored
    assert server.api("GET", f"/api/v1/items/{chair['id']}")["purchaseDate"] == "2019"
    browser.refresh()
    assert find(browser, "#item-purchaseDate").get_attribute("value") == stored, "the form shows what was kept, with its day"

    claim = server.api("POST", "/api/v1/claims", {"name": "Living-room fire", "lossDate": "2026-03-14",
                                                  "items": [{"itemId": chair["id"]}, {"itemId": sofa["id"]}]})
    for item, age in [(chair, "about 7 years"), (sofa, "about ")]:
        browser.get(f"{server.url}/claims/{claim['id']}/lines/{item['id']}")
        figures = find(browser, "main").text
        assert "Age at the loss" in figures and age in figures, figures
    screenshot("claim-line-rough-age")
