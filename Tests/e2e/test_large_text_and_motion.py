"""A phone with its page zoomed to 200 % (390 px wide, so 195 CSS px), and a browser asking for reduced
motion: every page still fits and works."""
import tempfile

import pytest
from selenium.webdriver.common.keys import Keys

import conftest
import harness
from accessibility import emulate
from conftest import BINARY, FIXTURES, Server, make_driver
from helpers import find, find_all, row_names, visible, wait
from test_keyboard import press, scale
from test_viewer import library, open_viewer  # noqa: F401 (the album of large photos, a fixture)

conftest.DEVICES["iphone-200%"] = dict(conftest.DEVICES["iphone"], width=195, height=422, pixelRatio=6.0)


@pytest.fixture(scope="module")
def zoomed():
    driver = make_driver("iphone-200%")
    driver.device = "iphone-200%"
    yield driver
    driver.quit()


def layout_problems(browser, label):
    """What does not fit: a page wider than the screen, bar parts on top of each other or off screen,
    item names squeezed to nothing."""
    return browser.execute_script("""
        const label = arguments[0], problems = [];
        // The screen's width: a phone widens its layout viewport (innerWidth) to a page that is too wide.
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > width + 1) problems.push(`${label}: the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
        // What is on top: an open sheet or popover, else the page.
        const layer = document.querySelector('dialog[open], :popover-open') ?? document;
        const boxes = [...layer.querySelectorAll('.top-bar-leading > *, .top-bar-title, .top-bar-trailing > *, .sheet-bar > *, .viewer-bar > *')]
            .filter(e => e.checkVisibility()).map(e => [e, e.getBoundingClientRect()]);
        for (const [e, r] of boxes) if (r.right > width + 1 || r.left < -1) problems.push(`${label}: ${e.className || e.tagName} leaves the screen (${Math.round(r.left)}–${Math.round(r.right)})`);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, ra] = boxes[i], [b, rb] = boxes[j];
            if (a.contains(b) || b.contains(a)) continue;
            const overlap = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 1 && Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 1;
            if (overlap) problems.push(`${label}: ${a.className || a.tagName} covers ${b.className || b.tagName}`);
        }
        for (const name of document.querySelectorAll('.item-link')) {
            if (name.getBoundingClientRect().width < 40) problems.push(`${label}: "${name.textContent}" is squeezed to ${Math.round(name.getBoundingClientRect().width)} px`);
        }
        return problems;""", label)


def test_every_page_fits_a_phone_zoomed_to_200_percent(server, library, zoomed):  # noqa: F811
    camera = server.create_item("Mirrorless Camera with a long name", "EOS-R6-0417732", 1899)
    server.upload(camera["id"], FIXTURES / "photo-1.jpg")
    server.create_item("Mug", "", 12)
    library_server, photos = library
    problems = []

    def check(label):
        problems.extend(layout_problems(zoomed, label))

    for label, path in [("item list", "/"), ("item list, editing", "/?edit=1"), ("item detail", f"/items/{camera['id']}"),
                        ("delete page", f"/items/{camera['id']}/delete"), ("not found", "/no/such/page")]:
        zoomed.get(server.url + path)
        check(label)
    zoomed.get(server.url + "/")
    find(zoomed, '.top-bar [data-action="new-item"]').click()
    visible(zoomed, "#new-item-sheet")
    check("new item sheet")
    zoomed.get(f"{server.url}/items/{camera['id']}")
    find(zoomed, ".camera-button").click()
    visible(zoomed, "#image-picker")
    check("picker")
    for label, path in [("library", "/library"), ("viewer", f"/library/assets/{photos['landscape']['id']}")]:
        zoomed.get(library_server.url + path)
        check(label)
    assert not problems, "\n".join(problems)


