"""What the browser tests (Tests/e2e), the reliability checks (reliability/) and the benchmarks (bench/)
share: a real `homepwner serve` in a data folder (`Server`: start, stop, kill -9, restart, its log;
ready when it has written its `--ready-file`), an HTTP client that signs in as a browser does or holds
an API token (`Client`), the common fixtures (`add_user`, the owner), and the result record a
reliability part writes for run.sh's table (`report`). Standard library only; no build step: put the
repository's root on sys.path and `import harness`."""
from .client import Client
from .fixtures import OWNER, PASSWORD, FIXTURE_PHOTOS, add_user
from .paths import BINARY, ROOT, binary
from .result import report
from .server import Server, ServerDied

__all__ = ["BINARY", "Client", "FIXTURE_PHOTOS", "OWNER", "PASSWORD", "ROOT", "Server", "ServerDied",
           "add_user", "binary", "report"]
