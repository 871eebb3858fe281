#pragma once

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/display.h>
#include <libavutil/log.h>

/* libavformat, libavcodec and libswscale where Swift cannot call them directly: error macros,
   the read callbacks of a custom AVIOContext, bitfields of the sample index, and the arrays of
   pointers sws_scale takes. Every handle made here is owned by one Swift type (module Video). */

static inline int hp_averror_eof(void) { return AVERROR_EOF; }
static inline int hp_averror_again(void) { return AVERROR(EAGAIN); }
static inline int hp_averror_exit(void) { return AVERROR_EXIT; }

/// libav* write warnings about damaged files to stderr; a damaged file is reported by the error
/// its reading returns instead.
static inline void hp_av_quiet(void) { av_log_set_level(AV_LOG_QUIET); }

/// Where a video's bytes come from: a file descriptor (read with pread, never a path libavformat
/// opens itself, so no protocol or other file is ever reached) or bytes in memory (fuzzing), with a
/// count of the bytes read and a limit on them.
typedef struct {
    int fd;                 /* -1 when reading from memory */
    const uint8_t *data;
    int64_t length;
    int64_t position;
    int64_t bytes_read;
    int64_t byte_limit;
    int over_limit;
} HpVideoSource;

static int hp_video_read(void *opaque, uint8_t *buffer, int size) {
    HpVideoSource *source = (HpVideoSource *) opaque;
    if (source->bytes_read >= source->byte_limit) { source->over_limit = 1; return AVERROR_EXIT; }
    int64_t left = source->length - source->position;
    if (left <= 0 || size <= 0) return AVERROR_EOF;
    int64_t count = size < left ? size : left;
    if (source->fd >= 0) {
        ssize_t got;
        do { got = pread(source->fd, buffer, (size_t) count, (off_t) source->position); } while (got < 0 && errno == EINTR);
        if (got < 0) return AVERROR(EIO);
        if (got == 0) return AVERROR_EOF;
        count = got;
    } else {
        memcpy(buffer, source->data + source->position, (size_t) count);
    }
    source->position += count;
    source->bytes_read += count;
    return (int) count;
}

static int64_t hp_video_seek(void *opaque, int64_t offset, int whence) {
    HpVideoSource *source = (HpVideoSource *) opaque;
    whence &= ~AVSEEK_FORCE;
    if (whence == AVSEEK_SIZE) return source->length;
    int64_t base = whence == SEEK_CUR ? source->position : whence == SEEK_END ? source->length : 0;
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return AVERROR(EINVAL);
    if (offset > INT64_MAX - base || base + offset < 0) return AVERROR(EINVAL);
    source->position = base + offset;
    return source->position;
}

/// Opens the source with the QuickTime/MP4 demuxer only (never another format libavformat could
/// sniff, such as a playlist naming other files), external data references off. On failure
/// *context is NULL and everything made here is freed.
static inline int hp_video_open(HpVideoSource *source, AVFormatContext **context) {
    *context = NULL;
    const AVInputFormat *mov = av_find_input_format("mov");
    if (!mov) return AVERROR_DEMUXER_NOT_FOUND;
    const int size = 64 * 1024;
    unsigned char *buffer = av_malloc(size);
    if (!buffer) return AVERROR(ENOMEM);
    AVIOContext *io = avio_alloc_context(buffer, size, 0, source, hp_video_read, NULL, hp_video_seek);
    if (!io) { av_free(buffer); return AVERROR(ENOMEM); }
    AVFormatContext *made = avformat_alloc_context();
    if (!made) { av_freep(&io->buffer); avio_context_free(&io); return AVERROR(ENOMEM); }
    made->pb = io;
    made->flags |= AVFMT_FLAG_CUSTOM_IO;
    made->probesize = 1 << 20;
    AVDictionary *options = NULL;
    av_dict_set(&options, "enable_drefs", "0", 0);
    int status = avformat_open_input(&made, NULL, mov, &options);
    av_dict_free(&options);
    if (status < 0) {
        /* avformat_open_input freed the context; the custom AVIOContext is ours. */
        av_freep(&io->buffer);
        avio_context_free(&io);
        return status;
    }
    *context = made;
    return 0;
}

static inline void hp_video_close(AVFormatContext *context) {
    AVIOContext *io = context->pb;
    avformat_close_input(&context);
    if (io) { av_freep(&io->buffer); avio_context_free(&io); }
}

static inline AVStream *hp_video_stream(AVFormatContext *context, int index) {
    return index >= 0 && (unsigned) index < context->nb_streams ? context->streams[index] : NULL;
}

/// What a stream's sample table says, read from libavformat's index of it (built from the
/// container's tables when the file is opened; no sample is read): how many samples, the first
/// and last timestamps, the longest sample, and the timestamp of the first sample whose bytes lie
/// beyond the end of the file (INT64_MIN when every sample is inside it).
typedef struct {
    int64_t count;
    int64_t first_timestamp;
    int64_t last_timestamp;
    int64_t first_missing_timestamp;
    int64_t largest_sample;
} HpSampleTable;

static inline void hp_video_samples(AVStream *stream, int64_t file_length, HpSampleTable *table) {
    int count = avformat_index_get_entries_count(stream);
    table->count = count;
    table->first_timestamp = INT64_MAX;
    table->last_timestamp = INT64_MIN;
    table->first_missing_timestamp = INT64_MIN;
    table->largest_sample = 0;
    for (int i = 0; i < count; i++) {
        const AVIndexEntry *entry = avformat_index_get_entry(stream, i);
        if (!entry) break;
        if (entry->timestamp < table->first_timestamp) table->first_timestamp = entry->timestamp;
        if (entry->timestamp > table->last_timestamp) table->last_timestamp = entry->timestamp;
        if (entry->size > table->largest_sample) table->largest_sample = entry->size;
        int beyond = entry->pos < 0 || entry->pos > file_length || entry->size > file_length - entry->pos;
        if (beyond && (table->first_missing_timestamp == INT64_MIN || entry->timestamp < table->first_missing_timestamp))
            table->first_missing_timestamp = entry->timestamp;
    }
}

/// The display matrix's rotation, counter-clockwise degrees as libavutil gives it (0 without one).
static inline double hp_video_rotation(AVStream *stream) {
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) return 0;
    double angle = av_display_rotation_get((const int32_t *) matrix);
    return isnan(angle) ? 0 : angle;
}

/// Scales and converts a decoded frame into one packed plane (GRAY8 or RGB24) of the size the
/// context was made for.
static inline int hp_sws_scale_frame(struct SwsContext *context, const AVFrame *frame, uint8_t *out, int stride) {
    uint8_t *planes[4] = { out, NULL, NULL, NULL };
    int strides[4] = { stride, 0, 0, 0 };
    return sws_scale(context, (const uint8_t *const *) frame->data, frame->linesize, 0, frame->height, planes, strides);
}
