import FilmKit
import FilmKitMocks
import Imaging
import Testing

@Test func appliesTheChosenLookWithTheFrameSeed() throws {
    let mock = MockFilter()
    let registry = try FilterRegistry.mocked(["portra-400": mock])
    let look = try registry.makeFilter("portra-400")
    let photo = try Image.solid(width: 8, height: 8, value: [128, 128, 128])
    _ = try look.apply(to: photo, seed: 7)
    #expect(mock.seeds == [7])
}
