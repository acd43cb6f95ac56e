import CFFmpeg
import CFFmpegShim
import Foundation

/// Writes compressed packets into an MP4 or MOV file through libavformat without decoding them:
/// a passthrough clip. Timestamps are given in ticks of ``PacketTimeline/ticksPerSecond`` from
/// the clip's start; the muxer's own time base is set from them.
final class ClipRemuxer {
    let path: String
    private(set) var packetsWritten = 0
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var fileOpen = false
    private var finished = false
    private let timeBase = AVRational(num: 1, den: Int32(PacketTimeline.ticksPerSecond))
    /// The clip's audio, written interleaved with the video packets.
    private var audioMuxer: AudioMuxer?

    /// The FFmpeg name of the clip's audio codec, or `nil` for a silent clip.
    var audioCodecName: String? { audioMuxer?.codecName }

    init(path: String, container: VideoFormat, parameters: StreamParameters, audio: ClipAudio? = nil)
        throws(VideoIOError)
    {
        FFmpegRuntime.prepare()
        self.path = path
        try FFmpegRuntime.check(
            avformat_alloc_output_context2(&format, nil, container.rawValue, path), "avformat_alloc_output_context2")
        guard let format, let stream = avformat_new_stream(format, nil), let packet = av_packet_alloc() else {
            throw .ffmpeg(operation: "allocate muxer", message: "out of memory")
        }
        self.stream = stream
        self.packet = packet
        try FFmpegRuntime.check(avcodec_parameters_copy(stream.pointee.codecpar, parameters.pointer), "parameters")
        // The source container's tag (an RTP or MPEG-TS one) means nothing in MP4; the muxer picks its own.
        stream.pointee.codecpar.pointee.codec_tag = 0
        if stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_HEVC {
            // `hvc1` (parameter sets in the sample description), which Apple's players require;
            // the muxer's default, `hev1`, they refuse.
            stream.pointee.codecpar.pointee.codec_tag = Self.hvc1
        }
        stream.pointee.time_base = timeBase
        if parameters.frameRate > 0 {
            stream.pointee.avg_frame_rate = av_d2q(parameters.frameRate, 1000)
        }
        if let audio { audioMuxer = try AudioMuxer(audio, to: format) }
        try FFmpegRuntime.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open \(path)")
        fileOpen = true
        try FFmpegRuntime.check(avformat_write_header(format, nil), "avformat_write_header")
    }

    deinit {
        if let format {
            if fileOpen { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
        av_packet_free(&packet)
    }

    /// The `hvc1` four-character code, as libavformat stores it (first character lowest).
    static let hvc1 = "hvc1".utf8.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }

    /// Writes one packet: `bytes` as stored, its timestamps and duration in ticks from the clip's
    /// start (a gap before the next packet is part of this one's duration).
    func write(_ bytes: UnsafeRawBufferPointer, pts: Int64, dts: Int64, duration: Int64, isKey: Bool)
        throws(VideoIOError)
    {
        guard let format, let stream, let packet, !finished, let base = bytes.baseAddress else { return }
        try audioMuxer?.write(before: PacketTimeline.seconds(pts + duration), into: format)
        try FFmpegRuntime.check(av_new_packet(packet, Int32(bytes.count)), "av_new_packet")
        packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        packet.pointee.pts = pts
        packet.pointee.dts = dts
        packet.pointee.duration = duration
        packet.pointee.flags = isKey ? akf_packet_flag_key() : 0
        packet.pointee.stream_index = stream.pointee.index
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        // Takes the packet's data and resets it, whether it succeeds or not.
        try FFmpegRuntime.check(av_interleaved_write_frame(format, packet), "av_interleaved_write_frame")
        packetsWritten += 1
    }

    /// Writes the container's index and closes the file. The file is complete afterwards.
    func finish() throws(VideoIOError) {
        guard let format, !finished else { return }
        guard packetsWritten > 0 else { throw .noFrames }
        try audioMuxer?.writeRest(into: format)
        try FFmpegRuntime.check(av_write_trailer(format), "av_write_trailer")
        finished = true
        try FFmpegRuntime.check(avio_closep(&format.pointee.pb), "avio_close")
        fileOpen = false
    }
}
