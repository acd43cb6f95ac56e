import CVips
import Foundation
import PixelTestSupport
import TestSupport
import Testing

@testable import Imaging

/// libvips keeps one error buffer per process, so a loader's message can go to another thread's
/// failure at the same moment, leaving a pipeline only its encoder's message. CI once saw a corrupt
/// JPEG reported as a PNG encoding failure that way; the sources decide instead.
@Suite("Pipeline errors")
struct PipelineErrorTests {
    @Test func aDamagedSourceIsDecodeFailedWhateverMessageIsLeft() throws {
        let image = try Image(data: try HostileFiles.corruptJPEG())
        // What the buffer held when the loader's line had been taken by another thread.
        let error = VipsRuntime.pipelineError(
            operation: "PNG encoding", sources: image.handle.sources,
            message: "vips2png: unable to write to target target")
        guard case .decodeFailed = error else {
            Issue.record("expected decodeFailed, got \(error)")
            return
        }
    }

    @Test func anEncoderFailureOverASoundSourceStaysAnOperationFailure() throws {
        let image = try Image(data: try Samples.data("rocket.jpg"))
        // The message is passed, not written to libvips' process-wide buffer: in a parallel run
        // another thread's failure may take the buffer's lines first.
        let error = VipsRuntime.pipelineError(
            operation: "PNG encoding", sources: image.handle.sources,
            message: "vips2png: unable to write to target target")
        guard case .operationFailed(_, let message) = error else {
            Issue.record("expected operationFailed, got \(error)")
            return
        }
        #expect(message.contains("vips2png"))
    }
}
