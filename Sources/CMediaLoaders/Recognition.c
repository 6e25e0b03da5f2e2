// Calls Tesseract through dlopen/dlsym, with the prototypes of its stable C API (capi.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PSM_AUTO = 3 };

static struct {
    void *(*create)(void);
    void (*destroy)(void *api);
    int (*init3)(void *api, const char *datapath, const char *language);
    void (*end)(void *api);
    void (*set_page_segmentation)(void *api, int mode);
    void (*set_image)(void *api, const unsigned char *data, int width, int height, int bytes_per_pixel, int bytes_per_line);
    void (*set_resolution)(void *api, int ppi);
    char *(*utf8_text)(void *api);
    void (*delete_text)(char *text);
    int (*set_variable)(void *api, const char *name, const char *value);
    char load_error[256];
} tess;

static pthread_once_t tess_once = PTHREAD_ONCE_INIT;
/// One engine, kept with the languages it was started with: starting one reads its language
/// data (tens of milliseconds), so it is reused while they stay the same. Tesseract's engine
/// serves one image at a time, so calls take turns.
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static void *engine;
static char engine_languages[128];

static void load_tess(void) {
    const char *name = getenv("SHORTCUTS_LIBTESSERACT");
    void *library = dlopen(name && *name ? name : "libtesseract.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(tess.load_error, sizeof tess.load_error,
                 "Tesseract is not installed (apt-get install libtesseract5 tesseract-ocr-eng): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                      \
    if (!(*(void **)&tess.field = dlsym(library, symbol))) {                                                     \
        snprintf(tess.load_error, sizeof tess.load_error, "Tesseract lacks %s (it needs libtesseract5)", symbol); \
        return;                                                                                                  \
    }
    FIND(create, "TessBaseAPICreate")
    FIND(destroy, "TessBaseAPIDelete")
    FIND(init3, "TessBaseAPIInit3")
    FIND(end, "TessBaseAPIEnd")
    FIND(set_page_segmentation, "TessBaseAPISetPageSegMode")
    FIND(set_image, "TessBaseAPISetImage")
    FIND(set_resolution, "TessBaseAPISetSourceResolution")
    FIND(utf8_text, "TessBaseAPIGetUTF8Text")
    FIND(delete_text, "TessDeleteText")
    FIND(set_variable, "TessBaseAPISetVariable")
#undef FIND
}

int socr_load(char *error, size_t error_size) {
    pthread_once(&tess_once, load_tess);
    if (!tess.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", tess.load_error);
    return -1;
}

char *socr_recognize(const unsigned char *pixels, int width, int height, int resolution, const char *languages, char *error,
                     size_t error_size) {
    if (socr_load(error, error_size) != 0) return NULL;
    pthread_mutex_lock(&engine_lock);
    if (engine && strcmp(engine_languages, languages) != 0) {
        tess.end(engine);
        tess.destroy(engine);
        engine = NULL;
    }
    if (!engine) {
        engine = tess.create();
        if (!engine || tess.init3(engine, NULL, languages) != 0) {
            if (engine) tess.destroy(engine);
            engine = NULL;
            pthread_mutex_unlock(&engine_lock);
            snprintf(error, error_size,
                     "Tesseract has no language data for %s (apt-get install tesseract-ocr-eng, or the tesseract-ocr-… package of the language)",
                     languages);
            return NULL;
        }
        snprintf(engine_languages, sizeof engine_languages, "%s", languages);
        tess.set_page_segmentation(engine, PSM_AUTO);
        // Its progress and resolution guesses would go to standard error.
        tess.set_variable(engine, "debug_file", "/dev/null");
    }
    tess.set_image(engine, pixels, width, height, 1, width);
    tess.set_resolution(engine, resolution);
    char *found = tess.utf8_text(engine);
    char *copy = found ? strdup(found) : strdup("");
    if (found) tess.delete_text(found);
    pthread_mutex_unlock(&engine_lock);
    return copy;
}
