#!/usr/bin/env python3
"""Small HTTP and socket helpers for bench/run.sh. Standard library only.

    probe.py get URL OUTFILE        save the body; print "STATUS BYTES"
    probe.py stylesheet URL         print the href of the page's <link rel="stylesheet">
    probe.py count URL              print how many elements the JSON array at URL has
    probe.py free-port              print a TCP port on 127.0.0.1 that is free right now
    probe.py wait URL SECONDS       wait until URL answers at all; exit 1 if it never does
"""

import html.parser
import json
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def fetch(url, timeout=60):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "identity"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class StylesheetFinder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.href = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        rel = (attributes.get("rel") or "").lower().split()
        if tag == "link" and "stylesheet" in rel and self.href is None:
            self.href = attributes.get("href")


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, arguments = argv[1], argv[2:]
    if command == "get":
        url, path = arguments
        status, body = fetch(url)
        with open(path, "wb") as out:
            out.write(body)
        print(status, len(body))
        return 0
    if command == "stylesheet":
        (url,) = arguments
        status, body = fetch(url)
        finder = StylesheetFinder()
        finder.feed(body.decode("utf-8", "replace"))
        if status != 200 or not finder.href:
            print(f"no <link rel=stylesheet> in {url} (HTTP {status})", file=sys.stderr)
            return 1
        print(urllib.parse.urljoin(url, finder.href))
        return 0
    if command == "count":
        (url,) = arguments
        status, body = fetch(url)
        data = json.loads(body)
        if status != 200 or not isinstance(data, list):
            print(f"{url} did not answer a JSON array (HTTP {status})", file=sys.stderr)
            return 1
        print(len(data))
        return 0
    if command == "free-port":
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", 0))
            print(sock.getsockname()[1])
        return 0
    if command == "wait":
        url, seconds = arguments[0], float(arguments[1])
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                fetch(url, timeout=2)
                return 0
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        return 1
    print(f"unknown command {command!r}\n\n{__doc__.strip()}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
