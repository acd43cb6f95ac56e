import Foundation

/// Where a date-ordered list continues: the date and id of the last item seen.
///
/// Lists are ordered by (date, id), so a cursor names one exact place; items added meanwhile
/// land before or after it and are never shown twice or skipped.
public struct KeysetCursor: Sendable, Hashable, Codable {
    /// The date of the last item seen.
    public var date: Date
    /// The id of the last item seen (its raw text).
    public var id: String

    /// Creates a cursor.
    public init(date: Date, id: String) {
        self.date = date
        self.id = id
    }
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
/// while someone pages may move past the cursor. New posts never disturb the pages.
public struct FeedCursor: Sendable, Hashable, Codable {
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
}

/// Where the explore list continues: the rank and id of the last post seen.
public struct ExploreCursor: Sendable, Hashable, Codable {
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
}

/// The seeded random order of the explore list: posts sorted by a rank that mixes the seed with
/// the post id. The same seed always gives the same order (on every store), another seed another.
public enum ExploreOrder {
    /// The rank of a post under a seed: FNV-1a of the id's UTF-8 bytes, mixed with the seed by
    /// the SplitMix64 finaliser, as a signed 64-bit number (so SQL integers hold it).
    public static func rank(seed: UInt64, postID: PostID) -> Int64 {
        rank(seed: seed, rawID: postID.rawValue)
    }

    /// The rank for a raw id, as the SQL function computes it.
    static func rank(seed: UInt64, rawID: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in rawID.utf8 {
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
