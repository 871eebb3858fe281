#!/usr/bin/env bash
# Walk-through video benchmark (`PARTS=video make bench`; not in the default: about 3 minutes).
# The candidate frames of a 3-minute 1080p H.264 video (the capture corpus's synthetic walk, looped
# three times by stream copy, made once into bench/.cache/walk-3min-1080p.mp4) by homepwner-video
# (module Video, as a walk-through's frames are made), against
# `ffmpeg -vf "select=gt(scene\,0.3)" -f null -` over the same file, alternately, VIDEO_ROUNDS times
# each: median seconds, the ratio (goal: at most 1.0×), peak memory (max RSS) and candidates.
#   VIDEO_BIN=.build/release/homepwner-video  VIDEO_ROUNDS=3
#   CAPTURE=../shared/testdata/capture/video  (where synthetic-walk-12-objects-1080p.mp4 is)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
VIDEO_BIN=${VIDEO_BIN:-.build/release/homepwner-video}
VIDEO_ROUNDS=${VIDEO_ROUNDS:-3}
CAPTURE=${CAPTURE:-../shared/testdata/capture/video}
die() { echo "bench/video: $*" >&2; exit 1; }
[ -x "$VIDEO_BIN" ] || die "no $VIDEO_BIN; run 'swift build -c release --product homepwner-video' or set VIDEO_BIN"
for tool in ffmpeg python3; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
[ -x /usr/bin/time ] || die "/usr/bin/time is not installed (Debian package time)"
source=$CAPTURE/synthetic-walk-12-objects-1080p.mp4
video=bench/.cache/walk-3min-1080p.mp4
if [ ! -f "$video" ]; then
  [ -f "$source" ] || die "no $source (set CAPTURE to the capture corpus's video folder)"
  mkdir -p bench/.cache
  ffmpeg -v error -y -stream_loop 2 -i "$source" -c copy -movflags +faststart -f mp4 "$video.part"
  mv "$video.part" "$video"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-bench-video.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "Video: candidate frames of $(ffprobe -v error -show_entries format=duration -of csv=p=0 "$video" | cut -d. -f1) s of 1080p ($video), $VIDEO_ROUNDS rounds each, alternately"
for round in $(seq "$VIDEO_ROUNDS"); do
  /usr/bin/time -f "%e %M" -o "$tmp/ours.$round" "$VIDEO_BIN" "$video" > "$tmp/frames.json"
  /usr/bin/time -f "%e %M" -o "$tmp/ffmpeg.$round" ffmpeg -v error -nostdin -i "$video" -vf "select=gt(scene\,0.3)" -f null -
done
python3 - "$tmp" "$VIDEO_ROUNDS" <<'PY'
import json, statistics, sys
folder, rounds = sys.argv[1], int(sys.argv[2])
def runs(name):
    rows = [open(f"{folder}/{name}.{n}").read().split()[-2:] for n in range(1, rounds + 1)]
    return statistics.median(float(s) for s, _ in rows), max(int(kb) for _, kb in rows) / 1024
ours, ours_mb = runs("ours")
ffmpeg, ffmpeg_mb = runs("ffmpeg")
frames = json.load(open(f"{folder}/frames.json"))
work = frames["work"]
print(f"  candidate frames (homepwner-video)  {ours:7.2f} s   peak {ours_mb:6.0f} MB   {len(frames['frames'])} candidates, "
      f"{work['framesDecoded']} of {work['samplesRead']} frames decoded, {work['framesLookedAt']} looked at")
print(f"  ffmpeg select=gt(scene,0.3)         {ffmpeg:7.2f} s   peak {ffmpeg_mb:6.0f} MB")
print(f"  ratio ours / ffmpeg                 {ours / ffmpeg:7.2f}×  (goal ≤ 1.0×)")
PY
