import CFFmpeg
import CRecorderKernels
import FilmKit
import Foundation
import Imaging

/// Writes a clip's stored frames through an export transform (a film look, say) as a pipeline:
/// while the encoder, on the calling thread, takes frame `n`, the next frames are read, decoded,
/// transformed and converted to the encoder's YUV on threads of their own, one a frame in flight.
/// Dedicated threads, not a dispatch queue: the workers block in libvips and libdispatch only
/// adds threads for blocked ones after a delay, which left the stages running one after another.
/// Each frame is rendered into buffers and a YUV frame reused for the whole clip, and converted
/// straight from RGB to YUV without a scaler. A FilmKit look set through `setExportFilter` takes
/// the look's pixel path: the JPEG is decoded into a reused buffer and the film pass renders from
/// it into another, with no allocation a frame.
///
/// Frames reach the encoder in order and each depends only on its file and index, so a clip is
/// the same bytes however many are in flight (the transform is called for several frames at
/// once, as ``ExportFrameTransform`` says it may be).
struct TransformedFrames: Sendable {
    let transform: ExportTransform
    let size: FrameSize
    /// How many frames are made ready at once, beside the one being encoded.
    let workers: Int
    /// Run after each frame is made ready (the recorder empties libvips' operation cache).
    let afterFrame: @Sendable () -> Void

