#!/usr/bin/env python3
"""Fails when a test calls a program that `scripts/install-deps.sh test` does not install.

`make test` runs this after installing, before the first test: a test that calls `pdftotext` while
only the build packages are listed passes on a developer's machine that happens to have poppler-utils
and fails on every newcomer's. Here it fails on the developer's machine instead.

What counts as a call, in Tests/ (Swift and Python): a quoted absolute path of a program
("/usr/bin/pdftotext", "/bin/rm"), `"/usr/bin/env", ["unzip"`, `subprocess.run(["restic", …` (and
Popen, check_output…), `shutil.which("vips")`. Each program is found on this machine, `dpkg -S` names
its package, and that package must be installed by the test list, be needed by a package on it, or be
one every Debian system has (Essential, or Priority required)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CALLS = [
    re.compile(r'"((?:/usr)?/s?bin/[\w.+-]+)"'),
    re.compile(r'"/usr/bin/env",\s*\["([\w.+-]+)"'),
    re.compile(r'(?:subprocess\.\w+|Popen)\(\s*\[\s*"([\w.+-]+)"'),
    re.compile(r'shutil\.which\(\s*"([\w.+-]+)"'),
]


def calls():
    """{program: first place it is called, "file:line"}."""
    found = {}
    for path in sorted(ROOT.joinpath("Tests").rglob("*")):
        if path.suffix not in (".swift", ".py") or "Fixtures" in path.parts:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for pattern in CALLS:
                for program in pattern.findall(line):
                    found.setdefault(program, f"{path.relative_to(ROOT)}:{number}")
    return found


def run(*arguments):
    return subprocess.run(arguments, capture_output=True, text=True).stdout


def package_of(program):
    """The Debian package that ships `program`, or None when it is not installed at all."""
    # Debian's own folders, not the PATH: a program of /usr/local or ~/.pyenv is not one a fresh machine has.
    located = program if program.startswith("/") else shutil.which(program, path="/usr/bin:/bin:/usr/sbin:/sbin")
    if not located or not Path(located).exists():
        return None
    candidates = [located, str(Path(located).resolve())]
    for path in list(candidates):  # merged /usr: dpkg knows a file by the path its package shipped
        for a, b in (("/usr/bin/", "/bin/"), ("/bin/", "/usr/bin/"), ("/usr/sbin/", "/sbin/"), ("/sbin/", "/usr/sbin/")):
            if path.startswith(a):
                candidates.append(b + path[len(a):])
    for path in candidates:
        owner = run("dpkg", "-S", path).strip()
        if owner and ":" in owner:
            return owner.split(":")[0].split(",")[0].strip()
    return None


def allowed():
    """The test list, everything those packages need, and what every Debian system has."""
    listed = run(str(ROOT / "scripts" / "install-deps.sh"), "test", "--list").split()
    needed = run("apt-cache", "depends", "--recurse", "--installed", "--no-recommends", "--no-suggests", "--no-conflicts",
                 "--no-breaks", "--no-replaces", "--no-enhances", *listed)
    packages = set(listed) | {line.strip().split(":")[0] for line in needed.splitlines() if line and not line[0].isspace()}
    for line in run("dpkg-query", "-W", "-f=${Package} ${Essential} ${Priority}\n").splitlines():
        name, essential, priority = (line.split() + ["", ""])[:3]
        if essential == "yes" or priority == "required":
            packages.add(name)
    return listed, packages


def main():
    listed, packages = allowed()
    problems = []
    for program, place in sorted(calls().items()):
        package = package_of(program)
        if package is None:
            problems.append(f"{place} calls {program}, which is not installed: add its Debian package to the test list "
                            "in scripts/install-deps.sh")
        elif package not in packages:
            problems.append(f"{place} calls {program}, from the Debian package {package}, which scripts/install-deps.sh "
                            f"does not install for tests: add {package} to its test list")
    if problems:
        print("check_test_tools: tests call programs a fresh machine would not have:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    print(f"check_test_tools: every program the tests call comes with the {len(listed)} packages of the test list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
