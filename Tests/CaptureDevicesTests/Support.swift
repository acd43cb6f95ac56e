import CaptureDevices
import Foundation
import Testing

/// A device for a test: only what selection looks at, with a mock address.
func camera(
    _ identifier: String, _ position: CaptureDevice.Position, _ kind: CaptureDevice.Kind, _ focalLength: Double?,
    zoom: ClosedRange<Double> = 1...4
) -> CaptureDevice {
    try! CaptureDevice(
        identifier: identifier, name: identifier, position: position, kind: kind, equivalentFocalLength: focalLength,
        zoomRange: zoom, address: DeviceAddress(inputFormat: "lavfi", url: "testsrc2"))
}

/// The focal length that gives `degrees` diagonally.
func focalLength(degrees: Double) -> Double {
    FieldOfView.equivalentFocalLength(forDiagonalDegrees: degrees)!
}

/// Expects `body` to throw exactly `expected`.
func expectError<E: Error & Equatable, T>(
    _ expected: E, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) {
    do {
        let value = try body()
        Issue.record("expected \(expected), got \(value)", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? E == expected, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw exactly `expected`.
func expectError<E: Error & Equatable, T>(
    _ expected: E, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async {
    do {
        let value = try await body()
        Issue.record("expected \(expected), got \(value)", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? E == expected, "\(error)", sourceLocation: sourceLocation)
    }
}
