"""A Homebox v0.26 backup zip for the browser tests, shaped as Homebox's exporter writes one
(backend/internal/core/services/service_exports.go): one JSON array per table with every column of
its SQLite rows (booleans 0/1, times RFC 3339), each attachment's bytes as attachments/<id>, and
manifest.json last."""
import json
import uuid
import zipfile

GROUP = str(uuid.uuid4())
CREATED = "2024-03-14T09:26:53.589793238Z"


def _row(**columns):
    return {"created_at": CREATED, "updated_at": CREATED, **columns}


def _entity(name, type_id, parent, **columns):
    row = _row(id=str(uuid.uuid4()), name=name, description="", import_ref=None, notes="", quantity=1, insured=0, archived=0,
               asset_id=0, sync_child_entity_locations=0, serial_number="", model_number="", manufacturer="", lifetime_warranty=0,
               warranty_expires=None, warranty_details="", purchase_date=None, purchase_from="", purchase_price=0, sold_date=None,
               sold_to="", sold_price=0, sold_notes="", entity_children=parent, entity_type_entities=type_id, group_entities=GROUP)
    row.update(columns)
    return row


def minimal_pdf(text):
    """A one-page PDF with a line of text, its cross-reference table at the right offsets."""
    stream = f"BT /F1 18 Tf 40 120 Td ({text}) Tj ET".encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def write_backup(path, item_name, photo, receipt):
    """Writes a backup with Home / Garage and one item in it, with `photo` (JPEG bytes) as its primary
    photo and `receipt` (PDF bytes) as its receipt."""
    item_type, location_type = str(uuid.uuid4()), str(uuid.uuid4())
    types = [_row(id=item_type, name="global.item", description="", is_location=0, icon=None, entity_type_default_template=None,
                  group_entity_types=GROUP),
             _row(id=location_type, name="global.location", description="", is_location=1, icon=None, entity_type_default_template=None,
                  group_entity_types=GROUP)]
    home = _entity("Home", location_type, None)
    garage = _entity("Garage", location_type, home["id"])
    item = _entity(item_name, item_type, garage["id"], manufacturer="Makita", model_number="XFD131", purchase_price=129.99,
                   purchase_date="2024-03-14T00:00:00Z", purchase_from="Hardware Store")
    tag = _row(id=str(uuid.uuid4()), name="Tools", description="", color="#22aa55", icon=None, group_tags=GROUP, tag_children=None)
    photo_id, receipt_id = str(uuid.uuid4()), str(uuid.uuid4())
    attachments = [
        _row(id=photo_id, type="photo", primary=1, title="drill.jpg", path=f"{GROUP}/documents/{uuid.uuid4()}", mime_type="image/jpeg",
             attachment_thumbnail=None, entity_attachments=item["id"]),
        _row(id=receipt_id, type="receipt", primary=0, title="receipt.pdf", path=f"{GROUP}/documents/{uuid.uuid4()}",
             mime_type="application/pdf", attachment_thumbnail=None, entity_attachments=item["id"]),
    ]
    tables = {"entity_types": types, "entity_templates": [], "template_fields": [], "tags": [tag],
              "entities": [home, garage, item], "entity_fields": [], "maintenance_entries": [], "attachments": attachments,
              "tag_entities": [{"tag_id": tag["id"], "entity_id": item["id"]}], "notifiers": []}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, rows in tables.items():
            archive.writestr(f"{name}.json", json.dumps(rows) + "\n")
        archive.writestr(f"attachments/{photo_id}", photo)
        archive.writestr(f"attachments/{receipt_id}", receipt)
        manifest = {"schemaVersion": 1, "exportedAt": "2026-07-01T10:00:00.123456789Z", "groupId": GROUP,
                    "counts": {name: len(rows) for name, rows in tables.items()}}
        archive.writestr("manifest.json", json.dumps(manifest) + "\n")
    return path
