import Foundation

extension IDKind {
    /// A public share link of a post.
    public enum ShareLink: IdentifierKind {
        /// `shl`.
        public static let prefix = "shl"
    }
}

/// The id of a post's share link: what its author revokes it by. Not the secret: knowing it
/// does not let anyone see the post.
public typealias ShareLinkID = Identifier<IDKind.ShareLink>

/// A live public link to one post, as its author sees it. The token that opens it is not kept
/// (only its SHA-256), so the link's page address is known only to whoever created it.
public struct ShareLink: Sendable, Hashable, Codable, Identifiable {
    /// The link's id.
    public var id: ShareLinkID
    /// The post it shows.
    public var postID: PostID
    /// When it was created.
    public var createdAt: Date

    /// Creates a link value.
    public init(id: ShareLinkID, postID: PostID, createdAt: Date) {
        self.id = id
        self.postID = postID
        self.createdAt = createdAt
    }
}

/// A share link just created, with its token: the one time the token is available. The page is
/// `p/<token>` below where the HTTP routes are mounted.
public struct CreatedShareLink: Sendable, Hashable, Codable {
    /// The link's id (for revoking it).
    public var id: ShareLinkID
    /// The post it shows.
    public var postID: PostID
    /// When it was created.
    public var createdAt: Date
    /// The secret that opens the link: 32 random bytes as unpadded base64url (43 characters).
    public var token: String

    /// Creates a value.
    public init(id: ShareLinkID, postID: PostID, createdAt: Date, token: String) {
        self.id = id
        self.postID = postID
        self.createdAt = createdAt
        self.token = token
    }

    /// The link without its token.
    public var link: ShareLink { ShareLink(id: id, postID: postID, createdAt: createdAt) }
}

/// What a live share link shows to anyone holding it: the post, its author's public name, and
/// the sizes its photo is stored in. Nothing private: no email address, bio or avatar key.
public struct SharedPost: Sendable, Hashable {
    /// The post, with its counts.
    public var post: Post
    /// The author's id, username, given name and family name; nothing else.
    public var author: User
    /// The bounds (longest side, pixels) its photo is stored at, largest first.
    public var photoSizes: [Int]

    /// Creates a value.
    public init(post: Post, author: User, photoSizes: [Int]) {
        self.post = post
        self.author = author
        self.photoSizes = photoSizes
    }

    /// The author as the page names them: given and family name, or the username without one.
    public var authorDisplayName: String {
        let name = [author.name, author.surname].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? author.username : name
    }

    /// The photo's width and height at a stored bound: the photo is never enlarged, and its
    /// longer side is at most `bound`.
    /// - Parameter bound: one of ``photoSizes``.
    /// - Returns: the pixel size, each side at least 1.
    public func pixelSize(atBound bound: Int) -> (width: Int, height: Int) {
        let longer = max(post.width, post.height, 1)
        guard bound < longer else { return (max(post.width, 1), max(post.height, 1)) }
        let scale = Double(bound) / Double(longer)
        return (
            max(1, Int((Double(post.width) * scale).rounded())), max(1, Int((Double(post.height) * scale).rounded()))
        )
    }
}
