#ifndef CSQLITELOADER_H
#define CSQLITELOADER_H

#include <stddef.h>
#include <stdint.h>

/// SQLite 3, loaded with dlopen the first time a database opens, so programs that never touch
/// the run history don't load it (nor need libsqlite3-dev to build). Thin wrappers over the
/// library's own calls, named as they are (sqlite3_x → shortcuts_sqlite_x).

typedef struct shortcuts_sqlite shortcuts_sqlite;
typedef struct shortcuts_sqlite_statement shortcuts_sqlite_statement;

enum {
    SHORTCUTS_SQLITE_OK = 0,
    SHORTCUTS_SQLITE_BUSY = 5,
    SHORTCUTS_SQLITE_ROW = 100,
    SHORTCUTS_SQLITE_DONE = 101,
};

/// Loads the library; returns NULL, or why it could not (naming the package to install).
const char *shortcuts_sqlite_load_error(void);

/// Opens (creating) the database at `path` for reading and writing, in the multi-thread mode
/// (one connection per thread). Returns NULL with `error` set when it can't.
shortcuts_sqlite *shortcuts_sqlite_open(const char *path, int read_only, char *error, size_t error_capacity);
void shortcuts_sqlite_close(shortcuts_sqlite *database);
const char *shortcuts_sqlite_errmsg(shortcuts_sqlite *database);
int shortcuts_sqlite_busy_timeout(shortcuts_sqlite *database, int milliseconds);
/// Runs statements that return no rows. On failure, `error` holds SQLite's message.
int shortcuts_sqlite_exec(shortcuts_sqlite *database, const char *sql, char *error, size_t error_capacity);
int64_t shortcuts_sqlite_changes(shortcuts_sqlite *database);

int shortcuts_sqlite_prepare(shortcuts_sqlite *database, const char *sql, shortcuts_sqlite_statement **statement);
int shortcuts_sqlite_step(shortcuts_sqlite_statement *statement);
int shortcuts_sqlite_reset(shortcuts_sqlite_statement *statement);
void shortcuts_sqlite_finalize(shortcuts_sqlite_statement *statement);

/// Binds by 1-based position; text is copied.
int shortcuts_sqlite_bind_int64(shortcuts_sqlite_statement *statement, int position, int64_t value);
int shortcuts_sqlite_bind_double(shortcuts_sqlite_statement *statement, int position, double value);
int shortcuts_sqlite_bind_text(shortcuts_sqlite_statement *statement, int position, const char *text, int64_t length);
int shortcuts_sqlite_bind_null(shortcuts_sqlite_statement *statement, int position);

/// Reads by 0-based column.
int shortcuts_sqlite_column_count(shortcuts_sqlite_statement *statement);
int shortcuts_sqlite_column_type(shortcuts_sqlite_statement *statement, int column);
int64_t shortcuts_sqlite_column_int64(shortcuts_sqlite_statement *statement, int column);
double shortcuts_sqlite_column_double(shortcuts_sqlite_statement *statement, int column);
/// The column's text and its length in bytes (the text is valid until the next step or reset).
const char *shortcuts_sqlite_column_text(shortcuts_sqlite_statement *statement, int column, int *length);

#endif
