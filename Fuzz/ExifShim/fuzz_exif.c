// libFuzzer target for Sources/CExifShim: parsing EXIF blocks (libexif through the shim's
// getters), and putting an EXIF block into JPEG bytes (the shim's own header parser, and
// libjpeg's lossless transcoding). Built with clang by scripts/fuzz.sh.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CExifShim.h"

// The SDK checks a JPEG's declared size before transcoding it (Imaging's pixel limit and work
// bound); this mirrors that check so that a header declaring 65535×65535 is not transcoded.
static int declared_pixels_acceptable(const uint8_t *data, size_t size) {
    size_t i = 2;
    while (i + 9 < size && data[i] == 0xFF) {
        uint8_t marker = data[i + 1];
        size_t length = ((size_t)data[i + 2] << 8) | data[i + 3];
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            size_t height = ((size_t)data[i + 5] << 8) | data[i + 6];
            size_t width = ((size_t)data[i + 7] << 8) | data[i + 8];
            return width * height <= (1u << 20);
        }
        if (length < 2) return 0;
        i += 2 + length;
    }
    return 0;
}

static void read_everything(ake_exif *exif) {
    char text[256];
    double numbers[16];
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) {
        static const ExifTag tags[] = {EXIF_TAG_MAKE, EXIF_TAG_MODEL, EXIF_TAG_DATE_TIME_ORIGINAL,
                                       EXIF_TAG_ORIENTATION, EXIF_TAG_GPS_LATITUDE, EXIF_TAG_GPS_LONGITUDE,
                                       EXIF_TAG_GPS_ALTITUDE, EXIF_TAG_DIGITAL_ZOOM_RATIO,
                                       EXIF_TAG_IMAGE_DESCRIPTION, EXIF_TAG_OFFSET_TIME_ORIGINAL};
        for (size_t t = 0; t < sizeof(tags) / sizeof(tags[0]); t++) {
            ake_exif_get_ascii(exif, (ExifIfd)ifd, tags[t], text, sizeof(text));
            ake_exif_get_numbers(exif, (ExifIfd)ifd, tags[t], numbers, 16);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ake_exif *exif = ake_exif_load(data, size);
    if (exif) {
        read_everything(exif);
        unsigned char *saved = NULL;
        unsigned int saved_length = 0;
        if (ake_exif_save(exif, &saved, &saved_length) == 0) free(saved);
        ake_exif_free(exif);
    }

    static const unsigned char block[] = {'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    unsigned char *out = NULL;
    unsigned long out_length = 0;
    char message[200];
    if (ake_jpeg_insert_exif(data, size, block, sizeof(block), &out, &out_length, message, sizeof(message)) == 0) {
        free(out);
    }
    if (declared_pixels_acceptable(data, size) &&
        ake_jpeg_replace_exif(data, size, block, sizeof(block), &out, &out_length, message, sizeof(message)) == 0) {
        free(out);
    }
    return 0;
}
