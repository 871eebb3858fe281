"""The police list after a theft at iPad and iPhone size: the claim page's packet links the PDF and
the CSV, and both download; the CSV (read as Excel would, `utf-8-sig`) gives every serial number and
says which line has none, the PDF names both lines."""
import csv
import io
import subprocess

from helpers import find_all
from test_claim_exports import downloaded, fetch


def test_the_claim_page_links_the_police_list_and_both_download(server, browser, screenshot, tmp_path):
    garage = server.api("POST", "/api/v1/locations", {"name": "Garage"})
    laptop = server.api("POST", "/api/v1/items", {"name": "Laptop", "brand": "Lenovo", "serialNumber": "PF-4A2B9C-X1",
                                                  "distinguishingMarks": "Name engraved under the lid", "replacementCost": "1849.00",
                                                  "locationId": garage["id"]})
    drill = server.api("POST", "/api/v1/items", {"name": "Cordless drill", "brand": "Makita", "replacementCost": "129.99",
                                                 "locationId": garage["id"]})
    claim = server.api("POST", "/api/v1/claims", {"name": "Garage break-in", "lossDate": "2026-10-02", "cause": "Burglary",
                                                  "policeReport": "CR-2026-118734", "policeForce": "Springfield PD",
                                                  "items": [{"itemId": laptop["id"]}, {"itemId": drill["id"]}]})
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    browser.get(f"{server.url}/claims/{claim['id']}")
    links = {a.text: a for a in find_all(browser, ".packet-list a")}
    assert "Police list (PDF)" in links and "Police list (CSV)" in links
    screenshot("claim-police-list-links")

    links["Police list (CSV)"].click()
    csv_file = downloaded(tmp_path, ".csv")
    assert csv_file.name == f"claim-{claim['id']}-garage-break-in-police-list.csv"
    rows = list(csv.reader(io.StringIO(csv_file.read_text(encoding="utf-8-sig"), newline="")))
    assert rows[0] == ["Line", "Item", "Brand", "Model", "Serial number", "Quantity", "Distinguishing marks", "Value (USD)", "Room",
                       "Police report number", "Police force or station"]
    assert rows[1][9:] == rows[2][9:] == ["CR-2026-118734", "Springfield PD"], "the theft's police report on every row"
    assert rows[1][4] == "PF-4A2B9C-X1" and rows[1][6] == "Name engraved under the lid" and rows[1][7] == "1849.00"
    assert rows[2][1] == "Cordless drill" and rows[2][4] == "No serial"

    pdf = fetch(browser, links["Police list (PDF)"].get_attribute("href"))
    assert pdf.startswith(b"%PDF-")
    pdf_file = tmp_path / "police-list.pdf"
    pdf_file.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf_file), "-"], check=True, capture_output=True, text=True).stdout
    assert "1. Laptop" in text and "2. Cordless drill" in text and "PF-4A2B9C-X1" in text and "No serial" in text
    assert "CR-2026-118734" in text and "Springfield PD" in text
