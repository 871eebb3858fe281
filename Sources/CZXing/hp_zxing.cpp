#include "hp_zxing.h"

// Result::text() as UTF-8 (zxing-cpp 1.4 gives a std::wstring without it).
#define ZX_USE_UTF8 1

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

using namespace ZXing;

static Results read(const uint8_t *grey, int width, int height, DecodeHints hints, Binarizer binarizer) {
    hints.setBinarizer(binarizer);
    return ReadBarcodes(ImageView(grey, width, height, ImageFormat::Lum), hints);
}

/// The picture twice as large (bilinear): zxing-cpp 1.4 misses codes whose bars are one or two
/// pixels wide in small photos that it reads at twice the size.
static std::vector<uint8_t> doubled(const uint8_t *grey, int width, int height) {
    std::vector<uint8_t> out(static_cast<size_t>(width) * height * 4);
    for (int y = 0; y < height * 2; y++) {
        int y0 = y / 2, y1 = y0 + (y % 2 && y0 + 1 < height ? 1 : 0);
        for (int x = 0; x < width * 2; x++) {
            int x0 = x / 2, x1 = x0 + (x % 2 && x0 + 1 < width ? 1 : 0);
            unsigned sum = grey[y0 * width + x0] + grey[y0 * width + x1] + grey[y1 * width + x0] + grey[y1 * width + x1];
            out[static_cast<size_t>(y) * width * 2 + x] = static_cast<uint8_t>((sum + 2) / 4);
        }
    }
    return out;
}

/// The picture half as large (2 × 2 averages): a blurred or noisy code reads better smaller.
static std::vector<uint8_t> halved(const uint8_t *grey, int width, int height) {
    int w = width / 2, h = height / 2;
    std::vector<uint8_t> out(static_cast<size_t>(w) * h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *p = grey + static_cast<size_t>(2 * y) * width + 2 * x;
            out[static_cast<size_t>(y) * w + x] = static_cast<uint8_t>((p[0] + p[1] + p[width] + p[width + 1] + 2) / 4);
        }
    return out;
}

static void fail(hp_codes *out, const char *message) {
    hp_codes_free(out);
    std::strncpy(out->error, message, sizeof out->error - 1);
    out->error[sizeof out->error - 1] = 0;
}

extern "C" void hp_read_codes(const uint8_t *grey, int width, int height, int max_codes,
                              int try_harder, int try_rotate, int try_invert, hp_codes *out) {
    std::memset(out, 0, sizeof *out);
    double scale = 1;
    if (max_codes < 1) max_codes = 1;
    if (max_codes > 255) max_codes = 255;
    try {
        DecodeHints hints;
        // DataBar (RSS-14) is left out: zxing-cpp 1.4 as Debian builds it aborts the process on an
        // assertion (Result::operator==, lineCount() == 1) for some DataBar photos. MaxiCode is read
        // only from pure images, which photos are not.
        hints.setFormats(BarcodeFormat::Aztec | BarcodeFormat::Codabar | BarcodeFormat::Code39 | BarcodeFormat::Code93
                         | BarcodeFormat::Code128 | BarcodeFormat::DataBarExpanded | BarcodeFormat::DataMatrix
                         | BarcodeFormat::EAN8 | BarcodeFormat::EAN13 | BarcodeFormat::ITF | BarcodeFormat::PDF417
                         | BarcodeFormat::QRCode | BarcodeFormat::UPCA | BarcodeFormat::UPCE | BarcodeFormat::MicroQRCode)
            .setTryHarder(try_harder != 0)
            .setTryRotate(try_rotate != 0)
            .setReturnCodabarStartEnd(true)
            .setTryCode39ExtendedMode(true)
            .setMaxNumberOfSymbols(static_cast<uint8_t>(max_codes));
        // One pass as zxing-cpp reads by default; where it finds nothing, other ways of telling
        // dark from light and other sizes, each of which reads photos the others miss (measured on
        // the capture corpus, bench/barcodes.py). A photo with a code mostly stops after the first.
        Results results = read(grey, width, height, hints, Binarizer::LocalAverage);
        if (results.empty() && try_harder) results = read(grey, width, height, hints, Binarizer::GlobalHistogram);
        if (results.empty() && try_harder) results = read(grey, width, height, hints, Binarizer::FixedThreshold);
        if (results.empty() && try_harder && static_cast<long>(width) * height <= 1500000) {
            std::vector<uint8_t> larger = doubled(grey, width, height);
            results = read(larger.data(), width * 2, height * 2, hints, Binarizer::LocalAverage);
            if (results.empty()) results = read(larger.data(), width * 2, height * 2, hints, Binarizer::GlobalHistogram);
            if (!results.empty()) scale = 0.5;
        }
        if (results.empty() && try_harder && width >= 64 && height >= 64) {
            std::vector<uint8_t> smaller = halved(grey, width, height);
            results = read(smaller.data(), width / 2, height / 2, hints, Binarizer::LocalAverage);
            if (!results.empty()) scale = 2;
        }
        if (results.empty() && try_invert) {
            std::vector<uint8_t> inverted(grey, grey + static_cast<size_t>(width) * height);
            for (auto &value : inverted) value = 255 - value;
            results = read(inverted.data(), width, height, hints, Binarizer::LocalAverage);
        }
        size_t count = results.size() < static_cast<size_t>(max_codes) ? results.size() : max_codes;
        out->codes = static_cast<hp_code *>(std::calloc(count ? count : 1, sizeof(hp_code)));
        if (!out->codes) return fail(out, "out of memory");
        for (const Result &result : results) {
            if (out->count == static_cast<int>(count)) break;
            if (!result.isValid()) continue;
            hp_code &code = out->codes[out->count];
            std::strncpy(code.format, ToString(result.format()), sizeof code.format - 1);
            std::string text = result.text();
            code.text = static_cast<char *>(std::malloc(text.size() + 1));
            if (!code.text) return fail(out, "out of memory");
            std::memcpy(code.text, text.data(), text.size());
            code.text[text.size()] = 0;
            code.text_length = text.size();
            const Position &position = result.position();
            for (int corner = 0; corner < 4; corner++) {
                code.x[corner] = static_cast<int>(position[corner].x * scale);
                code.y[corner] = static_cast<int>(position[corner].y * scale);
            }
            out->count++;
        }
    } catch (const std::bad_alloc &) {
        fail(out, "out of memory");
    } catch (const std::exception &error) {
        fail(out, error.what());
    } catch (...) {
        fail(out, "zxing-cpp failed");
    }
}

extern "C" void hp_codes_free(hp_codes *codes) {
    if (codes->codes) {
        for (int index = 0; index < codes->count; index++) std::free(codes->codes[index].text);
        std::free(codes->codes);
    }
    codes->codes = nullptr;
    codes->count = 0;
}

#define HP_STRING(x) #x
#define HP_VERSION(major, minor, patch) HP_STRING(major) "." HP_STRING(minor) "." HP_STRING(patch)

extern "C" const char *hp_zxing_version(void) {
    return HP_VERSION(ZXING_VERSION_MAJOR, ZXING_VERSION_MINOR, ZXING_VERSION_PATCH);
}
