import Foundation

/// What became of pushed audio.
public enum AudioDisposition: Sendable, Hashable {
    /// Compressed into the ring buffer (some of it may wait in the encoder for the rest of its frame).
    case stored
    /// Ignored because the recorder is paused.
    case ignoredWhilePaused
    /// Ignored because no frame of this session (or since the last resume) has arrived: audio is
    /// placed on the frames' timeline, which the next frame starts.
    case waitingForVideo
    /// Ignored because the configuration records silent clips (``RecorderConfiguration/audio`` is
    /// `nil`); only sources' own audio is ignored this way, pushed audio is refused.
    case silent
}

/// The audio encoder of the current session, behind its own lock so that compressing audio
/// never holds the recorder's.
struct AudioEncoderSlot: ~Copyable {
    var session = -1
    var encoder: AudioEncoder?
    /// The session whose encoder was flushed by a stop: later audio of it is ignored.
    var closedSession = -1
}

extension RecorderStateMachine {
    /// The frames' timeline time (slot ÷ frame rate, so that a pause leaves no gap) of a source
    /// timestamp, or `nil` before the session's (or resume's) first frame places the timeline.
    func audioTime(of timestamp: Double) -> Double? {
        guard let anchor else { return nil }
        let rate = Double(configuration.framerate.rawValue)
        return Double(anchor.slot) / rate + (timestamp - anchor.time)
    }

    /// The last slot whose audio has arrived, for clips to wait for. No limit without audio this
    /// session, after a stop or the end of the live source, or when the audio has fallen over a second behind the frames (a
    /// source whose sound stopped): a clip then goes out with the audio there is.
    var audioSettledThrough: Int {
        guard state != .none, !inputEnded, audioSession == audioSessionWithPackets, let covered = audio.coveredThrough
        else {
            return .max
        }
        let rate = Double(configuration.framerate.rawValue)
        let slot = Int((covered * rate).rounded(.down)) - 1
        return nextSlot - 1 - slot > configuration.framerate.rawValue ? .max : slot
    }
}

extension EventRecorder: AudioReceiver {
    /// Adds PCM audio the host captured, in the format ``RecorderConfiguration/audio`` declares.
    ///
    /// The samples are compressed on the calling thread and kept in the ring buffer beside the
    /// frames; each clip gets the audio of its frames. Audio is placed by its timestamp on the
    /// frames' clock: push it in time order, from one thread at a time. Audio older than the
    /// session's first frame is not kept.
    ///
    /// - Parameter audio: interleaved samples with the configured sample rate and channel count.
    /// - Returns: what became of the samples.
    /// - Throws: ``RecorderError/audio(_:)`` with ``AudioError/audioDisabled`` when clips are
    ///   silent, ``AudioError/formatMismatch(_:)``, ``AudioError/nonFiniteSamples``;
    ///   ``RecorderError/notRecording(state:)`` in state `none`; and an earlier background
    ///   failure not yet reported.
    @discardableResult
    public func push(audio: AudioSamples) throws(RecorderError) -> AudioDisposition {
        try currentConfiguration.checkAudio(audio)
        return try ingest(audio, consumesFailure: true)
    }

    /// Takes the audio `source` has decoded since the last call and records it beside the
    /// frames, resampled to the configuration's rate and channels.
    /// ``FrameRecorder/record(from:pacing:)`` does this after each frame; a host that pushes a
    /// source's frames itself calls it after each ``push(_:)``. Does nothing when clips are silent.
    ///
    /// - Parameter source: a source with sound, such as a ``VideoFileSource``.
    /// - Throws: ``RecorderError/notRecording(state:)`` in state `none`, and
    ///   ``RecorderError/video(_:)`` when the encoder fails.
    public func pushAudio(from source: some AudioCarryingSource) throws(RecorderError) {
        for run in source.takeAudio() { try pushFromSource(audio: run) }
    }

    /// Adds audio decoded from a source (a file's track, a capture device) in any rate and
    /// channel count: resampled to the configuration's. Background failures are left for the
    /// delegate and ``capturedSegments()``.
    @discardableResult
    func pushFromSource(audio: AudioSamples, onTimeline: Bool = false) throws(RecorderError) -> AudioDisposition {
        guard audio.channels > 0, audio.sampleRate > 0, audio.timestamp.isFinite else {
            return .waitingForVideo
        }
        return try ingest(audio, consumesFailure: false, onTimeline: onTimeline)
    }

