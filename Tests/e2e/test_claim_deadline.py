"""A claim's proof-of-loss date as a household reads it on the claim's page and in the list: in their
own language, the same day wherever they live, and never split over two lines on a phone."""
import datetime

from helpers import find, wait


def test_the_proof_of_loss_date_is_the_same_day_west_of_greenwich_and_stays_on_one_line(server, browser):
    due = datetime.date.today() + datetime.timedelta(days=40)
    claim = server.api("POST", "/api/v1/claims", {"name": "Basement flood", "proofOfLossDue": due.isoformat()})
    assert claim["proofOfLossDue"] == due.isoformat()
    # "2027-01-11" read as midnight UTC is still the 10th in California.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/Los_Angeles"})
    try:
        for page, selector in ((f"/claims/{claim['id']}", ".claim-deadline time"), ("/claims", ".claim-status time")):
            browser.get(server.url + page)
            shown = f"{due:%b} {due.day}, {due.year}"
            wait(browser).until(lambda b: find(b, selector).text == shown)
            date = find(browser, selector)
            assert date.get_attribute("datetime") == due.isoformat()
            assert browser.execute_script("return arguments[0].getClientRects().length", date) == 1, f"{shown} breaks over two lines on {page}"
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})
