// Calls libcurl through dlopen/dlsym. curl_easy_setopt is variadic, which Swift can't call, so
// this small C file makes the calls; the option numbers are libcurl's stable ABI values.
#include "CCurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void CURL;
typedef void CURLM;
struct curl_slist;
/// libcurl's CURLMsg: what finished in a multi handle.
struct curl_message {
    int msg; /* 1: CURLMSG_DONE */
    CURL *easy_handle;
    union {
        void *whatever;
        int result;
    } data;
};

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_POSTFIELDS = 10015,
    OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_CUSTOMREQUEST = 10036,
    OPT_NOBODY = 44, OPT_FOLLOWLOCATION = 52, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99,
    OPT_ACCEPT_ENCODING = 10102, OPT_TIMEOUT_MS = 155, OPT_WRITEFUNCTION = 20011,
    OPT_HEADERFUNCTION = 20079, OPT_POSTFIELDSIZE_LARGE = 30120, OPT_NOPROGRESS = 43, OPT_XFERINFOFUNCTION = 20219,
    OPT_XFERINFODATA = 10057,
    OPT_READDATA = 10009, OPT_UPLOAD = 46, OPT_READFUNCTION = 20012, OPT_USE_SSL = 119, OPT_USERNAME = 10173,
    OPT_PASSWORD = 10174, OPT_MAIL_FROM = 10186, OPT_MAIL_RCPT = 10187, OPT_INFILESIZE_LARGE = 30115,
    INFO_RESPONSE_CODE = 0x200002, INFO_EFFECTIVE_URL = 0x100001,
    GLOBAL_DEFAULT = 3,
};

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    /* The multi interface (libcurl 7.66 and later), used to wait in short steps so a stopped run
       stops its request at once; without it, requests wait in curl_easy_perform. */
    CURLM *(*multi_init)(void);
    int (*multi_add_handle)(CURLM *, CURL *);
    int (*multi_perform)(CURLM *, int *);
    int (*multi_poll)(CURLM *, void *, unsigned, int, int *);
    struct curl_message *(*multi_info_read)(CURLM *, int *);
    int (*multi_remove_handle)(CURLM *, CURL *);
    int (*multi_cleanup)(CURLM *);
    char load_error[256];
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(curl.load_error, sizeof curl.load_error, "libcurl is not installed (apt-get install libcurl4): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                      \
    if (!(*(void **)&curl.field = dlsym(library, symbol))) {                                                     \
        snprintf(curl.load_error, sizeof curl.load_error, "libcurl lacks %s", symbol);                           \
        return;                                                                                                  \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    *(void **)&curl.multi_init = dlsym(library, "curl_multi_init");
    *(void **)&curl.multi_add_handle = dlsym(library, "curl_multi_add_handle");
    *(void **)&curl.multi_perform = dlsym(library, "curl_multi_perform");
    *(void **)&curl.multi_poll = dlsym(library, "curl_multi_poll");
    *(void **)&curl.multi_info_read = dlsym(library, "curl_multi_info_read");
    *(void **)&curl.multi_remove_handle = dlsym(library, "curl_multi_remove_handle");
    *(void **)&curl.multi_cleanup = dlsym(library, "curl_multi_cleanup");
    curl.global_init(GLOBAL_DEFAULT);
}

typedef struct stopper {
    shortcuts_http_should_stop should_stop;
    void *context;
    int stopped;
} stopper;

typedef struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
    size_t limit; /* the most bytes it may hold, 0 for no limit */
    int failed;   /* 1: out of memory, 2: past the limit */
    shortcuts_http_on_data on_data; /* told each piece as it arrives, or NULL */
    void *data_context;
    struct stopper *stop; /* asked with each piece while streaming, or NULL */
} buffer;

