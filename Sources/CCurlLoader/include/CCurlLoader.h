#ifndef CCURLLOADER_H
#define CCURLLOADER_H

#include <stddef.h>

/// One HTTP exchange through libcurl, which is loaded with dlopen the first time it is needed so
/// that programs which never touch the network don't pay for loading it and its ~30 libraries.
typedef struct shortcuts_http_response {
    long status;
    char *headers;          /* raw response header lines of the final response, "\r\n"-separated */
    size_t headers_length;
    char *body;
    size_t body_length;
    char *effective_url;    /* the URL of the final response, after redirects */
    char error[512];        /* set when the call returns non-zero */
} shortcuts_http_response;

/// Asked while a request waits (at least once a second): non-zero stops it.
typedef int (*shortcuts_http_should_stop)(void *context);

/// Told each piece of the response's body as it arrives (may be NULL).
typedef void (*shortcuts_http_on_data)(const char *bytes, size_t length, void *context);

/// Performs a request. `headers` are "Name: value" lines. Returns 0 on a response (any status),
/// non-zero on a transport failure or when libcurl can't be loaded, with `response->error` set:
/// 2 when the body passed `max_body_bytes` (0: no limit), 3 when `should_stop` (may be NULL)
/// stopped it, 1 for anything else.
int shortcuts_http_perform(const char *method, const char *url, const char *const *headers, size_t header_count,
                           const void *body, size_t body_length, long timeout_milliseconds, size_t max_body_bytes,
                           shortcuts_http_should_stop should_stop, void *stop_context, shortcuts_http_on_data on_data,
                           void *data_context, shortcuts_http_response *response);

/// Frees the buffers of a response.
void shortcuts_http_response_free(shortcuts_http_response *response);

/* Sends one message over SMTP (smtp:// with STARTTLS, or smtps://); returns non-zero with error_out set on failure. */
int shortcuts_smtp_send(const char *url, const char *user, const char *password, const char *from,
                        const char *const *recipients, size_t recipient_count, const void *message, size_t message_length,
                        int require_tls, long timeout_milliseconds, char *error_out, size_t error_capacity);

#endif
