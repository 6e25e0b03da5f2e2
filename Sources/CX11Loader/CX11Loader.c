// Calls libX11 and libXrandr through dlopen/dlsym with the prototypes of their stable C ABIs
// (X11/Xlib.h, X11/extensions/Xrandr.h); the structures below are Xlib's own layouts on LP64
// and ILP32 alike, written out here since no -dev package is installed.
#include "CX11Loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long XID;
typedef XID Window;
typedef unsigned long Atom;
typedef void Display;

typedef struct {
    int type;
    unsigned long serial;
    int send_event;
    Display *display;
    Window window;
    Atom message_type;
    int format;
    union {
        char b[20];
        short s[10];
        long l[5];
    } data;
} XClientMessageEvent;

typedef union {
    int type;
    XClientMessageEvent xclient;
    long pad[24];
} XEvent;

typedef struct {
    char *res_name;
    char *res_class;
} XClassHint;

typedef struct {
    int type;
    Display *display;
    XID resourceid;
    unsigned long serial;
    unsigned char error_code, request_code, minor_code;
} XErrorEvent;

typedef struct {
    Atom name;
    int primary, automatic, noutput;
    int x, y, width, height, mwidth, mheight;
    XID *outputs;
} XRRMonitorInfo;

enum { ClientMessage = 33, SubstructureRedirectMask = 1L << 20, SubstructureNotifyMask = 1L << 19, AnyPropertyType = 0 };

static struct {
    int (*init_threads)(void);
    Display *(*open_display)(const char *name);
    int (*close_display)(Display *display);
    Window (*default_root)(Display *display);
    int (*default_screen)(Display *display);
    int (*display_width)(Display *display, int screen);
    int (*display_height)(Display *display, int screen);
    int (*display_width_mm)(Display *display, int screen);
    int (*display_height_mm)(Display *display, int screen);
    Atom (*intern_atom)(Display *display, const char *name, int only_if_exists);
    char *(*get_atom_name)(Display *display, Atom atom);
    int (*get_window_property)(Display *display, Window window, Atom property, long offset, long length, int delete,
                               Atom type, Atom *actual_type, int *actual_format, unsigned long *items, unsigned long *after,
                               unsigned char **value);
    int (*free)(void *data);
    int (*get_geometry)(Display *display, XID drawable, Window *root, int *x, int *y, unsigned *width, unsigned *height,
                        unsigned *border, unsigned *depth);
    int (*translate_coordinates)(Display *display, Window source, Window destination, int x, int y, int *out_x, int *out_y,
                                 Window *child);
    int (*send_event)(Display *display, Window window, int propagate, long mask, XEvent *event);
    int (*move_resize_window)(Display *display, Window window, int x, int y, unsigned width, unsigned height);
    int (*iconify_window)(Display *display, Window window, int screen);
    int (*get_class_hint)(Display *display, Window window, XClassHint *hint);
    int (*sync)(Display *display, int discard);
    int (*(*set_error_handler)(int (*handler)(Display *, XErrorEvent *)))(Display *, XErrorEvent *);
    XRRMonitorInfo *(*get_monitors)(Display *display, Window window, int active, int *count);
    void (*free_monitors)(XRRMonitorInfo *monitors);
    char load_error[256];
} x;

static pthread_once_t x_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;
static int last_error;

// X's default error handler ends the program; a window that went away is an answer here.
static int note_error(Display *display, XErrorEvent *event) {
    (void)display;
    pthread_mutex_lock(&error_lock);
    last_error = event->error_code;
    pthread_mutex_unlock(&error_lock);
    return 0;
}

