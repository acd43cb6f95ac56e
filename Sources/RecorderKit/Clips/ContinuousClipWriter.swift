import CFFmpeg
import CFFmpegShim
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Does a continuous recording's ``SegmentWork`` on a queue of its own, in the order the state
/// machine decided it (the shell enqueues it under its lock; the I/O runs outside it): each
/// segment is remuxed as it comes into a temporary MP4 file, renamed to its final name when it
/// closes.
final class SegmentFileWriter: @unchecked Sendable {
    // `remuxer`, `base`, `failure` are used on `queue` only.
    private let queue = DispatchQueue(label: "RecorderKit.segments", qos: .utility)
    private var remuxer: ClipRemuxer?
    /// The open segment's first decoding time (ticks): its file starts there.
    private var base: Int64?
    private var failure: VideoIOError?
    /// Told (on the queue) when a segment could not be written: its final URL and why.
    private let failed: @Sendable (URL, RecorderError) -> Void
    /// Told (on the queue) when a purged segment's file is gone.
    private let deleted: @Sendable (URL) -> Void
    /// Waits (on the queue) until the deletions of a batch and those before it are done.
    private let awaitDeletions: @Sendable (Int) -> Void

    init(
        failed: @escaping @Sendable (URL, RecorderError) -> Void, deleted: @escaping @Sendable (URL) -> Void,
        awaitDeletions: @escaping @Sendable (Int) -> Void
    ) {
        self.failed = failed
        self.deleted = deleted
        self.awaitDeletions = awaitDeletions
    }

    /// Queues `work`, in order.
    func enqueue(_ work: [SegmentWork]) {
        guard !work.isEmpty else { return }
        queue.async { for item in work { self.perform(item) } }
    }

    /// Waits until everything queued before is done (an export reads closed segments after it).
    func drain() {
        queue.sync {}
    }

    private func perform(_ work: SegmentWork) {
        switch work {
        case .open(let url, let parameters):
            remuxer = nil
            base = nil
            failure = nil
            do {
                remuxer = try ClipRemuxer(path: url.path, container: .mp4, parameters: parameters)
            } catch {
                failure = error
            }
        case .write(let bytes, let pts, let dts, let duration, let isKey):
            guard let remuxer, failure == nil else { return }
            let base = base ?? dts
            self.base = base
            failure = bytes.withUnsafeBytes { buffer in
                do throws(VideoIOError) {
                    try remuxer.write(
                        buffer, pts: pts - base, dts: dts - base, duration: max(1, duration), isKey: isKey)
                    return nil
                } catch {
                    return error
                }
            }
        case .close(let segment, let partial):
            defer {
                remuxer = nil
                failure = nil
            }
            do throws(VideoIOError) {
                if let failure { throw failure }
                guard let remuxer else { throw .noFrames }
                try remuxer.finish()
            } catch {
                try? FileManager.default.removeItem(at: partial)
                failed(segment.url, .video(error))
                return
            }
            guard rename(partial.path, segment.url.path) == 0 else {
                let message = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: partial)
                failed(segment.url, .storageFailed(path: segment.url.path, message: message))
                return
            }
        case .delete(let url):
            try? FileManager.default.removeItem(at: url)
            deleted(url)
        case .awaitDeletions(let batch):
            awaitDeletions(batch)
        }
    }

    /// The closed segments in `directory` (their names and sizes), deleting the temporary files
    /// of segments a crash left open (an MP4 without its index cannot be read).
    static func scan(_ directory: URL) -> [(url: URL, bytes: Int64)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            let url = directory.appendingPathComponent(name)
            guard name.hasPrefix("segment-") else { return nil }
            if name.hasSuffix(ContinuousTimeline.partialSuffix) {
                try? FileManager.default.removeItem(at: url)
                return nil
            }
            return (url, EventRecorder.fileBytes(at: url))
        }
    }
}

/// Writes a range of a continuous recording as one clip without re-encoding
/// (``EventRecorder/exportContinuous(from:to:)``): the packets of its segments from the key
/// frame the plan starts at, up to the packet whose decoding time reaches its end. Segments
/// whose stream differs from the first one's (a camera that came back at another size) end the
/// clip, which is then marked truncated.
struct ContinuousClipWriter {
    let plan: TimelineExportPlan
    /// The range asked for (ticks since 1970).
    let requested: Range<Int64>

    /// One packet read back, on the wall clock (ticks since 1970).
    private struct Packet {
        var data: Data
        var pts: Int64
        var dts: Int64
        var duration: Int64
        var isKey: Bool
    }

