#!/usr/bin/env python3
"""Writes Tests/Fixtures/datafolders/before-households/: a real data folder made by one build of
homepwner through its own CLI and HTTP API (never SQL), and that build's answers to GETs on it.

    python3 scripts/make-datafolder-fixture.py [--binary .build/debug/homepwner] [--out DIR]

The folder holds:
  data/          the data folder, as `homepwner serve` left it after a clean stop (WAL checkpointed)
  tokens.json    the accounts' passwords and API tokens, the adjuster's link and the calendar feed
                 (secrets of this fixture only)
  answers/       index.json (each GET: who asked, its path, the status, the headers that matter,
                 the server's Date) and each answer's body as NN-name.body
  README.md      which commit the binary was built from, and what is in it

The answers are recorded from a copy of data/ served afresh (GETs write too: a token's last use,
an adjuster link's openings), in the order HouseholdUpgradeTests asks them again.
"""

import argparse
import email.utils
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
PASSWORD = "correct horse battery staple"
ACCOUNTS = [("olivia", "owner"), ("eddie", "editor"), ("vera", "viewer")]
# The headers an answer is compared by (ETag only where it comes from what is stored: an item's
# id, version and position; a file's content hash).
# Every request names this host, as a browser would name the address it opened (links in answers
# are made from it), so the answers do not depend on the port the server happened to get.
HOST = "127.0.0.1:8080"
KEPT_HEADERS = ["Content-Type", "Content-Disposition", "Content-Range", "Location", "Cache-Control", "ETag"]


def fail(message):
    sys.exit("make-datafolder-fixture: " + message)


def fixture_bytes(path):
    with open(os.path.join(FIXTURES, path), "rb") as file:
        return file.read()


