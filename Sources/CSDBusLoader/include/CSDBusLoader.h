#ifndef CSDBUSLOADER_H
#define CSDBUSLOADER_H

#include <stddef.h>
#include <stdint.h>

/// The few sd-bus calls the service needs, through libsystemd.so.0 loaded with dlopen on first
/// use, so building needs no -dev package and a machine without libsystemd only loses D-Bus.
///
/// Buses and messages are opaque pointers (`sd_bus *`, `sd_bus_message *`). Functions returning
/// int give sd-bus's result: a negative errno on failure. A bus is single-threaded: every call
/// on a bus and its messages must come from the thread that runs its loop.

/// Loads libsystemd; returns 0, or -1 with `error` saying why.
int ssd_load(char *error, size_t error_size);

/// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
int ssd_open_user(void **bus);
/// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket).
int ssd_open_system(void **bus);
/// Called for each message a match rule catches, on the bus's thread.
typedef void (*ssd_signal_handler)(void *message, void *userdata);
/// Adds a match rule (`type='signal',sender=…`) for the bus's life.
int ssd_match(void *bus, const char *rule, ssd_signal_handler handler, void *userdata);
/// The object path a message is for (or from, for a signal).
const char *ssd_message_path(void *message);
/// Reads a uint32 argument.
int ssd_read_uint32(void *message, uint32_t *value);
/// Reads a PropertiesChanged signal's changed properties, calling `each` for every boolean
/// ('b', 0 or 1), double ('d') or uint32 ('u') one; others are skipped.
int ssd_read_changed_properties(void *message, void (*each)(const char *name, char type, double value, void *context),
                                void *context);
/// Flushes, closes and releases a bus.
void ssd_close(void *bus);
/// Asks for a well-known name; -EEXIST when another connection owns it.
int ssd_request_name(void *bus, const char *name);

/// Called for each method call on the object, other than Introspect (answered from the XML
/// given to `ssd_add_object`). Return 1 when the call is (or will be) answered, 0 to let sd-bus
/// answer that the method is unknown.
typedef int (*ssd_handler)(void *message, void *userdata);
/// Serves an object path; `introspection_xml` is copied and answers Introspect.
int ssd_add_object(void *bus, const char *path, const char *introspection_xml, ssd_handler handler, void *userdata);

/// Calls `gone` with the unique name (":1.42") of every connection that leaves the bus, from
/// the bus's NameOwnerChanged signal, on the bus's thread.
int ssd_watch_departures(void *bus, void (*gone)(const char *name, void *userdata), void *userdata);

/// The loop's inputs: the descriptor to poll, the poll events it wants, and the absolute
/// CLOCK_MONOTONIC deadline in microseconds (UINT64_MAX for none).
int ssd_get_fd(void *bus);
int ssd_get_events(void *bus);
int ssd_get_timeout(void *bus, uint64_t *usec);
/// Processes one pending item; returns > 0 when there may be more, 0 when idle.
int ssd_process(void *bus);
int ssd_flush(void *bus);

/// Reading a call.
const char *ssd_message_member(void *message);
const char *ssd_message_interface(void *message);
const char *ssd_message_sender(void *message);
const char *ssd_message_signature(void *message);
/// Reads a string argument; the pointer lives as long as the message.
int ssd_read_string(void *message, const char **value);
/// Reads an array of strings, calling `each` for every element.
int ssd_read_string_array(void *message, void (*each)(const char *value, void *context), void *context);
void *ssd_message_ref(void *message);
void ssd_message_unref(void *message);
/// The caller's process id and effective user id, asked of the bus.
int ssd_sender_credentials(void *message, int32_t *pid, uint32_t *uid);

/// Building a reply to `call`; send it with `ssd_send`, which also releases it.
int ssd_reply_new(void *call, void **reply);
int ssd_append_string(void *message, const char *value);
int ssd_append_bool(void *message, int value);
int ssd_append_int32(void *message, int32_t value);
int ssd_append_uint32(void *message, uint32_t value);
/// Opens a container: type 'a' (array), 'e' (dict entry), 'v' (variant), 'r' (struct).
int ssd_open_container(void *message, char type, const char *contents);
int ssd_close_container(void *message);
int ssd_send(void *message);
/// Answers `call` with a D-Bus error.
int ssd_reply_error(void *call, const char *name, const char *text);

/// Calls a method taking two strings and returning one (a client's call, for tools and
/// benchmarks). On success *result is a malloc'd copy the caller frees; on failure the D-Bus
/// error's message is written to `error` and a negative errno is returned.
int ssd_call_string2(void *bus, const char *destination, const char *path, const char *interface, const char *member,
                     const char *first, const char *second, char **result, char *error, size_t error_size);

/// Any D-Bus value, one piece at a time (for the desktop's interfaces, whose signatures vary).
/// `type` is a basic type code ('s', 'o', 'b', 'y', 'i', 'u', 'x', 't', 'd'); a string or object
/// path is passed as the `const char *` itself, every other value by its address ('b' as an int).
int ssd_append_basic(void *message, char type, const void *value);
/// Reads a basic value into `value` (a `const char *` for 's' and 'o', living as long as the
/// message; an int for 'b'). Returns 0 at the end of the enclosing container.
int ssd_read_basic(void *message, char type, void *value);
/// The next value's type code and, for a container, its contents' signature; 0 at the end.
int ssd_peek_type(void *message, char *type, const char **contents);
int ssd_enter_container(void *message, char type, const char *contents);
int ssd_exit_container(void *message);
/// A signal from `path`; send it with `ssd_send`.
int ssd_new_signal(void *bus, const char *path, const char *interface, const char *member, void **message);
/// A method call to another connection; send it with `ssd_call`.
int ssd_new_method_call(void *bus, const char *destination, const char *path, const char *interface, const char *member,
                        void **message);
/// Sends a method call and waits up to `timeout_usec` for its reply, which the caller releases
/// with `ssd_message_unref`. Releases `message`. On a D-Bus error its name and text are written to `error`.
int ssd_call(void *bus, void *message, uint64_t timeout_usec, void **reply, char *error, size_t error_size);
/// The bus a message came on.
void *ssd_message_bus(void *message);
/// The unique name of this connection (":1.42").
const char *ssd_unique_name(void *bus);

/// Connects to the bus at a D-Bus address (`unix:path=…`) as a client, saying Hello.
int ssd_open_address(const char *address, void **bus);
/// Catching signals for a client: begin adds the match rule (before the call whose answer it
/// waits for), next processes the bus until a caught message or the absolute CLOCK_MONOTONIC
/// deadline (returns 1 with the message, which the caller releases, 0 at the deadline), end
/// removes the rule. A watch belongs to the thread that uses its bus.
int ssd_watch_begin(void *bus, const char *rule, void **watch);
int ssd_watch_next(void *watch, uint64_t deadline_usec, void **message);
void ssd_watch_end(void *watch);

#endif
