import Foundation
import RecorderKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The long-run benchmark (`recorder-benchmark longrun FILE …`, run by
/// `Benchmarks/recorder-long-run.sh`): a passthrough recording with continuous recording on,
/// under a storage budget, with an event every few simulated minutes, fed from a file looped by
/// FFmpeg's concat demuxer (continuous timestamps) and read without pacing, so that hours of
/// footage pass in minutes. Disk use is sampled from the file system all along; at the end every
/// event's clip must still be there.
struct LongRun {
    /// The looped file and its length in seconds.
    let file: URL
    let fileSeconds: Int
    /// Simulated hours to record, and the most wall-clock minutes to spend on them.
    let hours: Int
    let minutes: Int
    let budgetBytes: Int64
    let eventMinutes: Int
    let segmentSeconds: Int

    /// Disk use as the run goes (from the file system, and the budget's own count), and
    /// whether the sampler is to go on.
    final class Samples: Sendable {
        struct Values {
            var largest: Int64 = 0
            var largestAllocated: Int64 = 0
            var overBudget = 0
            var count = 0
            var largestLedger: Int64 = 0
            var ledgerOverBudget = 0
            var running = true
        }
        let values = Mutex(Values())
    }

    /// Collects the event clips the recorder publishes, its purges and failures.
    final class Clips: VideoRecorderDelegate {
        struct Purged {
            var count = 0
            var events = 0
            var overBudget = 0
        }
        let published = Mutex<[CapturedVideoSegment]>([])
        let purged = Mutex(Purged())
        let failures = Mutex<[String]>([])
        func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {}
        func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
            published.withLock { $0.append(segment) }
        }
        func videoRecorderDidFail(_ error: RecorderError) { failures.withLock { $0.append("\(error)") } }
        func videoRecorderDidPurge(_ purge: StoragePurge) {
            purged.withLock {
                $0.count += purge.removed.count
                $0.events += purge.removed.count { $0.isEventClip }
                if purge.isOverBudget { $0.overBudget += 1 }
            }
        }
    }

    /// The bytes of every file under `directories` (sizes, and blocks allocated on disk).
    static func footprint(_ directories: [URL]) -> (bytes: Int64, allocated: Int64) {
        var bytes: Int64 = 0
        var allocated: Int64 = 0
        for directory in directories {
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            while let name = walker.nextObject() as? String {
                var info = stat()
                guard stat(directory.appendingPathComponent(name).path, &info) == 0,
                    info.st_mode & S_IFMT == S_IFREG
                else { continue }
                bytes += Int64(info.st_size)
                allocated += Int64(info.st_blocks) * 512
            }
        }
        return (bytes, allocated)
    }

    /// Writes a line at once, also into a file: the hourly lines show how the run goes.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-long-run-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The concat demuxer plays the file again and again, each time after the last: one
        // stream with continuous timestamps, as a camera that never stops.
        let loops = (hours * 3600 + fileSeconds - 1) / fileSeconds
        let list = root.appendingPathComponent("loop.ffconcat")
        let entry = "file '\(file.path.replacingOccurrences(of: "'", with: "'\\''"))'\nduration \(fileSeconds)\n"
        try Data(("ffconcat version 1.0\n" + String(repeating: entry, count: loops)).utf8).write(to: list)

        let directories = ["buffer", "clips", "segments"].map { root.appendingPathComponent($0) }
        var configuration = RecorderConfiguration(
            customRecordSize: FrameSize(width: 1920, height: 1080),
            exportSettings: ExportSettings(codec: .passthrough, format: .mp4), framerate: .fps30,
            backwardOffset: 3, forwardOffset: 2, bufferDirectory: directories[0], outputDirectory: directories[1])
        configuration.audio = nil
        // Every event clip is kept: the continuous recording's segments make room, oldest first.
        configuration.storageBudget = StorageBudget(maximumBytes: budgetBytes, protection: .newest(100_000))
        configuration.continuousRecording = ContinuousRecording(
            directory: directories[2], segmentDuration: Double(segmentSeconds))
        let recorder = try EventRecorder(configuration: configuration)
        let clips = Clips()
        recorder.stateDelegate = clips
        try recorder.startRecording()
        let source = try LiveVideoSource(
            options: LiveSourceOptions(
                url: list.path, inputFormat: "concat", demuxerOptions: ["safe": "0"], reconnect: .never,
                readsAtNativeRate: false))

        let samples = Samples()
        let budget = budgetBytes
        // Disk use from the file system, every 50 ms, on a thread of its own.
        let sampler = Thread {
            while samples.values.withLock({ $0.running }) {
                let (bytes, allocated) = Self.footprint(directories)
                let ledger = recorder.storageUsedBytes
                samples.values.withLock {
                    $0.count += 1
                    $0.largest = max($0.largest, bytes)
                    $0.largestAllocated = max($0.largestAllocated, allocated)
                    $0.largestLedger = max($0.largestLedger, ledger)
                    if bytes > budget { $0.overBudget += 1 }
                    if ledger > budget { $0.ledgerOverBudget += 1 }
                }
                usleep(50_000)
            }
        }
        sampler.start()

        let clock = ContinuousClock()
        let started = clock.now
        let cpuBefore = cpuSeconds()
        func elapsed() -> Double {
            let span = started.duration(to: clock.now)
            return Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
        }
        say(
            String(
                format: "long run: %d h of %@ looped (%d s, %d times), budget %.0f MB, an event every %d min, "
                    + "%d s segments, at most %d min",
                hours, file.lastPathComponent, fileSeconds, loops, Double(budgetBytes) / 1e6, eventMinutes,
                segmentSeconds, minutes, minutes))
        let ended = Mutex(false)
        let recording = Task {
            defer { ended.withLock { $0 = true } }
            try await recorder.record(from: source)
        }
        var origin: Date?
        var events = 0
        var simulated = 0.0
        var nextReport = 3600.0
        // Events by the footage's own clock: the newest time the continuous recording holds.
        var missed = 0
        while !ended.withLock({ $0 }) {
            if elapsed() > Double(minutes * 60) || simulated >= Double(hours * 3600) {
                recorder.stopRecording()
                break
            }
            if let coverage = try? recorder.continuousCoverage(from: .distantPast, to: .distantFuture),
                let newest = coverage.segments.last?.end
            {
                origin = origin ?? coverage.segments.first?.start
                simulated = newest.timeIntervalSince(origin ?? newest)
            }
            if simulated >= Double((events + 1) * eventMinutes * 60) {
                events += 1
                do { try recorder.captureSegment() } catch { missed += 1 }
            }
            if simulated >= nextReport {
                nextReport += 3600
                let values = samples.values.withLock { $0 }
                say(
                    String(
                        format: "  %5.1f h simulated in %6.1f s (%.0f× real time): RSS %.1f MB (peak %.1f), "
                            + "disk now %.0f MB, largest %.0f MB; %d events, %d clips",
                        simulated / 3600, elapsed(), simulated / elapsed(), residentMB("VmRSS"), residentMB(),
                        Double(Self.footprint(directories).bytes) / 1e6, Double(values.largest) / 1e6, events,
                        clips.published.withLock { $0.count }))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        do {
            try await recording.value
        } catch {
            say("the source ended: \(error)")
        }
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        let wall = elapsed()
        let cpu = cpuSeconds() - cpuBefore
        samples.values.withLock { $0.running = false }
        while !sampler.isFinished { usleep(10_000) }
        let values = samples.values.withLock { $0 }
        let present = segments.filter { FileManager.default.fileExists(atPath: $0.url.path) }
        let purged = clips.purged.withLock { $0 }
        let coverage = try? recorder.continuousCoverage(from: .distantPast, to: .distantFuture)
        let final = Self.footprint(directories)
        say(
            String(
                format: "simulated %.2f h in %.1f s wall (%.1f× real time), CPU %.1f s (%.0f %% of a core)",
                simulated / 3600, wall, simulated / wall, cpu, cpu / wall * 100))
        say(
            String(
                format: "disk: %d samples, largest %.1f MB (%.1f MB allocated) of a %.1f MB budget, %d samples over; "
                    + "the budget's own count at most %.1f MB (%d samples over); at the end %.1f MB",
                values.count, Double(values.largest) / 1e6, Double(values.largestAllocated) / 1e6,
                Double(budgetBytes) / 1e6, values.overBudget, Double(values.largestLedger) / 1e6,
                values.ledgerOverBudget, Double(final.bytes) / 1e6))
        say(
            "events: \(events) marked (\(missed) refused), \(segments.count) clips published, "
                + "\(present.count) present at the end; purged \(purged.count) files (\(purged.events) event clips), "
                + "\(purged.overBudget) reports over budget; "
                + "\(coverage?.segments.count ?? 0) segments left, "
                + "\(clips.failures.withLock { $0.count }) failures \(clips.failures.withLock { $0.prefix(3) })")
        say(String(format: "peak RSS %.1f MB, RSS at the end %.1f MB", residentMB(), residentMB("VmRSS")))
    }
}
