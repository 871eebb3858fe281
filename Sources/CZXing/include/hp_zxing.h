#ifndef HP_ZXING_H
#define HP_ZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One symbol read: its format as zxing-cpp names it ("EAN-13", "QRCode", …), its text (UTF-8,
/// not NUL-terminated: GS1 separators and other control characters are kept) and its corners in
/// the pixels given, clockwise from the symbol's top left.
typedef struct {
    char format[24];
    char *text;
    size_t text_length;
    int x[4];
    int y[4];
} hp_code;

/// What one call read. `error` is empty unless the reader failed (memory); `count` is at most
/// the `max_codes` asked for.
typedef struct {
    hp_code *codes;
    int count;
    char error[160];
} hp_codes;

/// Reads every symbol zxing-cpp knows in 8-bit grey pixels (`width` × `height`, rows packed).
/// `max_codes` (1–255) bounds how many are returned; with `try_harder` and `try_rotate` zxing-cpp
/// looks closer and at 90°, and an image where nothing was found is read again at other sizes and
/// tilts; with `try_invert` with its grey levels inverted (light bars on dark). Codes whose text
/// holds NUL or C1 control characters are not returned. Never throws; free the result with
/// hp_codes_free.
void hp_read_codes(const uint8_t *grey, int width, int height, int max_codes,
                   int try_harder, int try_rotate, int try_invert, hp_codes *out);

void hp_codes_free(hp_codes *codes);

/// zxing-cpp's version as its headers give it ("1.4.0").
const char *hp_zxing_version(void);

#ifdef __cplusplus
}
#endif

#endif
