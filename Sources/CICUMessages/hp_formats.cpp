// Dates, numbers and amounts as a locale writes them: ICU's C formatters (unum, udat) from the
// same Debian ICU 72 (the same CLDR) as the messages.
#include "hp_icu.h"
#include "hp_icu_support.h"

#include <unicode/ucal.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ulistformatter.h>
#include <unicode/ulocdata.h>
#include <unicode/unum.h>

#include <new>
#include <vector>

using namespace icu;

struct hp_number {
    UNumberFormat *format;
    bool isCurrency;
};

struct hp_date {
    UDateFormat *format;
};

static const int capacity = 256;

static std::string utf8(const UChar *text, int32_t length) { return utf8(UnicodeString(text, length)); }

hp_number *hp_number_open(const char *locale, const char *currency, int fraction_digits, hp_icu_error *error) {
    clear(error);
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(currency ? UNUM_CURRENCY : UNUM_DECIMAL, nullptr, 0, id.c_str(), nullptr, &status);
    if (U_FAILURE(status)) { fail(error, status, u_errorName(status)); return nullptr; }
    if (currency) {
        UChar code[4] = {0};
        u_charsToUChars(currency, code, 3);
        unum_setTextAttribute(format, UNUM_CURRENCY_CODE, code, 3, &status);
        if (U_FAILURE(status)) { fail(error, status, "the currency code is not one ICU knows"); unum_close(format); return nullptr; }
    }
    // CLDR's minimum grouping: Spanish writes 1234 but 12.345.
    unum_setAttribute(format, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
    unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, fraction_digits);
    unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, fraction_digits);
    // Exact decimals are given: nothing to round, and a rounding would be a bug, not a format.
    unum_setAttribute(format, UNUM_ROUNDING_MODE, UNUM_ROUND_UNNECESSARY);
    hp_number *number = new (std::nothrow) hp_number{format, currency != nullptr};
    if (!number) { unum_close(format); fail(error, U_MEMORY_ALLOCATION_ERROR, "out of memory"); }
    return number;
}

void hp_number_free(hp_number *number) {
    if (!number) return;
    unum_close(number->format);
    delete number;
}

char *hp_number_format_decimal(hp_number *number, const char *decimal, hp_icu_error *error) {
    clear(error);
    UChar out[capacity];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatDecimal(number->format, decimal, static_cast<int32_t>(strlen(decimal)), out, capacity, nullptr, &status);
    if (U_FAILURE(status) || length >= capacity) {
        fail(error, U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR, U_FAILURE(status) ? u_errorName(status) : "the number is too long");
        return nullptr;
    }
    return copy(utf8(out, length));
}

