#!/usr/bin/env bash
# Upgrades: a database of every earlier schema (Tests/Fixtures/schemas, one per step of
# Tests/AppTests/SchemaHistory.swift) migrated to the current one with every row it held and opened
# by the app; a failed migration leaving the file byte for byte as it was (SchemaUpgradeTests).
set -uo pipefail
cd "$(dirname "$0")/.."
fixtures=$(ls Tests/Fixtures/schemas/*.sqlite 2>/dev/null | wc -l)
output=$(swift test --filter SchemaUpgradeTests 2>&1)
status=$?
echo "$output" | tail -15
if [ "$status" = 0 ] && [ "$fixtures" -gt 0 ] && echo "$output" | grep -q "Test run with .* passed"; then
  reliability/report.sh upgrades ok "$fixtures databases, one per earlier schema (2026-11-29 on), upgraded with every row; a failed upgrade leaves the file byte for byte"
else
  reliability/report.sh upgrades fail "SchemaUpgradeTests failed ($fixtures fixtures)"
  exit 1
fi
