// Calls libxml2's HTML parser and cmark-gfm through dlopen/dlsym, with the prototypes of their
// stable C APIs (libxml/HTMLparser.h, cmark-gfm.h, cmark-gfm-core-extensions.h) and libxml2's
// public node and attribute layouts (libxml/tree.h), which have not changed since 2.0.
#include "CMarkupLoader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: libxml2

typedef struct xml_node xml_node;
typedef struct xml_attribute xml_attribute;

/// libxml2's xmlNode, as tree.h lays it out.
struct xml_node {
    void *private_data;
    int type;
    const char *name;
    xml_node *children, *last, *parent, *next, *prev;
    void *document, *name_space;
    char *content;
    xml_attribute *properties;
    void *name_space_definitions, *psvi;
    unsigned short line, extra;
};

/// libxml2's xmlAttr: its value is the text of its children.
struct xml_attribute {
    void *private_data;
    int type;
    const char *name;
    xml_node *children, *last, *parent;
    xml_attribute *next, *prev;
    void *document, *name_space;
    int attribute_type;
    void *psvi;
};

enum { element_node = 1, text_node = 3, cdata_node = 4 };
enum {
    parse_recover = 1 << 0, parse_no_errors = 1 << 5, parse_no_warnings = 1 << 6, parse_no_network = 1 << 11,
    parse_huge = 1 << 19, parse_ignore_encoding = 1 << 21
};

