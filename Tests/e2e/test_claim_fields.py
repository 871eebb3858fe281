"""The claim fields on the detail page and the list grouped by room, at iPad and iPhone size."""
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from helpers import find, find_all, mark_page, page_was_kept, rect, visible, wait


def set_value(browser, selector, value):
    """Sets a date input the way a picker would (typing into one depends on the browser's locale)."""
    element = find(browser, selector)
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                           element, value)


def test_claim_fields_are_saved_without_a_reload_and_shown_again(server, browser, screenshot):
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    item = server.create_item("Espresso Machine", "BES-1", 500)
    browser.get(f"{server.url}/items/{item['id']}")
    mark_page(browser)
    quantity = find(browser, "#item-quantity")
    quantity.clear()
    quantity.send_keys("2")
    Select(find(browser, "#item-condition")).select_by_visible_text("Good")
    find(browser, "#item-brand").send_keys("Breville")
    Select(find(browser, "#item-locationId")).select_by_visible_text("Kitchen")
    find(browser, "#item-tags").send_keys("appliances, insured")
    find(browser, "#item-purchasePrice").send_keys("$1,299.90")
    set_value(browser, "#item-purchaseDate", "2020-02-29")
    value = find(browser, "#item-replacementCost")
    value.clear()
    value.send_keys("1499.99")
    names = find_all(browser, 'input[name="customFieldName"]')
    values = find_all(browser, 'input[name="customFieldValue"]')
    names[0].send_keys("Colour")
    values[0].send_keys("Stainless")
    screenshot("item-claim-fields")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    assert page_was_kept(browser)
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["quantity"], stored["condition"], stored["brand"], stored["locationId"]) == (2, "good", "Breville", kitchen["id"])
    assert stored["tags"] == ["appliances", "insured"]
    assert (stored["purchasePrice"], stored["purchaseDate"], stored["replacementCost"]) == ("1299.90", "2020-02-29", "1499.99")
    assert stored["customFields"] == {"Colour": "Stainless"}
    # The form shows what was stored, written out the way the API keeps it.
    assert find(browser, "#item-purchasePrice").get_attribute("value") == "1299.90"
    browser.refresh()
    assert find(browser, "#item-tags").get_attribute("value") == "appliances, insured"
    assert find_all(browser, 'input[name="customFieldValue"]')[0].get_attribute("value") == "Stainless"


def test_a_bad_amount_is_shown_beside_its_field_and_nothing_is_saved(server, browser):
    item = server.create_item("Chair", "", 60)
    browser.get(f"{server.url}/items/{item['id']}")
    find(browser, "#item-purchasePrice").send_keys("12,50")
    find(browser, '.item-form button[type="submit"]').click()
    error = visible(browser, '.field[data-field="purchasePrice"] .field-error')
    assert "isn’t a number" in error.text
    price = find(browser, "#item-purchasePrice")
    assert price.get_attribute("aria-invalid") == "true"
    assert browser.switch_to.active_element == price, "focus goes to the first field to fix"
    assert server.api("GET", f"/api/v1/items/{item['id']}")["purchasePrice"] is None


def test_the_list_by_room_has_a_section_and_a_total_per_room_and_leaves_out_what_was_sold(server, browser, screenshot):
    home = server.api("POST", "/api/v1/locations", {"name": "Home"})
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen", "parentId": home["id"]})
    pan = server.create_item("Pan", "", 40)
    kettle = server.create_item("Kettle", "", 60)
    server.create_item("Bike", "", 300)
    sold = server.create_item("Old Sofa", "", 200)
    for item in (pan, kettle):
        server.api("PATCH", f"/api/v1/items/{item['id']}", {"locationId": kitchen["id"], "quantity": 2})
    server.api("PATCH", f"/api/v1/items/{sold['id']}", {"disposed": {"kind": "sold", "price": "50"}})
    browser.get(server.url + "/")
    find(browser, '.view-switch [data-view="rooms"]').click()
    wait(browser).until(lambda b: find_all(b, ".item-section"))
    sections = [(find_in(s, ".section-name"), find_in(s, ".section-total"), [r.text for r in s.find_elements("css selector", ".item-link")])
                for s in find_all(browser, ".item-section")]
    assert sections == [
        ("HOME / KITCHEN", "$200 in all", ["Pan", "Kettle"]),
        ("NOWHERE IN PARTICULAR", "$300 in all", ["Bike"]),
    ], "quantity × value per room; what was sold is left out"
    assert "$500 in all" in find(browser, "#list-summary").text
    assert "1 no longer owned" in find(browser, "#list-summary").text
    assert find(browser, '.view-switch [aria-current="page"]').text == "By room"
    screenshot("items-by-room", readme=True)


def link_names(browser):
    """The names listed, read in one step (the list is replaced as results arrive)."""
    return browser.execute_script("return [...document.querySelectorAll('#item-list .item-link')].map(link => link.textContent)")


