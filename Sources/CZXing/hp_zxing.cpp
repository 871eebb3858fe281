#include "hp_zxing.h"

// Result::text() as UTF-8 (zxing-cpp 1.4 gives a std::wstring without it).
#define ZX_USE_UTF8 1

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
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

/// The picture three times as large (each pixel a 3 × 3 block): symbols with one-pixel modules
/// (tiny generated codes) are read only so.
static std::vector<uint8_t> tripled(const uint8_t *grey, int width, int height) {
    std::vector<uint8_t> out(static_cast<size_t>(width) * height * 9);
    for (int y = 0; y < height * 3; y++)
        for (int x = 0; x < width * 3; x++)
            out[static_cast<size_t>(y) * width * 3 + x] = grey[static_cast<size_t>(y / 3) * width + x / 3];
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

/// The picture on a white border a tenth of its longest side wide (16 pixels at least): a code cut out
/// to its edges (a crop, a generated symbol) lacks the light margin zxing-cpp 1.4 looks for around
/// some symbols (an Aztec code of 65 × 64 pixels is read only so).
static std::vector<uint8_t> framed(const uint8_t *grey, int width, int height, int border) {
    int framedWidth = width + 2 * border;
    std::vector<uint8_t> out(static_cast<size_t>(framedWidth) * (height + 2 * border), 255);
    for (int y = 0; y < height; y++)
        std::memcpy(out.data() + static_cast<size_t>(y + border) * framedWidth + border, grey + static_cast<size_t>(y) * width, width);
    return out;
}

/// Where a pass's pixels lie in the picture given: x = a·x' + b·y' + c, y = d·x' + e·y' + f.
struct Placement {
    double a = 1, b = 0, c = 0, d = 0, e = 1, f = 0;
    static Placement scaled(double scale) { return {scale, 0, 0, 0, scale, 0}; }
    Placement times(double scale) const { return {a * scale, b * scale, c * scale, d * scale, e * scale, f * scale}; }
    PointF operator()(PointI p) const { return {a * p.x + b * p.y + c, d * p.x + e * p.y + f}; }
};

/// A symbol read, with its corners in the picture given.
struct Found {
    Result result;
    std::array<PointF, 4> corners;

    PointF centre() const {
        return {(corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4,
                (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4};
    }

    /// Where the symbol is: its corners, and for a linear code (whose corners zxing-cpp gives as the
    /// rows it was read on, sometimes a few pixels high) a quarter of its length more each side
    /// along its bars, which a linear code's bars nearly always reach.
    std::array<PointF, 4> area() const {
        if (result.lineCount() == 0) return corners;
        double alongX = corners[1].x - corners[0].x, alongY = corners[1].y - corners[0].y;
        double length = std::hypot(alongX, alongY);
        if (length == 0) return corners;
        double normalX = -alongY / length, normalY = alongX / length;
        if ((corners[3].x - corners[0].x) * normalX + (corners[3].y - corners[0].y) * normalY < 0) normalX = -normalX, normalY = -normalY;
        double reach = length / 4;
        return {PointF{corners[0].x - normalX * reach, corners[0].y - normalY * reach},
                PointF{corners[1].x - normalX * reach, corners[1].y - normalY * reach},
                PointF{corners[2].x + normalX * reach, corners[2].y + normalY * reach},
                PointF{corners[3].x + normalX * reach, corners[3].y + normalY * reach}};
    }

    /// Whether `point` is within the area (a convex quadrilateral, either way round) widened by
    /// `margin` pixels.
    bool holds(PointF point, double margin = 0) const {
        std::array<PointF, 4> quad = area();
        int sign = 0;
        for (int index = 0; index < 4; index++) {
            PointF from = quad[index], to = quad[(index + 1) % 4];
            double length = std::hypot(to.x - from.x, to.y - from.y);
            double cross = (to.x - from.x) * (point.y - from.y) - (to.y - from.y) * (point.x - from.x);
            double side = length > 0 ? cross / length : 0;
            if (std::fabs(side) <= margin) continue;
            int current = side > 0 ? 1 : -1;
            if (sign == 0) sign = current;
            else if (current != sign) return false;
        }
        return true;
    }
};

/// A text a person could have put in a code: no NUL and no C1 control character (U+0080–U+009F).
/// zxing-cpp 1.4 reads an Aztec symbol with binary-shift padding (zxing-cpp's
/// test/samples/aztec-1/padding_bs.png) as NULs followed by such characters, and a binary payload
/// read as text has them too. GS1's and ISO 15434's separators (EOT, GS, RS), tabs and line breaks
/// are other control characters, and kept.
static bool isText(const std::string &text) {
    for (size_t index = 0; index < text.size(); index++) {
        auto byte = static_cast<unsigned char>(text[index]);
        if (byte == 0) return false;
        if (byte == 0xC2 && index + 1 < text.size()) {
            auto next = static_cast<unsigned char>(text[index + 1]);
            if (next >= 0x80 && next <= 0x9F) return false;
        }
    }
    return true;
}

/// The symbols of one pass that can be believed, placed in the picture given. An ITF code (no
/// fixed length, no check digit) seen on fewer than 4 rows is mostly a part of a tilted one, read
/// where a row crosses only some of its bars: "987654" of "9876543210" (the corpus' three ITF
/// samples turned by 1° to 89°, 165 pictures, read with the turned passes: 15 such parts without
/// this rule, 3 with it, and 43 whole codes instead of 42).
static std::vector<Found> kept(const Results &results, Placement placement) {
    std::vector<Found> found;
    for (const Result &result : results) {
        if (!result.isValid() || !isText(result.text())) continue;
        if (result.format() == BarcodeFormat::ITF && result.lineCount() < 4) continue;
        const Position &position = result.position();
        found.push_back({result, {placement(position[0]), placement(position[1]), placement(position[2]), placement(position[3])}});
    }
    return found;
}

/// The picture turned by `degrees` (bilinear, on white) and where its pixels lie in the picture
/// given: zxing-cpp 1.4 turns a picture by quarter turns only, and misses codes tilted by about
/// 10–45° (a linear code no row crosses whole, a Data Matrix) that it reads once they are upright.
static std::vector<uint8_t> turned(const uint8_t *grey, int width, int height, double degrees,
                                   int &turnedWidth, int &turnedHeight, Placement &placement) {
    double radians = degrees * M_PI / 180, cosine = std::cos(radians), sine = std::sin(radians);
    turnedWidth = static_cast<int>(std::ceil(std::fabs(width * cosine) + std::fabs(height * sine)));
    turnedHeight = static_cast<int>(std::ceil(std::fabs(width * sine) + std::fabs(height * cosine)));
    placement = {cosine, sine, width / 2.0 - cosine * turnedWidth / 2.0 - sine * turnedHeight / 2.0,
                 -sine, cosine, height / 2.0 + sine * turnedWidth / 2.0 - cosine * turnedHeight / 2.0};
    std::vector<uint8_t> out(static_cast<size_t>(turnedWidth) * turnedHeight, 255);
    for (int y = 0; y < turnedHeight; y++) {
        double sx = placement.b * y + placement.c, sy = placement.e * y + placement.f;
        for (int x = 0; x < turnedWidth; x++, sx += placement.a, sy += placement.d) {
            if (sx < 0 || sy < 0 || sx > width - 1 || sy > height - 1) continue;
            int x0 = static_cast<int>(sx), y0 = static_cast<int>(sy);
            int x1 = x0 + 1 < width ? x0 + 1 : x0, y1 = y0 + 1 < height ? y0 + 1 : y0;
            double fx = sx - x0, fy = sy - y0;
            const uint8_t *row0 = grey + static_cast<size_t>(y0) * width, *row1 = grey + static_cast<size_t>(y1) * width;
            double top = row0[x0] + (row0[x1] - row0[x0]) * fx, bottom = row1[x0] + (row1[x1] - row1[x0]) * fx;
            out[static_cast<size_t>(y) * turnedWidth + x] = static_cast<uint8_t>(top + (bottom - top) * fy + 0.5);
        }
    }
    return out;
}

/// The picture with each symbol found painted white (its area widened by a tenth of its size and a
/// few pixels), so that a pass over it finds the symbols that one did not: zxing-cpp 1.4 misses
/// some linear codes beside another, which it reads alone (pages of three of the test photos side
/// by side: a code more on 6 of 35).
static std::vector<uint8_t> blanked(const uint8_t *grey, int width, int height, const std::vector<Found> &found) {
    std::vector<uint8_t> out(grey, grey + static_cast<size_t>(width) * height);
    for (const Found &each : found) {
        double left = width, right = 0, top = height, bottom = 0, size = 0;
        std::array<PointF, 4> quad = each.area();
        for (int index = 0; index < 4; index++) {
            const PointF &p = quad[index], &q = quad[(index + 1) % 4];
            left = std::min(left, p.x), right = std::max(right, p.x), top = std::min(top, p.y), bottom = std::max(bottom, p.y);
            size = std::max(size, std::hypot(q.x - p.x, q.y - p.y));
        }
        double margin = size / 10 + 4;
        int x0 = std::max(0, static_cast<int>(left - margin)), x1 = std::min(width - 1, static_cast<int>(right + margin));
        int y0 = std::max(0, static_cast<int>(top - margin)), y1 = std::min(height - 1, static_cast<int>(bottom + margin));
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++)
                if (each.holds({x + 0.5, y + 0.5}, margin)) out[static_cast<size_t>(y) * width + x] = 255;
    }
    return out;
}

/// Whether `candidate` is a symbol already in `found`: the same text, its centre within the other's area.
static bool alreadyFound(const std::vector<Found> &found, const Found &candidate) {
    for (const Found &each : found)
        if (each.result.format() == candidate.result.format() && each.result.text() == candidate.result.text()
            && (each.holds(candidate.centre(), 4) || candidate.holds(each.centre(), 4)))
            return true;
    return false;
}

static void fail(hp_codes *out, const char *message) {
    hp_codes_free(out);
    std::strncpy(out->error, message, sizeof out->error - 1);
    out->error[sizeof out->error - 1] = 0;
}

extern "C" void hp_read_codes(const uint8_t *grey, int width, int height, int max_codes,
                              int try_harder, int try_rotate, int try_invert, hp_codes *out) {
    std::memset(out, 0, sizeof *out);
    if (max_codes < 1) max_codes = 1;
    if (max_codes > 255) max_codes = 255;
    try {
        DecodeHints hints;
        // zxing-cpp 1.4 as Debian builds it (assertions on) aborts the process on an assertion
        // (Result::operator==, "lineCount() == 1") when it compares a linear code seen on several
        // lines: in its own downscaling (ReadBarcodes' pyramid), and for some DataBar (RSS-14)
        // photos. So it never downscales (the half-size pass below does it instead) and DataBar is
        // left out. MaxiCode is read only from pure images, which photos are not.
        hints.setFormats(BarcodeFormat::Aztec | BarcodeFormat::Codabar | BarcodeFormat::Code39 | BarcodeFormat::Code93
                         | BarcodeFormat::Code128 | BarcodeFormat::DataBarExpanded | BarcodeFormat::DataMatrix
                         | BarcodeFormat::EAN8 | BarcodeFormat::EAN13 | BarcodeFormat::ITF | BarcodeFormat::PDF417
                         | BarcodeFormat::QRCode | BarcodeFormat::UPCA | BarcodeFormat::UPCE | BarcodeFormat::MicroQRCode)
            .setTryDownscale(false)
            .setTryHarder(try_harder != 0)
            .setTryRotate(try_rotate != 0)
            .setReturnCodabarStartEnd(true)
            .setTryCode39ExtendedMode(true)
            .setMaxNumberOfSymbols(static_cast<uint8_t>(max_codes));
        long pixels = static_cast<long>(width) * height;
        // One pass as zxing-cpp reads by default; where it finds nothing, other ways of telling
        // dark from light, other sizes, a white border and tilts, each of which reads photos the
        // others miss (measured on the capture corpus, bench/barcodes.py). A photo with a code
        // mostly stops after the first. The other binarizers only for photos up to 4 MP: each costs a whole pass
        // (about a second for 12 MP on this machine), and most item photos hold no code at all.
        using Pass = std::function<std::vector<Found>(const uint8_t *)>;
        std::vector<Pass> passes;
        passes.push_back([&](const uint8_t *picture) { return kept(read(picture, width, height, hints, Binarizer::LocalAverage), {}); });
        if (try_harder && pixels <= 4000000) {
            passes.push_back([&](const uint8_t *picture) { return kept(read(picture, width, height, hints, Binarizer::GlobalHistogram), {}); });
            passes.push_back([&](const uint8_t *picture) { return kept(read(picture, width, height, hints, Binarizer::FixedThreshold), {}); });
        }
        if (try_harder && pixels <= 1500000) {
            passes.push_back([&](const uint8_t *picture) {
                std::vector<uint8_t> larger = doubled(picture, width, height);
                auto found = kept(read(larger.data(), width * 2, height * 2, hints, Binarizer::LocalAverage), Placement::scaled(0.5));
                if (found.empty()) found = kept(read(larger.data(), width * 2, height * 2, hints, Binarizer::GlobalHistogram), Placement::scaled(0.5));
                return found;
            });
        }
        if (try_harder && pixels <= 100000) {
            passes.push_back([&](const uint8_t *picture) {
                std::vector<uint8_t> larger = tripled(picture, width, height);
                auto found = kept(read(larger.data(), width * 3, height * 3, hints, Binarizer::LocalAverage), Placement::scaled(1.0 / 3));
                if (found.empty()) found = kept(read(larger.data(), width * 3, height * 3, hints, Binarizer::FixedThreshold), Placement::scaled(1.0 / 3));
                return found;
            });
        }
        if (try_harder && width >= 64 && height >= 64) {
            passes.push_back([&](const uint8_t *picture) {
                std::vector<uint8_t> smaller = halved(picture, width, height);
                return kept(read(smaller.data(), width / 2, height / 2, hints, Binarizer::LocalAverage), Placement::scaled(2));
            });
        }
        if (try_invert) {
            passes.push_back([&](const uint8_t *picture) {
                std::vector<uint8_t> inverted(picture, picture + static_cast<size_t>(width) * height);
                for (auto &value : inverted) value = 255 - value;
                return kept(read(inverted.data(), width, height, hints, Binarizer::LocalAverage), {});
            });
        }
        if (try_harder && pixels <= 1000000) {
            passes.push_back([&](const uint8_t *picture) {
                int border = std::max(16, std::max(width, height) / 10);
                std::vector<uint8_t> larger = framed(picture, width, height, border);
                return kept(read(larger.data(), width + 2 * border, height + 2 * border, hints, Binarizer::LocalAverage),
                            Placement{1, 0, -static_cast<double>(border), 0, 1, -static_cast<double>(border)});
            });
        }
        // Turned by 15°, 30° and 45° either way: with zxing-cpp's quarter turns, no code is more
        // than 7.5° from upright in one of them. A picture over 1.5 MP is turned at half or a
        // quarter of its size (a code in a camera photo is large enough), so that each of the five
        // costs at most a pass over 1.5 MP.
        if (try_harder && width >= 64 && height >= 64) {
            for (double degrees : {15.0, -15.0, 30.0, -30.0, 45.0}) {
                passes.push_back([&, degrees](const uint8_t *picture) {
                    std::vector<uint8_t> smaller;
                    const uint8_t *source = picture;
                    int sourceWidth = width, sourceHeight = height;
                    double scale = 1;
                    while (static_cast<long>(sourceWidth) * sourceHeight > 1500000) {
                        smaller = halved(source, sourceWidth, sourceHeight);
                        source = smaller.data(), sourceWidth /= 2, sourceHeight /= 2, scale *= 2;
                    }
                    int turnedWidth, turnedHeight;
                    Placement placement;
                    std::vector<uint8_t> tilted = turned(source, sourceWidth, sourceHeight, degrees, turnedWidth, turnedHeight, placement);
                    return kept(read(tilted.data(), turnedWidth, turnedHeight, hints, Binarizer::LocalAverage), placement.times(scale));
                });
            }
        }
        std::vector<Found> found;
        const Pass *finder = nullptr;
        for (const Pass &pass : passes) {
            found = pass(grey);
            if (!found.empty()) {
                finder = &pass;
                break;
            }
        }
        // Fewer codes than asked for: the picture with them painted out read again, by the passes up
        // to the one that found them or the other binarizers, until none finds another (pictures
        // up to 4 MP: a photo of one code pays for up to three more passes).
        size_t rereaders = finder ? std::max<size_t>(finder - passes.data() + 1, std::min<size_t>(3, passes.size())) : 0;
        for (int round = 0; finder && round < 4 && found.size() < static_cast<size_t>(max_codes) && pixels <= 4000000; round++) {
            std::vector<uint8_t> rest = blanked(grey, width, height, found);
            size_t before = found.size();
            for (size_t index = 0; index < rereaders && found.size() == before; index++)
                for (Found &more : passes[index](rest.data()))
                    if (!alreadyFound(found, more)) found.push_back(more);
            if (found.size() == before) break;
        }
        size_t count = found.size() < static_cast<size_t>(max_codes) ? found.size() : max_codes;
        out->codes = static_cast<hp_code *>(std::calloc(count ? count : 1, sizeof(hp_code)));
        if (!out->codes) return fail(out, "out of memory");
        for (const Found &each : found) {
            if (out->count == static_cast<int>(count)) break;
            hp_code &code = out->codes[out->count];
            std::strncpy(code.format, ToString(each.result.format()), sizeof code.format - 1);
            std::string text = each.result.text();
            code.text = static_cast<char *>(std::malloc(text.size() + 1));
            if (!code.text) return fail(out, "out of memory");
            std::memcpy(code.text, text.data(), text.size());
            code.text[text.size()] = 0;
            code.text_length = text.size();
            for (int corner = 0; corner < 4; corner++) {
                code.x[corner] = static_cast<int>(std::lround(each.corners[corner].x));
                code.y[corner] = static_cast<int>(std::lround(each.corners[corner].y));
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
