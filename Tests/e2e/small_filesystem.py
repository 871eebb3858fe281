"""A size-limited tmpfs for a server's data folder, filled to its last byte: the real ENOSPC of a full
disk, as the Swift tests' SmallFileSystem and reliability/full_disk.py meet it. Mounting needs root,
which the tests have here and in CI; without it the test fails (it never skips)."""
import errno
import os
import subprocess
import tempfile
from pathlib import Path

import pytest


class SmallFileSystem:
    def __init__(self, megabytes=32):
        self.path = Path(tempfile.mkdtemp(prefix="homepwner-e2e-small-fs-"))
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0700", "tmpfs", str(self.path)],
                                 capture_output=True, text=True)
        if mounted.returncode != 0:
            self.path.rmdir()
            pytest.fail(f"cannot mount a {megabytes} MB tmpfs on {self.path} (a full disk needs root): "
                        f"{(mounted.stderr or mounted.stdout).strip()}")
        self.filler = self.path / ".filler"

    def fill(self):
        """Writes a filler file until the filesystem has no byte left."""
        descriptor = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            for block in (b"\0" * (1 << 20), b"\0" * 4096):
                while True:
                    try:
                        os.write(descriptor, block)
                    except OSError as error:
                        if error.errno != errno.ENOSPC:
                            raise
                        break
        finally:
            os.close(descriptor)

    @property
    def available(self):
        status = os.statvfs(self.path)
        return status.f_bavail * status.f_frsize

    def remove(self):
        """Unmounts it (lazily, should a file still be open) and removes the mount point."""
        if subprocess.run(["umount", str(self.path)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(self.path)], capture_output=True)
        self.path.rmdir()