def find_in(element, selector):
    return element.find_element("css selector", selector).text


def test_search_answers_as_you_type_and_filters_narrow_it(server, browser, screenshot):
    for name, fields in [("Sony Camera", {"brand": "Sony"}), ("Camping Stove", {"condition": "poor"}), ("Café Table", {"customFields": {"Wood": "Oak"}}),
                         ("Old Camera", {"disposed": {"kind": "sold"}})]:
        item = server.create_item(name)
        server.api("PATCH", f"/api/v1/items/{item['id']}", fields)
    browser.get(server.url + "/")
    mark_page(browser)
    field = find(browser, "#search-q")
    field.send_keys("cam")
    wait(browser).until(lambda b: b.execute_script("return document.getElementById('list-summary').textContent") == "2 items found")
    assert sorted(link_names(browser)) == ["Camping Stove", "Sony Camera"], "what was sold is left out"
    assert "q=cam" in browser.current_url
    assert page_was_kept(browser), "no reload"
    field.send_keys(Keys.BACKSPACE * 3 + "cafe oak")
    wait(browser).until(lambda b: link_names(b) == ["Café Table"])
    field.clear()
    field.send_keys("cam")
    wait(browser).until(lambda b: b.execute_script("return document.getElementById('list-summary').textContent") == "2 items found")
    find(browser, ".filters summary").click()
    find(browser, "#filter-showDisposed").click()
    wait(browser).until(lambda b: b.execute_script("return document.getElementById('list-summary').textContent") == "3 items found")
    Select(find(browser, "#filter-condition")).select_by_visible_text("Poor")
    wait(browser).until(lambda b: link_names(b) == ["Camping Stove"])
    screenshot("items-search")
    # The URL holds the search: reloading shows the same.
    browser.refresh()
    assert [r.text for r in find_all(browser, ".item-link")] == ["Camping Stove"]
    assert find(browser, "#search-q").get_attribute("value") == "cam"


def test_a_long_result_comes_a_window_at_a_time(server, browser):
    for index in range(105):
        server.api("POST", "/api/v1/items", {"name": f"Box {index:03d}"})
    browser.get(server.url + "/?q=box&sort=name")
    assert len(find_all(browser, ".item-row")) == 100
    assert find(browser, "#list-summary").text == "105 items found"
    find(browser, '#list-more [data-action="more"]').click()
    wait(browser).until(lambda b: len(find_all(b, ".item-row")) == 105)
    names = [r.text for r in find_all(browser, ".item-link")]
    assert names == [f"Box {index:03d}" for index in range(105)], "every item once, in order"
    assert not find_all(browser, '#list-more [data-action="more"]')


def test_places_can_be_added_nested_and_refuse_to_be_deleted_while_they_hold_things(server, browser, screenshot):
    browser.get(server.url + "/locations")
    find(browser, "#location-name").send_keys("Home")
    find(browser, '.location-form button[type="submit"]').click()
    wait(browser).until(lambda b: find_all(b, ".location-row"))
    find(browser, "#location-name").send_keys("Kitchen")
    Select(find(browser, "#location-parentId")).select_by_visible_text("Home")
    find(browser, '.location-form button[type="submit"]').click()
    wait(browser).until(lambda b: len(find_all(b, ".location-row")) == 2)
    assert [r.get_attribute("aria-label") for r in find_all(browser, ".location-link")] == ["Home", "Home / Kitchen"]
    screenshot("places", readme=True)
    kitchen = next(l for l in server.api("GET", "/api/v1/locations") if l["name"] == "Kitchen")
    item = server.create_item("Kettle")
    server.api("PATCH", f"/api/v1/items/{item['id']}", {"locationId": kitchen["id"]})
    browser.get(f"{server.url}/locations/{kitchen['id']}")
    find(browser, '.danger-zone button[type="submit"]').click()
    notice = visible(browser, ".danger-zone .notice")
    assert "still holds 1 item" in notice.text
    assert any(l["name"] == "Kitchen" for l in server.api("GET", "/api/v1/locations"))


def test_fix_next_fills_one_gap_then_returns_to_the_next(server, browser, screenshot):
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    kettle = server.create_item("Kettle", "", 60)
    server.create_item("Mug", "", 8)
    browser.get(server.url + "/")
    assert "2 items have gaps" in find(browser, ".readiness-text").text
    find(browser, '.readiness-card a[href="/fix"]').click()
    wait(browser).until(lambda b: find_all(b, ".fix-entry"))
    entries = [find_in(e, ".fix-entry-name") for e in find_all(browser, ".fix-entry")]
    assert entries == ["Kettle", "Mug"], "most value at risk first"
    screenshot("fix-next", readme=True)
    room_gap = next(a for a in find_all(browser, ".fix-entry")[0].find_elements("css selector", ".fix-gap") if "room" in a.text)
    room_gap.click()
    wait(browser).until(lambda b: "/items/" in b.current_url)
    assert browser.current_url.endswith("#item-locationId"), "lands on the field that fills the gap"
    Select(find(browser, "#item-locationId")).select_by_visible_text("Kitchen")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    assert server.api("GET", f"/api/v1/items/{kettle['id']}")["locationId"] == kitchen["id"]
    find(browser, ".back-link").click()
    wait(browser).until(lambda b: b.current_url.endswith("/fix"))
    kettle_gaps = [a.text for a in find_all(browser, ".fix-entry")[0].find_elements("css selector", ".fix-gap")]
    assert not any("room" in gap for gap in kettle_gaps), "the filled gap is gone"


