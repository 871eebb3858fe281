#!/usr/bin/env bash
# The shell parts' way to report (see harness/result.py): reliability/report.sh PART ok|fail "FIGURES"
set -euo pipefail
part=$1 outcome=$2 figures=$3
if [ -n "${RELIABILITY_RESULTS:-}" ]; then
  mkdir -p "$RELIABILITY_RESULTS"
  python3 - "$RELIABILITY_RESULTS/$part.json" "$part" "$outcome" "$figures" <<'PY'
import json, sys
path, part, outcome, figures = sys.argv[1:]
open(path, "w").write(json.dumps({"part": part, "ok": outcome == "ok", "figures": figures, "details": {}}, indent=2))
PY
fi
echo "$part: $([ "$outcome" = ok ] && echo pass || echo FAIL) — $figures"
