// Calls libvips through dlopen/dlsym. The prototypes below are libvips 8's stable C ABI
// (vips/*.h), with images as opaque pointers; the option lists of its operations are
// variadic and NULL-terminated, which Swift can't call, so each is called here.
#include "CVipsLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VIPS_SIZE_BOTH = 0, VIPS_SIZE_FORCE = 3 };
enum { VIPS_BLEND_MODE_OVER = 2 };
enum { VIPS_INTERPRETATION_B_W = 1, VIPS_INTERPRETATION_LCH = 19, VIPS_INTERPRETATION_sRGB = 22 };
enum { VIPS_FORMAT_UCHAR = 0 };
enum { VIPS_ANGLE_D0 = 0, VIPS_ANGLE_D90 = 1, VIPS_ANGLE_D180 = 2, VIPS_ANGLE_D270 = 3 };
enum { VIPS_MAX_COORD = 10000000 };

typedef void (*callback)(void);

static struct {
    int (*init)(const char *argv0);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void *(*new_from_buffer)(const void *buf, size_t len, const char *options, ...);
    int (*thumbnail_buffer)(void *buf, size_t len, void **out, int width, ...);
    const char *(*find_load_buffer)(const void *data, size_t size);
    int (*write_to_buffer)(void *in, const char *suffix, void **buf, size_t *size, ...);
    int (*get_width)(const void *image);
    int (*get_height)(const void *image);
    int (*get_bands)(const void *image);
    int (*hasalpha)(void *image);
    int (*get_interpretation)(void *image);
    int (*get_int)(void *image, const char *name, int *out);
    int (*get_as_string)(void *image, const char *name, char **out);
    unsigned long (*get_typeof)(void *image, const char *name);
    double (*get_xres)(const void *image);
    int (*autorot)(void *in, void **out, ...);
    int (*resize)(void *in, void **out, double scale, ...);
    int (*extract_area)(void *in, void **out, int left, int top, int width, int height, ...);
    int (*rot)(void *in, void **out, int angle, ...);
    int (*rotate)(void *in, void **out, double angle, ...);
    int (*flip)(void *in, void **out, int direction, ...);
    int (*composite2)(void *base, void *overlay, void **out, int mode, ...);
    int (*arrayjoin)(void **in, void **out, int n, ...);
    int (*colourspace)(void *in, void **out, int space, ...);
    int (*bandjoin_const1)(void *in, void **out, double c, ...);
    int (*bandjoin2)(void *in1, void *in2, void **out, ...);
    int (*extract_band)(void *in, void **out, int band, ...);
    int (*cast)(void *in, void **out, int format, ...);
    int (*linear1)(void *in, void **out, double a, double b, ...);
    int (*linear)(void *in, void **out, const double *a, const double *b, int n, ...);
    int (*percent)(void *in, double percent, int *threshold, ...);
    int (*svgload_buffer)(void *buf, size_t len, void **out, ...);
    int (*getpoint)(void *in, double **vector, int *n, int x, int y, ...);
    int (*join)(void *in1, void *in2, void **out, int direction, ...);
    void *(*new_from_memory_copy)(const void *data, size_t size, int width, int height, int bands, int format);
    void *(*write_to_memory)(void *in, size_t *size);
    int (*flatten)(void *in, void **out, ...);
    void *(*array_double_new)(const double *array, int n);
    void (*area_unref)(void *area);
    void (*object_unref)(void *object);
    unsigned long (*signal_connect_data)(void *instance, const char *signal, callback handler, void *data, void *destroy,
                                         int flags);
    void (*g_free)(void *memory);
    char **(*get_fields)(void *image);
    void (*strfreev)(char **strings);
    int (*copy)(void *in, void **out, ...);
    void (*set_int)(void *image, const char *name, int value);
    void (*set_array_int)(void *image, const char *name, const int *array, int n);
    int (*get_array_int)(void *image, const char *name, int **out, int *n);
    int (*text)(void **out, const char *text, ...);
    int (*pdfload_buffer)(void *buf, size_t len, void **out, ...);
    void *(*new_from_file)(const char *name, ...);
    void (*cache_set_max)(int max);
    unsigned (*log_set_handler)(const char *domain, int levels, void (*handler)(const char *, int, const char *, void *),
                                void *data);
    char load_error[256];
} vips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void quiet(const char *domain, int level, const char *message, void *data) {
    (void)domain, (void)level, (void)message, (void)data;
}