def test_the_location_picker_chooses_or_makes_a_place_and_the_tag_picker_toggles_tags(server, browser, screenshot):
    home = server.api("POST", "/api/v1/locations", {"name": "Home"})
    server.api("POST", "/api/v1/locations", {"name": "Kitchen", "parentId": home["id"]})
    item = server.create_item("Kettle", "", 40)
    server.api("PATCH", f"/api/v1/items/{item['id']}", {"tags": ["kitchen"]})
    other = server.create_item("Toaster", "", 30)
    server.api("PATCH", f"/api/v1/items/{other['id']}", {"tags": ["insured"]})
    browser.get(f"{server.url}/items/{item['id']}")
    opener = find(browser, '.picker-button[popovertarget="location-picker"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", opener)
    opener.click()
    visible(browser, "#location-picker")
    assert browser.switch_to.active_element.text == "Nowhere in particular", "the current choice has the focus"
    if browser.device == "ipad":
        picker, button = rect(browser, find(browser, "#location-picker")), rect(browser, opener)
        assert 0 <= picker["y"] - (button["y"] + button["height"]) <= 24, "anchored under its button"
    else:
        assert rect(browser, find(browser, "#location-picker"))["width"] == browser.execute_script("return innerWidth"), "a full-screen sheet"
    screenshot("location-picker", readme=browser.device == "iphone")
    find(browser, "#new-place-name").send_keys("Pantry")
    Select(find(browser, "#new-place-parent")).select_by_visible_text("Home / Kitchen")
    find(browser, '[data-action="add-place"]').click()
    wait(browser).until(lambda b: not b.execute_script("return document.querySelector('#location-picker').matches(':popover-open')"))
    assert Select(find(browser, "#item-locationId")).first_selected_option.text == "Home / Kitchen / Pantry"
    wait(browser).until(lambda b: b.switch_to.active_element == opener, "focus goes back to the button")
    # Tags: a tag in use is added with a tap; the one the item had is taken off the same way.
    tags_opener = find(browser, '.picker-button[popovertarget="tag-picker"]')
    tags_opener.click()
    visible(browser, "#tag-picker")
    find(browser, '#tag-picker .choice[data-tag="insured"]').click()
    find(browser, '#tag-picker .choice[data-tag="kitchen"]').click()
    assert find(browser, '#tag-picker .choice[data-tag="insured"]').get_attribute("aria-pressed") == "true"
    find(browser, "#new-tag-name").send_keys("small appliance\n")
    find(browser, '#tag-picker .bar-button').click()
    assert find(browser, "#item-tags").get_attribute("value") == "insured, small appliance"
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Saved")
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert stored["tags"] == ["insured", "small appliance"]
    pantry = next(l for l in server.api("GET", "/api/v1/locations") if l["name"] == "Pantry")
    assert stored["locationId"] == pantry["id"] and pantry["path"] == "Home / Kitchen / Pantry"


def test_a_german_detail_form_saves_german_numbers_and_shows_them_back_the_german_way(server, browser):
    item = server.create_item("Sofa", "", 60)
    browser.get(f"{server.url}/items/{item['id']}?lang=de")
    mark_page(browser)
    find(browser, "#item-purchasePrice").send_keys("1.299,90 $")
    quantity = find(browser, "#item-quantity")
    quantity.clear()
    quantity.send_keys("2,5")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: find(b, ".save-status").text == "Gespeichert")
    assert page_was_kept(browser)
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["purchasePrice"], stored["quantity"]) == ("1299.90", 2.5)
    # What was stored comes back written the German way, so saving again reads it the same.
    assert find(browser, "#item-purchasePrice").get_attribute("value") == "1299,90"
    assert find(browser, "#item-quantity").get_attribute("value") == "2,5"
    find(browser, "#item-brand").send_keys("Ikea")
    find(browser, '.item-form button[type="submit"]').click()
    wait(browser).until(lambda b: server.api("GET", f"/api/v1/items/{item['id']}")["brand"] == "Ikea")
    stored = server.api("GET", f"/api/v1/items/{item['id']}")
    assert (stored["purchasePrice"], stored["quantity"]) == ("1299.90", 2.5)
