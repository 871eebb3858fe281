"""`homepwner serve` as the checks run it."""
import json
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from .fixtures import add_user
from .proc import cpu_seconds, resident_kib
from .paths import binary as existing_binary


class ServerDied(RuntimeError):
    """The server exited (or never became ready); the message ends with its log's last lines."""


class Server:
    """One `homepwner serve` on loopback, on a port of its own choosing, in the data folder `data`
    (default: a new one, removed by `stop()`). Ready once it has written its `--ready-file` (which it
    does when listening), never by reading its output. Its standard output and error go to `log`
    (default: a file beside the ready file), appended to on every start; `access_log=False` keeps
    `--quiet`, and `stdout=False` sends standard output to /dev/null (an access log written as in
    production, but not kept). `arguments` are more options for serve (`--library PATH`, …). `owner=True`
    adds the owner account (`fixtures.OWNER`, granted the demo library with `demo=True`) before the
    first start; `demo=True` serves `--demo` (the demo items and photo library)."""

    def __init__(self, *arguments, data=None, demo=False, owner=False, access_log=False, stdout=True, log=None,
                 binary=None, env=None, host="127.0.0.1", port=0, start=True, ready_within=60):
        self.binary = existing_binary(binary)
        self.arguments = [*arguments, *(["--demo"] if demo else [])]
        self.access_log, self.keep_stdout, self.env, self.host, self.requested_port = access_log, stdout, env, host, port
        self.ready_within = ready_within
        self.work = Path(tempfile.mkdtemp(prefix="homepwner-harness-"))
        self.made_data = data is None
        # Made for its owner only, as the app keeps it (else every start warns about it).
        self.data = Path(data) if data is not None else Path(tempfile.mkdtemp(prefix="homepwner-data-"))
        self.ready_file = self.work / "ready.json"
        self.log_path = Path(log) if log is not None else self.work / "server.log"
        self.process = None
        self.url = self.port = self.pid = None
        if owner:
            # The demo library (DataFolder.demoLibrary) is written by --demo as the server starts.
            add_user(self.data, library=[self.data / "Demo Library"] if demo else [], binary=self.binary)
        if start:
            self.start()

    def command(self):
        return [str(self.binary), "serve", "--data", str(self.data), "--host", self.host, "--port", str(self.requested_port),
                "--ready-file", str(self.ready_file), *([] if self.access_log else ["--quiet"]), *map(str, self.arguments)]

    def start(self):
        """Starts the server and waits until it serves; returns the seconds from exec to ready."""
        if self.running():
            raise RuntimeError("the server is already running")
        self.ready_file.unlink(missing_ok=True)
        with open(self.log_path, "ab") as log:
            log.write(f"--- homepwner serve, started at {time.time():.3f}\n".encode())
            self.log_offset = log.tell()
            began = time.monotonic()
            self.process = subprocess.Popen(self.command(), stdout=log if self.keep_stdout else subprocess.DEVNULL,
                                            stderr=log, env=self.env, start_new_session=True)
        self.pid = self.process.pid
        while not self.ready_file.exists():
            if self.process.poll() is not None:
                raise ServerDied(f"the server exited with {self.process.returncode} before it was ready:\n{self.log_tail()}")
            if time.monotonic() - began > self.ready_within:
                self.kill()
                raise ServerDied(f"the server was not ready within {self.ready_within} s:\n{self.log_tail()}")
            time.sleep(0.002)
        took = time.monotonic() - began
        ready = json.loads(self.ready_file.read_text())
        self.url, self.port = ready["url"], ready["port"]
        return took

    def running(self):
        return self.process is not None and self.process.poll() is None

    def log_text(self, since_start=True):
        """What the server wrote (standard output and error), since its last start or in all."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self.log_offset if since_start and self.process else 0)
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def log_tail(self, characters=3000):
        return self.log_text()[-characters:]

    def wait_for_output(self, pattern, within=30):
        """The first match of `pattern` (a regular expression) in what the server printed since it
        started, waiting for it to be printed."""
        deadline = time.monotonic() + within
        while True:
            match = re.search(pattern, self.log_text())
            if match:
                return match
            if time.monotonic() > deadline or not self.running():
                raise ServerDied(f"the server did not print {pattern!r}:\n{self.log_tail()}")
            time.sleep(0.01)

    def rss(self):
        """Resident memory now (KiB), or None once it has stopped."""
        return resident_kib(self.pid)

    def peak_rss(self):
        """The most resident memory it has had (VmHWM, KiB), or None once it has stopped."""
        return resident_kib(self.pid, "VmHWM")

    def cpu_seconds(self):
        return cpu_seconds(self.pid)

    def terminate(self, within=20):
        """SIGTERM (a graceful stop), then SIGKILL if it has not stopped within `within` seconds;
        returns the exit status. The data folder stays."""
        if self.running():
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=within)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.process.returncode if self.process else None

    def kill(self):
        """kill -9, as a crash or a power cut would stop it; the data folder stays."""
        if self.running():
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def restart(self):
        """Stops it (SIGTERM) if it runs, then starts it again on the same data folder and options;
        returns the seconds to ready."""
        self.terminate()
        return self.start()

    def stop(self, keep_data=None):
        """Stops it (SIGTERM) and removes what it was given to work in: its data folder if this made
        it (or `keep_data=False`), and its ready file and log unless the log was named."""
        self.terminate()
        if keep_data is None:
            keep_data = not self.made_data
        if not keep_data:
            shutil.rmtree(self.data, ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)

    def wait_for_library(self, client, within=120):
        """The library's status once its first scan has found photos (the demo library, say)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            status, _ = client.json("GET", "/api/v1/library/status")
            if status["state"] == "ready" and status.get("total", 0) > 0:
                return status
            time.sleep(0.5)
        raise RuntimeError(f"the library was not scanned within {within} s")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()
