/// The audio half of the ring buffer: compressed packets, in memory.
///
/// Audio is small beside video (AAC at 128 kbit/s is 16 KB a second, a 60-second clip 1 MB), so
/// its packets stay in memory rather than in files; they are evicted with the frames they
/// accompany.
struct AudioBuffer {
    private(set) var track: AudioTrack?
    private(set) var packets: [AudioPacket] = []
    /// The bytes of all buffered packets.
    private(set) var byteCount = 0

    /// The timeline time, in seconds, up to which packets have arrived, or `nil` before any.
    var coveredThrough: Double? {
        guard let track, let last = packets.last else { return nil }
        return track.seconds(last.end)
    }

    /// Appends packets in time order. Packets of another stream (new settings, a source that now
    /// sends another codec) replace what is buffered: one clip holds one audio stream.
    mutating func append(_ new: [AudioPacket], track: AudioTrack) {
        guard !new.isEmpty else { return }
        if let current = self.track,
            !current.parameters.isCompatible(with: track.parameters)
                || current.timeBaseDen != track.timeBaseDen || current.timeBaseNum != track.timeBaseNum
        {
            removeAll()
        }
        self.track = track
        // Times only increase; a packet may overlap the one before by a little (a camera's
        // timestamps are rounded), never start before it.
        for packet in new where packet.pts > (packets.last?.pts ?? .min) {
            packets.append(packet)
            byteCount += packet.data.count
        }
    }

    /// Drops the packets that end before `seconds`.
    mutating func evict(before seconds: Double) {
        guard let track else { return }
        let limit = track.pts(seconds)
        let count = packets.prefix { $0.end < limit }.count
        guard count > 0 else { return }
        byteCount -= packets[..<count].reduce(0) { $0 + $1.data.count }
        packets.removeFirst(count)
    }

    mutating func removeAll() {
        packets.removeAll()
        byteCount = 0
    }

    /// The packets that overlap `start`…`end` seconds of the timeline, with their timeline times.
    func window(from start: Double, to end: Double) -> ClipAudio? {
        guard let track else { return nil }
        let (lower, upper) = (track.pts(start), track.pts(end))
        let chosen = packets.filter { $0.end > lower && $0.pts < upper }
        return chosen.isEmpty ? nil : ClipAudio(track: track, packets: chosen)
    }

    /// The audio of a clip from `start` to `end` seconds of the timeline, or `nil` when none falls in it.
    func clip(from start: Double, to end: Double) -> ClipAudio? {
        guard let track else { return nil }
        return ClipAudio.cut(packets, track: track, start: start, end: end)
    }
}
