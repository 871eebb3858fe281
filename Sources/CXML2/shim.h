// libxml2's SAX2 parser, for XMP face regions (Sources/Imaging/XMLEventReader.swift). Swift calls it
// directly: everything used takes fixed arguments, and the SAX handler is a plain struct.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so encoding.h includes ICU's headers, whose types clash with
// the copy Foundation bundles (_FoundationICU) in any module importing both. Only the ICU fields at
// the end of xmlCharEncodingHandler depend on it, a struct we never touch (only pointers to it).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