static struct {
    void (*init)(void);
    void (*set_generic_errors)(void *context, void (*handler)(void *context, const char *message, ...));
    void (*set_structured_errors)(void *context, void (*handler)(void *context, void *error));
    void *(*read_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    xml_node *(*root)(void *document);
    void (*free_document)(void *document);
    char load_error[256];
} xml;

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void load_libxml2(void) {
    const char *name = getenv("SHORTCUTS_LIBXML2");
    void *library = dlopen(name && *name ? name : "libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(xml.load_error, sizeof xml.load_error, "libxml2 is not installed (apt-get install libxml2): %s", dlerror());
        return;
    }
    if (!(*(void **)&xml.init = dlsym(library, "xmlInitParser")) || !(*(void **)&xml.read_memory = dlsym(library, "htmlReadMemory")) ||
        !(*(void **)&xml.root = dlsym(library, "xmlDocGetRootElement")) || !(*(void **)&xml.free_document = dlsym(library, "xmlFreeDoc")) ||
        !(*(void **)&xml.set_generic_errors = dlsym(library, "xmlSetGenericErrorFunc")) ||
        !(*(void **)&xml.set_structured_errors = dlsym(library, "xmlSetStructuredErrorFunc"))) {
        snprintf(xml.load_error, sizeof xml.load_error, "libxml2 lacks its HTML parser (install libxml2)");
        return;
    }
    xml.init();
}

/// libxml2 reports some problems (a page's bytes that don't match its encoding) through its
/// error handlers whatever the parser's options say; a page's faults are not ours to print.
static void ignore_message(void *context, const char *message, ...) { (void)context, (void)message; }
static void ignore_error(void *context, void *error) { (void)context, (void)error; }

int smarkup_html_load(char *error, size_t error_size) {
    pthread_once(&xml_once, load_libxml2);
    if (!xml.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", xml.load_error);
    return -1;
}

enum { max_attributes = 64 };

/// An attribute's value: its one text child as it is, or its children's text joined into `*owned`.
static const char *attribute_value(const xml_attribute *attribute, char **owned) {
    *owned = NULL;
    const xml_node *child = attribute->children;
    if (!child) return "";
    if (!child->next) return child->content ? child->content : "";
    size_t length = 1;
    for (const xml_node *part = child; part; part = part->next) length += part->content ? strlen(part->content) : 0;
    char *joined = malloc(length);
    if (!joined) return "";
    joined[0] = 0;
    for (const xml_node *part = child; part; part = part->next)
        if (part->content) strcat(joined, part->content);
    *owned = joined;
    return joined;
}

static void open_element(const xml_node *node, const smarkup_html_visitor *visitor, void *context) {
    const char *pairs[max_attributes * 2];
    char *owned[max_attributes];
    int count = 0;
    for (const xml_attribute *attribute = node->properties; attribute && count < max_attributes; attribute = attribute->next) {
        if (!attribute->name) continue;
        pairs[count * 2] = attribute->name;
        pairs[count * 2 + 1] = attribute_value(attribute, &owned[count]);
        count++;
    }
    visitor->open(node->name ? node->name : "", pairs, count, context);
    for (int index = 0; index < count; index++) free(owned[index]);
}

int smarkup_html_walk(const char *data, size_t length, const char *encoding, int max_depth, const smarkup_html_visitor *visitor,
                      void *context, char *error, size_t error_size) {
    if (smarkup_html_load(error, error_size) != 0) return -1;
    if (length > INT_MAX) {
        snprintf(error, error_size, "the HTML is larger than 2 GB");
        return -1;
    }
    if (length == 0) return 0;
    // Without parse_huge libxml2 stops at 256 levels and drops the rest of the page; the walk
    // below is a loop, and past max_depth reports text only, so depth costs nothing.
    int options = parse_recover | parse_no_errors | parse_no_warnings | parse_no_network | parse_huge;
    if (encoding) options |= parse_ignore_encoding;
    // The handlers are the calling thread's own in libxml2, so each parse sets them.
    xml.set_generic_errors(NULL, ignore_message);
    xml.set_structured_errors(NULL, ignore_error);
    void *document = xml.read_memory(data, (int)length, NULL, encoding, options);
    if (!document) {
        snprintf(error, error_size, "libxml2 could not parse the HTML");
        return -1;
    }
    xml_node *root = xml.root(document);
    xml_node *node = root;
    int depth = 0;
    while (node) {
        int descended = 0;
        if (node->type == element_node) {
            if (depth < max_depth) open_element(node, visitor, context);
            if (node->children) {
                node = node->children;
                depth++;
                descended = 1;
            } else if (depth < max_depth) {
                visitor->close(context);
            }
        } else if ((node->type == text_node || node->type == cdata_node) && node->content) {
            visitor->text(node->content, strlen(node->content), context);
        }
        if (descended) continue;
        while (node != root && !node->next) {
            node = node->parent;
            depth--;
            if (depth < max_depth) visitor->close(context);
        }
        if (node == root) break;
        node = node->next;
    }
    xml.free_document(document);
    return 0;
}

// MARK: cmark-gfm

enum { cmark_default_options = 0 };

static struct {
    void (*register_extensions)(void);
    void *(*parser_new)(int options);
    void *(*find_extension)(const char *name);
    int (*attach_extension)(void *parser, void *extension);
    void (*feed)(void *parser, const char *buffer, size_t length);
    void *(*finish)(void *parser);
    void *(*extensions)(void *parser);
    char *(*render_html)(void *root, int options, void *extensions);
    void (*free_node)(void *node);
    void (*free_parser)(void *parser);
    char load_error[256];
} cm;

static pthread_once_t cm_once = PTHREAD_ONCE_INIT;

static void load_cmark(void) {
    const char *core_name = getenv("SHORTCUTS_LIBCMARK_GFM");
    void *core = dlopen(core_name && *core_name ? core_name : "libcmark-gfm.so.0.29.0.gfm.6", RTLD_NOW | RTLD_GLOBAL);
    void *extensions = core ? dlopen("libcmark-gfm-extensions.so.0.29.0.gfm.6", RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!core || !extensions) {
        snprintf(cm.load_error, sizeof cm.load_error,
                 "cmark-gfm is not installed (apt-get install libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6): %s",
                 dlerror());
        return;
    }
    if (!(*(void **)&cm.register_extensions = dlsym(extensions, "cmark_gfm_core_extensions_ensure_registered")) ||
        !(*(void **)&cm.parser_new = dlsym(core, "cmark_parser_new")) ||
        !(*(void **)&cm.find_extension = dlsym(core, "cmark_find_syntax_extension")) ||
        !(*(void **)&cm.attach_extension = dlsym(core, "cmark_parser_attach_syntax_extension")) ||
        !(*(void **)&cm.feed = dlsym(core, "cmark_parser_feed")) || !(*(void **)&cm.finish = dlsym(core, "cmark_parser_finish")) ||
        !(*(void **)&cm.extensions = dlsym(core, "cmark_parser_get_syntax_extensions")) ||
        !(*(void **)&cm.render_html = dlsym(core, "cmark_render_html")) || !(*(void **)&cm.free_node = dlsym(core, "cmark_node_free")) ||
        !(*(void **)&cm.free_parser = dlsym(core, "cmark_parser_free"))) {
        snprintf(cm.load_error, sizeof cm.load_error, "cmark-gfm lacks its C API (install libcmark-gfm0.29.0.gfm.6)");
        return;
    }
    cm.register_extensions();
}

int smarkup_markdown_load(char *error, size_t error_size) {
    pthread_once(&cm_once, load_cmark);
    if (!cm.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", cm.load_error);
    return -1;
}

char *smarkup_markdown_html(const char *text, size_t length, char *error, size_t error_size) {
    if (smarkup_markdown_load(error, error_size) != 0) return NULL;
    void *parser = cm.parser_new(cmark_default_options);
    if (!parser) {
        snprintf(error, error_size, "cmark-gfm could not start a parser");
        return NULL;
    }
    static const char *const names[] = {"table", "strikethrough", "autolink", "tasklist"};
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        void *extension = cm.find_extension(names[index]);
        if (extension) cm.attach_extension(parser, extension);
    }
    cm.feed(parser, text, length);
    void *document = cm.finish(parser);
    char *html = document ? cm.render_html(document, cmark_default_options, cm.extensions(parser)) : NULL;
    if (document) cm.free_node(document);
    cm.free_parser(parser);
    if (!html) snprintf(error, error_size, "cmark-gfm could not render the Markdown");
    return html;
}
