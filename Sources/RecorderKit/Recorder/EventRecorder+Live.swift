import CFFmpeg
import Foundation
import Synchronization

extension EventRecorder {
    /// Records from a live source until the recorder stops (``stopRecording()`` or
    /// ``resetRecorder()``), the source is stopped (``LiveVideoSource/stop()``), the task is
    /// cancelled, the stream ends for good, or its reconnect policy gives up. However it ends,
    /// every clip of an event marked meanwhile is written and published before the source's
    /// ``LiveSourceEvent/ended(reason:)`` and before this call returns or throws: a clip whose
    /// forward window the source did not fill is written shorter and marked
    /// ``CapturedVideoSegment/isTruncated``.
    ///
    /// With ``VideoCodec/passthrough`` and an H.264, H.265 or MJPEG stream the packets are kept
    /// as they arrive (no decoding); any other stream, or any other codec setting, is decoded
    /// into frames as ``push(_:)`` takes them. A lost stream is reconnected meanwhile; each loss
    /// and recovery is told to the delegate and ``liveSourceEvents()``, and the clips that span
    /// it list the gap. Pausing drops the source's packets until resumed.
    ///
    /// The source is read on a thread of its own, not on the task's executor.
    ///
    /// - Parameter source: the live source.
    /// - Throws: ``RecorderError/notRecording(state:)`` unless recording or paused,
    ///   ``RecorderError/source(_:)`` when the source cannot be read and its policy gave up (or
    ///   its stream cannot be recorded), and what storing the stream throws (a full disk, say).
    public func record(from source: LiveVideoSource) async throws(RecorderError) {
        let state = currentState
        guard state != .none else { throw .notRecording(state: state) }
        let session = LiveRecording(recorder: self, source: source)
        let id = UUID()
        send { shell in
            shell.liveStops[id] = { source.stop() }
            shell.machine.sourceStarted(healthInterval: source.options.healthReportInterval)
            return nil
        }
        // The clock ticks on a timer too: a source stuck in one blocking read (up to its read
        // timeout) does not hold back a health report.
        let ticker = startClockTicker(healthInterval: source.options.healthReportInterval)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LiveVideoSource.Outcome, Never>) in
                let thread = Thread {
                    let outcome = source.run(session)
                    session.finish()
                    continuation.resume(returning: outcome)
                }
                thread.name = "RecorderKit.live"
                thread.start()
            }
        } onCancel: {
            source.stop()
        }
        ticker.cancel()
        let reason: String
        switch (session.failure, outcome) {
        case (let failure?, _): reason = "\(failure)"
        case (nil, .failed(let error)): reason = "\(error)"
        case (nil, .ended): reason = LiveVideoSource.streamEnded
        case (nil, .stopped): reason = "stopped"
        }
        // Nothing more comes for the clips waiting on this source: whatever ended it, each is
        // written with what it has. The machine reports the end (`.ended`, then this call
        // returns) only once every clip is published.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            send { shell in
                shell.liveStops[id] = nil
                shell.endWaiters[id] = continuation
                return shell.machine.sourceEnded(id: id, reason: reason, now: shell.clock().timeIntervalSince1970)
            }
        }
        if let failure = session.failure { throw failure }
        if case .failed(let error) = outcome { throw .source(error) }
    }

    /// Where recording from a live source stands.
    public var liveSourceState: LiveSourceState { shared.withLock { $0.liveSourceState } }

    /// Every live-source event from now on, in order. Each call returns a new sequence.
    public func liveSourceEvents() -> AsyncStream<LiveSourceEvent> {
        subscribe(\.sourceContinuations)
    }

    /// The live source delivered a video packet: the machine's clock ticks (a health report or a
    /// budget check may be due; a packet at the end of a period opens the next), and the packet
    /// counts in the source's health.
    func sourceDelivered(bytes: Int, corrected: Bool) {
        send { shell in
            let actions = shell.ticked(nil)
            shell.machine.sourceDelivered(bytes: bytes, corrected: corrected)
            return actions
        }
    }

    /// Ticks the machine's clock every tenth of the health interval (0.1…1 s) until cancelled.
    func startClockTicker(healthInterval: Double) -> any DispatchSourceTimer {
        let period = min(max(healthInterval / 10, 0.1), 1)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + period, repeating: period)
        timer.setEventHandler { [weak self] in self?.send { $0.ticked(nil) } }
        timer.resume()
        return timer
    }

    /// Tells the delegate and the streams about a live source, in order.
    func publish(_ event: LiveSourceEvent) {
        sourceEventLock.lock()
        defer { sourceEventLock.unlock() }
        let (delegate, continuations) = shared.withLock { shell in
            shell.liveSourceState = shell.liveSourceState.after(event)
            shell.machine.sourceReported(event)
            return (shell.delegate, Array(shell.sourceContinuations.values))
        }
        delegate?.videoRecorderSourceDidChange(event)
        for continuation in continuations { continuation.yield(event) }
    }
}

/// One run of recording from a live source: turns what the source reads into the recorder's
/// input, on the source's thread.
final class LiveRecording: LiveSourceSession, @unchecked Sendable {
    // Used on the source's thread only; `failure` is read after that thread has finished.
    private let recorder: EventRecorder
    private let source: LiveVideoSource
    private let writer: PacketFileWriter
    private var mode: Mode?
    private var lastFrameTime: Double?
    /// Decodes the source's sound when it is not kept as it is.
    private var audioDecoder: (parameters: StreamParameters, decoder: AudioDecoder)?
    /// Seconds from the audio stream's own times to the timeline's.
    private var audioShift = 0.0
    private(set) var failure: RecorderError?
    let timelineOrigin = DispatchTime.now().uptimeNanoseconds

