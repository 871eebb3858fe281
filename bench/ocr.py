#!/usr/bin/env python3
"""OCR benchmark (`PARTS=ocr make bench`; about 5 minutes on 2 cores): what TextReading reads from
rating plates and receipts, and how fast, side by side with the `tesseract` command.

  * accuracy, from ../shared/testdata/capture when it is there (the SROIE receipts are never copied
    into the repository): plates — serial, model and brand right / wrong / missing against truth.json,
    from the print alone (tesseract) and from the codes and the print together (PlateReader);
    receipts — date and total (and shop) right / wrong / missing; the tesseract test page upright and
    turned 90°/180°/270°: the share of its words read. A wrong suggestion is counted apart from a
    missing one: it is worse than none.
  * speed: one recognition of a plate photo and of a receipt by TextReading
    (`homepwner-read-text recognise`) against `tesseract FILE - --psm N --oem 1 -l eng --dpi 300` on
    the same prepared grey pixels (`homepwner-read-text prepare`: upright, grey, scaled), each a fresh
    process (start-up and the English model's load included on both sides), alternately, ROUNDS
    times: median seconds, the ratio (goal ≤ 1.1×) and each one's peak memory (ru_maxrss).

  bench/ocr.py [accuracy|plates|receipts|speed|all]   OCR_BIN=.build/release/homepwner-read-text  CORPUS=../shared/testdata/capture
  OCR_ROUNDS=5
"""
import difflib, json, os, re, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
BIN = os.environ.get("OCR_BIN", os.path.join(root, ".build/release/homepwner-read-text"))
CORPUS = os.environ.get("CORPUS", os.path.join(root, "..", "shared", "testdata", "capture"))
ROUNDS = int(os.environ.get("OCR_ROUNDS", "5"))
OWN = os.path.join(root, "Tests/Fixtures/public/capture/receipts")


def read(kind, files, env=None):
    out = subprocess.run([BIN, kind, *files], check=True, capture_output=True, text=True, env={**os.environ, **(env or {})}).stdout
    return {os.path.basename(f): json.loads(line) for f, line in zip(files, out.splitlines())}


def collapse(text):
    return re.sub(r"\s+", " ", text or "").strip().upper()


def tally(name, rows):
    right = sum(1 for r in rows if r == "right")
    wrong = sum(1 for r in rows if r == "wrong")
    missing = sum(1 for r in rows if r == "missing")
    share = 100 * right / len(rows) if rows else 0
    print(f"  {name:8} right {right:3}/{len(rows)} ({share:5.1f} %)   wrong {wrong:3}   missing {missing:3}")
    return share


def judge(suggested, truth, same=lambda a, b: collapse(a) == collapse(b)):
    if suggested is None:
        return "missing"
    return "right" if same(suggested, truth) else "wrong"


