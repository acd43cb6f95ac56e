import CFFmpeg
import CVipsShim
import Dispatch
import Foundation
import Imaging

/// Writes a clip's stored frames through an export transform (a film look, say), several frames
/// at once: while the encoder, which runs on one thread, takes frame `n`, the next frames are
/// decoded, transformed and converted to the encoder's YUV on other threads. Each frame is
/// rendered into a buffer and a YUV frame that are reused for the whole clip, and converted
/// straight from RGB to YUV without a scaler.
///
/// Frames reach the encoder in order and each depends only on its file and index, so a clip is
/// the same bytes however many are in flight (the transform is called for several frames at
/// once, as ``ExportFrameTransform`` says it may be).
struct TransformedFrames: Sendable {
    let transform: ExportFrameTransform
    let size: FrameSize
    /// Where the frames are made ready.
    let queue: DispatchQueue
    /// How many frames are made ready at once, beside the one being encoded.
    let workers: Int
    /// Run after each frame is made ready (the recorder empties libvips' operation cache).
    let afterFrame: @Sendable () -> Void

    /// Transforms and encodes `frames` (each a stored JPEG file and its grid position) into
    /// `writer`, in order. `path` names the clip in a storage error.
    func write(_ frames: [(url: URL, position: Int64)], into writer: VideoClipWriter, path: String)
        throws(RecorderError)
    {
        let depth = min(frames.count, workers + 1)
        var slots: [FrameSlot] = []
        for _ in 0..<depth {
            let pixels: PixelBuffer
            do {
                pixels = try PixelBuffer(
                    width: size.width, height: size.height, bands: 3,
                    samples: [UInt8](repeating: 0, count: size.width * size.height * 3))
            } catch {
                throw .imaging(error)
            }
            do {
                slots.append(FrameSlot(pixels: pixels, frame: try writer.makeFrame()))
            } catch {
                throw .video(error)
            }
        }
        var submitted = 0
        func submit() {
            let slot = slots[submitted % depth]
            let (url, index) = (frames[submitted].url, submitted)
            let job = self
            queue.async {
                slot.outcome = Result { () throws(RecorderError) in
                    try job.render(url, index: index, into: slot, path: path)
                }
                job.afterFrame()
                slot.finished.signal()
            }
            submitted += 1
        }
        while submitted < depth { submit() }
        var failure: RecorderError?
        // Every frame submitted is waited for, even after a failure: the workers write into the slots.
        for index in 0..<frames.count where index < submitted {
            let slot = slots[index % depth]
            slot.finished.wait()
            guard failure == nil else { continue }
            do throws(RecorderError) {
                try slot.outcome.get()
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

    /// Frame `index`: read, decoded, transformed, fitted to the clip and converted to YUV, into `slot`.
    private func render(_ url: URL, index: Int, into slot: FrameSlot, path: String) throws(RecorderError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .storageFailed(path: path, message: error.localizedDescription)
        }
        do {
            let image: Image
            do {
                image = try transform(Image.decodedUncached(data), index)
            } catch let error as ImagingError {
                throw error
            } catch {
                throw RecorderError.exportTransformFailed(frame: index, message: "\(error)")
            }
            try image.fitted(to: size).pixels(into: &slot.pixels)
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
}

/// One frame on its way to the encoder: its pixels after the transform and the same in YUV.
/// Between its submission and `finished.signal()` only the worker rendering it touches it; after
/// `finished.wait()` only the encoding thread does, so the semaphore orders every access (and
/// ThreadSanitizer, which follows libdispatch, sees that order).
private final class FrameSlot: @unchecked Sendable {
    var pixels: PixelBuffer
    let frame: UnsafeMutablePointer<AVFrame>
    var outcome: Result<Void, RecorderError> = .success(())
    let finished = DispatchSemaphore(value: 0)

    /// Takes `frame` over (and frees it).
    init(pixels: PixelBuffer, frame: UnsafeMutablePointer<AVFrame>) {
        self.pixels = pixels
        self.frame = frame
    }

    deinit {
        var freed: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&freed)
    }
}
