import Foundation

/// Where a ``Camera`` keeps its rolls: their records, latent shots and developed frames.
///
/// ``FileRollStore`` keeps them on disk; `InMemoryRollStore` in `FilmKitMocks` keeps them in
/// memory for tests. A store does no bookkeeping of its own: the camera decides what to write
/// and in what order, and the store makes each write all-or-nothing. Developing calls
/// ``writeDevelopedFrame(_:for:in:)`` and ``latentData(of:in:)`` from several tasks at once,
/// for different frames, so implementations must be safe to call concurrently.
public protocol RollStore: Sendable {
    /// Every stored roll, with its shots. Leftovers of interrupted writes (temporary files, a
    /// shot's image without its record, a half-deleted roll) are removed first.
    func loadRolls() throws(RollError) -> [Roll]

    /// Writes the roll's record (everything but the latent shots) atomically, creating the roll
    /// when it is new.
    func save(_ roll: Roll) throws(RollError)

    /// Stores a latent shot's encoded bytes and record. When this returns the shot survives a
    /// crash; when it throws nothing of the shot is visible.
    func addShot(_ shot: Shot, data: Data, to roll: Roll) throws(RollError)

    /// The encoded bytes of a latent shot, as they were given.
    func latentData(of shot: Shot, in roll: Roll) throws(RollError) -> Data

    /// Stores a developed frame's bytes atomically. They belong to the roll only once a
    /// ``save(_:)`` lists the photo.
    func writeDevelopedFrame(_ data: Data, for photo: DevelopedPhoto, in roll: Roll) throws(RollError)

    /// The encoded bytes of a developed frame.
    func developedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data

    /// Removes every developed frame of the roll, for a development that did not finish.
    func discardDevelopedFrames(of roll: Roll) throws(RollError)

    /// Removes the roll and all its files.
    func delete(_ roll: Roll) throws(RollError)
}
