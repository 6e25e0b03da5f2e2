// Calls PocketSphinx through dlopen/dlsym, with the prototypes of its stable C API
// (pocketsphinx.h, sphinxbase's cmd_ln.h and err.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    void *(*arguments)(void);
    void *(*config)(void *config, const void *definitions, int strict, ...);
    int (*free_config)(void *config);
    void (*set_log)(FILE *stream);
    void *(*init)(void *config);
    int (*start)(void *decoder);
    int (*process)(void *decoder, const short *samples, size_t count, int no_search, int full_utterance);
    int (*end)(void *decoder);
    const char *(*hypothesis)(void *decoder, int32_t *score);
    uint8_t (*in_speech)(void *decoder);
    int (*free_decoder)(void *decoder);
    char load_error[256];
} ps;

static pthread_once_t ps_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t ps_lock = PTHREAD_MUTEX_INITIALIZER;
static void *decoder;
static void *decoder_config;
static char decoder_model[3072];

static void load_pocketsphinx(void) {
    const char *name = getenv("SHORTCUTS_LIBPOCKETSPHINX");
    void *base = dlopen("libsphinxbase.so.3", RTLD_NOW | RTLD_GLOBAL);
    void *library = base ? dlopen(name && *name ? name : "libpocketsphinx.so.3", RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!library) {
        snprintf(ps.load_error, sizeof ps.load_error,
                 "PocketSphinx is not installed (apt-get install libpocketsphinx3 pocketsphinx-en-us): %s", dlerror());
        return;
    }
    if (!(*(void **)&ps.arguments = dlsym(library, "ps_args")) || !(*(void **)&ps.config = dlsym(base, "cmd_ln_init")) ||
        !(*(void **)&ps.free_config = dlsym(base, "cmd_ln_free_r")) || !(*(void **)&ps.set_log = dlsym(base, "err_set_logfp")) ||
        !(*(void **)&ps.init = dlsym(library, "ps_init")) || !(*(void **)&ps.start = dlsym(library, "ps_start_utt")) ||
        !(*(void **)&ps.process = dlsym(library, "ps_process_raw")) || !(*(void **)&ps.end = dlsym(library, "ps_end_utt")) ||
        !(*(void **)&ps.hypothesis = dlsym(library, "ps_get_hyp")) || !(*(void **)&ps.in_speech = dlsym(library, "ps_get_in_speech")) ||
        !(*(void **)&ps.free_decoder = dlsym(library, "ps_free"))) {
        snprintf(ps.load_error, sizeof ps.load_error, "PocketSphinx lacks its C API (install libpocketsphinx3)");
        return;
    }
    // PocketSphinx logs every step of its work on standard error unless told not to.
    ps.set_log(NULL);
}

int sspeechrec_load(char *error, size_t error_size) {
    pthread_once(&ps_once, load_pocketsphinx);
    if (!ps.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", ps.load_error);
    return -1;
}

/// Appends an utterance's words, a line each, to a growing text.
static int append(char **text, size_t *length, const char *words) {
    if (!words || !*words) return 0;
    size_t added = strlen(words);
    char *grown = realloc(*text, *length + added + 2);
    if (!grown) return -1;
    memcpy(grown + *length, words, added);
    *length += added;
    grown[(*length)++] = '\n';
    grown[*length] = 0;
    *text = grown;
    return 0;
}

char *sspeechrec_transcribe(const short *samples, size_t count, const char *model, const char *language_model,
                            const char *dictionary, char *error, size_t error_size) {
    if (sspeechrec_load(error, error_size) != 0) return NULL;
    char key[sizeof decoder_model];
    snprintf(key, sizeof key, "%s\n%s\n%s", model, language_model, dictionary);
    pthread_mutex_lock(&ps_lock);
    if (decoder && strcmp(key, decoder_model) != 0) {
        ps.free_decoder(decoder);
        ps.free_config(decoder_config);
        decoder = NULL;
    }
    if (!decoder) {
        decoder_config = ps.config(NULL, ps.arguments(), 1, "-hmm", model, "-lm", language_model, "-dict", dictionary, NULL);
        decoder = decoder_config ? ps.init(decoder_config) : NULL;
        if (!decoder) {
            if (decoder_config) ps.free_config(decoder_config);
            decoder_config = NULL;
            pthread_mutex_unlock(&ps_lock);
            snprintf(error, error_size, "PocketSphinx could not read its model in %s (apt-get install pocketsphinx-en-us)", model);
            return NULL;
        }
        snprintf(decoder_model, sizeof decoder_model, "%s", key);
    }
    char *text = malloc(1);
    size_t length = 0;
    if (text) text[0] = 0;
    int speaking = 0;
    ps.start(decoder);
    for (size_t at = 0; text && at < count; at += 2048) {
        size_t chunk = count - at < 2048 ? count - at : 2048;
        ps.process(decoder, samples + at, chunk, 0, 0);
        int heard = ps.in_speech(decoder);
        if (heard) speaking = 1;
        if (!heard && speaking) {
            // A pause ends an utterance: its words are final, and the next one starts.
            ps.end(decoder);
            int32_t score = 0;
            if (append(&text, &length, ps.hypothesis(decoder, &score)) != 0) break;
            ps.start(decoder);
            speaking = 0;
        }
    }
    ps.end(decoder);
    int32_t score = 0;
    if (text) append(&text, &length, ps.hypothesis(decoder, &score));
    pthread_mutex_unlock(&ps_lock);
    if (!text) snprintf(error, error_size, "out of memory");
    return text;
}
