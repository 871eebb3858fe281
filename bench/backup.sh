#!/usr/bin/env bash
# Backup benchmark (also `PARTS=backup make bench`): an inventory of BACKUP_PHOTOS items with a photo
# of about 1 MB each (2,000 by default), seeded through the API of a fresh server; then, side by side
# in one run on the same disk:
#   * `cp -a` of the data folder against the first `homepwner backup` (database by SQLite's online
#     backup, every photo and rendition copied and hashed, index.html, manifest, then the whole backup
#     verified: every file re-read and hashed), alternately, BACKUP_ROUNDS times each, each into a new
#     folder;
#   * after BACKUP_CHANGED items got another photo and a new note, a second backup into the folder of
#     the first (files it holds are hard-linked, not copied), against the first.
# Prints wall times, the copy and verify phases of each backup (as the command reports them), and
# the disk the backups take. Needs vips (libvips-tools) and python3; about 2 + 3 × 2 GB of disk.
#   BIN=.build/release/homepwner  BACKUP_PHOTOS=2000  BACKUP_CHANGED=10  BACKUP_ROUNDS=2  KEEP=0
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
BIN=${BIN:-.build/release/homepwner}
BACKUP_PHOTOS=${BACKUP_PHOTOS:-2000}
BACKUP_CHANGED=${BACKUP_CHANGED:-10}
BACKUP_ROUNDS=${BACKUP_ROUNDS:-2}
KEEP=${KEEP:-0}

die() { echo "bench/backup: $*" >&2; exit 1; }
[ -x "$BIN" ] || die "no binary at $BIN; run 'make release' or set BIN"
for tool in vips python3; do command -v "$tool" >/dev/null || die "$tool is not installed"; done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench-backup.XXXXXX")
. scripts/server.sh
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  server_stop
  if [ "$KEEP" = 1 ]; then echo "bench/backup: kept $tmp" >&2; else rm -rf "$tmp"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(now)"; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$1" "$2"; }
# phase FILE WORD: the seconds the command reported for a phase ("Backed up … in 1.23 s", "Verified: … in 0.45 s").
phase() { sed -n "s/^$2.* in \([0-9.]*\) s[:,.].*/\1/p" "$1" | head -n1; }

# Serves the data folder until serve_stop; its address in $base.
serve() { server_start "$tmp/serve" --data "$tmp/data" || die "the server did not start"; base=$server_url/; }
serve_stop() { server_stop; }

# A photo of about 1 MB: 2560 × 1706 of colour noise, slightly blurred, JPEG quality 80.
for band in r g b; do
  vips gaussnoise "$tmp/$band.v" 2560 1706 --sigma 28 --mean 128
  vips cast "$tmp/$band.v" "$tmp/${band}u.v" uchar
done
vips bandjoin "$tmp/ru.v $tmp/gu.v $tmp/bu.v" "$tmp/joined.v"
vips copy "$tmp/joined.v" "$tmp/srgb.v" --interpretation srgb
vips gaussblur "$tmp/srgb.v" "$tmp/blurred.v" 0.6
vips cast "$tmp/blurred.v" "$tmp/photo.v" uchar
vips copy "$tmp/photo.v" "$tmp/photo.jpg[Q=80]"
rm -f "$tmp"/*.v
photo_bytes=$(stat -c %s "$tmp/photo.jpg")

echo "backup: seeding $BACKUP_PHOTOS items with a photo of $((photo_bytes / 1000)) KB each through the API…"
started=$(now)
serve
python3 "$here/backup.py" seed "$base" "$BACKUP_PHOTOS" "$tmp/photo.jpg"
serve_stop
echo "  seeded in $(since "$started") s; data folder $(du -sh "$tmp/data" | cut -f1)"

declare -a cp_times backup_times copy_phases verify_phases
for round in $(seq "$BACKUP_ROUNDS"); do
  sync
  started=$(now)
  cp -a "$tmp/data" "$tmp/copy-$round"
  sync
  cp_times+=("$(since "$started")")
  rm -rf "$tmp/copy-$round"
  sync
  started=$(now)
  "$BIN" backup --to "$tmp/backups-$round" --data "$tmp/data" >"$tmp/backup-$round.out"
  backup_times+=("$(since "$started")")
  copy_phases+=("$(phase "$tmp/backup-$round.out" "Backed up")")
  verify_phases+=("$(phase "$tmp/backup-$round.out" "Verified")")
  [ "$round" = 1 ] || rm -rf "$tmp/backups-$round"
done

echo "backup: $BACKUP_CHANGED items get another photo and a new note…"
serve
python3 "$here/backup.py" change "$base" "$BACKUP_CHANGED" "$tmp/photo.jpg"
serve_stop
used_before=$(du -sk "$tmp/backups-1" | cut -f1)
sync
started=$(now)
"$BIN" backup --to "$tmp/backups-1" --data "$tmp/data" >"$tmp/backup-second.out"
second=$(since "$started")
used_after=$(du -sk "$tmp/backups-1" | cut -f1)

echo
echo "backup ($BACKUP_PHOTOS photos of $((photo_bytes / 1000)) KB, data folder $(du -sh "$tmp/data" | cut -f1); wall times, sync included):"
for round in $(seq "$BACKUP_ROUNDS"); do
  i=$((round - 1))
  echo "  round $round: cp -a ${cp_times[$i]} s · first backup ${backup_times[$i]} s" \
       "(copy ${copy_phases[$i]} s + verify ${verify_phases[$i]} s) = $(ratio "${backup_times[$i]}" "${cp_times[$i]}")× cp -a;" \
       "copy phase alone $(ratio "${copy_phases[$i]}" "${cp_times[$i]}")× cp -a"
done
echo "  second backup after $BACKUP_CHANGED items changed: $second s (copy $(phase "$tmp/backup-second.out" "Backed up") s +" \
     "verify $(phase "$tmp/backup-second.out" "Verified") s) = $(ratio "$second" "${backup_times[0]}")× the first;" \
     "copy phase $(ratio "$(phase "$tmp/backup-second.out" "Backed up")" "${copy_phases[0]}")× the first's"
sed -n 's/^Backed up.*: \(copied.*\)/  second backup \1/p' "$tmp/backup-second.out"
echo "  disk: first backup $((used_before / 1024)) MB; the second added $(((used_after - used_before) / 1024)) MB"
