import Foundation
import SocialClient
import SocialModel
import SocialModelExport
import TestSupport
import Testing

@Suite("SocialClient data exports")
struct SocialClientExportTests {
    @Test("a user starts their export, sees it ready, downloads it once, and then it is gone")
    func exportOnce() async throws {
        let folder = try TemporaryDirectory("client-exports")
        defer { folder.remove() }
        var server = LoopbackServer()
        let exports = DataExports(
            network: server.harness.network, recipes: server.harness.recipes, meals: server.harness.meals,
            writer: ZipDataExportWriter(), directory: folder.url)
        server.exports = { _ in exports }
        try await server.run { client, harness in
            let ana = try await client.signUp("ana", harness)
            #expect(try await ana.startDataExport().state == .running)
            await exports.finished(userID: try #require(ana.user?.id))
            let status = try await ana.dataExportStatus()
            #expect(status.state == .ready)
            let zip = try await ana.downloadDataExport()
            #expect(zip.count == status.bytes && zip.prefix(2) == Data("PK".utf8))
            do throws(SocialClientError) {
                _ = try await ana.downloadDataExport()
                Issue.record("an archive was downloaded twice")
            } catch .api(let error) {
                #expect(error.code == "export-gone" && error.status == 410)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
