import CFFmpeg
import CFFmpegShim

/// Tells whether a passthrough packet is whole before it goes into the ring buffer: a packet the
/// demuxer marked damaged, an empty one, or one whose length-prefixed NAL units (H.264 in `avcC`,
/// H.265 in `hvcC` form, as MP4 and Matroska carry them) run past its end or stop short of it
/// (a stream cut mid-packet) would make an invalid clip, so the recorder drops it.
enum PacketIntegrity {
    /// Whether `bytes` (flags `flags`) is a whole packet of a stream with `parameters`.
    static func isWhole(_ bytes: UnsafeRawBufferPointer, flags: Int32, parameters: StreamParameters) -> Bool {
        guard !bytes.isEmpty, flags & akf_packet_flag_corrupt() == 0 else { return false }
        let codec = parameters.pointer.pointee
        guard let extradata = codec.extradata, codec.extradata_size > 0 else { return true }
        let header = UnsafeRawBufferPointer(start: extradata, count: Int(codec.extradata_size))
        return hasWholeUnits(bytes, codec: codec.codec_id, extradata: header)
    }

    /// Whether `bytes` holds whole length-prefixed NAL units for a stream of `codec` whose
    /// parameter sets are `extradata` (always, for a stream without length prefixes).
    static func hasWholeUnits(_ bytes: UnsafeRawBufferPointer, codec: AVCodecID, extradata: UnsafeRawBufferPointer)
        -> Bool
    {
        guard let size = lengthSize(codec: codec, extradata: extradata) else { return true }
        return hasWholeUnits(bytes, lengthSize: size)
    }

    /// The size of the NAL length prefix for a stream whose parameter sets are in `avcC` or
    /// `hvcC` form (their first byte is the version, 1), or `nil` for Annex B streams (start
    /// codes) and other codecs.
    static func lengthSize(codec: AVCodecID, extradata: UnsafeRawBufferPointer) -> Int? {
        guard extradata.first == 1 else { return nil }
        switch codec {
        case AV_CODEC_ID_H264 where extradata.count >= 7: return Int(extradata[4] & 3) + 1
        case AV_CODEC_ID_HEVC where extradata.count >= 23: return Int(extradata[21] & 3) + 1
        default: return nil
        }
    }

    /// Whether `bytes` is a run of NAL units, each a `lengthSize`-byte big-endian length and that
    /// many bytes, that ends exactly at the end of the packet.
    static func hasWholeUnits(_ bytes: UnsafeRawBufferPointer, lengthSize: Int) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset > lengthSize else { return false }
            var length = 0
            for index in offset..<(offset + lengthSize) { length = length << 8 | Int(bytes[index]) }
            offset += lengthSize
            guard length > 0, length <= bytes.count - offset else { return false }
            offset += length
        }
        return offset > 0
    }
}

/// The packet check of passthrough recordings without FFmpeg types, for the fuzz target
/// (`Fuzz/Sources/FuzzPacket`).
@_spi(Fuzzing) public enum PacketIntegrityCheck {
    /// Whether `packet` is a run of whole NAL units for an H.264 (or, `isHEVC`, H.265) stream
    /// whose parameter sets are `extradata` (`avcC` or `hvcC` form; Annex B extradata: always).
    public static func isWhole(_ packet: UnsafeRawBufferPointer, extradata: UnsafeRawBufferPointer, isHEVC: Bool)
        -> Bool
    {
        PacketIntegrity.hasWholeUnits(packet, codec: isHEVC ? AV_CODEC_ID_HEVC : AV_CODEC_ID_H264, extradata: extradata)
    }
}
