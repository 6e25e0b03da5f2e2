#ifndef CMARKUPLOADER_H
#define CMARKUPLOADER_H

#include <stddef.h>

/// HTML through libxml2's HTML parser (libxml2), and Markdown through cmark-gfm
/// (libcmark-gfm0.29.0.gfm.6 and its extensions library), each loaded with dlopen the first time
/// rich text is read or made, so start-up doesn't pay for them and no -dev package is needed.

/// Loads libxml2; returns 0, or -1 with `error` naming the package.
int smarkup_html_load(char *error, size_t error_size);

/// What the walk of a parsed page reports, in document order: an element opening (its lowercase
/// name and `count` attributes as name/value pairs), text (entities decoded, UTF-8), an element
/// closing, and a comment (not reported).
typedef struct {
    void (*open)(const char *name, const char *const *attributes, int count, void *context);
    void (*text)(const char *text, size_t length, void *context);
    void (*close)(void *context);
} smarkup_html_visitor;

/// Parses HTML as a browser would, tolerating errors (missing end tags, stray `<`), in
/// `encoding` ("UTF-8"; NULL: what the page declares, else Latin-1), and walks the tree.
/// Returns 0, or -1 with `error` saying why (nothing could be parsed). Elements nested past
/// `max_depth` are reported as their text only.
int smarkup_html_walk(const char *data, size_t length, const char *encoding, int max_depth, const smarkup_html_visitor *visitor,
                      void *context, char *error, size_t error_size);

/// Loads cmark-gfm and its extensions; returns 0, or -1 with `error` naming the packages.
int smarkup_markdown_load(char *error, size_t error_size);

/// Markdown (CommonMark with GitHub's tables, strikethrough, autolinks and task lists) as an
/// HTML fragment, malloc'd for the caller to free; NULL when cmark-gfm can't be loaded. Raw HTML
/// in the Markdown is left out and `javascript:` links are dropped, as GitHub does.
char *smarkup_markdown_html(const char *text, size_t length, char *error, size_t error_size);

#endif
