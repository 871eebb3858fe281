"""Deep places (issue 25, item 1). Places go at most 20 deep, and every algorithm over them is linear
in their count. From outside, through the doors a client has:

1. a 60 KB CSV whose HB.location is 30,000 places deep, as a dry run and as an import: refused at
   once naming its line and column, nothing written (it took 124 s and left 4.7 GB before);
2. a Homebox backup zip nesting 10,000 places (7 minutes and 1.3 GB before, still running): refused
   naming entities.json and the place past the limit;
3. the API: a chain to the limit, then one place deeper, and a move that would take a box past it:
   both 422;
4. a tree at the limit with 10,000 places (527 chains 20 deep, an item at the bottom of each),
   imported; then `/`, `/locations`, `/claims`, `/api/v1/locations` and the CSV export, three times
   each: every answer within 2 s, and the server's resident memory grows by less than 200 MB.

Figures: each refusal's time, the slowest answer of each page and the server's RSS before and after."""
import io
import json
import time
import uuid
import zipfile

LIMIT = 20
PAGE_BOUND_S = 2.0
RSS_GROWTH_BOUND_KIB = 200 * 1024


def timed(function):
    began = time.monotonic()
    result = function()
    return result, time.monotonic() - began


def homebox_backup(depth):
    """A Homebox v0.26 backup zip (the tables the import reads) with places nested `depth` deep and an item in the deepest."""
    group, item_type, place_type = (str(uuid.uuid4()) for _ in range(3))
    types = [{"id": item_type, "name": "global.item", "is_location": 0, "group_entity_types": group},
             {"id": place_type, "name": "global.location", "is_location": 1, "group_entity_types": group}]
    entities, parent = [], None
    for level in range(1, depth + 1):
        place = str(uuid.uuid4())
        entities.append({"id": place, "name": f"Level {level}", "entity_children": parent, "entity_type_entities": place_type,
                         "group_entities": group})
        parent = place
    entities.append({"id": str(uuid.uuid4()), "name": "Ring", "entity_children": parent, "entity_type_entities": item_type,
                     "group_entities": group, "quantity": 1})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("entity_types.json", json.dumps(types))
        archive.writestr("entities.json", json.dumps(entities))
        archive.writestr("manifest.json", json.dumps({"schemaVersion": 1, "exportedAt": "2026-07-01T10:00:00Z", "groupId": group,
                                                      "counts": {"entities": len(entities)}}))
    return buffer.getvalue()


def import_file(client, body, content_type, dry_run):
    return client.request("POST", "/api/v1/import" + ("?dryRun=1" if dry_run else ""), body=body,
                          headers={"Content-Type": content_type, "Accept": "application/json"})


def places(client):
    listed, _ = client.json("GET", "/api/v1/locations")
    return listed


