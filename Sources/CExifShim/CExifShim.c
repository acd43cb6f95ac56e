#include "CExifShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <libexif/exif-utils.h>

struct ake_exif {
    ExifData *data;
    ExifMem *mem;
};

static ake_exif *wrap(ExifData *data) {
    if (!data) return NULL;
    ake_exif *exif = calloc(1, sizeof(ake_exif));
    if (!exif) {
        exif_data_unref(data);
        return NULL;
    }
    exif->data = data;
    exif->mem = exif_mem_new_default();
    return exif;
}

ake_exif *ake_exif_new(void) {
    ExifData *data = exif_data_new();
    if (!data) return NULL;
    exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL);
    exif_data_set_data_type(data, EXIF_DATA_TYPE_COMPRESSED);
    return wrap(data);
}

ake_exif *ake_exif_load(const unsigned char *bytes, size_t length) {
    if (!bytes || length == 0 || length > 0xFFFFFFFFu) return NULL;
    ExifData *data = exif_data_new();
    if (!data) return NULL;
    exif_data_load_data(data, bytes, (unsigned int)length);
    // libexif reports "no EXIF" as an empty block rather than an error.
    int entries = 0;
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) entries += (int)data->ifd[ifd]->count;
    if (entries == 0) {
        exif_data_unref(data);
        return NULL;
    }
    return wrap(data);
}

void ake_exif_free(ake_exif *exif) {
    if (!exif) return;
    exif_data_unref(exif->data);
    exif_mem_unref(exif->mem);
    free(exif);
}

/// Replaces the entry for `tag` with a fresh one of `format` and `components`, zero-filled.
static ExifEntry *fresh_entry(ake_exif *exif, ExifIfd ifd, ExifTag tag, ExifFormat format, unsigned long components) {
    ExifContent *content = exif->data->ifd[ifd];
    ExifEntry *old = exif_content_get_entry(content, tag);
    if (old) exif_content_remove_entry(content, old);
    ExifEntry *entry = exif_entry_new_mem(exif->mem);
    if (!entry) return NULL;
    unsigned int size = exif_format_get_size(format) * (unsigned int)components;
    entry->data = exif_mem_alloc(exif->mem, size);
    if (!entry->data) {
        exif_entry_unref(entry);
        return NULL;
    }
    memset(entry->data, 0, size);
    entry->size = size;
    entry->components = components;
    entry->format = format;
    entry->tag = tag;
    exif_content_add_entry(content, entry);
    exif_entry_unref(entry);
    return entry;
}

int ake_exif_set_ascii(ake_exif *exif, ExifIfd ifd, ExifTag tag, const char *value) {
    size_t length = strlen(value) + 1;
    ExifEntry *entry = fresh_entry(exif, ifd, tag, EXIF_FORMAT_ASCII, length);
    if (!entry) return -1;
    memcpy(entry->data, value, length);
    return 0;
}

int ake_exif_set_integers(ake_exif *exif, ExifIfd ifd, ExifTag tag, ExifFormat format, const unsigned int *values,
                          int count) {
    if (format != EXIF_FORMAT_BYTE && format != EXIF_FORMAT_SHORT && format != EXIF_FORMAT_LONG) return -1;
    ExifEntry *entry = fresh_entry(exif, ifd, tag, format, (unsigned long)count);
    if (!entry) return -1;
    ExifByteOrder order = exif_data_get_byte_order(exif->data);
    for (int i = 0; i < count; i++) {
        if (format == EXIF_FORMAT_BYTE) entry->data[i] = (unsigned char)values[i];
        if (format == EXIF_FORMAT_SHORT) exif_set_short(entry->data + 2 * i, order, (ExifShort)values[i]);
        if (format == EXIF_FORMAT_LONG) exif_set_long(entry->data + 4 * i, order, values[i]);
    }
    return 0;
}

int ake_exif_set_undefined(ake_exif *exif, ExifIfd ifd, ExifTag tag, const unsigned char *values, int count) {
    ExifEntry *entry = fresh_entry(exif, ifd, tag, EXIF_FORMAT_UNDEFINED, (unsigned long)count);
    if (!entry) return -1;
    memcpy(entry->data, values, (size_t)count);
    return 0;
}

int ake_exif_set_rationals(ake_exif *exif, ExifIfd ifd, ExifTag tag, const unsigned int *numerators,
                           const unsigned int *denominators, int count) {
    ExifEntry *entry = fresh_entry(exif, ifd, tag, EXIF_FORMAT_RATIONAL, (unsigned long)count);
    if (!entry) return -1;
    ExifByteOrder order = exif_data_get_byte_order(exif->data);
    for (int i = 0; i < count; i++) {
        ExifRational value = {numerators[i], denominators[i]};
        exif_set_rational(entry->data + 8 * i, order, value);
    }
    return 0;
}

