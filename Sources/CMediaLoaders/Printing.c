// Calls CUPS's client library through dlopen/dlsym, with the prototypes of its stable C API
// (cups/cups.h) and its destination layout, unchanged since CUPS 1.1.
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *name, *value;
} cups_option;

/// CUPS's cups_dest_t.
typedef struct {
    char *name, *instance;
    int is_default;
    int num_options;
    cups_option *options;
} cups_destination;

static struct {
    void (*set_server)(const char *server);
    int (*get_dests)(cups_destination **destinations);
    void (*free_dests)(int count, cups_destination *destinations);
    int (*print_file)(const char *name, const char *path, const char *title, int count, cups_option *options);
    const char *(*last_error)(void);
    char load_error[256];
} cups;

static pthread_once_t cups_once = PTHREAD_ONCE_INIT;

static void load_cups(void) {
    const char *name = getenv("SHORTCUTS_LIBCUPS");
    void *library = dlopen(name && *name ? name : "libcups.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(cups.load_error, sizeof cups.load_error, "CUPS's client library is not installed (apt-get install libcups2): %s",
                 dlerror());
        return;
    }
    if (!(*(void **)&cups.set_server = dlsym(library, "cupsSetServer")) || !(*(void **)&cups.get_dests = dlsym(library, "cupsGetDests")) ||
        !(*(void **)&cups.free_dests = dlsym(library, "cupsFreeDests")) ||
        !(*(void **)&cups.print_file = dlsym(library, "cupsPrintFile")) ||
        !(*(void **)&cups.last_error = dlsym(library, "cupsLastErrorString"))) {
        snprintf(cups.load_error, sizeof cups.load_error, "libcups lacks its C API (install libcups2)");
    }
}

int sprint_load(char *error, size_t error_size) {
    pthread_once(&cups_once, load_cups);
    if (!cups.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", cups.load_error);
    return -1;
}

int sprint_destinations(const char *server, void (*each)(const char *name, int is_default, void *context), void *context,
                        char *error, size_t error_size) {
    if (sprint_load(error, error_size) != 0) return -1;
    // The server is this thread's setting in libcups; NULL goes back to the system's.
    cups.set_server(server);
    cups_destination *destinations = NULL;
    int count = cups.get_dests(&destinations);
    for (int index = 0; index < count; index++) {
        if (!destinations[index].instance) each(destinations[index].name, destinations[index].is_default, context);
    }
    if (destinations) cups.free_dests(count, destinations);
    if (count == 0) {
        const char *said = cups.last_error();
        snprintf(error, error_size, "%s", said ? said : "");
    }
    return count;
}

int sprint_file(const char *server, const char *printer, const char *path, const char *title, char *error, size_t error_size) {
    if (sprint_load(error, error_size) != 0) return 0;
    cups.set_server(server);
    int job = cups.print_file(printer, path, title, 0, NULL);
    if (job == 0) {
        const char *said = cups.last_error();
        snprintf(error, error_size, "%s", said && *said ? said : "CUPS refused the job");
    }
    return job;
}
