#pragma once

#include <malloc.h>
#include <vips/vips.h>
#include "decoders.h"

/* libvips in fixed-argument form: Swift cannot call variadic C functions or G_OBJECT-style macros. */

static inline void hp_vips_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain; (void) level; (void) message; (void) data;
}

/// Starts libvips once: untrusted loaders (SVG, PDF, ImageMagick, …) blocked, no operation cache,
/// and its warnings silenced (a damaged photo is reported by the error it raises, not by log lines).
static inline int hp_vips_start(const char *program) {
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, hp_vips_ignore_log, NULL);
    /* One malloc arena per core at most: glibc's default of eight per core multiplies the memory
       that image buffers leave behind across threads. */
    mallopt(M_ARENA_MAX, 2);
    if (VIPS_INIT(program) != 0) return -1;
    vips_block_untrusted_set(TRUE);
    vips_cache_set_max(0);
    return 0;
}

/// Opens an image lazily: only the header is read until pixels are asked for.
static inline VipsImage *hp_vips_open_header(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The EXIF orientation (1–8), or 1 when there is none.
static inline int hp_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) &&
        vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) != 0) {
        orientation = 1;
    }
    return orientation < 1 || orientation > 8 ? 1 : orientation;
}

/// Shrink-on-load thumbnail of encoded bytes, upright and in sRGB, fitting width × height (never
/// enlarged); with crop, filling the box and centred. Truncated files fail instead of padding.
static inline int hp_vips_thumbnail_buffer(const void *data, size_t length, VipsImage **out,
                                           int width, int height, int crop) {
    return vips_thumbnail_buffer((void *) data, length, out, width,
                                 "height", height,
                                 "size", VIPS_SIZE_DOWN,
                                 "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                 "option_string", "fail_on=truncated",
                                 NULL);
}

