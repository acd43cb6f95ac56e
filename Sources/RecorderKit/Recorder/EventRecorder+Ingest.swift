import Foundation
import Imaging
import Locking

/// Passes a frame's image to the worker that compresses it, which takes it out: a closure's
/// captures live until the dispatch queue releases the closure, after the worker's slot is free.
private final class ImageHandoff: Sendable {
    private let image: Locked<Image?>

    init(_ image: Image) {
        self.image = Locked(image)
    }

    func take() -> Image? {
        image.withLock { $0.take() }
    }
}

extension EventRecorder {
    /// Adds one frame, as a camera callback would.
    ///
    /// The frame is compressed to JPEG and written on a worker thread; this call returns once a
    /// worker has taken it, and waits while all ``maximumFramesInFlight`` workers are busy.
    /// Frames must come in timestamp order (callers on several threads order them themselves).
    ///
    /// - Throws: ``RecorderError/notRecording(state:)`` in state `none`,
    ///   ``RecorderError/nonMonotonicTimestamp(previous:got:)``, the size and rate mismatches when
    ///   ``RecorderConfiguration/frameConversion`` is `.refuse`, and an earlier background
    ///   failure (a full disk, say) not yet reported.
    @discardableResult
    public func push(_ frame: Frame) throws(RecorderError) -> FrameDisposition {
        try enqueue(frame, holdingWorker: false)
    }

    /// Adds a frame decoded from a live source: as ``push(_:)``, but background failures are left
    /// for the delegate and ``capturedSegments()``, so that the recording goes on.
    func pushFromLiveSource(_ frame: Frame) throws(RecorderError) {
        _ = try enqueue(frame, holdingWorker: false, consumesFailure: false)
    }

    /// Adds one frame of raw 8-bit pixels (3-band RGB, 4-band RGBA or 1-band grey).
    ///
    /// The pixels are copied once a worker is free, not before: at 1080p each copy is 6 MB, and
    /// a copy made early would only wait beside the ones being compressed. They are copied into
    /// one of a few buffers the recorder reuses (as many as ``maximumFramesInFlight``), so a frame
    /// costs no fresh allocation; the recorder lets them go at ``stopRecording()``.
    ///
    /// - Throws: ``RecorderError/imaging(_:)`` if the pixels do not make an image (a band count other than 1, 3 or 4,
    ///   or too few samples); otherwise as ``push(_:)``.
    @discardableResult
    public func push(pixels: PixelBuffer, timestamp: Double) throws(RecorderError) -> FrameDisposition {
        encodeSlots.wait()
        let image: Image
        do {
            image = try pixelMemory.image(copying: pixels)
        } catch {
            encodeSlots.signal()
            throw .imaging(error)
        }
        return try enqueue(Frame(image: image, timestamp: timestamp), holdingWorker: true, pooled: true)
    }

    /// Reserves the frame's slots and hands it to a worker; `holdingWorker` says the caller has
    /// already taken a worker slot from `encodeSlots` (and it is given back if the frame is not stored);
    /// `pooled` that the frame's pixels are in ``pixelMemory``.
    private func enqueue(
        _ frame: Frame, holdingWorker: Bool, consumesFailure: Bool = true, pooled: Bool = false
    ) throws(RecorderError) -> FrameDisposition {
        let reservation: FrameReservation
        let preview: (any CameraPreviewView)?
        do {
            let (admission, view) = try shared.withLock { shell throws(RecorderError) in
                (
                    try shell.machine.frameArrived(
                        time: frame.timestamp, size: frame.size, consumesFailure: consumesFailure),
                    shell.preview
                )
            }
            switch admission {
            case .skip(let disposition):
                if holdingWorker { encodeSlots.signal() }
                return disposition
            case .reserve(let reserved):
                reservation = reserved
                preview = view
            }
        } catch {
            if holdingWorker { encodeSlots.signal() }
            throw error
        }
        if !holdingWorker { encodeSlots.wait() }
        let handoff = ImageHandoff(frame.image)
        let large = !pooled && frame.image.width * frame.image.height >= Self.largeFramePixels
        encodeQueue.async {
            // The worker lets go of the pixels before it frees its slot, so no more than
            // maximumFramesInFlight frames are held here (the block itself is released later).
            if let image = handoff.take() { self.store(image, reservation) }
            // A 4K frame's pixels (25 MB) would otherwise stay in the allocator's arenas, one set
            // per worker thread, after they are freed. Pooled pixels are not freed, only reused.
            if large, self.releasesImageCache { Self.returnFreedMemory() }
            self.encodeSlots.signal()
        }
        preview?.display(frame)
        return .stored(slots: reservation.slots.count)
    }

    /// Compresses and writes one frame (on a worker), then records it in the index.
    private func store(_ image: Image, _ reservation: FrameReservation) {
        var failure: RecorderError?
        var encoded: Data?
        var written: [Int] = []
        do {
            let data = try image.fitted(to: reservation.size).encoded(
                as: .jpeg(quality: reservation.quality), stripMetadata: true)
            releaseImageCache()
            encoded = data
            // Admission before growth: the budget makes room for the frame's files first.
            send { $0.machine.frameEncoded(bytes: data.count, slots: reservation.slots.count) }
            for slot in reservation.slots {
                let url = reservation.layout.url(for: slot)
                do {
                    try data.write(to: url)
                } catch {
                    throw RecorderError.storageFailed(path: url.path, message: error.localizedDescription)
                }
                written.append(slot)
            }
        } catch let error as ImagingError {
            failure = .imaging(error)
        } catch let error as RecorderError {
            failure = error
        } catch {
            failure = .storageFailed(path: reservation.layout.frames.path, message: "\(error)")
        }
        send { shell in
            shell.ticked(shell.machine.frameStored(reservation, written: written, byteCount: encoded?.count ?? 0))
        }
        if let failure { report(failure) }
        if reservation.detectsMotion {
            detectMotion(
                sequence: reservation.sequence, encoded: encoded, slot: reservation.slots[reservation.slots.count - 1])
        }
    }

    /// Compares the frame with the one analysed before it (every ``MotionTrigger/frameInterval``th
    /// frame is), in reservation order whatever order the workers finish in, and marks an event at
    /// its slot when it shows motion.
    private func detectMotion(sequence: Int, encoded: Data?, slot: Int) {
        var thumbnail: Image?
        var failure: ImagingError?
        let trigger = currentConfiguration.motionTrigger
        if let encoded, let width = trigger?.analysisWidth, sequence % (trigger?.frameInterval ?? 1) == 0 {
            do {
                // JPEG shrink-on-load: the small copy costs a fraction of a full decode.
                thumbnail = try Image.decodedUncached(encoded, fittingWidth: width)
            } catch {
                failure = error
            }
        }
        let outcome = motion.withLock { sequencer in sequencer.add(sequence, thumbnail, slot: slot) }
        for error in outcome.errors + (failure.map { [$0] } ?? []) {
            report(.imaging(error))
        }
        send { $0.machine.frameAnalysed(analysedThrough: outcome.analysedThrough, events: outcome.events) }
    }
}
