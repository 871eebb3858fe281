"""The claim's schedule as a spreadsheet at iPad and iPhone size: the claim page links the XLSX beside
the CSV, a tap downloads it, and the workbook read back with openpyxl holds the CSV's values to the
cent (the CSV read as Excel would, `utf-8-sig`), the totals on a sheet of their own with the sales
tax, and not one formula."""
import csv
import io
import subprocess
import time
import urllib.request
from decimal import Decimal

import openpyxl
from helpers import find, find_all, wait


def fetch(browser, url):
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    request = urllib.request.Request(url, headers={"Cookie": cookies} if cookies else {})
    with urllib.request.urlopen(request) as response:
        return response.read()


def downloaded(folder, suffix):
    """The file the browser finished saving into `folder`."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        done = [path for path in folder.iterdir() if path.name.endswith(suffix)]
        if done and not any(path.name.endswith(".crdownload") for path in folder.iterdir()):
            return done[0]
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} was downloaded into {folder}: {list(folder.iterdir())}")


def test_the_claim_page_links_the_xlsx_and_it_holds_the_csvs_values(server, browser, screenshot, tmp_path):
    home = server.api("POST", "/api/v1/locations", {"name": "Home"})
    kitchen = server.api("POST", "/api/v1/locations", {"name": "Kitchen", "parentId": home["id"]})
    knife = server.api("POST", "/api/v1/items", {"name": "Wüsthof chef’s knife", "brand": "Wüsthof", "locationId": kitchen["id"],
                                                 "purchaseDate": "2019-09-14", "replacementCost": "169.95", "condition": "good"})
    plates = server.api("POST", "/api/v1/items", {"name": "=Dinner plates", "quantity": 12, "locationId": kitchen["id"],
                                                  "purchaseDate": "2019-06-01", "replacementCost": "14.33"})
    claim = server.api("POST", "/api/v1/claims", {"name": "Kitchen fire", "lossDate": "2026-03-14", "salesTaxRate": "8.875",
                                                  "items": [{"itemId": knife["id"]}, {"itemId": plates["id"], "quantityLost": 7}]})
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    browser.get(f"{server.url}/claims/{claim['id']}")
    links = {a.text: a for a in find_all(browser, ".packet-list a")}
    assert "Schedule (XLSX)" in links and "Schedule (CSV)" in links
    names = list(links)
    assert names.index("Schedule (XLSX)") + 1 == names.index("Schedule (CSV)"), "side by side"
    assert "Sales tax at 8.875%" in find(browser, ".claim-totals").text
    links["Schedule (XLSX)"].click()
    workbook_file = downloaded(tmp_path, ".xlsx")
    assert workbook_file.name == f"claim-{claim['id']}-kitchen-fire-schedule.xlsx"

    book = openpyxl.load_workbook(workbook_file)
    assert book.sheetnames == ["Schedule", "Totals"]
    formulas = [cell.coordinate for sheet in book for row in sheet.iter_rows() for cell in row if cell.data_type == "f"]
    assert formulas == [], "values only"

    csv_text = fetch(browser, links["Schedule (CSV)"].get_attribute("href")).decode("utf-8-sig")
    csv_rows = list(csv.reader(io.StringIO(csv_text, newline="")))
    sheet_rows = [list(row) for row in book["Schedule"].iter_rows(values_only=True)]
    assert sheet_rows[0] == csv_rows[0], "one header row, the CSV's"
    assert len(sheet_rows) == len(csv_rows) == 3, "two lines and no totals row"
    header = csv_rows[0]
    for csv_row, sheet_row in zip(csv_rows[1:], sheet_rows[1:]):
        for name, text, value in zip(header, csv_row, sheet_row):
            if value is None:
                assert text == "", name
            elif hasattr(value, "date"):
                assert value.date().isoformat() == text, name
            elif isinstance(value, (int, float)):
                assert Decimal(str(value)) == Decimal(text), f"{name}: {value} vs {text}"
            else:
                # The CSV neutralises a leading "=" against formula injection; the sheet keeps the text as text.
                assert value == (text[1:] if text.startswith("'=") else text), name
    line_cost = sheet_rows[0].index("Line replacement cost pre-tax (USD)")
    assert book["Schedule"].cell(row=2, column=line_cost + 1).number_format == "#,##0.00"
    purchase = sheet_rows[0].index("Purchase date")
    assert book["Schedule"].cell(row=2, column=purchase + 1).number_format == "yyyy-mm-dd"

    totals = [list(row) for row in book["Totals"].iter_rows(values_only=True)]
    whole = dict(zip(totals[0], totals[-1]))
    api = server.api("GET", f"/api/v1/claims/{claim['id']}")["totals"]
    assert whole["Room"] == "Whole claim"
    assert Decimal(str(whole["Replacement cost pre-tax (USD)"])) == Decimal(api["replacementCost"]) == Decimal("270.26")
    assert Decimal(str(whole["Sales tax at 8.875% (USD)"])) == Decimal(api["tax"]) == Decimal("23.98")
    assert Decimal(str(whole["Replacement cost with tax (USD)"])) == Decimal(api["replacementCostWithTax"])
    assert Decimal(str(whole["Actual cash value (USD)"])) == Decimal(api["actualCashValue"])
    screenshot("claim-schedule-xlsx")

    # LibreOffice opens it too: each sheet saved as shown (money grouped, dates as dates) says the same.
    profile = tmp_path / "libreoffice-profile"
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to",
                    "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1", "--outdir", str(tmp_path / "calc"),
                    str(workbook_file)], check=True, capture_output=True, timeout=120)
    shown = {path.stem.rsplit("-", 1)[-1]: list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
             for path in (tmp_path / "calc").glob("*.csv")}
    assert set(shown) == {"Schedule", "Totals"}
    assert shown["Schedule"][0] == header and len(shown["Schedule"]) == len(csv_rows)
    for csv_row, calc_row in zip(csv_rows[1:], shown["Schedule"][1:]):
        for name, text, value in zip(header, csv_row, calc_row):
            if text.startswith("'="):
                text = text[1:]
            if name.endswith("(USD)") and text:
                assert value.replace(",", "") == text, f"{name}: {value} vs {text}"
            else:
                assert value == text, f"{name}: {value} vs {text}"
    assert shown["Totals"][-1][0] == "Whole claim" and "23.98" in shown["Totals"][-1]