static void load(void) {
    // SHORTCUTS_LIBVIPS names another copy to load (tests use it to run without one).
    const char *name = getenv("SHORTCUTS_LIBVIPS");
    void *library = dlopen(name && *name ? name : "libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(vips.load_error, sizeof vips.load_error, "libvips is not installed (apt-get install libvips42): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                          \
    if (!(*(void **)&vips.field = dlsym(library, symbol))) {                                         \
        snprintf(vips.load_error, sizeof vips.load_error, "libvips lacks %s (it needs libvips42 8.10 or later)", symbol); \
        return;                                                                                      \
    }
    FIND(init, "vips_init")
    FIND(error_buffer, "vips_error_buffer")
    FIND(error_clear, "vips_error_clear")
    FIND(new_from_buffer, "vips_image_new_from_buffer")
    FIND(thumbnail_buffer, "vips_thumbnail_buffer")
    FIND(find_load_buffer, "vips_foreign_find_load_buffer")
    FIND(write_to_buffer, "vips_image_write_to_buffer")
    FIND(get_width, "vips_image_get_width")
    FIND(get_height, "vips_image_get_height")
    FIND(get_bands, "vips_image_get_bands")
    FIND(hasalpha, "vips_image_hasalpha")
    FIND(get_interpretation, "vips_image_guess_interpretation")
    FIND(get_int, "vips_image_get_int")
    FIND(get_as_string, "vips_image_get_as_string")
    FIND(get_typeof, "vips_image_get_typeof")
    FIND(get_xres, "vips_image_get_xres")
    FIND(autorot, "vips_autorot")
    FIND(resize, "vips_resize")
    FIND(extract_area, "vips_extract_area")
    FIND(rot, "vips_rot")
    FIND(rotate, "vips_rotate")
    FIND(flip, "vips_flip")
    FIND(composite2, "vips_composite2")
    FIND(arrayjoin, "vips_arrayjoin")
    FIND(colourspace, "vips_colourspace")
    FIND(bandjoin_const1, "vips_bandjoin_const1")
    FIND(bandjoin2, "vips_bandjoin2")
    FIND(extract_band, "vips_extract_band")
    FIND(cast, "vips_cast")
    FIND(linear1, "vips_linear1")
    FIND(linear, "vips_linear")
    FIND(percent, "vips_percent")
    FIND(svgload_buffer, "vips_svgload_buffer")
    FIND(getpoint, "vips_getpoint")
    FIND(join, "vips_join")
    FIND(new_from_memory_copy, "vips_image_new_from_memory_copy")
    FIND(write_to_memory, "vips_image_write_to_memory")
    FIND(flatten, "vips_flatten")
    FIND(array_double_new, "vips_array_double_new")
    FIND(area_unref, "vips_area_unref")
    FIND(object_unref, "g_object_unref")
    FIND(signal_connect_data, "g_signal_connect_data")
    FIND(g_free, "g_free")
    FIND(get_fields, "vips_image_get_fields")
    FIND(strfreev, "g_strfreev")
    FIND(copy, "vips_copy")
    FIND(set_int, "vips_image_set_int")
    FIND(set_array_int, "vips_image_set_array_int")
    FIND(get_array_int, "vips_image_get_array_int")
    FIND(text, "vips_text")
    FIND(log_set_handler, "g_log_set_handler")
    FIND(pdfload_buffer, "vips_pdfload_buffer")
    FIND(new_from_file, "vips_image_new_from_file")
    FIND(cache_set_max, "vips_cache_set_max")
#undef FIND
    // libvips warns on standard error about files it reads only in part (a GIF past libnsgif's
    // frame limit); the actions check for those themselves and say so in their error.
    vips.log_set_handler("VIPS", 1 << 4 /* G_LOG_LEVEL_WARNING */, quiet, NULL);
    if (vips.init("shortcuts") != 0) {
        snprintf(vips.load_error, sizeof vips.load_error, "libvips didn't start: %s", vips.error_buffer());
        vips.error_clear();
        return;
    }
    // No operation is kept for reuse: every image here is decoded once, from memory whose
    // address a later, different image may have (an operation cache keyed by it would answer
    // with the old one).
    vips.cache_set_max(0);
}

int svips_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (!vips.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", vips.load_error);
    return -1;
}

char *svips_error(void) {
    const char *text = vips.error_buffer ? vips.error_buffer() : "libvips is not loaded";
    char *copy = strdup(text && text[0] ? text : "libvips failed without saying why");
    if (vips.error_clear) vips.error_clear();
    size_t length = strlen(copy);
    while (length > 0 && (copy[length - 1] == '\n' || copy[length - 1] == ' ')) copy[--length] = 0;
    return copy;
}

void svips_release(void *image) {
    if (image) vips.object_unref(image);
}

/// Frees a copied input buffer once the image made from it (and all made from that) closes.
static void free_when_closed(void *image, void *buffer) {
    (void)image;
    free(buffer);
}

/// A copy of `data` that lives as long as `image`; libvips reads its input lazily.
static void *copy_for(const void *data, size_t length) {
    void *copy = malloc(length ? length : 1);
    if (copy && length) memcpy(copy, data, length);
    return copy;
}

static void tie(void *image, void *copy) {
    vips.signal_connect_data(image, "postclose", (callback)free_when_closed, copy, NULL, 0);
}

/// Replaces *image with `next` when the step succeeded, releasing the one before.
static int step(void **image, int result, void *next) {
    if (result != 0) return result;
    vips.object_unref(*image);
    *image = next;
    return 0;
}

int svips_decode(const void *data, size_t length, int pages, void **image) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *copy = copy_for(data, length);
    if (!copy) return -1;
    char options[32] = "";
    if (pages != 1) snprintf(options, sizeof options, "[n=%d]", pages);
    void *loaded = vips.new_from_buffer(copy, length, options, NULL);
    if (!loaded) {
        free(copy);
        return -1;
    }
    tie(loaded, copy);
    void *rotated = NULL;
    // Animations keep their frames' orientation; a photo is turned as its EXIF says.
    if (pages == 1 && step(&loaded, vips.autorot(loaded, &rotated, NULL), rotated) != 0) {
        vips.object_unref(loaded);
        return -1;
    }
    *image = loaded;
    return 0;
}

