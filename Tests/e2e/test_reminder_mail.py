"""A reminder e-mailed through a real SMTP server (Debian's aiosmtpd, the Swift tests' own
Tests/Support/MailTestServer/smtp_server.py), its one-click unsubscribe link opened in the browser
without signing in (a page with one button, then what was done), the account page's checkbox for
that kind now unticked, and its choice of once a week on a day, whose one e-mail holds every kind;
every state through the accessibility audit, at both sizes."""
import json
import subprocess
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlparse

import harness
from accessibility import assert_accessible
from conftest import BINARY, Server
from helpers import find, visible, wait
from selenium.webdriver.support.ui import Select

PASSWORD = "password123"
SMTP_SERVER = Path(__file__).resolve().parents[1] / "Support" / "MailTestServer" / "smtp_server.py"


def first_message(folder, within=30, number=1):
    """The first (or `number`th) message the SMTP server took, once it has (the server's start-up pass sends it)."""
    path, deadline = Path(folder) / f"{number}.json", time.monotonic() + within
    while not path.exists():
        assert time.monotonic() < deadline, "no e-mail arrived"
        time.sleep(0.05)
    return json.loads(path.read_text())


def test_an_emailed_reminders_unsubscribe_link_and_the_account_pages_checkboxes(browser):
    mailbox = tempfile.mkdtemp(prefix="homepwner-e2e-smtp-")
    smtp = subprocess.Popen(["/usr/bin/python3", str(SMTP_SERVER), "--folder", mailbox], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    port = json.loads(smtp.stdout.readline())["port"]
    data = tempfile.mkdtemp(prefix="homepwner-e2e-reminder-mail-")
    # From midnight: a day's reminders otherwise wait for 08:00 local time, and the suite runs at any hour.
    server = Server("--smtp-url", f"smtp://127.0.0.1:{port}", "--mail-from", "homepwner@home.example", "--mail-hour", "0", data=data)
    try:
        # A warranty that ends in 30 days: its first notice is due today.
        tv = server.api("POST", "/api/v1/items", {"name": "Television", "warrantyExpires": (date.today() + timedelta(days=30)).isoformat()})
        server.terminate()
        harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
        server.start()
        client = harness.Client(server.url)
        client.sign_in("olivia", PASSWORD)
        client.json("PATCH", "/api/v1/account", {"email": "olivia@example.com"}, browser=True)
        server.terminate()
        server.start()  # what fell due while it was stopped goes at start

        mail = first_message(mailbox)
        assert mail["recipients"] == ["olivia@example.com"]
        assert f"/items/{tv['id']}#item-warrantyExpires" in mail["text"] and mail["html"]
        link = mail["headers"]["List-Unsubscribe"].strip("<>")
        assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

        browser.get(server.url + urlparse(link).path)
        visible(browser, ".unsubscribe-card button[type=submit]")
        assert_accessible(browser, "unsubscribe")
        find(browser, ".unsubscribe-card button[type=submit]").click()
        visible(browser, ".unsubscribe-card [role=status]")
        assert "no more e-mails about warranties ending" in find(browser, ".unsubscribe-card").text
        assert_accessible(browser, "unsubscribed")

        browser.get(server.url + "/signin")
        find(browser, "#signin-name").send_keys("olivia")
        find(browser, "#signin-password").send_keys(PASSWORD)
        find(browser, ".auth-card button[type=submit]").click()
        wait(browser).until(lambda d: d.current_url.rstrip("/") == server.url)
        browser.get(server.url + "/account")
        boxes = {box.get_attribute("value"): box for box in browser.find_elements("css selector", ".reminder-mail input[type=checkbox]")}
        assert not boxes["warranty"].is_selected() and boxes["photo-missing"].is_selected()
        boxes["warranty"].click()
        # Once a week, on today's weekday: the next e-mail holds all that came due, of every kind.
        # Picking a day, by keyboard, picks "Once a week, on" too (Monday is shown picked: another first).
        days = find(browser, "#reminder-mail-weekday")
        days.send_keys(next(day for day in ("Wednesday", "Thursday") if day != date.today().strftime("%A")))
        assert find(browser, ".reminder-mail input[name=when][value=weekly]").is_selected()
        Select(days).select_by_value(date.today().strftime("%A").lower())
        find(browser, ".reminder-mail button[type=submit]").click()
        visible(browser, ".reminder-mail [role=status]")
        assert find(browser, ".reminder-mail input[value=warranty]").is_selected()
        assert find(browser, ".reminder-mail input[name=when][value=weekly]").is_selected()
        assert_accessible(browser, "account, reminder e-mails saved")

        # Another warranty's notice, and a replacement cost looked up two years ago today.
        client = harness.Client(server.url)
        client.sign_in("olivia", PASSWORD)
        client.json("POST", "/api/v1/items", {"name": "Radio", "warrantyExpires": (date.today() + timedelta(days=30)).isoformat()}, browser=True)
        today = date.today()
        looked_up = today.replace(year=today.year - 2) if (today.month, today.day) != (2, 29) else today.replace(year=today.year - 2, day=28)
        client.json("POST", "/api/v1/items", {"name": "Painting", "replacementCost": "900.00", "replacementCostDate": looked_up.isoformat()}, browser=True)
        server.terminate()
        server.start()
        digest = first_message(mailbox, number=2)
        assert digest["headers"]["Subject"] == "This week’s reminders: 2", digest["headers"]
        assert "Warranties ending" in digest["text"] and "Replacement costs to look up again" in digest["text"]
        assert "Radio" in digest["text"] and "Painting" in digest["html"] and "Television" not in digest["text"]
        everything = digest["headers"]["List-Unsubscribe"].strip("<>")
        assert everything.endswith("/all")
        browser.get(server.url + urlparse(everything).path)
        assert "Stop every reminder e-mail" in find(browser, ".unsubscribe-card").text
        assert_accessible(browser, "unsubscribe from all")
        find(browser, ".unsubscribe-card button[type=submit]").click()
        visible(browser, ".unsubscribe-card [role=status]")
        assert "no more reminder e-mails, of any kind" in find(browser, ".unsubscribe-card").text
        assert_accessible(browser, "unsubscribed from all")
    finally:
        server.stop()
        smtp.kill()
        smtp.wait()


def test_serve_takes_the_mail_servers_password_only_from_the_environment_or_a_file_and_never_prints_it():
    data = tempfile.mkdtemp(prefix="homepwner-e2e-smtp-options-")
    secret = "pa55-Zq8Yc1bW"

    def serve(*arguments, env=None):
        return subprocess.run([str(BINARY), "serve", "--data", data, "--port", "0", *arguments], capture_output=True, text=True,
                              timeout=60, env={"PATH": "/usr/bin:/bin", **(env or {})})

    in_url = serve("--smtp-url", f"smtp://olivia:{secret}@mail.example.com:587", "--mail-from", "homepwner@home.example")
    assert in_url.returncode != 0 and "HOMEPWNER_SMTP_PASSWORD" in in_url.stderr + in_url.stdout
    assert secret not in in_url.stderr + in_url.stdout
    no_password = serve("--smtp-url", "smtp://mail.example.com:587", "--mail-from", "homepwner@home.example", env={"HOMEPWNER_SMTP_USER": "olivia"})
    assert no_password.returncode != 0 and "--smtp-password-file" in no_password.stderr + no_password.stdout
    no_from = serve("--smtp-url", "smtp://mail.example.com:587", env={"HOMEPWNER_SMTP_USER": "olivia", "HOMEPWNER_SMTP_PASSWORD": secret})
    assert no_from.returncode != 0 and "--mail-from" in no_from.stderr + no_from.stdout
    assert secret not in no_from.stderr + no_from.stdout
    mail = ("--smtp-url", "smtp://mail.example.com:25", "--mail-from", "homepwner@home.example")
    late = serve(*mail, "--mail-hour", "25")
    assert late.returncode != 0 and "--mail-hour must be an hour from 0 to 23" in late.stderr + late.stdout
    nowhere = serve(*mail, "--mail-time-zone", "Mars/Olympus_Mons")
    assert nowhere.returncode != 0 and "such as Europe/Berlin" in nowhere.stderr + nowhere.stdout

    # Given right, it starts, says where mail goes (the user, never the password) and stops on SIGTERM.
    password_file = Path(data) / "smtp-password"
    password_file.write_text(secret + "\n")
    ready = Path(data) / "ready.json"
    process = subprocess.Popen([str(BINARY), "serve", "--data", data, "--port", "0", "--quiet", "--ready-file", str(ready),
                                "--smtp-url", "smtp://127.0.0.1:9", "--mail-from", "homepwner@home.example", "--smtp-password-file", str(password_file)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={"PATH": "/usr/bin:/bin", "HOMEPWNER_SMTP_USER": "olivia"})
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert process.poll() is None and time.monotonic() < deadline, process.stdout.read() if process.poll() is not None else "not ready"
            time.sleep(0.05)
    finally:
        process.terminate()
        output = process.communicate(timeout=60)[0]
    assert "Reminders are e-mailed through smtp://127.0.0.1:9 as olivia, from homepwner@home.example." in output, output
    assert secret not in output
