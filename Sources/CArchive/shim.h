// libarchive: zip archives read (Homebox's export, our own) and written (our export), as streams.
// Swift calls it directly: everything used takes fixed arguments.
#include <archive.h>
#include <archive_entry.h>
