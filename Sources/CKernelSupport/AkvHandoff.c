#include "AkvHandoff.h"

// The one definition, so every C kernel's hand-offs (CFilmKernels' and any other kit's) mark one address.
const char akv_vips_buffers = 0;
