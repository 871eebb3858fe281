#ifndef HP_PO_H
#define HP_PO_H

#include <stddef.h>
#include <gettext-po.h>

/// Reads a PO file with GNU gettext's own reader. On success the file (free it with po_file_free);
/// on failure NULL and the reader's first error, "file:line:column: text", in `error`.
/// libgettextpo's handler must not return on a fatal error, which Swift cannot do: this C wrapper
/// jumps back out of the reader instead.
po_file_t hp_po_file_read(const char *filename, char *error, size_t error_size);

#endif
