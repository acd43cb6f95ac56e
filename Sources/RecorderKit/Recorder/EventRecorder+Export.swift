import CFFmpegShim
import Foundation
import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything needed to write one clip, taken under the lock.
struct ExportJob: Sendable {
    let clip: PlannedClip
    let frameFiles: [URL]
    let startTime: Double
    let eventTimes: [Double]
    let generation: Int
    let transform: ExportFrameTransform?
}

extension EventRecorder {
    /// Writes one clip (on the export queue): encode into a temporary file in the output
    /// directory, flush it to disk, then rename it to its final name, so that the final name only
    /// ever shows a complete file.
    func export(_ job: ExportJob) {
        let configuration = job.clip.configuration
        let format = configuration.exportSettings.format
        let name = Self.clipName(format: format, id: job.clip.id)
        let final = configuration.outputDirectory.appendingPathComponent(name)
        let partial = configuration.outputDirectory.appendingPathComponent(
            BufferDirectory.partialPrefix + name + BufferDirectory.partialSuffix)
        let outcome: Result<CapturedVideoSegment?, RecorderError>
        // The encoder's buffers (tens of MB at 1080p) are freed with it; hand them back to the
        // system rather than leave them in the allocator's arenas between clips.
        defer { Self.returnFreedMemory() }
        do {
            let encoder = try encode(job, to: partial.path)
            outcome = .success(try publish(job, partial: partial, final: final, encoder: encoder))
        } catch {
            outcome = .failure(error)
        }
        if case .failure = outcome { try? FileManager.default.removeItem(at: partial) }
        let (delegate, continuations) = core.withLock { core in
            if case .success(let segment?) = outcome { core.segments.append(segment) }
            return (core.delegate, Array(core.segmentContinuations.values))
        }
        switch outcome {
        case .success(let segment?):
            delegate?.videoRecorderDidFinishSegment(segment)
            for continuation in continuations { continuation.yield(segment) }
        case .success(nil):
            break
        case .failure(let error):
            report(error)
        }
        // Only now is the clip done: whoever waits in capturedSegments() has been told already.
        let work = core.withLock { core in
            core.exporting[job.clip.id] = nil
            return settle(&core)
        }
        perform(work)
    }

    private func encode(_ job: ExportJob, to path: String) throws(RecorderError) -> String {
        let configuration = job.clip.configuration
        let size = configuration.recordQuality.size
        do {
            let writer = try VideoClipWriter(
                path: path, container: configuration.exportSettings.format, size: size,
                framerate: configuration.framerate.rawValue, settings: configuration.exportSettings)
            for (index, url) in job.frameFiles.enumerated() {
                let data = try Data(contentsOf: url)
                guard let transform = job.transform else {
                    // No pixels to change: FFmpeg decodes the JPEG straight into the encoder's format.
                    try writer.appendJPEG(data)
                    continue
                }
                let image: Image
                do {
                    image = try transform(Image.decodedUncached(data), index)
                } catch let error as ImagingError {
                    throw error
                } catch {
                    throw RecorderError.exportTransformFailed(frame: index, message: "\(error)")
                }
                try writer.append(image.fitted(to: size).pixels())
                releaseImageCache()
            }
            try writer.finish()
            return writer.encoderName
        } catch let error as VideoIOError {
            throw .video(error)
        } catch let error as ImagingError {
            throw .imaging(error)
        } catch let error as RecorderError {
            throw error
        } catch {
            // Reading a frame file failed.
            throw .storageFailed(path: path, message: error.localizedDescription)
        }
    }

    /// Flushes the file and renames it into place, unless the recorder was reset meanwhile.
    private func publish(_ job: ExportJob, partial: URL, final: URL, encoder: String) throws(RecorderError)
        -> CapturedVideoSegment?
    {
        let descriptor = open(partial.path, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        let configuration = job.clip.configuration
        let clip = job.clip
        return try core.withLock { core throws(RecorderError) -> CapturedVideoSegment? in
            guard core.generation == job.generation else {
                try? FileManager.default.removeItem(at: partial)
                return nil
            }
            guard rename(partial.path, final.path) == 0 else {
                throw .storageFailed(path: final.path, message: String(cString: strerror(errno)))
            }
            return CapturedVideoSegment(
                id: clip.id, url: final, format: configuration.exportSettings.format, encoderName: encoder,
                frameCount: job.frameFiles.count, framerate: configuration.framerate.rawValue,
                size: configuration.recordQuality.size, startTime: job.startTime, eventTimes: job.eventTimes,
                isTruncated: clip.start > clip.requestedStart || clip.end < clip.requestedEnd)
        }
    }

    static func returnFreedMemory() {
        akf_return_freed_memory()
    }

    /// `clip-20260101-120000.123-1a2b3c4d.mp4`: sortable by time, unique by the clip's identity.
    static func clipName(format: VideoFormat, id: UUID) -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var moment = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&moment, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d.%03d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), time.tv_nsec / 1_000_000)
        let suffix = id.uuidString.prefix(8).lowercased()
        return "clip-\(stamp)-\(suffix).\(format.fileExtension)"
    }
}