static void load_x11(void) {
    const char *name = getenv("SHORTCUTS_LIBX11");
    void *library = dlopen(name && *name ? name : "libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(x.load_error, sizeof x.load_error, "libX11 is not installed (apt-get install libx11-6): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                              \
    if (!(*(void **)&x.field = dlsym(library, symbol))) {                                                \
        snprintf(x.load_error, sizeof x.load_error, "libX11 lacks %s (it needs libx11-6)", symbol);     \
        return;                                                                                          \
    }
    FIND(init_threads, "XInitThreads")
    FIND(open_display, "XOpenDisplay")
    FIND(close_display, "XCloseDisplay")
    FIND(default_root, "XDefaultRootWindow")
    FIND(default_screen, "XDefaultScreen")
    FIND(display_width, "XDisplayWidth")
    FIND(display_height, "XDisplayHeight")
    FIND(display_width_mm, "XDisplayWidthMM")
    FIND(display_height_mm, "XDisplayHeightMM")
    FIND(intern_atom, "XInternAtom")
    FIND(get_atom_name, "XGetAtomName")
    FIND(get_window_property, "XGetWindowProperty")
    FIND(free, "XFree")
    FIND(get_geometry, "XGetGeometry")
    FIND(translate_coordinates, "XTranslateCoordinates")
    FIND(send_event, "XSendEvent")
    FIND(move_resize_window, "XMoveResizeWindow")
    FIND(iconify_window, "XIconifyWindow")
    FIND(get_class_hint, "XGetClassHint")
    FIND(sync, "XSync")
    FIND(set_error_handler, "XSetErrorHandler")
#undef FIND
    x.init_threads();
    x.set_error_handler(note_error);
    // Displays' monitors are XRandR's when it is there; without it the screen is the one display.
    void *randr = dlopen("libXrandr.so.2", RTLD_NOW | RTLD_LOCAL);
    if (randr) {
        *(void **)&x.get_monitors = dlsym(randr, "XRRGetMonitors");
        *(void **)&x.free_monitors = dlsym(randr, "XRRFreeMonitors");
        if (!x.get_monitors || !x.free_monitors) x.get_monitors = NULL;
    }
}

int sx11_load(char *error, size_t error_size) {
    pthread_once(&x_once, load_x11);
    if (!x.load_error[0]) return 0;
    if (error && error_size) snprintf(error, error_size, "%s", x.load_error);
    return -1;
}

struct sx11_display {
    Display *display;
    Window root;
};

sx11_display *sx11_open(const char *name) {
    if (sx11_load(NULL, 0) != 0) return NULL;
    Display *display = x.open_display(name);
    if (!display) return NULL;
    sx11_display *opened = calloc(1, sizeof *opened);
    if (!opened) {
        x.close_display(display);
        return NULL;
    }
    opened->display = display;
    opened->root = x.default_root(display);
    return opened;
}

void sx11_close(sx11_display *display) {
    if (!display) return;
    x.close_display(display->display);
    free(display);
}

static Atom atom(sx11_display *display, const char *name) { return x.intern_atom(display->display, name, 0); }

// A property's items (32-bit ones as longs, as Xlib gives them); the caller XFrees the value.
static unsigned char *property(sx11_display *display, Window window, const char *name, Atom type, unsigned long *items,
                               int *format) {
    Atom actual = 0;
    unsigned long after = 0;
    unsigned char *value = NULL;
    *items = 0;
    int ignored = 0;
    if (!format) format = &ignored;
    if (x.get_window_property(display->display, window, atom(display, name), 0, 1 << 16, 0, type, &actual, format, items,
                              &after, &value) != 0 || !value) {
        return NULL;
    }
    if (actual == 0) {
        x.free(value);
        return NULL;
    }
    return value;
}

int sx11_has_window_manager(sx11_display *display) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_SUPPORTING_WM_CHECK", AnyPropertyType, &items, NULL);
    if (value) x.free(value);
    return value && items > 0;
}

int sx11_client_windows(sx11_display *display, unsigned long *windows, int capacity) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_CLIENT_LIST_STACKING", AnyPropertyType, &items, NULL);
    if (!value) value = property(display, display->root, "_NET_CLIENT_LIST", AnyPropertyType, &items, NULL);
    if (!value) return sx11_has_window_manager(display) ? 0 : -1;
    int count = items < (unsigned long)capacity ? (int)items : capacity;
    for (int index = 0; index < count; index++) windows[index] = ((unsigned long *)value)[index];
    x.free(value);
    return count;
}

unsigned long sx11_active_window(sx11_display *display) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_ACTIVE_WINDOW", AnyPropertyType, &items, NULL);
    unsigned long window = value && items ? ((unsigned long *)value)[0] : 0;
    if (value) x.free(value);
    return window;
}

static char *copy_text(unsigned char *value, unsigned long items) {
    char *text = malloc(items + 1);
    if (text) {
        memcpy(text, value, items);
        text[items] = 0;
    }
    return text;
}

char *sx11_window_title(sx11_display *display, unsigned long window) {
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_WM_NAME", atom(display, "UTF8_STRING"), &items, NULL);
    if (!value) value = property(display, window, "WM_NAME", AnyPropertyType, &items, NULL);
    if (!value) return NULL;
    char *text = copy_text(value, items);
    x.free(value);
    return text;
}

char *sx11_window_class(sx11_display *display, unsigned long window) {
    XClassHint hint = {0};
    if (!x.get_class_hint(display->display, window, &hint)) return NULL;
    char *text = hint.res_class ? strdup(hint.res_class) : NULL;
    if (hint.res_name) x.free(hint.res_name);
    if (hint.res_class) x.free(hint.res_class);
    return text;
}

int sx11_window_pid(sx11_display *display, unsigned long window) {
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_WM_PID", AnyPropertyType, &items, NULL);
    int pid = value && items ? (int)((unsigned long *)value)[0] : 0;
    if (value) x.free(value);
    return pid;
}

