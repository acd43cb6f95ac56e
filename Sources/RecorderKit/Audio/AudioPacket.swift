import Foundation

/// One compressed audio packet in the ring buffer.
///
/// Times are in samples of the stream's own time base (``AudioTrack/timeBase``) on the
/// recorder's timeline: for decoded recordings the frame-slot clock (slot ÷ frame rate, so that a
/// pause leaves no gap), for passthrough the source's packet clock.
struct AudioPacket: Sendable {
    let data: Data
    let pts: Int64
    let duration: Int64

    var end: Int64 { pts + duration }
}

/// An audio stream of the ring buffer: its codec parameters and time base.
struct AudioTrack: Sendable {
    let parameters: StreamParameters
    /// Seconds per unit of ``AudioPacket/pts``, as a fraction.
    let timeBaseNum: Int32
    let timeBaseDen: Int32

    /// The time, in seconds, of a packet time.
    func seconds(_ pts: Int64) -> Double { Double(pts) * Double(timeBaseNum) / Double(timeBaseDen) }

    /// The packet time of `seconds`, rounded down.
    func pts(_ seconds: Double) -> Int64 {
        let value = (seconds * Double(timeBaseDen) / Double(timeBaseNum)).rounded(.down)
        return value.isFinite ? Int64(max(min(value, 9e15), -9e15)) : 0
    }
}

/// A clip's share of the audio: the track and the packets that fall in the clip, with times
/// relative to the clip's first video frame.
struct ClipAudio: Sendable {
    let track: AudioTrack
    let packets: [AudioPacket]

    /// The packets of `packets` whose middle falls in `[start, end)` seconds, shifted so that
    /// `start` is 0. Taking a packet by its middle keeps each end of the audio within half a
    /// packet (about 11 ms of AAC at 48 kHz) of the video's.
    static func cut(_ packets: some Sequence<AudioPacket>, track: AudioTrack, start: Double, end: Double) -> ClipAudio?
    {
        let origin = track.pts(start)
        let limit = track.pts(end)
        let chosen = packets.filter { packet in
            let middle = packet.pts + packet.duration / 2
            return middle >= origin && middle < limit
        }
        guard !chosen.isEmpty else { return nil }
        return ClipAudio(
            track: track,
            packets: chosen.map { AudioPacket(data: $0.data, pts: $0.pts - origin, duration: $0.duration) })
    }
}
