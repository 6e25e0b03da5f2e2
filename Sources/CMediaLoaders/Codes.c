// Calls libqrencode and zbar through dlopen/dlsym, with the prototypes of their stable C ABIs
// (qrencode.h, zbar.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int version;
    int width;
    unsigned char *data;
} qr_code;

enum { QR_MODE_8 = 2 };

static struct {
    qr_code *(*encode_string)(const char *string, int version, int level, int hint, int casesensitive);
    void (*free_code)(qr_code *code);
    char load_error[256];
} qr;

static pthread_once_t qr_once = PTHREAD_ONCE_INIT;

static void load_qr(void) {
    const char *name = getenv("SHORTCUTS_LIBQRENCODE");
    void *library = dlopen(name && *name ? name : "libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(qr.load_error, sizeof qr.load_error, "libqrencode is not installed (apt-get install libqrencode4): %s", dlerror());
        return;
    }
    if (!(*(void **)&qr.encode_string = dlsym(library, "QRcode_encodeString")) ||
        !(*(void **)&qr.free_code = dlsym(library, "QRcode_free"))) {
        snprintf(qr.load_error, sizeof qr.load_error, "libqrencode lacks QRcode_encodeString (install libqrencode4)");
    }
}

int sqr_load(char *error, size_t error_size) {
    pthread_once(&qr_once, load_qr);
    if (!qr.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", qr.load_error);
    return -1;
}

unsigned char *sqr_encode(const char *text, int level, int *width) {
    if (sqr_load(NULL, 0) != 0) return NULL;
    qr_code *code = qr.encode_string(text, 0, level, QR_MODE_8, 1);
    if (!code) return NULL;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *modules = malloc(count ? count : 1);
    if (modules) {
        for (size_t index = 0; index < count; index++) modules[index] = code->data[index] & 1;
        *width = code->width;
    }
    qr.free_code(code);
    return modules;
}

static struct {
    void *(*scanner_create)(void);
    void (*scanner_destroy)(void *scanner);
    int (*scanner_set_config)(void *scanner, int symbology, int config, int value);
    void *(*image_create)(void);
    void (*image_destroy)(void *image);
    void (*image_set_format)(void *image, unsigned long format);
    void (*image_set_size)(void *image, unsigned width, unsigned height);
    void (*image_set_data)(void *image, const void *data, unsigned long length, void *cleanup);
    int (*scan_image)(void *scanner, void *image);
    const void *(*first_symbol)(const void *image);
    const void *(*symbol_next)(const void *symbol);
    const char *(*symbol_get_data)(const void *symbol);
    unsigned (*symbol_get_data_length)(const void *symbol);
    int (*symbol_get_type)(const void *symbol);
    const char *(*symbol_name)(int type);
    char load_error[256];
} zbar;

static pthread_once_t zbar_once = PTHREAD_ONCE_INIT;

static void load_zbar(void) {
    const char *name = getenv("SHORTCUTS_LIBZBAR");
    void *library = dlopen(name && *name ? name : "libzbar.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(zbar.load_error, sizeof zbar.load_error, "zbar is not installed (apt-get install libzbar0): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                          \
    if (!(*(void **)&zbar.field = dlsym(library, symbol))) {                                         \
        snprintf(zbar.load_error, sizeof zbar.load_error, "zbar lacks %s (install libzbar0)", symbol); \
        return;                                                                                      \
    }
    FIND(scanner_create, "zbar_image_scanner_create")
    FIND(scanner_destroy, "zbar_image_scanner_destroy")
    FIND(scanner_set_config, "zbar_image_scanner_set_config")
    FIND(image_create, "zbar_image_create")
    FIND(image_destroy, "zbar_image_destroy")
    FIND(image_set_format, "zbar_image_set_format")
    FIND(image_set_size, "zbar_image_set_size")
    FIND(image_set_data, "zbar_image_set_data")
    FIND(scan_image, "zbar_scan_image")
    FIND(first_symbol, "zbar_image_first_symbol")
    FIND(symbol_next, "zbar_symbol_next")
    FIND(symbol_get_data, "zbar_symbol_get_data")
    FIND(symbol_get_data_length, "zbar_symbol_get_data_length")
    FIND(symbol_get_type, "zbar_symbol_get_type")
    FIND(symbol_name, "zbar_get_symbol_name")
#undef FIND
}

int szbar_load(char *error, size_t error_size) {
    pthread_once(&zbar_once, load_zbar);
    if (!zbar.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", zbar.load_error);
    return -1;
}

int szbar_scan(const unsigned char *pixels, int width, int height,
               void (*each)(const char *type, const char *data, size_t length, void *context), void *context) {
    if (szbar_load(NULL, 0) != 0) return -1;
    void *scanner = zbar.scanner_create();
    if (!scanner) return -1;
    // Every symbology (0) enabled (ZBAR_CFG_ENABLE, 0); a QR code's (64) bytes as they are
    // (ZBAR_CFG_BINARY, 4), not guessed as Shift-JIS, so UTF-8 text comes back whole.
    zbar.scanner_set_config(scanner, 0, 0, 1);
    zbar.scanner_set_config(scanner, 64, 4, 1);
    void *image = zbar.image_create();
    unsigned long grey = (unsigned long)'Y' | ((unsigned long)'8' << 8) | ((unsigned long)'0' << 16) | ((unsigned long)'0' << 24);
    zbar.image_set_format(image, grey);
    zbar.image_set_size(image, (unsigned)width, (unsigned)height);
    zbar.image_set_data(image, pixels, (unsigned long)width * (unsigned long)height, NULL);
    int found = zbar.scan_image(scanner, image);
    if (found > 0) {
        for (const void *symbol = zbar.first_symbol(image); symbol; symbol = zbar.symbol_next(symbol)) {
            each(zbar.symbol_name(zbar.symbol_get_type(symbol)), zbar.symbol_get_data(symbol), zbar.symbol_get_data_length(symbol),
                 context);
        }
    }
    zbar.image_destroy(image);
    zbar.scanner_destroy(scanner);
    return found < 0 ? -1 : found;
}
