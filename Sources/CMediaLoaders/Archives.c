// Calls libarchive through dlopen/dlsym, with the prototypes of its stable C ABI
// (archive.h, archive_entry.h); archives and entries are opaque.
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARCHIVE_OK = 0, ARCHIVE_EOF = 1, ARCHIVE_WARN = -20, ARCHIVE_FATAL = -30 };
enum { AE_IFREG = 0100000, AE_IFDIR = 0040000, AE_IFLNK = 0120000 };
enum { ARCHIVE_FORMAT_RAW = 0x90000 };

typedef long (*write_callback)(void *archive, void *context, const void *buffer, size_t length);
typedef int (*close_callback)(void *archive, void *context);

static struct {
    void *(*write_new)(void);
    int (*write_set_format_zip)(void *a);
    int (*write_set_format_pax_restricted)(void *a);
    int (*write_set_format_cpio_newc)(void *a);
    int (*write_set_format_iso9660)(void *a);
    int (*write_set_format_raw)(void *a);
    int (*write_set_options)(void *a, const char *options);
    int (*write_add_filter_gzip)(void *a);
    int (*write_add_filter_bzip2)(void *a);
    int (*write_add_filter_xz)(void *a);
    int (*write_open)(void *a, void *context, void *open, write_callback write, close_callback close);
    int (*write_header)(void *a, void *entry);
    long (*write_data)(void *a, const void *buffer, size_t length);
    int (*write_close)(void *a);
    int (*write_free)(void *a);
    void *(*entry_new)(void);
    void (*entry_free)(void *entry);
    void (*entry_set_pathname_utf8)(void *entry, const char *name);
    void (*entry_set_size)(void *entry, int64_t size);
    void (*entry_set_filetype)(void *entry, unsigned int type);
    void (*entry_set_perm)(void *entry, unsigned int perm);
    void (*entry_set_mtime)(void *entry, long seconds, long nanoseconds);
    void *(*read_new)(void);
    int (*read_support_filter_all)(void *a);
    int (*read_support_format_all)(void *a);
    int (*read_support_format_raw)(void *a);
    int (*read_open_memory)(void *a, const void *buffer, size_t size);
    int (*read_next_header)(void *a, void **entry);
    long (*read_data)(void *a, void *buffer, size_t length);
    int (*read_free)(void *a);
    const char *(*entry_pathname_utf8)(void *entry);
    const char *(*entry_pathname)(void *entry);
    int64_t (*entry_size)(void *entry);
    unsigned int (*entry_filetype)(void *entry);
    int (*entry_is_encrypted)(void *entry);
    const char *(*error_string)(void *a);
    int (*format)(void *a);
    int (*filter_code)(void *a, int index);
    char load_error[256];
} arc;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // SHORTCUTS_LIBARCHIVE names another copy to load (tests use it to run without one).
    const char *name = getenv("SHORTCUTS_LIBARCHIVE");
    void *library = dlopen(name && *name ? name : "libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(arc.load_error, sizeof arc.load_error, "libarchive is not installed (apt-get install libarchive13): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                    \
    if (!(*(void **)&arc.field = dlsym(library, symbol))) {                                                    \
        snprintf(arc.load_error, sizeof arc.load_error, "libarchive lacks %s (install libarchive13 3.4 or later)", symbol); \
        return;                                                                                                \
    }
    FIND(write_new, "archive_write_new")
    FIND(write_set_format_zip, "archive_write_set_format_zip")
    FIND(write_set_format_pax_restricted, "archive_write_set_format_pax_restricted")
    FIND(write_set_format_cpio_newc, "archive_write_set_format_cpio_newc")
    FIND(write_set_format_iso9660, "archive_write_set_format_iso9660")
    FIND(write_set_format_raw, "archive_write_set_format_raw")
    FIND(write_set_options, "archive_write_set_options")
    FIND(write_add_filter_gzip, "archive_write_add_filter_gzip")
    FIND(write_add_filter_bzip2, "archive_write_add_filter_bzip2")
    FIND(write_add_filter_xz, "archive_write_add_filter_xz")
    FIND(write_open, "archive_write_open")
    FIND(write_header, "archive_write_header")
    FIND(write_data, "archive_write_data")
    FIND(write_close, "archive_write_close")
    FIND(write_free, "archive_write_free")
    FIND(entry_new, "archive_entry_new")
    FIND(entry_free, "archive_entry_free")
    FIND(entry_set_pathname_utf8, "archive_entry_set_pathname_utf8")
    FIND(entry_set_size, "archive_entry_set_size")
    FIND(entry_set_filetype, "archive_entry_set_filetype")
    FIND(entry_set_perm, "archive_entry_set_perm")
    FIND(entry_set_mtime, "archive_entry_set_mtime")
    FIND(read_new, "archive_read_new")
    FIND(read_support_filter_all, "archive_read_support_filter_all")
    FIND(read_support_format_all, "archive_read_support_format_all")
    FIND(read_support_format_raw, "archive_read_support_format_raw")
    FIND(read_open_memory, "archive_read_open_memory")
    FIND(read_next_header, "archive_read_next_header")
    FIND(read_data, "archive_read_data")
    FIND(read_free, "archive_read_free")
    FIND(entry_pathname_utf8, "archive_entry_pathname_utf8")
    FIND(entry_pathname, "archive_entry_pathname")
    FIND(entry_size, "archive_entry_size")
    FIND(entry_filetype, "archive_entry_filetype")
    FIND(entry_is_encrypted, "archive_entry_is_encrypted")
    FIND(error_string, "archive_error_string")
    FIND(format, "archive_format")
    FIND(filter_code, "archive_filter_code")
#undef FIND
}