    private enum Mode {
        case passthrough
        case decoding(FrameDecoder)
    }

    init(recorder: EventRecorder, source: LiveVideoSource) {
        self.recorder = recorder
        self.source = source
        writer = PacketFileWriter(copiesPackets: recorder.currentConfiguration.continuousRecording != nil)
        recorder.shared.withLock { $0.liveClockOrigin = timelineOrigin }
    }

    var shouldStop: Bool { failure != nil || recorder.currentState == .none }

    func sourceEvent(_ event: LiveSourceEvent) {
        recorder.publish(event)
    }

    func sourceConnected(_ parameters: StreamParameters) -> FrameSourceError? {
        let wantsPassthrough = recorder.currentConfiguration.exportSettings.codec == .passthrough
        let passthrough = wantsPassthrough && parameters.isPassthroughCodec
        switch mode {
        case .passthrough?:
            // One session keeps one kind of ring buffer.
            guard passthrough else {
                return .unsupportedStream(
                    url: source.options.redactedURL,
                    message: "the stream changed to \(parameters.codecName), which a passthrough recording cannot keep")
            }
        case nil where passthrough:
            mode = .passthrough
        case .decoding?, nil:
            // A fresh decoder for each connection: the stream may have changed.
            do {
                mode = .decoding(try FrameDecoder(parameters: parameters.pointer))
            } catch {
                return .video(error)
            }
        }
        let isPassthrough: Bool
        if case .passthrough? = mode { isPassthrough = true } else { isPassthrough = false }
        recorder.publish(
            .connected(
                LiveStreamInfo(
                    url: source.options.redactedURL, codecName: parameters.codecName, size: parameters.size,
                    frameRate: parameters.frameRate, isPassthrough: isPassthrough)))
        return nil
    }

    func sourcePacket(_ packet: TimedPacket) -> Bool {
        recorder.sourceDelivered(bytes: packet.bytes.count, corrected: packet.timeline.corrected)
        do throws(RecorderError) {
            switch mode {
            case .passthrough?:
                guard
                    PacketIntegrity.isWhole(
                        packet.bytes, flags: packet.packet.pointee.flags, parameters: packet.parameters)
                else {
                    // A damaged or cut packet: the frames after it up to the next key frame
                    // cannot be decoded, so its group ends here, and the clip lists the gap.
                    recorder.packetDropped()
                    return true
                }
                return recorder.ingest(packet, writer: writer)
            case .decoding(let decoder)?:
                return try decode(packet, with: decoder)
            case nil:
                return true
            }
        } catch {
            if case .notRecording = error { return false }
            failure = error
            return false
        }
    }

    /// Decodes a packet and pushes the frames it completes, in order.
    private func decode(_ packet: TimedPacket, with decoder: FrameDecoder) throws(RecorderError) -> Bool {
        var frames: [Frame] = []
        do {
            try decoder.decode(packet.packet) { frame throws(VideoIOError) in
                let ticks =
                    packet.timeline.place(framePTS: frame.pointee.best_effort_timestamp, timeBase: packet.timeBase)
                    ?? packet.pts
                let time = PacketTimeline.seconds(ticks)
                // Frames that would go back in time (a damaged stream) are dropped, never reordered.
                guard lastFrameTime.map({ time > $0 }) ?? true else { return }
                lastFrameTime = time
                frames.append(Frame(image: try decoder.image(of: frame), timestamp: time))
            }
        } catch {
            // A damaged packet of a live stream: the decoder recovers at a later one.
            return true
        }
        for frame in frames {
            try recorder.pushFromLiveSource(frame)
        }
        return recorder.currentState != .none
    }

    func sourceAudio(_ packet: TimedAudioPacket) {
        let configuration = recorder.currentConfiguration
        guard recorder.currentState == .recording, configuration.audio != nil else { return }
        if case .passthrough? = mode, packet.parameters.fits(in: configuration.exportSettings.format) {
            recorder.keepSourceAudio(packet)
            return
        }
        // Decoded recordings, and sound a clip cannot hold as it is: decoded here, compressed by
        // the recorder's encoder.
        if audioDecoder?.parameters.isCompatible(with: packet.parameters) != true {
            audioDecoder = (try? AudioDecoder(parameters: packet.parameters.pointer, timeBase: packet.timeBase)).map {
                (packet.parameters, $0)
            }
        }
        guard let decoder = audioDecoder?.decoder, let runs = try? decoder.decode(packet.packet) else { return }
        var onTimeline = false
        if case .passthrough? = mode { onTimeline = true }
        // A packet without a timestamp decodes to samples the decoder times from the last one.
        audioShift = packet.timelineShift ?? audioShift
        let shift = audioShift
        for var run in runs {
            run.timestamp += shift
            // A failure to compress reaches the delegate like any background failure.
            do {
                try recorder.pushFromSource(audio: run, onTimeline: onTimeline)
            } catch {
                if case .notRecording = error { return }
                recorder.report(error)
                return
            }
        }
    }

    func sourceLost() {
        writer.closeFile()
        recorder.sourceLost()
    }

    func sourceIdle(now: Int64) {
        recorder.sourceIdle(now: now)
    }

    /// The run is over: closes the open file.
    func finish() {
        writer.closeFile()
    }
}
