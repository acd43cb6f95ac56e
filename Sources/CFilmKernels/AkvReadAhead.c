#include "AkvReadAhead.h"

#include <string.h>

#include "AkvHandoff.h"

// Rows read at a time.
#define CHUNK 16
// The most strips rendering from the ring at once (libvips' workers); more read for themselves.
#define MAX_STRIPS 64

struct AkvReadAhead {
    int refs;       // the film pass's and, while it runs, the thread's
    VipsImage *in;  // referenced
    AkvGlow *glow;
    int width, height, lead, beyond;
    size_t row_bytes;
    int ring_rows;  // 0 without a ring; row y is at slot y % ring_rows while it is kept
    VipsPel *ring;

    GMutex lock;    // guards what follows
    GCond demand;   // a strip asked for more, or one finished
    GCond arrived;  // rows were read, or the read failed
    int needed;     // input rows the strips asked for so far need
    int read;       // rows 0 … read − 1 have been read
    int writing;    // rows read … writing − 1 are being read into the ring
    int map_made;   // glow map rows made
    int tops[MAX_STRIPS];  // the strips rendering from the ring
    int strips;
    int started, failed, stop;
    int finished;  // the thread no longer reads the input or the glow map
};

static void lock(AkvReadAhead *ahead) {
    g_mutex_lock(&ahead->lock);
    akv_tsan_acquire(ahead);  // TSan cannot see GMutex
}

static void unlock(AkvReadAhead *ahead) {
    akv_tsan_release(ahead);
    g_mutex_unlock(&ahead->lock);
}

// Waits on `cond`, which gives the lock back meanwhile (and so, for TSan, releases and acquires).
static void wait_on(AkvReadAhead *ahead, GCond *cond) {
    akv_tsan_release(ahead);
    g_cond_wait(cond, &ahead->lock);
    akv_tsan_acquire(ahead);
}

// How far the thread may read now: no further than the strips need plus `beyond`, and over no
// row that a strip rendering from the ring still uses. Under the lock.
static int limit(const AkvReadAhead *ahead) {
    int limit = ahead->needed + ahead->beyond;
    for (int i = 0; i < ahead->strips; i++) {
        if (ahead->tops[i] + ahead->ring_rows < limit) limit = ahead->tops[i] + ahead->ring_rows;
    }
    return limit < ahead->height ? limit : ahead->height;
}

// A strip from `top` no longer renders from the ring: its rows may go. Under the lock.
static void remove_strip(AkvReadAhead *ahead, int top) {
    for (int i = 0; i < ahead->strips; i++) {
        if (ahead->tops[i] == top) {
            ahead->tops[i] = ahead->tops[--ahead->strips];
            break;
        }
    }
    g_cond_signal(&ahead->demand);
}

// Reads rows `top` … `bottom` − 1 into the ring and the glow map; the map rows made, -1 on error.
static int read_rows(AkvReadAhead *ahead, VipsRegion *region, int top, int bottom) {
    VipsRect rect = {0, top, ahead->width, bottom - top};
    if (vips_region_prepare(region, &rect)) return -1;
    akv_pixels_received();
    for (int y = top; ahead->ring && y < bottom; y++) {
        memcpy(ahead->ring + (size_t)(y % ahead->ring_rows) * ahead->row_bytes, VIPS_REGION_ADDR(region, 0, y),
               ahead->row_bytes);
    }
    if (!ahead->glow) return 0;
    return akv_glow_add_rows(ahead->glow, VIPS_REGION_ADDR(region, 0, top), VIPS_REGION_LSKIP(region), bottom - top);
}

// Drops a reference; the last one frees. The thread is detached, not joined: a pass whose image
// lives on (in libvips' operation cache, say) must not keep a finished thread unjoined.
static void release(AkvReadAhead *ahead) {
    if (!g_atomic_int_dec_and_test(&ahead->refs)) return;
    akv_tsan_acquire(ahead);  // the other holder's last use is before its decrement
    g_object_unref(ahead->in);
    g_mutex_clear(&ahead->lock);
    g_cond_clear(&ahead->demand);
    g_cond_clear(&ahead->arrived);
    g_free(ahead->ring);
    g_free(ahead);
}