def test_the_seed_flows_work_zoomed_to_200_percent(server, zoomed):
    item = server.create_item("Camera", "C-1", 1899)
    server.upload(item["id"], FIXTURES / "photo-1.jpg")
    zoomed.get(server.url + "/")
    find(zoomed, '.top-bar [data-action="new-item"]').click()
    visible(zoomed, "#new-item-sheet")
    find(zoomed, "#new-name").send_keys("Desk Lamp")
    find(zoomed, '#new-item-sheet button[type="submit"]').click()
    wait(zoomed).until(lambda b: row_names(b) == ["Camera", "Desk Lamp"])
    find(zoomed, "button.thumbnail").click()
    visible(zoomed, "#photo-popover img")
    find(zoomed, ".photo-close").click()
    wait(zoomed).until(lambda b: not b.execute_script("return document.querySelector('#photo-popover').matches(':popover-open')"))


def test_nothing_moves_when_reduced_motion_is_asked_for(server, library, browser):  # noqa: F811
    emulate(browser, reduced_motion=True)
    try:
        server.create_item("Camera", "C-1", 1899)
        browser.get(server.url + "/")
        find(browser, '.top-bar [data-action="new-item"]').click()
        visible(browser, "#new-item-sheet")
        find(browser, "#new-name").send_keys("Desk Lamp")
        find(browser, '#new-item-sheet button[type="submit"]').click()
        wait(browser).until(lambda b: row_names(b) == ["Camera", "Desk Lamp"])
        # The new row's highlight and the toast appear without animating.
        motion = browser.execute_script("""
            const row = document.querySelector('.item-row.just-added'), toast = document.getElementById('toast');
            return [getComputedStyle(row).animationName, getComputedStyle(toast).transitionDuration];""")
        assert motion == ["none", "0s"], motion
        library_server, photos = library
        state = open_viewer(browser, library_server, photos["landscape"])
        press(browser, "+")
        # The zoom is there at once, with no glide to wait for.
        assert browser.execute_script("return getComputedStyle(document.getElementById('viewer-image')).transitionDuration") == "0s"
        assert scale(browser) > state["fit"] * 1.4
    finally:
        emulate(browser)


def test_the_account_pages_fit_a_phone_zoomed_to_200_percent_with_long_token_names(zoomed):
    """An owner's account page lists API tokens by the names people give them (a script's purpose, a
    machine's name): long names and German's longer words wrap inside their cards."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-zoomed-account-")
    harness.add_user(data, "olivia", "password123", binary=BINARY)
    server = Server(data=data)
    try:
        zoomed.get(server.url + "/signin")
        find(zoomed, "#signin-name").send_keys("olivia")
        find(zoomed, "#signin-password").send_keys("password123" + Keys.ENTER)
        wait(zoomed).until(lambda b: b.current_url.rstrip("/") == server.url)
        for name in ["backup 1796657486.2340434", "Sicherungsskript für den Keller-NAS-Server"]:
            zoomed.get(server.url + "/account")
            find(zoomed, ".inline-form input[name=name]").send_keys(name + Keys.ENTER)
            visible(zoomed, ".new-token")
        problems = []
        for label, path in [("account", "/account"), ("account in German", "/account?lang=de"), ("accounts", "/users"),
                            ("account in Arabic", "/account?lang=ar")]:
            zoomed.get(server.url + path)
            if path.startswith("/account"):
                assert len(find_all(zoomed, ".token-list li")) == 2, label
            problems.extend(layout_problems(zoomed, label))
        assert not problems, "\n".join(problems)
    finally:
        server.stop()


def test_the_bar_keeps_its_parts_apart_on_a_phone_in_longer_languages(server):
    """German's and the pseudo-locale's longer bar buttons leave the title less room: it shortens, and
    never runs over the logo or a back title."""
    server.create_item("Camera", "C-1", 1899)
    phone = make_driver("iphone")
    try:
        problems = []
        for language in ["de", "fr", "en-XA", "ar"]:
            for path in ["/", "/settings/exchange-rates", "/locations"]:
                phone.get(f"{server.url}{path}?lang={language}")
                problems.extend(layout_problems(phone, f"{path} in {language}"))
        assert not problems, "\n".join(problems)
    finally:
        phone.quit()
