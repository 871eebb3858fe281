#!/usr/bin/env bash
# Makes COUNT distinct screen renditions for the claim-report benchmark:
#   bench/claim_report_photos.sh COUNT OUT_DIR
# Each is a 2048-px JPEG (Q=75, no metadata) of a different crop of one of three real photos from
# /work/shared/testdata (recurser's EXIF orientation examples, landscape and portrait, and an iPhone
# HEIC from pillow-heif), 200–450 KB each: what the server's `screen` renditions weigh. Distinct
# bytes for every photo, so that no PDF maker can share one image between pages. Existing files are
# kept, so a second run costs nothing. Uses the vips command-line tool, two at a time.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 COUNT OUT_DIR" >&2; exit 2; }
COUNT=$1 OUT=$2
mkdir -p "$OUT"
T=/work/shared/testdata/images

# The three photos decoded once, upright, into libvips' own format: each crop then costs a resize.
SOURCES=$OUT/.sources
mkdir -p "$SOURCES"
[ -s "$SOURCES/0.v" ] || vips autorot "$T/exif-orientation/Landscape_0.jpg" "$SOURCES/0.v"
[ -s "$SOURCES/1.v" ] || vips autorot "$T/exif-orientation/Portrait_0.jpg" "$SOURCES/1.v"
[ -s "$SOURCES/2.v" ] || vips autorot "$T/pillow-heif/heif_other__arrow.heic" "$SOURCES/2.v"

SIZES="$(for n in 0 1 2; do echo -n "$(vipsheader -f width "$SOURCES/$n.v")x$(vipsheader -f height "$SOURCES/$n.v") "; done)"

make_one() {
  local i=$1 out=$2 sources=$3 source w h
  local -a sizes=($4)
  local file
  file=$(printf '%s/photo-%05d.jpg' "$out" "$i")
  [ -s "$file" ] && return 0
  source=$sources/$((i % 3)).v
  w=${sizes[$((i % 3))]%x*}; h=${sizes[$((i % 3))]#*x}
  # A crop 80–99 % of each side, at an offset that moves with i.
  local share=$((80 + i % 20)) cw ch x y tmp
  cw=$((w * share / 100)); ch=$((h * share / 100))
  x=$(((i * 37) % (w - cw + 1))); y=$(((i * 53) % (h - ch + 1)))
  tmp=$(mktemp -p /dev/shm --suffix=.v 2>/dev/null || mktemp --suffix=.v)
  vips crop "$source" "$tmp" "$x" "$y" "$cw" "$ch"
  vips thumbnail "$tmp" "$file.part.jpg[Q=75,strip]" 2048
  mv "$file.part.jpg" "$file"
  rm -f "$tmp"
}
export -f make_one
seq 0 $((COUNT - 1)) | xargs -P 2 -I{} bash -c 'make_one "$@"' _ {} "$OUT" "$SOURCES" "$SIZES"
echo "$COUNT photos in $OUT: $(du -sh --exclude=.sources "$OUT" | cut -f1)"
