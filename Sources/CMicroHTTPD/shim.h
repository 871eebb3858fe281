#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic: Swift passes its options as an MHD_OPTION_ARRAY instead.
static inline struct MHD_Daemon *hp_mhd_start_daemon(unsigned int flags,
                                                      MHD_AccessHandlerCallback handler,
                                                      void *handler_context,
                                                      const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
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
