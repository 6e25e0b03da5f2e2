// Calls hunspell (spelling), libexttextcat (language detection) and espeak-ng (speech) through
// dlopen/dlsym, with the prototypes of their stable C APIs (hunspell.h, textcat.h,
// espeak-ng/speak_lib.h).
#include "CMediaLoaders.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: hunspell

static struct {
    void *(*create)(const char *affix, const char *dictionary);
    void (*destroy)(void *handle);
    int (*spell)(void *handle, const char *word);
    int (*suggest)(void *handle, char ***list, const char *word);
    void (*free_list)(void *handle, char ***list, int count);
    char load_error[256];
} hun;

static pthread_once_t hun_once = PTHREAD_ONCE_INIT;

static void load_hunspell(void) {
    const char *name = getenv("SHORTCUTS_LIBHUNSPELL");
    void *library = dlopen(name && *name ? name : "libhunspell-1.7.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(hun.load_error, sizeof hun.load_error,
                 "hunspell is not installed (apt-get install libhunspell-1.7-0 hunspell-en-us): %s", dlerror());
        return;
    }
    if (!(*(void **)&hun.create = dlsym(library, "Hunspell_create")) || !(*(void **)&hun.destroy = dlsym(library, "Hunspell_destroy")) ||
        !(*(void **)&hun.spell = dlsym(library, "Hunspell_spell")) || !(*(void **)&hun.suggest = dlsym(library, "Hunspell_suggest")) ||
        !(*(void **)&hun.free_list = dlsym(library, "Hunspell_free_list"))) {
        snprintf(hun.load_error, sizeof hun.load_error, "hunspell lacks its C API (install libhunspell-1.7-0)");
    }
}

int sspell_load(char *error, size_t error_size) {
    pthread_once(&hun_once, load_hunspell);
    if (!hun.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", hun.load_error);
    return -1;
}

/// One speller, kept with its dictionary: reading one takes tens of milliseconds, so a
/// shortcut that corrects text in a loop reads it once. Hunspell's handle serves one caller at a
/// time, so calls take turns.
static pthread_mutex_t speller_lock = PTHREAD_MUTEX_INITIALIZER;
static void *speller;
static char speller_dictionary[1024];

int sspell_check(const char *affix, const char *dictionary, const char *word, char **suggestions) {
    *suggestions = NULL;
    if (sspell_load(NULL, 0) != 0) return -1;
    pthread_mutex_lock(&speller_lock);
    if (speller && strcmp(speller_dictionary, dictionary) != 0) {
        hun.destroy(speller);
        speller = NULL;
    }
    if (!speller) {
        speller = hun.create(affix, dictionary);
        snprintf(speller_dictionary, sizeof speller_dictionary, "%s", dictionary);
    }
    if (!speller) {
        pthread_mutex_unlock(&speller_lock);
        return -1;
    }
    if (hun.spell(speller, word)) {
        pthread_mutex_unlock(&speller_lock);
        return 0;
    }
    char **list = NULL;
    int count = hun.suggest(speller, &list, word);
    size_t length = 1;
    for (int index = 0; index < count; index++) length += strlen(list[index]) + 1;
    char *joined = malloc(length);
    if (joined) {
        joined[0] = 0;
        for (int index = 0; index < count; index++) {
            strcat(joined, list[index]);
            if (index + 1 < count) strcat(joined, "\n");
        }
    }
    if (list) hun.free_list(speller, &list, count);
    pthread_mutex_unlock(&speller_lock);
    *suggestions = joined;
    return 1;
}

// MARK: libexttextcat

static struct {
    void *(*init)(const char *config, const char *prefix);
    const char *(*classify)(void *handle, const char *buffer, size_t size);
    void (*done)(void *handle);
    char load_error[256];
} cat;

static pthread_once_t cat_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t cat_lock = PTHREAD_MUTEX_INITIALIZER;
static void *classifier;

static void load_textcat(void) {
    const char *name = getenv("SHORTCUTS_LIBEXTTEXTCAT");
    void *library = dlopen(name && *name ? name : "libexttextcat-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(cat.load_error, sizeof cat.load_error,
                 "libexttextcat is not installed (apt-get install libexttextcat-2.0-0 libexttextcat-data): %s", dlerror());
        return;
    }
    if (!(*(void **)&cat.init = dlsym(library, "special_textcat_Init")) ||
        !(*(void **)&cat.classify = dlsym(library, "textcat_Classify")) || !(*(void **)&cat.done = dlsym(library, "textcat_Done"))) {
        snprintf(cat.load_error, sizeof cat.load_error, "libexttextcat lacks textcat_Classify (install libexttextcat-2.0-0)");
    }
}