int ake_exif_save(ake_exif *exif, unsigned char **out, unsigned int *length) {
    // Adds the fields the standard requires (ExifVersion, resolution, colour space, …).
    exif_data_fix(exif->data);
    *out = NULL;
    *length = 0;
    exif_data_save_data(exif->data, out, length);
    return (*out && *length > 0) ? 0 : -1;
}

int ake_exif_get_ascii(ake_exif *exif, ExifIfd ifd, ExifTag tag, char *buffer, size_t capacity) {
    ExifEntry *entry = exif_content_get_entry(exif->data->ifd[ifd], tag);
    if (!entry || !entry->data || capacity == 0) return 0;
    if (entry->format != EXIF_FORMAT_ASCII && entry->format != EXIF_FORMAT_UNDEFINED) return 0;
    size_t count = entry->size < capacity - 1 ? entry->size : capacity - 1;
    memcpy(buffer, entry->data, count);
    buffer[count] = '\0';
    return (int)strlen(buffer);
}

int ake_exif_get_numbers(ake_exif *exif, ExifIfd ifd, ExifTag tag, double *values, int capacity) {
    ExifEntry *entry = exif_content_get_entry(exif->data->ifd[ifd], tag);
    if (!entry || !entry->data) return 0;
    ExifByteOrder order = exif_data_get_byte_order(exif->data);
    unsigned int width = exif_format_get_size(entry->format);
    int count = 0;
    for (unsigned long i = 0; i < entry->components && count < capacity; i++) {
        const unsigned char *p = entry->data + width * i;
        if ((size_t)(p - entry->data) + width > entry->size) break;
        switch (entry->format) {
        case EXIF_FORMAT_BYTE: values[count++] = p[0]; break;
        case EXIF_FORMAT_SHORT: values[count++] = exif_get_short(p, order); break;
        case EXIF_FORMAT_SSHORT: values[count++] = exif_get_sshort(p, order); break;
        case EXIF_FORMAT_LONG: values[count++] = exif_get_long(p, order); break;
        case EXIF_FORMAT_SLONG: values[count++] = exif_get_slong(p, order); break;
        case EXIF_FORMAT_RATIONAL: {
            ExifRational r = exif_get_rational(p, order);
            if (r.denominator == 0) return count;
            values[count++] = (double)r.numerator / r.denominator;
            break;
        }
        case EXIF_FORMAT_SRATIONAL: {
            ExifSRational r = exif_get_srational(p, order);
            if (r.denominator == 0) return count;
            values[count++] = (double)r.numerator / r.denominator;
            break;
        }
        default: return count;
        }
    }
    return count;
}

// libjpeg reports errors by calling a function that must not return; this one jumps back.
struct ake_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct ake_jpeg_error *error = (struct ake_jpeg_error *)info->err;
    info->err->format_message(info, error->message);
    longjmp(error->jump, 1);
}

// Warnings mean corrupt data (a truncated file is padded with grey); a photo library must refuse it.
static void jpeg_message(j_common_ptr info, int level) {
    if (level < 0) jpeg_fail(info);
}

static int has_prefix(jpeg_saved_marker_ptr marker, const char *prefix, size_t length) {
    return marker->data_length >= length && memcmp(marker->data, prefix, length) == 0;
}

struct ake_jpeg_job {
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct destination;
    struct ake_jpeg_error error;
    unsigned char *buffer;
    unsigned long size;
    int made_source;
    int made_destination;
};

static void finish_job(struct ake_jpeg_job *job) {
    if (job->made_destination) jpeg_destroy_compress(&job->destination);
    if (job->made_source) jpeg_destroy_decompress(&job->source);
}

