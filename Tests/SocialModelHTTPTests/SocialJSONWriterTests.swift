import Foundation
import SocialModel
import SocialModelAPI
import Testing

/// The feed's pages written directly give the bytes `JSONEncoder` gives through `SocialJSON`.
@Suite("SocialJSON writer")
struct SocialJSONWriterTests {
    /// Every character class the escaping treats apart: quote, backslash, slash, each control
    /// character, DEL, non-ASCII, line and paragraph separators, an emoji.
    static let awkward =
        "a \"quote\" \\ back/slash " + String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        + "\u{7F} é \u{2028}\u{2029} 😀"

    static func user(_ index: Int, full: Bool) -> User {
        User(
            id: UserID(rawValue: "usr_\(index)"), username: "user\(index)", email: full ? "a\(index)@b.example" : nil,
            name: full ? awkward : "", surname: "Ó'Brien", bio: full ? "line\nline" : "",
            avatar: full ? "avatars/\(index).jpg" : nil,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.123 + Double(index)),
            verifiedAt: full ? Date(timeIntervalSince1970: -86_400.5) : nil)
    }

    static func view(_ index: Int, full: Bool) -> PostView {
        let post = Post(
            id: PostID(rawValue: "pst_\(index)"), authorID: UserID(rawValue: "usr_\(index)"),
            caption: full ? awkward : "", filter: full ? "portra-400" : nil, width: 1080, height: -1,
            createdAt: Date(timeIntervalSinceReferenceDate: 0.999 + Double(index)), likeCount: Int.max,
            commentCount: Int.min)
        let comment = PostComment(
            id: CommentID(rawValue: "cmt_\(index)"), postID: post.id, authorID: UserID(rawValue: "usr_0"),
            text: awkward, createdAt: Date(timeIntervalSince1970: 0))
        return PostView(
            post: post, author: user(index, full: full), firstComment: full ? comment : nil, likedByViewer: full)
    }

    static func expectSameJSON<Value: Encodable & SocialJSONWritable>(_ value: Value) throws {
        let encoded = String(decoding: try SocialJSON.encoder().encode(value), as: UTF8.self)
        let written = String(decoding: SocialJSONWriter.bytes(of: value), as: UTF8.self)
        #expect(written == encoded)
    }

    @Test("users, posts, comments and views, with every optional set and none")
    func entities() throws {
        for full in [true, false] {
            try Self.expectSameJSON(Self.user(7, full: full))
            try Self.expectSameJSON(Self.view(7, full: full))
            try Self.expectSameJSON(Self.view(7, full: full).post)
        }
        try Self.expectSameJSON(Self.view(1, full: true).firstComment!)
    }

    @Test("pages of each cursor kind, with a next cursor and without, and empty")
    func pages() throws {
        let views = (0..<5).map { Self.view($0, full: $0.isMultiple(of: 2)) }
        let feedCursor = FeedCursor(after: views[4].post)
        try Self.expectSameJSON(CursorPage(items: views, next: feedCursor))
        try Self.expectSameJSON(CursorPage<PostView, FeedCursor>(items: views, next: nil))
        try Self.expectSameJSON(CursorPage<PostView, FeedCursor>(items: [], next: nil))
        try Self.expectSameJSON(
            CursorPage(items: views, next: ExploreCursor(seed: .max, rank: .min, postID: views[0].post.id)))
        try Self.expectSameJSON(
            CursorPage(
                items: [Self.user(1, full: true)], next: KeysetCursor(date: Date(timeIntervalSince1970: 5), id: "x")))
    }

    @Test("strings, numbers, booleans and arrays alone")
    func scalars() throws {
        try Self.expectSameJSON(Self.awkward)
        try Self.expectSameJSON(["", "/", Self.awkward])
        try Self.expectSameJSON([0, -1, Int.max, Int.min])
        try Self.expectSameJSON([true, false])
        try Self.expectSameJSON([[Date(timeIntervalSince1970: 1.5)], []])
    }
}
