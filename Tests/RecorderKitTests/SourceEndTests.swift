import CFFmpeg
import Foundation
import Locking
import TestSupport
import Testing

@testable import RecorderKit

/// Whatever ends a source, what was finished is published, and what is published is whole: a
/// damaged file's tail, a packet cut short, a change of stream parameters inside a clip.
@Suite("Source end and damaged input")
struct SourceEndTests {
    /// Writes `seconds` of a 320×240 H.264 test pattern (`codec` overrides the encoder) to `name`
    /// in `folder`, with its index first, and keeps only `kept` of its bytes (a damaged tail).
    static func movie(
        _ name: String, in folder: TemporaryFolder, seconds: Double, codec: [String] = ["-c:v", "libx264"],
        kept: Double = 1
    ) async throws -> URL {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed")
        let url = folder.url.appendingPathComponent(name)
        let made = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "\(seconds)"] + codec
                + ["-preset", "ultrafast", "-g", "30", "-bf", "0", "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
                + [url.path])
        try #require(made.status == 0, "\(made.error)")
        if kept < 1 {
            let data = try Data(contentsOf: url)
            try data.prefix(Int(Double(data.count) * kept)).write(to: url)
        }
        return url
    }

    /// The clip files a host run published, from its `clip …` lines.
    static func publishedClips(_ output: String) -> [(url: URL, line: String)] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("clip ") else { return nil }
            return (URL(fileURLWithPath: String(line.split(separator: " ")[1])), String(line))
        }
    }

    /// What `ffmpeg` says while decoding every frame of `url` (empty for a clean file).
    static func decodeErrors(_ url: URL) async throws -> String {
        try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-i", url.path, "-f", "null", "-"]
        ).error
    }

    @Test("a file whose tail cannot be decoded: the earlier event's clip is published before the host exits 1")
    func damagedTail() async throws {
        let folder = try TemporaryFolder("damaged-tail")
        defer { folder.cleanUp() }
        let movie = try await Self.movie("damaged.mp4", in: folder, seconds: 10, kept: 0.8)
        let result = try await HostHardeningTests.host(
            ["--source", movie.path, "--event", "3", "--back", "3", "--forward", "2"], in: folder)
        #expect(result.status == 1, "\(result.output)")
        let clips = Self.publishedClips(result.output)
        #expect(clips.count == 1, "\(result.output)")
        let clip = try #require(clips.first)
        #expect(clip.line.contains("events 3.000"))
        // Complete and whole: its 5 s window, 150 frames.
        #expect(try probe(clip.url).countedFrames == 150)
        let partials = try FileManager.default.contentsOfDirectory(atPath: folder.output.path)
            .filter { $0.hasPrefix(BufferDirectory.partialPrefix) }
        #expect(partials.isEmpty, "\(partials)")
    }

    @Test("passthrough of a file cut mid-packet: the cut packet is dropped, the clip decodes cleanly, truncated")
    func cutPacket() async throws {
        let folder = try TemporaryFolder("cut-packet")
        defer { folder.cleanUp() }
        // 3 s, 2.4 s of it kept: the last packet in the file is cut short. Read in real time.
        let movie = try await Self.movie("cut.mp4", in: folder, seconds: 3, kept: 0.8)
        let result = try await HostHardeningTests.host(
            ["--source", movie.path, "--passthrough", "--event", "1.5", "--back", "0.5", "--forward", "2"], in: folder)
        let clips = Self.publishedClips(result.output)
        #expect(clips.count == 1, "\(result.output)")
        let clip = try #require(clips.first)
        #expect(clip.line.hasSuffix("(truncated)"), "\(clip.line)")
        #expect(try await Self.decodeErrors(clip.url) == "")
    }

    @Test("recorder-host keeps recording after its last event until the event's forward window is filled")
    func hostFillsForwardWindow() async throws {
        let folder = try TemporaryFolder("host-forward")
        defer { folder.cleanUp() }
        // 4 s read in real time; the last event at 1 s wants 1.5 s after it: the host must not
        // stop at the event, nor wait for the file's end. The clip runs from the key frame at 0 s
        // to the one at 3 s (one a second).
        let movie = try await Self.movie("four.mp4", in: folder, seconds: 4)
        let result = try await HostHardeningTests.host(
            ["--source", movie.path, "--passthrough", "--event", "1", "--back", "0.5", "--forward", "1.5"],
            in: folder)
        let clip = try #require(Self.publishedClips(result.output).first, "\(result.output)")
        #expect(!clip.line.hasSuffix("(truncated)"), "\(clip.line)")
        #expect(clip.line.contains(" frames 90 "), "\(clip.line)")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("an H.265 passthrough clip is tagged hvc1, as Apple's players require")
    func hevcTag() async throws {
        let folder = try TemporaryFolder("hvc1")
        defer { folder.cleanUp() }
        let movie = try await Self.movie(
            "hevc.mp4", in: folder, seconds: 1.5, codec: ["-c:v", "libx265", "-x265-params", "log-level=none"])
        let result = try await HostHardeningTests.host(
            ["--source", movie.path, "--passthrough", "--event", "0.5", "--back", "0.5", "--forward", "0.5"],
            in: folder)
        let clip = try #require(Self.publishedClips(result.output).first, "\(result.output)")
        let tag = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string", "-of", "csv=p=0",
                clip.url.path,
            ])
        #expect(tag.output.trimmingCharacters(in: .whitespacesAndNewlines) == "hvc1")
    }

    /// Logs clips and source events in the order the recorder tells them.
    final class OrderLog: VideoRecorderDelegate {
        let lines = Locked<[String]>([])
        /// Marks an event when the source is lost, on the source's own thread: before the
        /// recorder hears of the end, whatever the scheduling of the test's tasks.
        let recorder = Locked<EventRecorder?>(nil)
        func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {}
        func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
            lines.withLock { $0.append(segment.isTruncated ? "truncated clip" : "clip") }
        }
        func videoRecorderDidFail(_ error: RecorderError) {}
        func videoRecorderSourceDidChange(_ event: LiveSourceEvent) {
            switch event {
            case .lost:
                do {
                    try recorder.withLock { $0 }?.captureSegment()
                    lines.withLock { $0.append("event") }
                } catch {
                    lines.withLock { $0.append("\(error)") }
                }
            case .ended: lines.withLock { $0.append("ended") }
            default: break
            }
        }
    }

    @Test(
        "a live source that ends: the clip whose window it did not fill is published, truncated, before the end is reported"
    )
    func liveSourceEnds() async throws {
        let folder = try TemporaryFolder("live-end")
        defer { folder.cleanUp() }
        let movie = try await Self.movie("short.mp4", in: folder, seconds: 5)
        let log = OrderLog()
        // The event is marked as the file runs out (at its last packet), so its forward window is
        // never filled. (It was marked by a polling task once: in a whole-suite run that task could
        // wait past the end of the file, and the end came before the event.)
        let run = try LiveRun.start(
            LiveSourceTests.passthrough(in: folder, backward: 0.5, forward: 10),
            from: LiveSourceOptions(url: movie.path, reconnect: .never)
        ) {
            $0.stateDelegate = log
            let recorder = $0
            log.recorder.withLock { $0 = recorder }
        }
        // The recorder is still recording: nothing but the source's end cuts the clip.
        try await run.task.value
        #expect(log.lines.withLock { $0 } == ["event", "truncated clip", "ended"])
        #expect(run.recorder.currentState == .recording)
        run.recorder.stopRecording()
    }

    // MARK: On numbers alone

    /// `avcC` parameter sets with 4-byte NAL lengths.
    static let avcC: [UInt8] = [1, 0x64, 0, 0x1f, 0xff, 0xe1, 0]

    static func isWhole(_ packet: [UInt8], extradata: [UInt8]? = avcC, flags: Int32 = 0) throws -> Bool {
        let parameters = try #require(avcodec_parameters_alloc())
        defer {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&pointer)
        }
        parameters.pointee.codec_id = AV_CODEC_ID_H264
        if let extradata {
            let buffer = try #require(av_mallocz(extradata.count + 64)?.assumingMemoryBound(to: UInt8.self))
            buffer.update(from: extradata, count: extradata.count)
            parameters.pointee.extradata = buffer
            parameters.pointee.extradata_size = Int32(extradata.count)
        }
        let stream = try StreamParameters(copying: parameters, frameRate: 30)
        return packet.withUnsafeBytes { PacketIntegrity.isWhole($0, flags: flags, parameters: stream) }
    }

    @Test("a length-prefixed packet is whole only when its NAL units end exactly at its end")
    func nalLengths() throws {
        #expect(try Self.isWhole([0, 0, 0, 2, 0x65, 1, 0, 0, 0, 1, 0x41]))
        // Cut inside the second unit, and cut inside a length.
        #expect(try !Self.isWhole([0, 0, 0, 2, 0x65, 1, 0, 0, 0, 3, 0x41]))
        #expect(try !Self.isWhole([0, 0, 0, 2, 0x65, 1, 0, 0]))
        #expect(try !Self.isWhole([]))
        #expect(try !Self.isWhole([0, 0, 0, 1, 0x65], flags: AV_PKT_FLAG_CORRUPT))
        // Annex B (start codes) cannot be checked by length: kept unless flagged.
        #expect(try Self.isWhole([0, 0, 0, 1, 0x65, 1], extradata: nil))
    }

    @Test("a passthrough clip cut short by a change of parameters ends with its own last frame")
    func parametersChangeEndsClip() throws {
        let small = try #require(avcodec_parameters_alloc())
        let large = try #require(avcodec_parameters_alloc())
        defer {
            var first: UnsafeMutablePointer<AVCodecParameters>? = small
            var second: UnsafeMutablePointer<AVCodecParameters>? = large
            avcodec_parameters_free(&first)
            avcodec_parameters_free(&second)
        }
        small.pointee.codec_id = AV_CODEC_ID_H264
        (small.pointee.width, small.pointee.height) = (320, 240)
        large.pointee.codec_id = AV_CODEC_ID_H264
        (large.pointee.width, large.pointee.height) = (640, 480)
        let before = try StreamParameters(copying: small, frameRate: 30)
        let after = try StreamParameters(copying: large, frameRate: 30)
        let second = PacketTimeline.ticksPerSecond
        func group(_ number: Int, _ parameters: StreamParameters, at start: Int64, gap: Bool) -> PacketGroup {
            var group = PacketGroup(number: number, parameters: parameters, startPTS: start, followsGap: gap)
            for frame in 0..<30 {
                let pts = start + Int64(frame) * second / 30
                group.append(
                    PacketRecord(
                        offset: 0, size: 1, pts: pts, dts: pts, duration: second / 30, isKey: frame == 0, stream: 0))
            }
            return group
        }
        // Lost at 2 s, back at 7.6 s at another size; the clip's window (event at 1 s) ends at 9 s.
        let groups = [
            group(0, before, at: 0, gap: false), group(1, before, at: second, gap: false),
            group(2, after, at: 76 * second / 10, gap: true), group(3, after, at: 86 * second / 10, gap: false),
        ]
        var planner = GroupClipPlanner()
        planner.addEvent(
            at: second, startGroup: 0, configuration: RecorderConfiguration(backwardOffset: 1, forwardOffset: 8)
        ) { groups[$0].startPTS }
        for group in groups { planner.groupStarted(group.number, at: group.startPTS) }
        planner.groupStarted(4, at: 96 * second / 10)
        let clip = try #require(planner.takeReady { _ in true }.first)
        let job = PacketExportJob(
            clip: clip, groups: groups, files: groups.map { URL(fileURLWithPath: "/nonexistent/\($0.number)") },
            generation: 0, transform: nil, audio: nil, followingKeyPTS: 96 * second / 10)
        // Not held to 9.6 s through the outage and the larger frames: it ends at 2 s.
        #expect(PacketClipWriter(job: job).end == 2 * second)
    }
}