/// A JPEG decoded by libjpeg at 1/shrink of its size (shrink 1, 2, 4 or 8), then made upright, in
/// sRGB and fitting box × box by vips_thumbnail_image. vips_thumbnail leaves a factor of two for its
/// own resize, so it decodes a 24 MP photo whole for a 2048 px rendition; decoding at half size (as
/// sharp does) reads a quarter of the pixels. With resize_first, the resize (lanczos3, as
/// vips_thumbnail) is done here instead: with libvips 8.14 a batch of two photos at a time peaked
/// ~3 MB lower and used up to 8 % less CPU, but this resize runs on one thread whatever the
/// concurrency, so it only suits photos made side by side, one thread each.
/// From the file at path when it is set, else from the bytes.
static inline int hp_vips_thumbnail_jpeg(const char *path, const void *data, size_t length, VipsImage **out,
                                         int box, int shrink, int resize_first) {
    VipsImage *in = NULL;
    int status = path
        ? vips_jpegload(path, &in, "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink,
                        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)
        : vips_jpegload_buffer((void *) data, length, &in, "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink,
                               "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (status != 0) return status;
    int longest = in->Xsize > in->Ysize ? in->Xsize : in->Ysize;
    if (resize_first && longest > box) {
        VipsImage *resized = NULL;
        status = vips_resize(in, &resized, (double) box / longest, NULL);
        g_object_unref(in);
        if (status != 0) return status;
        in = resized;
    }
    status = vips_thumbnail_image(in, out, box, "height", box, "size", VIPS_SIZE_DOWN, NULL);
    g_object_unref(in);
    return status;
}

/// An image already open made upright, in sRGB and fitting box × box (never enlarged). TIFFs go
/// this way rather than through vips_thumbnail, which in libvips 8.14 takes the smallest level of a
/// pyramid whenever the box is larger than that level (an 1800 × 1200 pyramid gave a 112 × 75
/// screen image), and never the full-resolution page of a pyramid kept in sub-IFDs.
static inline int hp_vips_thumbnail_image(VipsImage *in, VipsImage **out, int box) {
    return vips_thumbnail_image(in, out, box, "height", box, "size", VIPS_SIZE_DOWN, NULL);
}

/// Signed 8-bit samples read as the bytes they are, as libtiff's own RGBA reader and Pillow read
/// them (libvips casts them, so every sample over 127 came out black).
static inline int hp_vips_bytes_as_unsigned(VipsImage *in, VipsImage **out) {
    return vips_copy(in, out, "format", VIPS_FORMAT_UCHAR, NULL);
}

/// 8-bit YCbCr, which libvips 8.14 reads from a TIFF as if it were RGB, to sRGB as TIFF 6.0
/// (section 21) and libtiff's TIFFYCbCrToRGBInit define it: each code scaled by the
/// ReferenceBlackWhite pairs (Y to 0–255, Cb and Cr to ±127), then with the YCbCrCoefficients
/// Kr, Kg, Kb: R = Y + (2 − 2Kr)Cr, B = Y + (2 − 2Kb)Cb, G = Y − (Kb(2 − 2Kb)Cb + Kr(2 − 2Kr)Cr) / Kg.
static inline int hp_vips_ycbcr_to_srgb(VipsImage *in, VipsImage **out, const HpTiffLayout *layout) {
    double scale[3], offset[3];
    for (int i = 0; i < 3; i++) {
        double black = layout->reference[2 * i], span = layout->reference[2 * i + 1] - black;
        scale[i] = (i == 0 ? 255.0 : 127.0) / (span != 0 ? span : 1);
        offset[i] = -black * scale[i];
    }
    double red = layout->luma[0], green = layout->luma[1], blue = layout->luma[2];
    double crToRed = 2 - 2 * red, cbToBlue = 2 - 2 * blue;
    VipsImage *matrix = vips_image_new_matrixv(3, 3,
        1.0, 0.0, crToRed,
        1.0, -blue * cbToBlue / green, -red * crToRed / green,
        1.0, cbToBlue, 0.0);
    VipsImage *scaled = NULL, *mixed = NULL, *bytes = NULL;
    int status = vips_linear(in, &scaled, scale, offset, 3, NULL) != 0 ||
        vips_recomb(scaled, &mixed, matrix, NULL) != 0 ||
        vips_cast(mixed, &bytes, VIPS_FORMAT_UCHAR, NULL) != 0 ||
        vips_copy(bytes, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL) != 0 ? -1 : 0;
    VIPS_UNREF(bytes);
    VIPS_UNREF(mixed);
    VIPS_UNREF(scaled);
    g_object_unref(matrix);
    return status;
}

/// Composites transparency onto white, for formats without alpha.
static inline int hp_vips_flatten_on_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}

/// 8-bit grey, one band: colour, 16-bit and grey-with-alpha images alike (transparency on
/// white), for readers that look at light and dark only (barcodes).
static inline int hp_vips_grey8(VipsImage *in, VipsImage **out) {
    VipsImage *grey = NULL, *flat = NULL;
    if (vips_colourspace(in, &grey, VIPS_INTERPRETATION_B_W, NULL) != 0) return -1;
    if (vips_image_hasalpha(grey)) {
        int status = hp_vips_flatten_on_white(grey, &flat);
        g_object_unref(grey);
        if (status != 0) return -1;
        grey = flat;
    }
    int status = vips_cast(grey, out, VIPS_FORMAT_UCHAR, NULL);
    g_object_unref(grey);
    return status;
}

/* Hands the pixels of a region of `in` through unchanged, and sets *failed (an int) when they
   could not be computed. */
static int hp_vips_watch_generate(VipsRegion *out, void *sequence, void *in, void *failed, gboolean *stop) {
    VipsRegion *region = (VipsRegion *) sequence;
    (void) in; (void) stop;
    if (vips_region_prepare(region, &out->valid) != 0 ||
        vips_region_region(out, region, &out->valid, out->valid.left, out->valid.top) != 0) {
        g_atomic_int_set((gint *) failed, 1);
        return -1;
    }
    return 0;
}

