// Calls SQLite 3 through dlopen/dlsym (soname libsqlite3.so.0, Debian's libsqlite3-0).
#include "CSQLiteLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;

enum { OPEN_READONLY = 0x1, OPEN_READWRITE = 0x2, OPEN_CREATE = 0x4, OPEN_NOMUTEX = 0x8000 };
#define TRANSIENT ((void (*)(void *)) - 1)

static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    const char *(*errmsg)(sqlite3 *);
    int (*busy_timeout)(sqlite3 *, int);
    int (*exec)(sqlite3 *, const char *, void *, void *, char **);
    void (*free)(void *);
    int (*changes)(sqlite3 *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*step)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*finalize)(sqlite3_stmt *);
    int (*bind_int64)(sqlite3_stmt *, int, int64_t);
    int (*bind_double)(sqlite3_stmt *, int, double);
    int (*bind_text64)(sqlite3_stmt *, int, const char *, uint64_t, void (*)(void *), unsigned char);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*column_count)(sqlite3_stmt *);
    int (*column_type)(sqlite3_stmt *, int);
    int64_t (*column_int64)(sqlite3_stmt *, int);
    double (*column_double)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    char load_error[256];
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(lib.load_error, sizeof lib.load_error, "SQLite is not installed (apt-get install libsqlite3-0): %s",
                 dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                      \
    if (!(*(void **)&lib.field = dlsym(library, symbol))) {                                                      \
        snprintf(lib.load_error, sizeof lib.load_error, "libsqlite3 lacks %s (it is older than 3.8)", symbol);   \
        return;                                                                                                  \
    }
    FIND(open_v2, "sqlite3_open_v2")
    FIND(close_v2, "sqlite3_close_v2")
    FIND(errmsg, "sqlite3_errmsg")
    FIND(busy_timeout, "sqlite3_busy_timeout")
    FIND(exec, "sqlite3_exec")
    FIND(free, "sqlite3_free")
    FIND(changes, "sqlite3_changes")
    FIND(prepare_v2, "sqlite3_prepare_v2")
    FIND(step, "sqlite3_step")
    FIND(reset, "sqlite3_reset")
    FIND(finalize, "sqlite3_finalize")
    FIND(bind_int64, "sqlite3_bind_int64")
    FIND(bind_double, "sqlite3_bind_double")
    FIND(bind_text64, "sqlite3_bind_text64")
    FIND(bind_null, "sqlite3_bind_null")
    FIND(column_count, "sqlite3_column_count")
    FIND(column_type, "sqlite3_column_type")
    FIND(column_int64, "sqlite3_column_int64")
    FIND(column_double, "sqlite3_column_double")
    FIND(column_text, "sqlite3_column_text")
    FIND(column_bytes, "sqlite3_column_bytes")
#undef FIND
}

const char *shortcuts_sqlite_load_error(void) {
    pthread_once(&load_once, load);
    return lib.load_error[0] ? lib.load_error : NULL;
}

shortcuts_sqlite *shortcuts_sqlite_open(const char *path, int read_only, char *error, size_t error_capacity) {
    const char *load_error = shortcuts_sqlite_load_error();
    if (load_error) {
        snprintf(error, error_capacity, "%s", load_error);
        return NULL;
    }
    sqlite3 *database = NULL;
    int flags = (read_only ? OPEN_READONLY : OPEN_READWRITE | OPEN_CREATE) | OPEN_NOMUTEX;
    int status = lib.open_v2(path, &database, flags, NULL);
    if (status != SHORTCUTS_SQLITE_OK) {
        snprintf(error, error_capacity, "%s", database ? lib.errmsg(database) : "out of memory");
        if (database) lib.close_v2(database);
        return NULL;
    }
    return (shortcuts_sqlite *)database;
}

void shortcuts_sqlite_close(shortcuts_sqlite *database) { lib.close_v2((sqlite3 *)database); }
const char *shortcuts_sqlite_errmsg(shortcuts_sqlite *database) { return lib.errmsg((sqlite3 *)database); }
int shortcuts_sqlite_busy_timeout(shortcuts_sqlite *database, int milliseconds) {
    return lib.busy_timeout((sqlite3 *)database, milliseconds);
}

int shortcuts_sqlite_exec(shortcuts_sqlite *database, const char *sql, char *error, size_t error_capacity) {
    char *message = NULL;
    int status = lib.exec((sqlite3 *)database, sql, NULL, NULL, &message);
    if (status != SHORTCUTS_SQLITE_OK) {
        snprintf(error, error_capacity, "%s", message ? message : lib.errmsg((sqlite3 *)database));
    }
    if (message) lib.free(message);
    return status;
}

int64_t shortcuts_sqlite_changes(shortcuts_sqlite *database) { return lib.changes((sqlite3 *)database); }

int shortcuts_sqlite_prepare(shortcuts_sqlite *database, const char *sql, shortcuts_sqlite_statement **statement) {
    return lib.prepare_v2((sqlite3 *)database, sql, -1, (sqlite3_stmt **)statement, NULL);
}

int shortcuts_sqlite_step(shortcuts_sqlite_statement *statement) { return lib.step((sqlite3_stmt *)statement); }
int shortcuts_sqlite_reset(shortcuts_sqlite_statement *statement) { return lib.reset((sqlite3_stmt *)statement); }
void shortcuts_sqlite_finalize(shortcuts_sqlite_statement *statement) { lib.finalize((sqlite3_stmt *)statement); }

int shortcuts_sqlite_bind_int64(shortcuts_sqlite_statement *statement, int position, int64_t value) {
    return lib.bind_int64((sqlite3_stmt *)statement, position, value);
}
int shortcuts_sqlite_bind_double(shortcuts_sqlite_statement *statement, int position, double value) {
    return lib.bind_double((sqlite3_stmt *)statement, position, value);
}
int shortcuts_sqlite_bind_text(shortcuts_sqlite_statement *statement, int position, const char *text, int64_t length) {
    return lib.bind_text64((sqlite3_stmt *)statement, position, text, (uint64_t)length, TRANSIENT, 1 /* UTF-8 */);
}
int shortcuts_sqlite_bind_null(shortcuts_sqlite_statement *statement, int position) {
    return lib.bind_null((sqlite3_stmt *)statement, position);
}

int shortcuts_sqlite_column_count(shortcuts_sqlite_statement *statement) {
    return lib.column_count((sqlite3_stmt *)statement);
}
int shortcuts_sqlite_column_type(shortcuts_sqlite_statement *statement, int column) {
    return lib.column_type((sqlite3_stmt *)statement, column);
}
int64_t shortcuts_sqlite_column_int64(shortcuts_sqlite_statement *statement, int column) {
    return lib.column_int64((sqlite3_stmt *)statement, column);
}
double shortcuts_sqlite_column_double(shortcuts_sqlite_statement *statement, int column) {
    return lib.column_double((sqlite3_stmt *)statement, column);
}
const char *shortcuts_sqlite_column_text(shortcuts_sqlite_statement *statement, int column, int *length) {
    const unsigned char *text = lib.column_text((sqlite3_stmt *)statement, column);
    *length = lib.column_bytes((sqlite3_stmt *)statement, column);
    return (const char *)text;
}
