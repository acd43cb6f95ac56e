// A small C layer over libexif (building and reading EXIF blocks) and libjpeg (putting an EXIF
// block into a JPEG without decoding its pixels). Swift calls these fixed-signature functions;
// the EXIF tag and IFD constants come straight from libexif's headers.
#ifndef CEXIFSHIM_H
#define CEXIFSHIM_H

#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-ifd.h>
#include <libexif/exif-tag.h>

/// An EXIF block being built or read: a libexif `ExifData` with Intel byte order.
typedef struct ake_exif ake_exif;

/// A new, empty EXIF block (the mandatory fields are added when it is saved).
ake_exif *ake_exif_new(void);
/// Parses an EXIF block: the bytes of an APP1 segment (starting "Exif\0\0") or a whole JPEG file.
/// Returns NULL when the bytes hold no EXIF.
ake_exif *ake_exif_load(const unsigned char *data, size_t length);
void ake_exif_free(ake_exif *exif);

// Setters replace any existing entry. They return 0, or -1 when memory runs out.
int ake_exif_set_ascii(ake_exif *exif, ExifIfd ifd, ExifTag tag, const char *value);
/// Whole numbers as EXIF_FORMAT_BYTE, EXIF_FORMAT_SHORT or EXIF_FORMAT_LONG (each value must fit).
int ake_exif_set_integers(ake_exif *exif, ExifIfd ifd, ExifTag tag, ExifFormat format, const unsigned int *values,
                          int count);
int ake_exif_set_undefined(ake_exif *exif, ExifIfd ifd, ExifTag tag, const unsigned char *values, int count);
int ake_exif_set_rationals(ake_exif *exif, ExifIfd ifd, ExifTag tag, const unsigned int *numerators,
                           const unsigned int *denominators, int count);

/// Serialises the block, "Exif\0\0" header included, as the body of a JPEG APP1 segment.
/// Free `*out` with free().
int ake_exif_save(ake_exif *exif, unsigned char **out, unsigned int *length);

// Getters return the number of values read (0 when the tag is absent or of another type).
int ake_exif_get_ascii(ake_exif *exif, ExifIfd ifd, ExifTag tag, char *buffer, size_t capacity);
int ake_exif_get_numbers(ake_exif *exif, ExifIfd ifd, ExifTag tag, double *values, int capacity);

/// Copies a JPEG losslessly (its DCT coefficients, not re-encoded pixels) with its EXIF APP1
/// segment replaced by `exif` (NULL removes it); every other marker (ICC profile, XMP, comments)
/// is kept. Corrupt or truncated input fails rather than being padded. Free `*out` with free().
/// On failure, `message` receives libjpeg's explanation.
int ake_jpeg_replace_exif(const unsigned char *jpeg, size_t length, const unsigned char *exif,
                          unsigned int exif_length, unsigned char **out, unsigned long *out_length, char *message,
                          size_t message_capacity);

/// Puts `exif` (an APP1 body starting "Exif\0\0") into a JPEG's header without touching its
/// compressed data: the header's APPn and COM segments are copied (an existing EXIF APP1 is
/// dropped), the new APP1 goes right after the start of image (after a leading JFIF APP0, as
/// cameras write it), and everything from the first other segment on is copied byte for byte.
/// For JPEGs fresh from an encoder: it costs a copy, not a transcode, but checks only the header.
/// Returns -1, with the reason in `message`, for a malformed header. Free `*out` with free().
int ake_jpeg_insert_exif(const unsigned char *jpeg, size_t length, const unsigned char *exif,
                         unsigned int exif_length, unsigned char **out, unsigned long *out_length, char *message,
                         size_t message_capacity);

#endif
