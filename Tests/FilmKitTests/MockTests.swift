import FilmKit
import FilmKitMocks
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("FilmKitMocks")
struct MockTests {
    struct Boom: Error, Equatable {}

    @Test func mockRecordsCallsAndSeedsAndReturnsItsResult() throws {
        let mock = MockFilter()
        let image = try TestImages.flat(50, width: 4, height: 4)
        let chain = FilterChain([mock, mock])
        _ = try chain.apply(to: image, seed: 3)
        #expect(mock.calls.count == 2)
        #expect(mock.seeds == [FilterContext(seed: 3).derived(0).seed, FilterContext(seed: 3).derived(1).seed])

        let replacement = try TestImages.flat(200, width: 2, height: 2)
        mock.result = .image(replacement)
        #expect(try mock.apply(to: image).width == 2)
        mock.result = .fail(Boom())
        #expect(throws: Boom()) { try mock.apply(to: image) }
        mock.reset()
        #expect(mock.calls.isEmpty)
    }

    @Test func mockedRegistryServesMocksByName() throws {
        let mock = MockFilter()
        let registry = try FilterRegistry.mocked(["portra": mock])
        #expect(registry.names == ["portra"])
        _ = try registry.makeFilter("portra").apply(to: TestImages.flat(10, width: 2, height: 2), seed: 9)
        #expect(mock.seeds == [9])
    }
}
