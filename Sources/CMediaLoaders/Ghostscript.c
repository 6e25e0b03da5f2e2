// Calls Ghostscript through dlopen/dlsym, with the prototypes of its stable C API (iapi.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { gs_arg_encoding_utf8 = 1, gs_error_quit = -101 };

static struct {
    int (*new_instance)(void **instance, void *caller);
    void (*delete_instance)(void *instance);
    int (*set_stdio)(void *instance, int (*in)(void *, char *, int), int (*out)(void *, const char *, int),
                     int (*err)(void *, const char *, int));
    int (*set_arg_encoding)(void *instance, int encoding);
    int (*init_with_args)(void *instance, int count, char **arguments);
    int (*exit)(void *instance);
    char load_error[256];
} gs;

static pthread_once_t gs_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t gs_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_ghostscript(void) {
    const char *name = getenv("SHORTCUTS_LIBGS");
    void *library = dlopen(name && *name ? name : "libgs.so.10", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(gs.load_error, sizeof gs.load_error, "Ghostscript is not installed (apt-get install libgs10): %s", dlerror());
        return;
    }
    if (!(*(void **)&gs.new_instance = dlsym(library, "gsapi_new_instance")) ||
        !(*(void **)&gs.delete_instance = dlsym(library, "gsapi_delete_instance")) ||
        !(*(void **)&gs.set_stdio = dlsym(library, "gsapi_set_stdio")) ||
        !(*(void **)&gs.set_arg_encoding = dlsym(library, "gsapi_set_arg_encoding")) ||
        !(*(void **)&gs.init_with_args = dlsym(library, "gsapi_init_with_args")) || !(*(void **)&gs.exit = dlsym(library, "gsapi_exit"))) {
        snprintf(gs.load_error, sizeof gs.load_error, "Ghostscript lacks its C API (install libgs10)");
    }
}

int sgs_load(char *error, size_t error_size) {
    pthread_once(&gs_once, load_ghostscript);
    if (!gs.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", gs.load_error);
    return -1;
}

/// What Ghostscript prints, kept (the start of it) for the error message instead of our streams.
typedef struct {
    char text[2048];
    size_t length;
} said;

static int no_input(void *caller, char *buffer, int length) {
    (void)caller, (void)buffer, (void)length;
    return 0;
}

static int keep_output(void *caller, const char *text, int length) {
    said *kept = caller;
    size_t room = sizeof kept->text - 1 - kept->length;
    size_t copied = (size_t)length < room ? (size_t)length : room;
    memcpy(kept->text + kept->length, text, copied);
    kept->length += copied;
    kept->text[kept->length] = 0;
    return length;
}

int sgs_rewrite_pdf(const char *input, const char *output, const char *quality, char *error, size_t error_size) {
    if (sgs_load(error, error_size) != 0) return -1;
    char output_option[4096], quality_option[64];
    snprintf(output_option, sizeof output_option, "-sOutputFile=%s", output);
    snprintf(quality_option, sizeof quality_option, "-dPDFSETTINGS=%s", quality);
    char *arguments[] = {"gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=pdfwrite", "-dCompatibilityLevel=1.5",
                         quality_option, "-dDetectDuplicateImages=true", "-dCompressFonts=true", output_option, (char *)input};
    said kept = {.length = 0};
    kept.text[0] = 0;
    pthread_mutex_lock(&gs_lock);
    void *instance = NULL;
    int status = gs.new_instance(&instance, &kept);
    if (status < 0) {
        pthread_mutex_unlock(&gs_lock);
        snprintf(error, error_size, "Ghostscript could not start (%d)", status);
        return -1;
    }
    gs.set_stdio(instance, no_input, keep_output, keep_output);
    gs.set_arg_encoding(instance, gs_arg_encoding_utf8);
    status = gs.init_with_args(instance, (int)(sizeof arguments / sizeof arguments[0]), arguments);
    int ended = gs.exit(instance);
    gs.delete_instance(instance);
    pthread_mutex_unlock(&gs_lock);
    // A PDF it can't decrypt, Ghostscript reports and then writes as blank pages, succeeding.
    int locked = strstr(kept.text, "assword") != NULL;
    if ((status == 0 || status == gs_error_quit) && ended == 0 && !locked) return 0;
    snprintf(error, error_size, "%s", kept.text[0] ? kept.text : "Ghostscript could not read the PDF");
    return locked ? -2 : -1;
}