int ake_jpeg_replace_exif(const unsigned char *jpeg, size_t length, const unsigned char *exif,
                          unsigned int exif_length, unsigned char **out, unsigned long *out_length, char *message,
                          size_t message_capacity) {
    // On the heap: what setjmp must see after a longjmp may not live in registers.
    struct ake_jpeg_job *job = calloc(1, sizeof(struct ake_jpeg_job));
    if (!job) return -1;
    job->source.err = jpeg_std_error(&job->error.manager);
    job->error.manager.error_exit = jpeg_fail;
    job->error.manager.emit_message = jpeg_message;
    job->destination.err = &job->error.manager;
    if (setjmp(job->error.jump)) {
        if (message && message_capacity > 0) snprintf(message, message_capacity, "%s", job->error.message);
        finish_job(job);
        free(job->buffer);
        free(job);
        return -1;
    }
    jpeg_create_decompress(&job->source);
    job->made_source = 1;
    jpeg_create_compress(&job->destination);
    job->made_destination = 1;

    jpeg_mem_src(&job->source, jpeg, (unsigned long)length);
    jpeg_save_markers(&job->source, JPEG_COM, 0xFFFF);
    for (int m = 0; m < 16; m++) jpeg_save_markers(&job->source, JPEG_APP0 + m, 0xFFFF);
    jpeg_read_header(&job->source, TRUE);
    jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&job->source);

    jpeg_copy_critical_parameters(&job->source, &job->destination);
    if (job->source.progressive_mode) jpeg_simple_progression(&job->destination);
    // No Huffman optimisation: with the standard tables most encoders use, the entropy-coded data
    // then comes out byte for byte as it went in, in one pass instead of two.
    job->destination.optimize_coding = FALSE;
    jpeg_mem_dest(&job->destination, &job->buffer, &job->size);
    jpeg_write_coefficients(&job->destination, coefficients);

    // libjpeg writes JFIF/Adobe headers itself; EXIF comes first after them, as cameras write it.
    if (exif && exif_length > 0) jpeg_write_marker(&job->destination, JPEG_APP0 + 1, exif, exif_length);
    for (jpeg_saved_marker_ptr m = job->source.marker_list; m; m = m->next) {
        if (job->destination.write_JFIF_header && m->marker == JPEG_APP0 && has_prefix(m, "JFIF", 5)) continue;
        if (job->destination.write_Adobe_marker && m->marker == JPEG_APP0 + 14 && has_prefix(m, "Adobe", 5)) continue;
        if (m->marker == JPEG_APP0 + 1 && has_prefix(m, "Exif\0\0", 6)) continue;
        jpeg_write_marker(&job->destination, m->marker, m->data, m->data_length);
    }
    jpeg_finish_compress(&job->destination);
    jpeg_finish_decompress(&job->source);

    *out = job->buffer;
    *out_length = job->size;
    job->buffer = NULL;
    finish_job(job);
    free(job);
    return 0;
}

static int insert_failed(unsigned char *buffer, char *message, size_t capacity, const char *reason) {
    free(buffer);
    if (message && capacity > 0) snprintf(message, capacity, "%s", reason);
    return -1;
}

int ake_jpeg_insert_exif(const unsigned char *jpeg, size_t length, const unsigned char *exif,
                         unsigned int exif_length, unsigned char **out, unsigned long *out_length, char *message,
                         size_t message_capacity) {
    // A segment's length field counts itself (2 bytes) and the payload, at most 65 535.
    if (!exif || exif_length == 0 || exif_length > 0xFFFF - 2)
        return insert_failed(NULL, message, message_capacity, "EXIF block does not fit a JPEG segment");
    if (!jpeg || length < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8)
        return insert_failed(NULL, message, message_capacity, "not a JPEG (no start-of-image marker)");
    // Segments are only dropped, never added but the one, so this is enough room.
    unsigned char *buffer = malloc(length + exif_length + 4);
    if (!buffer) return insert_failed(NULL, message, message_capacity, "out of memory");
    size_t in = 2, written = 2;
    buffer[0] = 0xFF;
    buffer[1] = 0xD8;
    int inserted = 0;
    for (;;) {
        if (in + 4 > length || jpeg[in] != 0xFF)
            return insert_failed(buffer, message, message_capacity, "malformed JPEG header");
        unsigned char marker = jpeg[in + 1];
        int header_segment = (marker >= 0xE0 && marker <= 0xEF) || marker == 0xFE;
        size_t segment = 2 + (((size_t)jpeg[in + 2] << 8) | jpeg[in + 3]);
        if (header_segment && (segment < 4 || in + segment > length))
            return insert_failed(buffer, message, message_capacity, "truncated JPEG header");
        int leading_jfif = header_segment && in == 2 && marker == 0xE0 && segment >= 9 &&
                           memcmp(jpeg + in + 4, "JFIF", 5) == 0;
        if (!inserted && !leading_jfif) {
            buffer[written++] = 0xFF;
            buffer[written++] = 0xE1;
            buffer[written++] = (unsigned char)((exif_length + 2) >> 8);
            buffer[written++] = (unsigned char)((exif_length + 2) & 0xFF);
            memcpy(buffer + written, exif, exif_length);
            written += exif_length;
            inserted = 1;
        }
        if (!header_segment) break;
        int old_exif = marker == 0xE1 && segment >= 10 && memcmp(jpeg + in + 4, "Exif\0\0", 6) == 0;
        if (!old_exif) {
            memcpy(buffer + written, jpeg + in, segment);
            written += segment;
        }
        in += segment;
    }
    memcpy(buffer + written, jpeg + in, length - in);
    *out = buffer;
    *out_length = written + (length - in);
    return 0;
}
