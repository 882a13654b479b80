#include "cmicrohttpd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

/* A chunked upload is drained (and discarded) up to this multiple of the cap, then dropped. */
#define CMHD_DRAIN_FACTOR 4

struct cmhd_server {
    struct MHD_Daemon *daemon;
    int listen_fd;
    /* The listening socket once quiesced: the daemon's threads may still be taking it out of
       their epoll sets, so it is closed only after MHD_stop_daemon (-1: none to close). */
    int quiesced_fd;
    uint16_t port;
    int is_secure;
    char *tls_certificate_pem; /* kept for the daemon's lifetime */
    char *tls_key_pem;
    size_t max_body_bytes;
    cmhd_handler handler;
    cmhd_library_response_handler library_response_handler;
    void *handler_context;
    atomic_uint in_flight;
    pthread_mutex_t log_lock;
    char start_error[256];
};

/* The per-request state, from the request line to completion. */
struct cmhd_exchange {
    struct cmhd_server *server;
    char *target;
    int headers_seen;
    int dispatched;
    unsigned int rejection;
    const char *rejection_reason;
    int closes_connection;
    uint64_t received;
    size_t declared_length;
    uint8_t *body;
    size_t body_length;
    size_t body_capacity;
    const char **header_names;
    const char **header_values;
    size_t header_count;
};

static void *on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)connection;
    struct cmhd_server *server = cls;
    struct cmhd_exchange *exchange = calloc(1, sizeof *exchange);
    if (exchange == NULL) return NULL;
    exchange->server = server;
    exchange->target = strdup(uri);
    atomic_fetch_add(&server->in_flight, 1);
    return exchange;
}

static void format_client_address(struct MHD_Connection *connection, char *out, size_t size);

/* Reports a response libmicrohttpd queued itself, for a request the handler never saw (a header section
 * too big for the connection's memory, a malformed Content-Length). */
static void report_library_response(struct cmhd_server *server, struct cmhd_exchange *exchange,
                                    struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    if (info == NULL || info->http_status == 0) return;
    char client[INET6_ADDRSTRLEN];
    format_client_address(connection, client, sizeof client);
    server->library_response_handler(server->handler_context, exchange->target != NULL ? exchange->target : "/", client,
                                     info->http_status);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                         enum MHD_RequestTerminationCode code) {
    struct cmhd_server *server = cls;
    struct cmhd_exchange *exchange = *req_cls;
    if (exchange == NULL) return;
    if (!exchange->dispatched && code != MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN) {
        report_library_response(server, exchange, connection);
    }
    free(exchange->target);
    free(exchange->body);
    free(exchange->header_names);
    free(exchange->header_values);
    free(exchange);
    *req_cls = NULL;
    atomic_fetch_sub(&server->in_flight, 1);
}

static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *name, const char *value) {
    (void)kind;
    struct cmhd_exchange *exchange = cls;
    const char *text = value == NULL ? "" : value;
    exchange->header_names[exchange->header_count] = name;
    exchange->header_values[exchange->header_count] = text;
    exchange->header_count += 1;
    return MHD_YES;
}

/* Why a request's framing is refused (400, and the connection closed); static text for the response body. */
#define CMHD_AMBIGUOUS "The request's length is ambiguous: "
static const char *const cmhd_length_and_encoding = CMHD_AMBIGUOUS "it has both Content-Length and Transfer-Encoding.";
static const char *const cmhd_repeated_length = CMHD_AMBIGUOUS "it has more than one Content-Length.";
static const char *const cmhd_malformed_length = CMHD_AMBIGUOUS "its Content-Length is not a decimal number.";
static const char *const cmhd_repeated_encoding = CMHD_AMBIGUOUS "it has more than one Transfer-Encoding.";
static const char *const cmhd_unsupported_encoding = CMHD_AMBIGUOUS "its Transfer-Encoding is not just chunked.";
static const char *const cmhd_encoding_in_http10 = CMHD_AMBIGUOUS "HTTP/1.0 has no Transfer-Encoding.";
static const char *const cmhd_malformed_framing_name =
    CMHD_AMBIGUOUS "a Content-Length or Transfer-Encoding header has whitespace before its colon or is folded.";
static const char *const cmhd_malformed_name = "The request's header section is malformed: a field name is not a token.";

/* RFC 9110 §5.1: a field name is a token. */
static int is_token(const char *text) {
    if (*text == '\0') return 0;
    for (const unsigned char *cursor = (const unsigned char *)text; *cursor != '\0'; cursor++) {
        unsigned char c = *cursor;
        int alphanumeric = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!alphanumeric && strchr("!#$%&'*+-.^_`|~", c) == NULL) return 0;
    }
    return 1;
}

