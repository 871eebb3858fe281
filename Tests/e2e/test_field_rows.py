"""Forms whose fields sit side by side: a field beside a taller neighbour (one with a hint or an
error) keeps its label and its box at the top of the row, and a money field's currency sign stays
inside its box, on every form with money in it, at iPad and iPhone size."""
from helpers import find_all, visible


def pages(server):
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen"})
    kettle = server.api("POST", "/api/v1/items", {"name": "Kettle", "locationId": kitchen["id"], "purchaseDate": "2022-01-10",
                                                  "purchasePrice": "64.00", "replacementCost": "79.99"})
    claim = server.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire",
                                                  "items": [{"itemId": kettle["id"]}]})
    return [f"/claims/{claim['id']}/lines/{kettle['id']}", f"/claims/{claim['id']}", f"/items/{kettle['id']}",
            "/items/new", "/coverage"]


def misplaced_fields(browser):
    """Each money field whose sign is outside its box, and each row whose fields' boxes start at
    different heights though they sit on one line, or whose label is not just above its box."""
    return browser.execute_script("""
        const box = element => element.getBoundingClientRect();
        const found = [];
        for (const wrapper of document.querySelectorAll('.value-input')) {
            if (!wrapper.offsetParent) continue;
            const sign = box(wrapper.querySelector('.currency')), input = box(wrapper.querySelector('input'));
            if (sign.top < input.top || sign.bottom > input.bottom || sign.left < input.left)
                found.push(`${wrapper.querySelector('input').name}: sign ${sign.top}-${sign.bottom}, box ${input.top}-${input.bottom}`);
        }
        for (const row of document.querySelectorAll('.field-row')) {
            if (!row.offsetParent) continue;
            const byLine = new Map();
            for (const field of row.querySelectorAll(':scope > .field, :scope > * > .field')) {
                const control = field.querySelector('input, select, textarea');
                const label = field.querySelector('label');
                if (!control || !label) continue;
                const line = Math.round(box(field).top);
                byLine.set(line, [...(byLine.get(line) || []), [control.name, box(label).bottom, box(control).top]]);
            }
            for (const fields of byLine.values()) {
                const controls = new Set(fields.map(f => Math.round(f[2])));
                const labelsAbove = fields.every(([, labelBottom, controlTop]) => labelBottom <= controlTop && controlTop - labelBottom <= 12);
                if (controls.size > 1 || !labelsAbove) found.push(JSON.stringify(fields));
            }
        }
        return found;
    """)


def test_money_signs_stay_in_their_boxes_and_fields_in_a_row_line_up(server, browser, screenshot):
    paths = pages(server)
    for path in paths:
        browser.get(server.url + path)
        visible(browser, "main")
        assert find_all(browser, ".value-input"), f"{path} has no money field to check"
        assert misplaced_fields(browser) == [], path
    # The line editor after a refused save: an error under a field makes it taller still.
    browser.get(server.url + paths[0])
    visible(browser, "#line-paid").send_keys("twelve")
    browser.find_element("css selector", ".claim-form button[type=submit]").click()
    visible(browser, ".form-error")
    assert misplaced_fields(browser) == []
    browser.execute_script("document.querySelector('#line-paid').scrollIntoView({block: 'center'})")
    screenshot("claim-line-editor-fields")
