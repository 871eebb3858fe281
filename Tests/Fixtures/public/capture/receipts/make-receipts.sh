#!/usr/bin/env bash
# Makes the project's own receipts for TextReadingTests (CC0-1.0, like everything this script draws):
# ImageMagick draws the text with pango (DejaVu Sans Mono), then they are "photographed" or scanned.
#   own-receipt-scan.png    a clean scan: shop, a day-first date (14/03/2024), lines, TOTAL 1,234.50
#   own-receipt-photo.jpg   the same receipt turned 90° (a photo taken sideways), blurred, with noise
#   own-receipt-us.png      a US receipt: an ambiguous date (03/04/2024, month first with $), TOTAL $86.20
# Run from this folder: ./make-receipts.sh (needs ImageMagick with pango).
set -euo pipefail
cd "$(dirname "$0")"
draw() { # text file out
  convert -background white -fill black -font "DejaVu-Sans-Mono" -density 300 -pointsize 9 \
    pango:"<span font_family=\"DejaVu Sans Mono\">$1</span>" -bordercolor white -border 60 -alpha off "$2"
}
draw "HARBOUR HARDWARE LTD
12 Quay Street, Portsmouth
Tel 023 9200 1234

Date: 14/03/2024   Time: 10:42
Receipt No: 000482

Cordless drill 18V      899.00
Drill bit set            45.50
Wall plugs x100           9.99
Extension lead 10m       80.01
Work lamp LED           200.00

SUBTOTAL               1,234.50
VAT 20% incl.            205.75
TOTAL                  1,234.50
CARD                   1,234.50

Thank you for shopping with us" own-receipt-scan.png
convert own-receipt-scan.png -rotate 90 -blur 0x0.8 -attenuate 0.3 +noise Gaussian -colorspace Gray -quality 85 own-receipt-photo.jpg
draw "CORNER ELECTRONICS INC
401 Main St, Springfield

03/04/2024  4:15 PM

USB-C cable 2m          \$12.99
Wall charger 30W        \$29.99
HDMI cable              \$35.00
Sales tax                \$8.22

TOTAL                   \$86.20
VISA                    \$86.20" own-receipt-us.png
