#include "AkvOperation.h"

#include "AkvHandoff.h"

// What the output's callbacks get: the operation and its state.
typedef struct {
    AkvOperation operation;
    AkvGenerate generate;
    void *state;
    VipsImage *in;  // referenced
} Operation;

static void operation_free(VipsImage *image, Operation *operation) {
    (void)image;
    akv_tsan_acquire(operation);  // every worker's operation_stop released it
    operation->operation.free(operation->state);
    if (operation->in) g_object_unref(operation->in);
    g_free(operation);
}

static void *operation_start(VipsImage *out, void *a, void *b) {
    akv_tsan_acquire(b);  // built by akv_operation_new on another thread
    return vips_start_one(out, a, b);
}

static int operation_stop(void *sequence, void *a, void *b) {
    akv_tsan_release(b);  // before operation_free, on the thread that closes the image
    return vips_stop_one(sequence, a, b);
}

static int operation_generate(VipsRegion *out, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    const Operation *operation = b;
    if (operation->generate(out, sequence, operation->state)) return -1;
    akv_pixels_published();
    return 0;
}

int akv_operation_prepare(VipsRegion *in, const VipsRect *rect) {
    if (vips_region_prepare(in, rect)) return -1;
    akv_pixels_received();
    return 0;
}

int akv_operation_new(VipsImage *in, VipsImage **out, const AkvOperation *operation, AkvGenerate generate,
                      void *state) {
    *out = NULL;
    if (vips_image_pio_input(in)) {
        operation->free(state);
        return -1;
    }
    Operation *built = g_new0(Operation, 1);
    built->operation = *operation;
    built->generate = generate;
    built->state = state;
    built->in = in;
    g_object_ref(in);
    VipsImage *image = vips_image_new();
    // From here the output owns the operation: closing it (also when the set-up fails) frees it.
    g_signal_connect(image, "close", G_CALLBACK(operation_free), built);
    if (vips_image_pipelinev(image, operation->style, in, NULL)) {
        g_object_unref(image);
        return -1;
    }
    if (operation->describe) operation->describe(image, state);
    akv_tsan_release(built);
    if (vips_image_generate(image, operation_start, operation_generate, operation_stop, in, built)) {
        g_object_unref(image);
        return -1;
    }
    *out = image;
    return 0;
}

// A line operation's state: the line function and its own operation and state.
typedef struct {
    AkvLine line;
    AkvOperation operation;
    void *state;
} Lines;

static int lines_generate(VipsRegion *out, VipsRegion *in, const void *state) {
    const Lines *lines = state;
    const VipsRect *rect = &out->valid;
    if (akv_operation_prepare(in, rect)) return -1;
    for (int y = 0; y < rect->height; y++) {
        lines->line(lines->state, VIPS_REGION_ADDR(in, rect->left, rect->top + y),
                    VIPS_REGION_ADDR(out, rect->left, rect->top + y), rect->width);
    }
    return 0;
}

static void lines_describe(VipsImage *out, const void *state) {
    const Lines *lines = state;
    if (lines->operation.describe) lines->operation.describe(out, lines->state);
}

static void lines_free(void *state) {
    Lines *lines = state;
    lines->operation.free(lines->state);
    g_free(lines);
}

int akv_line_operation_new(VipsImage *in, VipsImage **out, const AkvOperation *operation, AkvLine line,
                           void *state) {
    Lines *lines = g_new(Lines, 1);
    *lines = (Lines){.line = line, .operation = *operation, .state = state};
    const AkvOperation wrapper = {.style = operation->style, .describe = lines_describe, .free = lines_free};
    return akv_operation_new(in, out, &wrapper, lines_generate, lines);
}
