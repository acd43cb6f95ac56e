import FilmKit
import FilmKitMocks
import Imaging
import Testing

@Test func myAppAppliesTheLookItAsksFor() throws {
    let mock = MockFilter()                       // returns its input, records calls and seeds
    let registry = try FilterRegistry.mocked(["portra-400": mock])
    let photo = try Image.solid(width: 64, height: 48, value: [128, 128, 128])
    _ = try registry.makeFilter("portra-400").apply(to: photo, seed: 42)
    #expect(mock.seeds == [42])
}
