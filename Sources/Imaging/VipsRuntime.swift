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
        guard let raw = akv_take_error() else { return nil }
        defer { g_free(raw) }
        var lines: [String] = []
        for line in String(cString: raw).split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !lines.contains(trimmed) { lines.append(trimmed) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "; ")
    }

    /// The error for a pipeline that failed while computing pixels. libvips evaluates lazily, so
    /// a corrupt source surfaces only then; its loaders name themselves in the message.
    ///
    /// libvips keeps one error buffer for the whole process, and a thread whose pipeline failed at
    /// the same moment takes this failure's message with its own, or only the loader's part of it
    /// (leaving, say, "vips2png: unable to write to target"). So unless the message left names a
    /// loader, the image's `sources` are decoded again to tell a damaged source from any other
    /// failure.
    static func pipelineError(operation: String, sources: [EncodedSource]) -> ImagingError {
        let message = takeErrorIfAny()
        let loaderMarkers = [
            "load", "VipsJpeg", "VipsPng", "spng", "VipsWebp", "VipsTiff", "heif", "gif", "Premature end",
        ]
        if let message, loaderMarkers.contains(where: { message.localizedCaseInsensitiveContains($0) }) {
            return .decodeFailed(message: message)
        }
        for source in sources {
            if let failure = source.decodingFailure() { return .decodeFailed(message: failure) }
        }
        return .operationFailed(operation: operation, message: message ?? "unknown libvips error")
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
