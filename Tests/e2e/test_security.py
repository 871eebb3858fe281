"""Accounts in the browser: signing in and out, and XSS payloads in every text field (item name and
serial, account name, API token name, the sign-in `next`) rendering as inert text — no script runs."""
import json
import tempfile
import urllib.parse

import pytest
from selenium.common.exceptions import NoAlertPresentException, UnexpectedAlertPresentException
from selenium.webdriver.common.by import By

import harness
from conftest import BINARY, Server
from helpers import find, find_all, visible, wait

PASSWORD = "password123"

# Each either calls alert() or sets window.__xss if it ever runs.
PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    '<img src=x onerror="window.__xss=1">',
    "'><svg onload=\"window.__xss=1\">",
    "</textarea><script>window.__xss=1</script>",
]


def add_user(data, name, role):
    harness.add_user(data, name, PASSWORD, role=role, binary=BINARY)


@pytest.fixture
def accounts_server():
    """A server whose data folder already has an owner (alice) and a viewer (victor)."""
    data = tempfile.mkdtemp(prefix="homepwner-e2e-security-")
    add_user(data, "alice", "owner")
    add_user(data, "victor", "viewer")
    instance = Server(data=data)
    yield instance
    instance.stop()


def assert_inert(browser, where):
    """No alert opened, no payload ran, and no payload became markup (which would prove a missing
    escape even where the Content-Security-Policy stopped the script)."""
    try:
        alert = browser.switch_to.alert
        text = alert.text
        alert.dismiss()
        pytest.fail(f"an alert opened on {where}: {text!r}")
    except NoAlertPresentException:
        pass
    try:
        state = browser.execute_script("""
            const handlers = [...document.querySelectorAll('*')].flatMap(e =>
                [...e.attributes].filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name));
            return {
                xss: window.__xss,
                handlers,
                injected: document.querySelectorAll('img[src="x"], svg[onload], script:not([src])').length,
                javascriptURLs: [...document.querySelectorAll('[href], [src], [action], [formaction]')].filter(e =>
                    ['href', 'src', 'action', 'formaction'].some(n => (e.getAttribute(n) || '').trim().toLowerCase().startsWith('javascript:'))).length,
            };""")
    except UnexpectedAlertPresentException as error:
        pytest.fail(f"an alert opened on {where}: {error}")
    assert state["xss"] is None, f"a payload ran on {where}"
    assert state["handlers"] == [], f"inline event handlers on {where}: {state['handlers']}"
    assert state["injected"] == 0, f"a payload became markup on {where}"
    assert state["javascriptURLs"] == 0, f"a javascript: URL on {where}"


def visit(browser, url, where=None):
    try:
        browser.get(url)
    except UnexpectedAlertPresentException as error:
        pytest.fail(f"an alert opened on {where or url}: {error}")
    assert_inert(browser, where or url)


def sign_in(browser, server, name, password=PASSWORD, next_path=None):
    url = server.url + "/signin" + (f"?next={urllib.parse.quote(next_path, safe='')}" if next_path is not None else "")
    visit(browser, url)
    field = find(browser, "#signin-name")
    field.clear()
    field.send_keys(name)
    find(browser, "#signin-password").send_keys(password)
    find(browser, ".auth-card button[type=submit]").click()


def fetch(browser, method, path, body=None):
    """A same-origin fetch from the page, with the page's CSRF token, as the app's own scripts send."""
    return browser.execute_async_script("""
        const [method, path, body, done] = arguments;
        const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? '';
        fetch(path, {method, headers: {'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRF-Token': csrf},
                     body: body === null ? undefined : JSON.stringify(body)})
            .then(async r => done({status: r.status, text: await r.text()}), e => done({status: 0, text: String(e)}));
        """, method, path, body)


def page_text(browser):
    return browser.execute_script("return document.body.innerText")


# MARK: Signing in and out

