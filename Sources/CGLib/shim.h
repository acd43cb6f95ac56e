// GLib alone (FileSafety's checksums), without libvips.
#include <glib.h>
