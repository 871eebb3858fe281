"""Backups end to end with the real binary: back up while the server writes, restore and compare,
verify, the readable index.html in a browser from the file system, the home page's backup status,
and an off-site copy through restic to a local S3 endpoint (moto)."""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from accessibility import assert_accessible
from backup_helpers import add_photo, files, fill, finished, homepwner, integrity, rows
import harness
from conftest import BINARY, Server
from helpers import find, find_all, visible, wait


@pytest.fixture
def workspace():
    folder = Path(tempfile.mkdtemp(prefix="homepwner-e2e-backup-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_backup_verify_and_restore_give_back_the_same_rows_and_files(workspace):
    """The restore drill: make data, back up, restore into a fresh folder, compare."""
    server = Server(data=str(workspace / "data"))
    try:
        fill(server)
    finally:
        server.stop(keep_data=True)
    backups = workspace / "backups"

    made = homepwner("backup", "--to", backups, "--data", workspace / "data")
    assert made.returncode == 0, made.stderr
    assert re.search(r"^Backed up 3 items, 4 photos and 1 document to .+", made.stdout, re.M), made.stdout
    assert "Verified:" in made.stdout
    checked = homepwner("verify", backups)
    assert checked.returncode == 0, checked.stderr
    restored = homepwner("restore", backups, "--data", workspace / "restored")
    assert restored.returncode == 0, restored.stderr

    assert rows(workspace / "restored" / "homepwner.sqlite") == rows(workspace / "data" / "homepwner.sqlite")
    assert files(workspace / "restored") == files(workspace / "data")
    assert len(files(workspace / "data")) >= 4 * 5 + 2
    # The restored folder serves: the items and their photos come back over HTTP.
    again = Server(data=str(workspace / "restored"))
    try:
        items = again.items()
        assert sorted(item["name"] for item in items) == ["Bike", "Desk lamp", "Espresso machine <b>&</b>"]
        for item in items:
            for photo in item.get("photos", []):
                with urllib.request.urlopen(again.url + photo["originalURL"]) as response:
                    assert response.status == 200
    finally:
        again.stop(keep_data=True)

    # A folder that is not empty is refused; --force moves it aside.
    refused = homepwner("restore", backups, "--data", workspace / "restored")
    assert refused.returncode != 0 and "--force" in refused.stderr
    forced = homepwner("restore", backups, "--data", workspace / "restored", "--force")
    assert forced.returncode == 0, forced.stderr
    assert "replaced-" in forced.stdout


def test_a_damaged_backup_is_named_by_verify_and_restores_nothing(workspace):
    server = Server(data=str(workspace / "data"))
    try:
        fill(server)
    finally:
        server.stop(keep_data=True)
    assert homepwner("backup", "--to", workspace / "backups", "--data", workspace / "data").returncode == 0
    backup = finished(workspace / "backups")[-1]
    original = next(backup.glob("images/*/*/original.jpg"))
    damaged = bytearray(original.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    original.write_bytes(bytes(damaged))

    checked = homepwner("verify", backup)
    assert checked.returncode == 1
    assert str(original.relative_to(backup)) in checked.stderr and "damaged" in checked.stderr
    restored = homepwner("restore", backup, "--data", workspace / "restored")
    assert restored.returncode == 1 and "Nothing was restored" in restored.stderr
    assert not (workspace / "restored").exists()


def test_a_backup_taken_while_the_server_writes_is_one_whole_state(workspace):
    server = Server(data=str(workspace / "data"))
    stop = threading.Event()
    written = []
    errors = []

    def writer():
        number = 0
        while not stop.is_set():
            try:
                item = server.create_item(f"Busy {number}", f"B-{number}", number)
                add_photo(server, item["id"], 10_000 + number)
                written.append(item["id"])
            except (urllib.error.URLError, ConnectionError, OSError) as error:
                errors.append(repr(error))
                return
            number += 1

    try:
        fill(server)
        thread = threading.Thread(target=writer)
        thread.start()
        while len(written) < 5:
            time.sleep(0.05)
        counts = []
        for _ in range(4):
            before = len(written)
            made = homepwner("backup", "--to", workspace / "backups", "--data", workspace / "data")
            assert made.returncode == 0, made.stderr + made.stdout
            counts.append((before, len(written)))
        stop.set()
        thread.join()
    finally:
        stop.set()
        server.stop(keep_data=True)
    assert errors == []

    backups = finished(workspace / "backups")
    assert len(backups) == 4
    for backup, (before, after) in zip(backups, counts):
        assert homepwner("verify", backup).returncode == 0
        target = workspace / f"restored-{backup.name}"
        restored = homepwner("restore", backup, "--data", target)
        assert restored.returncode == 0, restored.stderr
        database = target / "homepwner.sqlite"
        assert integrity(database) == "ok"
        table = rows(database)
        busy = [row for row in table["items"] if "'Busy " in row]
        # Every item the server had acknowledged before the backup began is in it; none it had not yet made.
        assert before <= len(busy) <= after + 1, (before, len(busy), after)
        # Each photo the copy names is there, byte for byte (restore checked every file's SHA-256).
        for row in table["item_photos"]:
            image_hash = re.search(r"'([0-9a-f]{64})'", row).group(1)
            assert list(target.glob(f"images/{image_hash[:2]}/{image_hash}/original.*")), f"{backup.name} lacks {image_hash}"


def test_the_backup_reads_in_a_browser_from_the_disk(workspace, browser, screenshot):
    server = Server(data=str(workspace / "data"))
    try:
        fill(server)
    finally:
        server.stop(keep_data=True)
    assert homepwner("backup", "--to", workspace / "backups", "--data", workspace / "data").returncode == 0
    backup = finished(workspace / "backups")[-1]

    browser.get((backup / "index.html").as_uri())

    assert find(browser, "h1").text == "Home inventory"
    rooms = [link.text for link in find_all(browser, ".contents li a")]
    assert rooms == ["Home / Kitchen", "Home / Study", "Not in a room"]
    assert find(browser, ".summary .total").text == "€3,428.00 in all"
    espresso = find(browser, "#item-1")
    assert espresso.find_element("css selector", "h3").text == "Espresso machine <b>&</b>"
    for field in ("€2,598.00 (2 × €1,299.00)", "Gaggia", "EM-1234", "2021-03-14", "Brushed steel", "appliance, kitchen"):
        assert field in espresso.text
    # Every photo shown has loaded from the backup's own files.
    wait(browser).until(lambda b: b.execute_script(
        "return [...document.images].every(image => image.complete && image.naturalWidth > 0)"))
    assert len(find_all(browser, ".photos img")) == 4
    receipt = espresso.find_element("css selector", ".documents a")
    assert receipt.text == "Receipt: Receipt from Bean & Co"
    assert receipt.get_attribute("href").endswith("/document.pdf")
    assert Path(receipt.get_attribute("href").removeprefix("file://")).read_bytes().startswith(b"%PDF-")
    assert browser.execute_script("return document.scripts.length") == 0
    screenshot("backup-index")
    assert_accessible(browser, "backup index.html")


def test_the_home_page_says_when_the_last_verified_backup_was_made(workspace, browser, screenshot):
    server = Server("--backup-to", str(workspace / "backups"), "--backup-every", "24h", data=str(workspace / "data"))
    try:
        # The backup is finished, then verified, then recorded in the status file the page reads.
        recorded = workspace / "data" / "backup-status.json"
        deadline = time.monotonic() + 30
        while not (recorded.exists() and json.loads(recorded.read_text()).get("lastVerified")):
            assert time.monotonic() < deadline, "the scheduled backup was not made and verified"
            time.sleep(0.1)
        browser.get(server.url + "/")
        status = visible(browser, "#backup-status")
        assert re.fullmatch(r"Last verified backup: just now \(\w{3} \d{1,2}, \d{4}\)", status.text), status.text
        assert not find_all(browser, "#backup-notice")
        screenshot("backup-status")
    finally:
        server.stop()


def test_an_owner_sees_why_the_last_backup_failed(workspace, browser, screenshot):
    (workspace / "not-a-folder").write_text("x")
    server = Server("--backup-to", str(workspace / "not-a-folder" / "backups"), data=str(workspace / "data"))
    try:
        deadline = time.monotonic() + 30
        while not (workspace / "data" / "backup-status.json").exists():
            assert time.monotonic() < deadline, "the scheduled backup was not tried"
            time.sleep(0.1)
        browser.get(server.url + "/")
        notice = visible(browser, "#backup-notice")
        assert "The last backup failed" in notice.text
        assert "Not a directory" in notice.text
        screenshot("backup-failed")
    finally:
        server.stop()


# ---------- Off site: restic to a local S3 endpoint ----------

def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def s3():
    """moto's S3 server on a free port, with a bucket, and the environment restic reads."""
    moto = Path(sys.executable).parent / "moto_server"
    if not moto.exists():
        pytest.fail("moto_server is missing: pip install -r Tests/e2e/requirements.txt")
    port = free_port()
    process = subprocess.Popen([str(moto), "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(endpoint + "/", timeout=1)
            break
        except urllib.error.HTTPError:
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            assert time.monotonic() < deadline, "moto_server did not start"
            time.sleep(0.2)
    secret = tempfile.NamedTemporaryFile("w", prefix="homepwner-restic-", delete=False)
    secret.write("correct horse battery staple\n")
    secret.close()
    os.chmod(secret.name, 0o600)
    env = dict(os.environ, AWS_ACCESS_KEY_ID="AKIATESTINGHOMEPWNER", AWS_SECRET_ACCESS_KEY="s3cr3t-homepwner-key",
               AWS_DEFAULT_REGION="us-east-1", RESTIC_PASSWORD_FILE=secret.name)
    env.pop("RESTIC_REPOSITORY", None)
    env.pop("RESTIC_PASSWORD", None)
    import boto3
    boto3.client("s3", endpoint_url=endpoint, aws_access_key_id=env["AWS_ACCESS_KEY_ID"],
                 aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"], region_name="us-east-1").create_bucket(Bucket="homepwner-offsite")
    repository = f"s3:{endpoint}/homepwner-offsite/inventory"
    init = subprocess.run(["restic", "-r", repository, "init"], env=env, capture_output=True, text=True, timeout=120)
    assert init.returncode == 0, init.stderr
    yield {"endpoint": endpoint, "repository": repository, "env": env, "secrets": ["s3cr3t-homepwner-key", "correct horse battery staple"]}
    process.terminate()
    process.wait(timeout=10)
    os.unlink(secret.name)


def test_an_offsite_copy_goes_to_s3_through_restic_and_verify_checks_it(workspace, s3):
    server = Server(data=str(workspace / "data"))
    try:
        fill(server)
    finally:
        server.stop(keep_data=True)

    made = homepwner("backup", "--to", workspace / "backups", "--data", workspace / "data", "--offsite", "restic:" + s3["repository"],
                     env=s3["env"])
    assert made.returncode == 0, made.stderr
    snapshot = re.search(r"Off site: restic snapshot ([0-9a-f]{8})", made.stdout).group(1)
    backup = finished(workspace / "backups")[-1]
    assert (backup / "offsite.json").is_file()
    for secret in s3["secrets"]:
        assert secret not in made.stdout + made.stderr
        assert secret not in (workspace / "data" / "backup-status.json").read_text()
        assert secret not in (backup / "offsite.json").read_text()

    checked = homepwner("verify", backup, env=s3["env"])
    assert checked.returncode == 0, checked.stderr
    assert f"restic snapshot {snapshot}" in checked.stdout and "passes restic check" in checked.stdout
    listed = subprocess.run(["restic", "-r", s3["repository"], "snapshots", "--json"], env=s3["env"], capture_output=True, text=True)
    assert snapshot in listed.stdout

    # Without the password restic cannot open the repository: the command says so, and nothing secret.
    no_password = {key: value for key, value in s3["env"].items() if not key.startswith("RESTIC_PASSWORD")}
    refused = homepwner("verify", backup, env=no_password)
    assert refused.returncode == 1 and "RESTIC_PASSWORD_FILE" in refused.stderr

    # A snapshot that is gone is named as such.
    forget = subprocess.run(["restic", "-r", s3["repository"], "forget", "--prune", snapshot], env=s3["env"], capture_output=True, text=True)
    assert forget.returncode == 0, forget.stderr
    gone = homepwner("verify", backup, env=s3["env"])
    assert gone.returncode == 1 and snapshot in gone.stderr


def test_the_server_copies_its_scheduled_backups_off_site(workspace, s3):
    env = s3["env"]
    data = workspace / "data"
    server = harness.Server("--backup-to", workspace / "backups", "--backup-every", "24h", "--offsite", "restic:" + s3["repository"],
                            data=data, env=env, binary=BINARY)
    try:
        deadline = time.monotonic() + 60
        status = data / "backup-status.json"
        while not (status.exists() and "offsiteSnapshot" in status.read_text() or '"problem"' in (status.read_text() if status.exists() else "")):
            assert time.monotonic() < deadline, "the scheduled backup was not copied off site"
            time.sleep(0.2)
        assert '"problem"' not in status.read_text(), status.read_text()
        server.terminate()
        output = server.log_text()
    finally:
        server.stop()
    assert "Off site: restic snapshot" in output
    for secret in s3["secrets"]:
        assert secret not in output


def test_a_password_in_the_offsite_url_on_the_command_line_is_refused(workspace):
    """ps shows a process's command line to every user of the computer: a REST server's password goes
    in the environment (RESTIC_REST_PASSWORD) or the configuration file, never in --offsite's URL."""
    url = "restic:rest:https://homepwner:hunter2@backup.example.com:8000/inventory"
    for arguments in (["backup", "--to", workspace / "backups", "--data", workspace / "data", "--offsite", url],
                      ["serve", "--data", workspace / "data", "--port", "0", "--backup-to", workspace / "backups", "--offsite", url],
                      ["verify", workspace / "backups", "--offsite", url]):
        refused = homepwner(*arguments, timeout=30)
        assert refused.returncode == 2, (arguments[0], refused.stdout, refused.stderr)
        assert "RESTIC_REST_PASSWORD" in refused.stderr and "restic:rest:https://homepwner@backup.example.com" in refused.stderr
        assert "hunter2" not in refused.stderr + refused.stdout
    assert not (workspace / "data").exists() and not (workspace / "backups").exists(), "something ran before the refusal"

    # The same URL in the configuration file is on no command line: the server starts with it.
    config = workspace / "homepwner.conf"
    config.write_text(f"offsite = {url}\n")
    config.chmod(0o600)
    server = harness.Server("--backup-to", workspace / "backups", "--config", config, data=workspace / "data", binary=BINARY)
    try:
        server.terminate()
        output = server.log_text()
    finally:
        server.stop()
    assert "Homepwner is serving" in output, output
    assert "hunter2" not in output