int sx11_window_geometry(sx11_display *display, unsigned long window, int *px, int *py, int *width, int *height) {
    Window root = 0, child = 0;
    int wx = 0, wy = 0;
    unsigned w = 0, h = 0, border = 0, depth = 0;
    if (!x.get_geometry(display->display, window, &root, &wx, &wy, &w, &h, &border, &depth)) return -1;
    if (!x.translate_coordinates(display->display, window, display->root, 0, 0, px, py, &child)) return -1;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

int sx11_window_state(sx11_display *display, unsigned long window, int *hidden, int *fullscreen) {
    *hidden = 0;
    *fullscreen = 0;
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_WM_STATE", AnyPropertyType, &items, NULL);
    if (!value) return 0;
    Atom hiddenAtom = atom(display, "_NET_WM_STATE_HIDDEN"), fullAtom = atom(display, "_NET_WM_STATE_FULLSCREEN");
    for (unsigned long index = 0; index < items; index++) {
        Atom state = ((unsigned long *)value)[index];
        if (state == hiddenAtom) *hidden = 1;
        if (state == fullAtom) *fullscreen = 1;
    }
    x.free(value);
    return 0;
}

// A client message to the root window, as EWMH asks pagers and tools to talk to the window manager.
static int tell_window_manager(sx11_display *display, Window window, const char *message, long a, long b, long c, long d,
                               long e) {
    XEvent event;
    memset(&event, 0, sizeof event);
    event.xclient.type = ClientMessage;
    event.xclient.send_event = 1;
    event.xclient.display = display->display;
    event.xclient.window = window;
    event.xclient.message_type = atom(display, message);
    event.xclient.format = 32;
    long values[5] = {a, b, c, d, e};
    memcpy(event.xclient.data.l, values, sizeof values);
    int sent = x.send_event(display->display, display->root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event);
    x.sync(display->display, 0);
    return sent ? 0 : -1;
}

static int checked(sx11_display *display, int result) {
    x.sync(display->display, 0);
    pthread_mutex_lock(&error_lock);
    int failed = last_error;
    last_error = 0;
    pthread_mutex_unlock(&error_lock);
    return failed ? -1 : result;
}

int sx11_move_resize(sx11_display *display, unsigned long window, int px, int py, int width, int height) {
    if (!sx11_has_window_manager(display)) {
        int cx = 0, cy = 0, cw = 0, ch = 0;
        if (sx11_window_geometry(display, window, &cx, &cy, &cw, &ch) != 0) return -1;
        x.move_resize_window(display->display, window, px < 0 ? cx : px, py < 0 ? cy : py, (unsigned)(width < 0 ? cw : width),
                             (unsigned)(height < 0 ? ch : height));
        return checked(display, 0);
    }
    // Gravity 0 (the window's own), the flags saying which of x, y, width, height are given,
    // and source 2: a tool acting for the person.
    long flags = (px >= 0 ? 1L << 8 : 0) | (py >= 0 ? 1L << 9 : 0) | (width >= 0 ? 1L << 10 : 0) | (height >= 0 ? 1L << 11 : 0) |
                 (2L << 12);
    return checked(display, tell_window_manager(display, window, "_NET_MOVERESIZE_WINDOW", flags, px, py, width, height));
}

int sx11_activate(sx11_display *display, unsigned long window) {
    return checked(display, tell_window_manager(display, window, "_NET_ACTIVE_WINDOW", 2, 0, 0, 0, 0));
}

int sx11_minimize(sx11_display *display, unsigned long window) {
    int sent = x.iconify_window(display->display, window, x.default_screen(display->display));
    return checked(display, sent ? 0 : -1);
}

int sx11_show_desktop(sx11_display *display, int show) {
    return checked(display, tell_window_manager(display, display->root, "_NET_SHOWING_DESKTOP", show ? 1 : 0, 0, 0, 0, 0));
}

int sx11_screen_size(sx11_display *display, int *width, int *height) {
    int screen = x.default_screen(display->display);
    *width = x.display_width(display->display, screen);
    *height = x.display_height(display->display, screen);
    return 0;
}

int sx11_monitors(sx11_display *display, int *px, int *py, int *width, int *height, int *width_mm, int *height_mm, int *primary,
                  char *names, int capacity) {
    if (capacity <= 0) return 0;
    int count = 0;
    XRRMonitorInfo *monitors = x.get_monitors ? x.get_monitors(display->display, display->root, 1, &count) : NULL;
    if (!monitors || count <= 0) {
        if (monitors) x.free_monitors(monitors);
        int screen = x.default_screen(display->display);
        px[0] = py[0] = 0;
        width[0] = x.display_width(display->display, screen);
        height[0] = x.display_height(display->display, screen);
        width_mm[0] = x.display_width_mm(display->display, screen);
        height_mm[0] = x.display_height_mm(display->display, screen);
        primary[0] = 1;
        snprintf(names, 64, "screen");
        return 1;
    }
    int found = count < capacity ? count : capacity;
    for (int index = 0; index < found; index++) {
        px[index] = monitors[index].x;
        py[index] = monitors[index].y;
        width[index] = monitors[index].width;
        height[index] = monitors[index].height;
        width_mm[index] = monitors[index].mwidth;
        height_mm[index] = monitors[index].mheight;
        primary[index] = monitors[index].primary;
        char *name = monitors[index].name ? x.get_atom_name(display->display, monitors[index].name) : NULL;
        snprintf(names + index * 64, 64, "%s", name ? name : "monitor");
        if (name) x.free(name);
    }
    x.free_monitors(monitors);
    return found;
}
