"""The reminders' calendar feed as a calendar app reads it: made on the API by an account, fetched
without any cookie at its address, and parsed by the `icalendar` package (RFC 5545): every event
all day on its due day with its stable UID, text with commas, semicolons and newlines read back as
written, lines of at most 75 octets ending in CRLF; a new address ends the old one (404)."""
import tempfile
import urllib.error
import urllib.request
from datetime import date, timedelta
from urllib.parse import urlparse

import icalendar

import harness
from conftest import BINARY, Server

PASSWORD = "password123"


def fetch(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_calendar_feed_parses_as_icalendar_with_stable_uids():
    data = tempfile.mkdtemp(prefix="homepwner-e2e-reminders-")
    first = Server(data=data)
    today = date.today()
    ends = today + timedelta(days=40)
    oven = first.api("POST", "/api/v1/items", {"name": "Oven, \"the big one\"; kitchen\\left", "warrantyExpires": ends.isoformat()})
    first.api("PATCH", "/api/v1/policy", {"policyEnd": (today + timedelta(days=100)).isoformat()})
    first.terminate()
    harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
    first.start()
    try:
        client = harness.Client(first.url)
        client.sign_in("olivia", PASSWORD)
        made, _ = client.json("POST", "/api/v1/account/calendar", {}, browser=True)
        url = made["calendarURL"]
        assert urlparse(url).path.startswith("/calendar/") and url.endswith(".ics"), url

        status, headers, body = fetch(first.url + urlparse(url).path)
        assert status == 200 and headers["Content-Type"] == "text/calendar; charset=utf-8"
        lines = body.split(b"\r\n")
        assert lines[-1] == b"" and all(b"\n" not in line and len(line) <= 75 for line in lines), "CRLF lines of at most 75 octets"
        calendar = icalendar.Calendar.from_ical(body)
        events = {str(event["UID"]): event for event in calendar.walk("VEVENT")}
        warning = f"warranty-ending:item-{oven['id']}:{(ends - timedelta(days=30)).isoformat()}@homepwner"
        assert set(events) >= {warning, f"warranty-ends:item-{oven['id']}:{ends.isoformat()}@homepwner",
                               f"policy-renewal:policy:{(today + timedelta(days=70)).isoformat()}@homepwner"}, sorted(events)
        event = events[warning]
        start = event.decoded("DTSTART")
        assert start == ends - timedelta(days=30) and not hasattr(start, "hour"), "an all-day event on its due day"
        assert event.decoded("DTEND") == start + timedelta(days=1)
        # The day in the words as US English writes it (the event's dates stay DATE values, above).
        worded = f"{ends:%b} {ends.day}, {ends.year}"
        assert str(event["SUMMARY"]).startswith(f"The warranty of Oven, \"the big one\"; kitchen\\left ends on {worded}"), str(event["SUMMARY"])
        assert str(event["URL"]).endswith(f"/items/{oven['id']}#item-warrantyExpires")

        # The same occasions have the same UIDs on the next fetch; a new address ends the old one.
        assert {str(e["UID"]) for e in icalendar.Calendar.from_ical(fetch(first.url + urlparse(url).path)[2]).walk("VEVENT")} == set(events)
        again, _ = client.json("POST", "/api/v1/account/calendar", {}, browser=True)
        old, new = fetch(first.url + urlparse(url).path), fetch(first.url + urlparse(again["calendarURL"]).path)
        unknown = fetch(first.url + "/calendar/" + "A" * 43 + ".ics")
        assert old[0] == 404 and unknown[0] == 404 and old[2] == unknown[2]
        assert new[0] == 200
    finally:
        first.stop()