/// Baseline JPEG, without metadata unless `keep_metadata` (no EXIF, GPS or XMP leaves the server in
/// a rendition; a copy made without its location keeps what is left of its EXIF).
/// Fails whenever a pixel failed to decode. libvips 8.14's thread pool can miss that: the worker
/// decoding the last tile reports its error after another worker has already signalled the end,
/// and the pool returns success (a damaged PNG was accepted in 1 to 25 uploads out of 100 with
/// several threads). Every worker has finished when the save returns, so a flag set by the last
/// step of the pipeline is reliable.
static inline int hp_vips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int keep_metadata) {
    gint failed = 0;
    VipsImage *watched = vips_image_new();
    int status = vips_image_pipelinev(watched, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) != 0 ||
        vips_image_generate(watched, vips_start_one, hp_vips_watch_generate, vips_stop_one, in, &failed) != 0 ||
        vips_jpegsave_buffer(watched, buffer, length, "Q", quality, "strip", keep_metadata ? FALSE : TRUE, NULL) != 0 ? -1 : 0;
    g_object_unref(watched);
    if (status == 0 && g_atomic_int_get(&failed)) {
        g_free(*buffer);
        *buffer = NULL;
        vips_error("homepwner", "part of the image could not be decoded");
        return -1;
    }
    return status;
}

/// Whether a metadata field can say where a photo was taken: an EXIF GPS field (libvips names
/// them exif-ifd3-…), or an XMP, IPTC or Photoshop packet, any of which can name a place.
static inline int hp_vips_is_location_field(const char *name) {
    return g_str_has_prefix(name, "exif-ifd3-") || g_strcmp0(name, VIPS_META_XMP_NAME) == 0 ||
        g_strcmp0(name, VIPS_META_IPTC_NAME) == 0 || g_strcmp0(name, VIPS_META_PHOTOSHOP_NAME) == 0;
}

/// Whether the image's metadata can say where it was taken (see hp_vips_is_location_field).
static inline int hp_vips_has_location(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    int found = 0;
    for (int i = 0; fields[i] && !found; i++) found = hp_vips_is_location_field(fields[i]);
    g_strfreev(fields);
    return found;
}

/// The image (its pixels untouched) with every field that can say where it was taken removed.
/// libvips rebuilds the EXIF block from the fields left when it saves, so the GPS tags go from it
/// too, while the date, camera and orientation stay.
static inline int hp_vips_copy_without_location(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL) != 0) return -1;
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields[i]; i++) {
        if (hp_vips_is_location_field(fields[i])) vips_image_remove(*out, fields[i]);
    }
    g_strfreev(fields);
    return 0;
}

static inline void hp_vips_unref(VipsImage *image) {
    g_object_unref(image);
}

/// An image from packed 8-bit pixels (copied).
static inline VipsImage *hp_vips_image_from_pixels(const void *pixels, size_t length, int width, int height, int bands) {
    return vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
}

/// JPEG that keeps the image's metadata (EXIF fields such as orientation, dates, GPS; XMP):
/// for building sample photos, never for renditions.
static inline int hp_vips_jpegsave_keeping_metadata(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, NULL);
}

/// Saves in the format the suffix names (".png", ".webp", ".tif", ".gif", ".heic[compression=hevc]").
static inline int hp_vips_save_buffer(VipsImage *in, const char *suffix, void **buffer, size_t *length) {
    return vips_image_write_to_buffer(in, suffix, buffer, length, NULL);
}

/// Reads every pixel of an image into memory as packed 8-bit samples; NULL on failure. g_free the result.
static inline void *hp_vips_pixels(VipsImage *in, size_t *length) {
    return vips_image_write_to_memory(in, length);
}

static inline void hp_vips_set_int(VipsImage *image, const char *name, int value) {
    vips_image_set_int(image, name, value);
}

static inline void hp_vips_set_string(VipsImage *image, const char *name, const char *value) {
    vips_image_set_string(image, name, value);
}

static inline void hp_vips_set_blob_copy(VipsImage *image, const char *name, const void *data, size_t length) {
    vips_image_set_blob_copy(image, name, data, length);
}