def test_sign_in_lands_on_next_and_shows_who_is_signed_in(accounts_server, browser):
    server = accounts_server
    visit(browser, server.url + "/account")
    wait(browser).until(lambda b: "/signin" in b.current_url)
    assert urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)["next"] == ["/account"]
    assert not find_all(browser, ".account-strip")
    find(browser, "#signin-name").send_keys("alice")
    find(browser, "#signin-password").send_keys(PASSWORD)
    find(browser, ".auth-card button[type=submit]").click()
    wait(browser).until(lambda b: b.current_url == server.url + "/account")
    strip = visible(browser, ".account-strip")
    assert "Signed in as" in strip.text and "alice" in strip.text
    assert_inert(browser, "/account")

    # The session cookie is HttpOnly and SameSite=Lax: no script can read it.
    cookies = {c["name"]: c for c in browser.get_cookies()}
    session = cookies["homepwner-session"]
    assert session["httpOnly"] is True
    assert session.get("sameSite") == "Lax"
    assert "homepwner-session" not in browser.execute_script("return document.cookie")


def test_a_wrong_password_shows_a_message_and_keeps_next(accounts_server, browser, screenshot):
    server = accounts_server
    visit(browser, server.url + "/account")
    wait(browser).until(lambda b: "/signin" in b.current_url)
    find(browser, "#signin-name").send_keys("alice")
    find(browser, "#signin-password").send_keys("not the password")
    find(browser, ".auth-card button[type=submit]").click()
    message = visible(browser, ".auth-card .form-error")
    assert "don’t match" in message.text
    assert "/signin" in browser.current_url
    assert not find_all(browser, ".account-strip")
    assert find(browser, "#signin-name").get_attribute("value") == "alice"
    screenshot("signin-wrong-password")
    # The form still knows where the user was going.
    next_field = find(browser, ".auth-card input[name=next]").get_attribute("value")
    assert next_field == "/account", f"after a failed sign-in the form's next is {next_field!r}: the right password will land on it instead of /account"
    find(browser, "#signin-password").send_keys(PASSWORD)
    find(browser, ".auth-card button[type=submit]").click()
    wait(browser).until(lambda b: b.current_url == server.url + "/account")


def test_unknown_names_get_the_same_message(accounts_server, browser):
    sign_in(browser, accounts_server, "nobody-by-this-name", "whatever it is")
    unknown = visible(browser, ".auth-card .form-error").text
    sign_in(browser, accounts_server, "alice", "not the password")
    wrong = visible(browser, ".auth-card .form-error").text
    assert unknown == wrong


def test_sign_out_ends_the_session(accounts_server, browser):
    server = accounts_server
    sign_in(browser, server, "victor")
    wait(browser).until(lambda b: b.current_url == server.url + "/")
    assert "victor" in visible(browser, ".account-strip").text
    old_cookie = browser.get_cookie("homepwner-session")["value"]
    find(browser, ".signout-form button").click()
    wait(browser).until(lambda b: "/signin" in b.current_url)
    assert not find_all(browser, ".account-strip")
    visit(browser, server.url + "/")
    assert "/signin" in browser.current_url
    # Putting the old cookie back does not sign in again: the session is gone on the server.
    browser.add_cookie({"name": "homepwner-session", "value": old_cookie, "path": "/"})
    visit(browser, server.url + "/")
    assert "/signin" in browser.current_url