/* A Content-Length value: ASCII digits only, at least one, no sign, space or list, within 64 bits. */
static int parse_length(const char *text, uint64_t *length) {
    if (*text == '\0') return 0;
    uint64_t value = 0;
    for (const char *cursor = text; *cursor != '\0'; cursor++) {
        if (*cursor < '0' || *cursor > '9') return 0;
        unsigned int digit = (unsigned int)(*cursor - '0');
        if (value > (UINT64_MAX - digit) / 10) return 0;
        value = value * 10 + digit;
    }
    *length = value;
    return 1;
}

/*
 * RFC 9112 §6.1, §6.3: a body length that could be read two ways is refused rather than guessed, so a
 * request smuggled inside a body is never read as one. libmicrohttpd 0.9.75 reads the first
 * Transfer-Encoding or, without one, the first Content-Length; it strips a value's leading whitespace
 * but keeps trailing whitespace, keeps whitespace before the colon in the name ("Content-Length "),
 * and appends a folded (obs-fold) line to the name ("Content-Length5"). Every header instance is
 * checked here. Returns why the framing is refused, or NULL with *length the declared Content-Length
 * (0 when there is none).
 */
static const char *framing_problem(const struct cmhd_exchange *exchange, const char *version, uint64_t *length) {
    size_t lengths = 0;
    size_t encodings = 0;
    const char *length_value = NULL;
    const char *encoding_value = NULL;
    for (size_t index = 0; index < exchange->header_count; index++) {
        const char *name = exchange->header_names[index];
        if (strcasecmp(name, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
            lengths += 1;
            length_value = exchange->header_values[index];
        } else if (strcasecmp(name, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
            encodings += 1;
            encoding_value = exchange->header_values[index];
        } else if (strncasecmp(name, MHD_HTTP_HEADER_CONTENT_LENGTH, strlen(MHD_HTTP_HEADER_CONTENT_LENGTH)) == 0 ||
                   strncasecmp(name, MHD_HTTP_HEADER_TRANSFER_ENCODING, strlen(MHD_HTTP_HEADER_TRANSFER_ENCODING)) == 0) {
            return cmhd_malformed_framing_name;
        } else if (!is_token(name)) {
            return cmhd_malformed_name;
        }
    }
    *length = 0;
    if (lengths > 0 && encodings > 0) return cmhd_length_and_encoding;
    if (lengths > 1) return cmhd_repeated_length;
    if (encodings > 1) return cmhd_repeated_encoding;
    if (encodings == 1) {
        /* Exactly what libmicrohttpd reads as chunked; anything else it would read up to the connection's end. */
        if (strcasecmp(encoding_value, "chunked") != 0) return cmhd_unsupported_encoding;
        if (strcmp(version, MHD_HTTP_VERSION_1_0) == 0) return cmhd_encoding_in_http10;
    }
    if (lengths == 1 && !parse_length(length_value, length)) return cmhd_malformed_length;
    return NULL;
}

/* Gathers the headers and returns the status rejecting their framing or declared length, or 0. Their
 * count and size are checked in Swift, with the rest of what the request may hold. */
static unsigned int read_headers(struct cmhd_exchange *exchange, struct MHD_Connection *connection, const char *version) {
    const struct cmhd_server *server = exchange->server;
    int count = MHD_get_connection_values(connection, MHD_HEADER_KIND, NULL, NULL);
    if (count < 0) count = 0;
    exchange->header_names = calloc((size_t)count + 1, sizeof(char *));
    exchange->header_values = calloc((size_t)count + 1, sizeof(char *));
    if (exchange->header_names == NULL || exchange->header_values == NULL) return MHD_HTTP_INTERNAL_SERVER_ERROR;
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_header, exchange);
    uint64_t declared = 0;
    exchange->rejection_reason = framing_problem(exchange, version, &declared);
    if (exchange->rejection_reason != NULL) {
        exchange->closes_connection = 1;
        return MHD_HTTP_BAD_REQUEST;
    }
    if (declared > server->max_body_bytes) return MHD_HTTP_CONTENT_TOO_LARGE;
    exchange->declared_length = (size_t)declared;
    return 0;
}

/* Grows the body buffer to hold needed bytes, doubling, but not past a declared Content-Length. */
static int reserve(struct cmhd_exchange *exchange, size_t needed) {
    if (needed <= exchange->body_capacity) return 1;
    size_t capacity = needed * 2;
    if (needed <= exchange->declared_length && capacity > exchange->declared_length) capacity = exchange->declared_length;
    if (capacity > exchange->server->max_body_bytes) capacity = exchange->server->max_body_bytes;
    uint8_t *grown = realloc(exchange->body, capacity);
    if (grown == NULL) return 0;
    exchange->body = grown;
    exchange->body_capacity = capacity;
    return 1;
}

/* Appends upload data, or discards it once over the cap; MHD_NO drops a runaway upload. */
static enum MHD_Result receive_body(struct cmhd_exchange *exchange, const char *data, size_t size) {
    const struct cmhd_server *server = exchange->server;
    exchange->received += size;
    if (exchange->received > (uint64_t)server->max_body_bytes * CMHD_DRAIN_FACTOR) return MHD_NO;
    if (exchange->rejection != 0) return MHD_YES;
    if (exchange->body_length + size > server->max_body_bytes) {
        exchange->rejection = MHD_HTTP_CONTENT_TOO_LARGE;
        free(exchange->body);
        exchange->body = NULL;
        exchange->body_length = 0;
        exchange->body_capacity = 0;
        return MHD_YES;
    }
    if (!reserve(exchange, exchange->body_length + size)) return MHD_NO;
    memcpy(exchange->body + exchange->body_length, data, size);
    exchange->body_length += size;
    return MHD_YES;
}

static void format_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    snprintf(out, size, "unknown");
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, (socklen_t)size);
    }
}