int svips_thumbnail(const void *data, size_t length, int width, int height, int force, void **image) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *copy = copy_for(data, length);
    if (!copy) return -1;
    void *out = NULL;
    int result = vips.thumbnail_buffer(copy, length, &out, width > 0 ? width : VIPS_MAX_COORD, "height",
                                       height > 0 ? height : VIPS_MAX_COORD, "size", force ? VIPS_SIZE_FORCE : VIPS_SIZE_BOTH,
                                       NULL);
    if (result != 0) {
        free(copy);
        return -1;
    }
    tie(out, copy);
    *image = out;
    return 0;
}

int svips_open_header(const void *data, size_t length, void **image) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *loaded = vips.new_from_buffer(data, length, "", NULL);
    if (!loaded) return -1;
    *image = loaded;
    return 0;
}

const char *svips_loader(const void *data, size_t length) {
    if (svips_load(NULL, 0) != 0) return NULL;
    const char *name = vips.find_load_buffer(data, length);
    if (!name) vips.error_clear();
    return name;
}

int svips_width(void *image) { return vips.get_width(image); }
int svips_height(void *image) { return vips.get_height(image); }
int svips_bands(void *image) { return vips.get_bands(image); }
int svips_has_alpha(void *image) { return vips.hasalpha(image) ? 1 : 0; }
double svips_xres(void *image) { return vips.get_xres(image); }

int svips_int_field(void *image, const char *name, int fallback) {
    int value = fallback;
    if (vips.get_typeof(image, name) == 0 || vips.get_int(image, name, &value) != 0) {
        vips.error_clear();
        return fallback;
    }
    return value;
}