@pytest.mark.parametrize("next_path", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"])
def test_sign_in_never_leaves_the_site(accounts_server, browser, next_path):
    server = accounts_server
    sign_in(browser, server, "victor", next_path=next_path)
    wait(browser).until(lambda b: "/signin" not in b.current_url)
    assert browser.current_url == server.url + "/", browser.current_url
    assert_inert(browser, f"after sign-in with next={next_path}")


# MARK: XSS

# Whether a payload runs does not depend on the screen's size (the same HTML and scripts at both), so
# one size (CI time: 35 s and 10 s a size).
@pytest.mark.parametrize("device", ["iphone"])
def test_payloads_in_the_sign_in_next_parameter_are_inert(accounts_server, browser):
    server = accounts_server
    nexts = PAYLOADS + [
        '/"><img src=x onerror=alert(1)>',
        "/items/1\"><script>alert(1)</script>",
        "/' onmouseover='window.__xss=1",
        "/<img src=x onerror=\"window.__xss=1\">",
    ]
    for next_path in nexts:
        visit(browser, server.url + "/signin?next=" + urllib.parse.quote(next_path, safe=""), f"/signin?next={next_path}")
        # Signing in follows the (sanitised) next; the page it lands on is inert too.
        find(browser, "#signin-name").send_keys("victor")
        find(browser, "#signin-password").send_keys(PASSWORD)
        try:
            find(browser, ".auth-card button[type=submit]").click()
            wait(browser).until(lambda b: "/signin" not in b.current_url)
        except UnexpectedAlertPresentException as error:
            pytest.fail(f"an alert opened after signing in with next={next_path}: {error}")
        assert browser.current_url.startswith(server.url + "/"), browser.current_url
        assert_inert(browser, f"landing after next={next_path}")
        browser.delete_all_cookies()


# Whether a payload runs does not depend on the screen's size (the same HTML and scripts at both), so
# one size (CI time: 35 s and 10 s a size).
@pytest.mark.parametrize("device", ["iphone"])
def test_payloads_in_every_text_field_are_inert(accounts_server, browser, screenshot):
    server = accounts_server
    sign_in(browser, server, "alice")
    wait(browser).until(lambda b: b.current_url == server.url + "/")

    # Item names and serial numbers, through the API the pages' scripts use.
    item_ids = []
    for payload in PAYLOADS:
        response = fetch(browser, "POST", "/api/v1/items", {"name": payload, "serialNumber": payload, "valueInDollars": 7})
        assert response["status"] == 201, response
        item_ids.append(int(json.loads(response["text"])["id"]))

    # Account names, through the owner's Accounts page (a second time each: the "name taken" message).
    for index, payload in enumerate(PAYLOADS):
        for _ in range(2):
            visit(browser, server.url + "/users")
            visible(browser, "#new-name").send_keys(payload)
            find(browser, "#new-password").send_keys(PASSWORD)
            find(browser, "form[action='/users'] button[type=submit]").click()
            # The answer (added, or "name taken") is a fresh page with a notice; wait for it.
            visible(browser, ".account-layout > .notice", timeout=20)
            assert_inert(browser, f"/users after adding {payload}")
    # API token names, through the account page.
    for payload in PAYLOADS:
        visit(browser, server.url + "/account")
        visible(browser, "#token-name").send_keys(payload)
        find(browser, "form[action='/account/tokens'] button[type=submit]").click()
        visible(browser, ".new-token", timeout=20)
        assert_inert(browser, f"/account after creating token {payload}")

    pages = ["/", "/?edit=1", "/account", "/users", "/items/new"]
    for item_id in item_ids:
        pages += [f"/items/{item_id}", f"/items/{item_id}/delete", f"/items/{item_id}?saved=1"]
    for path in pages:
        visit(browser, server.url + path)
    # Shown as text, exactly as typed.
    visit(browser, server.url + "/")
    text = page_text(browser)
    for payload in PAYLOADS:
        assert payload in text, f"the list does not show {payload!r} as text"
    visit(browser, server.url + "/users")
    text = page_text(browser)
    assert all(payload in text for payload in PAYLOADS)
    screenshot("xss-users")
    visit(browser, server.url + f"/items/{item_ids[1]}")
    assert find(browser, "#item-name").get_attribute("value") == PAYLOADS[1]

    # Signed in as the accounts with hostile names: "Signed in as …" shows the name as text.
    for payload in PAYLOADS[:3]:
        find(browser, ".signout-form button").click()
        wait(browser).until(lambda b: "/signin" in b.current_url)
        sign_in(browser, server, payload)
        try:
            wait(browser).until(lambda b: "/signin" not in b.current_url)
        except UnexpectedAlertPresentException as error:
            pytest.fail(f"an alert opened signing in as {payload!r}: {error}")
        assert_inert(browser, f"signed in as {payload}")
        assert payload in visible(browser, ".account-strip").text
        for path in ["/", "/account", f"/items/{item_ids[0]}"]:
            visit(browser, server.url + path, f"{path} as {payload}")
    # A failed sign-in echoes the name into the form: still inert.
    find(browser, ".signout-form button").click()
    # Signed in, /signin sends you on: wait until the sign-out has landed.
    wait(browser).until(lambda b: "/signin" in b.current_url)
    for payload in PAYLOADS:
        sign_in(browser, server, payload, "wrong password")
        # The answer is a fresh page with the refusal (or "too many failed sign-ins"): wait for it.
        visible(browser, ".auth-card .form-error", timeout=20)
        assert_inert(browser, f"failed sign-in as {payload}")
        assert find(browser, "#signin-name").get_attribute("value") == payload