/* Hands the request to the application; MHD_NO (closing the connection) if it queued no response. */
static enum MHD_Result dispatch(struct cmhd_exchange *exchange, struct MHD_Connection *connection, const char *method) {
    char client[INET6_ADDRSTRLEN];
    format_client_address(connection, client, sizeof client);
    exchange->dispatched = 1;
    struct cmhd_request request = {
        .connection = connection,
        .method = method,
        .target = exchange->target != NULL ? exchange->target : "/",
        .client_address = client,
        .header_names = exchange->header_names,
        .header_values = exchange->header_values,
        .header_count = exchange->header_count,
        .body = exchange->body,
        .body_length = exchange->body_length,
        .rejection = exchange->rejection,
        .rejection_reason = exchange->rejection_reason,
        .closes_connection = exchange->closes_connection,
        .is_secure = exchange->server->is_secure,
    };
    return exchange->server->handler(exchange->server->handler_context, &request) ? MHD_YES : MHD_NO;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **req_cls) {
    (void)cls;
    (void)url;
    struct cmhd_exchange *exchange = *req_cls;
    if (exchange == NULL) return MHD_NO;
    if (!exchange->headers_seen) {
        exchange->headers_seen = 1;
        exchange->rejection = read_headers(exchange, connection, version);
        return exchange->rejection != 0 ? dispatch(exchange, connection, method) : MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        return exchange->dispatched ? MHD_YES : receive_body(exchange, upload_data, size);
    }
    return exchange->dispatched ? MHD_YES : dispatch(exchange, connection, method);
}

int cmhd_respond(const struct cmhd_request *request, unsigned int status, const char *headers,
                 size_t header_count, const uint8_t *body, size_t body_length) {
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    const char *cursor = headers;
    for (size_t index = 0; index < header_count; index++) {
        const char *name = cursor;
        const char *value = name + strlen(name) + 1;
        cursor = value + strlen(value) + 1;
        if (request->closes_connection && strcasecmp(name, MHD_HTTP_HEADER_CONNECTION) == 0) continue;
        if (MHD_add_response_header(response, name, value) != MHD_YES) {
            MHD_destroy_response(response);
            return 0;
        }
    }
    /* libmicrohttpd closes the connection once a response with Connection: close is sent. */
    if (request->closes_connection && MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close") != MHD_YES) {
        MHD_destroy_response(response);
        return 0;
    }
    enum MHD_Result queued = MHD_queue_response(request->connection, status, response);
    MHD_destroy_response(response);
    return queued == MHD_YES;
}

static void record_start_error(void *cls, const char *format, va_list arguments) {
    struct cmhd_server *server = cls;
    pthread_mutex_lock(&server->log_lock);
    if (server->start_error[0] == '\0') {
        vsnprintf(server->start_error, sizeof server->start_error, format, arguments);
        server->start_error[strcspn(server->start_error, "\n")] = '\0';
    }
    pthread_mutex_unlock(&server->log_lock);
}

/* Opens, binds and listens; returns the socket or -1 with a message in error. */
static int open_listener(const struct cmhd_options *options, uint16_t *port, char *error, size_t error_size) {
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)options->port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE | AI_NUMERICSERV};
    struct addrinfo *addresses = NULL;
    int status = getaddrinfo(options->host, service, &hints, &addresses);
    if (status != 0) {
        snprintf(error, error_size, "cannot resolve %s: %s", options->host, gai_strerror(status));
        return -1;
    }
    int fd = -1;
    int reason = 0;
    for (struct addrinfo *address = addresses; address != NULL && fd < 0; address = address->ai_next) {
        fd = socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC, address->ai_protocol);
        if (fd < 0) {
            reason = errno;
            continue;
        }
        int on = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (bind(fd, address->ai_addr, address->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
            reason = errno;
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(addresses);
    if (fd < 0) {
        snprintf(error, error_size, "cannot listen on %s port %u: %s", options->host, (unsigned)options->port, strerror(reason));
        return -1;
    }
    struct sockaddr_storage bound;
    socklen_t length = sizeof bound;
    getsockname(fd, (struct sockaddr *)&bound, &length);
    *port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                              : ((struct sockaddr_in *)&bound)->sin_port);
    return fd;
}