char *svips_text_field(void *image, const char *name) {
    char *value = NULL;
    if (vips.get_typeof(image, name) == 0 || vips.get_as_string(image, name, &value) != 0 || !value) {
        vips.error_clear();
        return NULL;
    }
    char *copy = strdup(value);
    vips.g_free(value);
    return copy;
}

int svips_encode(void *image, const char *suffix, void **data, size_t *length) {
    void *buffer = NULL;
    size_t size = 0;
    if (vips.write_to_buffer(image, suffix, &buffer, &size, NULL) != 0) return -1;
    *data = malloc(size ? size : 1);
    if (!*data) {
        vips.g_free(buffer);
        return -1;
    }
    memcpy(*data, buffer, size);
    vips.g_free(buffer);
    *length = size;
    return 0;
}

int svips_resize(void *image, double horizontal, double vertical, void **out) {
    return vips.resize(image, out, horizontal, "vscale", vertical, NULL);
}

int svips_crop(void *image, int left, int top, int width, int height, void **out) {
    return vips.extract_area(image, out, left, top, width, height, NULL);
}

/// The image in sRGB with an alpha band, as compositing, rotating and joining want it.
static int with_alpha(void *image, void **out) {
    // Every path gives a new reference of its own, so callers release exactly what they made.
    void *current = NULL;
    if (vips.colourspace(image, &current, VIPS_INTERPRETATION_sRGB, NULL) != 0) return -1;
    if (!vips.hasalpha(current)) {
        void *alpha = NULL;
        if (vips.bandjoin_const1(current, &alpha, 255.0, NULL) != 0) {
            vips.object_unref(current);
            return -1;
        }
        vips.object_unref(current);
        current = alpha;
    }
    *out = current;
    return 0;
}

int svips_rotate(void *image, double degrees, void **out) {
    double turned = degrees - 360.0 * (double)(long)(degrees / 360.0);
    if (turned < 0) turned += 360.0;
    if (turned == 0 || turned == 90 || turned == 180 || turned == 270) {
        int angle = turned == 0 ? VIPS_ANGLE_D0 : turned == 90 ? VIPS_ANGLE_D90 : turned == 180 ? VIPS_ANGLE_D180 : VIPS_ANGLE_D270;
        return vips.rot(image, out, angle, NULL);
    }
    void *prepared = NULL;
    if (with_alpha(image, &prepared) != 0) return -1;
    int result = vips.rotate(prepared, out, turned, NULL);
    vips.object_unref(prepared);
    return result;
}

int svips_flip(void *image, int vertical, void **out) { return vips.flip(image, out, vertical ? 1 : 0, NULL); }

