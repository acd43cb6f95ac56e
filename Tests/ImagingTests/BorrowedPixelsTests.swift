import Foundation
import Imaging
import Synchronization
import Testing

/// Counts calls of a `release` closure.
private final class ReleaseCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func add() {
        count.add(1, ordering: .releasing)
    }
}

@Suite("Images on borrowed pixels")
struct BorrowedPixelsTests {
    @Test("the pixels are read in place, and release comes once, after the last image made from them is gone")
    func readInPlaceAndReleasedOnce() throws {
        let samples: [UInt8] = (0..<(4 * 3 * 3)).map { UInt8($0 * 7 % 256) }
        let released = ReleaseCount()
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: samples.count, alignment: 16)
        defer { memory.deallocate() }
        samples.withUnsafeBytes { memory.copyMemory(from: $0) }
        do {
            let image = try Image(borrowing: UnsafeRawBufferPointer(memory), width: 4, height: 3, bands: 3) {
                released.add()
            }
            #expect(image.colorSpace == .sRGB)
            #expect(try image.pixels().samples == samples)
            // No copy: a change to the memory shows in the image.
            memory[0] = 255
            #expect(try image.pixels().samples[0] == 255)
            let cropped = try image.cropped(x: 1, y: 1, width: 2, height: 2)
            _ = consume image
            ImagingDiagnostics.dropOperationCache()
            // The crop still reads the memory, so it is not released yet.
            #expect(released.value == 0)
            #expect(try cropped.pixels().samples.count == 12)
        }
        // libvips' operation cache holds the inputs of recent operations.
        ImagingDiagnostics.dropOperationCache()
        #expect(released.value == 1)
    }

    @Test("too little memory or a non-positive size is a typed error, and release is not called")
    func refusals() throws {
        let released = ReleaseCount()
        let memory = [UInt8](repeating: 0, count: 10)
        try memory.withUnsafeBytes { raw in
            #expect(throws: ImagingError.invalidArgument("10 bytes do not hold a 2×2×3 image")) {
                try Image(borrowing: raw, width: 2, height: 2, bands: 3) { released.add() }
            }
            #expect(throws: ImagingError.self) {
                try Image(borrowing: raw, width: 0, height: 2, bands: 3) { released.add() }
            }
            let grey = try Image(borrowing: raw, width: 5, height: 2, bands: 1) { released.add() }
            #expect(grey.colorSpace == .blackAndWhite)
        }
        ImagingDiagnostics.dropOperationCache()
        #expect(released.value == 1)
    }
}