/// Renders `text` (an emoji) in colour with the Noto Color Emoji font.
static inline int hp_vips_emoji(const char *text, int dpi, VipsImage **out) {
    return vips_text(out, text, "font", "Noto Color Emoji", "rgba", TRUE, "dpi", dpi, NULL);
}

static inline int hp_vips_resize(VipsImage *in, VipsImage **out, double scale) {
    return vips_resize(in, out, scale, NULL);
}

/// `overlay` drawn over `base` with its alpha, its top left at (x, y).
static inline int hp_vips_composite_over(VipsImage *base, VipsImage *overlay, VipsImage **out, int x, int y) {
    return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

/// A metadata string owned by the image (EXIF fields come as "value (description, format, …)"), or NULL.
static inline const char *hp_vips_get_string(VipsImage *image, const char *name) {
    const char *value = NULL;
    if (vips_image_get_typeof(image, name) == 0) return NULL;
    if (vips_image_get_string(image, name, &value) != 0) {
        vips_error_clear();
        return NULL;
    }
    return value;
}

/// A metadata blob (XMP packet, …), or NULL.
static inline const void *hp_vips_get_blob(VipsImage *image, const char *name, size_t *length) {
    const void *data = NULL;
    if (vips_image_get_typeof(image, name) == 0) return NULL;
    if (vips_image_get_blob(image, name, &data, length) != 0) return NULL;
    return data;
}

/// Shrink-on-load thumbnail of a file, upright, in sRGB (see hp_vips_thumbnail_buffer).
static inline int hp_vips_thumbnail_file(const char *path, VipsImage **out, int width, int height, int crop) {
    return vips_thumbnail(path, out, width,
                          "height", height,
                          "size", VIPS_SIZE_DOWN,
                          "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                          "fail_on", VIPS_FAIL_ON_TRUNCATED,
                          NULL);
}

/// Rotates by a multiple of 90° (VIPS_ANGLE_D90 is clockwise).
static inline int hp_vips_rotate(VipsImage *in, VipsImage **out, VipsAngle angle) {
    return vips_rot(in, out, angle, NULL);
}

/// Resizes by different factors across and down.
static inline int hp_vips_resize_to(VipsImage *in, VipsImage **out, double horizontal, double vertical) {
    return vips_resize(in, out, horizontal, "vscale", vertical, NULL);
}

/// Opens an image lazily with the loader for its format (1 JPEG, 2 PNG, 3 WebP, 4 GIF, 5 TIFF,
/// 6 HEIF/AVIF), from the file at path when it is set, else from the bytes: only the header is read
/// until pixels are asked for, top to bottom, and truncated or damaged pixels fail instead of being
/// padded. Naming the loader skips libvips' sniffing, which opens a file once per loader and misses
/// files the loader reads, such as an AVIF image sequence's still image (brand "avis").
/// A TIFF opens at its first page at full resolution.
static inline VipsImage *hp_vips_open_with_loader(const char *path, const void *data, size_t length, int kind) {
    VipsImage *out = NULL;
    void *bytes = (void *) data;
    int status = -1;
#define HP_OPEN_OPTIONS "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL
    switch (kind) {
    case 1: status = path ? vips_jpegload(path, &out, HP_OPEN_OPTIONS) : vips_jpegload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    case 2: status = path ? vips_pngload(path, &out, HP_OPEN_OPTIONS) : vips_pngload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    case 3: status = path ? vips_webpload(path, &out, HP_OPEN_OPTIONS) : vips_webpload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    case 4: status = path ? vips_gifload(path, &out, HP_OPEN_OPTIONS) : vips_gifload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    case 5: status = path ? vips_tiffload(path, &out, HP_OPEN_OPTIONS) : vips_tiffload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    case 6: status = path ? vips_heifload(path, &out, HP_OPEN_OPTIONS) : vips_heifload_buffer(bytes, length, &out, HP_OPEN_OPTIONS); break;
    default: break;
    }
#undef HP_OPEN_OPTIONS
    return status == 0 ? out : NULL;
}