static gpointer run(gpointer data) {
    AkvReadAhead *ahead = (AkvReadAhead *)data;
    VipsRegion *region = vips_region_new(ahead->in);
    lock(ahead);
    while (!ahead->stop && !ahead->failed && ahead->read < ahead->height) {
        const int until = limit(ahead);
        if (ahead->read >= until) {
            wait_on(ahead, &ahead->demand);
            continue;
        }
        const int top = ahead->read, bottom = top + CHUNK < until ? top + CHUNK : until;
        ahead->writing = bottom;
        unlock(ahead);
        const int made = read_rows(ahead, region, top, bottom);
        lock(ahead);
        if (made < 0) {
            ahead->failed = 1;  // the strips waiting report it
        } else {
            ahead->read = bottom;
            ahead->map_made = made;
        }
        g_cond_broadcast(&ahead->arrived);
    }
    unlock(ahead);
    g_object_unref(region);
    lock(ahead);
    ahead->finished = 1;
    g_cond_broadcast(&ahead->arrived);
    unlock(ahead);
    akv_tsan_release(ahead);
    release(ahead);
    return NULL;
}

AkvReadAhead *akv_read_ahead_new(VipsImage *in, AkvGlow *glow, int beyond, int kept) {
    AkvReadAhead *ahead = g_new0(AkvReadAhead, 1);
    ahead->refs = 1;
    ahead->in = in;
    g_object_ref(in);
    ahead->glow = glow;
    ahead->width = in->Xsize;
    ahead->height = in->Ysize;
    ahead->lead = glow ? akv_glow_lead(glow) : 0;
    ahead->beyond = beyond;
    ahead->row_bytes = (size_t)in->Xsize * 3;
    // Only a sequentially loaded input is worth copying: any other serves strips in parallel.
    if (vips_image_get_typeof(in, VIPS_META_SEQUENTIAL)) {
        ahead->ring_rows = kept + ahead->lead + beyond + CHUNK;
        if (ahead->ring_rows > ahead->height) ahead->ring_rows = ahead->height;
    }
    g_mutex_init(&ahead->lock);
    g_cond_init(&ahead->demand);
    g_cond_init(&ahead->arrived);
    return ahead;
}

int akv_read_ahead_begin(AkvReadAhead *ahead, int top, int bottom, int map_row) {
    if (!ahead->ring_rows && !ahead->glow) return 0;  // nothing to read ahead for
    lock(ahead);
    if (!ahead->started) {
        // Started by the first strip, not before: an image that is never rendered reads nothing.
        ahead->started = 1;
        if (ahead->ring_rows) ahead->ring = g_malloc((size_t)ahead->ring_rows * ahead->row_bytes);
        g_atomic_int_inc(&ahead->refs);
        GThread *thread = g_thread_try_new("akv-read-ahead", run, ahead, NULL);
        if (thread) {
            g_thread_unref(thread);
        } else {
            g_atomic_int_add(&ahead->refs, -1);
            ahead->failed = ahead->finished = 1;
            vips_error("akv_film", "%s", "cannot start the read-ahead thread");
        }
    }
    if (ahead->failed) {
        unlock(ahead);
        return -1;
    }
    // The strip renders from the ring if it fits there with the map's lead below it and the rows
    // kept above it, and its rows are still there (or yet to come).
    const int first_kept = ahead->writing - ahead->ring_rows;
    const int in_ring = ahead->ring_rows &&
                        (ahead->ring_rows == ahead->height ||
                         bottom - top + ahead->lead + ahead->beyond + CHUNK <= ahead->ring_rows) &&
                        top >= first_kept && ahead->strips < MAX_STRIPS;
    if (in_ring) ahead->tops[ahead->strips++] = top;
    // A strip that reads for itself needs nothing read for it but the glow map.
    if ((in_ring || ahead->glow) && bottom + ahead->lead > ahead->needed) {
        ahead->needed = bottom + ahead->lead;
        g_cond_signal(&ahead->demand);
    }
    const int map_rows = ahead->glow ? map_row + 1 : 0;
    while (!ahead->failed && ((in_ring && ahead->read < bottom) || ahead->map_made < map_rows)) {
        wait_on(ahead, &ahead->arrived);
    }
    const int failed = ahead->failed;
    if (failed && in_ring) remove_strip(ahead, top);
    unlock(ahead);
    return failed ? -1 : in_ring;
}

const VipsPel *akv_read_ahead_row(const AkvReadAhead *ahead, int y) {
    return ahead->ring + (size_t)(y % ahead->ring_rows) * ahead->row_bytes;
}

void akv_read_ahead_done(AkvReadAhead *ahead, int top) {
    lock(ahead);
    remove_strip(ahead, top);
    unlock(ahead);
}

void akv_read_ahead_free(AkvReadAhead *ahead) {
    if (!ahead) return;
    lock(ahead);
    ahead->stop = 1;
    g_cond_signal(&ahead->demand);
    // The film pass frees the glow map next: the thread must be done with it.
    while (ahead->started && !ahead->finished) wait_on(ahead, &ahead->arrived);
    unlock(ahead);
    akv_tsan_release(ahead);
    release(ahead);
}
