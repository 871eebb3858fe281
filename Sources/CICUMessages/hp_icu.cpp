#include "hp_icu.h"
#include "hp_icu_support.h"

#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

using namespace icu;

struct hp_message {
    MessageFormat *format;
    std::vector<UnicodeString> names;
};

static void parse_failure(hp_icu_error *error, UErrorCode status, const UParseError &where) {
    UnicodeString before(where.preContext), after(where.postContext);
    char text[240];
    snprintf(text, sizeof text, "%s at offset %d, between “%s” and “%s”", u_errorName(status), where.offset,
             utf8(before).c_str(), utf8(after).c_str());
    fail(error, status, text);
}

hp_message *hp_message_open(const char *locale, const char *pattern, size_t length, hp_icu_error *error) {
    clear(error);
    UnicodeString text = UnicodeString::fromUTF8(StringPiece(pattern, static_cast<int32_t>(length)));
    UParseError where{};
    UErrorCode status = U_ZERO_ERROR;
    MessagePattern parsed(text, &where, status);
    if (U_FAILURE(status)) { parse_failure(error, status, where); return nullptr; }
    std::vector<UnicodeString> names;
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() == UMSGPAT_PART_TYPE_ARG_NUMBER) {
            fail(error, U_ILLEGAL_ARGUMENT_ERROR, "the message numbers an argument ({0}); name it ({count})");
            return nullptr;
        }
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_NAME) continue;
        UnicodeString name = parsed.getSubstring(part);
        bool seen = false;
        for (const auto &known : names) seen = seen || known == name;
        if (!seen) names.push_back(name);
    }
    MessageFormat *format = new MessageFormat(  // UMemory: NULL when out of memory
        text, locale_for(locale), where, status);
    if (!format) { fail(error, U_MEMORY_ALLOCATION_ERROR, "out of memory"); return nullptr; }
    if (U_FAILURE(status)) { parse_failure(error, status, where); delete format; return nullptr; }
    hp_message *message = new (std::nothrow) hp_message{format, names};
    if (!message) { delete format; fail(error, U_MEMORY_ALLOCATION_ERROR, "out of memory"); }
    return message;
}

void hp_message_free(hp_message *message) {
    if (!message) return;
    delete message->format;
    delete message;
}

char *hp_message_argument_names(const hp_message *message) {
    std::string joined;
    for (size_t i = 0; i < message->names.size(); i++) {
        if (i > 0) joined += '\n';
        joined += utf8(message->names[i]);
    }
    return copy(joined);
}

char *hp_message_format(hp_message *message, const hp_argument *arguments, int count, hp_icu_error *error) {
    clear(error);
    std::vector<UnicodeString> names;
    std::vector<Formattable> values;
    for (int i = 0; i < count; i++) {
        names.push_back(UnicodeString::fromUTF8(arguments[i].name));
        switch (arguments[i].kind) {
        case HP_ARGUMENT_INTEGER: values.emplace_back(static_cast<int64_t>(arguments[i].integer)); break;
        case HP_ARGUMENT_DOUBLE: values.emplace_back(arguments[i].number); break;
        default: values.emplace_back(UnicodeString::fromUTF8(arguments[i].text)); break;
        }
    }
    // ICU writes a missing argument back as "{name}"; a message is wrong without all of them.
    for (const auto &wanted : message->names) {
        bool given = false;
        for (const auto &name : names) given = given || name == wanted;
        if (!given) {
            std::string text = "the argument “" + utf8(wanted) + "” is not given";
            fail(error, U_ILLEGAL_ARGUMENT_ERROR, text.c_str());
            return nullptr;
        }
    }
    UnicodeString out;
    UErrorCode status = U_ZERO_ERROR;
    message->format->format(names.data(), values.data(), count, out, status);
    if (U_FAILURE(status)) {
        std::string text = std::string(u_errorName(status)) + " while formatting (an argument of the wrong kind?)";
        fail(error, status, text.c_str());
        return nullptr;
    }
    return copy(utf8(out));
}

