#ifndef HP_ICU_H
#define HP_ICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU4C 72 (Debian libicu-dev) behind a small C interface: MessageFormat with named arguments,
/// text in and out as UTF-8. Debian's ICU (namespace icu_72, C functions suffixed _72) and the
/// ICU inside Swift's Foundation (icu_76, C functions prefixed swift_) share no symbol.

/// What went wrong: ICU's error code (0: none) and a sentence saying where.
typedef struct {
    int code;
    char text[240];
} hp_icu_error;

/// One message compiled for one locale. Formatting is not thread-safe (ICU fills in plural rules
/// on first use): one caller at a time per message.
typedef struct hp_message hp_message;

/// An argument by name: text, an integer or a decimal number.
typedef enum { HP_ARGUMENT_TEXT = 0, HP_ARGUMENT_INTEGER = 1, HP_ARGUMENT_DOUBLE = 2 } hp_argument_kind;
typedef struct {
    const char *name;
    hp_argument_kind kind;
    const char *text;
    int64_t integer;
    double number;
} hp_argument;

/// The message `pattern` (UTF-8, `length` bytes) compiled for `locale` (a BCP 47 tag); NULL and the
/// error when it does not parse or numbers its arguments instead of naming them.
hp_message *hp_message_open(const char *locale, const char *pattern, size_t length, hp_icu_error *error);
void hp_message_free(hp_message *message);

/// The names of the arguments the message uses, each once, in order, joined by '\n' (malloc'd;
/// free with hp_free).
char *hp_message_argument_names(const hp_message *message);

/// The message with its arguments, as UTF-8 (malloc'd; free with hp_free); NULL and the error when
/// an argument the message names is not given or is of the wrong kind.
char *hp_message_format(hp_message *message, const hp_argument *arguments, int count, hp_icu_error *error);

/// The pseudo-localized pattern: letters of its own text accented, wrapped in brackets and padded
/// by 40 % of its text's length; arguments and ICU syntax kept as they are. NULL and the error when
/// the pattern does not parse.
char *hp_message_pseudo(const char *pattern, size_t length, hp_icu_error *error);

/// Whether `locale`'s script is written right to left (uloc_isRightToLeft).
int hp_locale_is_right_to_left(const char *locale);

/// Which of `available` (BCP 47 tags) an HTTP Accept-Language header asks for first, by
/// ICU's uloc_acceptLanguageFromHTTP; -1 when none.
int hp_accept_language(const char *header, const char *const *available, int count);

/// A number formatter of ICU's (unum) for one locale: grouped whole numbers (`currency` NULL) or
/// amounts in one currency (an ISO 4217 code), always with exactly `fraction_digits` decimals.
/// Not thread-safe: one caller at a time per formatter.
typedef struct hp_number hp_number;
hp_number *hp_number_open(const char *locale, const char *currency, int fraction_digits, hp_icu_error *error);
void hp_number_free(hp_number *number);

/// The exact decimal `decimal` (ASCII: an optional '-', digits, optionally '.' and digits), by
/// unum_formatDecimal: never through a double. Malloc'd UTF-8; NULL and the error on failure.
char *hp_number_format_decimal(hp_number *number, const char *decimal, hp_icu_error *error);

/// The locale's symbols as this formatter writes them (UTF-8, malloc'd): `which` 0 the decimal
/// separator, 1 the grouping separator, 2 the minus sign, 3 the digit zero.
char *hp_number_symbol(const hp_number *number, int which);

/// The currency's symbol in `locale` (ucurr_getName's symbol name: "€", "US$", "£"); malloc'd UTF-8.
char *hp_currency_symbol(const char *locale, const char *currency);

/// A date formatter of ICU's (udat) for one locale, in UTC, its pattern the locale's best for
/// `skeleton` (udatpg: "yMMMd", "yMMM", "yMMMdjjmm"). Not thread-safe: one caller at a time.
/// `items` as the locale lists alternatives (`a, b oder c`), as UTF-8 (malloc'd; free with hp_free);
/// joined with commas when ICU cannot.
char *hp_list_or(const char *locale, const char *const *items, int count);

typedef struct hp_date hp_date;
hp_date *hp_date_open(const char *locale, const char *skeleton, hp_icu_error *error);
void hp_date_free(hp_date *date);
/// The instant `milliseconds` after 1970-01-01T00:00Z as the formatter writes it (malloc'd UTF-8).
char *hp_date_format(hp_date *date, double milliseconds, hp_icu_error *error);
/// The formatter's pattern (malloc'd UTF-8), e.g. "d MMM y".
char *hp_date_pattern(const hp_date *date);

/// The first day of the week in `locale`'s region (ucal: 1 Sunday, 2 Monday … 7 Saturday).
int hp_locale_first_weekday(const char *locale);
/// Whether `locale` writes the time of day with a 24-hour clock (its "j" hour is H or k).
int hp_locale_uses_24_hour_clock(const char *locale);
/// The paper `locale`'s region prints on, in millimetres (CLDR's paperSize: 297 × 210 for A4,
/// 279 × 216 for US Letter); 0 when ICU does not know.
int hp_locale_paper_size(const char *locale, int *height, int *width);

void hp_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
