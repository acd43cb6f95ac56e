import Foundation

/// Where a date-ordered list continues: the date and id of the last item seen.
///
/// Lists are ordered by (date, id), so a cursor names one exact place; items added meanwhile
/// land before or after it and are never shown twice or skipped. As text (``description``, and
/// in JSON) it is an opaque token a client hands back unchanged.
public struct KeysetCursor: Sendable, Hashable, OpaqueCursor {
    /// The date of the last item seen.
    public var date: Date
    /// The id of the last item seen (its raw text).
    public var id: String

    /// Creates a cursor.
    public init(date: Date, id: String) {
        self.date = date
        self.id = id
    }

    /// Reads a cursor from its text.
    /// - Parameter description: the text ``description`` gave.
    public init?(_ description: String) {
        guard let fields = CursorText.decode(description, tag: "k1", count: 2),
            let date = CursorText.date(fields[0])
        else { return nil }
        self.init(date: date, id: fields[1])
    }

    /// The cursor as an opaque token.
    public var description: String { CursorText.encode("k1", [CursorText.field(date), id]) }
}

/// What a feed is sorted by.
public enum FeedSortKey: String, Sendable, Hashable, Codable, CaseIterable {
    /// Publication date.
    case date
    /// Number of likes; ties by date.
    case likes
}

/// A sort direction.
public enum SortDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Smallest first.
    case ascending
    /// Largest first.
    case descending
}

/// How a feed is ordered. Ties are broken by date, then by post id, in the same direction.
public struct FeedOrder: Sendable, Hashable, Codable {
    /// The sort key.
    public var key: FeedSortKey
    /// The direction.
    public var direction: SortDirection

    /// Creates an order.
    public init(_ key: FeedSortKey = .date, _ direction: SortDirection = .descending) {
        self.key = key
        self.direction = direction
    }

    /// Newest first, the default.
    public static let newest = FeedOrder(.date, .descending)
    /// Most liked first.
    public static let mostLiked = FeedOrder(.likes, .descending)
}

/// Where a feed continues: the sort values and id of the last post seen.
///
/// When sorted by likes, the like count is the one seen on the page; a post whose count changes
/// while someone pages may move past the cursor. New posts never disturb the pages. As text it
/// is an opaque token.
public struct FeedCursor: Sendable, Hashable, OpaqueCursor {
    /// The last post's like count (used when sorting by likes).
    public var likeCount: Int
    /// The last post's publication date.
    public var createdAt: Date
    /// The last post's id.
    public var postID: PostID

    /// Creates a cursor.
    public init(likeCount: Int, createdAt: Date, postID: PostID) {
        self.likeCount = likeCount
        self.createdAt = createdAt
        self.postID = postID
    }

    /// The cursor after a post.
    public init(after post: Post) {
        self.init(likeCount: post.likeCount, createdAt: post.createdAt, postID: post.id)
    }

    /// Reads a cursor from its text.
    /// - Parameter description: the text ``description`` gave.
    public init?(_ description: String) {
        guard let fields = CursorText.decode(description, tag: "f1", count: 3), let likes = Int(fields[0]),
            let date = CursorText.date(fields[1])
        else { return nil }
        self.init(likeCount: likes, createdAt: date, postID: PostID(rawValue: fields[2]))
    }

    /// The cursor as an opaque token.
    public var description: String {
        CursorText.encode("f1", [String(likeCount), CursorText.field(createdAt), postID.rawValue])
    }
}

/// Where the explore list continues: the rank and id of the last post seen. As text it is an
/// opaque token.
public struct ExploreCursor: Sendable, Hashable, OpaqueCursor {
    /// The seed of the order being paged.
    public var seed: UInt64
    /// The last post's rank under that seed (see ``ExploreOrder/rank(seed:postID:)``).
    public var rank: Int64
    /// The last post's id.
    public var postID: PostID

    /// Creates a cursor.
    public init(seed: UInt64, rank: Int64, postID: PostID) {
        self.seed = seed
        self.rank = rank
        self.postID = postID
    }

    /// Reads a cursor from its text.
    /// - Parameter description: the text ``description`` gave.
    public init?(_ description: String) {
        guard let fields = CursorText.decode(description, tag: "e1", count: 3), let seed = UInt64(fields[0]),
            let rank = Int64(fields[1])
        else { return nil }
        self.init(seed: seed, rank: rank, postID: PostID(rawValue: fields[2]))
    }

    /// The cursor as an opaque token.
    public var description: String { CursorText.encode("e1", [String(seed), String(rank), postID.rawValue]) }
}

/// The seeded random order of the explore list: posts sorted by a rank that mixes the seed with
/// the post id. The same seed always gives the same order (on every store), another seed another.
public enum ExploreOrder {
    /// The rank of a post under a seed: FNV-1a of the id's UTF-8 bytes, mixed with the seed by
    /// the SplitMix64 finaliser, as a signed 64-bit number (so SQL integers hold it).
    public static func rank(seed: UInt64, postID: PostID) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in postID.rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        var z = hash ^ (seed &+ 0x9E37_79B9_7F4A_7C15)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int64(bitPattern: z)
    }
}

/// One page of a list and the cursor of the next, if there is more.
public struct CursorPage<Item: Sendable & Hashable, Cursor: Sendable & Hashable>: Sendable, Hashable {
    /// The items on this page.
    public var items: [Item]
    /// Pass this to get the next page; `nil` on the last page.
    public var next: Cursor?

    /// Creates a page.
    public init(items: [Item], next: Cursor?) {
        self.items = items
        self.next = next
    }
}

extension CursorPage: Codable where Item: Codable, Cursor: Codable {}
