#!/usr/bin/env python3
"""A 300 MB walk-through over tus against one plain POST of the same file (issue 28): the time from the
first byte sent to the walk-through's answer, over one keep-alive connection each, alternately.

  * plain: POST /api/v1/locations/{id}/walkthroughs with the video as the body (spooled, probed,
    copied into the video store);
  * tus, one PATCH: POST /api/v1/uploads, one PATCH of the whole file (written into the upload's file
    as it arrives), then the hand-off POST /api/v1/locations/{id}/walkthroughs {"uploadId"} (probed,
    copied into the video store);
  * tus, 8 MB chunks: the same with a PATCH per 8 MB, as a browser's outbox sends it.

The video is a real MP4 (ffmpeg's test pattern, 10 s of 640x360 H.264) padded to TUS_MB with a trailing
top-level `free` box, so its probe stays cheap and the bytes' way through the server is what is measured;
made once into bench/.cache/. Each upload's last bytes are made distinct (the store keeps a video once by
its SHA-256), and each walk-through is deleted again, untimed, once its frames are made. Throughput is
MB/s of the file; the ratio is tus / plain (goal >= 0.9x). Median of TUS_ROUNDS rounds.

Usage: BIN=.build/release/homepwner python3 bench/tus.py
Settings: TUS_MB=300  TUS_ROUNDS=3  TUS_CHUNK_MB=8
Uses ffmpeg and python3 (standard library); loopback only; stops the server it starts.
"""
import http.client
import json
import os
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import harness  # noqa: E402

SIZE = int(os.environ.get("TUS_MB", "300")) * 1_000_000
ROUNDS = int(os.environ.get("TUS_ROUNDS", "3"))
CHUNK = int(os.environ.get("TUS_CHUNK_MB", "8")) * 1_000_000
CACHE = ROOT / "bench" / ".cache"
TUS = {"Tus-Resumable": "1.0.0"}


def video():
    """The padded MP4, made once."""
    path = CACHE / f"tus-walk-{SIZE // 1_000_000}mb.mp4"
    if path.exists() and path.stat().st_size == SIZE:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    clip = CACHE / "tus-walk-clip.mp4"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=10:size=640x360:rate=30",
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", str(clip)], check=True)
    head = clip.read_bytes()
    padding = SIZE - len(head)
    with open(path, "wb") as out:
        out.write(head)
        # One top-level `free` box to the end: players and probes skip it whole.
        out.write(struct.pack(">I4s", padding, b"free"))
        block = b"\0" * (1 << 20)
        left = padding - 8
        while left > 0:
            out.write(block[:min(left, len(block))])
            left -= min(left, len(block))
    return path


class Connection:
    """One keep-alive connection to the server: every request of one way goes over it."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.host = f"127.0.0.1:{port}"

    def send(self, method, path, body=None, headers=None):
        self.connection.request(method, path, body=body, headers={"Host": self.host, **(headers or {})})
        response = self.connection.getresponse()
        payload = response.read()
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:300]!r}")
        return response, payload

    def close(self):
        self.connection.close()


def plain(connection, place, data):
    _, payload = connection.send("POST", f"/api/v1/locations/{place}/walkthroughs", data, {"Content-Type": "video/mp4"})
    return json.loads(payload)["id"]


def tus(connection, place, data, chunk):
    response, _ = connection.send("POST", "/api/v1/uploads", None, {**TUS, "Upload-Length": str(len(data)), "Content-Length": "0"})
    location = response.getheader("Location")
    view = memoryview(data)
    offset = 0
    while offset < len(data):
        end = min(len(data), offset + chunk)
        connection.send("PATCH", location, view[offset:end],
                        {**TUS, "Content-Type": "application/offset+octet-stream", "Upload-Offset": str(offset)})
        offset = end
    _, payload = connection.send("POST", f"/api/v1/locations/{place}/walkthroughs",
                                 json.dumps({"uploadId": location.rsplit("/", 1)[1]}).encode(), {"Content-Type": "application/json"})
    return json.loads(payload)["id"]


def settle_and_delete(connection, walkthrough):
    for _ in range(600):
        _, payload = connection.send("GET", f"/api/v1/walkthroughs/{walkthrough}")
        if json.loads(payload)["status"] != "processing":
            break
        time.sleep(0.1)
    connection.send("DELETE", f"/api/v1/walkthroughs/{walkthrough}")


def main():
    source = bytearray(video().read_bytes())
    server = harness.Server("--max-video-mb", str(SIZE // 1_000_000 + 50))
    ways = {"plain POST": lambda c, p, d: plain(c, p, d),
            "tus, one PATCH": lambda c, p, d: tus(c, p, d, len(d)),
            f"tus, {CHUNK // 1_000_000} MB chunks": lambda c, p, d: tus(c, p, d, CHUNK)}
    seconds = {name: [] for name in ways}
    try:
        setup = Connection(server.port)
        _, payload = setup.send("POST", "/api/v1/locations", json.dumps({"name": "Storage unit"}).encode(),
                                {"Content-Type": "application/json"})
        place = json.loads(payload)["id"]
        counter = 0
        for round_number in range(ROUNDS):
            for name, way in ways.items():
                counter += 1
                source[-8:] = struct.pack(">Q", counter)
                data = bytes(source)
                connection = Connection(server.port)
                began = time.monotonic()
                walkthrough = way(connection, place, data)
                seconds[name].append(time.monotonic() - began)
                settle_and_delete(connection, walkthrough)
                connection.close()
            print(f"  round {round_number + 1}: " + ", ".join(f"{name} {values[-1]:.2f} s" for name, values in seconds.items()), flush=True)
        peak = server.peak_rss()
    finally:
        server.stop()
    plain_median = statistics.median(seconds["plain POST"])
    print(f"tus ({SIZE / 1e6:.0f} MB walk-through, median of {ROUNDS}; peak server memory {peak / 1024:.0f} MiB):")
    for name, values in seconds.items():
        median = statistics.median(values)
        print(f"  {name:<20} {SIZE / 1e6 / median:7.0f} MB/s  ({median:.2f} s)  {plain_median / median:.2f}x plain")


if __name__ == "__main__":
    main()
