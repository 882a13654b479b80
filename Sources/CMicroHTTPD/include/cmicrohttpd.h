#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

/*
 * A small non-variadic face over libmicrohttpd for Swift.
 *
 * The shim owns the mechanics: the listening socket, daemon options, reading
 * headers and body, refusing ambiguous framing and bodies over the cap, and queuing a response. The
 * application sees each request once, complete, through `cmhd_handler`.
 */

#include <stddef.h>
#include <stdint.h>

/* One request, valid only for the duration of the handler call. */
struct cmhd_request {
    void *connection;                 /* opaque libmicrohttpd connection */
    const char *method;
    const char *target;               /* request target as received: path and query */
    const char *client_address;       /* peer IP as text */
    const char *const *header_names;  /* in the order received */
    const char *const *header_values;
    size_t header_count;
    const uint8_t *body;
    size_t body_length;
    unsigned int rejection;           /* 0, or the status refusing the request (400, 413) */
    const char *rejection_reason;     /* why, as text for the body; NULL: the status's reason phrase */
    int closes_connection;            /* the response carries Connection: close and nothing more is read */
    int is_secure;                    /* arrived over TLS */
};

/* Called once per request on a libmicrohttpd thread; returns 1 once cmhd_respond succeeded, else 0. */
typedef int (*cmhd_handler)(void *context, const struct cmhd_request *request);

/*
 * Called on a libmicrohttpd thread when libmicrohttpd answered a request itself, before the handler
 * could see it (a header section too big for the connection's memory, a malformed Content-Length),
 * with the request target as far as it was read and the status it sent.
 */
typedef void (*cmhd_library_response_handler)(void *context, const char *target, const char *client_address,
                                              unsigned int status);

/* How to start a server. Strings need to live only during cmhd_start. */
struct cmhd_options {
    const char *host;                 /* numeric address or host name to bind */
    uint16_t port;                    /* 0 picks an ephemeral port */
    unsigned int thread_count;        /* epoll worker threads */
    unsigned int connection_limit;    /* open connections in total */
    unsigned int per_ip_limit;        /* open connections per client address */
    unsigned int timeout_seconds;     /* inactivity timeout */
    size_t memory_limit;              /* per-connection memory pool (headers, buffers) */
    size_t max_body_bytes;
    const char *tls_certificate_pem;  /* both NULL for plain HTTP */
    const char *tls_key_pem;
    cmhd_handler handler;
    cmhd_library_response_handler library_response_handler;
    void *handler_context;           /* passed to both handlers */
};

struct cmhd_server;

/* Binds and starts serving; on failure returns NULL and writes a message into error. */
struct cmhd_server *cmhd_start(const struct cmhd_options *options, char *error, size_t error_size);

/* The port the server is bound to. */
uint16_t cmhd_port(const struct cmhd_server *server);

/*
 * Queues the response for a request. headers holds header_count pairs packed as
 * "name\0value\0". When the request closes_connection, any Connection header given is replaced by
 * Connection: close. Returns 1 on success, 0 if libmicrohttpd refused a header or the response.
 */
int cmhd_respond(const struct cmhd_request *request, unsigned int status,
                 const char *headers, size_t header_count,
                 const uint8_t *body, size_t body_length);

/* Stops accepting connections (new ones are refused); open connections go on. The listening
   socket is closed by cmhd_stop, once the daemon's threads no longer watch it. */
void cmhd_quiesce(struct cmhd_server *server);

/* Requests begun and not yet completed. */
unsigned int cmhd_requests_in_flight(const struct cmhd_server *server);

/* Stops the daemon, closing every connection, and frees the server. */
void cmhd_stop(struct cmhd_server *server);

/* Whether this libmicrohttpd was built with TLS support. */
int cmhd_tls_supported(void);

/* Raises the soft open-file limit to the hard limit; returns the soft limit now in force. */
uint64_t cmhd_raise_open_file_limit(void);

#endif
