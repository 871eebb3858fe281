#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic: Swift passes its options as an MHD_OPTION_ARRAY instead.
static inline struct MHD_Daemon *hp_mhd_start_daemon(unsigned int flags,
                                                      MHD_AcceptPolicyCallback accept_policy,
                                                      void *accept_policy_context,
                                                      MHD_AccessHandlerCallback handler,
                                                      void *handler_context,
                                                      const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, accept_policy, accept_policy_context, handler, handler_context,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// MHD_set_response_options is variadic. Sends `response` as HTTP/1.0 would: no chunked encoding,
/// the connection closed after it. For a `HEAD` answer to a streamed body: libmicrohttpd 0.9.75
/// writes a chunked response's last chunk even for `HEAD`, which a client reads as the start of
/// the next response.
static inline enum MHD_Result hp_mhd_response_without_chunks(struct MHD_Response *response) {
    return MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
}

/// The port the daemon listens on (useful when asked for port 0), or 0 when unknown.
static inline uint16_t hp_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The peer's socket address, or NULL.
static inline const struct sockaddr *hp_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}



/// What the connection-notification callback left for this connection, or NULL.
static inline void *hp_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The connection's socket, or -1.
static inline int hp_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// How a request head breaks RFC 9112's framing, as `hp_mhd_head_framing` finds it.
enum hp_head_framing {
    HP_HEAD_STRICT = 0,
    /// A line ended by a bare LF, or a NUL inside a line (which hides what follows it).
    HP_HEAD_BAD_LINE_END = 1,
    /// A field line continued on the next (obs-fold), or lines out of place.
    HP_HEAD_FOLDED = 2,
    /// A field name that is not a token: empty, or with a space before the colon.
    HP_HEAD_BAD_NAME = 3,
    /// A control character (bare CR among them) in a field value.
    HP_HEAD_CONTROL_IN_VALUE = 4,
};

struct hp_head_walk {
    const char *expected_line;
    int problem;
};

static inline int hp_is_token_char(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || (c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

static enum MHD_Result hp_head_walk_field(void *context, enum MHD_ValueKind kind, const char *name, size_t name_size,
                                          const char *value, size_t value_size) {
    (void) kind;
    struct hp_head_walk *walk = (struct hp_head_walk *) context;
    if (name != walk->expected_line) { walk->problem = HP_HEAD_FOLDED; return MHD_NO; }
    if (name_size == 0) { walk->problem = HP_HEAD_BAD_NAME; return MHD_NO; }
    for (size_t i = 0; i < name_size; i++) {
        if (!hp_is_token_char((unsigned char) name[i])) { walk->problem = HP_HEAD_BAD_NAME; return MHD_NO; }
    }
    if (value == NULL || value < name + name_size + 1) { walk->problem = HP_HEAD_FOLDED; return MHD_NO; }
    for (size_t i = 0; i < value_size; i++) {
        unsigned char c = (unsigned char) value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) { walk->problem = HP_HEAD_CONTROL_IN_VALUE; return MHD_NO; }
    }
    if (value[value_size + 1] != '\0') { walk->problem = HP_HEAD_BAD_LINE_END; return MHD_NO; }
    walk->expected_line = value + value_size + 2;
    return MHD_YES;
}

/// Whether the head of the request whose first access call this is was framed as RFC 9112 asks.
/// libmicrohttpd 0.9.75 is lenient: it takes a bare LF as a line end, cuts a value at a NUL, folds
/// continued lines and keeps a space before the colon in the name. It parses the head in place,
/// turning each CR and LF of a line end into NUL, and keeps pointers into that buffer; so in a
/// strictly framed head every field line starts exactly two bytes (the CRLF) after the previous
/// one ends, and the head ends two bytes after the last. (A NUL right before a bare LF leaves the
/// same two NULs as a CR LF: that one case cannot be seen here.) `target_length` is the request target's
/// length as the URI log callback saw it, before libmicrohttpd cut it at the `?`.
static inline int hp_mhd_head_framing(struct MHD_Connection *connection, const char *method, const char *url,
                                      const char *version, size_t target_length) {
    if (url != method + strlen(method) + 1 || version != url + target_length + 1) return HP_HEAD_FOLDED;
    size_t version_length = strlen(version);
    if (version[version_length + 1] != '\0') return HP_HEAD_BAD_LINE_END;
    struct hp_head_walk walk = { version + version_length + 2, HP_HEAD_STRICT };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, hp_head_walk_field, &walk);
    if (walk.problem != HP_HEAD_STRICT) return walk.problem;
    const union MHD_ConnectionInfo *size = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (size == NULL || walk.expected_line + 2 != method + size->header_size) return HP_HEAD_BAD_LINE_END;
    return HP_HEAD_STRICT;
}

#include <time.h>

/// The start of Linux's `struct tcp_info` (linux/tcp.h, which clashes with glibc's netinet/tcp.h,
/// whose copy stops before the byte counts). The kernel only ever appends to it.
struct hp_tcp_info_start {
    uint8_t flags[8];
    uint32_t counts_and_times[24];
    uint64_t pacing_rate;
    uint64_t max_pacing_rate;
    uint64_t bytes_acked;
    uint64_t bytes_received;
};
_Static_assert(offsetof(struct hp_tcp_info_start, bytes_acked) == 120, "tcpi_bytes_acked is at offset 120");

/// Bytes of this TCP connection the peer has acknowledged so far, or -1.
static inline int64_t hp_tcp_bytes_acked(int socket) {
    struct hp_tcp_info_start info;
    socklen_t length = sizeof info;
    if (getsockopt(socket, IPPROTO_TCP, 11 /* TCP_INFO */, &info, &length) != 0
        || length < offsetof(struct hp_tcp_info_start, bytes_received)) {
        return -1;
    }
    return (int64_t) info.bytes_acked;
}

/// Milliseconds on a coarse monotonic clock: cheap enough to read several times per request.
static inline int64_t hp_coarse_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return (int64_t) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}
