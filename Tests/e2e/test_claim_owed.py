"""What the insurer owes, on the claim's page at iPad and iPhone size: the whole loss less the
deductible, the amount claimed, what was paid and the balance, the same figures as the API's, a
warning on the claim and on its line for a payment above what the line can be owed, and a deductible
changed on the page larger than the whole claim."""
from accessibility import assert_accessible
from helpers import find, find_all, rect, visible, wait


def owed_claim(server):
    """A replacement-cost policy with a $250 deductible; a sofa paid above its actual cash value and a
    blender paid $1,200 on a $500 line. Returns the claim as the API shows it."""
    server.api("PATCH", "/api/v1/policy", {"deductible": "250.00", "settlement": "replacementCost"})
    sofa = server.api("POST", "/api/v1/items", {"name": "Sofa", "purchaseDate": "2020-03-14", "replacementCost": "2599.00"})
    blender = server.api("POST", "/api/v1/items", {"name": "Blender", "purchaseDate": "2025-03-14", "replacementCost": "500.00"})
    return server.api("POST", "/api/v1/claims", {
        "name": "Kitchen fire", "lossDate": "2026-03-14", "lossKind": "fire",
        "items": [{"itemId": sofa["id"], "actualCashValueOverride": "1914.21", "overrideReason": "Adjuster's figure", "paid": "2174.25"},
                  {"itemId": blender["id"], "paid": "1200.00"}]})


def totals_on_page(browser):
    return {find(row, "dt").text: find(row, "dd").text for row in find_all(browser, ".claim-totals dl.totals > div")}


def test_the_claim_page_says_what_is_owed_and_warns_of_a_payment_above_a_line(server, browser, screenshot):
    claim = owed_claim(server)
    totals = claim["totals"]
    assert (totals["wholeLoss"], totals["deductible"], totals["amountClaimed"], totals["paid"], totals["balance"]) == \
        ("3099.00", "250.00", "2849.00", "3374.25", "0.00")
    assert totals["paidAboveClaim"] == "525.25" and totals["overpaidLines"] == [2]

    browser.get(f"{server.url}/claims/{claim['id']}")
    shown = totals_on_page(browser)
    assert shown["Whole loss (at replacement cost)"] == "$3,099.00"
    assert shown["Less deductible"] == "− $250.00"
    assert shown["Amount claimed"] == "$2,849.00"
    assert shown["Paid so far"] == "$3,374.25"
    assert shown["Balance"] == "$0.00"
    assert shown["Paid above the amount claimed"] == "$525.25"
    # The sofa: 2,599.00 less the 2,174.25 paid still comes once replaced; the blender's overpayment takes it.
    assert shown["Recoverable once replaced"] == "$0.00"
    warning = find(browser, ".claim-totals .claim-warnings li")
    assert warning.text == "Line 2, “Blender”: paid $1,200.00, $700.00 more than the $500.00 it can be owed. Check the payment and the line’s figures."
    # The totals card fits the screen: no figure runs off its right edge.
    card = rect(browser, find(browser, ".claim-totals"))
    for value in find_all(browser, ".claim-totals dd"):
        box = rect(browser, value)
        assert box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, (value.text, box, card)
    line_warning = find(browser, (".claim-card" if browser.device == "iphone" else ".claim-table") + " .line-warning")
    assert line_warning.text == "Paid $700.00 more than the $500.00 it can be owed"
    assert line_warning.is_displayed()
    screenshot("claim-owed")
    assert_accessible(browser, "claim, what is owed with an overpayment")

    # The line's own page says it too.
    find(browser, (".claim-card:nth-child(2)" if browser.device == "iphone" else ".claim-table tbody tr:nth-child(2) th") + " a").click()
    wait(browser).until(lambda b: "/lines/" in b.current_url)
    assert "paid $1,200.00, $700.00 more than the $500.00 it can be owed" in visible(browser, "main .claim-warnings").text

    # A deductible larger than the whole claim, changed on the claim's page: it takes only what there is.
    browser.get(f"{server.url}/claims/{claim['id']}")
    find(browser, ".claim-edit > summary").click()
    deductible = visible(browser, "#claim-deductible")
    deductible.clear()
    deductible.send_keys("5,000")
    find(browser, '.claim-form button[type="submit"]').click()
    wait(browser).until(lambda b: totals_on_page(b).get("Less deductible") == "− $3,099.00 (of a $5,000.00 deductible)")
    shown = totals_on_page(browser)
    assert shown["Amount claimed"] == "$0.00" and shown["Balance"] == "$0.00"
    assert shown["Paid above the amount claimed"] == "$3,374.25"
    after = server.api("GET", f"/api/v1/claims/{claim['id']}")
    assert after["deductible"] == "5000.00" and after["totals"]["deductible"] == "3099.00" and after["totals"]["amountClaimed"] == "0.00"
    # The policy's own deductible is unchanged: the claim keeps its copy.
    assert server.api("GET", "/api/v1/policy")["deductible"] == "250.00"
    screenshot("claim-owed-deductible-larger")