static size_t append(char *data, size_t size, size_t count, void *context) {
    buffer *target = context;
    size_t length = size * count;
    if (target->limit && target->length + length > target->limit) {
        target->failed = 2;
        return 0;
    }
    if (target->length + length + 1 > target->capacity) {
        size_t capacity = target->capacity ? target->capacity : 16384;
        while (capacity < target->length + length + 1) capacity *= 2;
        char *grown = realloc(target->bytes, capacity);
        if (!grown) {
            target->failed = 1;
            return 0;
        }
        target->bytes = grown;
        target->capacity = capacity;
    }
    memcpy(target->bytes + target->length, data, length);
    target->length += length;
    target->bytes[target->length] = 0;
    if (target->on_data) {
        target->on_data(data, length, target->data_context);
        if (target->stop && target->stop->should_stop && target->stop->should_stop(target->stop->context)) {
            target->stop->stopped = 1;
            return 0;
        }
    }
    return length;
}

/// Keeps only the header block of the last response (after redirects), which starts at an "HTTP/" line.
static size_t append_header(char *data, size_t size, size_t count, void *context) {
    buffer *target = context;
    if (size * count >= 5 && memcmp(data, "HTTP/", 5) == 0) target->length = 0;
    return append(data, size, count, context);
}


/// libcurl's progress callback: a non-zero return aborts the transfer.
static int check_stop(void *context, long long total_down, long long now_down, long long total_up, long long now_up) {
    (void)total_down, (void)now_down, (void)total_up, (void)now_up;
    stopper *stop = context;
    if (stop->should_stop(stop->context)) stop->stopped = 1;
    return stop->stopped;
}

/// How long a request waits for the network between two looks at whether its run was stopped.
enum { STOP_CHECK_MILLISECONDS = 20 };

/// Performs a request that a stopped run must stop at once: through a multi handle, waiting for
/// the network in short steps and asking `stop` between them (libcurl's progress callback alone
/// comes only about once a second while a server is silent). Returns libcurl's result code.
static int perform_stoppable(CURL *handle, stopper *stop) {
    if (!curl.multi_init || !curl.multi_add_handle || !curl.multi_perform || !curl.multi_poll || !curl.multi_info_read ||
        !curl.multi_remove_handle || !curl.multi_cleanup)
        return curl.easy_perform(handle);
    CURLM *multi = curl.multi_init();
    if (!multi) return curl.easy_perform(handle);
    if (curl.multi_add_handle(multi, handle) != 0) {
        curl.multi_cleanup(multi);
        return curl.easy_perform(handle);
    }
    int result = 0, running = 1, finished = 0;
    while (!finished) {
        if (curl.multi_perform(multi, &running) != 0) {
            result = 43; /* CURLE_BAD_FUNCTION_ARGUMENT: the multi handle failed */
            break;
        }
        int queued = 0;
        struct curl_message *message;
        while ((message = curl.multi_info_read(multi, &queued))) {
            if (message->msg == 1 && message->easy_handle == handle) {
                result = message->data.result;
                finished = 1;
            }
        }
        if (finished || !running) break;
        if (stop->should_stop(stop->context)) {
            stop->stopped = 1;
            result = 42; /* CURLE_ABORTED_BY_CALLBACK */
            break;
        }
        curl.multi_poll(multi, NULL, 0, STOP_CHECK_MILLISECONDS, NULL);
    }
    curl.multi_remove_handle(multi, handle);
    curl.multi_cleanup(multi);
    return result;
}