int svips_composite(void *base, void *overlay, int x, int y, void **out) {
    void *under = NULL, *over = NULL;
    if (with_alpha(base, &under) != 0) return -1;
    if (with_alpha(overlay, &over) != 0) {
        vips.object_unref(under);
        return -1;
    }
    int result = vips.composite2(under, over, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
    vips.object_unref(under);
    vips.object_unref(over);
    return result;
}

int svips_join(void **images, int count, int vertical, int spacing, int across, void **out) {
    if (count <= 0) return -1;
    void **prepared = calloc((size_t)count, sizeof *prepared);
    if (!prepared) return -1;
    int made = 0, result = 0;
    for (; made < count; made++) {
        if (with_alpha(images[made], &prepared[made]) != 0) {
            result = -1;
            break;
        }
    }
    if (result == 0 && across > 0) {
        // A grid: cells the size of the largest image.
        result = vips.arrayjoin(prepared, out, count, "across", across, "shim", spacing, NULL);
    } else if (result == 0) {
        // Side by side: each image at its own size, one after another.
        void *accumulated = NULL;
        for (int index = 1; index < count && result == 0; index++) {
            void *next = NULL;
            void *left = accumulated ? accumulated : prepared[0];
            if (vips.join(left, prepared[index], &next, vertical, "expand", 1, "shim", spacing, NULL) != 0) {
                result = -1;
                break;
            }
            if (accumulated) vips.object_unref(accumulated);
            accumulated = next;
        }
        if (result == 0) {
            if (!accumulated) {
                // One image: itself.
                result = vips.extract_area(prepared[0], &accumulated, 0, 0, vips.get_width(prepared[0]),
                                           vips.get_height(prepared[0]), NULL);
            }
            *out = accumulated;
        } else if (accumulated) {
            vips.object_unref(accumulated);
        }
    }
    for (int index = 0; index < made; index++) vips.object_unref(prepared[index]);
    free(prepared);
    return result;
}

int svips_flatten(void *image, double red, double green, double blue, void **out) {
    double colour[3] = {red, green, blue};
    void *background = vips.array_double_new(colour, 3);
    int result = vips.flatten(image, out, "background", background, NULL);
    vips.area_unref(background);
    return result;
}

int svips_mask(void *image, void *mask, void **out) {
    void *base = NULL, *scaled = NULL, *band = NULL, *alpha = NULL, *colour = NULL;
    int result = -1;
    if (with_alpha(image, &base) != 0) return -1;
    double horizontal = (double)vips.get_width(base) / vips.get_width(mask);
    double vertical = (double)vips.get_height(base) / vips.get_height(mask);
    int mask_band = vips.hasalpha(mask) ? vips.get_bands(mask) - 1 : 0;
    if (vips.resize(mask, &scaled, horizontal, "vscale", vertical, NULL) == 0 &&
        vips.extract_band(scaled, &band, mask_band, NULL) == 0 && vips.cast(band, &alpha, VIPS_FORMAT_UCHAR, NULL) == 0 &&
        vips.extract_band(base, &colour, 0, "n", vips.get_bands(base) - 1, NULL) == 0) {
        result = vips.bandjoin2(colour, alpha, out, NULL);
    }
    void *made[] = {base, scaled, band, alpha, colour};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return result;
}

int svips_svg(const char *svg, size_t length, void **out) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *copy = copy_for(svg, length);
    if (!copy) return -1;
    if (vips.svgload_buffer(copy, length, out, NULL) != 0) {
        free(copy);
        return -1;
    }
    tie(*out, copy);
    return 0;
}

int svips_opacity(void *image, double opacity, void **out) {
    void *base = NULL, *alpha = NULL, *scaled = NULL, *cast = NULL, *colour = NULL;
    int result = -1;
    if (with_alpha(image, &base) != 0) return -1;
    int bands = vips.get_bands(base);
    if (vips.extract_band(base, &alpha, bands - 1, NULL) == 0 && vips.linear1(alpha, &scaled, opacity, 0.0, NULL) == 0 &&
        vips.cast(scaled, &cast, VIPS_FORMAT_UCHAR, NULL) == 0 && vips.extract_band(base, &colour, 0, "n", bands - 1, NULL) == 0) {
        result = vips.bandjoin2(colour, cast, out, NULL);
    }
    void *made[] = {base, alpha, scaled, cast, colour};
    for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return result;
}

int svips_pixel(void *image, int x, int y, double *values, int capacity) {
    double *vector = NULL;
    int count = 0;
    if (vips.getpoint(image, &vector, &count, x, y, NULL) != 0) return -1;
    int copied = count < capacity ? count : capacity;
    for (int index = 0; index < copied; index++) values[index] = vector[index];
    vips.g_free(vector);
    return copied;
}

int svips_from_pixels(const unsigned char *pixels, int width, int height, int bands, void **image) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *raw = vips.new_from_memory_copy(pixels, (size_t)width * (size_t)height * (size_t)bands, width, height, bands, VIPS_FORMAT_UCHAR);
    if (!raw) return -1;
    // Three or four bands are sRGB (with alpha); libvips would call them "multiband".
    if (bands < 3) {
        *image = raw;
        return 0;
    }
    int result = vips.copy(raw, image, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    vips.object_unref(raw);
    return result;
}

/// The pixels of an image, rendered into memory the caller frees: 0, or -1.
static int copy_pixels(void *image, unsigned char **pixels, size_t *length) {
    size_t size = 0;
    void *memory = vips.write_to_memory(image, &size);
    if (!memory) return -1;
    *pixels = malloc(size ? size : 1);
    int result = -1;
    if (*pixels) {
        memcpy(*pixels, memory, size);
        *length = size;
        result = 0;
    }
    vips.g_free(memory);
    return result;
}

