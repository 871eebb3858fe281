"""Hostile inputs from outside, each against a real release server (loadkit.Server) in a fresh data
folder: every case module in reliability/hostile/ (deep places, one-character megabytes, a FIFO in the
evidence zip, …). A case is `run(server, client) -> (ok, figures, details)`: it sends what an attacker
would, through the doors a client has, and checks what a user would notice afterwards (the server
answers others, memory and time stay bounded, nothing is left half-written). One server per case.
Standard library only; `python3 reliability/hostile_inputs.py [CASE …]` runs some."""
import importlib.util
import sys
import time
import traceback
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
import loadkit  # noqa: E402
from harness import report  # noqa: E402

CASES = Path(__file__).resolve().parent / "hostile"


def load(path):
    spec = importlib.util.spec_from_file_location(f"hostile_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(names):
    paths = sorted(p for p in CASES.glob("*.py") if not p.name.startswith("_"))
    if names:
        paths = [p for p in paths if p.stem in names]
    if not paths:
        raise SystemExit(f"no hostile-input case in {CASES}")
    outcomes = []
    for path in paths:
        module = load(path)
        server = loadkit.Server(*getattr(module, "SERVER_ARGUMENTS", ()), demo=getattr(module, "DEMO", False),
                                log_name=f"hostile-{path.stem}")
        began = time.monotonic()
        try:
            client = loadkit.Client(server.port)
            client.sign_in()
            ok, figures, details = module.run(server, client)
        except Exception:  # a case that breaks is a failure, with its reason kept
            ok, figures, details = False, "raised: " + traceback.format_exc(limit=3).splitlines()[-1], {}
        finally:
            server.stop()
        took = time.monotonic() - began
        print(f"{path.stem}: {'pass' if ok else 'FAIL'} — {figures} ({took:.0f} s)", flush=True)
        outcomes.append((path.stem, ok, figures, details, took))
    ok = all(outcome[1] for outcome in outcomes)
    report("hostile-inputs", ok, "; ".join(f"{name}: {figures}" for name, _, figures, _, _ in outcomes),
           cases={name: {"ok": passed, "figures": figures, "seconds": round(took, 1), **details}
                  for name, passed, figures, details, took in outcomes})
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
