import Foundation
import Locking
import RecorderKit
import Testing

/// Records every delegate call.
final class RecordingDelegate: VideoRecorderDelegate {
    let changes = Locked<[VideoRecorderStateChange]>([])
    let segments = Locked<[CapturedVideoSegment]>([])
    let sourceEvents = Locked<[LiveSourceEvent]>([])
    let failures = Locked<[RecorderError]>([])

    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {
        changes.withLock { $0.append(VideoRecorderStateChange(oldState: oldState, newState: newState)) }
    }

    func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
        segments.withLock { $0.append(segment) }
    }

    func videoRecorderSourceDidChange(_ event: LiveSourceEvent) {
        sourceEvents.withLock { $0.append(event) }
    }

    func videoRecorderDidFail(_ error: RecorderError) {
        failures.withLock { $0.append(error) }
    }

    var recorded: [VideoRecorderStateChange] { changes.withLock { $0 } }
}

/// An action a host can take on a recorder.
enum Action: String, CaseIterable, Sendable {
    case start, stop, pause, resume, reset, capture, changeConfiguration
}

@Suite("State machine")
struct StateMachineTests {
    /// A recorder brought into `state` through legal transitions.
    func recorder(in state: VideoRecorderState, folder: TemporaryFolder) throws -> EventRecorder {
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        if state != .none { try recorder.startRecording() }
        if state == .paused { recorder.pauseRecording() }
        #expect(recorder.currentState == state)
        return recorder
    }

    /// What each action does in each state: the new state, or the error it throws.
    static func expected(_ action: Action, in state: VideoRecorderState) -> Result<VideoRecorderState, RecorderError> {
        switch (action, state) {
        case (.start, .none): .success(.recording)
        case (.start, _): .failure(.invalidTransition(action: "start recording", state: state))
        case (.stop, _), (.reset, _): .success(.none)
        case (.pause, .recording): .success(.paused)
        case (.pause, _): .success(state)
        case (.resume, .paused): .success(.recording)
        case (.resume, _): .success(state)
        case (.capture, .recording): .failure(.noFramesYet)
        case (.capture, _): .failure(.notRecording(state: state))
        case (.changeConfiguration, .none): .success(.none)
        case (.changeConfiguration, _): .failure(.configurationLocked(state: state))
        }
    }

    @Test(
        "every action in every state",
        arguments: VideoRecorderState.allCases, Action.allCases)
    func transition(from state: VideoRecorderState, action: Action) async throws {
        let folder = try TemporaryFolder("states")
        defer { folder.cleanUp() }
        let recorder = try recorder(in: state, folder: folder)
        let delegate = RecordingDelegate()
        recorder.stateDelegate = delegate
        var stream = recorder.stateChanges().makeAsyncIterator()

        var outcome: Result<VideoRecorderState, RecorderError>
        do throws(RecorderError) {
            switch action {
            case .start: try recorder.startRecording()
            case .stop: recorder.stopRecording()
            case .pause: recorder.pauseRecording()
            case .resume: recorder.resumeRecording()
            case .reset: recorder.resetRecorder()
            case .capture: try recorder.captureSegment()
            case .changeConfiguration:
                var configuration = recorder.currentConfiguration
                configuration.backwardOffset = 5
                try recorder.changeConfiguration(configuration)
                #expect(recorder.currentConfiguration.backwardOffset == 5)
            }
            outcome = .success(recorder.currentState)
        } catch {
            outcome = .failure(error)
        }
        let expected = Self.expected(action, in: state)
        #expect(outcome == expected)
        #expect(recorder.currentState == (try? expected.get()) ?? state)

        // The delegate saw exactly the change, with the old and the new state, or nothing.
        let newState = (try? expected.get()) ?? state
        let change = VideoRecorderStateChange(oldState: state, newState: newState)
        #expect(delegate.recorded == (newState == state ? [] : [change]))
        if newState != state {
            #expect(await stream.next() == change)
        }
    }

    @Test("a full life cycle is reported in order to the delegate and the stream")
    func lifeCycle() async throws {
        let folder = try TemporaryFolder("cycle")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        let delegate = RecordingDelegate()
        recorder.stateDelegate = delegate
        let stream = recorder.stateChanges()
        try recorder.startRecording()
        recorder.pauseRecording()
        recorder.resumeRecording()
        recorder.stopRecording()
        try recorder.startRecording()
        recorder.resetRecorder()
        let expected: [(VideoRecorderState, VideoRecorderState)] = [
            (.none, .recording), (.recording, .paused), (.paused, .recording), (.recording, .none),
            (.none, .recording), (.recording, .none),
        ]
        let changes = expected.map { VideoRecorderStateChange(oldState: $0.0, newState: $0.1) }
        #expect(delegate.recorded == changes)
        var streamed: [VideoRecorderStateChange] = []
        for await change in stream {
            streamed.append(change)
            if streamed.count == changes.count { break }
        }
        #expect(streamed == changes)
    }

    @Test("changeConfiguration while recording throws and keeps the old configuration")
    func changeWhileRecording() throws {
        let folder = try TemporaryFolder("locked")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        try recorder.startRecording()
        var changed = recorder.currentConfiguration
        changed.framerate = .fps60
        #expect(throws: RecorderError.configurationLocked(state: .recording)) {
            try recorder.changeConfiguration(changed)
        }
        #expect(recorder.currentConfiguration.framerate == .fps30)
        recorder.stopRecording()
        try recorder.changeConfiguration(changed)
        #expect(recorder.currentConfiguration.framerate == .fps60)
    }

    @Test("the DCH names of the reference framework still compile")
    func portedNames() throws {
        let folder = try TemporaryFolder("dch")
        defer { folder.cleanUp() }
        let configuration: DCHRecorderConfiguration = smallConfiguration(in: folder)
        let recorder: any DCHVideoRecorder = try EventRecorder(configuration: configuration)
        let state: DCHVideoRecorderState = recorder.currentState
        #expect(state == .none)
        #expect(DCHRecorderConfiguration.default.backwardOffset == 3.0)
        #expect(DCHRecorderConfiguration.default.recordQuality == DCHRecordQuality.medium)
        // No export quality by default: clips keep the recorded size, the reference's .medium.
        #expect(DCHRecorderConfiguration.default.exportSettings == DCHExportSettings(codec: .preferred, format: .mp4))
        #expect(DCHRecorderConfiguration.default.exportSize == DCHVideoQuality.medium.size)
        #expect(DCHRecorderConfiguration.default.framerate == DCHFramerate.fps30)
    }
}