    /// Writes the clip to `path` and describes it (`id`, `url`: the published clip's).
    func write(to path: String, id: UUID, url: URL) throws(RecorderError) -> CapturedVideoSegment {
        var remuxer: ClipRemuxer?
        var parameters: StreamParameters?
        var pending: Packet?
        var base: Int64 = 0
        var start: Int64?
        var end: Int64 = 0
        var count = 0
        var truncated = false
        do throws(VideoIOError) {
            segments: for segment in plan.segments {
                let reader = try SegmentReader(path: segment.url.path)
                if let first = parameters {
                    guard reader.parameters.isCompatible(with: first) else {
                        truncated = true
                        break segments
                    }
                } else {
                    parameters = reader.parameters
                    remuxer = try ClipRemuxer(path: path, container: .mp4, parameters: reader.parameters)
                }
                var origin: Int64?
                while let read = try reader.next() {
                    // The segment's first key frame is at its start.
                    guard let shift = origin ?? (read.isKey ? segment.start - read.pts : nil) else { continue }
                    origin = shift
                    let packet = Packet(
                        data: read.data, pts: read.pts + shift, dts: read.dts + shift, duration: read.duration,
                        isKey: read.isKey)
                    if start == nil {
                        // The first packet: the key frame at the plan's start (times read back
                        // may be rounded by the container's time scale: half a frame of slack).
                        guard packet.isKey, packet.pts >= plan.start - max(1, packet.duration / 2) else { continue }
                        start = packet.pts
                        base = packet.dts
                    }
                    guard packet.dts < plan.end else { break segments }
                    if let previous = pending, let remuxer {
                        // A packet lasts until the next one (across a gap too: the gap is listed).
                        try write(previous, until: packet.dts, base: base, into: remuxer)
                        count += 1
                    }
                    pending = packet
                }
            }
            if let last = pending, let remuxer {
                try write(last, until: last.dts + max(1, last.duration), base: base, into: remuxer)
                count += 1
                end = last.pts + max(1, last.duration)
            }
            try remuxer?.finish()
        } catch {
            throw .video(error)
        }
        guard let start, let parameters, count > 0 else {
            throw .noFootage(
                from: PacketTimeline.seconds(requested.lowerBound), to: PacketTimeline.seconds(requested.upperBound))
        }
        let gaps = plan.gaps.filter { $0.lowerBound < end }.map { gap in
            CaptureGap(
                offset: PacketTimeline.seconds(gap.lowerBound - start),
                duration: PacketTimeline.seconds(min(gap.upperBound, end) - gap.lowerBound))
        }
        let rate = parameters.frameRate > 0 ? Int(parameters.frameRate.rounded()) : 30
        return CapturedVideoSegment(
            id: id, url: url, format: .mp4, encoderName: "copy", codecName: parameters.codecName, frameCount: count,
            framerate: rate, size: parameters.size, startTime: PacketTimeline.seconds(start), eventTimes: [],
            eventOffsets: [], gaps: gaps, duration: PacketTimeline.seconds(end - start),
            isTruncated: truncated || start > requested.lowerBound || end < requested.upperBound || !gaps.isEmpty)
    }

    private func write(_ packet: Packet, until next: Int64, base: Int64, into remuxer: ClipRemuxer)
        throws(VideoIOError)
    {
        let failure = packet.data.withUnsafeBytes { bytes -> VideoIOError? in
            do throws(VideoIOError) {
                try remuxer.write(
                    bytes, pts: packet.pts - base, dts: packet.dts - base, duration: max(1, next - packet.dts),
                    isKey: packet.isKey)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

/// Reads the video packets of a segment file back, in decoding order, with times in ticks of
/// ``PacketTimeline/ticksPerSecond``.
private final class SegmentReader {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    let parameters: StreamParameters

    init(path: String) throws(VideoIOError) {
        FFmpegRuntime.prepare()
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let openedContext = context else {
            throw .openFailed(path: path, message: FFmpegRuntime.message(opened))
        }
        // Closed here on every failure below: `deinit` only runs once every property is set.
        var parameters: StreamParameters?
        var failure: VideoIOError?
        let index = av_find_best_stream(openedContext, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        if index >= 0, let found = openedContext.pointee.streams[Int(index)], let codec = found.pointee.codecpar {
            let rate = found.pointee.avg_frame_rate
            timeBase = found.pointee.time_base
            do {
                parameters = try StreamParameters(
                    copying: codec, frameRate: rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0)
            } catch {
                failure = error
            }
        } else {
            failure = .noVideoStream(path: path)
        }
        guard let parameters, failure == nil else {
            avformat_close_input(&context)
            throw failure ?? .noVideoStream(path: path)
        }
        self.parameters = parameters
        format = openedContext
        stream = index
        packet = av_packet_alloc()
        guard packet != nil else { throw .ffmpeg(operation: "allocate", message: "out of memory") }
    }

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&format)
    }

    /// The next video packet, or `nil` at the end of the file.
    func next() throws(VideoIOError) -> (data: Data, pts: Int64, dts: Int64, duration: Int64, isKey: Bool)? {
        guard let format, let packet else { return nil }
        while true {
            let read = av_read_frame(format, packet)
            if read == FFmpegRuntime.endOfFile { return nil }
            try FFmpegRuntime.check(read, "av_read_frame")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream, let data = packet.pointee.data else { continue }
            let none = FFmpegRuntime.noTimestamp
            let dts = packet.pointee.dts == none ? packet.pointee.pts : packet.pointee.dts
            let pts = packet.pointee.pts == none ? dts : packet.pointee.pts
            guard pts != none else { continue }
            func ticks(_ value: Int64) -> Int64 { av_rescale_q(value, timeBase, PacketTimeline.tickBase) }
            return (
                Data(bytes: data, count: Int(packet.pointee.size)), ticks(pts), ticks(dts),
                ticks(packet.pointee.duration), packet.pointee.flags & akf_packet_flag_key() != 0
            )
        }
    }
}
