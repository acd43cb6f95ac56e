import Foundation
import Testing

@testable import RecorderKit

/// The audio encoder across a short last frame, which reopens the codec context: what follows
/// must use the new context (using the freed one crashed `recorder-host --audio` one run in six).
@Suite("Audio encoder")
struct AudioEncoderTests {
    let settings = AudioSettings(codec: .aac, sampleRate: 48_000, channels: 1, bitrate: 96_000)

    func encode(_ encoder: AudioEncoder, count: Int, at time: Double) throws -> [AudioPacket] {
        let samples = (0..<count).map { Float(sin(Double($0) * 0.13)) * 0.5 }
        return try samples.withUnsafeBufferPointer { try encoder.encode($0, channels: 1, rate: 48_000, at: time) }
    }

    @Test("a short last frame, then finish, many times over")
    func shortLastFrameThenFinish() throws {
        for _ in 0..<200 {
            let encoder = try AudioEncoder(settings: settings)
            var packets = try encode(encoder, count: 1_000, at: 0)
            packets += try encoder.finish()
            #expect(!packets.isEmpty)
            #expect(try encoder.finish().isEmpty)
        }
    }

    @Test("a jump in time sends the short frame, reopens the encoder, and encoding goes on")
    func jumpThenMore() throws {
        for _ in 0..<100 {
            let encoder = try AudioEncoder(settings: settings)
            var packets = try encode(encoder, count: 1_000, at: 0)
            packets += try encode(encoder, count: 3_000, at: 5)
            packets += try encoder.finish()
            let starts = packets.map(\.pts)
            #expect(starts == starts.sorted())
            #expect(starts.contains { $0 >= 5 * 48_000 })
        }
    }
}
