// Calls sd-bus through dlopen/dlsym. The prototypes below are libsystemd's stable ABI
// (sd-bus.h); the reply builder is variadic and the vtable macros are compound literals, neither
// usable from Swift, so this file answers Introspect itself and hands other calls to Swift.
#include "CSDBusLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

typedef struct sd_bus_error {
    const char *name;
    const char *message;
    int _need_free;
} sd_bus_error;

typedef int (*message_handler)(void *message, void *userdata, sd_bus_error *error);

enum { CREDS_PID = 1ULL << 0, CREDS_UID = 1ULL << 3, CREDS_EUID = 1ULL << 4 };

static struct {
    int (*open_user)(void **bus);
    int (*open_system)(void **bus);
    int (*peek_type)(void *message, char *type, const char **contents);
    const char *(*get_path)(void *message);
    int (*skip)(void *message, const char *types);
    void *(*flush_close_unref)(void *bus);
    int (*request_name)(void *bus, const char *name, uint64_t flags);
    int (*add_object)(void *bus, void **slot, const char *path, message_handler callback, void *userdata);
    int (*add_match)(void *bus, void **slot, const char *match, message_handler callback, void *userdata);
    int (*get_fd)(void *bus);
    int (*get_events)(void *bus);
    int (*get_timeout)(void *bus, uint64_t *usec);
    int (*process)(void *bus, void **message);
    int (*flush)(void *bus);
    const char *(*get_member)(void *message);
    const char *(*get_interface)(void *message);
    const char *(*get_sender)(void *message);
    const char *(*get_signature)(void *message, int complete);
    int (*read_basic)(void *message, char type, void *value);
    int (*enter_container)(void *message, char type, const char *contents);
    int (*exit_container)(void *message);
    void *(*message_ref)(void *message);
    void *(*message_unref)(void *message);
    int (*query_sender_creds)(void *message, uint64_t mask, void **creds);
    int (*creds_get_pid)(void *creds, pid_t *pid);
    int (*creds_get_uid)(void *creds, uid_t *uid);
    int (*creds_get_euid)(void *creds, uid_t *uid);
    void *(*creds_unref)(void *creds);
    int (*new_method_return)(void *call, void **reply);
    int (*append_basic)(void *message, char type, const void *value);
    int (*open_container)(void *message, char type, const char *contents);
    int (*close_container)(void *message);
    int (*send)(void *bus, void *message, uint64_t *cookie);
    int (*reply_method_error)(void *call, const sd_bus_error *error);
    int (*reply_method_return)(void *call, const char *types, ...);
    int (*call_method)(void *bus, const char *destination, const char *path, const char *interface,
                       const char *member, sd_bus_error *error, void **reply, const char *types, ...);
    void (*error_free)(sd_bus_error *error);
    int (*new_signal)(void *bus, void **message, const char *path, const char *interface, const char *member);
    int (*new_method_call)(void *bus, void **message, const char *destination, const char *path, const char *interface,
                           const char *member);
    int (*call)(void *bus, void *message, uint64_t usec, sd_bus_error *error, void **reply);
    int (*get_unique_name)(void *bus, const char **name);
    void *(*message_get_bus)(void *message);
    int (*bus_new)(void **bus);
    int (*set_address)(void *bus, const char *address);
    int (*set_bus_client)(void *bus, int client);
    int (*start)(void *bus);
    void *(*bus_unref)(void *bus);
    int (*wait)(void *bus, uint64_t timeout_usec);
    void *(*slot_unref)(void *slot);
    char load_error[256];
} sd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(sd.load_error, sizeof sd.load_error, "libsystemd is not installed (apt-get install libsystemd0): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                    \
    if (!(*(void **)&sd.field = dlsym(library, symbol))) {                                     \
        snprintf(sd.load_error, sizeof sd.load_error, "libsystemd lacks %s", symbol);          \
        return;                                                                                \
    }
    FIND(open_user, "sd_bus_open_user")
    FIND(open_system, "sd_bus_open_system")
    FIND(peek_type, "sd_bus_message_peek_type")
    FIND(get_path, "sd_bus_message_get_path")
    FIND(skip, "sd_bus_message_skip")
    FIND(flush_close_unref, "sd_bus_flush_close_unref")
    FIND(request_name, "sd_bus_request_name")
    FIND(add_object, "sd_bus_add_object")
    FIND(add_match, "sd_bus_add_match")
    FIND(get_fd, "sd_bus_get_fd")
    FIND(get_events, "sd_bus_get_events")
    FIND(get_timeout, "sd_bus_get_timeout")
    FIND(process, "sd_bus_process")
    FIND(flush, "sd_bus_flush")
    FIND(get_member, "sd_bus_message_get_member")
    FIND(get_interface, "sd_bus_message_get_interface")
    FIND(get_sender, "sd_bus_message_get_sender")
    FIND(get_signature, "sd_bus_message_get_signature")
    FIND(read_basic, "sd_bus_message_read_basic")
    FIND(enter_container, "sd_bus_message_enter_container")
    FIND(exit_container, "sd_bus_message_exit_container")
    FIND(message_ref, "sd_bus_message_ref")
    FIND(message_unref, "sd_bus_message_unref")
    FIND(query_sender_creds, "sd_bus_query_sender_creds")
    FIND(creds_get_pid, "sd_bus_creds_get_pid")
    FIND(creds_get_uid, "sd_bus_creds_get_uid")
    FIND(creds_get_euid, "sd_bus_creds_get_euid")
    FIND(creds_unref, "sd_bus_creds_unref")
    FIND(new_method_return, "sd_bus_message_new_method_return")
    FIND(append_basic, "sd_bus_message_append_basic")
    FIND(open_container, "sd_bus_message_open_container")
    FIND(close_container, "sd_bus_message_close_container")
    FIND(send, "sd_bus_send")
    FIND(reply_method_error, "sd_bus_reply_method_error")
    FIND(reply_method_return, "sd_bus_reply_method_return")
    FIND(call_method, "sd_bus_call_method")
    FIND(error_free, "sd_bus_error_free")
    FIND(new_signal, "sd_bus_message_new_signal")
    FIND(new_method_call, "sd_bus_message_new_method_call")
    FIND(call, "sd_bus_call")
    FIND(get_unique_name, "sd_bus_get_unique_name")
    FIND(message_get_bus, "sd_bus_message_get_bus")
    FIND(bus_new, "sd_bus_new")
    FIND(set_address, "sd_bus_set_address")
    FIND(set_bus_client, "sd_bus_set_bus_client")
    FIND(start, "sd_bus_start")
    FIND(bus_unref, "sd_bus_unref")
    FIND(wait, "sd_bus_wait")
    FIND(slot_unref, "sd_bus_slot_unref")
#undef FIND
}

