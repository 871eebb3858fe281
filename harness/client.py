"""HTTP/1.1 to a Homepwner server as a browser or an API client would speak it."""
import http.client
import json
import re
import time
import urllib.parse

from .fixtures import OWNER, PASSWORD


class Client:
    """One keep-alive connection to the server on `port` from `source` (a loopback address: the
    server counts connections per address), reopened when the server closes it. Signed in
    (`sign_in`), it is a browser: it sends the session cookie and, on a change, the CSRF token;
    with `token` set (`make_api_token`), an API client."""

    def __init__(self, port, source="127.0.0.1", timeout=30):
        if isinstance(port, str):  # a URL, as a Server's
            port = urllib.parse.urlsplit(port).port
        self.port, self.source, self.timeout = port, source, timeout
        self.connection = None
        self.last_used = time.monotonic()
        self.cookies = {}
        self.csrf = None
        self.token = None

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

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
        """(the answer's JSON or None, its headers); raises RuntimeError on a 4xx or 5xx."""
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

    def form(self, path, fields):
        """Posts a form as a browser does (with the CSRF token); (status, headers, body)."""
        return self.request("POST", path, body=urllib.parse.urlencode({**fields, "csrf": self.csrf}).encode(), browser=True,
                            headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                                     "Origin": self.origin})

    def sign_in(self, name=OWNER, password=PASSWORD):
        """Signs in through the form, as a browser does; then knows the session's CSRF token."""
        page = self.page("/signin")
        token = re.search(r'name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"', page)
        self.csrf = next(g for g in token.groups() if g)
        status, _, payload = self.form("/signin", {"name": name, "password": password, "remember": "1"})
        if status not in (302, 303):
            raise RuntimeError(f"sign-in answered {status}: {payload[:300]!r}")
        self.csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', self.page("/")).group(1)

    def make_api_token(self):
        """A new API token from the account page (signed in)."""
        status, _, payload = self.form("/account/tokens", {"name": f"load {time.time()}"})
        text = payload.decode()
        if status in (302, 303):
            text = self.page("/account")
        match = re.search(r"hp_[A-Za-z0-9_\-]+", text)
        if not match:
            raise RuntimeError(f"no API token on the account page ({status})")
        return match.group(0)
