// pango (text shaped by HarfBuzz, fonts found by fontconfig) drawn with cairo onto cairo's PDF surface.
// Swift calls all of it directly: the functions used take fixed arguments.
#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
