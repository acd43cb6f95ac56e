import FilmKit
import Foundation
import Locking

/// A `RollStore` in memory, for tests of code that uses a `Camera`.
///
/// Set ``failWrites`` to make every write throw, to check that a failed write changes nothing.
/// Two cameras made over one store share its rolls, as two runs of a program share a folder.
public final class InMemoryRollStore: RollStore {
    private struct Contents {
        var records: [UUID: Roll] = [:]
        var latent: [UUID: [Int: Data]] = [:]
        var developed: [UUID: [Int: Data]] = [:]
        var failWrites = false
    }

    private let contents = Locked(Contents())

    /// Creates an empty store.
    public init() {}

    /// Whether writes throw `RollError.storageFailed(path:reason:)`.
    public var failWrites: Bool {
        get { contents.withLock { $0.failWrites } }
        set { contents.withLock { $0.failWrites = newValue } }
    }

    /// How many developed frames are stored for the roll, listed or not.
    public func developedFrameCount(of rollID: UUID) -> Int {
        contents.withLock { $0.developed[rollID]?.count ?? 0 }
    }

    /// Every roll with its shots; memory is never damaged.
    /// - Returns: the rolls, in the order they were loaded.
    /// - Throws: nothing; the signature is the protocol's.
    public func loadRolls() throws(RollError) -> RollStoreContents {
        let rolls = contents.withLock { contents in
            contents.records.values.map { record in
                var roll = record
                let frames = Set(contents.latent[record.id]?.keys.map { $0 } ?? [])
                roll.replaceShots(with: record.shots.filter { frames.contains($0.frame) })
                return roll
            }
        }
        return RollStoreContents(rolls: rolls.sorted { $0.loadedDate < $1.loadedDate })
    }

    /// Nothing to repair in memory: developed photos are developed again by the camera.
    /// - Parameter damage: ignored.
    /// - Returns: no repair.
    /// - Throws: nothing; the signature is the protocol's.
    public func repair(_ damage: RollDamage) throws(RollError) -> [RollRepair] {
        []
    }

    /// Nothing is kept aside in memory.
    public func keptAsideFiles() -> [String] {
        []
    }

    /// `memory:<roll id>/developed/<frame>`.
    public func location(of photo: DevelopedPhoto, in roll: Roll) -> String {
        "memory:\(roll.id)/developed/\(photo.frame)"
    }

    /// Stores the roll's record.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` while ``failWrites`` is set; nothing is changed
    ///   then.
    public func save(_ roll: Roll) throws(RollError) {
        try write { contents in
            let shots = contents.records[roll.id]?.shots ?? []
            var record = roll
            record.replaceShots(with: shots)
            contents.records[roll.id] = record
        }
    }

    /// Stores the shot's bytes and record together.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` while ``failWrites`` is set; nothing is changed
    ///   then.
    public func addShot(_ shot: Shot, data: Data, to roll: Roll) throws(RollError) {
        try write { contents in
            contents.latent[roll.id, default: [:]][shot.frame] = data
            var record = contents.records[roll.id] ?? roll
            record.replaceShots(with: record.shots + [shot])
            contents.records[roll.id] = record
        }
    }

    /// The stored shot bytes.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` if the shot was never stored.
    public func latentData(of shot: Shot, in roll: Roll) throws(RollError) -> Data {
        guard let data = contents.withLock({ $0.latent[roll.id]?[shot.frame] }) else {
            throw .storageFailed(path: "memory:\(roll.id)/shots/\(shot.frame)", reason: .missing)
        }
        return data
    }

    /// Stores developed bytes.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` while ``failWrites`` is set; nothing is changed
    ///   then.
    public func writeDevelopedFrame(_ data: Data, for photo: DevelopedPhoto, in roll: Roll) throws(RollError) {
        try write { $0.developed[roll.id, default: [:]][photo.frame] = data }
    }

    /// The stored developed bytes.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` if the frame was never stored.
    public func developedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data {
        guard let data = contents.withLock({ $0.developed[roll.id]?[photo.frame] }) else {
            throw .storageFailed(path: "memory:\(roll.id)/developed/\(photo.frame)", reason: .missing)
        }
        return data
    }

    /// Forgets the roll's developed bytes.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` while ``failWrites`` is set; nothing is changed
    ///   then.
    public func discardDevelopedFrames(of roll: Roll) throws(RollError) {
        try write { $0.developed[roll.id] = nil }
    }

    /// Forgets the roll.
    ///
    /// - Throws: `RollError.storageFailed(path:reason:)` while ``failWrites`` is set; nothing is changed
    ///   then.
    public func delete(_ roll: Roll) throws(RollError) {
        try write { contents in
            contents.records[roll.id] = nil
            contents.latent[roll.id] = nil
            contents.developed[roll.id] = nil
        }
    }

    private func write(_ change: (inout Contents) -> Void) throws(RollError) {
        let failed = contents.withLock { contents in
            guard !contents.failWrites else { return true }
            change(&contents)
            return false
        }
        if failed { throw .storageFailed(path: "memory", reason: .system("writes are set to fail")) }
    }
}

/// A `RollClock` that stands still until a test moves it, so a 72-hour development
/// delay passes in an instant.
public final class ManualRollClock: RollClock {
    private let date: Locked<Date>

    /// Creates a clock showing `date`.
    public init(_ date: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        self.date = Locked(date)
    }

    /// The date the clock shows.
    public var now: Date {
        date.withLock { $0 }
    }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}
