import CFFmpegShim
import Foundation
import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything needed to write one clip of decoded frames, taken under the lock.
struct ExportJob: Sendable {
    let clip: PlannedClip
    /// Each frame's file and its grid position from the clip's first frame (a gap skips positions).
    let frames: [(url: URL, position: Int64)]
    let startTime: Double
    let eventTimes: [Double]
    let eventOffsets: [Double]
    let gaps: [CaptureGap]
    let isTruncated: Bool
    let generation: Int
    let transform: ExportTransform?
    /// The clip's audio, or `nil` for a silent clip.
    let audio: ClipAudio?
    /// The storage budget counts the clip as its file grows: the shell reports its size before
    /// the encoder writes each packet (``RecorderStateMachine/clipGrowing(id:bytes:packets:)``).
    let countsGrowth: Bool
}

/// Everything needed to write one clip of a passthrough recording, taken under the lock.
struct PacketExportJob: Sendable {
    let clip: PlannedPacketClip
    let groups: [PacketGroup]
    let files: [URL]
    let generation: Int
    let transform: ExportTransform?
    /// The audio around the clip's groups, with the timeline's times; cut to the clip's video
    /// when it is written.
    let audio: ClipAudio?
    /// Where the key frame that ended the clip starts, when it follows the clip's last group
    /// without an outage: the last frame stays on screen until then. (A packet's own duration is
    /// only an estimate for a source timed by arrival, and could end the clip short of its window.)
    let followingKeyPTS: Int64?
}

/// What a written clip file holds, to describe it once it is published.
struct WrittenClip {
    var encoderName: String
    var codecName: String
    var frameCount: Int
    var framerate: Int
    var size: FrameSize
    var startTime: Double
    var eventTimes: [Double]
    var eventOffsets: [Double]
    var gaps: [CaptureGap]
    var duration: Double
    var isTruncated: Bool
    var audioCodecName: String?
}

extension EventRecorder {
    /// Writes one clip of decoded frames (on the export queue).
    func export(_ job: ExportJob) {
        write(clipID: job.clip.id, configuration: job.clip.configuration, generation: job.generation) {
            path throws(RecorderError) in try encode(job, to: path)
        }
    }

    /// Writes one clip of a passthrough recording (on the export queue): remuxed, or decoded and
    /// re-encoded when an export transform is set.
    func export(_ job: PacketExportJob) {
        write(clipID: job.clip.id, configuration: job.clip.configuration, generation: job.generation) {
            path throws(RecorderError) in try PacketClipWriter(job: job).write(to: path, releasing: releaseImageCache)
        }
    }

    /// Encodes into a temporary file in the output directory, flushes it to disk, then renames it
    /// to its final name, so that the final name only ever shows a complete file; then tells
    /// everyone and settles.
    private func write(
        clipID: UUID, configuration: RecorderConfiguration, generation: Int,
        _ body: (String) throws(RecorderError) -> WrittenClip
    ) {
        let format = configuration.exportSettings.format
        let name = Self.clipName(format: format, id: clipID)
        let final = configuration.outputDirectory.appendingPathComponent(name)
        let partial = configuration.outputDirectory.appendingPathComponent(
            BufferDirectory.partialPrefix + name + BufferDirectory.partialSuffix)
        let outcome: Result<CapturedVideoSegment?, RecorderError>
        // The encoder's buffers (tens of MB at 1080p) are freed with it; hand them back to the
        // system rather than leave them in the allocator's arenas between clips.
        defer { Self.returnFreedMemory() }
        do {
            let written = try body(partial.path)
            outcome = .success(
                try publish(
                    written, id: clipID, format: format, generation: generation, partial: partial, final: final))
        } catch {
            outcome = .failure(error)
        }
        if case .failure = outcome { try? FileManager.default.removeItem(at: partial) }
        // Everyone hears of the clip while it still counts as being written, so that nothing
        // waiting for the recorder to go idle (or for a live source's end) hears of that first.
        // The clip's size and when it went out, for the storage budget (read outside the lock).
        var bytes: Int64 = 0
        if case .success(let segment?) = outcome { bytes = Self.fileBytes(at: segment.url) }
        let now = shared.withLock { $0.clock }().timeIntervalSince1970
        send { $0.machine.clipWritten(outcome, fileBytes: bytes, now: now) }
        // The budget is checked while the clip still counts as being written (it stays), and
        // before anyone waiting for the recorder to go idle is woken.
        checkStorageBudget()
        send { $0.machine.exportFinished(id: clipID) }
    }

    private func encode(_ job: ExportJob, to path: String) throws(RecorderError) -> WrittenClip {
        let configuration = job.clip.configuration
        let size = configuration.exportSize
        let rate = configuration.framerate.rawValue
        let writer: VideoClipWriter
        do {
            writer = try VideoClipWriter(
                path: path, container: configuration.exportSettings.format, size: size, framerate: rate,
                settings: configuration.exportSettings, filtered: job.transform != nil, audio: job.audio)
            if job.countsGrowth {
                let id = job.clip.id
                writer.growing = { bytes, packets in self.clipGrowing(id: id, bytes: bytes, packets: packets) }
            }
            if let transform = job.transform {
                let release = releasesImageCache
                try TransformedFrames(
                    transform: transform, size: size, workers: maximumFramesInFlight,
                    afterFrame: { if release { ImagingDiagnostics.dropOperationCache() } }
                ).write(job.frames, into: writer, path: path)
            } else {
                for frame in job.frames {
                    // No pixels to change: FFmpeg decodes the JPEG straight into the encoder's format.
                    try writer.appendJPEG(Data(contentsOf: frame.url), at: frame.position)
                }
            }
            try writer.finish()
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
        let span = (job.frames.last?.position ?? 0) + 1
        return WrittenClip(
            encoderName: writer.encoderName, codecName: writer.encoderName == "libx264" ? "h264" : writer.encoderName,
            frameCount: job.frames.count, framerate: rate, size: size, startTime: job.startTime,
            eventTimes: job.eventTimes, eventOffsets: job.eventOffsets, gaps: job.gaps,
            duration: Double(span) / Double(rate), isTruncated: job.isTruncated, audioCodecName: writer.audioCodecName)
    }

    /// Flushes the file and renames it into place, unless the recorder was reset meanwhile.
    private func publish(
        _ written: WrittenClip, id: UUID, format: VideoFormat, generation: Int, partial: URL, final: URL
    ) throws(RecorderError) -> CapturedVideoSegment? {
        let descriptor = open(partial.path, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        // A reset meanwhile discards the clip. The rename is outside the lock: the machine only
        // decides.
        guard read({ $0.mayPublish(generation: generation) }) else {
            try? FileManager.default.removeItem(at: partial)
            return nil
        }
        guard rename(partial.path, final.path) == 0 else {
            throw .storageFailed(path: final.path, message: String(cString: strerror(errno)))
        }
        return CapturedVideoSegment(
            id: id, url: final, format: format, encoderName: written.encoderName, codecName: written.codecName,
            frameCount: written.frameCount, framerate: written.framerate, size: written.size,
            startTime: written.startTime, eventTimes: written.eventTimes, eventOffsets: written.eventOffsets,
            gaps: written.gaps, duration: written.duration, isTruncated: written.isTruncated,
            audioCodecName: written.audioCodecName)
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
