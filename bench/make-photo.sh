#!/usr/bin/env bash
# Makes one camera-like test photo for the benchmark: bench/make-photo.sh WIDTH HEIGHT SEED OUT.jpg
#
# Not noise: broad light and shade, slow colour casts, mid-size texture and a few soft-edged
# shapes, plus a mild sensor-like grain (Gaussian, sigma 6), in sRGB, saved as a JPEG at Q=90.
# That compresses like a real photo (a 12 MP one is 3–4 MB), where pure noise would make files
# several times larger and slower to decode than any camera's. Deterministic for a given SEED
# (and libvips version). Uses the vips command-line tool only; intermediates go to a temp folder.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 WIDTH HEIGHT SEED OUT.jpg" >&2; exit 2; }
W=$1 H=$2 S=$3 OUT=$4

t=$(mktemp -d "${TMPDIR:-/tmp}/homepwner-photo.XXXXXX")
trap 'rm -rf "$t"' EXIT
trap 'exit 143' TERM INT

# field NAME BANDS SCALE SIGMA [THRESHOLD]: a smooth random W×H field with features about SCALE
# pixels across, upscaled from coarse noise. With THRESHOLD, a 0/255 mask of where the field is
# above it instead, its edges a pixel or two soft (like a shape in focus).
field() {
  local name=$1 bands=$2 scale=$3 sigma=$4 threshold=${5:-} b parts=""
  for b in $(seq "$bands"); do
    vips gaussnoise "$t/$name-s$b.v" $((W / scale + 3)) $((H / scale + 3)) --sigma "$sigma" --mean 0 \
      --seed $((S * 101 + scale * 7 + b))
    parts+="$t/$name-s$b.v "
  done
  if [ "$bands" -gt 1 ]; then vips bandjoin "$parts" "$t/$name-j.v"; else mv "$t/$name-s1.v" "$t/$name-j.v"; fi
  # Up at most 4× at a time: one big step leaves visible interpolation steps. The last step ≤ 6×.
  local rest=$scale
  while awk -v r="$rest" 'BEGIN { exit !(r > 6) }'; do
    vips resize "$t/$name-j.v" "$t/$name-a.v" 4 --kernel cubic
    mv "$t/$name-a.v" "$t/$name-j.v"
    rest=$(awk -v r="$rest" 'BEGIN { print r / 4 }')
  done
  if [ -n "$threshold" ]; then
    vips relational_const "$t/$name-j.v" "$t/$name-m.v" moreeq "$threshold"
    vips gaussblur "$t/$name-m.v" "$t/$name-j.v" 0.7
  fi
  vips resize "$t/$name-j.v" "$t/$name-r.v" "$rest" --kernel cubic
  vips crop "$t/$name-r.v" "$t/$name.v" "$scale" "$scale" "$W" "$H"
  rm -f "$t/$name"-[sjamr]*.v
}

field light 1 $((W / 6)) 45          # broad light and shade
field colour 3 $((W / 5)) 22         # slow colour casts
field detail 1 48 10                 # mid-size texture
field shape 1 $((W / 12)) 1 0.35     # shapes with edges
vips linear "$t/shape.v" "$t/edges.v" 0.3 0
# A gentle gradient across the frame, as from a window.
vips xyz "$t/xy.v" "$W" "$H"
awk -v w="$W" -v h="$H" 'BEGIN { printf "2 1\n%g %g\n", 40 / w, -30 / h }' >"$t/gradient.mat"
vips recomb "$t/xy.v" "$t/gradient.v" "$t/gradient.mat"
vips gaussnoise "$t/grain.v" "$W" "$H" --sigma 6 --mean 0 --seed "$S"
vips sum "$t/light.v $t/colour.v $t/detail.v $t/edges.v $t/gradient.v $t/grain.v" "$t/sum.v"
vips linear "$t/sum.v" "$t/offset.v" 1 80
vips cast "$t/offset.v" "$t/uchar.v" uchar
vips copy "$t/uchar.v" "$t/srgb.v" --interpretation srgb
vips jpegsave "$t/srgb.v" "$OUT" --Q 90
