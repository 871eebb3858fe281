#!/usr/bin/env bash
# Makes COUNT distinct screen renditions for the claim-report benchmark:
#   bench/claim_report_photos.sh COUNT OUT_DIR
# Each is a 2048-px JPEG (Q=75, no metadata) of a different crop of one of three real photos from
# /work/shared/testdata (recurser's EXIF orientation examples, landscape and portrait, and an
# iPhone HEIC from pillow-heif), 200–450 KB each: what the server's `screen` renditions weigh.
# Distinct bytes for every photo, so that no PDF maker can share one image between pages. Existing
# files are kept, so a second run costs nothing. See claim_report_photos.c (built here with cc).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 COUNT OUT_DIR" >&2; exit 2; }
COUNT=$1 OUT=$2
T=/work/shared/testdata/images
mkdir -p "$OUT"
tool=$(mktemp -d)
trap 'rm -rf "$tool"' EXIT
cc -O2 -o "$tool/photos" "$(dirname "$0")/claim_report_photos.c" $(pkg-config --cflags --libs vips)
"$tool/photos" "$COUNT" "$OUT" "$T/exif-orientation/Landscape_0.jpg" "$T/exif-orientation/Portrait_0.jpg" \
  "$T/pillow-heif/heif_other__arrow.heic"
echo "$COUNT photos in $OUT: $(du -sh "$OUT" | cut -f1)"
