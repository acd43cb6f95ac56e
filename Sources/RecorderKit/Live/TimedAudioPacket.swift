import CFFmpeg
import Foundation

/// An audio packet of a live source, placed on the recording's timeline (ticks of
/// ``PacketTimeline/ticksPerSecond``) like the video packets beside it.
struct TimedAudioPacket {
    /// The demuxer's packet, valid only during the call it is passed to.
    let packet: UnsafeMutablePointer<AVPacket>
    let pts: Int64
    let duration: Int64
    let parameters: StreamParameters
    /// The stream's own time base.
    let timeBase: AVRational

    var bytes: Data { Data(bytes: packet.pointee.data, count: Int(packet.pointee.size)) }

    /// The seconds to add to a time decoded from this stream to place it on the timeline, or
    /// `nil` when the packet has no timestamp of its own.
    var timelineShift: Double? {
        guard packet.pointee.pts != FFmpegRuntime.noTimestamp else { return nil }
        return PacketTimeline.seconds(pts) - Double(packet.pointee.pts) * av_q2d(timeBase)
    }
}

extension StreamParameters {
    /// Whether an MP4 or MOV file can hold the codec's packets as they are (AAC, MP3, Opus in MP4…);
    /// other sound (the G.711 of many cameras) is decoded and compressed again.
    /// An audio packet's duration in timeline ticks when the demuxer gives none (RTP): the
    /// codec's frame size (1024 samples when unknown, as for AAC).
    var audioFrameTicks: Int64 {
        let samples = Int64(pointer.pointee.frame_size > 0 ? pointer.pointee.frame_size : 1024)
        let rate = Int64(max(pointer.pointee.sample_rate, 1))
        return max(1, samples * PacketTimeline.ticksPerSecond / rate)
    }

    func fits(in container: VideoFormat) -> Bool {
        guard let format = av_guess_format(container.rawValue, nil, nil) else { return false }
        return avformat_query_codec(format, codecID, 0) == 1
    }
}
