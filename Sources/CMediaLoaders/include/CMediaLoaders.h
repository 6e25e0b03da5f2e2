#ifndef CMEDIALOADERS_H
#define CMEDIALOADERS_H

#include <stddef.h>
#include <stdint.h>

/// Archives through libarchive (libarchive13), loaded with dlopen the first time an archive
/// action runs; QR codes through libqrencode (libqrencode4) and zbar (libzbar0), and text
/// recognition through Tesseract (libtesseract5), loaded the same way. Writers and readers are
/// opaque; functions returning int give 0 (or a count) on success and a negative number on
/// failure, with the reason from the `*_error` function.

/// Loads libarchive; returns 0, or -1 with `error` naming the package.
int sarc_load(char *error, size_t error_size);

/// Starts an archive in memory: `format` is zip, tar, tar.gz, tar.bz2, tar.xz, cpio, iso or gz
/// (one gzip-compressed file).
int sarc_write_begin(const char *format, void **writer);
/// The same with libarchive's writer options ("iso9660:volume-id=NAME,!rockridge"), set before it opens.
int sarc_write_begin_with_options(const char *format, const char *options, void **writer);
int sarc_write_entry(void *writer, const char *name, const void *data, size_t length, int64_t modified);
/// Ends the archive and gives its bytes (malloc'd, the caller frees them); frees the writer.
int sarc_write_finish(void *writer, void **data, size_t *length);
/// Why the writer's last step failed (a pointer into the writer, valid until the next call).
const char *sarc_write_error(void *writer);
/// Frees a writer that won't be finished.
void sarc_write_abandon(void *writer);

/// Starts reading an archive of any format libarchive knows, compressed or not.
int sarc_read_begin(const void *data, size_t length, void **reader);
/// The next entry: 1 with its name, size and type ('f' file, 'd' folder, 'l' link, 'o' other),
/// 0 at the end, -1 on a damaged archive, -2 for an encrypted entry, -3 when the data is no archive.
int sarc_read_next(void *reader, const char **name, int64_t *size, char *type);
/// Reads the current entry's data into `buffer`; returns how many bytes (0 at its end), or -1.
long sarc_read_data(void *reader, void *buffer, size_t capacity);
const char *sarc_read_error(void *reader);
void sarc_read_end(void *reader);

/// Loads libqrencode; returns 0, or -1 with `error` naming the package.
int sqr_load(char *error, size_t error_size);
/// Encodes text as a QR code at an error correction level (0 L, 1 M, 2 Q, 3 H): its modules,
/// `*width` × `*width` bytes, 1 for dark. The caller frees them; NULL when the text is too long.
unsigned char *sqr_encode(const char *text, int level, int *width);

/// Loads zbar; returns 0, or -1 with `error` naming the package.
int szbar_load(char *error, size_t error_size);
/// Finds the barcodes and QR codes in a greyscale image (one byte a pixel) and calls `each`
/// with each one's type name and data; returns how many, or -1.
int szbar_scan(const unsigned char *pixels, int width, int height,
               void (*each)(const char *type, const char *data, size_t length, void *context), void *context);

/// Loads Tesseract (libtesseract5); returns 0, or -1 with `error` naming the packages.
int socr_load(char *error, size_t error_size);
/// The text Tesseract reads in a greyscale image (one byte a pixel, rows `width` bytes) at
/// `resolution` pixels per inch, in `languages` ("eng", "deu+eng"): malloc'd UTF-8 for the
/// caller to free, or NULL with `error` saying why (no language data).
char *socr_recognize(const unsigned char *pixels, int width, int height, int resolution, const char *languages, char *error,
                     size_t error_size);

/// Loads poppler-glib (libpoppler-glib8) and cairo (libcairo2); returns 0, or -1 with `error`
/// naming the package.
int spdf_load(char *error, size_t error_size);
typedef struct spdf_document spdf_document;
/// Opens a PDF from memory (copied): 0; -2 when it needs a password; -1 otherwise, `error`
/// saying why.
int spdf_open(const void *data, size_t length, spdf_document **document, char *error, size_t error_size);
void spdf_close(spdf_document *document);
int spdf_page_count(spdf_document *document);
/// A page's text in reading order, malloc'd UTF-8 for the caller to free; NULL past the last page.
char *spdf_page_text(spdf_document *document, int index);
/// A page's size in points.
int spdf_page_size(spdf_document *document, int index, double *width, double *height);