int svips_grey_pixels(void *image, unsigned char **pixels, size_t *length) {
    void *grey = NULL, *flat = NULL, *cast = NULL;
    int result = -1;
    void *source = image;
    if (vips.hasalpha(image)) {
        double white[3] = {255, 255, 255};
        void *background = vips.array_double_new(white, 3);
        int flattened = vips.flatten(image, &flat, "background", background, NULL);
        vips.area_unref(background);
        if (flattened != 0) return -1;
        source = flat;
    }
    if (vips.colourspace(source, &grey, VIPS_INTERPRETATION_B_W, NULL) == 0 && vips.cast(grey, &cast, VIPS_FORMAT_UCHAR, NULL) == 0) {
        result = copy_pixels(cast, pixels, length);
    }
    void *made[] = {grey, flat, cast};
    for (size_t index = 0; index < 3; index++) {
        if (made[index]) vips.object_unref(made[index]);
    }
    return result;
}

char **svips_field_names(void *image) {
    char **names = vips.get_fields(image);
    if (!names) return NULL;
    size_t count = 0;
    while (names[count]) count++;
    char **copy = calloc(count + 1, sizeof *copy);
    if (copy) {
        for (size_t index = 0; index < count; index++) copy[index] = strdup(names[index]);
    }
    vips.strfreev(names);
    return copy;
}

void svips_free_names(char **names) {
    if (!names) return;
    for (size_t index = 0; names[index]; index++) free(names[index]);
    free(names);
}

int svips_int_array_field(void *image, const char *name, int *values, int capacity) {
    int *array = NULL, count = 0;
    if (vips.get_typeof(image, name) == 0 || vips.get_array_int(image, name, &array, &count) != 0) {
        vips.error_clear();
        return -1;
    }
    int copied = count < capacity ? count : capacity;
    for (int index = 0; index < copied; index++) values[index] = array[index];
    return count;
}

int svips_animation(void *image, int page_height, const int *delays, int count, int loop, void **out) {
    if (vips.copy(image, out, NULL) != 0) return -1;
    vips.set_int(*out, "page-height", page_height);
    vips.set_int(*out, "n-pages", count);
    vips.set_array_int(*out, "delay", delays, count);
    vips.set_int(*out, "loop", loop);
    return 0;
}

int svips_text(const char *markup, const char *font, int width, int dpi, int align, void **out) {
    if (svips_load(NULL, 0) != 0) return -1;
    if (width > 0) {
        return vips.text(out, markup, "font", font, "width", width, "dpi", dpi, "align", align, "rgba", 1, NULL);
    }
    return vips.text(out, markup, "font", font, "dpi", dpi, "align", align, "rgba", 1, NULL);
}

int svips_rgba_pixels(void *image, unsigned char **pixels, size_t *length) {
    void *prepared = NULL, *cast = NULL;
    int result = -1;
    if (with_alpha(image, &prepared) != 0) return -1;
    if (vips.cast(prepared, &cast, VIPS_FORMAT_UCHAR, NULL) == 0) {
        result = copy_pixels(cast, pixels, length);
    }
    vips.object_unref(prepared);
    if (cast) vips.object_unref(cast);
    return result;
}

int svips_pdf_page(const void *data, size_t length, int page, double dpi, void **out) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *copy = copy_for(data, length);
    if (!copy) return -1;
    if (vips.pdfload_buffer(copy, length, out, "page", page, "dpi", dpi, NULL) != 0) {
        free(copy);
        return -1;
    }
    tie(*out, copy);
    return 0;
}

int svips_greyscale(void *image, void **out) {
    void *flat = NULL, *source = image;
    if (vips.hasalpha(image)) {
        if (svips_flatten(image, 255, 255, 255, &flat) != 0) return -1;
        source = flat;
    }
    int result = vips.colourspace(source, out, VIPS_INTERPRETATION_B_W, NULL);
    if (flat) vips.object_unref(flat);
    return result;
}

int svips_open_file(const char *path, void **image) {
    if (svips_load(NULL, 0) != 0) return -1;
    void *opened = vips.new_from_file(path, NULL);
    if (!opened) return -1;
    *image = opened;
    return 0;
}

