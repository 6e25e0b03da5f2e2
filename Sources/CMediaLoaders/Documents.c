// Calls poppler-glib (reading PDFs) and cairo (writing them) through dlopen/dlsym, with the
// prototypes of their stable C ABIs (poppler.h, cairo.h, cairo-pdf.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned domain;
    int code;
    char *message;
} glib_error;

enum { POPPLER_ERROR_ENCRYPTED = 1, CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

typedef int (*cairo_write)(void *closure, const unsigned char *data, unsigned int length);

static struct {
    void *(*bytes_new)(const void *data, size_t size);
    void (*bytes_unref)(void *bytes);
    void (*error_free)(glib_error *error);
    void (*object_unref)(void *object);
    void (*g_free)(void *memory);
    void *(*document_new)(void *bytes, const char *password, glib_error **error);
    int (*page_count)(void *document);
    void *(*page)(void *document, int index);
    char *(*page_text)(void *page);
    void (*page_size)(void *page, double *width, double *height);
    void (*render_for_printing)(void *page, void *cairo);
    void *(*pdf_surface)(cairo_write write, void *closure, double width, double height);
    void (*pdf_set_size)(void *surface, double width, double height);
    void *(*create)(void *surface);
    void (*destroy)(void *cairo);
    void (*show_page)(void *cairo);
    void (*save)(void *cairo);
    void (*restore)(void *cairo);
    void (*translate)(void *cairo, double x, double y);
    void (*scale)(void *cairo, double x, double y);
    void (*rotate)(void *cairo, double angle);
    void (*set_source_surface)(void *cairo, void *surface, double x, double y);
    void (*paint)(void *cairo);
    int (*status)(void *cairo);
    void (*surface_finish)(void *surface);
    void (*surface_destroy)(void *surface);
    int (*surface_status)(void *surface);
    void *(*image_surface)(unsigned char *data, int format, int width, int height, int stride);
    int (*stride_for_width)(int format, int width);
    int (*set_user_data)(void *surface, const void *key, void *data, void (*destroy)(void *));
    char load_error[256];
} pdf;

static pthread_once_t pdf_once = PTHREAD_ONCE_INIT;

static void load_pdf(void) {
    const char *name = getenv("SHORTCUTS_LIBPOPPLER_GLIB");
    void *poppler = dlopen(name && *name ? name : "libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (!poppler) {
        snprintf(pdf.load_error, sizeof pdf.load_error, "poppler is not installed (apt-get install libpoppler-glib8): %s", dlerror());
        return;
    }
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!cairo) {
        snprintf(pdf.load_error, sizeof pdf.load_error, "cairo is not installed (apt-get install libcairo2): %s", dlerror());
        return;
    }
#define FIND(library, field, symbol)                                                                         \
    if (!(*(void **)&pdf.field = dlsym(library, symbol))) {                                                  \
        snprintf(pdf.load_error, sizeof pdf.load_error, "%s is missing from poppler-glib or cairo", symbol); \
        return;                                                                                              \
    }
    FIND(poppler, bytes_new, "g_bytes_new")
    FIND(poppler, bytes_unref, "g_bytes_unref")
    FIND(poppler, error_free, "g_error_free")
    FIND(poppler, object_unref, "g_object_unref")
    FIND(poppler, g_free, "g_free")
    FIND(poppler, document_new, "poppler_document_new_from_bytes")
    FIND(poppler, page_count, "poppler_document_get_n_pages")
    FIND(poppler, page, "poppler_document_get_page")
    FIND(poppler, page_text, "poppler_page_get_text")
    FIND(poppler, page_size, "poppler_page_get_size")
    FIND(poppler, render_for_printing, "poppler_page_render_for_printing")
    FIND(cairo, pdf_surface, "cairo_pdf_surface_create_for_stream")
    FIND(cairo, pdf_set_size, "cairo_pdf_surface_set_size")
    FIND(cairo, create, "cairo_create")
    FIND(cairo, destroy, "cairo_destroy")
    FIND(cairo, show_page, "cairo_show_page")
    FIND(cairo, save, "cairo_save")
    FIND(cairo, restore, "cairo_restore")
    FIND(cairo, translate, "cairo_translate")
    FIND(cairo, scale, "cairo_scale")
    FIND(cairo, rotate, "cairo_rotate")
    FIND(cairo, set_source_surface, "cairo_set_source_surface")
    FIND(cairo, paint, "cairo_paint")
    FIND(cairo, status, "cairo_status")
    FIND(cairo, surface_finish, "cairo_surface_finish")
    FIND(cairo, surface_destroy, "cairo_surface_destroy")
    FIND(cairo, surface_status, "cairo_surface_status")
    FIND(cairo, image_surface, "cairo_image_surface_create_for_data")
    FIND(cairo, stride_for_width, "cairo_format_stride_for_width")
    FIND(cairo, set_user_data, "cairo_surface_set_user_data")
#undef FIND
}

