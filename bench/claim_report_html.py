#!/usr/bin/env python3
"""The claim report as a web page, for the "just print the web page" side of the benchmark.

    claim_report_html.py DOCUMENT.json OUT.html [--paper a4|letter]

DOCUMENT.json is a ClaimReportDocument encoded with JSONEncoder (the ClaimReport module's values are
Codable). OUT.html holds the same content as ClaimReportRenderer's PDF, laid out the same way: a cover
(title, facts, totals, what needs attention, the totals by room), the method (its lives and references),
the itemised schedule on landscape pages (its header repeated on each page, 7 pt), then a page or more
per item with its photos, receipts and evidence photos (two to a row), "Page N of M" and the footer text at the foot of every page (CSS @page margin boxes),
same fonts (Noto Sans), same sizes, same margins. Photos are the same files, by file:// URL.

A PDF receipt cannot be an <img>, so its first page is drawn with pdftoppm (1600 px on its long side,
as our renderer does) into OUT.html's folder, OUT.files/. Then time Chromium printing it:

    chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \\
        --print-to-pdf=OUT.pdf file:///abs/path/OUT.html

Chromium's --print-to-pdf hands the PDF back as one base64 string inside V8: past about 400 MB of
PDF (some 450 items with three 300-KB photos each) its renderer dies ("V8 error: Empty MaybeLocal")
and no file is written, whatever the exit status says. Measure it on fewer items (250 print).

Standard library only.
"""

import argparse
import html
import json
import os
import subprocess
import sys
from pathlib import Path

PAPER = {"a4": "A4", "letter": "letter"}

# The same sizes as the renderer's TextStyle and PageGeometry (points).
CSS = """
@page {
  size: %(paper)s portrait;
  margin: 42pt 40pt 54pt 40pt;
  @bottom-left { content: "%(footer)s"; font: 7.5pt "Noto Sans"; color: #666; vertical-align: top; padding-top: 17pt; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 7.5pt "Noto Sans"; color: #666; vertical-align: top; padding-top: 17pt; }
}
* { box-sizing: border-box; }
html { font-family: "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans CJK SC", sans-serif;
       font-size: 9.5pt; color: #1a1a1a; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; }
@page wide { size: %(paper)s landscape; }
section { break-before: page; }
section.wide { page: wide; }
section:first-child { break-before: auto; }
h1 { font-size: 22pt; margin: 0; }
.subtitle { font-size: 12pt; color: #595959; margin: 4pt 0 0; padding-bottom: 8pt; border-bottom: 1.2pt solid #333; }
h2 { font-size: 14pt; margin: 18pt 0 4pt; padding-bottom: 3pt; border-bottom: 0.5pt solid #999; break-after: avoid; }
section > h2:first-child { margin-top: 0; }
h2.item { font-size: 16pt; margin-top: 0; }
h3 { font-size: 10.5pt; color: #404040; margin: 12pt 0 2pt; break-after: avoid; }
dl { display: grid; grid-template-columns: 34%% 66%%; margin: 4pt 0 0; }
dt { font-size: 9pt; color: #666; padding: 2pt 10pt 2pt 0; }
dd { margin: 0; padding: 2pt 0; }
dl.totals dd { font-weight: bold; }
p { margin: 6pt 0 0; }
table { width: 100%%; border-collapse: collapse; margin-top: 6pt; table-layout: auto; }
thead { display: table-header-group; }
th, td { padding: 2.5pt 3pt; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
th { font-weight: bold; border-bottom: 0.8pt solid #404040; }
tr { break-inside: avoid; }
tbody tr:nth-child(even) td { background: #f2f2f2; }
tr.total td { font-weight: bold; border-top: 0.8pt solid #404040; background: none; }
.trailing { text-align: right; }
td.whole { white-space: nowrap; }
p.note { font-size: 8.5pt; color: #595959; margin-top: 4pt; }
table.rooms { font-size: 8.5pt; }
table.schedule { font-size: 7pt; }
.grid { display: grid; gap: 8pt 10pt; margin-top: 8pt; }
.grid.photos { grid-template-columns: 1fr 1fr; }
.grid.evidence { grid-template-columns: 1fr 1fr; }
figure { margin: 0; break-inside: avoid; }
figure img { display: block; width: 100%%; aspect-ratio: 4 / 3; object-fit: contain; }
figcaption { font-size: 7.5pt; color: #4d4d4d; margin-top: 4pt; }
figure.receipt { margin-top: 10pt; }
figure.receipt img { aspect-ratio: auto; height: %(receipt_height)spt; border: 0.5pt solid #999; }
"""


def text(value):
    return html.escape(value, quote=True)


def facts(items, css_class=""):
    rows = "".join(f"<dt>{text(f['label'])}</dt><dd>{text(f['value'])}</dd>" for f in items)
    return f'<dl class="{css_class}">{rows}</dl>'