int sarc_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (!arc.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", arc.load_error);
    return -1;
}

/// A writer: the archive and the bytes it has written so far.
typedef struct writer {
    void *archive;
    unsigned char *bytes;
    size_t length, capacity;
    int failed;
} writer;

static long collect(void *archive, void *context, const void *buffer, size_t length) {
    (void)archive;
    writer *w = context;
    if (w->length + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->length + length) capacity *= 2;
        unsigned char *grown = realloc(w->bytes, capacity);
        if (!grown) {
            w->failed = 1;
            return -1;
        }
        w->bytes = grown;
        w->capacity = capacity;
    }
    memcpy(w->bytes + w->length, buffer, length);
    w->length += length;
    return (long)length;
}

static int closed(void *archive, void *context) {
    (void)archive;
    (void)context;
    return ARCHIVE_OK;
}

int sarc_write_begin(const char *format, void **result) { return sarc_write_begin_with_options(format, NULL, result); }

int sarc_write_begin_with_options(const char *format, const char *options, void **result) {
    if (sarc_load(NULL, 0) != 0) return -1;
    writer *w = calloc(1, sizeof *w);
    if (!w) return -1;
    w->archive = arc.write_new();
    int status = ARCHIVE_FATAL;
    if (strcmp(format, "zip") == 0) {
        status = arc.write_set_format_zip(w->archive);
    } else if (strncmp(format, "tar", 3) == 0) {
        status = arc.write_set_format_pax_restricted(w->archive);
        if (status == ARCHIVE_OK && strcmp(format, "tar.gz") == 0) status = arc.write_add_filter_gzip(w->archive);
        if (status == ARCHIVE_OK && strcmp(format, "tar.bz2") == 0) status = arc.write_add_filter_bzip2(w->archive);
        if (status == ARCHIVE_OK && strcmp(format, "tar.xz") == 0) status = arc.write_add_filter_xz(w->archive);
    } else if (strcmp(format, "cpio") == 0) {
        status = arc.write_set_format_cpio_newc(w->archive);
    } else if (strcmp(format, "iso") == 0) {
        status = arc.write_set_format_iso9660(w->archive);
    } else if (strcmp(format, "gz") == 0) {
        status = arc.write_set_format_raw(w->archive);
        if (status == ARCHIVE_OK) status = arc.write_add_filter_gzip(w->archive);
    }
    if (status == ARCHIVE_OK && options && *options) status = arc.write_set_options(w->archive, options);
    if (status == ARCHIVE_OK) status = arc.write_open(w->archive, w, NULL, collect, closed);
    *result = w;
    return status == ARCHIVE_OK ? 0 : -1;
}

