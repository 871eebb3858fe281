#!/bin/sh
# Makes the installed app's PNG icons (Static/icons/app/) from Static/icons/icon.svg, with libvips
# (its SVG loader is librsvg). Run once after icon.svg changes, and commit the PNGs: the manifest and
# the head of every page name them, and iOS and Android want PNGs, not SVG.
#   any-*.png       the icon as drawn (rounded corners, transparent outside): Android's launcher, the favicon
#   apple-touch-*   full square, no transparency: iOS rounds the corners itself and shows
#                   transparent pixels as black
#   maskable-512    full square with the house inside the middle 80 % circle, which Android's masks
#                   (circle, squircle, teardrop) always keep
set -eu
cd "$(dirname "$0")/../Sources/App/Static/icons"
out=app
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
house=$(sed -n 's/.*<path d="\([^"]*\)".*/\1/p' icon.svg)
blue=$(sed -n 's/.*<rect [^>]*fill="\([^"]*\)".*/\1/p' icon.svg)
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="%s"/><path d="%s" fill="#fff"/></svg>\n' \
    "$blue" "$house" > "$work/square.svg"
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="%s"/><path transform="translate(12 12) scale(0.8) translate(-12 -12)" d="%s" fill="#fff"/></svg>\n' \
    "$blue" "$house" > "$work/maskable.svg"
mkdir -p "$out"
for size in 32 192 512; do vips thumbnail icon.svg "$out/any-$size.png" "$size"; done
for size in 152 167 180; do vips thumbnail "$work/square.svg" "$work/square-$size.png" "$size" && vips flatten "$work/square-$size.png" "$out/apple-touch-$size.png"; done
vips thumbnail "$work/maskable.svg" "$work/maskable.png" 512 && vips flatten "$work/maskable.png" "$out/maskable-512.png"
# No metadata: the same PNGs on every run, and nothing in them but pixels.
for file in "$out"/*.png; do vips copy "$file" "$work/strip.png[strip]" && mv "$work/strip.png" "$file"; done