int slang_load(char *error, size_t error_size) {
    pthread_once(&cat_once, load_textcat);
    if (!cat.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", cat.load_error);
    return -1;
}

char *slang_classify(const char *config, const char *models, const char *text, size_t length, char *error, size_t error_size) {
    if (slang_load(error, error_size) != 0) return NULL;
    pthread_mutex_lock(&cat_lock);
    if (!classifier) classifier = cat.init(config, models);
    if (!classifier) {
        pthread_mutex_unlock(&cat_lock);
        snprintf(error, error_size, "libexttextcat has no language models at %s (apt-get install libexttextcat-data)", models);
        return NULL;
    }
    const char *result = cat.classify(classifier, text, length);
    char *copy = strdup(result ? result : "UNKNOWN");
    pthread_mutex_unlock(&cat_lock);
    return copy;
}

// MARK: espeak-ng

enum { AUDIO_OUTPUT_SYNCHRONOUS = 2, espeakRATE = 1, espeakPITCH = 3, espeakCHARS_UTF8 = 1, POS_CHARACTER = 1, EE_OK = 0 };

typedef int (*synth_callback)(short *samples, int count, void *events);

static struct {
    int (*initialize)(int output, int buffer_length, const char *path, int options);
    int (*set_voice)(const char *name);
    int (*set_parameter)(int parameter, int value, int relative);
    void (*set_callback)(synth_callback callback);
    int (*synth)(const void *text, size_t size, unsigned position, int position_type, unsigned end_position, unsigned flags,
                 unsigned *identifier, void *user_data);
    int (*synchronize)(void);
    char load_error[256];
} speech;

static pthread_once_t speech_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t speech_lock = PTHREAD_MUTEX_INITIALIZER;
static int sample_rate;
static short *collected;
static size_t collected_count, collected_capacity, collected_limit;
static int collected_overflow;

static void load_speech(void) {
    const char *name = getenv("SHORTCUTS_LIBESPEAK_NG");
    void *library = dlopen(name && *name ? name : "libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(speech.load_error, sizeof speech.load_error,
                 "espeak-ng is not installed (apt-get install libespeak-ng1 espeak-ng-data): %s", dlerror());
        return;
    }
    if (!(*(void **)&speech.initialize = dlsym(library, "espeak_Initialize")) ||
        !(*(void **)&speech.set_voice = dlsym(library, "espeak_SetVoiceByName")) ||
        !(*(void **)&speech.set_parameter = dlsym(library, "espeak_SetParameter")) ||
        !(*(void **)&speech.set_callback = dlsym(library, "espeak_SetSynthCallback")) ||
        !(*(void **)&speech.synth = dlsym(library, "espeak_Synth")) || !(*(void **)&speech.synchronize = dlsym(library, "espeak_Synchronize"))) {
        snprintf(speech.load_error, sizeof speech.load_error, "espeak-ng lacks espeak_Synth (install libespeak-ng1)");
        return;
    }
    sample_rate = speech.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 500, NULL, 0);
    if (sample_rate <= 0) snprintf(speech.load_error, sizeof speech.load_error, "espeak-ng didn't start (install espeak-ng-data)");
}

static int collect_samples(short *samples, int count, void *events) {
    (void)events;
    if (!samples || count <= 0) return 0;
    if (collected_count + (size_t)count > collected_limit) {
        collected_overflow = 1;
        return 1;  // stop
    }
    if (collected_count + (size_t)count > collected_capacity) {
        size_t capacity = collected_capacity ? collected_capacity * 2 : 65536;
        while (capacity < collected_count + (size_t)count) capacity *= 2;
        short *grown = realloc(collected, capacity * sizeof *grown);
        if (!grown) {
            collected_overflow = 1;
            return 1;
        }
        collected = grown;
        collected_capacity = capacity;
    }
    memcpy(collected + collected_count, samples, (size_t)count * sizeof *samples);
    collected_count += (size_t)count;
    return 0;
}

int sspeech_load(char *error, size_t error_size) {
    pthread_once(&speech_once, load_speech);
    if (!speech.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", speech.load_error);
    return -1;
}

int sspeech_synthesize(const char *text, const char *voice, int words_per_minute, int pitch, size_t max_samples, short **samples,
                       size_t *count, int *rate, char *error, size_t error_size) {
    if (sspeech_load(error, error_size) != 0) return -1;
    pthread_mutex_lock(&speech_lock);
    if (voice && *voice && speech.set_voice(voice) != EE_OK) {
        pthread_mutex_unlock(&speech_lock);
        snprintf(error, error_size, "espeak-ng has no voice %s", voice);
        return -2;
    }
    speech.set_parameter(espeakRATE, words_per_minute, 0);
    speech.set_parameter(espeakPITCH, pitch, 0);
    speech.set_callback(collect_samples);
    collected = NULL;
    collected_count = collected_capacity = 0;
    collected_limit = max_samples;
    collected_overflow = 0;
    int result = speech.synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
    speech.synchronize();
    int overflow = collected_overflow;
    *samples = collected;
    *count = collected_count;
    *rate = sample_rate;
    collected = NULL;
    pthread_mutex_unlock(&speech_lock);
    if (overflow) {
        free(*samples);
        *samples = NULL;
        snprintf(error, error_size, "the spoken audio is longer than the run may hold");
        return -3;
    }
    if (result != EE_OK) {
        free(*samples);
        *samples = NULL;
        snprintf(error, error_size, "espeak-ng couldn't speak the text (error %d)", result);
        return -1;
    }
    return 0;
}
