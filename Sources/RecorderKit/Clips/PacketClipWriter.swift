import CFFmpeg
import Foundation
import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a passthrough clip from its groups of pictures: the packets are remuxed as they are,
/// or, with an export transform (a film look), decoded, transformed and encoded at the export
/// settings' size and codec.
///
/// A clip holds one stream's parameters; if the source changed them (a reconnect to a camera
/// that now sends another size), the clip keeps the run of groups around its first event that
/// share them, and says it is truncated.
struct PacketClipWriter {
    let job: PacketExportJob
    private let groups: [PacketGroup]
    private let files: [URL]
    /// Where the clip's video ends (ticks): after its last packet, or, when its groups run
    /// without an outage up to the key frame that ended the clip, at that key frame. A clip cut
    /// short by a change of parameters ends with its own last frame: that frame is never held
    /// through the outage and the groups that followed it.
    let end: Int64

    init(job: PacketExportJob) {
        self.job = job
        let first = job.clip.events.first ?? 0
        let all = job.groups
        let anchor = all.lastIndex { $0.startPTS <= first } ?? 0
        var lower = anchor
        var upper = anchor
        if !all.isEmpty {
            let parameters = all[anchor].parameters
            while lower > 0, all[lower - 1].parameters.isCompatible(with: parameters) { lower -= 1 }
            while upper + 1 < all.count, all[upper + 1].parameters.isCompatible(with: parameters) { upper += 1 }
            groups = Array(all[lower...upper])
            files = Array(job.files[lower...upper])
        } else {
            groups = []
            files = []
        }
        let lastPacketEnd = groups.flatMap(\.packets).map { $0.pts + $0.duration }.max() ?? groups.first?.startPTS ?? 0
        let reachesClipEnd = upper + 1 >= all.count
        end = max(lastPacketEnd, reachesClipEnd ? (job.followingKeyPTS ?? lastPacketEnd) : lastPacketEnd)
    }

