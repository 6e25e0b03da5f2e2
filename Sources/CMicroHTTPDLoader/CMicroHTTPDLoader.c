// Calls libmicrohttpd through dlopen/dlsym. MHD_start_daemon is variadic, which Swift can't
// call, so this file makes the calls; the flag and option numbers are libmicrohttpd's stable
// ABI values (0.9.x, soname libmicrohttpd.so.12).
#include "CMicroHTTPDLoader.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

enum {
    USE_ERROR_LOG = 1, USE_THREAD_PER_CONNECTION = 4, USE_INTERNAL_POLLING_THREAD = 8, USE_POLL = 64,
    OPTION_END = 0, OPTION_CONNECTION_MEMORY_LIMIT = 1, OPTION_CONNECTION_LIMIT = 2, OPTION_CONNECTION_TIMEOUT = 3,
    OPTION_NOTIFY_COMPLETED = 4, OPTION_SOCK_ADDR = 6,
    HEADER_KIND = 1, COOKIE_KIND = 2, GET_ARGUMENT_KIND = 8,
    RESPMEM_MUST_COPY = 2,
    DAEMON_INFO_BIND_PORT = 6, CONNECTION_INFO_CONNECTION_FD = 6,
    MHD_NO = 0, MHD_YES = 1,
};

typedef int (*access_handler)(void *, struct MHD_Connection *, const char *, const char *, const char *, const char *,
                              size_t *, void **);
typedef void (*completed_handler)(void *, struct MHD_Connection *, void **, int);
typedef ssize_t (*content_reader)(void *, uint64_t, char *, size_t);
typedef void (*content_reader_free)(void *);

static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, void *, void *, access_handler, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    const void *(*get_daemon_info)(struct MHD_Daemon *, int, ...);
    const char *(*lookup_connection_value)(struct MHD_Connection *, int, const char *);
    const void *(*get_connection_info)(struct MHD_Connection *, int, ...);
    int (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, int);
    struct MHD_Response *(*create_response_from_callback)(uint64_t, size_t, content_reader, void *, content_reader_free);
    int (*add_response_header)(struct MHD_Response *, const char *, const char *);
    void (*destroy_response)(struct MHD_Response *);
    char load_error[256];
} mhd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(mhd.load_error, sizeof mhd.load_error,
                 "libmicrohttpd is not installed (apt-get install libmicrohttpd12): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                      \
    if (!(*(void **)&mhd.field = dlsym(library, symbol))) {                                                      \
        snprintf(mhd.load_error, sizeof mhd.load_error, "libmicrohttpd lacks %s", symbol);                       \
        return;                                                                                                  \
    }
    FIND(start_daemon, "MHD_start_daemon")
    FIND(stop_daemon, "MHD_stop_daemon")
    FIND(get_daemon_info, "MHD_get_daemon_info")
    FIND(lookup_connection_value, "MHD_lookup_connection_value")
    FIND(get_connection_info, "MHD_get_connection_info")
    FIND(queue_response, "MHD_queue_response")
    FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
    FIND(create_response_from_callback, "MHD_create_response_from_callback")
    FIND(add_response_header, "MHD_add_response_header")
    FIND(destroy_response, "MHD_destroy_response")
#undef FIND
}

struct shortcuts_web_server {
    struct MHD_Daemon *daemon;
    shortcuts_web_handler handler;
    void *context;
    size_t body_limit;
};

struct shortcuts_web_request {
    struct MHD_Connection *connection;
    char *body;
    size_t length;
    size_t capacity;
    int too_large;
    int answered;
};

/// libmicrohttpd calls this first with the headers, then with each piece of the body, then once
/// more with nothing: the request is handed on only then, whole.
static int on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                      const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)version;
    shortcuts_web_server *server = cls;
    shortcuts_web_request *request = *state;
    if (!request) {
        request = calloc(1, sizeof *request);
        if (!request) return MHD_NO;
        request->connection = connection;
        *state = request;
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t piece = *upload_data_size;
        *upload_data_size = 0;
        if (request->too_large || request->length + piece > server->body_limit) {
            request->too_large = 1;
            return MHD_YES;
        }
        if (request->length + piece + 1 > request->capacity) {
            size_t capacity = request->capacity ? request->capacity : 4096;
            while (capacity < request->length + piece + 1) capacity *= 2;
            char *grown = realloc(request->body, capacity);
            if (!grown) return MHD_NO;
            request->body = grown;
            request->capacity = capacity;
        }
        memcpy(request->body + request->length, upload_data, piece);
        request->length += piece;
        return MHD_YES;
    }
    if (request->answered) return MHD_NO;
    server->handler(server->context, request, method, url, request->too_large ? "" : (request->body ? request->body : ""),
                    request->too_large ? 0 : request->length, request->too_large);
    return request->answered ? MHD_YES : MHD_NO;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **state, int reason) {
    (void)cls, (void)connection, (void)reason;
    shortcuts_web_request *request = *state;
    if (!request) return;
    free(request->body);
    free(request);
    *state = NULL;
}

