/* The floor for the CardDAV benchmark's GET workload: libmicrohttpd alone, answering every request
 * 200 with one fixed vCard of a typical card's size (text/vcard, with an ETag), nothing else.
 * It starts the daemon the way `contacts serve` does (Sources/CMicroHTTPD/cmicrohttpd.c,
 * start_daemon): the same flags, a thread pool of the server's default size, and the same
 * connection, per-client, timeout and per-connection memory limits (Sources/HTTP/
 * HTTPServerConfiguration.swift's defaults), so the gap between the two is our own code.
 * scripts/bench-carddav.sh compiles it with `cc -O2 bench/bare-microhttpd.c -lmicrohttpd`.
 * Usage: bare-microhttpd [PORT]   (0, the default, picks a free one; it prints
 * "Listening on http://127.0.0.1:PORT" and serves until killed). */
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* HTTPServer.Configuration's defaults: threadCount 4, maxConnections 1000,
 * maxConnectionsPerClient 64, connectionTimeoutSeconds 30, and connectionMemoryLimit
 * max(64 KiB, 4 × maxHeaderBytes of 16 KiB) = 64 KiB. */
enum { THREADS = 4, CONNECTIONS = 1000, PER_CLIENT = 64, TIMEOUT_SECONDS = 30, MEMORY_LIMIT = 64 * 1024 };

/* 450 bytes or so, as the benchmark's cards without a photo are. */
static const char card[] =
    "BEGIN:VCARD\r\n"
    "VERSION:3.0\r\n"
    "UID:6f1c2d9e-3b4a-4c5d-8e7f-0a1b2c3d4e5f\r\n"
    "FN:Chloé Dubois\r\n"
    "N:Dubois;Chloé;;;\r\n"
    "TEL;TYPE=CELL:+86 145 0342 8817\r\n"
    "TEL;TYPE=WORK,VOICE:+1 555 201 4432\r\n"
    "EMAIL;TYPE=INTERNET:chloe.dubois@example.com\r\n"
    "ORG:Northwind Traders;Logistics\r\n"
    "TITLE:Account Manager\r\n"
    "NOTE:Met at the conference in Lyon; call after 6 pm.\r\n"
    "ADR;TYPE=WORK:;;12 Rue de la République;Lyon;;69002;France\r\n"
    "REV:2024-05-17T10:00:00Z\r\n"
    "END:VCARD\r\n";

static enum MHD_Result answer(void *closure, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    (void)closure; (void)url; (void)method; (void)version; (void)upload_data;
    /* The first call has the headers only: answering then would make libmicrohttpd close the
     * connection after the response (it cannot know the body was read), so answer on the next. */
    static int headers_seen;
    if (*request_state == NULL) {
        *request_state = &headers_seen;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {  /* a body, if any, is read and dropped */
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof card - 1, (void *)card, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "text/vcard; charset=utf-8");
    MHD_add_response_header(response, MHD_HTTP_HEADER_ETAG, "\"bare-1\"");
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    unsigned port = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 0;
    if (MHD_is_feature_supported(MHD_FEATURE_AUTOSUPPRESS_SIGPIPE) != MHD_YES) signal(SIGPIPE, SIG_IGN);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG, 0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)THREADS,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTIONS,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_CLIENT,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)TIMEOUT_SECONDS,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)MEMORY_LIMIT,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "bare-microhttpd: cannot start on 127.0.0.1 port %u\n", port);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("Listening on http://127.0.0.1:%u\n", info != NULL ? (unsigned)info->port : port);
    fflush(stdout);
    for (;;) pause();
}
