"""kill -9 at random moments, 20 rounds: `homepwner backup` in the even rounds, `homepwner serve`
making its scheduled backup in the odd ones. Every backup reported finished restores to the same rows
and files, an interrupted one is never taken for a finished one, and the live data folder is never
harmed. About a minute; BACKUP_KILL_ROUNDS sets the rounds, BACKUP_KILL_SEED the random moments."""
import json
import os
import random
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from backup_helpers import files, fill, finished, homepwner, integrity, rows
import harness
from conftest import BINARY, Server

ROUNDS = int(os.environ.get("BACKUP_KILL_ROUNDS", "20"))
PASSWORD = "password123"


def test_backups_killed_at_random_moments_never_pass_for_finished_ones():
    seed = int(os.environ.get("BACKUP_KILL_SEED", str(int(time.time()))))
    chance = random.Random(seed)
    print(f"BACKUP_KILL_SEED={seed}")
    root = Path(tempfile.mkdtemp(prefix="homepwner-e2e-kill-"))
    data, backups = root / "data", root / "backups"
    try:
        server = Server(data=str(data))
        try:
            fill(server, extra_items=40)
        finally:
            server.stop(keep_data=True)
        # An owner account, so a starting server writes no setup link: its data must not change at all.
        harness.add_user(data, "olivia", PASSWORD, binary=BINARY)
        live_rows, live_files = rows(data / "homepwner.sqlite"), files(data)
        status = data / "backup-status.json"

        started = time.monotonic()
        timing = homepwner("backup", "--to", root / "timing", "--data", data)
        assert timing.returncode == 0, timing.stderr
        span = time.monotonic() - started
        shutil.rmtree(root / "timing")
        status.unlink()

        reported, caught = [], 0
        for round in range(ROUNDS):
            # Spread over the whole run, start to end and a little after: a random moment in each slice.
            delay = span * 1.2 * (round // 2 + chance.random()) / ((ROUNDS + 1) // 2)
            # The last round of each kind is killed only after its backup finished: a busy machine can make
            # every backup slower than the timing run, and then no random moment would come after the end.
            late = round >= ROUNDS - 2
            if round % 2 == 0:
                process = subprocess.Popen([str(BINARY), "backup", "--to", str(backups), "--data", str(data)],
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                if late:
                    process.wait(timeout=300)
                else:
                    time.sleep(delay)
                process.send_signal(signal.SIGKILL)
                output, _ = process.communicate()
                if process.returncode == 0:
                    reported.append(re.search(r"^Backed up .* to (\S+) in ", output, re.M).group(1))
            else:
                # No backup on record: the schedule makes one as soon as the server is up.
                status.unlink(missing_ok=True)
                server = harness.Server("--backup-to", backups, "--backup-every", "24h", data=data, binary=BINARY)
                if late:
                    deadline = time.monotonic() + 300
                    while time.monotonic() < deadline and not (
                            status.exists() and json.loads(status.read_text() or "{}").get("lastVerified")):
                        time.sleep(0.1)
                else:
                    time.sleep(delay)
                server.kill()
                server.stop()
                if status.exists():
                    success = json.loads(status.read_text()).get("lastVerified")
                    if success:
                        reported.append(success["backup"])
            # Killed in the middle: what it left is never taken for a backup.
            for folder in backups.glob(".incomplete-*"):
                caught += 1
                refused = homepwner("restore", folder, "--data", root / "never")
                assert refused.returncode != 0 and "interrupted" in refused.stderr
                assert homepwner("verify", folder).returncode != 0
                newest = homepwner("verify", backups)
                assert ".incomplete" not in newest.stdout + newest.stderr
            assert not (root / "never").exists()
            # The live data folder is never harmed.
            assert integrity(data / "homepwner.sqlite") == "ok", f"round {round} (seed {seed})"
            assert rows(data / "homepwner.sqlite") == live_rows, f"round {round} (seed {seed}) changed the live rows"
            assert files(data) == live_files, f"round {round} (seed {seed}) changed the live files"

        done = finished(backups)
        print(f"seed {seed}: {len(reported)} reported finished, {len(done)} finished, {caught} killed half-way")
        assert reported, f"no round finished a backup (seed {seed}); the kills came too early"
        assert caught, f"no round was killed half-way through a backup (seed {seed})"
        assert set(reported) <= {str(path) for path in done}, "a backup reported finished is missing"
        for backup in done:
            checked = homepwner("verify", backup)
            assert checked.returncode == 0, f"{backup.name}: {checked.stderr}"
            target = root / f"restored-{backup.name}"
            restored = homepwner("restore", backup, "--data", target)
            assert restored.returncode == 0, f"{backup.name}: {restored.stderr}"
            assert rows(target / "homepwner.sqlite") == live_rows, f"{backup.name} restores other rows"
            assert files(target) == live_files, f"{backup.name} restores other files"
            shutil.rmtree(target)
        # The next backup clears what interrupted ones left.
        assert homepwner("backup", "--to", backups, "--data", data).returncode == 0
        assert not list(backups.glob(".incomplete-*"))
    finally:
        shutil.rmtree(root, ignore_errors=True)
