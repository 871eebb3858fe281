// Helpers shared by the shim's files (not part of its C interface).
#ifndef HP_ICU_SUPPORT_H
#define HP_ICU_SUPPORT_H

#include "hp_icu.h"

#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static inline void fail(hp_icu_error *error, int code, const char *text) {
    if (!error) return;
    error->code = code;
    snprintf(error->text, sizeof error->text, "%s", text);
}

static inline void clear(hp_icu_error *error) {
    if (!error) return;
    error->code = 0;
    error->text[0] = '\0';
}

static inline char *copy(const std::string &text) {
    char *out = static_cast<char *>(malloc(text.size() + 1));
    if (out) memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

static inline std::string utf8(const icu::UnicodeString &text) {
    std::string out;
    text.toUTF8String(out);
    return out;
}

static inline icu::Locale locale_for(const char *tag) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::forLanguageTag(tag, status);
    return U_FAILURE(status) ? icu::Locale::getRoot() : locale;
}

#endif
