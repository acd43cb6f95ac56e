import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import Testing

@Test func photosWaitAtTheLab() async throws {
    let clock = ManualRollClock()
    let camera = try Camera(
        store: InMemoryRollStore(), registry: .shared,
        configuration: Camera.Configuration(developmentDelay: .hours(72), clock: clock))
    let photo = try Image.solid(width: 16, height: 16, value: [200, 150, 100])
    try await camera.load("Test", stock: "kodak-portra-400", size: .twelve)
    try await camera.shoot(photo, on: "test", metadata: ShotMetadata(captureDate: clock.now))
    try await camera.finishEarly("test")
    _ = try await camera.develop("test") { _ in }
    await #expect(throws: RollError.self) { try await camera.photos(of: "test") }
    clock.advance(by: 72 * 3600)
    #expect(try await camera.photos(of: "test").count == 1)
}