/// A letter of the pseudo-locale: the same letter with a mark, so untranslated text stands out
/// while the page stays readable.
static UChar32 accented(UChar32 c) {
    static const char16_t *lower = u"ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ";
    static const char16_t *upper = u"ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ";
    if (c >= 'a' && c <= 'z') return lower[c - 'a'];
    if (c >= 'A' && c <= 'Z') return upper[c - 'A'];
    return c;
}

char *hp_message_pseudo(const char *pattern, size_t length, hp_icu_error *error) {
    clear(error);
    UnicodeString text = UnicodeString::fromUTF8(StringPiece(pattern, static_cast<int32_t>(length)));
    UParseError where{};
    UErrorCode status = U_ZERO_ERROR;
    MessagePattern parsed(text, &where, status);
    if (U_FAILURE(status)) { parse_failure(error, status, where); return nullptr; }
    UnicodeString out;
    int32_t literal = 0, previousLimit = 0;
    UMessagePatternPartType previous = UMSGPAT_PART_TYPE_MSG_START;
    for (int32_t i = 0; i < parsed.countParts(); i++) {
        const MessagePattern::Part &part = parsed.getPart(i);
        UnicodeString gap(text, previousLimit, part.getIndex() - previousLimit);
        // Text between these parts is the message's own; between others it is ICU's syntax.
        bool isText = previous == UMSGPAT_PART_TYPE_MSG_START || previous == UMSGPAT_PART_TYPE_ARG_LIMIT ||
                      previous == UMSGPAT_PART_TYPE_REPLACE_NUMBER || previous == UMSGPAT_PART_TYPE_SKIP_SYNTAX ||
                      previous == UMSGPAT_PART_TYPE_INSERT_CHAR;
        if (isText) {
            literal += gap.countChar32();
            for (int32_t j = 0; j < gap.length();) {
                UChar32 c = gap.char32At(j);
                out.append(accented(c));
                j += U16_LENGTH(c);
            }
        } else {
            out.append(gap);
        }
        out.append(text, part.getIndex(), part.getLength());
        previousLimit = part.getLimit();
        previous = part.getType();
    }
    out.append(text, previousLimit, text.length() - previousLimit);
    UnicodeString padded(u"[");
    padded.append(out).append(u' ');
    int32_t padding = static_cast<int32_t>(std::ceil(literal * 0.4));
    if (padding < 1) padding = 1;
    // In words of six dots, as a longer language's text breaks between words: one unbroken run would
    // widen a phone's page as no real translation does.
    for (int32_t i = 0; i < padding; i++) padded.append(static_cast<UChar>(i % 7 == 6 && i + 1 < padding ? u' ' : 0x00B7));
    padded.append(u']');
    return copy(utf8(padded));
}

int hp_locale_is_right_to_left(const char *locale) {
    return uloc_isRightToLeft(locale_for(locale).getName()) ? 1 : 0;
}

int hp_accept_language(const char *header, const char *const *available, int count) {
    std::vector<std::string> ids;
    std::vector<const char *> pointers;
    for (int i = 0; i < count; i++) ids.push_back(locale_for(available[i]).getName());
    for (const auto &id : ids) pointers.push_back(id.c_str());
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *list = uenum_openCharStringsEnumeration(pointers.data(), count, &status);
    if (U_FAILURE(status)) return -1;
    char result[ULOC_FULLNAME_CAPACITY];
    UAcceptResult outcome;
    int32_t length = uloc_acceptLanguageFromHTTP(result, sizeof result, &outcome, header, list, &status);
    uenum_close(list);
    if (U_FAILURE(status) || outcome == ULOC_ACCEPT_FAILED || length <= 0 || length >= (int32_t)sizeof result) return -1;
    for (int i = 0; i < count; i++)
        if (ids[i] == result) return i;
    return -1;
}

void hp_free(void *pointer) { free(pointer); }
