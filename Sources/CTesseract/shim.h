#pragma once

// tesseract 5.3's C API (Debian libtesseract-dev). Every call used takes fixed arguments; the
// monitor's cancel callback is a plain C function pointer, made from a Swift closure without captures.
#include <tesseract/capi.h>
