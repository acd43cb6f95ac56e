import Foundation
import Imaging

/// Loads rolls of film, shoots them, sends them to the lab, and hands back the photos.
///
/// ```swift
/// let camera = try Camera(store: FileRollStore(folder: library), registry: .shared)
/// try await camera.load("Léto", stock: "kodak-portra-400", size: .twentyFour)
/// try await camera.shoot(encoded: jpeg, on: "Léto", metadata: ShotMetadata(captureDate: .now))
/// try await camera.finishEarly("Léto")            // or shoot all 24
/// for try await step in camera.develop("Léto") { print(step.fractionCompleted) }
/// try await camera.export("leto", to: FolderExportDestination(folder: photos))
/// ```
///
/// Rolls are named by people and found by name, ignoring case and accents ("leto" finds
/// "Léto"). Every change is written to the ``RollStore`` before the call returns, so a restart
/// (a new camera over the same store) sees everything that returned successfully. Opening a
/// store also repairs what a crash may have left: a roll killed while developing goes back to
/// ``RollState/full`` with its latent shots, and a roll whose last shot was stored but not
/// recorded as full becomes full.
///
/// **Damage.** A file damaged from outside (a record that does not decode, a shot that does not
/// match its record, a developed photo that fails its checksum) is never deleted or hidden: a
/// roll whose records are damaged is listed by ``damage()`` (with the file and the reason) and
/// refused by name with ``RollError/damaged(name:file:reason:)`` until ``repair()`` has rebuilt
/// what can be rebuilt and kept the rest aside; ``check()`` reads every developed photo too.
///
/// **Finishing early.** Only a full roll develops. To develop a partly shot roll on purpose, call
/// ``finishEarly(_:)``: the roll becomes full with the shots it has (its
/// ``Roll/exposuresLeft`` drops to 0 and ``Roll/finishedEarly`` is true), as rewinding a film
/// before its end does.
public actor Camera {
    /// How a camera develops.
    public struct Configuration: Sendable {
        /// How long the lab keeps a roll after rendering it.
        public var developmentDelay: DevelopmentDelay
        /// Where the camera reads the time (for dates and the delay).
        public var clock: any RollClock
        /// How many frames are rendered at once; by default one per processor core.
        public var concurrentFrames: Int

        /// Creates a configuration.
        public init(
            developmentDelay: DevelopmentDelay = .none,
            clock: any RollClock = SystemRollClock(),
            concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.developmentDelay = developmentDelay
            self.clock = clock
            self.concurrentFrames = max(1, concurrentFrames)
        }
    }

    /// The camera's settings.
    public nonisolated let configuration: Configuration
    let store: any RollStore
    let registry: FilterRegistry
    var rollsByID: [UUID: Roll] = [:]
    /// Damaged files the store reported when it was last read.
    var damageFound: [RollDamage] = []
    /// Rolls whose development is running in this camera.
    var busy: Set<UUID> = []

    /// Opens the rolls in `store`, repairing what an interrupted process left and listing what
    /// is damaged (see ``damage()``).
    ///
    /// - Parameters:
    ///   - store: where the rolls are kept.
    ///   - registry: where roll stocks are looked up (a stock is a registered filter name); pass
    ///     `.shared` for the registry with FilmKit's built-in looks and stocks.
    ///   - configuration: the development delay, clock and concurrency.
    /// - Throws: the store's errors, such as ``RollError/libraryInUse(path:)``.
    public init(store: any RollStore, registry: FilterRegistry, configuration: Configuration = Configuration())
        throws(RollError)
    {
        self.store = store
        self.registry = registry
        self.configuration = configuration
        (rollsByID, damageFound) = try Self.opened(store, now: configuration.clock.now)
    }

    /// Closes the camera's store (``RollStore/close()``): a ``FileRollStore`` gives its library's
    /// lock back now, rather than whenever the last reference to the camera goes, so the library
    /// can be opened again straight away. Every later change through this camera throws.
    public func close() {
        store.close()
    }

    /// The store's rolls, recovered from an interrupted process, and its damage.
    static func opened(_ store: any RollStore, now: Date) throws(RollError) -> ([UUID: Roll], [RollDamage]) {
        let contents = try store.loadRolls()
        var rolls: [UUID: Roll] = [:]
        for roll in contents.rolls {
            rolls[roll.id] = try recovered(roll, store: store, now: now)
        }
        return (rolls, contents.damage)
    }

    /// A roll as a crash may have left it, put right and saved (in memory only, for a read-only store).
    private static func recovered(_ roll: Roll, store: any RollStore, now: Date) throws(RollError) -> Roll {
        var fixed = roll
        if fixed.state == .loaded, fixed.shots.count >= fixed.size.exposures {
            fixed.state = .full
            fixed.fullDate = fixed.shots.last?.metadata.captureDate ?? now
        }
        // A note saved for a shot whose bytes were never stored (the shot failed, then restoring
        // the record failed too) belongs to no frame.
        for frame in fixed.frameNotes.keys where !fixed.shots.contains(where: { $0.frame == frame }) {
            fixed.frameNotes[frame] = nil
        }
        if fixed.state == .developing, fixed.readyDate == nil {
            if !store.isReadOnly { try store.discardDevelopedFrames(of: fixed) }
            fixed.state = .full
            fixed.photos = []
            fixed.developmentStartedDate = nil
        }
        if fixed != roll, !store.isReadOnly { try store.save(fixed) }
        return fixed
    }

    // MARK: - Loading and shooting

    /// Loads a new roll of `stock` (a registered filter name) holding `size` exposures.
    ///
    /// - Parameters:
    ///   - name: the roll's name, unique ignoring case and accents.
    ///   - stock: a registered filter name.
    ///   - size: how many exposures the roll holds.
    ///   - note: a note on the roll (see ``Roll/normalizedNote(_:)``).
    ///   - format: the film frame the roll is shot on, which sets its grain.
    /// - Throws: ``RollError/invalidName(_:)``, ``RollError/duplicateName(requested:existing:)``
    ///   (names compared ignoring case and accents, damaged rolls' names included),
    ///   ``RollError/unknownStock(_:)``, ``RollError/invalidNote(_:)``.
    @discardableResult
    public func load(
        _ name: String, stock: String, size: RollSize, note: String? = nil, format: FilmFormat = .thirtyFive
    ) throws(RollError) -> Roll {
        let note = try Roll.normalizedNote(note)
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw .invalidName(name) }
        if let existing = rollsByID.values.first(where: { $0.isNamed(trimmed) })?.name
            ?? damageFound.compactMap(\.rollName).first(where: { NameMatcher.fold($0) == NameMatcher.fold(trimmed) })
        {
            throw .duplicateName(requested: trimmed, existing: existing)
        }
        let description: FilterDescription
        do {
            description = try registry.description(of: stock)
        } catch {
            throw .unknownStock(error)
        }
        // A filter registered without a title has its name as title; make that one readable.
        let title = description.title == description.name ? nil : description.title
        var roll = Roll(
            name: trimmed, stock: description.name, stockTitle: title, size: size, loadedDate: configuration.clock.now,
            format: format)
        roll.note = note
        try store.save(roll)
        rollsByID[roll.id] = roll
        return roll
    }

    /// Takes a shot: stores `image` (as a high-quality JPEG) as the roll's next latent frame.
    ///
    /// - Returns: the roll after the shot; its ``Roll/exposuresLeft`` is one less.
    /// - Throws: ``RollError/rollFull(name:exposures:)`` when no exposure is left, and the errors
    ///   of ``shoot(encoded:on:metadata:note:)``. Nothing changes when it throws.
    @discardableResult
    public func shoot(_ image: Image, on name: String, metadata: ShotMetadata, note: String? = nil) throws(RollError)
        -> Roll
    {
        _ = try shootableRoll(named: name)
        let data: Data
        do {
            data = try image.encoded(as: .jpeg(quality: 95))
        } catch {
            throw .invalidImage(error)
        }
        return try shoot(encoded: data, on: name, metadata: metadata, note: note)
    }

    /// Takes a shot from encoded image bytes (JPEG, PNG, WebP, TIFF, HEIF…), stored as given.
    ///
    /// The bytes are decoded once to make sure they develop later. A `note` on the frame is
    /// saved with the roll before the shot is stored (and taken back if storing it fails).
    /// - Throws: ``RollError/rollFull(name:exposures:)``, ``RollError/wrongState(name:state:expected:)``,
    ///   ``RollError/invalidImage(_:)``, ``RollError/invalidLocation(_:)``,
    ///   ``RollError/invalidExposure(_:)``, ``RollError/invalidNote(_:)``, ``RollError/storageFailed(path:reason:)``. Nothing
    ///   changes when it throws.
    @discardableResult
    public func shoot(encoded data: Data, on name: String, metadata: ShotMetadata, note: String? = nil)
        throws(RollError) -> Roll
    {
        var roll = try shootableRoll(named: name)
        let note = try Roll.normalizedNote(note)
        if let location = metadata.location, !location.isValid { throw .invalidLocation(location) }
        if let value = metadata.exposureCompensation, !ShotMetadata.exposureCompensationRange.contains(value) {
            throw .invalidExposure(value)
        }
        do {
            let image = try Image(data: data, options: .init(autorotate: false))
            _ = try image.mean()  // decodes every pixel: a truncated file fails now, not at the lab
        } catch {
            throw .invalidImage(error)
        }
        let shot = Shot(
            frame: (roll.shots.last?.frame ?? 0) + 1, metadata: metadata,
            fileExtension: Shot.fileExtension(of: data), byteCount: data.count)
        let before = roll
        roll.frameNotes[shot.frame] = note
        if roll != before { try store.save(roll) }
        do {
            try store.addShot(shot, data: data, to: roll)
        } catch {
            if roll != before { try? store.save(before) }
            throw error
        }
        roll.shots.append(shot)
        if roll.shots.count >= roll.size.exposures {
            roll.state = .full
            roll.fullDate = configuration.clock.now
            // The shot is stored; if recording "full" fails, opening the store derives it again
            // from the shot count, so the shot is not reported as failed.
            try? store.save(roll)
        }
        rollsByID[roll.id] = roll
        return roll
    }

    /// Finishes a partly shot roll on purpose so that it can be developed with the shots it has.
    ///
    /// - Throws: ``RollError/nothingShot(name:)`` for a roll without shots,
    ///   ``RollError/wrongState(name:state:expected:)`` unless the roll is loaded.
    @discardableResult
    public func finishEarly(_ name: String) throws(RollError) -> Roll {
        var roll = try self.roll(named: name)
        guard roll.state == .loaded else { throw .wrongState(name: roll.name, state: roll.state, expected: .loaded) }
        guard !roll.shots.isEmpty else { throw .nothingShot(name: roll.name) }
        roll.state = .full
        roll.fullDate = configuration.clock.now
        try store.save(roll)
        rollsByID[roll.id] = roll
        return roll
    }

    private func shootableRoll(named name: String) throws(RollError) -> Roll {
        let roll = try self.roll(named: name)
        switch roll.state {
        case .loaded: return roll
        case .full: throw .rollFull(name: roll.name, exposures: roll.size.exposures)
        case .developing, .developed: throw .wrongState(name: roll.name, state: roll.state, expected: .loaded)
        }
    }

    // MARK: - Browsing

    /// Every roll, in the order they were loaded.
    public func rolls() -> [Roll] {
        promoteReadyRolls()
        return rollsByID.values.sorted { ($0.loadedDate, $0.name) < ($1.loadedDate, $1.name) }
    }

    /// The developed rolls (those whose photos can be seen), in the order they were loaded.
    public func developedRolls() -> [Roll] {
        rolls().filter { $0.state == .developed }
    }

    /// The rolls whose name, note or frame notes contain `query`, ignoring case and accents
    /// ("leto" finds "Léto", "cervena" a note saying "Červená"); every roll for an empty query.
    public func search(_ query: String) -> [Roll] {
        rolls().filter { $0.matches(query) }
    }

    // MARK: - Notes

    /// Writes (or, with `nil` or an empty text, removes) the note on a roll. Notes can change
    /// until the roll is sent for development: its photos' EXIF descriptions are written then.
    /// - Returns: the roll with its note.
    /// - Throws: ``RollError/invalidNote(_:)``; ``RollError/wrongState(name:state:expected:)``
    ///   for a roll at the lab or developed; the errors of ``roll(named:)``; ``RollError/storageFailed(path:reason:)``.
    @discardableResult
    public func setNote(_ note: String?, on name: String) throws(RollError) -> Roll {
        let note = try Roll.normalizedNote(note)
        var roll = try annotatableRoll(named: name)
        roll.note = note
        try store.save(roll)
        rollsByID[roll.id] = roll
        return roll
    }

    /// Writes (or, with `nil` or an empty text, removes) the note on a shot frame, as
    /// ``setNote(_:on:)`` does for a roll.
    /// - Returns: the roll with the frame's note.
    /// - Throws: the errors of ``setNote(_:on:)``, ``RollError/frameNotFound(name:frame:frameCount:)``.
    @discardableResult
    public func setNote(_ note: String?, frame: Int, of name: String) throws(RollError) -> Roll {
        let note = try Roll.normalizedNote(note)
        var roll = try annotatableRoll(named: name)
        guard roll.shots.contains(where: { $0.frame == frame }) else {
            throw .frameNotFound(name: roll.name, frame: frame, frameCount: roll.shots.count)
        }
        roll.frameNotes[frame] = note
        try store.save(roll)
        rollsByID[roll.id] = roll
        return roll
    }

    /// A roll whose notes may change: loaded or full, not being developed.
    private func annotatableRoll(named name: String) throws(RollError) -> Roll {
        let roll = try self.roll(named: name)
        guard !busy.contains(roll.id) else { throw .busy(name: roll.name) }
        guard roll.state == .loaded || roll.state == .full else {
            throw .wrongState(name: roll.name, state: roll.state, expected: .full)
        }
        return roll
    }

    /// The roll named `name`, ignoring case and accents.
    /// - Throws: ``RollError/damaged(name:file:reason:)`` for a roll whose records are damaged,
    ///   ``RollError/rollNotFound(name:suggestions:)``.
    public func roll(named name: String) throws(RollError) -> Roll {
        promoteReadyRolls()
        guard let roll = rollsByID.values.first(where: { $0.isNamed(name) }) else {
            let folded = NameMatcher.fold(name)
            if let damage = damageFound.first(where: { $0.rollName.map(NameMatcher.fold) == folded }) {
                throw .damaged(name: damage.rollName ?? name, file: damage.file, reason: damage.reason)
            }
            let names = rollsByID.values.map(\.name)
            throw .rollNotFound(name: name, suggestions: NameMatcher.closeMatches(to: name, in: names))
        }
        return roll
    }

    /// The damage the store reported when the camera opened it (or after the last repair): every
    /// roll whose records are damaged, and developed photos that are missing. ``check()`` also
    /// reads every developed photo.
    public func damage() -> [RollDamage] {
        damageFound
    }

    /// The developed photos of a roll, in frame order.
    /// - Throws: ``RollError/notReady(name:readyDate:)`` while the lab holds the roll,
    ///   ``RollError/wrongState(name:state:expected:)`` before it is developed.
    public func photos(of name: String) throws(RollError) -> [DevelopedPhoto] {
        try developedRoll(named: name).photos
    }

    /// The encoded bytes of one developed photo, checked against its checksum.
    /// - Throws: the errors of ``photos(of:)``, ``RollError/frameNotFound(name:frame:frameCount:)``,
    ///   ``RollError/corruptPhoto(name:frame:reason:)``.
    public func photoData(frame: Int, of name: String) throws(RollError) -> Data {
        let roll = try developedRoll(named: name)
        return try verifiedData(of: photo(frame, of: roll), in: roll)
    }

    /// A developed photo's bytes, refused unless they match the checksum recorded at development.
    func verifiedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data {
        switch readDeveloped(photo, in: roll) {
        case .success(let data): return data
        case .failure(let problem): throw .corruptPhoto(name: roll.name, frame: photo.frame, reason: problem.reason)
        }
    }

    /// Why a developed photo cannot be handed out, or `nil` when its bytes are whole.
    func problem(with photo: DevelopedPhoto, in roll: Roll) -> RollProblem? {
        guard case .failure(let problem) = readDeveloped(photo, in: roll) else { return nil }
        return problem.reason
    }

    private struct PhotoProblem: Error {
        let reason: RollProblem
    }

    private func readDeveloped(_ photo: DevelopedPhoto, in roll: Roll) -> Result<Data, PhotoProblem> {
        let data: Data
        do {
            data = try store.developedData(of: photo, in: roll)
        } catch {
            return .failure(PhotoProblem(reason: .unreadable("\(error)")))
        }
        guard photo.matches(data) else {
            return .failure(PhotoProblem(reason: .checksumMismatch(bytes: data.count)))
        }
        return .success(data)
    }

    /// Deletes a roll with all its shots and photos.
    /// - Throws: ``RollError/busy(name:)`` while it is being developed.
    public func delete(_ name: String) throws(RollError) {
        let roll = try self.roll(named: name)
        guard !busy.contains(roll.id) else { throw .busy(name: roll.name) }
        try store.delete(roll)
        rollsByID[roll.id] = nil
    }

    // MARK: - Exporting

    /// Exports every photo of a developed roll, in frame order, each with its EXIF.
    ///
    /// The camera stays usable while a destination saves (other calls may run between photos);
    /// the photos exported are those of the roll when the export began.
    /// - Returns: the photos exported.
    /// - Throws: the errors of ``photos(of:)``; ``RollError/corruptPhoto(name:frame:reason:)`` for
    ///   a photo whose bytes fail their checksum (nothing of it reaches the destination);
    ///   ``RollError/exportFailed(name:frame:reason:)`` when the destination refuses a photo (the
    ///   photos before it stay exported).
    @discardableResult
    public func export(_ name: String, to destination: any RollExportDestination) async throws(RollError)
        -> [DevelopedPhoto]
    {
        let roll = try developedRoll(named: name)
        for photo in roll.photos {
            try await export(photo, of: roll, to: destination)
        }
        return roll.photos
    }

    /// Exports one photo of a developed roll.
    /// - Throws: the errors of ``photoData(frame:of:)`` and ``RollError/exportFailed(name:frame:reason:)``.
    @discardableResult
    public func export(frame: Int, of name: String, to destination: any RollExportDestination) async throws(RollError)
        -> DevelopedPhoto
    {
        let roll = try developedRoll(named: name)
        let photo = try photo(frame, of: roll)
        try await export(photo, of: roll, to: destination)
        return photo
    }

    private func export(_ photo: DevelopedPhoto, of roll: Roll, to destination: any RollExportDestination)
        async throws(RollError)
    {
        let data = try verifiedData(of: photo, in: roll)
        do {
            try await destination.store(data, metadata: photo)
        } catch {
            throw .exportFailed(name: roll.name, frame: photo.frame, reason: RollProblem(causedBy: error))
        }
    }

    private func developedRoll(named name: String) throws(RollError) -> Roll {
        let roll = try self.roll(named: name)
        guard roll.state == .developed else {
            if roll.state == .developing, let readyDate = roll.readyDate {
                throw .notReady(name: roll.name, readyDate: readyDate)
            }
            throw .wrongState(name: roll.name, state: roll.state, expected: .developed)
        }
        return roll
    }

    private func photo(_ frame: Int, of roll: Roll) throws(RollError) -> DevelopedPhoto {
        guard let photo = roll.photos.first(where: { $0.frame == frame }) else {
            throw .frameNotFound(name: roll.name, frame: frame, frameCount: roll.photos.count)
        }
        return photo
    }

    /// Hands back the rolls whose development delay has passed.
    func promoteReadyRolls() {
        let now = configuration.clock.now
        for var roll in rollsByID.values
        where roll.state == .developing && !busy.contains(roll.id) && (roll.readyDate.map { $0 <= now } ?? false) {
            roll.state = .developed
            // The ready date is stored, so a failed save is only repeated at the next look.
            try? store.save(roll)
            rollsByID[roll.id] = roll
        }
    }
}
