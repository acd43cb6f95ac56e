// Loading through a new VipsSource per call. libvips 8.14's operation cache keys a file load by
// its file name alone, so loading a file that changed on disk can return the old image; a fresh
// source is a new cache key every time.
#ifndef CVIPSSHIMFRESH_H
#define CVIPSSHIMFRESH_H

#include <vips/vips.h>

int akv_load_fresh_file(const char *path, VipsImage **out);

#endif
