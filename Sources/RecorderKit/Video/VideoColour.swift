import CFFmpeg

/// The one rule for the colour of video frames meeting RGB stills: which YCbCr matrix and range a
/// frame uses, and what swscale is told when it converts between the two.
///
/// A frame's own tags win. An untagged frame is read as players read it: BT.709 from 720 lines up
/// (HD cameras and streams), BT.601 below and for JPEG (`yuvj`) pixel formats, which are also full
/// range; other frames are limited range. BT.709's primaries and white are sRGB's, so once the matrix and range are right the RGB is
/// sRGB and needs no gamut conversion (swscale's own default, BT.601 for everything, shifted HD
/// reds and greens by about 3–5 ΔE2000).
///
/// Clips the recorder encodes from RGB are written with JPEG's matrix (BT.601) in full range, as
/// libjpeg writes stills, and say so in their tags (``tag(_:)``) so a player does not assume BT.709.
enum VideoColour {
    /// swscale's coefficient table (`SWS_CS_…`) for the frame's matrix.
    static func matrix(of frame: UnsafePointer<AVFrame>) -> Int32 {
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: return SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601
        case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M
        case AVCOL_SPC_FCC: return SWS_CS_FCC
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020
        default: return isJPEGFormat(frame) || frame.pointee.height < 720 ? SWS_CS_ITU601 : SWS_CS_ITU709
        }
    }

    /// Whether the frame has one of the JPEG (`yuvj`) pixel formats: JPEG's matrix and full range.
    private static func isJPEGFormat(_ frame: UnsafePointer<AVFrame>) -> Bool {
        switch AVPixelFormat(frame.pointee.format) {
        case AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P:
            return true
        default: return false
        }
    }

    /// Whether the frame's samples use the full 0…255 range (JPEG's) rather than 16…235.
    static func isFullRange(_ frame: UnsafePointer<AVFrame>) -> Bool {
        switch frame.pointee.color_range {
        case AVCOL_RANGE_JPEG: return true
        case AVCOL_RANGE_MPEG: return false
        default: return isJPEGFormat(frame)
        }
    }

    /// The conversion a scaler was last set up for, so a scaler is told only when it changes.
    struct Setting: Equatable {
        var scaler: OpaquePointer
        var sourceMatrix: Int32
        var sourceFullRange: Bool
        var destinationMatrix: Int32
        var destinationFullRange: Bool
    }

    /// Sets `scaler` (a cached swscale context) to read `source` with its matrix and range and to
    /// write full-range output: RGB, or YCbCr with JPEG's matrix. Returns the setting, which the
    /// caller keeps as `last` to skip the call for the next frame of the same kind.
    static func configure(
        _ scaler: OpaquePointer, readingFrame source: UnsafePointer<AVFrame>, last: Setting?
    ) -> Setting {
        configure(
            scaler,
            setting: Setting(
                scaler: scaler, sourceMatrix: matrix(of: source), sourceFullRange: isFullRange(source),
                destinationMatrix: SWS_CS_ITU601, destinationFullRange: true),
            last: last)
    }

    /// Sets `scaler` to read full-range RGB and write YCbCr with JPEG's matrix in full range (what
    /// ``tag(_:)`` declares).
    static func configure(_ scaler: OpaquePointer, writingFromRGB last: Setting?) -> Setting {
        configure(
            scaler,
            setting: Setting(
                scaler: scaler, sourceMatrix: SWS_CS_ITU601, sourceFullRange: true,
                destinationMatrix: SWS_CS_ITU601, destinationFullRange: true),
            last: last)
    }

    private static func configure(_ scaler: OpaquePointer, setting: Setting, last: Setting?) -> Setting {
        guard setting != last else { return setting }
        // Brightness 0, contrast and saturation 1.0 in 16.16 fixed point: swscale's neutral values.
        _ = sws_setColorspaceDetails(
            scaler, sws_getCoefficients(setting.sourceMatrix), setting.sourceFullRange ? 1 : 0,
            sws_getCoefficients(setting.destinationMatrix), setting.destinationFullRange ? 1 : 0, 0, 1 << 16,
            1 << 16)
        return setting
    }

    /// Tags an encoder for frames written by ``configure(_:writingFromRGB:)``: JPEG's matrix in full
    /// range, sRGB's primaries and tone curve (the stills' own), so players decode what was meant.
    static func tag(_ codec: UnsafeMutablePointer<AVCodecContext>) {
        codec.pointee.color_range = AVCOL_RANGE_JPEG
        codec.pointee.colorspace = AVCOL_SPC_BT470BG
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
    }
}