    /// Keeps a passthrough source's own audio packet as it is, beside the video's groups.
    func keepSourceAudio(_ packet: TimedAudioPacket) {
        shared.withLock { shell in
            guard shell.machine.state == .recording, shell.machine.configuration.audio != nil else { return }
            let track = AudioTrack(
                parameters: packet.parameters, timeBaseNum: 1, timeBaseDen: Int32(PacketTimeline.ticksPerSecond))
            shell.machine.audio.append(
                [AudioPacket(data: packet.bytes, pts: packet.pts, duration: packet.duration)], track: track)
            shell.machine.audioSessionWithPackets = shell.machine.audioSession
        }
    }

    /// `onTimeline`: the timestamp is already a time of the recording's timeline (a passthrough
    /// recording's packet clock), not a frame timestamp to place through the frames.
    private func ingest(_ audio: AudioSamples, consumesFailure: Bool, onTimeline: Bool = false) throws(RecorderError)
        -> AudioDisposition
    {
        enum Admission {
            case skip(AudioDisposition)
            case encode(session: Int, time: Double, settings: AudioSettings)
        }
        let admission = try shared.withLock { shell throws(RecorderError) -> Admission in
            if consumesFailure, let failure = shell.machine.takeUnreportedFailure() { throw failure }
            let core = shell.machine
            switch core.state {
            case .none: throw .notRecording(state: .none)
            case .paused: return .skip(.ignoredWhilePaused)
            case .recording: break
            }
            guard let settings = core.configuration.audio else { return .skip(.silent) }
            if onTimeline {
                return .encode(session: core.audioSession, time: audio.timestamp, settings: settings)
            }
            guard let time = core.audioTime(of: audio.timestamp),
                time >= Double(core.sessionFirstSlot) / Double(core.configuration.framerate.rawValue) - 1
            else { return .skip(.waitingForVideo) }
            return .encode(session: core.audioSession, time: time, settings: settings)
        }
        guard case .encode(let session, let time, let settings) = admission else {
            if case .skip(let disposition) = admission { return disposition }
            return .waitingForVideo
        }
        let work = try audioEncoder.withLock { slot throws(RecorderError) -> Delivery in
            guard slot.closedSession != session else { return Delivery() }
            if slot.session != session || slot.encoder == nil {
                slot.encoder = nil
                do throws(AudioError) {
                    slot.encoder = try AudioEncoder(settings: settings)
                } catch {
                    throw .audio(error)
                }
                slot.session = session
            }
            guard let encoder = slot.encoder, let track = encoder.track else { return Delivery() }
            let packets: [AudioPacket]
            do throws(VideoIOError) {
                packets = try audio.samples.withUnsafeBufferPointer { samples throws(VideoIOError) in
                    try encoder.encode(samples, channels: audio.channels, rate: audio.sampleRate, at: time)
                }
            } catch {
                throw .video(error)
            }
            return shared.withLock { shell in
                shell.delivery(of: shell.machine.audioArrived(packets, track: track, session: session, encoded: true))
            }
        }
        perform(work)
        return .stored
    }

    /// Flushes the session's audio encoder (the samples it still holds come out), so that the
    /// clips a stop truncates get the session's last audio.
    func finishAudio() {
        let work = audioEncoder.withLock { slot -> Delivery in
            guard let encoder = slot.encoder, let track = encoder.track else { return Delivery() }
            let session = slot.session
            slot.encoder = nil
            slot.closedSession = session
            let packets = (try? encoder.finish()) ?? []
            return shared.withLock { shell in
                shell.delivery(of: shell.machine.audioArrived(packets, track: track, session: session, encoded: false))
            }
        }
        perform(work)
    }

    /// Forgets the session's audio encoder and buffered audio (a reset).
    func dropAudio() {
        audioEncoder.withLock { slot in
            slot.encoder = nil
            slot.closedSession = slot.session
        }
    }
}

extension RecorderStateMachine {
    /// Compressed audio of `session` arrived (`encoded`: by this session's encoder, which the
    /// clips then wait for; a flush at a stop is not).
    mutating func audioArrived(_ packets: [AudioPacket], track: AudioTrack, session: Int, encoded: Bool)
        -> RecorderActions?
    {
        guard audioSession == session else { return nil }
        audio.append(packets, track: track)
        if encoded { audioSessionWithPackets = session }
        return settle()
    }

    /// The timeline time (seconds) before which no clip can need audio: the first retained
    /// frame's slot, or the first retained group's start in a passthrough recording.
    var audioRetainFrom: Double {
        if passthrough.newestPTS != nil || packets.storedCount > 0 {
            let group = retainGroupsFrom
            return packets[group].map { PacketTimeline.seconds($0.startPTS) } ?? PacketTimeline.seconds(
                passthrough.newestPTS ?? 0) - configuration.backwardOffset - 1
        }
        return Double(retainFrom) / Double(configuration.framerate.rawValue) - 1
    }
}
