"""What the load parts (soak.py, slow_clients.py) share: a release server in a data folder of its own,
with an owner account, signed in as a browser would be and holding an API token; plain HTTP/1.1 on
keep-alive connections from a chosen loopback address; the server's resident memory from /proc.
Standard library only."""
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINARY = Path(os.environ.get("BIN") or ROOT / ".build" / "release" / "homepwner")
RESULTS = Path(os.environ.get("RELIABILITY_RESULTS") or ROOT / "reliability" / "out")
OWNER, PASSWORD = "soak", "a long soak password 42"
FIXTURE_PHOTOS = [ROOT / "Tests" / "Fixtures" / name for name in ("photo-1.jpg", "photo-2.jpg", "portrait.jpg")]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def resident_kib(pid):
    """The process's VmRSS (KiB), or None once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_seconds(pid):
    """User + system CPU time the process has used, or None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_files(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def folder_bytes(path):
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return total


class Client:
    """One keep-alive connection from `source` (a loopback address), reopened when the server closes
    it; `cookie`/`csrf` make it a signed-in browser, `token` an API client."""

    def __init__(self, port, source="127.0.0.1", timeout=30):
        self.port, self.source, self.timeout = port, source, timeout
        self.connection = None
        self.last_used = time.monotonic()
        self.cookies = {}
        self.csrf = None
        self.token = None

    def _connection(self):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout,
                                                         source_address=(self.source, 0))
        return self.connection

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def request(self, method, path, body=None, headers=None, browser=None):
        """(status, headers, body). A browser request carries the session cookie (and the CSRF
        token on a change); otherwise the API token, if any."""
        headers = dict(headers or {})
        headers.setdefault("Host", f"127.0.0.1:{self.port}")
        if browser or (browser is None and self.token is None):
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
            if method not in ("GET", "HEAD") and self.csrf:
                headers["X-CSRF-Token"] = self.csrf
        elif self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        # A connection left idle past the server's head timeout (15 s) has been closed by it, which
        # the client learns only on its next request; like a browser, that one is sent again on a
        # new connection. (The soak's connections are never idle: there, every failure counts.)
        reused_after_idle = self.connection is not None and time.monotonic() - self.last_used > 10
        for attempt in (1, 2):
            connection = self._connection()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                payload = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 2 or not reused_after_idle:
                    raise
            except BaseException:
                self.close()
                raise
        self.last_used = time.monotonic()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, response.headers, payload

    def json(self, method, path, value=None, browser=False):
        import json
        body = None if value is None else json.dumps(value).encode()
        status, headers, payload = self.request(method, path, body=body, browser=browser,
                                                headers={"Accept": "application/json", "Content-Type": "application/json"})
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {payload[:300]!r}")
        return json.loads(payload) if payload else None, headers

    def page(self, path):
        status, _, payload = self.request("GET", path, headers={"Accept": "text/html"}, browser=True)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {payload[:300]!r}")
        return payload.decode()

    def sign_in(self):
        """Signs in through the form, as a browser does; then knows the session's CSRF token."""
        form = self.page("/signin")
        token = re.search(r'name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"', form)
        fields = {"name": OWNER, "password": PASSWORD, "remember": "1", "csrf": next(g for g in token.groups() if g)}
        status, _, payload = self.request("POST", "/signin", body=urllib.parse.urlencode(fields).encode(), browser=True,
                                          headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                                   "Origin": f"http://127.0.0.1:{self.port}"})
        if status not in (302, 303):
            raise RuntimeError(f"sign-in answered {status}: {payload[:300]!r}")
        self.csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', self.page("/")).group(1)

    def make_api_token(self):
        """A new API token from the account page (signed in)."""
        status, _, payload = self.request("POST", "/account/tokens", browser=True,
                                          body=urllib.parse.urlencode({"name": f"load {time.time()}", "csrf": self.csrf}).encode(),
                                          headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                                   "Origin": f"http://127.0.0.1:{self.port}"})
        text = payload.decode()
        if status in (302, 303):
            text = self.page("/account")
        match = re.search(r"hp_[A-Za-z0-9_\-]+", text)
        if not match:
            raise RuntimeError(f"no API token on the account page ({status})")
        return match.group(0)


class Server:
    """`homepwner serve` on a free port, in a fresh data folder with an owner account (`--demo`
    adds the demo items and photo library). The access log goes to /dev/null: it is written as in
    production, but 10 minutes of it would fill the results folder."""

    def __init__(self, *extra, demo=True, log_name="server"):
        if not BINARY.exists():
            raise SystemExit(f"{BINARY} is missing: build it with `swift build -c release --product homepwner --static-swift-stdlib`.")
        self.data = tempfile.mkdtemp(prefix="homepwner-load-")
        # The owner is granted the demo library (DataFolder.demoLibrary), which --demo writes.
        subprocess.run([str(BINARY), "user", "add", OWNER, "--role", "owner", "--data", self.data,
                        *(["--library", os.path.join(self.data, "Demo Library")] if demo else [])],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True, timeout=60)
        self.port = free_port()
        RESULTS.mkdir(parents=True, exist_ok=True)
        self.log = open(RESULTS / f"{log_name}.stderr.log", "w")
        arguments = [str(BINARY), "serve", "--data", self.data, "--port", str(self.port), *(["--demo"] if demo else []), *extra]
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True)
        self.pid = self.process.pid
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}; see {self.log.name}")
            try:
                status, _, _ = Client(self.port, timeout=2).request("GET", "/healthz")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not answer /healthz within 30 s")

    def rss(self):
        return resident_kib(self.pid)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)

    def wait_for_library(self, client, within=120):
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            status, _ = client.json("GET", "/api/v1/library/status")
            if status["state"] == "ready" and status.get("total", 0) > 0:
                return status
            time.sleep(0.5)
        raise RuntimeError("the demo library was not scanned in time")


def percentile(sorted_values, fraction):
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, int(round(fraction * (len(sorted_values) - 1)))))
    return sorted_values[index]
