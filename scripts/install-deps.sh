#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those missing. Idempotent.
#   scripts/install-deps.sh build|test|bench|reliability
#   scripts/install-deps.sh test --list     only names them, one a line (scripts/check_test_tools.py)
set -euo pipefail

build=(pkg-config libmicrohttpd-dev libsqlite3-dev libsodium-dev libvips-dev libpoppler-glib-dev libcairo2-dev libpango1.0-dev libarchive-dev libxlsxwriter-dev libqrencode-dev libcurl4-openssl-dev tzdata libssl-dev libxml2-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libzxing-dev libgettextpo-dev libicu-dev libtesseract-dev libleptonica-dev tesseract-ocr-eng tesseract-ocr-osd fonts-noto-color-emoji fonts-noto-core fonts-noto-cjk)
test=(chromium chromium-driver python3-venv openssl curl libvips-tools poppler-utils zbar-tools restic unzip ffmpeg libreoffice-calc-nogui libreoffice-common python3-aiosmtpd)
reliability=(wrk)
bench=(wrk nginx-light libvips-tools imagemagick libjpeg-turbo-progs hyperfine time libimage-exiftool-perl ffmpeg zbar-tools tesseract-ocr)

wanted=("${build[@]}")
case "${1:-build}" in
  build) ;;
  test) wanted+=("${test[@]}") ;;
  bench) wanted+=("${test[@]}" "${bench[@]}") ;;
  reliability) wanted+=("${test[@]}" "${reliability[@]}") ;;
  *) echo "usage: $0 build|test|bench|reliability [--list]" >&2; exit 2 ;;
esac
if [ "${2:-}" = --list ]; then printf '%s\n' "${wanted[@]}"; exit 0; fi

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
