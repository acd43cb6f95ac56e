// The film pass's read-ahead: one thread that reads the input a little ahead of the strips being
// rendered, feeding halation's glow map and, for a sequentially loaded input, a ring of rows that
// the workers render from (private to the film pass).
//
// A sequentially loaded JPEG serves every request under one lock, held while it decodes: when
// workers read for themselves, the one whose strip needs the next rows decodes them while the
// others wait, even for rows already decoded. Here only the read-ahead reads such an input, so
// decoding overlaps rendering and encoding. The ring keeps every row a strip in flight renders;
// a strip whose rows have left it (a consumer asking for strips out of order) reads the input
// itself, as every strip of an input in memory does. Values never depend on which thread made
// them: the output is the same bytes.
#ifndef AKV_READ_AHEAD_H
#define AKV_READ_AHEAD_H

#include <vips/vips.h>

#include "AkvHalation.h"

typedef struct AkvReadAhead AkvReadAhead;

/// A read-ahead of `in` (3-band uchar), feeding `glow` (may be NULL). It reads at most `beyond`
/// rows further than the strips asked for so far need, and its ring keeps `kept` rows more for
/// strips still being given out (other threads' strips may be that far above the latest one).
AkvReadAhead *akv_read_ahead_new(VipsImage *in, AkvGlow *glow, int beyond, int kept);

/// The strip of rows `top` … `bottom` − 1 is about to be rendered: starts the thread on the
/// first call, and waits for the strip's rows if they come through the ring and for glow map
/// rows 0 … `map_row` if there is a map. Returns 1 if the rows are in the ring
/// (`akv_read_ahead_row`; call `akv_read_ahead_done` after rendering), 0 if the strip reads its
/// rows from the input itself, -1 on a read error (libvips' error buffer says which).
int akv_read_ahead_begin(AkvReadAhead *ahead, int top, int bottom, int map_row);

/// Row `y` of a strip that `akv_read_ahead_begin` found in the ring.
const VipsPel *akv_read_ahead_row(const AkvReadAhead *ahead, int y);

/// The strip from `top` that `akv_read_ahead_begin` found in the ring is rendered.
void akv_read_ahead_done(AkvReadAhead *ahead, int top);

/// Stops the thread, waits until it reads no more, and lets go of the read-ahead (the thread, which
/// is detached, frees it if it is the last to finish). NULL is ignored.
void akv_read_ahead_free(AkvReadAhead *ahead);

#endif
