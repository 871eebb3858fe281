"""A claim's additional living expenses at iPad and iPhone size: an entry added from the claim's page
with the keyboard and its receipt, refused first for an amount that is not one (named beside its
field, what was typed kept), then added; the totals by category and the receipt's link."""
from selenium.webdriver.common.keys import Keys

from accessibility import assert_accessible
from helpers import find, find_all, visible, wait
from sample_pdf import make_pdf
from test_claim_exports import fetch


def fill_expense(browser, amount, receipt=None):
    """Fills the claim page's expense form from the keyboard and sends it with Enter."""
    category = find(browser, "#expense-category")
    category.send_keys("Hotel")
    browser.execute_script("arguments[0].value = '2026-03-15'", find(browser, "#expense-date"))
    description = find(browser, "#expense-description")
    description.clear()
    description.send_keys("Hotel Marigold, 3 nights")
    if receipt:
        find(browser, "#expense-receipt").send_keys(str(receipt))
    field = find(browser, "#expense-amount")
    field.clear()
    field.send_keys(amount, Keys.ENTER)


def refuse_expense(browser, site):
    """The site's claim with an expense refused for its amount (a state of the audit). Its address has
    no fragment: going from the same page to it again must load it (and its form's token) afresh."""
    browser.get(f"{site.url}/claims/{site.claim}")
    fill_expense(browser, "5,67.0.0")
    visible(browser, ".expense-form .form-error")


def expenses_on_claim(site):
    """The site's claim with a hotel and a meal (made once per claim: another state may make another
    claim the site's)."""
    if getattr(site, "expenses_added", None) != site.claim:
        site.api("POST", f"/api/v1/claims/{site.claim}/expenses", {"category": "hotel", "date": "2026-03-15", "description": "Hotel Marigold", "amount": "567.00"})
        site.api("POST", f"/api/v1/claims/{site.claim}/expenses", {"category": "meals", "date": "2026-03-16", "description": "Dinners above the usual", "amount": "48.37"})
        site.expenses_added = site.claim


def test_an_expense_is_added_with_its_receipt_and_totalled_by_category(server, browser, screenshot, tmp_path):
    claim = server.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14"})
    folio = make_pdf(["Hotel Marigold", "3 nights 567.00"])
    receipt = tmp_path / "folio.pdf"
    receipt.write_bytes(folio)
    browser.get(f"{server.url}/claims/{claim['id']}#expenses")
    assert visible(browser, ".claim-expenses .expenses-empty").text == "No expenses yet."

    fill_expense(browser, "5,67.0.0", receipt)
    visible(browser, ".expense-form .form-error")
    assert find(browser, '.expense-form .field[data-field="amount"] .field-error').text
    assert find(browser, "#expense-description").get_attribute("value") == "Hotel Marigold, 3 nights"
    assert server.api("GET", f"/api/v1/claims/{claim['id']}/expenses")["expenses"] == []

    fill_expense(browser, "567.00", receipt)
    assert visible(browser, ".claim-expenses .notice.success").text == "Expense added."
    shown = {find(row, "dt").text: find(row, "dd").text for row in find_all(browser, ".expense-totals > div")}
    assert shown == {"Hotel or lodging (1)": "$567.00", "Total": "$567.00"}
    entry = find(browser, ".expense-list .expense")
    assert "Hotel or lodging: Hotel Marigold, 3 nights" in entry.text and "$567.00" in entry.text
    link = find(entry, "a")
    assert link.text == "Receipt: folio.pdf"
    assert fetch(browser, link.get_attribute("href")) == folio
    # The section fits the screen: nothing runs off its right edge.
    card = browser.execute_script("return arguments[0].getBoundingClientRect().right", find(browser, ".claim-expenses"))
    for element in find_all(browser, ".claim-expenses dd, .claim-expenses .expense-amount, .claim-expenses a"):
        assert browser.execute_script("return arguments[0].getBoundingClientRect().right", element) <= card + 0.5, element.text
    screenshot("claim-living-expenses")
    assert server.api("GET", f"/api/v1/claims/{claim['id']}/expenses")["totals"]["total"] == "567.00"
