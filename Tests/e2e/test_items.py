"""The items list, the New Item sheet, the detail editor, delete and reorder — at iPad and iPhone size."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from helpers import find, find_all, mark_page, page_was_kept, rect, row_names, visible, wait


def test_list_shows_each_item_with_serial_and_coloured_value(server, browser, screenshot):
    server.create_item("Camera", "SN-1", 1899)
    server.create_item("Mug", "", 12)
    browser.get(server.url + "/")
    assert row_names(browser) == ["Camera", "Mug"]
    rows = find_all(browser, ".item-row")
    assert rows[0].find_element("css selector", ".item-serial").text == "SN-1"
    values = find_all(browser, ".item-value")
    assert [v.text for v in values] == ["$1,899", "$12"]
    assert find(browser, ".list-summary").text.endswith("$1,911 in all")
    green = values[0].value_of_css_property("color")
    red = values[1].value_of_css_property("color")
    assert green != red
    r, g, b = [int(x) for x in green[green.index("(") + 1:].split(",")[:3]]
    assert g > r and g > b, green
    r, g, b = [int(x) for x in red[red.index("(") + 1:].split(",")[:3]]
    assert r > g and r > b, red
    # Not by colour alone: $50 or more carries a sign the other lacks, and each says what it means.
    signs = [browser.execute_script("return getComputedStyle(arguments[0], '::before').content", v) for v in values]
    assert "▲" in signs[0] and "▲" not in signs[1], signs
    assert [v.get_attribute("title") for v in values] == ["$50 or more", "Under $50"]
    screenshot("items-list")


def test_tapping_a_row_opens_the_item(server, browser):
    item = server.create_item("Bike", "WTU-1", 400)
    browser.get(server.url + "/")
    row = find(browser, f"#item-{item['id']}")
    box = rect(browser, row)
    # Tap the middle of the row, not the link text itself.
    ActionChains(browser).move_to_element_with_offset(row, int(box["width"] * 0.3), 0).click().perform()
    wait(browser).until(lambda b: b.current_url.endswith(f"/items/{item['id']}"))
    assert find(browser, "#item-name").get_attribute("value") == "Bike"


def test_new_item_cancel_discards_and_done_keeps(server, browser, screenshot):
    browser.get(server.url + "/")
    find(browser, '.top-bar [data-action="new-item"]').click()
    sheet = visible(browser, "#new-item-sheet")
    box = rect(browser, sheet)
    width = browser.execute_script("return window.innerWidth")
    height = browser.execute_script("return window.innerHeight")
    if browser.device == "iphone":
        assert (box["x"], box["y"]) == (0, 0) and box["width"] >= width - 1 and box["height"] >= height - 1, box
    else:
        assert box["width"] <= 560 and abs((box["x"] + box["width"] / 2) - width / 2) < 2, box  # centred sheet
    find(browser, "#new-name").send_keys("Discarded Thing")
    screenshot("new-item-sheet")
    find(browser, '#new-item-sheet [data-action="cancel"]').click()
    wait(browser).until(lambda b: not find(b, "#new-item-sheet").is_displayed())
    assert server.items() == []
    assert row_names(browser) == []

    find(browser, '.top-bar [data-action="new-item"]').click()
    visible(browser, "#new-item-sheet")
    assert find(browser, "#new-name").get_attribute("value") == ""  # cancel left nothing behind
    find(browser, "#new-name").send_keys("Kept Thing")
    find(browser, "#new-serialNumber").send_keys("K-42")
    find(browser, "#new-valueInDollars").send_keys("$1,250")
    find(browser, '#new-item-sheet button[type="submit"]').click()
    wait(browser).until(lambda b: row_names(b) == ["Kept Thing"])
    assert not find(browser, "#new-item-sheet").is_displayed()
    [item] = server.items()
    assert (item["name"], item["serialNumber"], item["valueInDollars"]) == ("Kept Thing", "K-42", 1250)


def test_new_item_sheet_shows_errors_and_keeps_the_typing(server, browser):
    browser.get(server.url + "/")
    find(browser, '.top-bar [data-action="new-item"]').click()
    visible(browser, "#new-item-sheet")
    find(browser, "#new-valueInDollars").send_keys("lots")
    find(browser, '#new-item-sheet button[type="submit"]').click()
    error = visible(browser, '#new-item-sheet .field[data-field="name"] .field-error')
    assert "Name" in error.text
    assert "whole number" in find(browser, '#new-item-sheet .field[data-field="valueInDollars"] .field-error').text
    assert find(browser, "#new-valueInDollars").get_attribute("value") == "lots"
    assert find(browser, "#new-item-sheet").is_displayed()
    assert server.items() == []


def test_edit_saves_without_reloading(server, browser, screenshot):
    item = server.create_item("Lamp", "", 20)
    browser.get(f"{server.url}/items/{item['id']}")
    mark_page(browser)
    name = find(browser, "#item-name")
    name.clear()
    name.send_keys("Floor Lamp")
    value = find(browser, "#item-replacementCost")
    value.clear()
    value.send_keys("85")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    assert page_was_kept(browser)
    assert find(browser, ".top-bar-title").text == "Floor Lamp"
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["name"], stored["valueInDollars"]) == ("Floor Lamp", 85)
    # A second save works too: the form picked up the new version.
    value = find(browser, "#item-replacementCost")
    value.clear()
    value.send_keys("90")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: server.api("GET", f"/api/v1/items/{item['id']}")["valueInDollars"] == 90)
    # Stored before the page hears back: the picture is of the page once it says so.
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    screenshot("item-detail")


def test_invalid_edit_shows_the_error_beside_the_field_and_stores_nothing(server, browser):
    item = server.create_item("Chair", "", 60)
    browser.get(f"{server.url}/items/{item['id']}")
    value = find(browser, "#item-replacementCost")
    value.clear()
    value.send_keys("-5")
    find(browser, '.item-form button[type="submit"]').click()
    error = visible(browser, '.field[data-field="replacementCost"] .field-error')
    assert "negative" in error.text
    assert find(browser, "#item-replacementCost").get_attribute("aria-invalid") == "true"
    assert find(browser, "#item-replacementCost").get_attribute("value") == "-5"
    assert server.api("GET", f"/api/v1/items/{item['id']}")["valueInDollars"] == 60


def test_delete_asks_first_and_cancel_keeps_the_item(server, browser):
    item = server.create_item("Old Phone", "", 10)
    server.create_item("Keeper", "", 10)
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, '.danger-zone [data-action="delete"]').click()
    dialog = visible(browser, "#confirm-delete")
    assert "Old Phone" in dialog.text
    dialog.find_element("css selector", 'button[value="cancel"]').click()
    assert len(server.items()) == 2
    find(browser, '.danger-zone [data-action="delete"]').click()
    visible(browser, "#confirm-delete").find_element("css selector", 'button[value="delete"]').click()
    wait(browser).until(lambda b: b.current_url.rstrip("/") == server.url)
    assert row_names(browser) == ["Keeper"]
    assert [i["name"] for i in server.items()] == ["Keeper"]


def test_edit_mode_delete_from_the_list(server, browser):
    server.create_item("A", "", 1)
    server.create_item("B", "", 1)
    browser.get(server.url + "/?edit=1")
    find(browser, "#item-list .item-row:first-child .delete-button").click()
    visible(browser, "#confirm-delete").find_element("css selector", 'button[value="delete"]').click()
    wait(browser).until(lambda b: row_names(b) == ["B"])
    assert [i["name"] for i in server.items()] == ["B"]


def test_reorder_with_keyboard_move_controls(server, browser):
    for name in ["First", "Second", "Third"]:
        server.create_item(name, "", 5)
    browser.get(server.url + "/")
    find(browser, ".edit-toggle").click()
    wait(browser).until(lambda b: find_all(b, ".move-down"))
    button = find(browser, "#item-list .item-row:first-child .move-down")
    button.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: row_names(b) == ["Second", "First", "Third"])
    # Focus stays on the moved item's control, so pressing again keeps moving it.
    focused = browser.switch_to.active_element
    assert "move-down" in focused.get_attribute("class")
    focused.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: row_names(b) == ["Second", "Third", "First"])
    assert [i["name"] for i in server.items()] == ["Second", "Third", "First"]


def test_reorder_by_dragging_persists(server, browser, screenshot):
    for name in ["Alpha", "Beta", "Gamma", "Delta"]:
        server.create_item(name, "", 5)
    browser.get(server.url + "/?edit=1")
    handle = find(browser, "#item-list .item-row:first-child .drag-handle")
    row_height = rect(browser, find(browser, "#item-list .item-row"))["height"]
    actions = ActionChains(browser)
    actions.click_and_hold(handle)
    for _ in range(5):
        actions.move_by_offset(0, int(row_height * 2.2 / 5))
    actions.release().perform()
    wait(browser).until(lambda b: [i["name"] for i in server.items()] == ["Beta", "Gamma", "Alpha", "Delta"])
    wait(browser).until(lambda b: row_names(b) == ["Beta", "Gamma", "Alpha", "Delta"])
    screenshot("items-edit-mode")
    browser.refresh()
    assert row_names(browser) == ["Beta", "Gamma", "Alpha", "Delta"]


def test_hostile_names_show_literally_everywhere(server, browser):
    script_name = "<script>alert(1)</script>"
    attribute_name = 'x" onmouseover="alert(2)'
    first = server.create_item(script_name, "'><img src=x onerror=alert(3)>", 5)
    server.create_item(attribute_name, "", 5)
    for path in ["/", "/?edit=1", f"/items/{first['id']}", f"/items/{first['id']}/delete"]:
        browser.get(server.url + path)
        assert browser.execute_script("return document.querySelectorAll('img[src=x], script:not([src])').length") == 0
        assert not browser.execute_script("return document.querySelector('[onmouseover]')")
        body = find(browser, "body").text
        assert script_name in body or path.endswith("/delete") and script_name in body
    browser.get(server.url + "/")
    assert row_names(browser) == [script_name, attribute_name]
    # An alert would have blocked the driver; getting the title proves none is open.
    assert "Homepwner" in browser.title
