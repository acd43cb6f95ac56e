import Foundation
import Imaging
import PixelTestSupport
import SocialClient
import SocialModel
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A post's share page as a real browser shows it: headless Chromium (Debian's `chromium`) loads
/// it from a running `social-server`; the rendered DOM and a screenshot are checked, the screenshot
/// kept as `docs/share-page.png` when `ANALOGKIT_UPDATE_DOCS=1`. No script runs in the page:
/// Chromium only renders and dumps it.
@Suite("social-server's share page in headless Chromium", .highPriority)
struct ShareLinkBrowserTests {
    /// Where the screenshot is kept: the repository's `docs/`.
    static let screenshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/share-page.png")

    /// Runs Chromium headless on `url` with `arguments` (a fresh profile in `folder`), waiting up to
    /// 10 s of page time for the photo to load before it dumps or shoots.
    static func chromium(_ arguments: [String], _ url: URL, profile folder: TemporaryDirectory) async throws
        -> ChildProcess.Result
    {
        let executable = try RealServerRequirement.executable("/usr/bin/chromium", package: "chromium")
        return try await ChildProcess.run(
            URL(fileURLWithPath: executable),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--disable-extensions", "--user-data-dir=\(folder.file("profile").path)",
                "--virtual-time-budget=10000", "--window-size=480,720",
            ] + arguments + [url.absoluteString])
    }

    @Test func theSharePageRendersInChromiumAndARevokedLinkIsItsNotFoundPage() async throws {
        _ = try RealServerRequirement.executable("/usr/bin/chromium", package: "chromium")
        let folder = try TemporaryDirectory("social-server-share")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        let server = try await ServerProcess.start([
            "--store", "sqlite:" + folder.file("social.sqlite").path, "--outbox", outbox.path,
            "--password-iterations", "210000",
        ])
        let client = SocialClient(baseURL: server.baseURL, session: URLSession(configuration: .ephemeral))
        let ada = try await client.signUp("ada", outbox: outbox)
        // A vivid red photo, so the screenshot shows whether the browser loaded and drew it.
        let photo = try Image.solid(width: 400, height: 300, value: [230, 20, 20]).encoded(as: .jpeg())
        let post = try await ada.publish(photo: photo, caption: "Morning on the <Danube> & \"the bridge\"")
        let link = try await ada.createShareLink(postID: post.id)
        let page = ada.shareLinkPage(link)

        let dumped = try await Self.chromium(["--dump-dom"], page, profile: folder)
        #expect(dumped.status == 0, "\(dumped.error)")
        let dom = dumped.output
        #expect(dom.contains("<html lang=\"en\">"))
        #expect(dom.contains("<title>Morning on the &lt;Danube&gt; &amp; \"the bridge\" · Photo by ada</title>"))
        #expect(dom.contains("alt=\"Photo by ada\""))
        #expect(dom.contains("<meta property=\"og:title\" content=\"Photo by ada\">"))
        #expect(dom.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        let imageURL = page.absoluteString + "/photo/1080"
        #expect(dom.contains("<meta property=\"og:image\" content=\"\(imageURL)\">"))
        #expect(dom.contains("srcset=\"\(page.path)/photo/320 320w, \(page.path)/photo/1080 400w\""))
        #expect(!dom.contains("ada@example.com"))
        // The image the page names is a JPEG of the post's size.
        let (jpeg, response) = try await URLSession(configuration: .ephemeral).data(
            from: try #require(URL(string: imageURL)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let served = try Image(data: jpeg)
        #expect(served.width == 400 && served.height == 300)

        let shot = folder.file("share-page.png")
        let rendered = try await Self.chromium(["--screenshot=\(shot.path)"], page, profile: folder)
        #expect(rendered.status == 0, "\(rendered.error)")
        let screenshot = try Image(contentsOf: shot).pixels()
        // The photo was loaded and drawn: a large red area (it is 100 % of the page's width).
        var red = 0
        for y in stride(from: 0, to: screenshot.height, by: 4) {
            for x in stride(from: 0, to: screenshot.width, by: 4)
            where screenshot[x, y, 0] > 180 && screenshot[x, y, 1] < 80
                && screenshot[x, y, 2] < 80
            {
                red += 1
            }
        }
        #expect(red * 16 > screenshot.width * screenshot.height / 4, "red pixels: \(red * 16)")
        // The page shows the post's date, so the kept screenshot is renewed only when asked for: a
        // test run leaves the repository as it found it.
        if ProcessInfo.processInfo.environment["ANALOGKIT_UPDATE_DOCS"] == "1" {
            try? FileManager.default.removeItem(at: Self.screenshot)
            try FileManager.default.copyItem(at: shot, to: Self.screenshot)
        }

        try await ada.revokeShareLink(linkID: link.id)
        let revoked = try await Self.chromium(["--dump-dom"], page, profile: folder)
        #expect(revoked.output.contains("<title>Link not available</title>"))
        #expect(!revoked.output.contains("Danube"))
        #expect(try await server.request(page.path).0 == 404)
        #expect(try await server.stop() == 0)
    }
}
