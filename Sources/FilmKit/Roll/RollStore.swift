import Foundation

/// Where a ``Camera`` keeps its rolls: their records, latent shots and developed frames.
///
/// ``FileRollStore`` keeps them on disk; `InMemoryRollStore` in `FilmKitMocks` keeps them in
/// memory for tests. A store does no bookkeeping of its own: the camera decides what to write
/// and in what order, and the store makes each write all-or-nothing. Developing calls
/// ``writeDevelopedFrame(_:for:in:)`` and ``latentData(of:in:)`` from several tasks at once,
/// for different frames, so implementations must be safe to call concurrently.
public protocol RollStore: Sendable {
    /// Every stored roll, with its shots, and the damage found. Leftovers of interrupted writes
    /// (temporary files, a shot's image without its record, a half-deleted roll, developed frames
    /// no roll lists) are removed first; a damaged file (one that exists but cannot be trusted)
    /// is never removed or changed: it is reported in ``RollStoreContents/damage``, and a roll
    /// whose records are damaged is left out of ``RollStoreContents/rolls``.
    /// - Throws: ``RollError/storageFailed(path:reason:)`` when the store cannot be read.
    func loadRolls() throws(RollError) -> RollStoreContents

    /// Repairs one damaged record: rebuilds it from what is left (a backup copy, the shot's
    /// bytes), or moves what cannot be rebuilt aside, unchanged. Never deletes anything.
    /// Developed photos are not the store's to repair (the camera develops them again): for them
    /// this returns no repair.
    /// - Parameter damage: a damage report from ``loadRolls()``.
    /// - Returns: what was done.
    /// - Throws: ``RollError/storageFailed(path:reason:)`` when a file cannot be written or moved.
    func repair(_ damage: RollDamage) throws(RollError) -> [RollRepair]

    /// Whether the store only reads (such as ``FileRollStore/init(readingFolder:)``): then
    /// ``loadRolls()`` removes nothing, every write throws, and a ``Camera`` over it puts right
    /// what a crash left in memory only. `false` unless a store says otherwise.
    var isReadOnly: Bool { get }

    /// Every file kept aside by ``repair(_:)``, now or earlier.
    func keptAsideFiles() -> [String]

    /// Gives back what the store holds for its whole life (``FileRollStore`` its library's lock),
    /// so the library can be opened again at once; the store refuses writes afterwards. A store
    /// that holds nothing does nothing, which is the default.
    func close()

    /// Where a developed photo is kept, for messages (a path, for a store on disk).
    func location(of photo: DevelopedPhoto, in roll: Roll) -> String

    /// Writes the roll's record (everything but the latent shots) atomically, creating the roll
    /// when it is new.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the record cannot be written.
    func save(_ roll: Roll) throws(RollError)

    /// Stores a latent shot's encoded bytes and record. When this returns the shot survives a
    /// crash; when it throws nothing of the shot is visible.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the shot cannot be stored.
    func addShot(_ shot: Shot, data: Data, to roll: Roll) throws(RollError)

    /// The encoded bytes of a latent shot, as they were given.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the bytes cannot be read,
    ///   ``RollError/corruptFile(path:reason:)`` if they are not what was stored.
    func latentData(of shot: Shot, in roll: Roll) throws(RollError) -> Data

    /// Stores a developed frame's bytes atomically. They belong to the roll only once a
    /// ``save(_:)`` lists the photo.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the bytes cannot be written.
    func writeDevelopedFrame(_ data: Data, for photo: DevelopedPhoto, in roll: Roll) throws(RollError)

    /// The encoded bytes of a developed frame.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the bytes cannot be read.
    func developedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data

    /// Removes every developed frame of the roll, for a development that did not finish.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if a frame cannot be removed.
    func discardDevelopedFrames(of roll: Roll) throws(RollError)

    /// Removes the roll and all its files.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the files cannot be removed.
    func delete(_ roll: Roll) throws(RollError)
}

extension RollStore {
    /// A store writes unless it says otherwise.
    public var isReadOnly: Bool { false }

    /// A store holds nothing to give back unless it says otherwise.
    public func close() {}
}

/// What a ``RollStore`` holds: the rolls it can read, and what it found damaged.
public struct RollStoreContents: Sendable, Hashable {
    /// The rolls whose records and shots are whole, in the order they were loaded.
    public var rolls: [Roll]
    /// Damaged files, left as they are.
    public var damage: [RollDamage]

    /// Creates the contents.
    /// - Parameters:
    ///   - rolls: the readable rolls.
    ///   - damage: the damaged files.
    public init(rolls: [Roll], damage: [RollDamage] = []) {
        self.rolls = rolls
        self.damage = damage
    }
}