char *hp_number_symbol(const hp_number *number, int which) {
    static const UNumberFormatSymbol symbols[] = {UNUM_DECIMAL_SEPARATOR_SYMBOL, UNUM_GROUPING_SEPARATOR_SYMBOL,
                                                  UNUM_MINUS_SIGN_SYMBOL, UNUM_ZERO_DIGIT_SYMBOL};
    if (which < 0 || which > 3) return copy("");
    // An amount is written with the locale's monetary separators (the same as its others in CLDR's
    // shipped locales, but a currency formatter uses these).
    UNumberFormatSymbol symbol = symbols[which];
    if (number->isCurrency && which == 0) symbol = UNUM_MONETARY_SEPARATOR_SYMBOL;
    if (number->isCurrency && which == 1) symbol = UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL;
    UChar out[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getSymbol(number->format, symbol, out, 32, &status);
    return copy(U_FAILURE(status) ? std::string() : utf8(out, length));
}

char *hp_currency_symbol(const char *locale, const char *currency) {
    UChar code[4] = {0};
    u_charsToUChars(currency, code, 3);
    std::string id = locale_for(locale).getName();
    UBool isChoice = false;
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    const UChar *name = ucurr_getName(code, id.c_str(), UCURR_SYMBOL_NAME, &isChoice, &length, &status);
    return copy(U_FAILURE(status) || !name ? std::string(currency) : utf8(name, length));
}

char *hp_list_or(const char *locale, const char *const *items, int count) {
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    UListFormatter *formatter = ulistfmt_openForType(id.c_str(), ULISTFMT_TYPE_OR, ULISTFMT_WIDTH_WIDE, &status);
    std::vector<UnicodeString> strings;
    for (int index = 0; index < count; index++) strings.push_back(UnicodeString::fromUTF8(items[index]));
    std::vector<const UChar *> pointers;
    std::vector<int32_t> lengths;
    for (const UnicodeString &string : strings) { pointers.push_back(string.getBuffer()); lengths.push_back(string.length()); }
    std::string joined;
    if (U_SUCCESS(status)) {
        int32_t length = ulistfmt_format(formatter, pointers.data(), lengths.data(), count, nullptr, 0, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            status = U_ZERO_ERROR;
            std::vector<UChar> buffer(length + 1);
            ulistfmt_format(formatter, pointers.data(), lengths.data(), count, buffer.data(), length + 1, &status);
            if (U_SUCCESS(status)) joined = utf8(buffer.data(), length);
        }
    }
    if (formatter) ulistfmt_close(formatter);
    if (U_FAILURE(status) || joined.empty()) {
        for (int index = 0; index < count; index++) joined += (index ? ", " : "") + std::string(items[index]);
    }
    return copy(joined);
}

hp_date *hp_date_open(const char *locale, const char *skeleton, hp_icu_error *error) {
    clear(error);
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    UDateTimePatternGenerator *generator = udatpg_open(id.c_str(), &status);
    if (U_FAILURE(status)) { fail(error, status, u_errorName(status)); return nullptr; }
    UnicodeString wanted = UnicodeString::fromUTF8(skeleton);
    UChar pattern[capacity];
    int32_t length = udatpg_getBestPattern(generator, wanted.getBuffer(), wanted.length(), pattern, capacity, &status);
    udatpg_close(generator);
    if (U_FAILURE(status) || length >= capacity) { fail(error, U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR, "no pattern for the skeleton"); return nullptr; }
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, id.c_str(), u"UTC", -1, pattern, length, &status);
    if (U_FAILURE(status)) { fail(error, status, u_errorName(status)); return nullptr; }
    // Proleptic Gregorian: a purchase in 1500 is dated as the calendar today counts back.
    UCalendar *calendar = const_cast<UCalendar *>(udat_getCalendar(format));
    ucal_setGregorianChange(calendar, -1.0e300, &status);
    hp_date *date = new (std::nothrow) hp_date{format};
    if (!date) { udat_close(format); fail(error, U_MEMORY_ALLOCATION_ERROR, "out of memory"); }
    return date;
}

void hp_date_free(hp_date *date) {
    if (!date) return;
    udat_close(date->format);
    delete date;
}

char *hp_date_format(hp_date *date, double milliseconds, hp_icu_error *error) {
    clear(error);
    UChar out[capacity];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = udat_format(date->format, milliseconds, out, capacity, nullptr, &status);
    if (U_FAILURE(status) || length >= capacity) { fail(error, U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR, "the date does not fit"); return nullptr; }
    return copy(utf8(out, length));
}

char *hp_date_pattern(const hp_date *date) {
    UChar out[capacity];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = udat_toPattern(date->format, false, out, capacity, &status);
    return copy(U_FAILURE(status) || length >= capacity ? std::string() : utf8(out, length));
}

int hp_locale_first_weekday(const char *locale) {
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *calendar = ucal_open(u"UTC", -1, id.c_str(), UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) return 1;
    int first = ucal_getAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK);
    ucal_close(calendar);
    return first;
}

int hp_locale_paper_size(const char *locale, int *height, int *width) {
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    int32_t h = 0, w = 0;
    ulocdata_getPaperSize(id.c_str(), &h, &w, &status);
    if (U_FAILURE(status)) return 0;
    *height = h;
    *width = w;
    return 1;
}

int hp_locale_uses_24_hour_clock(const char *locale) {
    std::string id = locale_for(locale).getName();
    UErrorCode status = U_ZERO_ERROR;
    UDateTimePatternGenerator *generator = udatpg_open(id.c_str(), &status);
    if (U_FAILURE(status)) return 0;
    UChar pattern[capacity];
    int32_t length = udatpg_getBestPattern(generator, u"j", 1, pattern, capacity, &status);
    udatpg_close(generator);
    if (U_FAILURE(status)) return 0;
    for (int32_t i = 0; i < length && i < capacity; i++)
        if (pattern[i] == u'H' || pattern[i] == u'k') return 1;
    return 0;
}
