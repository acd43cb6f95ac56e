import Foundation
import RecorderKit
import RecorderKitMocks
import Testing

@Suite("Mocks")
struct MockTests {
    @Test("the mock recorder follows the state machine, records calls and emits segments")
    func mockRecorder() async throws {
        let mock = MockVideoRecorder()
        let delegate = RecordingDelegate()
        mock.stateDelegate = delegate
        let segments = mock.finishedSegments()
        try mock.startRecording()
        #expect(throws: RecorderError.invalidTransition(action: "start recording", state: .recording)) {
            try mock.startRecording()
        }
        try mock.captureSegment()
        #expect(throws: RecorderError.configurationLocked(state: .recording)) {
            try mock.changeConfiguration(.default)
        }
        mock.failCapture(with: .noFramesYet)
        #expect(throws: RecorderError.noFramesYet) { try mock.captureSegment() }
        let segment = CapturedVideoSegment(
            url: URL(fileURLWithPath: "/tmp/a.mp4"), format: .mp4, encoderName: "libx264", frameCount: 150,
            framerate: 30, size: FrameSize(width: 1280, height: 720), startTime: 7, eventTimes: [10],
            isTruncated: false)
        mock.emit(segment)
        mock.drive(to: .paused)
        mock.stopRecording()
        #expect(mock.currentState == .none)
        #expect(try await mock.capturedSegments() == [segment])
        var iterator = segments.makeAsyncIterator()
        #expect(await iterator.next() == segment)
        #expect(delegate.segments.withLock { $0 } == [segment])
        #expect(
            delegate.recorded.map { [$0.oldState, $0.newState] } == [
                [.none, .recording], [.recording, .paused], [.paused, .none],
            ])
        #expect(
            mock.calls == [
                .startRecording, .startRecording, .captureSegment, .changeConfiguration(.default), .captureSegment,
                .stopRecording, .capturedSegments,
            ])
    }

    @Test("the mock source hands out frames, then fails where scripted; the recorder passes the error on")
    func mockSource() async throws {
        let folder = try TemporaryFolder("mock-source")
        defer { folder.cleanUp() }
        var source = try MockFrameSource(
            size: FrameSize(width: 320, height: 240), count: 20, failingAt: 12,
            with: .video(.noVideoStream(path: "camera")))
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        try recorder.startRecording()
        await #expect(throws: RecorderError.source(.video(.noVideoStream(path: "camera")))) {
            try await recorder.record(from: &source)
        }
        #expect(source.deliveredCount == 12)
        _ = try await recorder.capturedSegments()
        #expect(recorder.bufferedFrameCount == 12)
    }
}

@Suite("Mock live-source events")
struct MockLiveSourceTests {
    @Test("the mock recorder reports live-source events to the delegate and the stream")
    func mockSourceEvents() async {
        let mock = MockVideoRecorder()
        let delegate = RecordingDelegate()
        mock.stateDelegate = delegate
        let stream = mock.liveSourceEvents()
        let events: [LiveSourceEvent] = [
            .connecting(attempt: 1),
            .connected(
                LiveStreamInfo(
                    url: "rtsp://camera/stream", codecName: "h264", size: FrameSize(width: 1920, height: 1080),
                    frameRate: 30, isPassthrough: true)),
            .lost(time: 12, reason: "the stream ended"), .waiting(attempt: 1, delay: 0.5, reason: "the stream ended"),
            .recovered(lostAt: 12, gap: 3.5),
        ]
        for event in events { mock.emit(event) }
        #expect(delegate.sourceEvents.withLock { $0 } == events)
        var received: [LiveSourceEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == events.count { break }
        }
        #expect(received == events)
    }
}
