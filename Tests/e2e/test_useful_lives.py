"""The useful-life table a household checks before an adjuster argues with it: every category's
default and its source readable at iPad and iPhone size (on a phone, a category a row, nothing cut
off), and a category's years changed with the keyboard alone."""
from helpers import find, find_all, rect, visible, wait
from selenium.webdriver.common.keys import Keys


def test_every_source_is_readable_and_years_change_with_the_keyboard(server, browser):
    browser.get(server.url + "/useful-lives")
    rows = find_all(browser, ".useful-lives-form tbody tr")
    assert len(rows) == len(server.api("GET", "/api/v1/useful-lives"))
    # The table sits in a box that clips what does not fit (and scrolls it sideways).
    form = rect(browser, find(browser, ".useful-lives-form .table-scroll"))
    for row in rows:
        source = rect(browser, row.find_element("css selector", "td.muted small"))
        assert source["x"] >= form["x"] and source["x"] + source["width"] <= form["x"] + form["width"] + 0.5, \
            f"{row.text.splitlines()[0]}: its source is cut off ({source} in {form})"
    assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"

    televisions = find(browser, "#years-televisions")
    televisions.click()
    televisions.send_keys(Keys.CONTROL, "a")
    televisions.send_keys("8", Keys.ENTER)
    visible(browser, ".form-saved")
    wait(browser).until(lambda b: find(b, "#years-televisions").get_attribute("value") == "8")
    assert next(row for row in server.api("GET", "/api/v1/useful-lives") if row["category"] == "televisions")["years"] == 8