int sarc_write_entry(void *result, const char *name, const void *data, size_t length, int64_t modified) {
    writer *w = result;
    void *entry = arc.entry_new();
    arc.entry_set_pathname_utf8(entry, name);
    arc.entry_set_size(entry, (int64_t)length);
    arc.entry_set_filetype(entry, AE_IFREG);
    arc.entry_set_perm(entry, 0644);
    arc.entry_set_mtime(entry, (long)modified, 0);
    int status = arc.write_header(w->archive, entry);
    arc.entry_free(entry);
    if (status < ARCHIVE_WARN) return -1;
    const unsigned char *bytes = data;
    size_t written = 0;
    while (written < length) {
        long step = arc.write_data(w->archive, bytes + written, length - written);
        if (step <= 0) return -1;
        written += (size_t)step;
    }
    return w->failed ? -1 : 0;
}

int sarc_write_finish(void *result, void **data, size_t *length) {
    writer *w = result;
    int status = arc.write_close(w->archive);
    arc.write_free(w->archive);
    w->archive = NULL;
    if (status != ARCHIVE_OK || w->failed) {
        free(w->bytes);
        free(w);
        return -1;
    }
    *data = w->bytes ? w->bytes : malloc(1);
    *length = w->length;
    free(w);
    return 0;
}

const char *sarc_write_error(void *result) {
    writer *w = result;
    const char *text = w && w->archive ? arc.error_string(w->archive) : NULL;
    return text ? text : (w && w->failed ? "out of memory" : "libarchive failed");
}

void sarc_write_abandon(void *result) {
    writer *w = result;
    if (!w) return;
    if (w->archive) arc.write_free(w->archive);
    free(w->bytes);
    free(w);
}

int sarc_read_begin(const void *data, size_t length, void **reader) {
    if (sarc_load(NULL, 0) != 0) return -1;
    void *a = arc.read_new();
    arc.read_support_filter_all(a);
    arc.read_support_format_all(a);
    // A lone compressed file (.gz, .bz2, .xz) is an archive of one.
    arc.read_support_format_raw(a);
    *reader = a;
    return arc.read_open_memory(a, data, length) == ARCHIVE_OK ? 0 : -1;
}

int sarc_read_next(void *reader, const char **name, int64_t *size, char *type) {
    void *entry = NULL;
    int status = arc.read_next_header(reader, &entry);
    if (status == ARCHIVE_EOF) return 0;
    if (status < ARCHIVE_WARN) return -1;
    // Raw data with no compression around it is not an archive, only a file.
    int raw = arc.format(reader) == ARCHIVE_FORMAT_RAW;
    if (raw && arc.filter_code(reader, 0) == 0) return -3;
    const char *path = arc.entry_pathname_utf8(entry);
    *name = path ? path : arc.entry_pathname(entry);
    *size = arc.entry_size(entry);
    unsigned int kind = arc.entry_filetype(entry);
    // A lone compressed file's one entry has no type of its own: it is the file.
    *type = kind == AE_IFREG || raw ? 'f' : kind == AE_IFDIR ? 'd' : kind == AE_IFLNK ? 'l' : 'o';
    if (arc.entry_is_encrypted(entry)) return -2;
    return 1;
}

long sarc_read_data(void *reader, void *buffer, size_t capacity) { return arc.read_data(reader, buffer, capacity); }

const char *sarc_read_error(void *reader) {
    const char *text = reader ? arc.error_string(reader) : NULL;
    return text ? text : "not an archive libarchive reads";
}

void sarc_read_end(void *reader) {
    if (reader) arc.read_free(reader);
}
