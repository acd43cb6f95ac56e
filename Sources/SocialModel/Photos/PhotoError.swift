/// Why an uploaded photo, or the filter asked for it, was refused.
public enum PhotoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image the processor can read, are truncated or corrupt, or declare
    /// more pixels than allowed; the processor's own words.
    case unusable(reason: String)
    /// No filter is known by this name; `suggestions` are known names close to it.
    case unknownFilter(name: String, suggestions: [String])
    /// The filter exists but its parameters are wrong (unknown, out of range); the reason in words.
    case invalidFilterParameters(filter: String, reason: String)
    /// The filter failed while rendering the photo.
    case filterFailed(filter: String, reason: String)
    /// Every photo job is running and the queue of waiting ones is full; try again after
    /// `retryAfter` seconds. Not the photo's fault: the same upload may succeed later.
    case busy(retryAfter: Int)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .unusable(let reason): "the photo cannot be used: \(reason)"
        case .unknownFilter(let name, let suggestions):
            "no filter named '\(name)'"
                + (suggestions.isEmpty
                    ? "" : "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?")
        case .invalidFilterParameters(let filter, let reason):
            "the parameters of the filter '\(filter)' are not valid: \(reason)"
        case .filterFailed(let filter, let reason): "the filter '\(filter)' failed: \(reason)"
        case .busy(let retryAfter): "the server is processing too many photos; try again in \(retryAfter) s"
        }
    }
}
