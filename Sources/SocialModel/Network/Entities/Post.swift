import Foundation

/// A photo post: one processed photo, a short caption and the counts people see under it.
public struct Post: Sendable, Hashable, Codable, Identifiable {
    /// The post's opaque id.
    public var id: PostID
    /// Who published it.
    public var authorID: UserID
    /// The caption (at most a few lines; may be empty).
    public var caption: String
    /// The filter applied on upload (its canonical name), if any.
    public var filter: String?
    /// The stored photo's width in pixels (its largest size).
    public var width: Int
    /// The stored photo's height in pixels (its largest size).
    public var height: Int
    /// When it was published.
    public var createdAt: Date
    /// How many people like it. Kept by the store; ignored when inserting.
    public var likeCount: Int
    /// How many comments it has, without those a ``ContentCheck`` holds (for everyone, their
    /// author too). Kept by the store; ignored when inserting.
    public var commentCount: Int
    /// Whether the network's ``ContentCheck`` holds it for a moderator: only its author is shown
    /// it until a moderator releases or removes it. Set by the network; ignored when storing.
    public var held: Bool = false

    /// Creates a post value.
    public init(
        id: PostID, authorID: UserID, caption: String, filter: String? = nil, width: Int, height: Int,
        createdAt: Date, likeCount: Int = 0, commentCount: Int = 0
    ) {
        self.id = id
        self.authorID = authorID
        self.caption = caption
        self.filter = filter
        self.width = width
        self.height = height
        self.createdAt = createdAt
        self.likeCount = likeCount
        self.commentCount = commentCount
    }
}

/// One size of a post's photo: a JPEG without metadata whose longer side is at most ``size``.
public struct PostPhoto: Sendable, Hashable, Codable {
    /// The post it shows.
    public var postID: PostID
    /// The bound on the longer side, in pixels, that this size was made for.
    public var size: Int
    /// The encoded JPEG.
    public var jpeg: Data

    /// Creates a photo value.
    public init(postID: PostID, size: Int, jpeg: Data) {
        self.postID = postID
        self.size = size
        self.jpeg = jpeg
    }
}

/// A comment on a post.
public struct PostComment: Sendable, Hashable, Codable, Identifiable {
    /// The comment's opaque id.
    public var id: CommentID
    /// The post it is on.
    public var postID: PostID
    /// Who wrote it.
    public var authorID: UserID
    /// Its text, one line.
    public var text: String
    /// When it was written.
    public var createdAt: Date
    /// Whether the network's ``ContentCheck`` holds it for a moderator: only its author is shown
    /// it until a moderator releases or removes it. Set by the network; ignored when storing.
    public var held: Bool = false

    /// Creates a comment value.
    public init(id: CommentID, postID: PostID, authorID: UserID, text: String, createdAt: Date) {
        self.id = id
        self.postID = postID
        self.authorID = authorID
        self.text = text
        self.createdAt = createdAt
    }

    /// The cursor that continues a list after this comment.
    public var cursor: KeysetCursor { KeysetCursor(date: createdAt, id: id.rawValue) }
}

/// A post as a feed shows it: with its author, its first comment and whether the viewer likes it.
public struct PostView: Sendable, Hashable, Codable {
    /// The post with its counts.
    public var post: Post
    /// Its author.
    public var author: User
    /// The oldest comment, shown under the photo.
    public var firstComment: PostComment?
    /// Whether the viewing user likes the post.
    public var likedByViewer: Bool

    /// Creates a view.
    public init(post: Post, author: User, firstComment: PostComment?, likedByViewer: Bool) {
        self.post = post
        self.author = author
        self.firstComment = firstComment
        self.likedByViewer = likedByViewer
    }
}