class Server:
    """`homepwner serve` on a free loopback port, ready once its --ready-file appears."""

    def __init__(self, binary, data, log):
        self.ready = os.path.join(os.path.dirname(log), os.path.basename(log) + ".ready")
        if os.path.exists(self.ready):
            os.remove(self.ready)
        self.output = open(log, "wb")
        self.process = subprocess.Popen([binary, "serve", "--data", data, "--host", "127.0.0.1", "--port", "0",
                                         "--quiet", "--ready-file", self.ready],
                                        stdout=self.output, stderr=subprocess.STDOUT, env=dict(os.environ, TZ="UTC"))
        for _ in range(600):
            if os.path.exists(self.ready) and os.path.getsize(self.ready) > 0:
                with open(self.ready) as file:
                    self.port = json.load(file)["port"]
                return
            if self.process.poll() is not None:
                fail("the server exited at start-up; see " + log)
            time.sleep(0.1)
        fail("the server was not ready within 60 s; see " + log)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        if self.process.wait(timeout=120) != 0:
            fail("the server stopped with status %d" % self.process.returncode)
        self.output.close()

    def request(self, method, path, body=b"", headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.request(method, path, body=body, headers={"Host": HOST, **(headers or {})})
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, response.getheaders(), data


class Caller:
    """Someone calling the API with a bearer token."""

    def __init__(self, server, token):
        self.server, self.token = server, token

    def send(self, method, path, body=b"", content_type=None, expect=(200, 201)):
        headers = {"Authorization": "Bearer " + self.token, "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        status, _, data = self.server.request(method, path, body, headers)
        if status not in expect:
            fail("%s %s answered %d: %s" % (method, path, status, data[:400].decode("utf-8", "replace")))
        return json.loads(data) if data[:1] in (b"{", b"[") else data

    def json(self, method, path, value, expect=(200, 201)):
        return self.send(method, path, json.dumps(value).encode(), "application/json", expect)


def cookie(headers, name):
    for key, value in headers:
        if key.lower() == "set-cookie" and value.startswith(name + "="):
            return value.split(";")[0]
    return None


def api_token(server, name, label):
    """Signs in through the sign-in page as a browser would and makes a token on the account page."""
    status, headers, page = server.request("GET", "/signin", headers={"Accept": "text/html"})
    form_cookie = cookie(headers, "homepwner-form")
    csrf = re.search(rb'name="csrf" value="([^"]+)"', page) or re.search(rb'value="([^"]+)" name="csrf"', page)
    fields = {"name": name, "password": PASSWORD, "next": "/"}
    if csrf:
        fields["csrf"] = csrf.group(1).decode()
    status, headers, _ = server.request("POST", "/signin", urllib.parse.urlencode(fields).encode(),
                                        {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                         **({"Cookie": form_cookie} if form_cookie else {})})
    session = cookie(headers, "homepwner-session")
    if status != 303 or not session:
        fail("signing in as %s answered %d" % (name, status))
    status, _, page = server.request("GET", "/account", headers={"Cookie": session, "Accept": "text/html"})
    token = re.search(rb'<meta name="csrf-token" content="([^"]+)"', page)
    if not token:
        fail("/account as %s shows no CSRF token" % name)
    status, _, page = server.request("POST", "/account/tokens",
                                     urllib.parse.urlencode({"name": label, "csrf": token.group(1).decode()}).encode(),
                                     {"Cookie": session, "Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"})
    secret = re.search(rb'class="token-secret">(hp_[^<]+)<', page)
    if status != 200 or not secret:
        fail("making a token for %s answered %d" % (name, status))
    return secret.group(1).decode()


def label_code(kind, number):
    """A printed label's code (Inventory's LabelCode): the kind, the id in base 32, a Luhn mod 32 digit."""
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    digits = ""
    while True:
        digits = alphabet[number % 32] + digits
        number //= 32
        if number == 0:
            break
    body = kind + digits.rjust(3, "0")
    total, factor = 0, 2
    for character in reversed(body):
        addend = factor * (alphabet.index(character) if character in alphabet else 0)
        total += addend // 32 + addend % 32
        factor = 1 if factor == 2 else 2
    return body + alphabet[(32 - total % 32) % 32]


def wait_for(what, check, seconds=300, every=0.25):
    for _ in range(int(seconds / every)):
        if check():
            return
        time.sleep(every)
    fail("waited %d s for %s" % (seconds, what))


def make_inventory(server, owner, editor):
    """Everything a household of this build could have, through the API; returns the ids the GETs use."""
    v1 = "/api/v1"
    owner.json("PATCH", v1 + "/policy", {
        "policyholder": "Olivia Hart", "address": "12 Elm Street, Springfield", "insurer": "Acme Mutual",
        "policyNumber": "HO-4471-22", "contentsLimit": "60000.00", "deductible": "500.00",
        "settlement": "replacementCost", "policyStart": "2026-03-01", "policyEnd": "2027-02-28",
        "phone": "+1 555 0100", "email": "olivia@example.com"})
    lives = owner.send("GET", v1 + "/useful-lives")
    categories = [entry["category"] for entry in lives["categories"]] if isinstance(lives, dict) and "categories" in lives else None
    owner.json("PATCH", v1 + "/useful-lives", {"electronics": 6, "furniture": None} if categories is None
               or {"electronics", "furniture"} <= set(categories) else {categories[0]: 7})

    home = owner.json("POST", v1 + "/locations", {"name": "Home"})["id"]
    living = owner.json("POST", v1 + "/locations", {"name": "Living Room", "parentId": home})["id"]
    kitchen = owner.json("POST", v1 + "/locations", {"name": "Kitchen", "parentId": home, "notes": "Pantry on the left"})["id"]
    box = owner.json("POST", v1 + "/locations", {"name": "Kitchen box 1", "parentId": kitchen, "isBox": True})["id"]
    garage = owner.json("POST", v1 + "/locations", {"name": "Garage", "parentId": home})["id"]

    television = owner.json("POST", v1 + "/items", {
        "name": "Television", "locationId": living, "brand": "Sonara", "model": "X55-4K", "serialNumber": "SN-55X-00871",
        "purchasePrice": "899.00", "purchaseDate": "2022-11-25", "purchasedFrom": "Electro Mart",
        "replacementCost": "949.00", "replacementCostDate": "2026-11-02", "replacementCostSource": "Electro Mart website",
        "condition": "good", "tags": ["electronics", "living room"], "warrantyExpires": "2027-01-15",
        "customFields": {"Wall mount": "yes"}, "notes": "Bought on Black Friday"})["id"]
    mixer = owner.json("POST", v1 + "/items", {
        "name": "Stand mixer", "locationId": box, "brand": "KitchenPro", "purchasePrice": "329.99",
        "purchaseDate": "about 5 years ago", "condition": "fair", "tags": ["kitchen"], "quantity": 1})["id"]
    bicycle = owner.json("POST", v1 + "/items", {
        "name": "Bicycle", "locationId": home, "brand": "Rivertrail", "model": "Commuter 7", "serialNumber": "WTU123G4567K",
        "purchasePrice": "640.00", "purchaseDate": "2021-05", "scheduled": True, "riderAmount": "700.00",
        "distinguishingMarks": "Green bell, scratch on the top tube", "tags": ["outdoor"]})["id"]
    kettle = owner.json("POST", v1 + "/items", {
        "name": "Kettle", "locationId": box, "purchasePrice": "45.00", "purchaseDate": "2024-02-10", "tags": ["kitchen"]})["id"]
    armchair = editor.json("POST", v1 + "/items", {
        "name": "Armchair", "locationId": living, "purchasePrice": "410.00", "purchaseDate": "2019",
        "condition": "good", "tags": ["furniture", "living room"]})["id"]
    lamp = owner.json("POST", v1 + "/items", {"name": "Old lamp", "locationId": living})["id"]

    owner.send("PUT", v1 + "/items/%d/image" % television, fixture_bytes("photo-1.jpg"), "image/jpeg")
    owner.send("POST", v1 + "/items/%d/photos?kind=serial" % television, fixture_bytes("photo-2.jpg"), "image/jpeg")
    # The mixer's photo is the television's second one: one file, two items (and the draft's).
    owner.send("PUT", v1 + "/items/%d/image" % mixer, fixture_bytes("photo-2.jpg"), "image/jpeg")
    owner.send("POST", v1 + "/items/%d/documents?kind=manual&name=%s" % (television, urllib.parse.quote("Manual.pdf")),
               fixture_bytes("public/pillow/trailer_loop.pdf"), "application/pdf")

    owner.send("DELETE", v1 + "/items/%d" % lamp, expect=(200, 204))
    owner.send("DELETE", v1 + "/locations/%d" % garage, expect=(200, 204))

    draft = owner.send("POST", v1 + "/locations/%d/drafts" % living, fixture_bytes("photo-2.jpg"), "image/jpeg")["id"]

    walkthrough = owner.send("POST", v1 + "/locations/%d/walkthroughs" % kitchen,
                             fixture_bytes("public/capture/video/derived-hevc-rotated-bottle-detection.mov"), "video/quicktime")["id"]
    wait_for("the walk-through's frames",
             lambda: owner.send("GET", v1 + "/walkthroughs/%d" % walkthrough).get("status") != "processing")

    claim = owner.json("POST", v1 + "/claims", {
        "name": "Burglary, November 2026", "lossDate": "2026-11-28", "cause": "Break-in through the back door",
        "lossKind": "theft", "claimNumber": "CL-2026-1187", "policeReport": "SPD-26-44190",
        "policeForce": "Springfield Police", "salesTaxRate": "6.25"})["id"]
    owner.json("POST", v1 + "/claims/%d/items" % claim, {"itemIds": [television, mixer, kettle, bicycle]})
    owner.json("PATCH", v1 + "/claims/%d/items/%d" % (claim, television), {"paid": "600.00"})
    bundle = owner.json("POST", v1 + "/claims/%d/bundles" % claim, {"name": "Small kitchen appliances", "lines": [mixer, kettle]})["id"]
    expense = owner.json("POST", v1 + "/claims/%d/expenses" % claim, {
        "category": "hotel", "date": "2026-11-29", "description": "Two nights at the Springfield Inn", "amount": "238.40"})["id"]
    owner.send("PUT", v1 + "/claims/%d/expenses/%d/receipt?name=inn.pdf" % (claim, expense),
               fixture_bytes("public/pillow/trailer_loop.pdf"), "application/pdf")
    link = owner.json("POST", v1 + "/claims/%d/links" % claim, {
        # A link lasts at most 90 days from the day it is made.
        "expires": time.strftime("%Y-%m-%d", time.gmtime(time.time() + 60 * 86_400)), "label": "Acme adjuster"})

    calendar = owner.send("POST", v1 + "/account/calendar")

    # The photo readers (codes, then plate and receipt text) have read every photo: their readings are
    # in the folder, and no answer waits on them ("pending"). Asked once a second, as they give way to requests.
    for item in [television, mixer, draft]:
        wait_for("the readers to read item %d's photos" % item,
                 lambda: not owner.send("GET", v1 + "/items/%d/suggestions" % item)["pending"], seconds=900, every=1)
    return {"home": home, "living": living, "kitchen": kitchen, "box": box, "garage": garage,
            "television": television, "mixer": mixer, "kettle": kettle, "bicycle": bicycle, "armchair": armchair, "lamp": lamp,
            "draft": draft, "walkthrough": walkthrough, "claim": claim, "bundle": bundle, "expense": expense,
            "link": link, "calendar": calendar}


def checkpoint(data):
    """This build leaves its WAL behind after a clean stop (the last connection to close is a reader,
    which never checkpoints): up to 1 MB of pages, most of them old. SQLite's own checkpoint moves
    the committed pages into the file and removes the WAL; no row changes."""
    database = os.path.join(data, "homepwner.sqlite")
    subprocess.run(["sqlite3", database, "PRAGMA wal_checkpoint(TRUNCATE);"], check=True, stdout=subprocess.DEVNULL)
    for leftover in ["homepwner.sqlite-wal", "homepwner.sqlite-shm"]:
        if os.path.exists(os.path.join(data, leftover)):
            fail(leftover + " is still there after the checkpoint")


def remove_renditions(data):
    """Photos' renditions are a cache, made again when asked for: only the originals are kept."""
    images = os.path.join(data, "images")
    for folder, _, names in os.walk(images):
        for name in names:
            if not name.startswith("original."):
                os.remove(os.path.join(folder, name))


def path_only(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def the_gets(ids, owner, server):
    """(name, who, path, accept): the GETs recorded, in order."""
    v1 = "/api/v1"
    tv = owner.send("GET", v1 + "/items/%d" % ids["television"])
    photo, second_photo = tv["photos"][0], tv["photos"][1]
    document = tv["documents"][0]
    walkthrough = owner.send("GET", v1 + "/walkthroughs/%d" % ids["walkthrough"])
    frame = walkthrough["frames"][0]["imageUrl"].replace("/screen.jpg", "/original.jpg")
    shared = path_only(ids["link"]["url"])
    feed = path_only(ids["calendar"]["calendarURL"])
    claim, expense, bundle = ids["claim"], ids["expense"], ids["bundle"]
    gets = [
        ("item-list", "owner", v1 + "/items", "application/json"),
        ("item-list-viewer", "viewer", v1 + "/items", "application/json"),
        ("item-search", "owner", v1 + "/items?q=television", "application/json"),
        ("item-search-serial", "editor", v1 + "/items?q=WTU123G4567K", "application/json"),
        ("item-list-by-tag", "owner", v1 + "/items?tag=living%20room", "application/json"),
        ("item-list-in-place", "owner", v1 + "/items?location=%d" % ids["kitchen"], "application/json"),
        ("item-list-window", "owner", v1 + "/items?limit=2&sort=name", "application/json"),
        ("item-drafts", "owner", v1 + "/items?draft=1", "application/json"),
        ("item-television", "owner", v1 + "/items/%d" % ids["television"], "application/json"),
        ("item-mixer", "editor", v1 + "/items/%d" % ids["mixer"], "application/json"),
        ("item-bicycle", "viewer", v1 + "/items/%d" % ids["bicycle"], "application/json"),
        ("item-armchair", "owner", v1 + "/items/%d" % ids["armchair"], "application/json"),
        ("item-draft", "owner", v1 + "/items/%d" % ids["draft"], "application/json"),
        ("item-deleted", "owner", v1 + "/items/%d" % ids["lamp"], "application/json"),
        ("item-suggestions", "owner", v1 + "/items/%d/suggestions" % ids["television"], "application/json"),
        ("photo-original-first-bytes", "viewer", photo["originalURL"], "*/*", "bytes=0-2047"),
        ("photo-second-last-bytes", "owner", second_photo["originalURL"], "*/*", "bytes=-2048"),
        ("photo-thumbnail", "owner", photo["thumbnailURL"], "*/*"),
        ("walkthrough-frame", "owner", frame, "*/*"),  # a photo's bytes, whole: the smallest one
        ("document-file", "owner", document["url"], "*/*"),
        ("locations", "owner", v1 + "/locations", "application/json"),
        ("location-kitchen", "owner", v1 + "/locations/%d" % ids["kitchen"], "application/json"),
        ("location-box", "viewer", v1 + "/locations/%d" % ids["box"], "application/json"),
        ("location-deleted", "owner", v1 + "/locations/%d" % ids["garage"], "application/json"),
        ("tags", "owner", v1 + "/tags", "application/json"),
        ("settings", "owner", v1 + "/settings", "application/json"),
        ("policy", "owner", v1 + "/policy", "application/json"),
        ("useful-lives", "owner", v1 + "/useful-lives", "application/json"),
        ("coverage", "viewer", v1 + "/coverage", "application/json"),
        ("reminders", "owner", v1 + "/reminders", "application/json"),
        ("account-owner", "owner", v1 + "/account", "application/json"),
        ("account-viewer", "viewer", v1 + "/account", "application/json"),
        ("walkthrough", "owner", v1 + "/walkthroughs/%d" % ids["walkthrough"], "application/json"),
        ("walkthrough-video-first-bytes", "owner", walkthrough["videoUrl"], "*/*", "bytes=0-2047"),
        ("claims", "owner", v1 + "/claims", "application/json"),
        ("claim", "owner", v1 + "/claims/%d" % claim, "application/json"),
        ("claim-viewer", "viewer", v1 + "/claims/%d" % claim, "application/json"),
        ("claim-schedule-csv", "owner", v1 + "/claims/%d/schedule.csv" % claim, "text/csv"),
        ("claim-police-list-csv", "owner", v1 + "/claims/%d/police-list.csv" % claim, "text/csv"),
        ("claim-expenses", "owner", v1 + "/claims/%d/expenses" % claim, "application/json"),
        ("claim-expense", "editor", v1 + "/claims/%d/expenses/%d" % (claim, expense), "application/json"),
        ("claim-expense-receipt", "owner", v1 + "/claims/%d/expenses/%d/receipt" % (claim, expense), "*/*"),
        ("claim-bundles", "owner", v1 + "/claims/%d/bundles" % claim, "application/json"),
        ("claim-bundle", "owner", v1 + "/claims/%d/bundles/%d" % (claim, bundle), "application/json"),
        ("claim-pack-out", "owner", v1 + "/claims/%d/pack-out" % claim, "application/json"),
        ("claim-links", "owner", v1 + "/claims/%d/links" % claim, "application/json"),
        ("claim-links-viewer", "viewer", v1 + "/claims/%d/links" % claim, "application/json"),
        ("adjuster-schedule-csv", "nobody", shared + "/schedule.csv", "text/csv"),
        ("adjuster-page", "nobody", shared, "text/html"),
        ("adjuster-photo-thumbnail", "nobody", shared + "/items/%d/photos/%d/thumb-120.jpg" % (ids["television"], photo["id"]), "*/*"),
        ("calendar-feed", "nobody", feed, "text/calendar"),
        ("label-place", "owner", "/l/" + label_code("P", ids["box"]), "text/html"),
        ("label-item", "owner", "/l/" + label_code("T", ids["television"]), "text/html"),
        ("label-signed-out", "nobody", "/l/" + label_code("P", ids["kitchen"]), "text/html"),
        ("label-deleted-place", "owner", "/l/" + label_code("P", ids["garage"]), "text/html"),
        ("label-deleted-item", "owner", "/l/" + label_code("T", ids["lamp"]), "text/html"),
        ("label-typed-by-hand", "owner", "/l/" + label_code("T", ids["mixer"]).lower(), "text/html"),
        ("exchange-rates", "owner", v1 + "/exchange-rates", "application/json"),
    ]
    return gets


def record(server, tokens, gets, answers):
    os.makedirs(answers)
    index = []
    bodies = {}
    for number, (name, who, path, accept, *byte_range) in enumerate(gets, 1):
        headers = {"Host": HOST, "Accept": accept}
        if byte_range:
            headers["Range"] = byte_range[0]
        if who != "nobody":
            headers["Authorization"] = "Bearer " + tokens[who]["token"]
        status, response_headers, body = server.request("GET", path, headers=headers)
        if status >= 500:
            fail("GET %s answered %d" % (path, status))
        found = {key.lower(): value for key, value in response_headers}
        # The same bytes twice (a photo to its owner and to the adjuster) are kept once.
        body_file = bodies.setdefault(body, "%02d-%s.body" % (number, name))
        with open(os.path.join(answers, body_file), "wb") as file:
            file.write(body)
        index.append({"name": name, "who": who, "path": path, "accept": accept, **({"range": byte_range[0]} if byte_range else {}),
                      "status": status,
                      "headers": {key: found[key.lower()] for key in KEPT_HEADERS if key.lower() in found},
                      "servedAt": email.utils.parsedate_to_datetime(found["date"]).timestamp() if "date" in found else None,
                      "body": body_file})
        print("%3d %s %s" % (status, path, len(body)))
    with open(os.path.join(answers, "index.json"), "w") as file:
        json.dump(index, file, indent=1, ensure_ascii=False)
        file.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "homepwner"))
    parser.add_argument("--out", default=os.path.join(FIXTURES, "datafolders", "before-households"))
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        fail("no homepwner binary at " + binary + " (swift build first)")
    if subprocess.run(["git", "-C", ROOT, "diff", "--quiet", "HEAD", "--", "Sources", "Package.swift"]).returncode != 0:
        fail("Sources/ differs from the commit: build and run this from a committed tree")
    commit = subprocess.check_output(["git", "-C", ROOT, "rev-parse", "HEAD"], text=True).strip()
    sources_commit = subprocess.check_output(["git", "-C", ROOT, "log", "-1", "--format=%H", "--", "Sources"], text=True).strip()

    out = os.path.abspath(arguments.out)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    data = os.path.join(out, "data")
    work = tempfile.mkdtemp(prefix="datafolder-fixture-")
    try:
        for name, role in ACCOUNTS:
            subprocess.run([binary, "user", "add", name, "--role", role, "--data", data], input=PASSWORD + "\n",
                           text=True, check=True, stdout=subprocess.DEVNULL)
        server = Server(binary, data, os.path.join(work, "making.log"))
        tokens = {role: {"name": name, "password": PASSWORD, "token": api_token(server, name, "fixture " + role)}
                  for name, role in ACCOUNTS}
        owner, editor = Caller(server, tokens["owner"]["token"]), Caller(server, tokens["editor"]["token"])
        ids = make_inventory(server, owner, editor)
        gets = the_gets(ids, owner, server)
        server.stop()
        checkpoint(data)
        remove_renditions(data)
        tokens["adjusterLink"] = path_only(ids["link"]["url"])
        tokens["calendarFeed"] = path_only(ids["calendar"]["calendarURL"])
        with open(os.path.join(out, "tokens.json"), "w") as file:
            json.dump(tokens, file, indent=1)
            file.write("\n")

        # The answers, from a copy served afresh (GETs write: a token's last use, a link's openings).
        copy = os.path.join(work, "data")
        shutil.copytree(data, copy, symlinks=True)
        server = Server(binary, copy, os.path.join(work, "answering.log"))
        record(server, tokens, gets, os.path.join(out, "answers"))
        server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    size = sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(out) for name in names)
    if size > 1_000_000:
        fail("the fixture is %d bytes: keep it under 1 MB" % size)
    write_readme(out, commit, sources_commit, binary, ids, len(gets), size)
    print("wrote %s: %d files, %d bytes" % (out, sum(len(n) for _, _, n in os.walk(out)), size))


