import Foundation
import Imaging

extension Camera {
    /// Develops a full roll and reports its progress as it goes; the last element is
    /// ``DevelopProgress/finished(_:)`` with the developed roll.
    ///
    /// Stopping the iteration early (or cancelling the task that iterates) cancels the
    /// development, which leaves the roll ``RollState/full`` with no developed frame. To wait
    /// for that clean-up to end, use ``develop(_:progress:)`` in a task you cancel.
    public nonisolated func develop(_ name: String) -> AsyncThrowingStream<DevelopProgress, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await self.develop(name) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Develops a full roll: applies its stock to every frame, several frames at once (one per
    /// core by default), each with its own seed from the roll's identity and the frame number,
    /// so developing the same roll twice gives the same bytes.
    ///
    /// The frames are rendered into the store first and become the roll's photos in one atomic
    /// save at the end. With a ``DevelopmentDelay`` the roll then stays
    /// ``RollState/developing`` until its ``Roll/readyDate``. When the task is cancelled, or a
    /// frame fails, the rendered frames are removed and the roll is ``RollState/full`` again.
    ///
    /// - Parameters:
    ///   - name: the roll's name, compared ignoring case and accents.
    ///   - progress: called after each step, from the developing task.
    /// - Returns: the roll after development.
    /// - Throws: `CancellationError`; ``RollError/wrongState(name:state:expected:)`` unless the
    ///   roll is full; ``RollError/busy(name:)``; ``RollError/unknownStock(_:)`` when the stock is
    ///   no longer registered; ``RollError/developmentFailed(name:frame:reason:)``.
    @discardableResult
    public func develop(_ name: String, progress: @Sendable (DevelopProgress) -> Void) async throws -> Roll {
        var roll = try self.roll(named: name)
        guard !busy.contains(roll.id) else { throw RollError.busy(name: roll.name) }
        guard roll.state == .full else {
            throw RollError.wrongState(name: roll.name, state: roll.state, expected: .full)
        }
        let filter: any Filter
        do {
            filter = try registry.makeFilter(roll.stock)
        } catch let error as FilterError {
            throw RollError.unknownStock(error)
        }
        try Task.checkCancellation()

        let full = roll
        roll.state = .developing
        roll.developmentStartedDate = configuration.clock.now
        try store.save(roll)
        rollsByID[roll.id] = roll
        busy.insert(roll.id)
        defer { busy.remove(roll.id) }
        progress(.started(frames: roll.shots.count))

        do {
            let photos = try await Self.render(
                roll, with: filter, store: store, concurrency: configuration.concurrentFrames, progress: progress)
            try Task.checkCancellation()
            let now = configuration.clock.now
            roll.photos = photos
            roll.readyDate = now.addingTimeInterval(configuration.developmentDelay.seconds)
            roll.state = configuration.developmentDelay.seconds > 0 ? .developing : .developed
            try store.save(roll)
        } catch {
            // Back to full: the rendered frames go first, so no half-developed roll is ever listed.
            try? store.discardDevelopedFrames(of: full)
            try? store.save(full)
            rollsByID[full.id] = full
            throw error
        }
        rollsByID[roll.id] = roll
        progress(.finished(roll))
        return roll
    }

    /// Renders every latent shot of `roll` into the store, at most `concurrency` at a time.
    private static func render(
        _ roll: Roll,
        with filter: any Filter,
        store: any RollStore,
        concurrency: Int,
        progress: @Sendable (DevelopProgress) -> Void
    ) async throws -> [DevelopedPhoto] {
        try await withThrowingTaskGroup(of: DevelopedPhoto.self) { group in
            var pending = roll.shots[...]
            var photos: [DevelopedPhoto] = []
            for _ in 0..<concurrency {
                guard let shot = pending.popFirst() else { break }
                group.addTask { try developFrame(shot, of: roll, with: filter, store: store) }
            }
            while let photo = try await group.next() {
                photos.append(photo)
                progress(.developed(frame: photo.frame, completed: photos.count, total: roll.shots.count))
                if let shot = pending.popFirst() {
                    group.addTask { try developFrame(shot, of: roll, with: filter, store: store) }
                }
            }
            return photos.sorted { $0.frame < $1.frame }
        }
    }

    /// Develops one frame: decode the latent bytes, apply the stock with the frame's seed, encode
    /// and store; the record carries the checksum of the bytes stored.
    static func developFrame(_ shot: Shot, of roll: Roll, with filter: any Filter, store: any RollStore)
        throws -> DevelopedPhoto
    {
        try Task.checkCancellation()
        let latent = try store.latentData(of: shot, in: roll)
        let record = DevelopedPhoto(
            frame: shot.frame, of: roll, metadata: shot.metadata, fileExtension: DevelopedFrameEncoder.fileExtension)
        let data: Data
        do {
            let image = try Image(data: latent).normalizedToSRGB()
            let developed = try filter.apply(
                to: image, context: FilterContext(seed: roll.seed(forFrame: shot.frame), format: roll.format))
            data = try DevelopedFrameEncoder.encode(developed, metadata: record)
        } catch {
            throw RollError.developmentFailed(name: roll.name, frame: shot.frame, reason: RollProblem(causedBy: error))
        }
        try Task.checkCancellation()
        let photo = record.checksummed(data)
        try store.writeDevelopedFrame(data, for: photo, in: roll)
        return photo
    }
}
