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
    int (*(*set_io_error_handler)(int (*handler)(Display *)))(Display *);
    void (*set_io_error_exit_handler)(Display *display, void (*handler)(Display *, void *), void *data);
    XRRMonitorInfo *(*get_monitors)(Display *display, Window window, int active, int *count);
    void (*free_monitors)(XRRMonitorInfo *monitors);
    char load_error[256];
} x;

static pthread_once_t x_once = PTHREAD_ONCE_INIT;

// Each open display's last error, kept per display (runs may have displays open at once).
enum { MAX_DISPLAYS = 64 };
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    Display *display;
    int error;
    int lost;
} errors[MAX_DISPLAYS];

static int slot(Display *display, int make) {
    for (int index = 0; index < MAX_DISPLAYS; index++) {
        if (errors[index].display == display) return index;
    }
    if (!make) return -1;
    for (int index = 0; index < MAX_DISPLAYS; index++) {
        if (!errors[index].display) {
            errors[index].display = display;
            errors[index].error = errors[index].lost = 0;
            return index;
        }
    }
    return -1;
}

// X's default error handler ends the program; a window that went away is an answer here.
static int note_error(Display *display, XErrorEvent *event) {
    pthread_mutex_lock(&error_lock);
    int found = slot(display, 0);
    if (found >= 0) errors[found].error = event->error_code;
    pthread_mutex_unlock(&error_lock);
    return 0;
}

// A lost connection (the server gone) ends the program by default, too: here it marks the
// display lost, and (with libX11 1.7 and later) the program goes on.
static void note_lost(Display *display, void *data) {
    (void)data;
    pthread_mutex_lock(&error_lock);
    int found = slot(display, 0);
    if (found >= 0) errors[found].lost = 1;
    pthread_mutex_unlock(&error_lock);
}

static int note_io_error(Display *display) {
    note_lost(display, NULL);
    return 0;
}

/// The display's error since the last call, cleared; -1 when its connection is lost.
static int take_error(Display *display) {
    pthread_mutex_lock(&error_lock);
    int found = slot(display, 0);
    int error = found < 0 ? 0 : errors[found].lost ? -1 : errors[found].error;
    if (found >= 0) errors[found].error = 0;
    pthread_mutex_unlock(&error_lock);
    return error;
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
    *(void **)&x.set_io_error_handler = dlsym(library, "XSetIOErrorHandler");
    *(void **)&x.set_io_error_exit_handler = dlsym(library, "XSetIOErrorExitHandler");
    x.init_threads();
    x.set_error_handler(note_error);
    if (x.set_io_error_handler) x.set_io_error_handler(note_io_error);
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
    pthread_mutex_lock(&error_lock);
    int made = slot(display, 1);
    pthread_mutex_unlock(&error_lock);
    if (!opened || made < 0) {
        free(opened);
        x.close_display(display);
        return NULL;
    }
    if (x.set_io_error_exit_handler) x.set_io_error_exit_handler(display, note_lost, NULL);
    opened->display = display;
    opened->root = x.default_root(display);
    return opened;
}

void sx11_close(sx11_display *display) {
    if (!display) return;
    pthread_mutex_lock(&error_lock);
    int found = slot(display->display, 0);
    int lost = found >= 0 && errors[found].lost;
    if (found >= 0) errors[found].display = NULL;
    pthread_mutex_unlock(&error_lock);
    // A lost connection's display is only freed; closing it would write to the dead socket.
    if (!lost) x.close_display(display->display);
    free(display);
}

int sx11_is_lost(sx11_display *display) { return take_error(display->display) == -1; }

static Atom atom(sx11_display *display, const char *name) { return x.intern_atom(display->display, name, 0); }

// A property's items (32-bit ones as longs, as Xlib gives them); the caller XFrees the value.
// With `want_format` set, a property of another format is none: a client may set anything.
static unsigned char *property(sx11_display *display, Window window, const char *name, Atom type, unsigned long *items,
                               int *format, int want_format) {
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
    if (actual == 0 || (want_format && *format != want_format)) {
        x.free(value);
        *items = 0;
        return NULL;
    }
    return value;
}

int sx11_has_window_manager(sx11_display *display) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_SUPPORTING_WM_CHECK", AnyPropertyType, &items, NULL, 32);
    if (value) x.free(value);
    return value && items > 0;
}

int sx11_client_windows(sx11_display *display, unsigned long *windows, int capacity) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_CLIENT_LIST_STACKING", AnyPropertyType, &items, NULL, 32);
    if (!value) value = property(display, display->root, "_NET_CLIENT_LIST", AnyPropertyType, &items, NULL, 32);
    if (!value) return sx11_has_window_manager(display) ? 0 : -1;
    int count = items < (unsigned long)capacity ? (int)items : capacity;
    for (int index = 0; index < count; index++) windows[index] = ((unsigned long *)value)[index];
    x.free(value);
    return count;
}

unsigned long sx11_active_window(sx11_display *display) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_ACTIVE_WINDOW", AnyPropertyType, &items, NULL, 32);
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
    unsigned char *value = property(display, window, "_NET_WM_NAME", atom(display, "UTF8_STRING"), &items, NULL, 8);
    if (value) {
        char *text = copy_text(value, items);
        x.free(value);
        return text;
    }
    // ICCCM's WM_NAME of type STRING is Latin-1: each byte its own code point.
    value = property(display, window, "WM_NAME", atom(display, "STRING"), &items, NULL, 8);
    if (!value) return NULL;
    char *text = malloc(items * 2 + 1);
    if (text) {
        size_t length = 0;
        for (unsigned long index = 0; index < items; index++) {
            unsigned char byte = value[index];
            if (byte < 0x80) {
                text[length++] = (char)byte;
            } else {
                text[length++] = (char)(0xC0 | (byte >> 6));
                text[length++] = (char)(0x80 | (byte & 0x3F));
            }
        }
        text[length] = 0;
    }
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
    unsigned char *value = property(display, window, "_NET_WM_PID", AnyPropertyType, &items, NULL, 32);
    int pid = value && items ? (int)((unsigned long *)value)[0] : 0;
    if (value) x.free(value);
    return pid;
}

