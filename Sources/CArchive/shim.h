// libarchive: zip archives read (Homebox's export, our own) and written (our export), as streams.
// Swift calls it directly: everything used takes fixed arguments. The file-type macros are casts,
// which Swift does not import, so they come as functions.
#include <archive.h>
#include <archive_entry.h>

static inline unsigned int hp_archive_type_regular(void) { return AE_IFREG; }
static inline unsigned int hp_archive_type_directory(void) { return AE_IFDIR; }
static inline unsigned int hp_archive_type_symlink(void) { return AE_IFLNK; }
