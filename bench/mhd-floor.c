/* The floor under Homepwner's cached-file GET: libmicrohttpd started as Homepwner starts it (epoll
 * thread pool, ITC, suspend/resume allowed), answering every request with one file, sent as Homepwner
 * sends it, with the same caching headers, and no application code at all. What Homepwner adds on
 * top of libmicrohttpd is the gap between this and Homepwner; what libmicrohttpd costs is the gap
 * between this and nginx.
 *
 * usage: mhd-floor FILE PORT THREADS */
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *file;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload; (void)upload_size;
    /* Answer on the second call, as Homepwner does: answering on the first one makes libmicrohttpd
     * close the connection after the response. */
    if (*state == NULL) { *state = connection; return MHD_YES; }
    int descriptor = open(file, O_RDONLY | O_CLOEXEC);
    struct stat status;
    if (descriptor < 0 || fstat(descriptor, &status) != 0) return MHD_NO;
    /* As Homepwner: a small file is read and sent with its headers in one write, a large one with
     * sendfile (libmicrohttpd sends a descriptor's headers in a segment of their own). */
    struct MHD_Response *response;
    if (status.st_size <= 64 * 1024) {
        char *body = malloc(status.st_size > 0 ? (size_t)status.st_size : 1);
        ssize_t got = body ? pread(descriptor, body, (size_t)status.st_size, 0) : -1;
        close(descriptor);
        if (got != status.st_size) { free(body); return MHD_NO; }
        response = MHD_create_response_from_buffer((size_t)status.st_size, body, MHD_RESPMEM_MUST_FREE);
    } else {
        response = MHD_create_response_from_fd64((uint64_t)status.st_size, descriptor);
    }
    MHD_add_response_header(response, "Cache-Control", "public, max-age=31536000, immutable");
    MHD_add_response_header(response, "ETag", "\"0123456789abcdef-thumb-80.jpg\"");
    MHD_add_response_header(response, "Content-Type", "image/jpeg");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: mhd-floor FILE PORT THREADS\n"); return 2; }
    file = argv[1];
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    struct sockaddr_in loopback = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[2])),
                                   .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, 0, NULL, NULL, answer, NULL,
                                                 MHD_OPTION_SOCK_ADDR, &loopback,
                                                 MHD_OPTION_THREAD_POOL_SIZE, (unsigned)atoi(argv[3]), MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "mhd-floor: could not listen on port %s\n", argv[2]); return 1; }
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigprocmask(SIG_BLOCK, &stop, NULL);
    int received;
    sigwait(&stop, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
