import Foundation

/// Keeps an app's ``CameraChoices`` between runs. ``FileCameraChoiceStore`` keeps them in a file;
/// `InMemoryCameraChoiceStore` in the `CaptureDevicesMocks` product keeps them for a test.
public protocol CameraChoiceStore: Sendable {
    /// The choices saved last; empty choices when nothing was ever saved.
    /// - Returns: the choices.
    /// - Throws: ``CameraChoiceStoreError`` when saved choices exist but cannot be read.
    func load() async throws(CameraChoiceStoreError) -> CameraChoices

    /// Saves the choices, replacing what was saved before.
    /// - Parameter choices: the choices.
    /// - Throws: ``CameraChoiceStoreError/writeFailed(path:reason:)`` when they cannot be saved;
    ///   what was saved before is then unchanged.
    func save(_ choices: CameraChoices) async throws(CameraChoiceStoreError)
}

/// Why remembered camera choices could not be loaded or saved.
public enum CameraChoiceStoreError: Error, Sendable, Hashable {
    /// The file exists but could not be read (permissions, a folder in its place); `reason` is
    /// the system's words.
    case unreadable(path: String, reason: String)
    /// The file was read but is not valid choices: `reason` says why, naming the field. The file
    /// is left as it is, for the user to inspect; the next save replaces it.
    case damaged(path: String, reason: CameraChoicesProblem)
    /// The choices could not be written; `reason` is the system's words.
    case writeFailed(path: String, reason: String)
}

extension CameraChoiceStoreError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
