#ifndef CX11LOADER_H
#define CX11LOADER_H

#include <stddef.h>

/// The X Window System as the window actions use it: libX11 (and libXrandr for displays)
/// loaded with dlopen on first use, so building needs no -dev package and a machine without X
/// only loses those actions. Windows are the window manager's clients, read and moved through
/// the Extended Window Manager Hints (EWMH) every X window manager and XWayland's own follow.
/// Errors X reports (a window gone meanwhile) are caught, never fatal.

/// Loads libX11; returns 0, or -1 with `error` saying why (naming the Debian package).
int sx11_load(char *error, size_t error_size);

typedef struct sx11_display sx11_display;

/// Connects to a display (`NULL`: `$DISPLAY`); `NULL` when it can't.
sx11_display *sx11_open(const char *name);
void sx11_close(sx11_display *display);
/// Whether an EWMH window manager runs (`_NET_SUPPORTING_WM_CHECK`).
int sx11_has_window_manager(sx11_display *display);

/// The window manager's client windows, bottom to top; returns how many (at most `capacity`), or -1.
int sx11_client_windows(sx11_display *display, unsigned long *windows, int capacity);
/// The focused window, 0 when none.
unsigned long sx11_active_window(sx11_display *display);
/// A window's title (`_NET_WM_NAME`, else `WM_NAME`), malloc'd UTF-8; `NULL` when it has none.
char *sx11_window_title(sx11_display *display, unsigned long window);
/// A window's class (`WM_CLASS`'s second part, the app's), malloc'd; `NULL` when none.
char *sx11_window_class(sx11_display *display, unsigned long window);
/// The process that owns a window (`_NET_WM_PID`), 0 when unknown.
int sx11_window_pid(sx11_display *display, unsigned long window);
/// A window's place and size on the screen, its window manager's frame included; 0, or -1 when it is gone.
int sx11_window_geometry(sx11_display *display, unsigned long window, int *x, int *y, int *width, int *height);
/// The widths of a window's frame at its left, right, top and bottom (`_NET_FRAME_EXTENTS`; 0 without).
int sx11_frame_extents(sx11_display *display, unsigned long window, int *left, int *right, int *top, int *bottom);
/// The part of the screen windows may take, less panels (`_NET_WORKAREA`); -1 when the window manager doesn't say.
int sx11_work_area(sx11_display *display, int *x, int *y, int *width, int *height);
/// Whether a window is an app's, not a panel or the desktop itself (`_NET_WM_WINDOW_TYPE`).
int sx11_is_app_window(sx11_display *display, unsigned long window);
/// Whether the connection to the server is lost (the server went away).
int sx11_is_lost(sx11_display *display);
/// Whether a window is minimized (hidden) or full screen (`_NET_WM_STATE`).
int sx11_window_state(sx11_display *display, unsigned long window, int *hidden, int *fullscreen);

/// Moves and resizes a window's frame through the window manager (`_NET_MOVERESIZE_WINDOW`):
/// `given` says which of x (1), y (2), width (4) and height (8) to set. With no window manager,
/// the window itself is moved. -1 when X refused or the frame would leave no window inside.
int sx11_move_resize(sx11_display *display, unsigned long window, int given, int x, int y, int width, int height);
/// Raises and focuses a window (`_NET_ACTIVE_WINDOW`).
int sx11_activate(sx11_display *display, unsigned long window);
/// Minimizes a window (ICCCM's `WM_CHANGE_STATE` to iconic).
int sx11_minimize(sx11_display *display, unsigned long window);
/// Shows the desktop, every window out of the way (`_NET_SHOWING_DESKTOP`).
int sx11_show_desktop(sx11_display *display, int show);

/// The monitors (XRandR's, else the screen as one): each one's place, size in pixels and
/// millimetres, whether it is the primary one, and its name (in `names`, 64 bytes each, ended
/// by a NUL). Returns how many (at most `capacity`), or -1.
int sx11_monitors(sx11_display *display, int *x, int *y, int *width, int *height, int *width_mm, int *height_mm, int *primary,
                  char *names, int capacity);

#endif
