// Compiler-error stubs for public API that 0.3.0 renamed: old code fails to compile with a message
// that says what to write instead. Where a module that declares the same name (RecorderKit's
// `FrameSize`, Imaging's `PixelFormat`) is imported too, the compiler picks that available
// declaration over these stubs, so they bring back no ambiguity.

/// Unavailable: renamed ``CaptureFormat/Size``.
@available(
    *, unavailable, renamed: "CaptureFormat.Size",
    message:
        "renamed CaptureFormat.Size so that CaptureDevices can be imported beside RecorderKit and Imaging, which have their own FrameSize"
)
public typealias FrameSize = CaptureFormat.Size

/// Unavailable: renamed ``CaptureFormat/PixelFormat``.
@available(
    *, unavailable, renamed: "CaptureFormat.PixelFormat",
    message:
        "renamed CaptureFormat.PixelFormat so that CaptureDevices can be imported beside RecorderKit and Imaging, which have their own PixelFormat"
)
public typealias PixelFormat = CaptureFormat.PixelFormat