    /// Writes the clip to `path` and describes it.
    func write(to path: String, releasing release: () -> Void) throws(RecorderError) -> WrittenClip {
        guard let first = groups.first, let firstPacket = first.packets.first else { throw .video(.noFrames) }
        let configuration = job.clip.configuration
        let parameters = first.parameters
        let packets = groups.enumerated().flatMap { index, group in group.packets.map { (index, $0) } }
        let start = first.startPTS
        var encoderName = "copy"
        var codecName = parameters.codecName
        var size = parameters.size
        var framerate =
            parameters.frameRate > 0 ? Int(parameters.frameRate.rounded()) : configuration.framerate.rawValue
        var frameCount = packets.count
        let contents = try readFiles()
        let lastPacketEnd = packets.map { $0.1.pts + $0.1.duration }.max() ?? firstPacket.pts
        var audioCodecName: String?
        do {
            if let transform = job.transform {
                let settings = configuration.exportSettings
                // Recorded at the source's own size: a clip is not scaled unless the settings name a size.
                size = settings.clipSize(recorded: parameters.size)
                framerate = configuration.framerate.rawValue
                let audio = job.audio.flatMap {
                    ClipAudio.cut(
                        $0.packets, track: $0.track, start: PacketTimeline.seconds(start),
                        end: PacketTimeline.seconds(end))
                }
                let writer = try VideoClipWriter(
                    path: path, container: settings.format, size: size, framerate: framerate, settings: settings,
                    filtered: true, audio: audio)
                let decoder = try FrameDecoder(parameters: parameters.pointer)
                var index = 0
                let encode = { (frame: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) in
                    let position = Int64(
                        (PacketTimeline.seconds(frame.pointee.pts - start) * Double(framerate)).rounded())
                    do {
                        let image = try transform.apply(try decoder.image(of: frame), index).fitted(to: size)
                        try writer.append(image.pixels(), at: position)
                    } catch let error as VideoIOError {
                        throw error
                    } catch {
                        throw .ffmpeg(operation: "export transform on frame \(index)", message: "\(error)")
                    }
                    index += 1
                    release()
                }
                for (group, record) in packets {
                    try decoder.decode(
                        contents[group].bytes(record), pts: record.pts, dts: record.dts, isKey: record.isKey, encode)
                }
                // The frames the decoder still holds.
                try decoder.decode(nil, encode)
                try writer.finish()
                frameCount = writer.framesWritten
                encoderName = writer.encoderName
                codecName = encoderName == "libx264" ? "h264" : encoderName
                audioCodecName = writer.audioCodecName
            } else {
                let base = firstPacket.dts
                let audio = job.audio.flatMap {
                    ClipAudio.cut(
                        $0.packets, track: $0.track, start: PacketTimeline.seconds(base),
                        end: PacketTimeline.seconds(end))
                }
                let remuxer = try ClipRemuxer(
                    path: path, container: configuration.exportSettings.format, parameters: parameters, audio: audio)
                for (offset, (group, record)) in packets.enumerated() {
                    // A packet lasts until the next one: across a gap, the frame before it stays on
                    // screen, and the last one until the clip's end.
                    let next =
                        offset + 1 < packets.count
                        ? packets[offset + 1].1.dts : record.dts + record.duration + (end - lastPacketEnd)
                    let bytes = contents[group].bytes(record)
                    try remuxer.write(
                        bytes, pts: record.pts - base, dts: record.dts - base, duration: max(1, next - record.dts),
                        isKey: record.isKey)
                }
                try remuxer.finish()
                audioCodecName = remuxer.audioCodecName
            }
        } catch {
            throw .video(error)
        }
        let clip = job.clip
        var gaps: [CaptureGap] = []
        for (previous, group) in zip(groups, groups.dropFirst()) where group.followsGap {
            gaps.append(
                CaptureGap(
                    offset: PacketTimeline.seconds(previous.endPTS - start),
                    duration: PacketTimeline.seconds(max(0, group.startPTS - previous.endPTS))))
        }
        let truncated =
            start > clip.requestedStart || end < clip.endTime || !gaps.isEmpty || groups.count < job.groups.count
        return WrittenClip(
            encoderName: encoderName, codecName: codecName, frameCount: frameCount, framerate: framerate, size: size,
            startTime: PacketTimeline.seconds(start), eventTimes: clip.events.map(PacketTimeline.seconds),
            eventOffsets: clip.events.map { PacketTimeline.seconds($0 - start) }, gaps: gaps,
            duration: PacketTimeline.seconds(end - start), isTruncated: truncated, audioCodecName: audioCodecName)
    }

    /// The groups' files, read whole (a group of pictures is a few hundred kilobytes at 1080p).
    private func readFiles() throws(RecorderError) -> [GroupFile] {
        var contents: [GroupFile] = []
        for (group, url) in zip(groups, files) {
            let file = try GroupFile(url: url)
            guard file.buffer.count >= group.committedBytes else {
                throw .storageFailed(path: url.path, message: "the file is shorter than its packets")
            }
            contents.append(file)
        }
        return contents
    }
}

/// The bytes of one group's file, in memory for as long as the clip is being written.
private final class GroupFile {
    let buffer: UnsafeMutableRawBufferPointer

    init(url: URL) throws(RecorderError) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .storageFailed(path: url.path, message: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .storageFailed(path: url.path, message: String(cString: strerror(errno)))
        }
        buffer = .allocate(byteCount: max(1, Int(status.st_size)), alignment: 16)
        var done = 0
        while done < Int(status.st_size) {
            let count = read(descriptor, buffer.baseAddress! + done, Int(status.st_size) - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                // The object is whole, so deinit frees the buffer.
                throw .storageFailed(
                    path: url.path, message: count < 0 ? String(cString: strerror(errno)) : "short read")
            }
            done += count
        }
    }

    deinit {
        buffer.deallocate()
    }

    /// A packet's bytes.
    func bytes(_ record: PacketRecord) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[record.offset..<(record.offset + record.size)])
    }
}