def run(server, client):
    problems, figures, details = [], [], {}
    client.token = client.make_api_token()

    # 1. A CSV path 30,000 places deep.
    csv = ("HB.name,HB.location\nRing," + "a/" * 30_000 + "\n").encode()
    (status, _, body), took = timed(lambda: import_file(client, csv, "text/csv", dry_run=True))
    errors = json.loads(body).get("errors", []) if status == 200 else []
    if not (errors and errors[0].get("line") == 2 and errors[0].get("column") == "HB.location" and "at most 20 deep" in errors[0]["message"]):
        problems.append(f"the deep CSV's dry run answered {status}: {body[:200]!r}")
    (status_apply, _, _), took_apply = timed(lambda: import_file(client, csv, "text/csv", dry_run=False))
    if status_apply != 422 or places(client):
        problems.append(f"the deep CSV's import answered {status_apply}, or left places")
    figures.append(f"{len(csv) // 1024} KB CSV 30,000 deep refused in {took:.2f} s (dry run), {took_apply:.2f} s (import)")
    details["csv_30000_deep_s"] = [round(took, 3), round(took_apply, 3)]

    # 2. A Homebox backup nesting 10,000 places.
    backup = homebox_backup(10_000)
    (status, _, body), took = timed(lambda: import_file(client, backup, "application/zip", dry_run=False))
    answer = json.loads(body) if body else {}
    errors = answer.get("errors", [])
    if status != 422 or not (errors and errors[0].get("column") == "entities.json" and "Level 21" in errors[0]["message"]) or places(client):
        problems.append(f"the 10,000-deep backup answered {status}: {body[:300]!r}")
    figures.append(f"backup 10,000 deep refused in {took:.2f} s")
    details["backup_10000_deep_s"] = round(took, 3)

    # 3. The API: one place past the limit, and a move that would take a box past it.
    chain = []
    for level in range(1, LIMIT + 1):
        made, _ = client.json("POST", "/api/v1/locations", {"name": f"Level {level}", **({"parentId": chain[-1]} if chain else {})})
        chain.append(made["id"])
    deeper, _, _ = client.request("POST", "/api/v1/locations", body=json.dumps({"name": "Pouch", "parentId": chain[-1]}).encode(),
                                  headers={"Content-Type": "application/json", "Accept": "application/json"})
    box, _ = client.json("POST", "/api/v1/locations", {"name": "Box"})
    client.json("POST", "/api/v1/locations", {"name": "Bag", "parentId": box["id"]})
    moved, _, _ = client.request("PATCH", f"/api/v1/locations/{box['id']}", body=json.dumps({"parentId": chain[-2]}).encode(),
                                 headers={"Content-Type": "application/json", "Accept": "application/json"})
    if deeper != 422 or moved != 422:
        problems.append(f"the API answered {deeper} to a place 21 deep and {moved} to a move taking one there")
    figures.append(f"API: {deeper} and {moved}")

    # 4. 10,000 places at the limit, then the pages that list them.
    chains = 527
    lines = ["HB.name,HB.location"]
    for index in range(1, chains + 1):
        lines.append(f"Ring {index},Tree / Chain {index} / " + " / ".join(f"Level {level}" for level in range(3, LIMIT + 1)))
    tree = ("\n".join(lines) + "\n").encode()
    (status, _, body), took = timed(lambda: import_file(client, tree, "text/csv", dry_run=False))
    made = json.loads(body).get("locationsCreated") if status == 200 else None
    if made != 1 + chains * (LIMIT - 1):
        problems.append(f"the tree's import answered {status}: {body[:200]!r}")
    total = len(places(client))
    figures.append(f"{total:,} places imported in {took:.1f} s")
    details["tree_import_s"] = round(took, 2)
    rss_before = server.rss()
    slowest = {}
    for path, browser in [("/", True), ("/locations", True), ("/claims", True), ("/api/v1/locations", False),
                          ("/api/v1/export?format=homebox-csv", False)]:
        for _ in range(3):
            headers = {"Accept": "text/html" if browser else "application/json"}
            (status, _, body), took = timed(lambda: client.request("GET", path, headers=headers, browser=True))
            if status != 200:
                problems.append(f"GET {path} answered {status}")
            slowest[path] = max(slowest.get(path, 0.0), took)
    rss_after = server.rss()
    for path, took in slowest.items():
        if took > PAGE_BOUND_S:
            problems.append(f"GET {path} took {took:.2f} s at {total:,} places (bound {PAGE_BOUND_S} s)")
    growth = (rss_after or 0) - (rss_before or 0)
    if growth > RSS_GROWTH_BOUND_KIB:
        problems.append(f"RSS grew by {growth // 1024} MB over the pages (bound 200 MB)")
    figures.append("slowest answers " + ", ".join(f"{path.split('?')[0]} {took:.2f} s" for path, took in slowest.items()))
    figures.append(f"RSS {rss_before // 1024} → {rss_after // 1024} MB")
    details.update(places=total, slowest_s={path: round(took, 3) for path, took in slowest.items()},
                   rss_kib=[rss_before, rss_after], problems=problems)
    return not problems, "; ".join(figures + problems), details
