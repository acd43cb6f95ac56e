#include "CVipsShimFresh.h"

int akv_load_fresh_file(const char *path, VipsImage **out) {
    VipsSource *source = vips_source_new_from_file(path);
    if (!source) return -1;
    *out = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_RANDOM, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    g_object_unref(source);
    return *out ? 0 : -1;
}
