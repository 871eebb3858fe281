"""Where the repository and the release binary are."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# $BIN: another build (bench/run.sh compares two); else this checkout's release build.
BINARY = Path(os.environ.get("BIN") or ROOT / ".build" / "release" / "homepwner")


def binary(path=None):
    """`path` (or BINARY), which must exist: else a message that says how to build it."""
    found = Path(path or BINARY)
    if not found.exists():
        raise SystemExit(f"{found} is missing: build it with `swift build -c release --product homepwner "
                         "--static-swift-stdlib` (or `make release`).")
    return found
