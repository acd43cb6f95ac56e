import CVips
import CVipsShim
import Foundation

/// Starts libvips once per process and turns its error buffer into Swift errors.
package enum VipsRuntime {
    /// Swift runs a global's initialiser exactly once, even when many threads race to it.
    private static let started: Bool = akv_init() == 0

    package static func ensureStarted() throws(ImagingError) {
        guard started else {
            throw .operationFailed(operation: "vips_init", message: takeError())
        }
    }

    /// Takes (and clears) libvips' pending error message, as one line: libvips stacks a line per
    /// layer ("VipsJpeg: Corrupt JPEG data…", "vips2png: unable to write…"); they are joined with
    /// "; ", each once.
    package static func takeError() -> String {
        takeErrorIfAny() ?? "unknown libvips error"
    }

    /// The pending error message, or `nil` when the buffer is empty.
    static func takeErrorIfAny() -> String? {
        errorBufferLock.lock()
        defer { errorBufferLock.unlock() }
        return oneLine(akv_take_error())
    }

    /// Held by every take of libvips' error buffer, and for the whole of ``failureMessage(of:)``.
    ///
    /// libvips 8.14 keeps one error buffer for the whole process (no per-thread capture), so a
    /// failure's lines can be taken by another thread that failed at the same moment. The buffer
    /// cannot be made private, but a failure can be made again where no one else takes: a damaged
    /// source is decoded again under this lock (``EncodedSource/decodingFailure()``), and so its
    /// message always holds its own decoder's lines. Taken only on failure paths.
    private static let errorBufferLock = NSLock()

    /// Runs `attempt` (which says whether it succeeded) with no other take of the error buffer
    /// in between, and returns `nil` if it succeeded, otherwise its message. Lines left pending
    /// before are dropped first (a damaged source's failure finds its own again this way; putting
    /// them back would keep lines nobody takes, until the buffer's 10 KB fill and drop new ones);
    /// lines other threads add while `attempt` runs join this message, never the reverse: it
    /// always holds `attempt`'s own lines. `attempt` must not take the error buffer itself.
    static func failureMessage(of attempt: () -> Bool) -> String? {
        errorBufferLock.lock()
        defer { errorBufferLock.unlock() }
        g_free(akv_take_error())
        // libvips drops every thread's lines while any thread probes a file's format with its
        // errors frozen (vips_error_freeze, process-wide too): a failure that left no line is
        // made again, at most twice more.
        for _ in 0..<3 {
            guard !attempt() else { return nil }
            if let message = oneLine(akv_take_error()) { return message }
        }
        return "libvips gave no message"
    }

    /// libvips' lines `raw` (freed here) as one line, each once; `nil` when there are none.
    private static func oneLine(_ raw: UnsafeMutablePointer<CChar>?) -> String? {
        guard let raw else { return nil }
        defer { g_free(raw) }
        var lines: [String] = []
        for line in String(cString: raw).split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !lines.contains(trimmed) { lines.append(trimmed) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "; ")
    }

    /// The error for a pipeline that failed while computing pixels: ``ImagingError/decodeFailed(message:)``
    /// if one of its `sources` does not decode, otherwise `otherwise` with the message libvips left.
    ///
    /// libvips evaluates lazily, so a damaged source surfaces only then. The message left in the
    /// process-wide error buffer cannot tell which failure it is: another thread failing at the
    /// same moment may have taken this one's lines, or left its own (a loader's, even when this
    /// pipeline's encoder failed). So the case is decided by the operation and the sources, never
    /// by the message: the sources are decoded again (``EncodedSource/decodingFailure()``, whose
    /// message is this decoder's own), and only a pipeline over sound sources keeps the message
    /// left, which may then be missing.
    ///
    /// `message` is what the failure left, taken from the buffer at once by default (tests pass
    /// one, since any other thread's failure may take the buffer's lines first).
    static func pipelineFailure(
        sources: [EncodedSource], message: String? = VipsRuntime.takeErrorIfAny(), otherwise: (String) -> ImagingError
    ) -> ImagingError {
        for source in sources {
            if let failure = source.decodingFailure() { return .decodeFailed(message: failure) }
        }
        return otherwise(message ?? "unknown libvips error")
    }

    /// ``pipelineFailure(sources:message:otherwise:)`` for any operation but an encoder:
    /// ``ImagingError/operationFailed(operation:message:)`` over sound sources.
    static func pipelineError(
        operation: String, sources: [EncodedSource], message: String? = VipsRuntime.takeErrorIfAny()
    ) -> ImagingError {
        pipelineFailure(sources: sources, message: message) { .operationFailed(operation: operation, message: $0) }
    }
}

/// Counters from libvips itself, for tests and leak checks.
public enum ImagingDiagnostics {
    /// The number of libvips images alive in this process, including those held by libvips'
    /// operation cache.
    public static var liveImageCount: Int {
        _ = try? VipsRuntime.ensureStarted()
        return Int(akv_live_image_count())
    }

    /// Serialises drops, which lower and restore the cache's limit.
    private static let dropLock = NSLock()

    /// Evicts every operation from libvips' operation cache, which otherwise keeps recent results
    /// (and their images) alive; the cache itself and its limit stay.
    ///
    /// For streams of one-off frames, whose cached operations only pin memory. (libvips'
    /// `vips_cache_drop_all()` is not used: in 8.14 it frees the cache's table, and the next
    /// cached call crashes.)
    public static func dropOperationCache() {
        _ = try? VipsRuntime.ensureStarted()
        dropLock.lock()
        defer { dropLock.unlock() }
        let limit = vips_cache_get_max()
        vips_cache_set_max(0)
        vips_cache_set_max(limit)
    }

    /// Sets how many operations libvips' cache keeps; 0 turns the cache off.
    public static func setOperationCacheLimit(_ operations: Int) {
        _ = try? VipsRuntime.ensureStarted()
        vips_cache_set_max(Int32(operations))
    }
}
