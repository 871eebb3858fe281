"""What many checks start from: an account made with `homepwner user add`, the test photos."""
import subprocess

from .paths import BINARY, ROOT

OWNER, PASSWORD = "soak", "a long soak password 42"
FIXTURE_PHOTOS = [ROOT / "Tests" / "Fixtures" / name for name in ("photo-1.jpg", "photo-2.jpg", "portrait.jpg")]


def add_user(data, name=OWNER, password=PASSWORD, role="owner", library=(), binary=None):
    """Adds an account to the data folder `data` (the server need not run) with `homepwner user add`;
    `library`: folders it may browse."""
    grants = [argument for folder in library for argument in ("--library", str(folder))]
    subprocess.run([str(binary or BINARY), "user", "add", name, "--role", role, "--data", str(data), *grants],
                   input=password + "\n", text=True, check=True, capture_output=True, timeout=60)
