// Calls TagLib's C binding (libtag_c) through dlopen/dlsym, with the prototypes of tag_c.h.
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    void (*set_unicode)(int unicode);
    void (*set_manage_memory)(int manage);
    void *(*file_new)(const char *path);
    int (*is_valid)(const void *file);
    void (*file_free)(void *file);
    void *(*file_tag)(const void *file);
    const void *(*properties)(const void *file);
    char *(*title)(const void *tag);
    char *(*artist)(const void *tag);
    char *(*album)(const void *tag);
    char *(*comment)(const void *tag);
    char *(*genre)(const void *tag);
    unsigned (*year)(const void *tag);
    unsigned (*track)(const void *tag);
    int (*length)(const void *properties);
    int (*bitrate)(const void *properties);
    int (*samplerate)(const void *properties);
    int (*channels)(const void *properties);
    void (*free_string)(char *text);
    char load_error[256];
} tag;

static pthread_once_t tag_once = PTHREAD_ONCE_INIT;

static void load_taglib(void) {
    const char *name = getenv("SHORTCUTS_LIBTAG_C");
    void *library = dlopen(name && *name ? name : "libtag_c.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(tag.load_error, sizeof tag.load_error, "TagLib is not installed (apt-get install libtagc0): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                               \
    if (!(*(void **)&tag.field = dlsym(library, symbol))) {                                               \
        snprintf(tag.load_error, sizeof tag.load_error, "TagLib lacks %s (install libtagc0)", symbol); \
        return;                                                                                           \
    }
    FIND(set_unicode, "taglib_set_strings_unicode")
    FIND(set_manage_memory, "taglib_set_string_management_enabled")
    FIND(file_new, "taglib_file_new")
    FIND(is_valid, "taglib_file_is_valid")
    FIND(file_free, "taglib_file_free")
    FIND(file_tag, "taglib_file_tag")
    FIND(properties, "taglib_file_audioproperties")
    FIND(title, "taglib_tag_title")
    FIND(artist, "taglib_tag_artist")
    FIND(album, "taglib_tag_album")
    FIND(comment, "taglib_tag_comment")
    FIND(genre, "taglib_tag_genre")
    FIND(year, "taglib_tag_year")
    FIND(track, "taglib_tag_track")
    FIND(length, "taglib_audioproperties_length")
    FIND(bitrate, "taglib_audioproperties_bitrate")
    FIND(samplerate, "taglib_audioproperties_samplerate")
    FIND(channels, "taglib_audioproperties_channels")
    FIND(free_string, "taglib_free")
#undef FIND
    tag.set_unicode(1);
    // Each string is freed as it is copied, not kept until a global free.
    tag.set_manage_memory(0);
}

int stag_load(char *error, size_t error_size) {
    pthread_once(&tag_once, load_taglib);
    if (!tag.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", tag.load_error);
    return -1;
}

static void copy_into(char *destination, size_t size, char *source) {
    snprintf(destination, size, "%s", source ? source : "");
    if (source) tag.free_string(source);
}

int stag_read(const char *path, stag_details *details) {
    if (stag_load(NULL, 0) != 0) return -1;
    void *file = tag.file_new(path);
    if (!file) return -1;
    if (!tag.is_valid(file)) {
        tag.file_free(file);
        return -1;
    }
    memset(details, 0, sizeof *details);
    const void *tags = tag.file_tag(file);
    if (tags) {
        copy_into(details->title, sizeof details->title, tag.title(tags));
        copy_into(details->artist, sizeof details->artist, tag.artist(tags));
        copy_into(details->album, sizeof details->album, tag.album(tags));
        copy_into(details->comment, sizeof details->comment, tag.comment(tags));
        copy_into(details->genre, sizeof details->genre, tag.genre(tags));
        details->year = (int)tag.year(tags);
        details->track = (int)tag.track(tags);
    }
    const void *properties = tag.properties(file);
    if (properties) {
        details->seconds = tag.length(properties);
        details->bitrate = tag.bitrate(properties);
        details->sample_rate = tag.samplerate(properties);
        details->channels = tag.channels(properties);
    }
    tag.file_free(file);
    return 0;
}
