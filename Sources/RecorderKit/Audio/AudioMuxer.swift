import CFFmpeg
import CFFmpegShim
import Foundation

/// Adds a clip's audio stream to a muxer and writes its packets interleaved with the video:
/// before each video frame, the audio that starts before the frame ends. Writing in time order
/// keeps libavformat's interleaving queue short (a clip's video is never held back waiting for
/// audio).
final class AudioMuxer {
    private let audio: ClipAudio
    private let stream: UnsafeMutablePointer<AVStream>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let timeBase: AVRational
    private var next = 0

    /// Adds the stream; call before the muxer writes its header.
    init(_ audio: ClipAudio, to format: UnsafeMutablePointer<AVFormatContext>) throws(VideoIOError) {
        guard let stream = avformat_new_stream(format, nil), let packet = av_packet_alloc() else {
            throw .ffmpeg(operation: "allocate audio stream", message: "out of memory")
        }
        self.audio = audio
        self.stream = stream
        self.packet = packet
        timeBase = AVRational(num: audio.track.timeBaseNum, den: audio.track.timeBaseDen)
        try FFmpegRuntime.check(
            avcodec_parameters_copy(stream.pointee.codecpar, audio.track.parameters.pointer), "audio parameters")
        // A source container's tag (RTP, MPEG-TS) means nothing in MP4; the muxer picks its own.
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = timeBase
    }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&owned)
    }

    /// The FFmpeg name of the audio codec.
    var codecName: String { audio.track.parameters.codecName }

    /// Writes the packets that start before `seconds` from the clip's start.
    func write(before seconds: Double, into format: UnsafeMutablePointer<AVFormatContext>) throws(VideoIOError) {
        while next < audio.packets.count, audio.track.seconds(audio.packets[next].pts) < seconds {
            let source = audio.packets[next]
            next += 1
            try FFmpegRuntime.check(av_new_packet(packet, Int32(source.data.count)), "av_new_packet")
            source.data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                }
            }
            packet.pointee.pts = source.pts
            packet.pointee.dts = source.pts
            packet.pointee.duration = source.duration
            packet.pointee.flags = akf_packet_flag_key()
            packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
            // Takes the packet's data and resets it, whether it succeeds or not.
            try FFmpegRuntime.check(av_interleaved_write_frame(format, packet), "av_interleaved_write_frame audio")
        }
    }

    /// Writes every packet not yet written.
    func writeRest(into format: UnsafeMutablePointer<AVFormatContext>) throws(VideoIOError) {
        try write(before: .infinity, into: format)
    }
}