def write_readme(out, commit, sources_commit, binary, ids, count, size):
    with open(os.path.join(out, "README.md"), "w") as file:
        file.write("""# A data folder from before households

Made by `scripts/make-datafolder-fixture.py`, run at commit `{commit}`, with the `homepwner`
binary built from its sources, which last changed in `{sources}`: the last commit before the
households migrations (inventory 28, accounts 14, claims 17, …). Everything in `data/` was made
through that build's CLI (`homepwner user add`) and HTTP API, never by SQL; the server was stopped
cleanly (SIGTERM) and its WAL checkpointed (below).

- Accounts: `olivia` (owner), `eddie` (editor), `vera` (viewer), each with an API token; their
  password and tokens are in `tokens.json` (secrets of this fixture only), with the adjuster's link
  and the owner's calendar feed.
- Places: Home > Living Room, Kitchen > Kitchen box 1 (a box); Garage, deleted (its label answers 410).
- Items: Television (two photos, `Tests/Fixtures/photo-1.jpg` and `photo-2.jpg`, and a PDF manual,
  `public/pillow/trailer_loop.pdf`), Stand mixer (the television's second photo: one file, three users with the draft; bought "about 5 years ago"), Kettle,
  Bicycle (scheduled), Armchair (made by the editor), Old lamp (deleted), a draft from a photo.
- A walk-through of the Kitchen (`public/capture/video/derived-hevc-rotated-bottle-detection.mov`)
  and its frames.
- A claim with three lines (one paid), a bundle of two, a hotel expense with its PDF receipt, an
  adjuster's link; the policy, changed useful lives, a calendar feed.
- `answers/`: that build's answers to {count} GETs (`index.json`: who asked, the path, the status, the
  headers compared, the server's `Date`; each body as it was sent). `HouseholdUpgradeTests` opens a
  copy of `data/` with the current code, sets its clock to each answer's `servedAt`, asks again and
  expects the same bytes.

How the answers are asked and compared:
- Every request names the host `127.0.0.1:8080` (links in answers, such as the calendar feed's
  address, are made from it), whatever port the server had.
- Day-dependent answers (an item's readiness, a line's age and actual cash value, reminders "due
  soon", the feed's DTSTAMP, the adjuster link's expiry) were made at the `servedAt` of each; the
  test's clock is set to it.
- Headers compared: Content-Type, Content-Disposition, Content-Range, Location, Cache-Control and
  ETag. An item's ETag is its id, version and position; a file's is made from its URL, which names its
  content (a hash): both are what is stored, not when or where it was served.
- HTML answers (the adjuster's page, a deleted place's and item's label) are compared with the static
  files' fingerprints (`/static/<16 hex>/`) taken out: any change to a style sheet or script moves
  them, and that is not an upgrade's doing.
- Photos' renditions (`screen.jpg`, `thumb-*.jpg`, `report.jpg`) were removed from `data/`: they are
  a cache, made again when asked for (one thumbnail's bytes are among the answers).
- This build leaves its WAL behind after a clean stop (the last connection to close is a reader);
  the script checkpoints it with `sqlite3 … 'PRAGMA wal_checkpoint(TRUNCATE)'`, which changes no row.

Left out, and why:
- The PDFs (claim report, police list, proof of loss, label sheets) and the XLSX schedule: cairo and
  libxlsxwriter write the time they were made into the file, so no two are the same bytes.
- The export and evidence zips: their entries carry the time they were made.
- The HTML pages of the signed-in app (item list and page, places, claims…): each carries a
  per-request CSRF token, and their markup changes with every page's design, not with an upgrade.
  The API's JSON says the same things.
- The photo library: no library roots (a library is a folder on the server, not in the data folder).
- The whole photo originals and the video: the answers keep 2 KB ranges of them (206) and one small
  whole photo (a walk-through frame); `HouseholdUpgradeTests` compares every original in `data/`
  whole with what its old URL serves.

Ids: {ids}

{size} bytes besides this README.
""".format(commit=commit, sources=sources_commit, count=count, size=size,
           ids=", ".join("%s %s" % (key, value) for key, value in ids.items() if isinstance(value, int))))


if __name__ == "__main__":
    main()