int ssd_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (!sd.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", sd.load_error);
    return -1;
}

int ssd_open_user(void **bus) {
    if (ssd_load(NULL, 0) != 0) return -ENOSYS;
    return sd.open_user(bus);
}

void ssd_close(void *bus) {
    if (bus) sd.flush_close_unref(bus);
}

int ssd_request_name(void *bus, const char *name) { return sd.request_name(bus, name, 0); }

/// What one served object needs: the Swift handler and the introspection answer.
typedef struct object_context {
    ssd_handler handler;
    void *userdata;
    char *introspection;
} object_context;

static int dispatch(void *message, void *userdata, sd_bus_error *error) {
    (void)error;
    object_context *context = userdata;
    const char *interface = sd.get_interface(message);
    const char *member = sd.get_member(message);
    if (interface && member && strcmp(interface, "org.freedesktop.DBus.Introspectable") == 0 && strcmp(member, "Introspect") == 0) {
        return sd.reply_method_return(message, "s", context->introspection);
    }
    return context->handler(message, context->userdata);
}

int ssd_add_object(void *bus, const char *path, const char *introspection_xml, ssd_handler handler, void *userdata) {
    object_context *context = calloc(1, sizeof *context);
    if (!context) return -ENOMEM;
    context->handler = handler;
    context->userdata = userdata;
    context->introspection = strdup(introspection_xml);
    if (!context->introspection) {
        free(context);
        return -ENOMEM;
    }
    // The object lives as long as the bus, so the context is never freed.
    return sd.add_object(bus, NULL, path, dispatch, context);
}