int shortcuts_http_perform(const char *method, const char *url, const char *const *headers, size_t header_count,
                           const void *body, size_t body_length, long timeout_milliseconds, size_t max_body_bytes,
                           shortcuts_http_should_stop should_stop, void *stop_context, shortcuts_http_on_data on_data,
                           void *data_context, shortcuts_http_response *response) {
    memset(response, 0, sizeof *response);
    pthread_once(&load_once, load);
    if (curl.load_error[0]) {
        snprintf(response->error, sizeof response->error, "%s", curl.load_error);
        return 1;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(response->error, sizeof response->error, "libcurl could not start a request");
        return 1;
    }
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    buffer received = {0}, header_block = {0};
    received.limit = max_body_bytes;
    stopper stop = {should_stop, stop_context, 0};
    received.on_data = on_data;
    received.data_context = data_context;
    received.stop = &stop;
    char error[256] = {0};
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    if (should_stop) {
        curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, check_stop);
        curl.easy_setopt(handle, OPT_XFERINFODATA, &stop);
        curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    }
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, 20L);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_USERAGENT, "swift-shortcuts");
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_milliseconds);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, append);
    curl.easy_setopt(handle, OPT_WRITEDATA, &received);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, append_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, &header_block);
    if (list) curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    if (strcmp(method, "HEAD") == 0) {
        curl.easy_setopt(handle, OPT_NOBODY, 1L);
    } else if (strcmp(method, "GET") != 0) {
        curl.easy_setopt(handle, OPT_CUSTOMREQUEST, method);
    }
    if (body) {
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)body_length);
        curl.easy_setopt(handle, OPT_POSTFIELDS, body);
        if (strcmp(method, "GET") == 0) curl.easy_setopt(handle, OPT_CUSTOMREQUEST, "GET");
    }
    int code = should_stop ? perform_stoppable(handle, &stop) : curl.easy_perform(handle);
    if (code == 0) {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &response->status);
        const char *effective = NULL;
        if (curl.easy_getinfo(handle, INFO_EFFECTIVE_URL, &effective) == 0 && effective) response->effective_url = strdup(effective);
    } else {
        snprintf(response->error, sizeof response->error, "%s", error[0] ? error : curl.easy_strerror(code));
    }
    int result = code != 0;
    if (stop.stopped) {
        snprintf(response->error, sizeof response->error, "the request was stopped");
        result = 3;
    } else if (received.failed == 2) {
        snprintf(response->error, sizeof response->error, "the response is longer than %zu bytes", max_body_bytes);
        result = 2;
    } else if (received.failed || header_block.failed) {
        snprintf(response->error, sizeof response->error, "out of memory while receiving the response");
        result = 1;
    }
    curl.easy_cleanup(handle);
    if (list) curl.slist_free_all(list);
    response->body = received.bytes;
    response->body_length = received.length;
    response->headers = header_block.bytes;
    response->headers_length = header_block.length;
    return result;
}

void shortcuts_http_response_free(shortcuts_http_response *response) {
    free(response->body);
    free(response->headers);
    free(response->effective_url);
    response->body = response->headers = response->effective_url = NULL;
}

typedef struct reader {
    const char *bytes;
    size_t length;
    size_t offset;
} reader;

static size_t read_message(char *target, size_t size, size_t count, void *context) {
    reader *source = context;
    size_t wanted = size * count, left = source->length - source->offset;
    size_t length = wanted < left ? wanted : left;
    memcpy(target, source->bytes + source->offset, length);
    source->offset += length;
    return length;
}

int shortcuts_smtp_send(const char *url, const char *user, const char *password, const char *from,
                        const char *const *recipients, size_t recipient_count, const void *message, size_t message_length,
                        int require_tls, long timeout_milliseconds, char *error_out, size_t error_capacity) {
    pthread_once(&load_once, load);
    if (curl.load_error[0]) {
        snprintf(error_out, error_capacity, "%s", curl.load_error);
        return 1;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(error_out, error_capacity, "libcurl could not start a request");
        return 1;
    }
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < recipient_count; i++) list = curl.slist_append(list, recipients[i]);
    char error[256] = {0};
    reader source = {message, message_length, 0};
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_milliseconds);
    if (user && user[0]) curl.easy_setopt(handle, OPT_USERNAME, user);
    if (password && password[0]) curl.easy_setopt(handle, OPT_PASSWORD, password);
    /* 3 is CURLUSESSL_ALL: the connection is encrypted (STARTTLS) or the mail is not sent. */
    if (require_tls) curl.easy_setopt(handle, OPT_USE_SSL, 3L);
    curl.easy_setopt(handle, OPT_MAIL_FROM, from);
    curl.easy_setopt(handle, OPT_MAIL_RCPT, list);
    curl.easy_setopt(handle, OPT_UPLOAD, 1L);
    curl.easy_setopt(handle, OPT_INFILESIZE_LARGE, (long long)message_length);
    curl.easy_setopt(handle, OPT_READFUNCTION, read_message);
    curl.easy_setopt(handle, OPT_READDATA, &source);
    int code = curl.easy_perform(handle);
    if (code != 0) snprintf(error_out, error_capacity, "%s", error[0] ? error : curl.easy_strerror(code));
    curl.easy_cleanup(handle);
    if (list) curl.slist_free_all(list);
    return code != 0;
}
