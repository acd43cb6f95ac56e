import FilmKit
import Foundation
import PixelTestSupport
import TestSupport
import Testing

/// Loading a stock from a file: an early size limit, a streaming read, typed errors.
@Suite("Film stocks: loading hostile files")
struct StockLoadingTests {
    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("huge.json")
        try HostileFiles.sparseFile(at: url, size: 50_000_000)
        let error = #expect(throws: FilmStockError.self) { try FilmStock(contentsOf: url) }
        guard case .unreadable(_, let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.description.contains("over the limit of \(FilmStock.maximumFileSize) bytes"))
    }

    @Test func anEndlessStreamIsCutOffAtTheLimit() {
        let error = #expect(throws: FilmStockError.self) {
            try FilmStock(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(error?.description.contains("over the limit") == true)
    }

    /// Found by the stock fuzzer: a stock that validated could still fail to register.
    @Test func aStockWhoseIdCannotNameAFilterIsRefusedWhenItIsRead() throws {
        var stock = try #require(FilmStock.builtIn.first)
        stock.id = "koda=-gold-200"
        let error = #expect(throws: FilmStockError.self) { try FilmStock(json: JSONEncoder().encode(stock)) }
        #expect(error?.description.contains("the id must be a filter name") == true)
    }

    @Test func deeplyNestedOrMalformedJSONIsATypedError() throws {
        let nested = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: FilmStockError.self) { try FilmStock(json: nested) }
        #expect(throws: FilmStockError.self) { try FilmStock(json: Data("{\"id\": 1e999}".utf8)) }
        #expect(throws: FilmStockError.self) { try FilmStock(json: Data([0xFF, 0xFE, 0x00])) }
        #expect(throws: FilmStockError.self) { try FilmStock(json: Data(count: FilmStock.maximumFileSize + 1)) }
        #expect(throws: FilmStockError.self) {
            try FilmStock(contentsOf: URL(fileURLWithPath: "/nonexistent/stock.json"))
        }
    }
}
