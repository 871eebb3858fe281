// poppler-glib (PDF pages) and cairo (their pixels, PNG out; PDFs for tests). Swift calls both
// directly: everything used here takes fixed arguments.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
