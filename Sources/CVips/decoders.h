#pragma once

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <tiffio.h>

/* What libjpeg and libtiff say about a file's header, asked directly: their answers belong to the
   call, where libvips' error buffer is one string shared by every thread. */

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
} HpJpegErrors;

static void hp_jpeg_escape(j_common_ptr info) {
    longjmp(((HpJpegErrors *) info->err)->escape, 1);
}

static void hp_jpeg_quiet(j_common_ptr info, int level) {
    (void) info; (void) level;
}

/// The code of libjpeg's complaint about a JPEG's header (JERR_BAD_PRECISION for a 12-bit JPEG,
/// with the precision in *parameter), or 0 when it reads the header.
/// From the file at path when it is set, else from the bytes.
static inline int hp_jpeg_header_problem(const char *path, const void *data, size_t length, int *parameter) {
    struct jpeg_decompress_struct info;
    HpJpegErrors errors;
    FILE *volatile file = NULL;
    volatile int problem = 0;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = hp_jpeg_escape;
    errors.manager.emit_message = hp_jpeg_quiet;
    if (path && !(file = fopen(path, "rb"))) return 0;
    jpeg_create_decompress(&info);
    if (setjmp(errors.escape)) {
        problem = errors.manager.msg_code;
        *parameter = errors.manager.msg_parm.i[0];
    } else {
        if (file) jpeg_stdio_src(&info, file);
        else jpeg_mem_src(&info, (const unsigned char *) data, (unsigned long) length);
        jpeg_read_header(&info, TRUE);
    }
    jpeg_destroy_decompress(&info);
    if (file) fclose(file);
    return problem;
}

/// What libtiff reads in a TIFF's first directory, defaults filled in.
typedef struct {
    uint16_t photometric;
    uint16_t compression;
    uint16_t bits_per_sample;
    uint16_t sample_format;
    uint16_t planar_config;
    uint16_t subsampling[2];
    int tiled;
    float luma[3];      /* YCbCrCoefficients */
    float reference[6]; /* ReferenceBlackWhite */
} HpTiffLayout;

typedef struct {
    const unsigned char *data;
    toff_t length;
    toff_t position;
} HpTiffBytes;

static tmsize_t hp_tiff_read(thandle_t handle, void *buffer, tmsize_t size) {
    HpTiffBytes *bytes = (HpTiffBytes *) handle;
    toff_t left = bytes->position < bytes->length ? bytes->length - bytes->position : 0;
    toff_t count = size < 0 ? 0 : (toff_t) size < left ? (toff_t) size : left;
    if (count == 0) return 0;
    memcpy(buffer, bytes->data + bytes->position, count);
    bytes->position += count;
    return (tmsize_t) count;
}

static tmsize_t hp_tiff_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void) handle; (void) buffer; (void) size;
    return -1;
}

static toff_t hp_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    HpTiffBytes *bytes = (HpTiffBytes *) handle;
    /* Unsigned arithmetic: libtiff passes a step back as a huge offset that wraps. */
    bytes->position = (whence == SEEK_CUR ? bytes->position : whence == SEEK_END ? bytes->length : 0) + offset;
    return bytes->position;
}

static int hp_tiff_close(thandle_t handle) {
    (void) handle;
    return 0;
}

static toff_t hp_tiff_size(thandle_t handle) {
    return ((HpTiffBytes *) handle)->length;
}

static int hp_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void) handle; (void) base; (void) size;
    return 0;
}

static void hp_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void) handle; (void) base; (void) size;
}

static int hp_tiff_quiet(TIFF *tiff, void *data, const char *module, const char *format, va_list arguments) {
    (void) tiff; (void) data; (void) module; (void) format; (void) arguments;
    return 1;
}

/// Reads a TIFF's first directory into *layout; 0 when libtiff cannot. Its complaints go nowhere
/// (libvips has libtiff's global handlers write into its own error buffer).
/// From the file at path when it is set, else from the bytes.
static inline int hp_tiff_layout(const char *path, const void *data, size_t length, HpTiffLayout *layout) {
    HpTiffBytes bytes = { (const unsigned char *) data, length, 0 };
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return 0;
    TIFFOpenOptionsSetErrorHandlerExtR(options, hp_tiff_quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(options, hp_tiff_quiet, NULL);
    TIFF *tiff = path
        ? TIFFOpenExt(path, "rm", options)
        : TIFFClientOpenExt("upload", "rm", &bytes, hp_tiff_read, hp_tiff_write, hp_tiff_seek, hp_tiff_close,
                            hp_tiff_size, hp_tiff_map, hp_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) return 0;
    float *luma = NULL, *reference = NULL;
    int read = TIFFGetFieldDefaulted(tiff, TIFFTAG_PHOTOMETRIC, &layout->photometric) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_COMPRESSION, &layout->compression) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &layout->bits_per_sample) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLEFORMAT, &layout->sample_format) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &layout->planar_config) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_YCBCRSUBSAMPLING, &layout->subsampling[0], &layout->subsampling[1]) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_YCBCRCOEFFICIENTS, &luma) &&
        TIFFGetFieldDefaulted(tiff, TIFFTAG_REFERENCEBLACKWHITE, &reference);
    if (read) {
        layout->tiled = TIFFIsTiled(tiff);
        memcpy(layout->luma, luma, sizeof layout->luma);
        memcpy(layout->reference, reference, sizeof layout->reference);
    }
    TIFFClose(tiff);
    return read;
}
