#pragma once

#include <vips/vips.h>

/// An image made ready for OCR: upright (EXIF orientation applied), fitting box × box (enlarged
/// when smaller: tesseract reads best with text about 30 px high), transparency on white, one
/// 8-bit grey band (16-bit samples shifted down, not clipped). JPEGs shrink on load, so a 100 MP
/// photo is never decoded whole. Truncated files fail instead of being padded.
static inline int hp_vips_reading_grey(const char *path, const void *data, size_t length, VipsImage **out, int box) {
    VipsImage *fitted = NULL, *flat = NULL, *grey = NULL, *band = NULL;
    int status = path
        ? vips_thumbnail(path, &fitted, box, "height", box, "size", VIPS_SIZE_BOTH,
                         "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_buffer((void *) data, length, &fitted, box, "height", box, "size", VIPS_SIZE_BOTH,
                                "option_string", "fail_on=truncated", NULL);
    if (status != 0) return status;
    if (vips_image_hasalpha(fitted)) {
        double most = vips_image_get_format(fitted) == VIPS_FORMAT_USHORT ? 65535.0 : 255.0;
        VipsArrayDouble *white = vips_array_double_newv(1, most);
        status = vips_flatten(fitted, &flat, "background", white, "max_alpha", most, NULL);
        vips_area_unref(VIPS_AREA(white));
    } else {
        status = vips_copy(fitted, &flat, NULL);
    }
    status = status != 0 ||
        vips_colourspace(flat, &grey, vips_image_get_format(flat) == VIPS_FORMAT_USHORT
                         ? VIPS_INTERPRETATION_GREY16 : VIPS_INTERPRETATION_B_W, NULL) != 0 ||
        vips_extract_band(grey, &band, 0, NULL) != 0 ||
        vips_cast(band, out, VIPS_FORMAT_UCHAR, "shift", vips_image_get_format(band) == VIPS_FORMAT_USHORT, NULL) != 0 ? -1 : 0;
    VIPS_UNREF(band);
    VIPS_UNREF(grey);
    VIPS_UNREF(flat);
    g_object_unref(fitted);
    return status;
}
