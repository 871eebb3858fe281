"""How a reliability part reports: one JSON file per part in $RELIABILITY_RESULTS, read by run.sh into
its table. A part also exits non-zero when it failed, so it can be run on its own."""
import json
import os
import sys
from pathlib import Path


def report(part: str, ok: bool, figures: str, **details) -> None:
    """Records the part's outcome (figures: one short line for the table; details: anything else worth
    keeping, such as raw numbers) and prints it."""
    folder = os.environ.get("RELIABILITY_RESULTS")
    record = {"part": part, "ok": ok, "figures": figures, "details": details}
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{part}.json").write_text(json.dumps(record, indent=2))
    print(f"{part}: {'pass' if ok else 'FAIL'} — {figures}", file=sys.stderr if not ok else sys.stdout)
