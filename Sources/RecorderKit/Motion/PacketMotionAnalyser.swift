import Dispatch
import Foundation
import Imaging

/// A packet handed to motion detection, with its place on the recording's timeline.
struct MotionPacket: Sendable {
    let data: Data
    let pts: Int64
    let dts: Int64
    let isKey: Bool
    let parameters: StreamParameters
    /// `false` when the packet did not reach the ring buffer: it is counted, not decoded.
    let isUsable: Bool
}

/// Motion detection on a passthrough recording: decodes no more than it needs (every frame of
/// an inter-coded stream, whose frames depend on each other, but without the loop filter; only
/// every ``MotionTrigger/frameInterval``th frame of an intra-only one such as MJPEG, at reduced
/// size where the decoder can), and compares small grey copies of every
/// ``MotionTrigger/frameInterval``th frame.
///
/// Packets are analysed in order on a serial queue of their own; at most ``backlog`` wait, and
/// a full queue makes the source wait, so memory stays bounded and results never depend on timing.
final class PacketMotionAnalyser: @unchecked Sendable {
    // Only the queue touches the decoder and detector state.
    static let backlog = 90
    private let trigger: MotionTrigger
    private let queue = DispatchQueue(label: "RecorderKit.motion", qos: .userInitiated)
    private let slots = DispatchSemaphore(value: backlog)
    private let report: @Sendable (_ pts: Int64, _ motion: Bool, _ failure: VideoIOError?) -> Void
    private var decoder: FrameDecoder?
    private var decoderParameters: StreamParameters?
    private var detector: MotionDetector
    private var packetCount = 0
    private var frameCount = 0
    /// Set after a decoding failure, until the next key frame: frames in between cannot decode.
    private var waitingForKey = false

    init(
        trigger: MotionTrigger,
        report: @escaping @Sendable (_ pts: Int64, _ motion: Bool, _ failure: VideoIOError?) -> Void
    ) {
        self.trigger = trigger
        self.report = report
        detector = MotionDetector(trigger: trigger)
    }

    /// Queues a packet; waits while the backlog is full.
    func analyse(_ packet: MotionPacket) {
        slots.wait()
        queue.async {
            let (motion, failure) = self.process(packet)
            self.slots.signal()
            self.report(packet.pts, motion, failure)
        }
    }

    private func process(_ packet: MotionPacket) -> (Bool, VideoIOError?) {
        guard packet.isUsable else {
            waitingForKey = true
            return (false, nil)
        }
        if waitingForKey, !packet.isKey { return (false, nil) }
        waitingForKey = false
        do {
            let decoder = try self.decoder(for: packet.parameters)
            packetCount += 1
            let interval = trigger.frameInterval
            // Intra-only frames decode on their own: skip all but the ones analysed.
            if packet.parameters.isIntraOnly, interval > 1, (packetCount - 1) % interval != 0 { return (false, nil) }
            var motion = false
            try packet.data.withUnsafeBytes { bytes in
                try decoder.decode(bytes, pts: packet.pts, dts: packet.dts, isKey: packet.isKey) {
                    frame throws(VideoIOError) in
                    frameCount += 1
                    guard packet.parameters.isIntraOnly || (frameCount - 1) % interval == 0 else { return }
                    let grey = try decoder.greyImage(of: frame, width: trigger.analysisWidth)
                    do throws(ImagingError) {
                        if try detector.compare(grey) >= trigger.minimumArea { motion = true }
                    } catch {
                        throw .ffmpeg(operation: "motion detection", message: error.description)
                    }
                }
            }
            return (motion, nil)
        } catch {
            // A damaged packet: skip to the next key frame rather than compare broken pictures.
            waitingForKey = true
            return (false, error as? VideoIOError ?? .ffmpeg(operation: "motion detection", message: "\(error)"))
        }
    }

    private func decoder(for parameters: StreamParameters) throws(VideoIOError) -> FrameDecoder {
        if let decoder, let decoderParameters, decoderParameters.isCompatible(with: parameters) { return decoder }
        let made = try FrameDecoder(parameters: parameters.pointer, threads: 1, analysisWidth: trigger.analysisWidth)
        decoder = made
        decoderParameters = parameters
        // Another stream: nothing to compare the next frame with.
        detector = MotionDetector(trigger: trigger)
        return made
    }
}