int ssd_get_fd(void *bus) { return sd.get_fd(bus); }
int ssd_get_events(void *bus) { return sd.get_events(bus); }
int ssd_get_timeout(void *bus, uint64_t *usec) { return sd.get_timeout(bus, usec); }
int ssd_process(void *bus) { return sd.process(bus, NULL); }
int ssd_flush(void *bus) { return sd.flush(bus); }

const char *ssd_message_member(void *message) { return sd.get_member(message); }
const char *ssd_message_interface(void *message) { return sd.get_interface(message); }
const char *ssd_message_sender(void *message) { return sd.get_sender(message); }
const char *ssd_message_signature(void *message) { return sd.get_signature(message, 1); }

int ssd_read_string(void *message, const char **value) { return sd.read_basic(message, 's', value); }

int ssd_read_string_array(void *message, void (*each)(const char *value, void *context), void *context) {
    int result = sd.enter_container(message, 'a', "s");
    if (result <= 0) return result < 0 ? result : -EINVAL;
    const char *value = NULL;
    while ((result = sd.read_basic(message, 's', &value)) > 0) each(value, context);
    if (result < 0) return result;
    return sd.exit_container(message);
}

void *ssd_message_ref(void *message) { return sd.message_ref(message); }
void ssd_message_unref(void *message) { sd.message_unref(message); }

int ssd_sender_credentials(void *message, int32_t *pid, uint32_t *uid) {
    void *creds = NULL;
    int result = sd.query_sender_creds(message, CREDS_PID | CREDS_UID | CREDS_EUID, &creds);
    if (result < 0) return result;
    pid_t process = 0;
    uid_t user = (uid_t)-1;
    result = sd.creds_get_pid(creds, &process);
    if (result >= 0 && sd.creds_get_euid(creds, &user) < 0) result = sd.creds_get_uid(creds, &user);
    sd.creds_unref(creds);
    if (result < 0) return result;
    *pid = process;
    *uid = user;
    return 0;
}

int ssd_reply_new(void *call, void **reply) { return sd.new_method_return(call, reply); }
int ssd_append_string(void *message, const char *value) { return sd.append_basic(message, 's', value); }

int ssd_append_bool(void *message, int value) {
    int normalized = value ? 1 : 0;
    return sd.append_basic(message, 'b', &normalized);
}

int ssd_append_int32(void *message, int32_t value) { return sd.append_basic(message, 'i', &value); }
int ssd_append_uint32(void *message, uint32_t value) { return sd.append_basic(message, 'u', &value); }
int ssd_open_container(void *message, char type, const char *contents) { return sd.open_container(message, type, contents); }
int ssd_close_container(void *message) { return sd.close_container(message); }

int ssd_send(void *message) {
    int result = sd.send(NULL, message, NULL);
    sd.message_unref(message);
    return result;
}

int ssd_reply_error(void *call, const char *name, const char *text) {
    sd_bus_error error = {name, text, 0};
    return sd.reply_method_error(call, &error);
}

int ssd_call_string2(void *bus, const char *destination, const char *path, const char *interface, const char *member,
                     const char *first, const char *second, char **result, char *error, size_t error_size) {
    sd_bus_error failure = {0};
    void *reply = NULL;
    *result = NULL;
    int code = sd.call_method(bus, destination, path, interface, member, &failure, &reply, "ss", first, second);
    if (code < 0) {
        if (error && error_size) {
            snprintf(error, error_size, "%s", failure.message ? failure.message : (failure.name ? failure.name : "call failed"));
        }
        sd.error_free(&failure);
        return code;
    }
    const char *text = NULL;
    code = sd.read_basic(reply, 's', &text);
    if (code >= 0 && text) *result = strdup(text);
    sd.message_unref(reply);
    return code < 0 ? code : 0;
}

