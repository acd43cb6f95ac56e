import Foundation
import Imaging

extension MessageTable {
    /// RecorderKit's messages (`Localization/<language>.lproj/RecorderKit.strings`).
    package static let recorderKit = MessageTable(bundle: .module, table: "RecorderKit")
}

private func text(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:]) -> String {
    MessageTable.recorderKit.text(key, locale: locale, arguments)
}

extension RecorderError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func say(_ key: String, _ arguments: [String: String] = [:]) -> String {
            text("RecorderError.\(key)", locale, arguments)
        }
        switch self {
        case .invalidConfiguration(let reason):
            return say("invalidConfiguration", ["reason": reason.localizedDescription(for: locale)])
        case .invalidTransition(let action, let state):
            return say("invalidTransition", ["action": action, "state": "\(state)"])
        case .configurationLocked(let state): return say("configurationLocked", ["state": "\(state)"])
        case .notRecording(let state): return say("notRecording", ["state": "\(state)"])
        case .noFramesYet: return say("noFramesYet")
        case .nonMonotonicTimestamp(let previous, let got):
            return say("nonMonotonicTimestamp", ["previous": "\(previous)", "got": "\(got)"])
        case .frameSizeMismatch(let expected, let got):
            return say("frameSizeMismatch", ["expected": "\(expected)", "got": "\(got)"])
        case .frameRateMismatch(let expected, let step):
            return say("frameRateMismatch", ["expected": String(expected), "step": "\(step)"])
        case .exportsInProgress: return say("exportsInProgress")
        case .bufferDirectoryInUse(let path): return say("bufferDirectoryInUse", ["path": path])
        case .storageFailed(let path, let message): return say("storageFailed", ["path": path, "message": message])
        case .notADirectory(let path): return say("notADirectory", ["path": path])
        case .noFramesInWindow(let times):
            return say("noFramesInWindow", ["times": times.map { "\($0) s" }.joined(separator: ", ")])
        case .exportTransformFailed(let frame, let message):
            return say("exportTransformFailed", ["frame": String(frame), "message": message])
        case .imaging(let error): return say("imaging", ["error": error.localizedDescription(for: locale)])
        case .video(let error): return say("video", ["error": error.localizedDescription(for: locale)])
        case .source(let error): return say("source", ["error": error.localizedDescription(for: locale)])
        case .audio(let error): return say("audio", ["error": error.localizedDescription(for: locale)])
        case .sourceYieldedNoFrames: return say("sourceYieldedNoFrames")
        case .emptyRange(let from, let to): return say("emptyRange", ["from": "\(from)", "to": "\(to)"])
        case .noFootage(let from, let to): return say("noFootage", ["from": "\(from)", "to": "\(to)"])
        }
    }
}

extension VideoIOError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .openFailed(let path, let message):
            return text("VideoIOError.openFailed", locale, ["path": path, "message": message])
        case .noVideoStream(let path): return text("VideoIOError.noVideoStream", locale, ["path": path])
        case .decoderUnavailable(let codec): return text("VideoIOError.decoderUnavailable", locale, ["codec": codec])
        case .encoderUnavailable(let name): return text("VideoIOError.encoderUnavailable", locale, ["name": name])
        case .ffmpeg(let operation, let message):
            return text("VideoIOError.ffmpeg", locale, ["operation": operation, "message": message])
        case .noFrames: return text("VideoIOError.noFrames", locale)
        }
    }
}

extension FrameSourceError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalidParameters(let reason):
            return text(
                "FrameSourceError.invalidParameters", locale, ["reason": reason.localizedDescription(for: locale)])
        case .directoryNotFound(let path): return text("FrameSourceError.directoryNotFound", locale, ["path": path])
        case .emptySequence(let path): return text("FrameSourceError.emptySequence", locale, ["path": path])
        case .unreadableImage(let path, let cause):
            return text(
                "FrameSourceError.unreadableImage", locale,
                ["path": path, "cause": cause.localizedDescription(for: locale)])
        case .imaging(let error):
            return text("FrameSourceError.imaging", locale, ["error": error.localizedDescription(for: locale)])
        case .video(let error): return error.localizedDescription(for: locale)
        case .connectionFailed(let url, let message):
            return text("FrameSourceError.connectionFailed", locale, ["url": url, "message": message])
        case .unsupportedStream(let url, let message):
            return text("FrameSourceError.unsupportedStream", locale, ["url": url, "message": message])
        }
    }
}

extension AudioError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .unsupportedSampleRate(let rate, let codec):
            return text("AudioError.unsupportedSampleRate", locale, ["codec": codec.rawValue, "rate": String(rate)])
        case .unsupportedChannelCount(let count, let codec):
            return text(
                "AudioError.unsupportedChannelCount", locale,
                ["codec": codec.rawValue, "maximum": String(codec.maximumChannels), "count": String(count)])
        case .bitrateOutOfRange(let bitrate):
            return text("AudioError.bitrateOutOfRange", locale, ["bitrate": String(bitrate)])
        case .codecNotInContainer(let codec, let format):
            return text("AudioError.codecNotInContainer", locale, ["codec": codec.rawValue, "format": format.rawValue])
        case .encoderUnavailable(let name): return text("AudioError.encoderUnavailable", locale, ["name": name])
        case .formatMismatch(let reason):
            return text("AudioError.formatMismatch", locale, ["reason": reason.localizedDescription(for: locale)])
        case .nonFiniteSamples: return text("AudioError.nonFiniteSamples", locale)
        case .audioDisabled: return text("AudioError.audioDisabled", locale)
        }
    }
}