int spdf_load(char *error, size_t error_size) {
    pthread_once(&pdf_once, load_pdf);
    if (!pdf.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", pdf.load_error);
    return -1;
}

struct spdf_document {
    void *document;
    void *bytes;
    void *copy;
};

int spdf_open(const void *data, size_t length, spdf_document **document, char *error, size_t error_size) {
    if (spdf_load(error, error_size) != 0) return -1;
    void *copy = malloc(length ? length : 1);
    if (!copy) return -1;
    if (length) memcpy(copy, data, length);
    void *bytes = pdf.bytes_new(copy, length);
    glib_error *failure = NULL;
    void *opened = pdf.document_new(bytes, NULL, &failure);
    if (!opened) {
        int encrypted = failure && failure->code == POPPLER_ERROR_ENCRYPTED;
        snprintf(error, error_size, "%s", encrypted ? "it is protected by a password" : failure && failure->message ? failure->message : "poppler can't read it");
        if (failure) pdf.error_free(failure);
        pdf.bytes_unref(bytes);
        free(copy);
        return encrypted ? -2 : -1;
    }
    spdf_document *made = calloc(1, sizeof *made);
    made->document = opened;
    made->bytes = bytes;
    made->copy = copy;
    *document = made;
    return 0;
}

void spdf_close(spdf_document *document) {
    if (!document) return;
    pdf.object_unref(document->document);
    pdf.bytes_unref(document->bytes);
    free(document->copy);
    free(document);
}

int spdf_page_count(spdf_document *document) { return pdf.page_count(document->document); }

char *spdf_page_text(spdf_document *document, int index) {
    void *page = pdf.page(document->document, index);
    if (!page) return NULL;
    char *text = pdf.page_text(page);
    char *copy = strdup(text ? text : "");
    if (text) pdf.g_free(text);
    pdf.object_unref(page);
    return copy;
}

int spdf_page_size(spdf_document *document, int index, double *width, double *height) {
    void *page = pdf.page(document->document, index);
    if (!page) return -1;
    pdf.page_size(page, width, height);
    pdf.object_unref(page);
    return 0;
}

/// A PDF being written into memory.
struct spdf_writer {
    void *surface;
    void *cairo;
    unsigned char *data;
    size_t length, capacity;
    int failed;
};

static int collect(void *closure, const unsigned char *data, unsigned int length) {
    spdf_writer *writer = closure;
    if (writer->length + length > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity * 2 : 65536;
        while (capacity < writer->length + length) capacity *= 2;
        unsigned char *grown = realloc(writer->data, capacity);
        if (!grown) {
            writer->failed = 1;
            return 11; /* CAIRO_STATUS_WRITE_ERROR */
        }
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->length, data, length);
    writer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

int spdf_write_begin(spdf_writer **writer) {
    if (spdf_load(NULL, 0) != 0) return -1;
    spdf_writer *made = calloc(1, sizeof *made);
    if (!made) return -1;
    made->surface = pdf.pdf_surface(collect, made, 612, 792);
    made->cairo = pdf.create(made->surface);
    if (pdf.status(made->cairo) != CAIRO_STATUS_SUCCESS) {
        spdf_write_abandon(made);
        return -1;
    }
    *writer = made;
    return 0;
}

int spdf_write_page(spdf_writer *writer, spdf_document *document, int index, double margin) {
    return spdf_write_page_turned(writer, document, index, margin, 0);
}

int spdf_write_page_turned(spdf_writer *writer, spdf_document *document, int index, double margin, int quarter_turns) {
    void *page = pdf.page(document->document, index);
    if (!page) return -1;
    double width = 0, height = 0;
    pdf.page_size(page, &width, &height);
    int turns = ((quarter_turns % 4) + 4) % 4;
    double across = turns % 2 ? height : width, down = turns % 2 ? width : height;
    pdf.pdf_set_size(writer->surface, across + 2 * margin, down + 2 * margin);
    pdf.save(writer->cairo);
    pdf.translate(writer->cairo, margin, margin);
    // A positive angle turns clockwise on a page whose y grows downwards; each turn moves the
    // page's corner back to the origin.
    static const double quarter = 1.57079632679489661923;
    if (turns == 1) pdf.translate(writer->cairo, height, 0);
    if (turns == 2) pdf.translate(writer->cairo, width, height);
    if (turns == 3) pdf.translate(writer->cairo, 0, width);
    if (turns) pdf.rotate(writer->cairo, quarter * turns);
    pdf.render_for_printing(page, writer->cairo);
    pdf.restore(writer->cairo);
    pdf.show_page(writer->cairo);
    pdf.object_unref(page);
    return pdf.status(writer->cairo) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

int spdf_write_image(spdf_writer *writer, const unsigned char *rgba, int width, int height, double margin) {
    int stride = pdf.stride_for_width(CAIRO_FORMAT_ARGB32, width);
    unsigned char *pixels = malloc((size_t)stride * (size_t)height);
    if (!pixels) return -1;
    // cairo's ARGB32 is premultiplied, one native-endian 32-bit word a pixel.
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(pixels + (size_t)y * (size_t)stride);
        const unsigned char *source = rgba + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            unsigned alpha = source[x * 4 + 3];
            unsigned red = source[x * 4] * alpha / 255, green = source[x * 4 + 1] * alpha / 255, blue = source[x * 4 + 2] * alpha / 255;
            row[x] = (alpha << 24) | (red << 16) | (green << 8) | blue;
        }
    }
    void *image = pdf.image_surface(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    // The PDF surface writes images out when it finishes, so the pixels go with the surface.
    static const int pixels_key = 0;
    if (pdf.set_user_data(image, &pixels_key, pixels, free) != CAIRO_STATUS_SUCCESS) {
        pdf.surface_destroy(image);
        free(pixels);
        return -1;
    }
    pdf.pdf_set_size(writer->surface, width + 2 * margin, height + 2 * margin);
    pdf.set_source_surface(writer->cairo, image, margin, margin);
    pdf.paint(writer->cairo);
    pdf.show_page(writer->cairo);
    int result = pdf.status(writer->cairo) == CAIRO_STATUS_SUCCESS ? 0 : -1;
    pdf.surface_destroy(image);
    return result;
}

int spdf_write_finish(spdf_writer *writer, void **data, size_t *length) {
    pdf.destroy(writer->cairo);
    writer->cairo = NULL;
    pdf.surface_finish(writer->surface);
    int status = pdf.surface_status(writer->surface);
    pdf.surface_destroy(writer->surface);
    writer->surface = NULL;
    if (status != CAIRO_STATUS_SUCCESS || writer->failed) {
        spdf_write_abandon(writer);
        return -1;
    }
    *data = writer->data;
    *length = writer->length;
    free(writer);
    return 0;
}

void spdf_write_abandon(spdf_writer *writer) {
    if (!writer) return;
    if (writer->cairo) pdf.destroy(writer->cairo);
    if (writer->surface) pdf.surface_destroy(writer->surface);
    free(writer->data);
    free(writer);
}
