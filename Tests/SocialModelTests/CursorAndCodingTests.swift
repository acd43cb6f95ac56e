import Foundation
import SocialModel
import Testing

/// Cursors travel as opaque strings and entities as JSON, as an HTTP API carries them.
@Suite("Opaque cursors and Codable values")
struct CursorAndCodingTests {
    static let date = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_789)

    @Test func cursorsRoundTripThroughTheirTextExactly() throws {
        let keyset = KeysetCursor(date: Self.date, id: "usr_0123\u{1F}weird|id")
        #expect(KeysetCursor(keyset.description) == keyset)
        let feed = FeedCursor(likeCount: 42, createdAt: Self.date, postID: PostID(rawValue: "pst_abc"))
        #expect(FeedCursor(feed.description) == feed)
        let explore = ExploreCursor(seed: .max, rank: .min, postID: PostID(rawValue: "pst_xyz"))
        #expect(ExploreCursor(explore.description) == explore)
        // URL-safe, and nothing readable about what they point at.
        for text in [keyset.description, feed.description, explore.description] {
            #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(!text.contains("pst_") && !text.contains("usr_"))
        }
        // A cursor of one kind is not read as another.
        #expect(FeedCursor(keyset.description) == nil)
        #expect(KeysetCursor(explore.description) == nil)
    }

    @Test(arguments: [
        "", "=", "not a cursor", "k1", "////", String(repeating: "A", count: 10_000), "a2\u{0}", "é",
        Data("k1\u{1F}nothex\u{1F}id".utf8).base64EncodedString(),
        Data("k1\u{1F}7ff0000000000000\u{1F}id".utf8).base64EncodedString(),  // infinity
        Data("f1\u{1F}99999999999999999999\u{1F}0\u{1F}p".utf8).base64EncodedString(),  // overflows Int
        Data("e1\u{1F}-1\u{1F}0\u{1F}p".utf8).base64EncodedString(),  // a negative seed
        Data([0xFF, 0xFE, 0x1F]).base64EncodedString(),  // not UTF-8
    ])
    func hostileTokensAreRefused(token: String) {
        #expect(KeysetCursor(token) == nil)
        #expect(FeedCursor(token) == nil)
        #expect(ExploreCursor(token) == nil)
    }

    @Test func pagesAndViewsEncodeAsJSONWithCursorTokens() throws {
        let author = User(id: .random(), username: "ana", email: nil, createdAt: Self.date)
        let post = Post(id: .random(), authorID: author.id, caption: "c", width: 1, height: 2, createdAt: Self.date)
        let page = CursorPage(
            items: [PostView(post: post, author: author, firstComment: nil, likedByViewer: true)],
            next: FeedCursor(after: post))
        let encoder = JSONEncoder()
        let json = try encoder.encode(page)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["next"] as? String == page.next?.description)
        #expect(try JSONDecoder().decode(CursorPage<PostView, FeedCursor>.self, from: json) == page)
        // A tampered token is a decoding error, not a crash or a wrong page.
        let tampered = String(decoding: json, as: UTF8.self)
            .replacingOccurrences(of: page.next!.description, with: "tampered")
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(CursorPage<PostView, FeedCursor>.self, from: Data(tampered.utf8))
        }
    }
}
