#!/usr/bin/env bash
# Upgrades: every earlier schema version's database (Tests/Fixtures/schemas) migrated to the current
# one with nothing lost, and a failed migration leaving the file as it was (SchemaUpgradeTests).
set -uo pipefail
cd "$(dirname "$0")/.."
fixtures=$(ls Tests/Fixtures/schemas/*.sqlite 2>/dev/null | wc -l)
if swift test --filter SchemaUpgradeTests 2>&1 | tee /dev/stderr | grep -q "Test run with .* passed"; then
  reliability/report.sh upgrades ok "$fixtures databases of earlier schema versions upgraded, nothing lost"
else
  reliability/report.sh upgrades fail "SchemaUpgradeTests failed ($fixtures fixtures)"
  exit 1
fi
