"""What the load parts (soak.py, slow_clients.py) and the hostile inputs share, on top of the
repository's harness (harness/: the server, the client): a release server in a data folder of its own
with an owner account and its log in the results folder; the server's memory, processor time and
open files from /proc. Standard library only."""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import harness  # noqa: E402
from harness import BINARY, FIXTURE_PHOTOS, OWNER, PASSWORD, ROOT, Client  # noqa: E402,F401
from harness.proc import cpu_seconds, folder_bytes, open_files, resident_kib  # noqa: E402,F401

RESULTS = Path(os.environ.get("RELIABILITY_RESULTS") or ROOT / "reliability" / "out")


class Server(harness.Server):
    """`homepwner serve` in a fresh data folder with an owner account (`--demo` adds the demo items
    and photo library), its errors in $RELIABILITY_RESULTS/<log_name>.stderr.log. The access log goes
    to /dev/null: it is written as in production, but 10 minutes of it would fill the results folder."""

    def __init__(self, *extra, demo=True, log_name="server"):
        RESULTS.mkdir(parents=True, exist_ok=True)
        log = RESULTS / f"{log_name}.stderr.log"
        log.unlink(missing_ok=True)
        super().__init__(*extra, demo=demo, owner=True, access_log=True, stdout=False, log=log)


def percentile(sorted_values, fraction):
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, int(round(fraction * (len(sorted_values) - 1)))))
    return sorted_values[index]