/// What a departure watch needs: the Swift callback.
typedef struct departure_context {
    void (*gone)(const char *name, void *userdata);
    void *userdata;
} departure_context;

static int departed(void *message, void *userdata, sd_bus_error *error) {
    (void)error;
    departure_context *context = userdata;
    const char *name = NULL, *old_owner = NULL, *new_owner = NULL;
    if (sd.read_basic(message, 's', &name) < 0 || sd.read_basic(message, 's', &old_owner) < 0 ||
        sd.read_basic(message, 's', &new_owner) < 0)
        return 0;
    // A unique name that lost its owner: that connection has left the bus.
    if (name && name[0] == ':' && new_owner && new_owner[0] == '\0') context->gone(name, context->userdata);
    return 0;
}

int ssd_watch_departures(void *bus, void (*gone)(const char *name, void *userdata), void *userdata) {
    departure_context *context = malloc(sizeof *context);
    if (!context) return -ENOMEM;
    context->gone = gone;
    context->userdata = userdata;
    // Kept for the bus's life, as the object's context is; the match goes with the bus.
    return sd.add_match(bus, NULL,
                        "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                        "interface='org.freedesktop.DBus',member='NameOwnerChanged'",
                        departed, context);
}

int ssd_open_system(void **bus) { return sd.open_system(bus); }

typedef struct {
    ssd_signal_handler handler;
    void *userdata;
} signal_context;

static int signalled(void *message, void *userdata, sd_bus_error *error) {
    (void)error;
    signal_context *context = userdata;
    context->handler(message, context->userdata);
    return 0;
}

int ssd_match(void *bus, const char *rule, ssd_signal_handler handler, void *userdata) {
    signal_context *context = malloc(sizeof *context);
    if (!context) return -ENOMEM;
    context->handler = handler;
    context->userdata = userdata;
    // Kept for the bus's life; the match goes with the bus.
    return sd.add_match(bus, NULL, rule, signalled, context);
}

int ssd_read_uint32(void *message, uint32_t *value) { return sd.read_basic(message, 'u', value); }

int ssd_read_changed_properties(void *message, void (*each)(const char *name, char type, double value, void *context),
                                void *context) {
    const char *interface = NULL;
    int result = sd.read_basic(message, 's', &interface);
    if (result <= 0) return result < 0 ? result : -EINVAL;
    result = sd.enter_container(message, 'a', "{sv}");
    if (result <= 0) return result < 0 ? result : -EINVAL;
    while ((result = sd.enter_container(message, 'e', "sv")) > 0) {
        const char *name = NULL;
        if ((result = sd.read_basic(message, 's', &name)) <= 0) return result < 0 ? result : -EINVAL;
        char type = 0;
        const char *contents = NULL;
        if ((result = sd.peek_type(message, &type, &contents)) <= 0) return result < 0 ? result : -EINVAL;
        if ((result = sd.enter_container(message, 'v', contents)) <= 0) return result < 0 ? result : -EINVAL;
        char inner = contents && contents[0] ? contents[0] : 0;
        if (inner == 'b') {
            int flag = 0;
            if ((result = sd.read_basic(message, 'b', &flag)) < 0) return result;
            each(name, 'b', flag ? 1 : 0, context);
        } else if (inner == 'd') {
            double number = 0;
            if ((result = sd.read_basic(message, 'd', &number)) < 0) return result;
            each(name, 'd', number, context);
        } else if (inner == 'u') {
            uint32_t number = 0;
            if ((result = sd.read_basic(message, 'u', &number)) < 0) return result;
            each(name, 'u', number, context);
        } else {
            if ((result = sd.skip(message, contents)) < 0) return result;
        }
        if ((result = sd.exit_container(message)) < 0) return result;  // the variant
        if ((result = sd.exit_container(message)) < 0) return result;  // the entry
    }
    if (result < 0) return result;
    return sd.exit_container(message);
}

