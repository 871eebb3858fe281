"""Seeds and changes the inventory of the backup benchmark (bench/backup.sh) through the real API:
items, each with one photo of about 1 MB (the same pixels, made distinct by bytes after the JPEG's
end, so every photo is stored and backed up as a file of its own, renditions and all).

  backup.py seed URL COUNT PHOTO      COUNT items with a photo each (4 uploads at a time)
  backup.py change URL COUNT PHOTO    COUNT items get another photo and a new note
"""
import json
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor


def call(url, method, path, body, content_type):
    request = urllib.request.Request(url.rstrip("/") + path, data=body, method=method,
                                     headers={"Content-Type": content_type, "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=300) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


def seed(url, count, photo):
    base = open(photo, "rb").read()

    def one(number):
        item = call(url, "POST", "/api/v1/items", json.dumps({"name": f"Thing {number}", "serialNumber": f"SN-{number:05d}",
                                                              "valueInDollars": 10 + number % 990}).encode(), "application/json")
        call(url, "POST", f"/api/v1/items/{item['id']}/photos", base + b"BENCH-%d" % number, "image/jpeg")

    with ThreadPoolExecutor(4) as pool:
        for done, _ in enumerate(pool.map(one, range(count)), start=1):
            if done % 250 == 0:
                print(f"  {done} of {count} items with a photo", file=sys.stderr)


def change(url, count, photo):
    base = open(photo, "rb").read()
    items = call(url, "GET", "/api/v1/items?limit=100", None, "application/json")
    items = items["items"] if isinstance(items, dict) else items
    for number, item in enumerate(items[:count]):
        call(url, "POST", f"/api/v1/items/{item['id']}/photos", base + b"CHANGED-%d" % number, "image/jpeg")
        call(url, "PATCH", f"/api/v1/items/{item['id']}", json.dumps({"notes": f"Changed {number}"}).encode(), "application/json")


if __name__ == "__main__":
    command, url, count, photo = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    {"seed": seed, "change": change}[command](url, count, photo)