    /// Transforms and encodes `frames` (each a stored JPEG file and its grid position) into
    /// `writer`, in order. `path` names the clip in a storage error.
    func write(_ frames: [(url: URL, position: Int64)], into writer: VideoClipWriter, path: String)
        throws(RecorderError)
    {
        let depth = min(frames.count, max(workers, 1) + 1)
        var slots: [FrameSlot] = []
        // Every thread started is stopped, however this returns; a thread keeps its slot alive.
        defer { for slot in slots { slot.stop() } }
        for _ in 0..<depth {
            do {
                let slot = FrameSlot(
                    pixels: try blank(), decoded: transform.look == nil ? nil : try blank(),
                    frame: try writer.makeFrame())
                slots.append(slot)
                let job = self
                slot.start(name: "RecorderKit.export-frame") { url, index in
                    defer { job.afterFrame() }
                    return Result { () throws(RecorderError) in
                        try job.render(url, index: index, into: slot, path: path)
                    }
                }
            } catch let error as ImagingError {
                throw .imaging(error)
            } catch let error as VideoIOError {
                throw .video(error)
            } catch {
                throw .exportTransformFailed(frame: 0, message: "\(error)")
            }
        }
        var submitted = 0
        func submit() {
            slots[submitted % depth].render(url: frames[submitted].url, index: submitted)
            submitted += 1
        }
        while submitted < depth { submit() }
        var failure: RecorderError?
        // Every frame submitted is waited for, even after a failure: the workers write into the slots.
        for index in 0..<frames.count where index < submitted {
            let slot = slots[index % depth]
            let outcome = slot.finish()
            guard failure == nil else { continue }
            do throws(RecorderError) {
                try outcome.get()
                do {
                    try writer.encode(slot.frame, at: frames[index].position)
                } catch {
                    throw .video(error)
                }
                if submitted < frames.count { submit() }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// A black 8-bit RGB frame of the clip's size.
    private func blank() throws(ImagingError) -> PixelBuffer {
        try PixelBuffer(
            width: size.width, height: size.height, bands: 3,
            samples: [UInt8](repeating: 0, count: size.width * size.height * 3))
    }

    /// Frame `index`: read, decoded, transformed, fitted to the clip and converted to YUV, into `slot`.
    private func render(_ url: URL, index: Int, into slot: FrameSlot, path: String) throws(RecorderError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .storageFailed(path: path, message: error.localizedDescription)
        }
        do {
            if let look = transform.look, var decoded = slot.decoded {
                // Out of the slot while it is written, so that its samples are not copied on write.
                slot.decoded = nil
                defer { slot.decoded = decoded }
                try Image.decodeUncached(data, into: &decoded)
                if decoded.width == size.width, decoded.height == size.height, decoded.bands == 3 {
                    // The look's pixel path: memory to memory, the same pixels as `look.apply`.
                    try look.render(decoded, index: index, into: &slot.pixels)
                } else {
                    try transformed(Image(pixels: decoded), index: index).fitted(to: size).pixels(into: &slot.pixels)
                }
            } else {
                try transformed(Image.decodedUncached(data), index: index).fitted(to: size).pixels(into: &slot.pixels)
            }
        } catch let error as ImagingError {
            throw .imaging(error)
        } catch let error as RecorderError {
            throw error
        } catch {
            throw .exportTransformFailed(frame: index, message: "\(error)")
        }
        guard slot.pixels.bands == 3 else {
            throw .exportTransformFailed(frame: index, message: "the frame has \(slot.pixels.bands) bands, not 3")
        }
        do {
            // The encoder may still hold the frame it was last given; then this makes a new one.
            try FFmpegRuntime.check(av_frame_make_writable(slot.frame), "av_frame_make_writable")
        } catch {
            throw .video(error)
        }
        let (planes, lines) = FFmpegRuntime.planes(of: slot.frame)
        slot.pixels.samples.withUnsafeBufferPointer { rgb in
            akv_rgb_to_yuv420(
                rgb.baseAddress, size.width * 3, Int32(size.width), Int32(size.height), planes[0], Int(lines[0]),
                planes[1], Int(lines[1]), planes[2], Int(lines[2]))
        }
    }

    /// The export transform on one frame; an error other than libvips' is the transform's.
    private func transformed(_ image: Image, index: Int) throws -> Image {
        do {
            return try transform.apply(image, index)
        } catch let error as ImagingError {
            throw error
        } catch {
            throw RecorderError.exportTransformFailed(frame: index, message: "\(error)")
        }
    }
}

/// One frame on its way to the encoder, and the thread that makes it ready: its pixels after the
/// transform (and, on a look's pixel path, as decoded) and the same in YUV. The encoding thread
/// hands the slot a frame with ``render(url:index:)`` and takes it back with ``finish()``; the
/// semaphores order every access between the two threads (only one of them touches the slot at
/// a time, and ThreadSanitizer sees that order).
private final class FrameSlot: @unchecked Sendable {
    var pixels: PixelBuffer
    var decoded: PixelBuffer?
    let frame: UnsafeMutablePointer<AVFrame>
    private var request: (url: URL, index: Int)?
    private var outcome: Result<Void, RecorderError> = .success(())
    private let requested = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var running = false

    /// Takes `frame` over (and frees it).
    init(pixels: PixelBuffer, decoded: PixelBuffer?, frame: UnsafeMutablePointer<AVFrame>) {
        self.pixels = pixels
        self.decoded = decoded
        self.frame = frame
    }

    deinit {
        var freed: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&freed)
    }

    /// Starts the slot's thread, which runs `work` on each frame it is handed until ``stop()``.
    func start(name: String, _ work: @escaping @Sendable (URL, Int) -> Result<Void, RecorderError>) {
        let thread = Thread { [self] in
            while true {
                requested.wait()
                guard let (url, index) = request else { return }
                outcome = work(url, index)
                finished.signal()
            }
        }
        thread.name = name
        // libvips and libjpeg run on this thread: the usual 8 MB of (reserved, not resident) stack.
        thread.stackSize = 8 << 20
        running = true
        thread.start()
    }

    /// Hands the slot frame `index`, stored at `url`.
    func render(url: URL, index: Int) {
        request = (url, index)
        requested.signal()
    }

    /// Waits until the frame handed last is ready, and says whether it is.
    func finish() -> Result<Void, RecorderError> {
        finished.wait()
        return outcome
    }

    /// Ends the slot's thread; only once every frame handed to it has been waited for.
    func stop() {
        guard running else { return }
        running = false
        request = nil
        requested.signal()
    }
}