int sx11_frame_extents(sx11_display *display, unsigned long window, int *left, int *right, int *top, int *bottom) {
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_FRAME_EXTENTS", AnyPropertyType, &items, NULL, 32);
    *left = *right = *top = *bottom = 0;
    if (value && items >= 4) {
        long *extents = (long *)value;
        *left = (int)extents[0];
        *right = (int)extents[1];
        *top = (int)extents[2];
        *bottom = (int)extents[3];
    }
    if (value) x.free(value);
    return 0;
}

int sx11_window_geometry(sx11_display *display, unsigned long window, int *px, int *py, int *width, int *height) {
    Window root = 0, child = 0;
    int wx = 0, wy = 0;
    unsigned w = 0, h = 0, border = 0, depth = 0;
    take_error(display->display);
    if (!x.get_geometry(display->display, window, &root, &wx, &wy, &w, &h, &border, &depth)) return -1;
    if (!x.translate_coordinates(display->display, window, display->root, 0, 0, px, py, &child)) return -1;
    // The frame the window manager draws around it is part of the window as people see it.
    int left = 0, right = 0, top = 0, bottom = 0;
    sx11_frame_extents(display, window, &left, &right, &top, &bottom);
    *px -= left;
    *py -= top;
    *width = (int)w + left + right;
    *height = (int)h + top + bottom;
    return take_error(display->display) ? -1 : 0;
}

int sx11_work_area(sx11_display *display, int *px, int *py, int *width, int *height) {
    unsigned long items = 0;
    unsigned char *value = property(display, display->root, "_NET_WORKAREA", AnyPropertyType, &items, NULL, 32);
    if (!value || items < 4) {
        if (value) x.free(value);
        return -1;
    }
    long *area = (long *)value;
    *px = (int)area[0];
    *py = (int)area[1];
    *width = (int)area[2];
    *height = (int)area[3];
    x.free(value);
    return 0;
}

int sx11_is_app_window(sx11_display *display, unsigned long window) {
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_WM_WINDOW_TYPE", AnyPropertyType, &items, NULL, 32);
    if (!value) return 1;
    Atom dock = atom(display, "_NET_WM_WINDOW_TYPE_DOCK"), desktop = atom(display, "_NET_WM_WINDOW_TYPE_DESKTOP");
    int app = 1;
    for (unsigned long index = 0; index < items; index++) {
        Atom type = ((unsigned long *)value)[index];
        if (type == dock || type == desktop) app = 0;
    }
    x.free(value);
    return app;
}

int sx11_window_state(sx11_display *display, unsigned long window, int *hidden, int *fullscreen) {
    *hidden = 0;
    *fullscreen = 0;
    unsigned long items = 0;
    unsigned char *value = property(display, window, "_NET_WM_STATE", AnyPropertyType, &items, NULL, 32);
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

// The request's outcome: -1 when X reported an error for it or the connection is lost.
static int checked(sx11_display *display, int result) {
    x.sync(display->display, 0);
    return take_error(display->display) ? -1 : result;
}

int sx11_move_resize(sx11_display *display, unsigned long window, int given, int px, int py, int width, int height) {
    take_error(display->display);
    // The frame goes where asked; the window inside it is the frame less its extents.
    int left = 0, right = 0, top = 0, bottom = 0;
    sx11_frame_extents(display, window, &left, &right, &top, &bottom);
    int inner_width = width - left - right, inner_height = height - top - bottom;
    if ((given & 4 && inner_width < 1) || (given & 8 && inner_height < 1)) return -1;
    if (!sx11_has_window_manager(display)) {
        int cx = 0, cy = 0, cw = 0, ch = 0;
        if (sx11_window_geometry(display, window, &cx, &cy, &cw, &ch) != 0) return -1;
        x.move_resize_window(display->display, window, given & 1 ? px : cx, given & 2 ? py : cy, (unsigned)(given & 4 ? inner_width : cw),
                             (unsigned)(given & 8 ? inner_height : ch));
        return checked(display, 0);
    }
    // Gravity 1 (north-west: x and y are the frame's top left), the flags saying which of x,
    // y, width, height are given, and source 2: a tool acting for the person.
    long flags = 1 | (given & 1 ? 1L << 8 : 0) | (given & 2 ? 1L << 9 : 0) | (given & 4 ? 1L << 10 : 0) | (given & 8 ? 1L << 11 : 0) |
                 (2L << 12);
    return checked(display, tell_window_manager(display, window, "_NET_MOVERESIZE_WINDOW", flags, px, py, inner_width, inner_height));
}

int sx11_activate(sx11_display *display, unsigned long window) {
    take_error(display->display);
    return checked(display, tell_window_manager(display, window, "_NET_ACTIVE_WINDOW", 2, 0, 0, 0, 0));
}

int sx11_minimize(sx11_display *display, unsigned long window) {
    take_error(display->display);
    int sent = x.iconify_window(display->display, window, x.default_screen(display->display));
    return checked(display, sent ? 0 : -1);
}

int sx11_show_desktop(sx11_display *display, int show) {
    return checked(display, tell_window_manager(display, display->root, "_NET_SHOWING_DESKTOP", show ? 1 : 0, 0, 0, 0, 0));
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