// The image in sRGB, eight bits a band, split into its colour and (when it has one) its alpha.
static int colour_and_alpha(void *image, void **colour, void **alpha) {
    void *srgb = NULL;
    *colour = NULL;
    *alpha = NULL;
    if (vips.colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) return -1;
    void *eight = NULL;
    int result = vips.cast(srgb, &eight, VIPS_FORMAT_UCHAR, NULL);
    vips.object_unref(srgb);
    if (result != 0) return -1;
    if (vips.get_bands(eight) <= 3) {
        *colour = eight;
        return 0;
    }
    result = vips.extract_band(eight, colour, 0, "n", 3, NULL) == 0 && vips.extract_band(eight, alpha, 3, NULL) == 0 ? 0 : -1;
    vips.object_unref(eight);
    if (result != 0 && *colour) {
        vips.object_unref(*colour);
        *colour = NULL;
    }
    return result;
}

// Colour (any format) cast back to eight bits a band, its alpha joined again; both are released.
static int with_colour(void *colour, void *alpha, void **out) {
    void *eight = NULL;
    int result = vips.cast(colour, &eight, VIPS_FORMAT_UCHAR, NULL);
    vips.object_unref(colour);
    if (result == 0 && alpha) {
        result = vips.bandjoin2(eight, alpha, out, NULL);
        vips.object_unref(eight);
    } else if (result == 0) {
        *out = eight;
    }
    if (alpha) vips.object_unref(alpha);
    return result;
}

int svips_adjust(void *image, const double *gains, double offset, double saturation, void **out) {
    void *colour = NULL, *alpha = NULL, *scaled = NULL;
    if (colour_and_alpha(image, &colour, &alpha) != 0) return -1;
    double offsets[3] = {offset, offset, offset};
    int result = vips.linear(colour, &scaled, gains, offsets, 3, NULL);
    vips.object_unref(colour);
    if (result == 0 && saturation != 0) {
        // The chroma of LCh scaled: the colours stronger or weaker, their lightness and hue kept.
        void *eight = NULL, *lch = NULL, *stronger = NULL;
        double chroma[3] = {1.0, 1.0 + saturation, 1.0}, none[3] = {0, 0, 0};
        result = vips.cast(scaled, &eight, VIPS_FORMAT_UCHAR, NULL) == 0 &&
                         vips.colourspace(eight, &lch, VIPS_INTERPRETATION_LCH, NULL) == 0 &&
                         vips.linear(lch, &stronger, chroma, none, 3, NULL) == 0
                     ? 0
                     : -1;
        vips.object_unref(scaled);
        scaled = NULL;
        if (result == 0) result = vips.colourspace(stronger, &scaled, VIPS_INTERPRETATION_sRGB, NULL);
        void *made[] = {eight, lch, stronger};
        for (size_t index = 0; index < sizeof made / sizeof made[0]; index++) {
            if (made[index]) vips.object_unref(made[index]);
        }
    }
    if (result != 0) {
        if (scaled) vips.object_unref(scaled);
        if (alpha) vips.object_unref(alpha);
        return -1;
    }
    return with_colour(scaled, alpha, out);
}

int svips_autolevel(void *image, double clip, void **out) {
    void *colour = NULL, *alpha = NULL, *grey = NULL, *stretched = NULL;
    if (colour_and_alpha(image, &colour, &alpha) != 0) return -1;
    int low = 0, high = 255;
    int result = vips.colourspace(colour, &grey, VIPS_INTERPRETATION_B_W, NULL) == 0 && vips.percent(grey, clip, &low, NULL) == 0 &&
                         vips.percent(grey, 100.0 - clip, &high, NULL) == 0
                     ? 0
                     : -1;
    if (grey) vips.object_unref(grey);
    double scale = 1, offset = 0;
    // An image with hardly any range (a flat colour) is left as it is.
    if (high - low >= 8) {
        scale = 255.0 / (double)(high - low);
        offset = -(double)low * scale;
    }
    if (result == 0) result = vips.linear1(colour, &stretched, scale, offset, NULL);
    vips.object_unref(colour);
    if (result != 0) {
        if (alpha) vips.object_unref(alpha);
        return -1;
    }
    return with_colour(stretched, alpha, out);
}