shortcuts_web_server *shortcuts_web_start(uint16_t port, unsigned int connection_limit, size_t body_limit,
                                          shortcuts_web_handler handler, void *context, char *error,
                                          size_t error_capacity) {
    pthread_once(&load_once, load);
    if (mhd.load_error[0]) {
        snprintf(error, error_capacity, "%s", mhd.load_error);
        return NULL;
    }
    shortcuts_web_server *server = calloc(1, sizeof *server);
    if (!server) {
        snprintf(error, error_capacity, "out of memory");
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->body_limit = body_limit;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    server->daemon = mhd.start_daemon(USE_THREAD_PER_CONNECTION | USE_INTERNAL_POLLING_THREAD | USE_POLL, port, NULL,
                                      NULL, on_request, server, OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                                      OPTION_CONNECTION_LIMIT, connection_limit, OPTION_CONNECTION_TIMEOUT,
                                      (unsigned int)120, OPTION_NOTIFY_COMPLETED, on_completed, (void *)server,
                                      OPTION_END);
    if (!server->daemon) {
        snprintf(error, error_capacity, "can't listen on 127.0.0.1:%u (is the port in use?)", (unsigned)port);
        free(server);
        return NULL;
    }
    return server;
}

uint16_t shortcuts_web_port(shortcuts_web_server *server) {
    const uint16_t *info = mhd.get_daemon_info(server->daemon, DAEMON_INFO_BIND_PORT);
    return info ? *info : 0;
}

void shortcuts_web_stop(shortcuts_web_server *server) {
    mhd.stop_daemon(server->daemon);
    free(server);
}

const char *shortcuts_web_header(shortcuts_web_request *request, const char *name) {
    return mhd.lookup_connection_value(request->connection, HEADER_KIND, name);
}

const char *shortcuts_web_query(shortcuts_web_request *request, const char *name) {
    return mhd.lookup_connection_value(request->connection, GET_ARGUMENT_KIND, name);
}

const char *shortcuts_web_cookie(shortcuts_web_request *request, const char *name) {
    return mhd.lookup_connection_value(request->connection, COOKIE_KIND, name);
}

static int queue(shortcuts_web_request *request, unsigned int status, const char *const *headers, size_t header_count,
                 struct MHD_Response *response) {
    if (!response) return -1;
    for (size_t i = 0; i + 1 < header_count * 2; i += 2) mhd.add_response_header(response, headers[i], headers[i + 1]);
    int queued = mhd.queue_response(request->connection, status, response);
    mhd.destroy_response(response);
    if (queued != MHD_YES) return -1;
    request->answered = 1;
    return 0;
}

int shortcuts_web_respond(shortcuts_web_request *request, unsigned int status, const char *const *headers,
                          size_t header_count, const void *body, size_t body_length) {
    return queue(request, status, headers, header_count,
                 mhd.create_response_from_buffer(body_length, (void *)body, RESPMEM_MUST_COPY));
}

int shortcuts_web_socket(shortcuts_web_request *request) {
    // union MHD_ConnectionInfo: its connect_fd is the socket.
    const int *info = mhd.get_connection_info(request->connection, CONNECTION_INFO_CONNECTION_FD);
    return info ? *info : -1;
}

typedef struct stream {
    shortcuts_web_reader reader;
    shortcuts_web_reader_done done;
    void *context;
} stream;

static ssize_t read_stream(void *cls, uint64_t position, char *buffer, size_t capacity) {
    (void)position;
    stream *source = cls;
    return source->reader(source->context, buffer, capacity);
}

static void free_stream(void *cls) {
    stream *source = cls;
    source->done(source->context);
    free(source);
}

int shortcuts_web_stream(shortcuts_web_request *request, unsigned int status, const char *const *headers,
                         size_t header_count, shortcuts_web_reader reader, shortcuts_web_reader_done done,
                         void *context) {
    stream *source = malloc(sizeof *source);
    if (!source) return -1;
    source->reader = reader;
    source->done = done;
    source->context = context;
    struct MHD_Response *response =
        mhd.create_response_from_callback(UINT64_MAX, 4096, read_stream, source, free_stream);
    if (!response) {
        free(source);
        return -1;
    }
    return queue(request, status, headers, header_count, response);
}
