#ifndef CVIPSLOADER_H
#define CVIPSLOADER_H

#include <stddef.h>

/// Images through libvips (libvips42), loaded with dlopen the first time an image action runs,
/// so `shortcuts` starts as fast without it and builds without a -dev package. libvips's
/// operations take their options as variadic arguments, which Swift can't pass, so each one
/// used is wrapped here with the options it needs.
///
/// Images are opaque pointers (`VipsImage *`) released with `svips_release`. Functions returning
/// int give 0 on success; on failure `svips_error` says why. Every function is thread-safe.

/// Loads and starts libvips; returns 0, or -1 with `error` saying why (naming the package).
int svips_load(char *error, size_t error_size);
/// The text of the last failure on this thread, and clears it; the caller frees it.
char *svips_error(void);

/// Decodes an encoded image (JPEG, PNG, WebP, HEIF, GIF, TIFF, SVG…) from memory, applying its
/// EXIF orientation. `pages` > 1 loads that many frames of an animation (-1: all) as one tall image.
int svips_decode(const void *data, size_t length, int pages, void **image);
/// Decodes and shrinks in one pass (shrink-on-load), the fast way to a smaller image: to fit
/// `width` × `height` (one of them may be 0 to keep the aspect ratio), or exactly when `force`.
int svips_thumbnail(const void *data, size_t length, int width, int height, int force, void **image);
/// Opens an encoded image as it is stored (no EXIF turn) to read its header and metadata, without
/// copying the bytes: the caller keeps them alive, and asks for no pixels, until it releases it.
int svips_open_header(const void *data, size_t length, void **image);
/// Opens an image file as it is stored, reading its header only (the photo library's details).
int svips_open_file(const char *path, void **image);
/// The name of the loader that reads these bytes (e.g. "jpegload_buffer"), or NULL for no image.
const char *svips_loader(const void *data, size_t length);
void svips_release(void *image);

int svips_width(void *image);
int svips_height(void *image);
int svips_bands(void *image);
int svips_has_alpha(void *image);
/// An integer of the image's metadata (e.g. "orientation", "page-height", "n-pages"), or `fallback`.
int svips_int_field(void *image, const char *name, int fallback);
/// A text field of the metadata (e.g. "exif-ifd0-Make"), or NULL; the caller frees it.
char *svips_text_field(void *image, const char *name);
/// The names of the image's metadata fields, NULL-terminated; free with `svips_free_names`.
char **svips_field_names(void *image);
void svips_free_names(char **names);
/// An integer array field (e.g. "delay", in milliseconds a frame): copies at most `capacity`
/// and returns how many there are, or -1 when there is none.
int svips_int_array_field(void *image, const char *name, int *values, int capacity);
/// A copy of a tall image of `count` frames `page_height` high, marked as an animation: each
/// frame shown `delays[i]` milliseconds, played `loop` times (0: forever). GIF encoding keeps it.
int svips_animation(void *image, int page_height, const int *delays, int count, int loop, void **out);
/// Renders Pango markup in `font` ("Sans Bold 24"), wrapped at `width` pixels when > 0, at
/// `dpi`, aligned 0 left, 1 centre, 2 right; sRGB with alpha, coloured as the markup says.
int svips_text(const char *markup, const char *font, int width, int dpi, int align, void **out);
/// An image from pixels: `bands` bytes a pixel, rows top to bottom (copied).
int svips_from_pixels(const unsigned char *pixels, int width, int height, int bands, void **image);
/// The image's pixels in greyscale, one byte each (malloc'd, the caller frees them).
int svips_grey_pixels(void *image, unsigned char **pixels, size_t *length);
/// The image's pixels as RGBA, four bytes each (malloc'd, the caller frees them).
int svips_rgba_pixels(void *image, unsigned char **pixels, size_t *length);
/// The image in greyscale, transparency flattened onto white.
int svips_greyscale(void *image, void **out);
/// A page of a PDF (from 0) rendered at `dpi` through libvips's poppler loader, on white.
int svips_pdf_page(const void *data, size_t length, int page, double dpi, void **out);
/// The values of one pixel's bands (at most `capacity`); returns how many, or -1.
int svips_pixel(void *image, int x, int y, double *values, int capacity);
/// The x and y resolution in pixels per millimetre.
double svips_xres(void *image);

/// Encodes: `suffix` names the format and its options (".jpg[Q=75,strip]", ".png", ".heic",
/// ".webp", ".tif", ".gif"). The buffer is malloc'd for the caller to free.
int svips_encode(void *image, const char *suffix, void **data, size_t *length);

int svips_resize(void *image, double horizontal, double vertical, void **out);
int svips_crop(void *image, int left, int top, int width, int height, void **out);
/// Rotates clockwise by any angle, filling the corners with transparency.
int svips_rotate(void *image, double degrees, void **out);
int svips_flip(void *image, int vertical, void **out);
/// `overlay` over `base` at x, y (both made sRGB with alpha first).
int svips_composite(void *base, void *overlay, int x, int y, void **out);
/// Joins images side by side (or one under another) with `spacing` transparent pixels between,
/// or in a grid `across` wide; `across` 0 means one row or column.
int svips_join(void **images, int count, int vertical, int spacing, int across, void **out);
/// Replaces the image's alpha with `mask`'s first band (or its alpha, when it has one), scaled to the image.
int svips_mask(void *image, void *mask, void **out);
/// The image over a solid colour (0–255 each), without alpha: JPEG's way to hold transparency.
int svips_flatten(void *image, double red, double green, double blue, void **out);
/// Renders an SVG document (for masks and text) to an image.
int svips_svg(const char *svg, size_t length, void **out);
/// Multiplies the alpha by `opacity` (0…1), adding an alpha band when there is none.
int svips_opacity(void *image, double opacity, void **out);
/// A photo's colours adjusted, in sRGB at eight bits a band: each of red, green and blue times
/// its gain plus `offset` (exposure, warmth and contrast), then the chroma of LCh times
/// 1 + `saturation`; alpha is kept.
int svips_adjust(void *image, const double *gains, double offset, double saturation, void **out);
/// Levels stretched so that the `clip` percent darkest and brightest of the grey values become
/// black and white (an image with hardly any range is kept); alpha is kept.
int svips_autolevel(void *image, double clip, void **out);

#endif