const char *ssd_message_path(void *message) { return sd.get_path(message); }

int ssd_append_basic(void *message, char type, const void *value) { return sd.append_basic(message, type, value); }
int ssd_read_basic(void *message, char type, void *value) { return sd.read_basic(message, type, value); }
int ssd_peek_type(void *message, char *type, const char **contents) { return sd.peek_type(message, type, contents); }
int ssd_enter_container(void *message, char type, const char *contents) { return sd.enter_container(message, type, contents); }
int ssd_exit_container(void *message) { return sd.exit_container(message); }

int ssd_new_signal(void *bus, const char *path, const char *interface, const char *member, void **message) {
    return sd.new_signal(bus, message, path, interface, member);
}

int ssd_new_method_call(void *bus, const char *destination, const char *path, const char *interface, const char *member,
                        void **message) {
    return sd.new_method_call(bus, message, destination, path, interface, member);
}

int ssd_call(void *bus, void *message, uint64_t timeout_usec, void **reply, char *error, size_t error_size) {
    sd_bus_error failure = {0};
    *reply = NULL;
    int code = sd.call(bus, message, timeout_usec, &failure, reply);
    sd.message_unref(message);
    if (code < 0 && error && error_size) {
        snprintf(error, error_size, "%s%s%s", failure.name ? failure.name : "", failure.name ? ": " : "",
                 failure.message ? failure.message : "call failed");
    }
    sd.error_free(&failure);
    return code;
}

const char *ssd_unique_name(void *bus) {
    const char *name = NULL;
    return sd.get_unique_name(bus, &name) >= 0 ? name : NULL;
}

void *ssd_message_bus(void *message) { return sd.message_get_bus(message); }

int ssd_open_address(const char *address, void **bus) {
    if (ssd_load(NULL, 0) != 0) return -ENOSYS;
    void *made = NULL;
    int result = sd.bus_new(&made);
    if (result < 0) return result;
    if ((result = sd.set_address(made, address)) < 0 || (result = sd.set_bus_client(made, 1)) < 0 ||
        (result = sd.start(made)) < 0) {
        sd.bus_unref(made);
        return result;
    }
    *bus = made;
    return 0;
}

/// One match rule and the first message it caught that has not been taken yet.
typedef struct ssd_signal_watch {
    void *bus;
    void *slot;
    void *message;
} ssd_signal_watch;

static int caught(void *message, void *userdata, sd_bus_error *error) {
    (void)error;
    ssd_signal_watch *watch = userdata;
    if (!watch->message) watch->message = sd.message_ref(message);
    return 0;
}

int ssd_watch_begin(void *bus, const char *rule, void **watch) {
    ssd_signal_watch *made = calloc(1, sizeof *made);
    if (!made) return -ENOMEM;
    made->bus = bus;
    int result = sd.add_match(bus, &made->slot, rule, caught, made);
    if (result < 0) {
        free(made);
        return result;
    }
    *watch = made;
    return 0;
}

int ssd_watch_next(void *watch, uint64_t deadline_usec, void **message) {
    ssd_signal_watch *state = watch;
    *message = NULL;
    for (;;) {
        if (state->message) {
            *message = state->message;
            state->message = NULL;
            return 1;
        }
        // One message at a time, so a second caught in the same pass is not lost.
        int result = sd.process(state->bus, NULL);
        if (result < 0) return result;
        if (result > 0) continue;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        uint64_t current = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
        if (current >= deadline_usec) return 0;
        result = sd.wait(state->bus, deadline_usec - current);
        if (result < 0 && result != -EINTR) return result;
    }
}

void ssd_watch_end(void *watch) {
    ssd_signal_watch *state = watch;
    if (!state) return;
    if (state->message) sd.message_unref(state->message);
    sd.slot_unref(state->slot);
    free(state);
}