def table(data, css_class):
    columns = data["columns"]
    align = ["trailing whole" if c["alignment"] == "trailing" else "whole" if c.get("keepsWhole") else "" for c in columns]
    total = sum(c["weight"] for c in columns)
    cols = "".join(f'<col style="width:{100 * c["weight"] / total:.2f}%">' for c in columns)
    head = "".join(f'<th class="{a}">{text(c["title"])}</th>' for c, a in zip(columns, align))

    def row(cells, css=""):
        return f'<tr class="{css}">' + "".join(f'<td class="{a}">{text(v)}</td>' for v, a in zip(cells, align)) + "</tr>"

    body = "".join(row(r) for r in data["rows"])
    if data.get("footer"):
        body += row(data["footer"], "total")
    notes = "".join(f'<p class="note">{text(n)}</p>' for n in data.get("notes", []))
    return f'<table class="{css_class}"><colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}'


def file_url(path):
    return Path(os.path.abspath(path)).as_uri()


def figures(images, css_class):
    cells = "".join(
        f'<figure><img src="{text(file_url(i["path"]))}" alt=""><figcaption>{text(i["caption"])}</figcaption></figure>'
        for i in images
    )
    return f'<div class="grid {css_class}">{cells}</div>'


def receipt_image(path, files_dir, index):
    """An image as it is; a PDF's first page drawn to 1600 px with pdftoppm."""
    with open(path, "rb") as f:
        head = f.read(1029)
    if b"%PDF-" not in head:
        return path
    files_dir.mkdir(exist_ok=True)
    out = files_dir / f"receipt-{index}"
    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-singlefile", "-png", "-scale-to", "1600", path, str(out)],
                   check=False, stderr=subprocess.DEVNULL, timeout=30)
    return str(out) + ".png"


def item_section(item, files_dir, counter):
    parts = [f'<h2 class="item">{text(item["title"])}</h2>', facts(item["facts"])]
    if item["photos"]:
        parts += ["<h3>Photos</h3>", figures(item["photos"], "photos")]
    if item["receipts"]:
        parts.append("<h3>Receipts</h3>")
        for receipt in item["receipts"]:
            counter[0] += 1
            src = receipt_image(receipt["path"], files_dir, counter[0])
            parts.append(f'<figure class="receipt"><img src="{text(file_url(src))}" alt=""><figcaption>{text(receipt["caption"])}</figcaption></figure>')
    if item["evidence"]:
        parts += ["<h3>Evidence from before the loss</h3>", figures(item["evidence"], "evidence")]
    return "<section>" + "".join(parts) + "</section>"


def page(document, paper, files_dir):
    height = {"a4": 842, "letter": 792}[paper]
    css = CSS % {
        "paper": PAPER[paper],
        "footer": document["footerText"].replace("\\", "\\\\").replace('"', '\\"'),
        "receipt_height": round((height - 42 - 54) * 0.7),
    }
    cover = [f"<h1>{text(document['title'])}</h1>", f'<p class="subtitle">{text(document["subtitle"])}</p>', facts(document["facts"])]
    if document["totals"]:
        cover += ["<h2>Totals</h2>", facts(document["totals"], "totals")]
    if document.get("inThisClaim"):
        cover += ["<h3>In this claim</h3>"] + [f"<p>{text(p)}</p>" for p in document["inThisClaim"]]
    cover += [f'<h2>Totals by room</h2>{table(document["roomTotals"], "rooms")}']
    method = ["<h2>How the figures were worked out</h2>"] + [f"<p>{text(p)}</p>" for p in document["method"]]
    if document.get("usefulLives"):
        method += ["<h3>Useful lives in this claim</h3>", table(document["usefulLives"], "rooms")]
    if document.get("references"):
        method += ["<h3>References</h3>"] + [f"<p>[{n}] {text(r['publisher'])}, “{text(r['title'])}”.<br>{text(r['address'])}</p>"
                                             for n, r in enumerate(document["references"], 1)]
    counter = [0]
    sections = [
        "<section>" + "".join(cover) + "</section>",
        "<section>" + "".join(method) + "</section>",
        f'<section class="wide"><h2>Itemised schedule</h2>{table(document["schedule"], "schedule")}</section>',
    ] + [item_section(item, files_dir, counter) for item in document["items"]]
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{text(document["title"])}</title>'
            f"<style>{css}</style></head><body>{''.join(sections)}</body></html>")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("document")
    parser.add_argument("out")
    parser.add_argument("--paper", choices=sorted(PAPER), default="a4")
    args = parser.parse_args()
    with open(args.document, encoding="utf-8") as f:
        document = json.load(f)
    out = Path(args.out)
    markup = page(document, args.paper, out.parent / (out.name + ".files"))
    out.write_text(markup, encoding="utf-8")
    print(f"{out}: {len(document['items'])} items, {len(markup)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