static struct MHD_Daemon *start_daemon(struct cmhd_server *server, const struct cmhd_options *options) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    struct MHD_OptionItem items[16] = {
        {MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)record_start_error, server},
        {MHD_OPTION_LISTEN_SOCKET, server->listen_fd, NULL},
        {MHD_OPTION_THREAD_POOL_SIZE, options->thread_count, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, options->connection_limit, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_ip_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, options->timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)options->memory_limit, NULL},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)on_request_line, server},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)on_completed, server},
    };
    size_t count = 9;
    if (server->is_secure) {
        flags |= MHD_USE_TLS;
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, server->tls_certificate_pem};
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, server->tls_key_pem};
    }
    items[count] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(flags, 0, NULL, NULL, on_request, server, MHD_OPTION_ARRAY, items, MHD_OPTION_END);
}

static void free_server(struct cmhd_server *server) {
    pthread_mutex_destroy(&server->log_lock);
    free(server->tls_certificate_pem);
    free(server->tls_key_pem);
    free(server);
}

struct cmhd_server *cmhd_start(const struct cmhd_options *options, char *error, size_t error_size) {
    int is_secure = options->tls_certificate_pem != NULL && options->tls_key_pem != NULL;
    if (is_secure && !cmhd_tls_supported()) {
        snprintf(error, error_size, "libmicrohttpd was built without TLS support");
        return NULL;
    }
    if (MHD_is_feature_supported(MHD_FEATURE_AUTOSUPPRESS_SIGPIPE) != MHD_YES) signal(SIGPIPE, SIG_IGN);
    /* An answer of hundreds of kilobytes (a book's listing) is built, copied and freed on every
     * request. By default glibc gives such buffers back to the kernel each time (each its own
     * mapping, or the heap trimmed after it) and faults them in again on the next request: up to
     * these sizes it keeps them for the next one instead. */
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 8 << 20);
    struct cmhd_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    server->is_secure = is_secure;
    if (is_secure) {
        server->tls_certificate_pem = strdup(options->tls_certificate_pem);
        server->tls_key_pem = strdup(options->tls_key_pem);
    }
    server->max_body_bytes = options->max_body_bytes;
    server->handler = options->handler;
    server->library_response_handler = options->library_response_handler;
    server->handler_context = options->handler_context;
    atomic_init(&server->in_flight, 0);
    pthread_mutex_init(&server->log_lock, NULL);
    server->quiesced_fd = -1;
    server->listen_fd = open_listener(options, &server->port, error, error_size);
    if (server->listen_fd >= 0) server->daemon = start_daemon(server, options);
    if (server->daemon != NULL) return server;
    if (server->listen_fd >= 0) {
        snprintf(error, error_size, "libmicrohttpd did not start: %s",
                 server->start_error[0] != '\0' ? server->start_error : "unknown reason");
        close(server->listen_fd);
    }
    free_server(server);
    return NULL;
}

uint16_t cmhd_port(const struct cmhd_server *server) { return server->port; }

void cmhd_quiesce(struct cmhd_server *server) {
    if (server->listen_fd < 0) return;
    MHD_socket fd = MHD_quiesce_daemon(server->daemon);
    if (fd != MHD_INVALID_SOCKET) {
        /* New connections are refused from now on; the descriptor itself stays valid. */
        shutdown(fd, SHUT_RDWR);
        server->quiesced_fd = fd;
    }
    server->listen_fd = -1;
}

unsigned int cmhd_requests_in_flight(const struct cmhd_server *server) {
    return atomic_load(&((struct cmhd_server *)server)->in_flight);
}

void cmhd_stop(struct cmhd_server *server) {
    /* A daemon not quiesced closes its listening socket itself, once its threads have stopped:
       quiescing here would race them (libmicrohttpd's quiesce takes the socket out of each
       worker's epoll set while a worker that saw the flag may be doing so too, and aborts). */
    MHD_stop_daemon(server->daemon);
    if (server->quiesced_fd >= 0) close(server->quiesced_fd);
    free_server(server);
}

int cmhd_tls_supported(void) { return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES; }

uint64_t cmhd_raise_open_file_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return (uint64_t)limit.rlim_cur;
}
