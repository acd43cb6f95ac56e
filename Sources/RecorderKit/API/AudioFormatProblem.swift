import Foundation
import Imaging

/// Why pushed audio does not match the configuration's ``AudioSettings``: the reason inside
/// ``AudioError/formatMismatch(_:)``, in words RecorderKit translates (English, Slovak, Czech).
public enum AudioFormatProblem: Sendable, Hashable {
    /// The samples have `pushed` channels where ``AudioSettings/channels`` is `configured`.
    case channelCount(pushed: Int, configured: Int)
    /// The samples are at `pushed` Hz where ``AudioSettings/sampleRate`` is `configured`.
    case sampleRate(pushed: Int, configured: Int)
    /// `samples` samples do not make whole sample frames of `channels` channels.
    case partialSampleFrame(samples: Int, channels: Int)
}

extension AudioFormatProblem: LocalizedReason {
    /// RecorderKit's table.
    public static var messageTable: MessageTable { .recorderKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise), in
    /// the plural form the count needs.
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .channelCount(let pushed, let configured):
            plural("channelCount", count: pushed, locale: locale, ["configured": String(configured)])
        case .sampleRate(let pushed, let configured):
            text("sampleRate", locale: locale, ["pushed": String(pushed), "configured": String(configured)])
        case .partialSampleFrame(let samples, let channels):
            plural("partialSampleFrame", count: samples, locale: locale, ["channels": String(channels)])
        }
    }
}