/// A PDF written in memory by cairo, a page at a time.
typedef struct spdf_writer spdf_writer;
int spdf_write_begin(spdf_writer **writer);
/// Adds a page of another PDF as it is (vector), `margin` points around it.
int spdf_write_page(spdf_writer *writer, spdf_document *document, int index, double margin);
/// The same, the page turned clockwise by `quarter_turns` quarter turns (negative: the other way).
int spdf_write_page_turned(spdf_writer *writer, spdf_document *document, int index, double margin, int quarter_turns);
/// Adds a page holding an image (RGBA bytes, rows top to bottom), a point a pixel, `margin` around.
int spdf_write_image(spdf_writer *writer, const unsigned char *rgba, int width, int height, double margin);
/// Ends the PDF and gives its bytes (malloc'd, the caller frees them); frees the writer.
int spdf_write_finish(spdf_writer *writer, void **data, size_t *length);
void spdf_write_abandon(spdf_writer *writer);

/// Loads hunspell (libhunspell-1.7-0); returns 0, or -1 with `error` naming the packages.
int sspell_load(char *error, size_t error_size);
/// Checks a word (in the dictionary's encoding, UTF-8 for Debian's) against a dictionary's .aff
/// and .dic files, read once and kept: 0 when it is spelled right; 1 with hunspell's suggestions
/// in `*suggestions`, one a line, best first by its reckoning (malloc'd; empty for none); -1 when
/// the dictionary can't be read.
int sspell_check(const char *affix, const char *dictionary, const char *word, char **suggestions);

/// Loads libexttextcat (libexttextcat-2.0-0); returns 0, or -1 with `error` naming the packages.
int slang_load(char *error, size_t error_size);
/// The languages libexttextcat finds in text, best first, as it writes them ("[en--utf8][de--utf8]",
/// "SHORT", "UNKNOWN"): malloc'd, or NULL with `error` saying why. `config` and `models` are its
/// fingerprint list and folder.
char *slang_classify(const char *config, const char *models, const char *text, size_t length, char *error, size_t error_size);

/// Loads espeak-ng (libespeak-ng1); returns 0, or -1 with `error` naming the packages.
int sspeech_load(char *error, size_t error_size);
/// Speaks text into 16-bit mono samples (malloc'd, `*count` of them at `*rate` a second), in a
/// voice ("en", "de"; NULL: the default) at `words_per_minute` and `pitch` (0–100, 50 normal),
/// stopping past `max_samples`: 0; -2 for an unknown voice; -3 past the limit; -1 otherwise,
/// `error` saying why.
int sspeech_synthesize(const char *text, const char *voice, int words_per_minute, int pitch, size_t max_samples, short **samples,
                       size_t *count, int *rate, char *error, size_t error_size);

/// Loads TagLib's C binding (libtagc0); returns 0, or -1 with `error` naming the package.
int stag_load(char *error, size_t error_size);
/// A song's tags and audio properties, as TagLib reads them from its file.
typedef struct {
    char title[512], artist[512], album[512], comment[1024], genre[128];
    int year, track, seconds, bitrate, sample_rate, channels;
} stag_details;
/// Reads a music file's details: 0, or -1 when TagLib can't read it.
int stag_read(const char *path, stag_details *details);

/// Loads Ghostscript (libgs10); returns 0, or -1 with `error` naming the package.
int sgs_load(char *error, size_t error_size);
/// Rewrites a PDF with Ghostscript's pdfwrite at a quality (`/ebook`: images at 150 dpi),
/// sandboxed (-dSAFER): 0; -2 when the PDF needs a password; -1 otherwise, `error` holding what
/// Ghostscript said. One call at a time (Ghostscript keeps state of its own).
int sgs_rewrite_pdf(const char *input, const char *output, const char *quality, char *error, size_t error_size);

/// Loads CUPS's client library (libcups2); returns 0, or -1 with `error` naming the package.
int sprint_load(char *error, size_t error_size);
/// The print queues of the CUPS server (`server`, "host:port" or a socket path; NULL: the
/// system's), each given to `each` with whether it is the default: their count, or -1 with
/// `error` saying why (no server).
int sprint_destinations(const char *server, void (*each)(const char *name, int is_default, void *context), void *context,
                        char *error, size_t error_size);
/// Sends a file to a queue as one job titled `title`: the job's number, or 0 with `error`
/// holding what CUPS said.
int sprint_file(const char *server, const char *printer, const char *path, const char *title, char *error, size_t error_size);

/// Loads PocketSphinx (libpocketsphinx3 and libsphinxbase3); returns 0, or -1 with `error`
/// naming the packages.
int sspeechrec_load(char *error, size_t error_size);
/// The words PocketSphinx hears in 16 kHz mono 16-bit audio, with the acoustic model folder,
/// language model and dictionary given, an utterance a line (split where it hears silence):
/// malloc'd UTF-8, or NULL with `error` saying why. One decoder is kept while the model stays
/// the same (starting one reads the model); calls take turns.
char *sspeechrec_transcribe(const short *samples, size_t count, const char *model, const char *language_model,
                            const char *dictionary, char *error, size_t error_size);

#endif
