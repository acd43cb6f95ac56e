import CaptureDevices

/// Camera choices kept in memory, for tests of code that remembers cameras; failures can be
/// scripted to test what the code does when saving or loading fails.
public actor InMemoryCameraChoiceStore: CameraChoiceStore {
    private var stored: CameraChoices
    private var loadFailure: CameraChoiceStoreError?
    private var saveFailure: CameraChoiceStoreError?
    /// How many times choices were saved.
    public private(set) var saveCount = 0

    /// A store holding `choices`.
    /// - Parameter choices: what ``load()`` returns until something is saved.
    public init(_ choices: CameraChoices = CameraChoices()) {
        stored = choices
    }

    /// The choices saved last.
    /// - Returns: the choices.
    /// - Throws: the error given to ``failLoads(with:)``, until it is cleared.
    public func load() throws(CameraChoiceStoreError) -> CameraChoices {
        if let loadFailure { throw loadFailure }
        return stored
    }

    /// Keeps the choices.
    /// - Parameter choices: the choices.
    /// - Throws: the error given to ``failSaves(with:)``, until it is cleared; nothing is kept then.
    public func save(_ choices: CameraChoices) throws(CameraChoiceStoreError) {
        if let saveFailure { throw saveFailure }
        stored = choices
        saveCount += 1
    }

    /// Makes ``load()`` throw `error` (or succeed again, given `nil`).
    /// - Parameter error: the failure, or `nil`.
    public func failLoads(with error: CameraChoiceStoreError?) {
        loadFailure = error
    }

    /// Makes ``save(_:)`` throw `error` (or succeed again, given `nil`).
    /// - Parameter error: the failure, or `nil`.
    public func failSaves(with error: CameraChoiceStoreError?) {
        saveFailure = error
    }
}