def accuracy(sets=("plates", "receipts")):
    results = {}
    plates = os.path.join(CORPUS, "plates")
    if "plates" in sets and os.path.isdir(plates):
        truth = json.load(open(os.path.join(plates, "truth.json")))["files"]
        files = sorted(os.path.join(plates, f) for f in truth)
        # The print alone (tesseract), then the codes and the print together (PlateReader), as the app reads a plate.
        for title, env, key in (("the print alone", {"PRINT_ONLY": "1"}, "plates_print_serial"), ("codes and print", {}, "plates_serial")):
            started = time.monotonic()
            read_ = read("plate", files, env)
            seconds = time.monotonic() - started
            print(f"plates, {title} ({len(files)} photos, {seconds / len(files):.2f} s each):")
            rows = {"serial": [], "model": [], "brand": []}
            from_codes = 0
            for name, expected in truth.items():
                got = {s["field"]: s["value"] for s in read_[name]["suggestions"]}
                readers = {s["field"]: s["reader"] for s in read_[name]["suggestions"]}
                rows["serial"].append(judge(got.get("serialNumber"), expected["serial"]))
                rows["model"].append(judge(got.get("model"), expected["model"]))
                rows["brand"].append(judge(got.get("brand"), expected["brand"]))
                from_codes += "zxing" in readers.get("serialNumber", "")
                if os.environ.get("VERBOSE"):
                    print("   ", name, expected["difficulty"], rows["serial"][-1], got.get("serialNumber"), expected["serial"], "|", got.get("model"), expected["model"], "|", got.get("brand"), expected["brand"])
            results[key] = tally("serial", rows["serial"])
            tally("model", rows["model"])
            tally("brand", rows["brand"])
            if not env:
                print(f"  (a code gave {from_codes} of the serials suggested, agreeing with the print or alone)")
    receipts = os.path.join(CORPUS, "receipts")
    if "receipts" not in sets:
        pass
    elif os.path.isdir(receipts):
        truth = json.load(open(os.path.join(receipts, "truth.json")))["files"]
        shops = {n: t for n, t in truth.items() if t["kind"] == "receipt"}
        files = sorted(os.path.join(receipts, f) for f in shops)
        started = time.monotonic()
        read_ = read("receipt", files)
        seconds = time.monotonic() - started
        print(f"receipts (SROIE, {len(files)} scans, {seconds / max(1, len(files)):.2f} s each):")
        rows = {"date": [], "total": [], "shop": []}
        for name, expected in shops.items():
            got = {s["field"]: s["value"] for s in read_[name]["suggestions"]}
            rows["date"].append(judge(got.get("purchaseDate"), expected["normalized"]["date_iso"]))
            rows["total"].append(judge(got.get("purchasePrice"), expected["normalized"]["total_amount"],
                                       lambda a, b: float(a) == float(b)))
            rows["shop"].append(judge(got.get("purchasedFrom"), expected["fields"]["company"]))
            if os.environ.get("VERBOSE"):
                print("   ", name, rows["date"][-1], got.get("purchaseDate"), expected["normalized"]["date_iso"], "|",
                      rows["total"][-1], got.get("purchasePrice"), expected["normalized"]["total_amount"])
        results["receipts_date"] = tally("date", rows["date"])
        results["receipts_total"] = tally("total", rows["total"])
        tally("shop", rows["shop"])
        pages = {n: t for n, t in truth.items() if t["kind"] == "document"}
        read_ = read("receipt", sorted(os.path.join(receipts, f) for f in pages))
        print("tesseract's test page, turned (share of its words read, in order):")
        for name, expected in sorted(pages.items()):
            want = expected["text"].split()
            got = " ".join(read_[name]["lines"]).split()
            share = difflib.SequenceMatcher(None, want, got).ratio()
            print(f"  {expected['orientation']:22} {100 * share:5.1f} %  ({read_[name]['seconds']:.1f} s)")
    else:
        print(f"no receipts at {receipts}: accuracy on SROIE not measured")
    return results


def run_measured(command):
    """Seconds and peak memory (KiB) of one process."""
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    if status != 0:
        sys.exit(f"bench/ocr: {' '.join(command)} failed ({status})")
    return seconds, usage.ru_maxrss


def speed(kind, photo, psm):
    with tempfile.TemporaryDirectory() as folder:
        pgm = os.path.join(folder, "prepared.pgm")
        subprocess.run([BIN, "prepare", kind, photo, pgm], check=True)
        with open(pgm, "rb") as f:
            size = f.readline() and f.readline().decode().strip()
        ours, theirs = [], []
        for _ in range(ROUNDS):
            ours.append(run_measured([BIN, "recognise", kind, pgm, "1"]))
            theirs.append(run_measured(["tesseract", pgm, "-", "--psm", str(psm), "--oem", "1", "-l", "eng", "--dpi", "300"]))
    ours_s, theirs_s = statistics.median(s for s, _ in ours), statistics.median(s for s, _ in theirs)
    print(f"  {kind:8} {os.path.basename(photo)} ({size.replace(' ', '×')} grey, --psm {psm}): TextReading {ours_s:.2f} s, "
          f"peak {max(m for _, m in ours) / 1024:.0f} MB; tesseract {theirs_s:.2f} s, peak {max(m for _, m in theirs) / 1024:.0f} MB; "
          f"ratio {ours_s / theirs_s:.2f}× (goal ≤ 1.1×)")


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    if not os.access(BIN, os.X_OK):
        sys.exit(f"bench/ocr: no reader at {BIN}; swift build -c release --product homepwner-read-text, or set OCR_BIN")
    if what in ("accuracy", "all"):
        accuracy()
    if what in ("plates", "receipts"):
        accuracy((what,))
    if what in ("speed", "all"):
        print(f"speed (median of {ROUNDS}, alternately, each a fresh process):")
        plate = os.path.join(CORPUS, "plates", "synthetic-plate-05.jpg")
        if not os.path.exists(plate):
            plate = os.path.join(OWN, "own-receipt-photo.png")
        receipt = os.path.join(CORPUS, "receipts", "sroie-029.jpg")
        if not os.path.exists(receipt):
            receipt = os.path.join(OWN, "own-receipt-scan.png")
        speed("plate", plate, 11)
        speed("receipt", receipt, 6)


if __name__ == "__main__":
    main()
