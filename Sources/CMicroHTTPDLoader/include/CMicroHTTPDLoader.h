#ifndef CMICROHTTPDLOADER_H
#define CMICROHTTPDLOADER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// A loopback HTTP server over GNU libmicrohttpd, which is loaded with dlopen the first time a
/// server starts, so programs that never serve the app don't load it (nor need its -dev package).
///
/// One thread per connection. Each request is read whole (its body bounded) and handed to the
/// handler once, which must answer it with shortcuts_web_respond or shortcuts_web_stream before
/// returning.

typedef struct shortcuts_web_server shortcuts_web_server;
typedef struct shortcuts_web_request shortcuts_web_request;

/// Called once per request on the connection's thread. `body_too_large` is non-zero when the
/// body passed the server's bound (the body is then empty).
typedef void (*shortcuts_web_handler)(void *context, shortcuts_web_request *request, const char *method,
                                      const char *url, const void *body, size_t body_length, int body_too_large);

/// Fills `buffer` with up to `capacity` bytes of a streamed answer and returns how many; returns
/// -1 at the end of the stream. It may block (the connection has its own thread) but must not
/// return 0.
typedef ssize_t (*shortcuts_web_reader)(void *context, char *buffer, size_t capacity);
/// Called once when a streamed answer ends, because it finished or the client went away.
typedef void (*shortcuts_web_reader_done)(void *context);

/// Starts a server on 127.0.0.1:`port` (0 picks a free port). Returns NULL with `error` set
/// when the library is missing or the port can't be bound.
shortcuts_web_server *shortcuts_web_start(uint16_t port, unsigned int connection_limit, size_t body_limit,
                                          shortcuts_web_handler handler, void *context, char *error,
                                          size_t error_capacity);
/// The port the server listens on.
uint16_t shortcuts_web_port(shortcuts_web_server *server);
/// Stops the server, closing every connection, and waits for its threads.
void shortcuts_web_stop(shortcuts_web_server *server);

/// A request header, a query argument or a cookie, or NULL.
const char *shortcuts_web_header(shortcuts_web_request *request, const char *name);
const char *shortcuts_web_query(shortcuts_web_request *request, const char *name);
const char *shortcuts_web_cookie(shortcuts_web_request *request, const char *name);

/// The connection's socket, to see whether the other side has gone (-1 when unknown).
int shortcuts_web_socket(shortcuts_web_request *request);

/// Answers with a whole body (copied). `headers` holds `header_count` name/value pairs.
int shortcuts_web_respond(shortcuts_web_request *request, unsigned int status, const char *const *headers,
                          size_t header_count, const void *body, size_t body_length);
/// Answers with a body of unknown length, sent chunked as `reader` gives it.
int shortcuts_web_stream(shortcuts_web_request *request, unsigned int status, const char *const *headers,
                         size_t header_count, shortcuts_web_reader reader, shortcuts_web_reader_done done,
                         void *context);

#endif
